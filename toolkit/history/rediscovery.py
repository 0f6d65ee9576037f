"""Proof on the shipped history: leave one dated rule change out, and find it again.

:func:`history_without` is a game's ``rules_at`` with one dated change (a flag or a card-text
version, one of ``Game.rule_changes()``) left out — given to
:func:`~toolkit.history.explaining.explain_disagreement`, never patched into the process.
:func:`rediscover` leaves the change out, asks which change explains the rulings that then
disagree, and says whether the change left out comes first and in which window.

>>> from toolkit.games import game_named
>>> game = game_named("ocg")
>>> found = rediscover(game, next(c for c in game.rule_changes() if c.rule == "H3"))
>>> found.first, found.window.words()
(True, 'after 2014-06-08 (ocg-140608-grimoire-summon-no-torrential-without-effect), no later than 2023-01-16 (ocg-230116-ipiria-grimoire-no-activation)')
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

import pandas as pd

from toolkit.history.explaining import Explanation, RulesAt, Window, explain_disagreement

__all__ = ["Rediscovery", "history_without", "rediscover", "rediscover_all", "rediscovery_table"]


def _identity(change: Any) -> tuple[str, ...]:
    """How a hypothesis names the change (see ``toolkit.history.explaining._identity``)."""
    if change.kind == "card_text":
        return ("as_of", change.date.isoformat())
    return (str(change.what),)


def history_without(game: Any, change: Any, keep: str = "before") -> RulesAt:
    """``game.rules_at`` with ``change`` (one of its ``rule_changes()``) left out: ``keep="before"``,
    it never happened (the rules before it stay in force); ``"after"``, it was always in force."""
    if keep not in ("before", "after"):
        raise ValueError(f"keep must be 'before' or 'after', not {keep!r}")
    rules_at = game.rules_at
    day: datetime.date = change.date
    if change.kind == "card_text":
        def texts(when: datetime.date) -> Any:
            rules = rules_at(when)
            if keep == "before" and when >= day:
                return rules.with_flags(as_of=day - datetime.timedelta(days=1), name=f"{rules.name}-without-{day}")
            if keep == "after" and when < day:
                return rules.with_flags(as_of=day, name=f"{rules.name}-without-{day}")
            return rules
        return texts
    value = change.before if keep == "before" else change.after

    def flag(when: datetime.date) -> Any:
        rules = rules_at(when)
        if getattr(rules, change.what) == value:
            return rules
        return rules.with_flags(**{change.what: value, "name": f"{rules.name}-without-{change.rule}"})
    return flag


@dataclass(frozen=True)
class Rediscovery:
    """One change left out and looked for: the explanation, and the window the change it proposes
    for the change left out (None when no hypothesis names it)."""

    rule: str
    what: str
    modelled: datetime.date
    kept: str
    """How it was left out: "before" (it never happened) or "after" (it was always in force)."""
    explanation: Explanation
    window: Window | None
    first: bool
    """Whether the change left out is the first hypothesis."""

    def row(self) -> dict[str, Any]:
        """The event, the proposed window and the modelled date, as a table row."""
        w = self.window
        return {"rule": self.rule, "change": self.what, "left_out": "never happened" if self.kept == "before"
                else "always in force", "disagreeing": len(self.explanation.disagreeing), "first": self.first,
                "after": w.after if w else None, "after_ruling": w.after_ruling if w else None,
                "by": w.by if w else None, "by_ruling": w.by_ruling if w else None, "modelled": self.modelled,
                "within": bool(w and w.consistent and (w.after is None or w.after < self.modelled)
                               and (w.by is None or self.modelled <= w.by))}


def rediscover(game: Any, change: Any, rulings: pd.DataFrame | None = None, **search: Any) -> Rediscovery:
    """Leave ``change`` out of ``game``'s history and explain the rulings that then disagree: those
    dated from it on (the change never happened); when none does, those before it (it was always
    in force). ``search``: explain_disagreement's ``pairs``, ``pair_limit``, ``time_limit``."""
    from toolkit.data import load_rulings

    table = load_rulings() if rulings is None else rulings
    dated = table[table["check"].notna() & table["date"].notna()]
    if "game" in dated.columns:
        dated = dated[dated["game"].fillna("") == game.name]
    day = pd.Timestamp(change.date)
    found = None
    for keep, asked in (("before", dated[dated["date"] >= day]), ("after", dated[dated["date"] < day])):
        found = explain_disagreement(asked, table, rules_at=history_without(game, change, keep), **search)
        if found.disagreeing:
            break
    assert found is not None
    wanted = _identity(change)
    window = next((w for h in found.hypotheses for w in h.windows if w.identity == wanted), None)
    first = bool(found.hypotheses) and any(w.identity == wanted for w in found.hypotheses[0].windows)
    return Rediscovery(change.rule, str(change.what), change.date, keep, found, window, first)


def rediscover_all(game: Any, rulings: pd.DataFrame | None = None, **search: Any) -> list[Rediscovery]:
    """:func:`rediscover` for every dated rule change of ``game``, in date order (the card texts that
    change on one day are one change: :func:`history_without` leaves out that day's texts)."""
    events: dict[tuple[object, ...], Any] = {}
    for change in game.rule_changes():
        key = (change.kind, change.date) if change.kind == "card_text" else (change.kind, change.what, change.date)
        events.setdefault(key, change)
    return [rediscover(game, change, rulings, **search) for change in events.values()]


def rediscovery_table(found: list[Rediscovery]) -> pd.DataFrame:
    """One row per change left out: the proposed window beside the modelled date."""
    frame = pd.DataFrame([r.row() for r in found])
    for c in ("after", "by", "modelled"):
        frame[c] = pd.to_datetime(frame[c])
    return frame
