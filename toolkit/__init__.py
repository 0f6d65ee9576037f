"""End Phase ruling toolkit for the Yu-Gi-Oh! OCG.

Two halves that stand alone:

* the data: dated rulings with their history, the cards they name, and the
  rule events (``load_rulings``, ``load_cards``, ``load_events``);
* the engine: resolves an End Phase under the rules in force on any date and
  enumerates every legal line (``toolkit.engine``).

A second game shares the engine's core: Duel Masters' Turn End Step
(``toolkit.duel_masters``); ``compare_games`` puts the two side by side.
"""

from __future__ import annotations

from toolkit.errors import DataError, ScenarioError, ToolkitError, WikiParseError
from toolkit.ocg.scenario import Scenario, load_scenario, save_scenario, seed_scenario
from toolkit.wiki import FaqEntry, entries_to_frame, parse_faq, parse_plain, write_faq
from toolkit.data import (
    QueryError,
    ValidationReport,
    card_rulings_long,
    check_datasets,
    load_cards,
    load_events,
    load_rulings,
    resolve_card,
    rulings_about,
    rulings_in_force,
    supersession_chain,
    supersessions,
    validate_datasets,
)

from toolkit.engine import (
    RULESETS,
    Ruleset,
    State,
    actions,
    can_force,
    evaluate,
    explore,
    resolve,
    rule_change_dates,
    ruleset_at,
)

__all__ = ["DataError", "ScenarioError", "ToolkitError", "WikiParseError"]
__all__ += ["Scenario", "load_scenario", "save_scenario", "seed_scenario"]
__all__ += ["FaqEntry", "entries_to_frame", "parse_faq", "parse_plain", "write_faq"]
__all__ += [
    "QueryError",
    "ValidationReport",
    "card_rulings_long",
    "check_datasets",
    "load_cards",
    "load_events",
    "load_rulings",
    "resolve_card",
    "rulings_about",
    "rulings_in_force",
    "supersession_chain",
    "supersessions",
    "validate_datasets",
]
__all__ += [
    "RULESETS",
    "Ruleset",
    "State",
    "actions",
    "can_force",
    "evaluate",
    "explore",
    "resolve",
    "rule_change_dates",
    "ruleset_at",
]
from toolkit.history import changes, run_ruling, supersession_explanations, timeline_links, verify_rulings

__all__ += ["changes", "run_ruling", "supersession_explanations", "timeline_links", "verify_rulings"]
from toolkit.compare import Comparison, compare, ordering_dependence
from toolkit.ocg.rulesets import VIDEO_GAME

__all__ += ["VIDEO_GAME", "Comparison", "compare", "ordering_dependence"]
from toolkit import duel_masters
from toolkit.side_by_side import compare_games

__all__ += ["compare_games", "duel_masters"]
from toolkit.core.rules import rules  # the rule glossary: toolkit.rules() is a DataFrame

__all__ += ["rules"]
__version__ = "0.1.0"
