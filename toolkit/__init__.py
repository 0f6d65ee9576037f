"""End Phase ruling toolkit for the Yu-Gi-Oh! OCG.

Two halves that stand alone:

* the data: dated rulings with their history, the cards they name, and the
  rule events (``load_rulings``, ``load_cards``, ``load_events``);
* the engine: resolves an End Phase under the rules in force on any date and
  enumerates every legal line (``toolkit.engine``).

A second game shares the engine's core: Duel Masters' Turn End Step
(``toolkit.duel_masters``); ``compare_games`` puts the two side by side.

``import toolkit`` is cheap: each public name is imported from its module the
first time it is used (PEP 562), so pandas, PyYAML, matplotlib and ipywidgets
load only when something needs them.

>>> import toolkit
>>> toolkit.ruleset_at("2013-03-30").end_phase_triggers_after_adjustment
True
>>> "load_rulings" in dir(toolkit)
True
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from toolkit import _moved
from toolkit._version import __version__ as __version__

_moved.install()  # the modules that moved in 0.3 keep their old names for one release

if TYPE_CHECKING:  # each name re-exported ("x as x"): `from toolkit import explore` type-checks
    from toolkit import games as games
    from toolkit.analysis.compare import Comparison as Comparison
    from toolkit.analysis.compare import compare as compare
    from toolkit.analysis.paper_vs_video import ordering_dependence as ordering_dependence
    from toolkit.analysis.side_by_side import compare_games as compare_games
    from toolkit.core.rules import rules as rules
    from toolkit.data import (
        QueryError as QueryError,
    )
    from toolkit.data import (
        ValidationReport as ValidationReport,
    )
    from toolkit.data import (
        card_rulings_long as card_rulings_long,
    )
    from toolkit.data import (
        cards_with as cards_with,
    )
    from toolkit.data import (
        check_datasets as check_datasets,
    )
    from toolkit.data import (
        export_data as export_data,
    )
    from toolkit.data import (
        import_page as import_page,
    )
    from toolkit.data import (
        load_cards as load_cards,
    )
    from toolkit.data import (
        load_events as load_events,
    )
    from toolkit.data import (
        load_rulings as load_rulings,
    )
    from toolkit.data import (
        own_rulings as own_rulings,
    )
    from toolkit.data import (
        resolve_card as resolve_card,
    )
    from toolkit.data import (
        ruling_history as ruling_history,
    )
    from toolkit.data import (
        rulings_about as rulings_about,
    )
    from toolkit.data import (
        rulings_from_faq as rulings_from_faq,
    )
    from toolkit.data import (
        rulings_in_force as rulings_in_force,
    )
    from toolkit.data import (
        save_rulings as save_rulings,
    )
    from toolkit.data import (
        supersession_chain as supersession_chain,
    )
    from toolkit.data import (
        supersessions as supersessions,
    )
    from toolkit.data import (
        validate_datasets as validate_datasets,
    )
    from toolkit.engine import (
        RULESETS as RULESETS,
    )
    from toolkit.engine import (
        VIDEO_GAME as VIDEO_GAME,
    )
    from toolkit.engine import (
        Ruleset as Ruleset,
    )
    from toolkit.engine import (
        Scenario as Scenario,
    )
    from toolkit.engine import (
        State as State,
    )
    from toolkit.engine import (
        actions as actions,
    )
    from toolkit.engine import (
        can_force as can_force,
    )
    from toolkit.engine import (
        card_schema as card_schema,
    )
    from toolkit.engine import (
        evaluate as evaluate,
    )
    from toolkit.engine import (
        explore as explore,
    )
    from toolkit.engine import (
        load_card_definitions as load_card_definitions,
    )
    from toolkit.engine import (
        load_scenario as load_scenario,
    )
    from toolkit.engine import (
        play as play,
    )
    from toolkit.engine import (
        resolve as resolve,
    )
    from toolkit.engine import (
        rule_change_dates as rule_change_dates,
    )
    from toolkit.engine import (
        ruleset_at as ruleset_at,
    )
    from toolkit.engine import (
        save_scenario as save_scenario,
    )
    from toolkit.engine import (
        seed_scenario as seed_scenario,
    )
    from toolkit.errors import DataError as DataError
    from toolkit.errors import ScenarioError as ScenarioError
    from toolkit.errors import ToolkitError as ToolkitError
    from toolkit.errors import WikiParseError as WikiParseError
    from toolkit.history import Answer as Answer
    from toolkit.history import ask as ask
    from toolkit.history import changes as changes
    from toolkit.history import explain_disagreement as explain_disagreement
    from toolkit.history import run_ruling as run_ruling
    from toolkit.history import supersession_explanations as supersession_explanations
    from toolkit.history import timeline_links as timeline_links
    from toolkit.history import verify_rulings as verify_rulings
    from toolkit.present.glossary import glossary as glossary
    from toolkit.wiki import FaqEntry as FaqEntry
    from toolkit.wiki import entries_to_frame as entries_to_frame
    from toolkit.wiki import parse_faq as parse_faq
    from toolkit.wiki import parse_plain as parse_plain
    from toolkit.wiki import write_faq as write_faq

# Where each public name lives. A name is imported from its module on first
# access and then cached in this module's namespace.
_HOMES: dict[str, tuple[str, ...]] = {
    "toolkit.errors": ("DataError", "ScenarioError", "ToolkitError", "WikiParseError"),
    "toolkit.wiki": ("FaqEntry", "entries_to_frame", "parse_faq", "parse_plain", "write_faq"),
    "toolkit.data": (
        "QueryError",
        "ValidationReport",
        "card_rulings_long",
        "cards_with",
        "check_datasets",
        "export_data",
        "import_page",
        "load_cards",
        "load_events",
        "load_rulings",
        "resolve_card",
        "own_rulings",
        "rulings_about",
        "rulings_from_faq",
        "ruling_history",
        "rulings_in_force",
        "save_rulings",
        "supersession_chain",
        "supersessions",
        "validate_datasets",
    ),
    "toolkit.engine": (
        "RULESETS",
        "Ruleset",
        "Scenario",
        "State",
        "VIDEO_GAME",
        "actions",
        "can_force",
        "evaluate",
        "explore",
        "play",
        "resolve",
        "card_schema",
        "load_card_definitions",
        "load_scenario",
        "rule_change_dates",
        "ruleset_at",
        "save_scenario",
        "seed_scenario",
    ),
    "toolkit.history": ("Answer", "ask", "changes", "explain_disagreement", "run_ruling", "supersession_explanations", "timeline_links",
                        "verify_rulings"),
    "toolkit.analysis.compare": ("Comparison", "compare"),
    "toolkit.analysis.paper_vs_video": ("ordering_dependence",),
    "toolkit.analysis.side_by_side": ("compare_games",),
    "toolkit.core.rules": ("rules",),
    "toolkit.present.glossary": ("glossary",),
}
_SUBMODULES = ("games",)
"""Subpackages listed by ``dir(toolkit)``; any other subpackage (each game's
package among them) is imported on first attribute access too."""
_LAZY: dict[str, str] = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [*_LAZY, *_SUBMODULES]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value: Any = getattr(importlib.import_module(_LAZY[name]), name)
    elif name in _SUBMODULES or (name.isidentifier() and not name.startswith("_")
                                 and (f"toolkit.{name}" in _moved.MOVED
                                      or importlib.util.find_spec(f"toolkit.{name}") is not None)):
        value = importlib.import_module(f"toolkit.{name}")
    else:
        raise AttributeError(f"module 'toolkit' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Package(ModuleType):
    """The package's module type. Importing a submodule binds it on its package
    under its own name, so an ``import toolkit.compare`` (the old name of
    :mod:`toolkit.analysis.compare`, kept for one release) would hide the
    function ``toolkit.compare`` behind the module; a public name keeps its
    meaning instead."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _LAZY and isinstance(value, ModuleType) and f"{__name__}.{name}" in _moved.MOVED:
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
