"""What a game says of its rules, beside the procedure: each rule flag with its provenance
(:class:`Flag`), the rule sets one change away that can flip an answer (:class:`Counterfactual`)
and the rules whose trace notes say why a ruling's answer is what it is (:class:`DecidingRules`).
A :class:`~toolkit.core.game.Game` gives them (``flags()``, ``counterfactuals(rules)``,
``deciding``); :mod:`toolkit.core.game` re-exports them.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from toolkit.core.rulesets import Rules

__all__ = ["Counterfactual", "DecidingRules", "Flag"]


@dataclass(frozen=True)
class Flag:
    """One named rule flag of a game, with its provenance.

    ``rule`` is the registered rule id it varies; ``meaning`` says what the
    value in force today means and ``alternative`` what the other value would
    mean.  A dated flag has ``before`` until ``changed`` (exclusive) and
    ``after`` from it; an undated one has ``changed=None``.  ``rulings`` are
    ruling ids that pin it, ``events`` rule-event ids, ``doubts`` what is
    uncertain about it.
    """

    name: str
    rule: str
    meaning: str = ""
    alternative: str = ""
    before: Any = None
    after: Any = None
    changed: datetime.date | None = None
    precision: str = "none"
    rulings: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    doubts: str = ""

    @property
    def dated(self) -> bool:
        """Whether the flag changed on a known date."""
        return self.changed is not None and self.before != self.after


@dataclass(frozen=True)
class Counterfactual:
    """A rule set that differs from another in one named respect: ``label`` says
    which (as verify_rulings reports it), ``rules`` is the rule set, and
    ``key`` a short name that the same respect keeps under any rule set (a
    column of the sensitivity grid; the label when empty)."""

    label: str
    rules: Rules
    key: str = ""

    @property
    def column(self) -> str:
        """The short name of the respect in which the rules differ."""
        return self.key or self.label


@dataclass(frozen=True)
class DecidingRules:
    """Which of a game's rules decide a ruling's answer, for saying why it is what it is: the trace
    notes looked for, in this order (a game's own knowledge: the history layer names no rule id).

    >>> DecidingRules(explain=("H5",)).about_cards
    ('H5',)
    """

    explain: tuple[str, ...] = ()
    """Rules whose notes in a trace explain why something did or did not happen (the flags' rules first)."""
    about_card: tuple[str, ...] = ()
    """More rules whose note about a card the check names decides it (after ``explain``)."""
    card_text: str | None = None
    """The rule of a card's text changing with the date (its counterfactuals are tried last)."""
    card_text_notes: tuple[str, ...] = ()
    """The rules whose notes show what a card's text did (looked for when a text change flips the answer)."""
    procedure: tuple[str, ...] = ()
    """The procedure's rules whose notes decide a check that names no card."""

    @property
    def about_cards(self) -> tuple[str, ...]:
        """``explain`` then ``about_card``: the notes about a named card that decide a check."""
        return self.explain + self.about_card
