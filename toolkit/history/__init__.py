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

>>> table = changes("q_hysteric_sign_adjustment.yaml", "2010-01-01", "2024-01-01")
>>> table[["date", "before", "after"]].astype(str).values.tolist()
[['2016-07-08', 'yes', 'no']]
>>> table.loc[0, "rulings"]
['ocg-160708-hysteric-sign-adjustment']
"""

from __future__ import annotations

from toolkit.history.asking import Answer, ask
from toolkit.history.explaining import Explanation, Hypothesis, explain_disagreement
from toolkit.history.runs import HistoryError, RulingRun, ruling_ruleset, run_ruling
from toolkit.history.runs import scenario_named as scenario_named
from toolkit.history.sweeps import OutcomeSummary, changes, fact_difference, summarise_outcomes
from toolkit.history.timeline import rulings_of, supersession_explanations, timeline_links
from toolkit.history.verification import check_user_checks, verify_categories, verify_rulings

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
