"""The ruling history, executed: every ruling re-derived at its own date.

Each End Phase ruling in ``datasets/rulings.csv`` carries a machine form (a
scenario, a check, the expected answer; see :mod:`toolkit.history.checks`).

* :func:`verify_rulings` runs every check under the rules of the ruling's
  date (or, for an undated ruling, the named ruleset it describes) AND under
  today's rules, and says which rule decides the answer: a current ruling
  must agree under both, a superseded one under its own date but NOT today
  (it documents a real change).
* :func:`changes` sweeps one scenario across the dates where a rule changed
  (each dated game's ``rule_changes()``) and reports when its answer
  flipped and which ruling or event row justifies the change.
* :func:`explain_disagreement` says, for a ruling that disagrees at its date,
  which modelled rule change explains it and when it must have happened.
* :func:`ask` answers any question of one position (a check, as in a
  ruling) with the line that shows it and the rule changes that flip it.
* :func:`timeline_links` and :func:`supersession_explanations` tie the
  ruleset timeline and the table together, both ways.

>>> from toolkit.history import changes
>>> table = changes("q_hysteric_sign_adjustment.yaml", "2010-01-01", "2024-01-01")
>>> table[["date", "before", "after"]].astype(str).values.tolist()
[['2016-07-08', 'yes', 'no']]
>>> table.loc[0, "rulings"]
['ocg-160708-hysteric-sign-adjustment']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.data.lazy import lazy_attributes as _lazy_attributes

if TYPE_CHECKING:  # each name re-exported ("x as x"); at run time imported on first use (__getattr__)
    from toolkit.history.asking import Answer as Answer
    from toolkit.history.asking import ask as ask
    from toolkit.history.explaining import Explanation as Explanation
    from toolkit.history.explaining import Hypothesis as Hypothesis
    from toolkit.history.explaining import explain_disagreement as explain_disagreement
    from toolkit.history.runs import HistoryError as HistoryError
    from toolkit.history.runs import RulingRun as RulingRun
    from toolkit.history.runs import ruling_ruleset as ruling_ruleset
    from toolkit.history.runs import run_ruling as run_ruling
    from toolkit.history.runs import scenario_named as scenario_named
    from toolkit.history.sweeps import OutcomeSummary as OutcomeSummary
    from toolkit.history.sweeps import changes as changes
    from toolkit.history.sweeps import fact_difference as fact_difference
    from toolkit.history.sweeps import summarise_outcomes as summarise_outcomes
    from toolkit.history.timeline import rulings_of as rulings_of
    from toolkit.history.timeline import supersession_explanations as supersession_explanations
    from toolkit.history.timeline import timeline_links as timeline_links
    from toolkit.history.verification import check_user_checks as check_user_checks
    from toolkit.history.verification import verify_categories as verify_categories
    from toolkit.history.verification import verify_rulings as verify_rulings

_HOMES: dict[str, tuple[str, ...]] = {
    "toolkit.history.asking": ("Answer", "ask"),
    "toolkit.history.explaining": ("Explanation", "Hypothesis", "explain_disagreement"),
    "toolkit.history.runs": ("HistoryError", "RulingRun", "ruling_ruleset", "run_ruling", "scenario_named"),
    "toolkit.history.sweeps": ("OutcomeSummary", "changes", "fact_difference", "summarise_outcomes"),
    "toolkit.history.timeline": ("rulings_of", "supersession_explanations", "timeline_links"),
    "toolkit.history.verification": ("check_user_checks", "verify_categories", "verify_rulings"),
}
"""Where each public name lives: a name is imported from its module the first time it is asked
for, then kept in this module's namespace (a verify needs a few of these modules, not all)."""
_LAZY: dict[str, str] = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "Answer",
    "ask",
    "check_user_checks",
    "explain_disagreement",
    "Explanation",
    "Hypothesis",
    "HistoryError",
    "RulingRun",
    "changes",
    "OutcomeSummary",
    "fact_difference",
    "summarise_outcomes",
    "ruling_ruleset",
    "rulings_of",
    "run_ruling",
    "supersession_explanations",
    "timeline_links",
    "verify_categories",
    "verify_rulings",
]


_get, _listing = _lazy_attributes(__name__, _LAZY, globals())


def __getattr__(name: str) -> Any:
    return _get(name)


def __dir__() -> list[str]:
    return _listing()
