"""Names a package imports when first asked for (PEP 562): one implementation for the packages
that defer their modules (``toolkit.data``, ``toolkit.history``).

>>> import types
>>> space: dict[str, object] = {}
>>> get, listing = lazy_attributes("pkg", {"dedent": "textwrap"}, space)
>>> get("dedent")("  x") == "x" and "dedent" in space
True
>>> listing()
['dedent']
>>> get("nothing")
Traceback (most recent call last):
...
AttributeError: module 'pkg' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_attributes"]


def lazy_attributes(package: str, lazy: Mapping[str, str], namespace: dict[str, Any],
                    ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` whose names ``lazy`` maps to the module that
    defines each: a name asked for is imported from its module once and kept in ``namespace``."""

    def get(name: str) -> Any:
        module = lazy.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def listing() -> list[str]:
        return sorted({*namespace, *lazy})

    return get, listing
