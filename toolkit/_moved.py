"""Modules that moved in 0.3, still importable under their old names for one release.

``import toolkit.charts`` (and ``from toolkit.charts import ruling_timeline``)
keeps working: the old name is bound to the module at its new home, with a
:class:`DeprecationWarning` that names the new one. Nothing else of the old
module is kept, so the two names are one module (the same functions, the same
state). The finder is installed by :mod:`toolkit` itself; removing an entry of
:data:`MOVED` removes the alias.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     import toolkit.tables as old
>>> import toolkit.present.tables as new
>>> old is new, str(caught[0].message)
(True, 'toolkit.tables moved to toolkit.present.tables; import it from there (the old name goes in the next release)')
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

__all__ = ["MOVED", "install"]

MOVED: dict[str, str] = {
    "toolkit.compare": "toolkit.analysis.compare",
    "toolkit.side_by_side": "toolkit.analysis.side_by_side",
    "toolkit.paper_vs_video": "toolkit.analysis.paper_vs_video",
    "toolkit.sensitivity": "toolkit.analysis.sensitivity",
    "toolkit.charts": "toolkit.present.charts",
    "toolkit.charts_interactive": "toolkit.present.charts_interactive",
    "toolkit.chart_text": "toolkit.present.chart_text",
    "toolkit.tables": "toolkit.present.tables",
    "toolkit.notebook_helpers": "toolkit.present.notebook_helpers",
    "toolkit.rule_glossary": "toolkit.present.glossary",
    "toolkit.citations": "toolkit.present.citations",
    "toolkit.ruling_checks": "toolkit.history.checks",
}
"""Old module name -> where it lives now."""


class _Alias:
    """Binds the old name to the module at its new home: the import system keeps
    what ``exec_module`` puts in ``sys.modules`` (a module may replace itself),
    so the module keeps its own name and spec. (A loader and a finder need only
    their methods: ``importlib.abc`` is not imported, which would import
    ``importlib.resources`` and ``tempfile`` with every ``import toolkit``.)"""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        """The default module, replaced by ``exec_module``."""

    def exec_module(self, module: ModuleType) -> None:
        old = module.__name__
        warnings.warn(f"{old} moved to {self.new}; import it from there (the old name goes in the next release)",
                      DeprecationWarning, stacklevel=2)  # the import system's frames are skipped
        sys.modules[old] = importlib.import_module(self.new)


class _MovedFinder:
    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast("Loader", _Alias(new)))


_FINDER = _MovedFinder()


def install() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.append(_FINDER)
