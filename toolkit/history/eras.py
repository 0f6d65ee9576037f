"""The eras of a dated game's rules: one list for every sweep over dates.

An era starts on a day a flag or a card's text changed and lasts until the
next such day; the first era starts the day before the first recorded
change.  ``changes()`` (toolkit.history) and the builder's "Every rules date"
both walk this list, so they can never disagree on which dates matter or on
which rulings and events stand behind a change.

>>> from toolkit.games import game_named
>>> eras = rule_eras(game_named("ocg"))
>>> eras[0].changes, eras[0].first_day < eras[1].first_day
((), True)
>>> errata = next(e for e in eras if e.first_day.isoformat() == "2014-07-10")
>>> "errata-2014-07-10" in errata.events
True
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.core.rulesets import RuleChange

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from toolkit.core.game import Game



@dataclass(frozen=True)
class Era:
    """The rules from ``first_day`` until the next era: the changes that made
    it (none for the first era) and the ruling and event rows they cite."""

    first_day: datetime.date
    changes: tuple[RuleChange, ...]
    rulings: tuple[str, ...]
    events: tuple[str, ...]

    def what(self) -> str:
        """What changed on ``first_day``, in one line (sorted, no repeats):
        the change in words where the game gives them, with its rule id."""
        if not self.changes:
            return "before the first recorded change"
        return "; ".join(sorted({f"{getattr(c, 'text', '') or c.what} ({c.rule})" for c in self.changes}))


def causes(day: datetime.date, found: Sequence[RuleChange], rulings: pd.DataFrame,
           events: pd.DataFrame) -> tuple[list[str], list[str]]:
    """The ruling and event rows dated ``day`` (its month or year, for events
    dated that coarsely) that the rule changes of that day cite (a card's
    evidence is read in both tables: a card of one's own may cite a ruling of
    one's own, whose id is no ``ocg-`` one)."""
    import pandas as pd

    ruling_dates = {str(r): d for r, d in zip(rulings["ruling_id"], rulings["date"])}
    event_dates = {str(e): (d, str(p)) for e, d, p in zip(events["event_id"], events["date"], events["date_precision"])}
    cited_rulings: list[str] = []
    cited_events: list[str] = []
    for change in found:
        for rid in (*change.rulings, *change.events) if change.kind == "card_text" else change.rulings:
            when = ruling_dates.get(rid)
            if when is not None and pd.notna(when) and pd.Timestamp(when).date() == day and rid not in cited_rulings:
                cited_rulings.append(rid)
        for eid in change.events:
            dated = event_dates.get(eid)
            if dated is None or pd.isna(dated[0]):
                continue
            stamp = pd.Timestamp(dated[0]).date()
            precision = dated[1]  # day and inferred dates name a day; month / year ones the whole period
            same = ((stamp.year, stamp.month) == (day.year, day.month) if precision == "month"
                    else stamp.year == day.year if precision == "year" else stamp == day)
            if same and eid not in cited_events:
                cited_events.append(eid)
    return cited_rulings, cited_events


def first_day(changes: Sequence[RuleChange]) -> datetime.date:
    """The day a sweep over ``changes`` starts: the day before the first of them, or the first day the
    rules cover when that is later (a card of one's own may date a text before it).

    >>> from types import SimpleNamespace as Change
    >>> from toolkit.core.game import game_named
    >>> first_day(game_named("ocg").rule_changes()), first_day([Change(date=datetime.date(1999, 1, 1))])
    (datetime.date(2008, 8, 2), datetime.date(1999, 1, 1))
    """
    from toolkit.fields import FIRST_RULES_DATE

    return max(min(c.date for c in changes) - datetime.timedelta(days=1), FIRST_RULES_DATE)


def rule_eras(game: Game, start: datetime.date | None = None, end: datetime.date | None = None,
              rulings: pd.DataFrame | None = None, events: pd.DataFrame | None = None,
              positions: tuple[Any, ...] = ()) -> list[Era]:
    """Every era of ``game``'s rules that overlaps [start, end], oldest first.

    ``start`` defaults to the day before the first recorded change (the first
    era), ``end`` to today; the first era returned starts on ``start`` and
    lists no change.  An undated game has one era, today's.  ``positions``
    (scenarios or states): the eras of what they read — a scenario's own card
    whose text changes on a date of its own starts an era there
    (``Game.rule_changes_on``).
    """
    from toolkit.data import load_events, load_rulings

    all_changes = tuple(game.rule_changes_on(positions)) if game.dated else ()
    if not all_changes:
        return [Era(start or datetime.date.today(), (), (), ())]
    begin = first_day(all_changes) if start is None else start
    finish = datetime.date.today() if end is None else end
    table = load_rulings() if rulings is None else rulings
    event_table = load_events() if events is None else events
    eras = [Era(begin, (), (), ())]
    for day in sorted({c.date for c in all_changes if begin < c.date <= finish}):
        on_day = tuple(c for c in all_changes if c.date == day)
        cited_rulings, cited_events = causes(day, on_day, table, event_table)
        eras.append(Era(day, on_day, tuple(cited_rulings), tuple(cited_events)))
    return eras
