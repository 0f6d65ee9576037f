"""An exploration summed up for a reader: what every outcome shares, the few
facts that tell the outcomes apart, and who can force each of them.

A position with many outcomes is hard to read one outcome at a time: ninety
outcomes of a hand-size adjustment differ only in which cards were discarded.
:func:`summarize` takes an :class:`~toolkit.core.search.Exploration` and
returns an :class:`ExploreSummary`:

* ``outcomes`` and ``total_lines``;
* ``shared``: the facts true of every outcome (a card in a zone at the end,
  a life total, an event on the line);
* ``differences``: one :class:`Difference` per aspect the outcomes differ in —
  a zone's cards, a life total, the events of one kind — with its values
  (each the outcomes it holds for and their lines).  Aspects that split the
  outcomes the same way are one row ("the cards in A's graveyard" and "the
  cards discarded" tell the same story), and a zone whose outcomes hold k of
  the same m cards reads "which 3 of these 7 cards";
* per player, which values of each difference the player can force
  whatever the other does: ONE minimax search answers every value of every
  difference (:func:`toolkit.core.forcing.forcing_groups`), the same answer
  as ``can_force`` with "the outcome is one of these".

Game-neutral: facts are read from :class:`~toolkit.core.values.Outcome`
(its :class:`~toolkit.core.values.PositionSummary` and events) and put in
words by :func:`fact_text` (one place, so the words can change in one place).
:class:`Pager` is the paging of a long outcome table.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from toolkit.core.game import game_of
from toolkit.core.limits import DEFAULT_MAX_STATES, ProgressCallback
from toolkit.core.values import PLAYERS, Event, Outcome, PositionSummary, event_code_text
from toolkit.core.words import count, words

if TYPE_CHECKING:
    from toolkit.core.search import Exploration

__all__ = ["Aspect", "Difference", "ExploreSummary", "Fact", "Pager", "Pattern", "Value", "aspect_text", "fact_text",
           "facts_of", "position_words", "short_aspect_text", "summarize"]

QUIET_KINDS = frozenset({"performed", "resolved"})
"""Bookkeeping event kinds: facts too, but named last in a row that has others."""


@dataclass(frozen=True, order=True)
class Fact:
    """One thing true of an outcome.

    ``kind``: ``"zone"`` (``card`` is in ``player``'s ``zone`` at the end,
    ``copies`` times), ``"unnamed"`` (``copies`` unnamed cards there),
    ``"life"`` (``player`` ends on ``copies`` LP), ``"event"`` (``event``
    happened on the line) or ``"loop"`` (the line repeats a position).
    """

    kind: str
    player: str = ""
    zone: str = ""
    card: str = ""
    copies: int = 0
    event: Event | None = field(default=None, compare=False)
    event_key: tuple[object, ...] = ()
    """The event's sort key (what an event fact compares and hashes by)."""

    @property
    def aspect(self) -> Aspect:
        """What this fact is about: the zone, the life total or the event kind it belongs to."""
        if self.kind == "event":
            assert self.event is not None
            return Aspect("event", self.event.player or "", self.event.kind)
        if self.kind == "loop":
            return Aspect("loop")
        return Aspect(self.kind, self.player, self.zone)


@dataclass(frozen=True, order=True)
class Aspect:
    """What a group of facts is about: ``("zone", "A", "graveyard")``,
    ``("life", "B", "")``, ``("event", "A", "discarded")``, ``("loop", "", "")``."""

    kind: str
    player: str = ""
    what: str = ""
    named: str = field(default="", compare=False)
    """What the game calls an event aspect's events as a group ("cards discarded"; ``Game.event_kind_names``)."""


def facts_of(outcome: Outcome) -> frozenset[Fact]:
    """Every fact of an outcome (zones by card and copies, unnamed counts, life, events, loop).

    >>> from toolkit.core.values import PositionSummary
    >>> o = Outcome(PositionSummary((("A", "hand", ("X", "X")),), (("A", 8000),)), frozenset({Event("drew", player="A")}))
    >>> sorted(fact_text(f) for f in facts_of(o))
    ["A's hand: X ×2", 'A: 8000 LP', 'drew: A']
    """
    facts: set[Fact] = set()
    summary = outcome.summary
    for player, zone, names in summary.zones:
        for name, copies in Counter(names).items():
            facts.add(Fact("zone", player, zone, name, copies))
    for player, zone, unnamed in summary.anonymous:
        if unnamed:
            facts.add(Fact("unnamed", player, zone, "", unnamed))
    for player, life in summary.life:
        facts.add(Fact("life", player, "", "", life))
    for event in outcome.events:
        facts.add(Fact("event", event=event, event_key=event.sort_key()))
    if outcome.loop is not None:
        facts.add(Fact("loop", card=" → ".join(outcome.loop)))
    return frozenset(facts)


def fact_text(fact: Fact, describe: Callable[[Event], str] | None = None) -> str:
    """A fact in words: ``A's graveyard: 死者蘇生``, ``B: 7700 LP``, ``discarded: 死者蘇生 (A)``
    (an event fact in ``describe``'s words when given: a game's ``describe_event``)."""
    if fact.kind == "zone":
        return f"{fact.player}'s {words(fact.zone)}: {fact.card}" + (f" ×{fact.copies}" if fact.copies > 1 else "")
    if fact.kind == "unnamed":
        return f"{fact.player}'s {words(fact.zone)}: {count(fact.copies, 'unnamed card')}"
    if fact.kind == "life":
        return f"{fact.player}: {fact.copies} LP"
    if fact.kind == "loop":
        return f"the line repeats a position (loop: {fact.card})"
    assert fact.event is not None
    return describe(fact.event) if describe is not None else event_code_text(fact.event)


def position_words(summary: PositionSummary) -> str:
    """Where a line ends, zone by zone, in words (what ``PositionSummary.text`` gives
    in the engine's compact form, ``A.deck: +30 unnamed; A.LP: 8000``).

    >>> from toolkit.core.values import PositionSummary
    >>> position_words(PositionSummary((("A", "hand", ("X", "Y")), ("A", "deck", ("Z",))), (("A", 8000),),
    ...                                (("A", "deck", 29), ("B", "deck", 1))))
    "A's hand: X, Y; A's deck: Z and 29 unnamed cards; B's deck: 1 unnamed card; A: 8000 LP"
    """
    named: dict[tuple[str, str], tuple[str, ...]] = {(p, z): cards for p, z, cards in summary.zones if cards}
    unnamed = {(p, z): n for p, z, n in summary.anonymous if n}
    parts = []
    for player, zone in [*named, *(k for k in unnamed if k not in named)]:
        text = ", ".join(named.get((player, zone), ()))
        if (player, zone) in unnamed:
            text += (" and " if text else "") + count(unnamed[player, zone], "unnamed card")
        parts.append(f"{player}'s {words(zone)}: {text}")
    parts.extend(f"{player}: {life} LP" for player, life in summary.life)
    return "; ".join(parts)


def aspect_text(aspect: Aspect) -> str:
    """An aspect in words: ``the cards in A's graveyard``, ``A's LP``, ``cards discarded (A)``
    (an event kind by the game's name for it, else ``the “hand adjusted” events (A)``)."""
    if aspect.kind == "zone":
        return f"the cards in {aspect.player}'s {words(aspect.what)}"
    if aspect.kind == "unnamed":
        return f"the unnamed cards in {aspect.player}'s {words(aspect.what)}"
    if aspect.kind == "life":
        return f"{aspect.player}'s LP"
    if aspect.kind == "loop":
        return "whether the line loops"
    named = aspect.named or f"the “{words(aspect.what)}” events"
    return named + (f" ({aspect.player})" if aspect.player else "")


def short_aspect_text(aspect: Aspect) -> str:
    """An aspect as a column header: ``A's graveyard``, ``A's LP``, ``cards discarded (A)``, ``loop``."""
    if aspect.kind in ("zone", "unnamed"):
        return f"{aspect.player}'s {words(aspect.what)}" + (" (unnamed)" if aspect.kind == "unnamed" else "")
    if aspect.kind == "life":
        return f"{aspect.player}'s LP"
    if aspect.kind == "loop":
        return "loop"
    return (aspect.named or f"“{words(aspect.what)}”") + (f" ({aspect.player})" if aspect.player else "")


def _item_text(fact: Fact) -> str:
    """A fact inside its aspect's row: the card (or value) alone."""
    if fact.kind == "zone":
        return fact.card + (f" ×{fact.copies}" if fact.copies > 1 else "")
    if fact.kind in ("unnamed", "life"):
        return str(fact.copies)
    if fact.kind == "loop":
        return "loop"
    assert fact.event is not None
    event = fact.event
    words = [w for w in (event.card, None if event.amount is None else str(event.amount), event.detail) if w]
    return " ".join(words) if words else event.kind


@dataclass(frozen=True)
class Value:
    """One value of a difference: the facts that make it (beyond the shared
    ones), the outcomes (indices into the exploration's) that have it, their
    lines, and the players who can force it."""

    facts: tuple[Fact, ...]
    outcomes: tuple[int, ...]
    lines: int
    forced_by: frozenset[str] = frozenset()

    def text(self) -> str:
        """The value in words (``none`` for the empty value)."""
        return ", ".join(_item_text(f) for f in self.facts) or "none"


@dataclass(frozen=True)
class Pattern:
    """Values of a difference that hold the same number of its facts: the
    facts they all hold (``common``) and ``choose`` of the ``pool``'s others;
    ``ways``: how many values (at most C(len(pool), choose)), ``lines``: theirs."""

    common: tuple[Fact, ...]
    pool: tuple[Fact, ...]
    choose: int
    ways: int
    lines: int

    def text(self) -> str:
        """``ヒステリック・サイン and which 3 of these 9: a, b, …``; one value: its facts (or ``none``)."""
        common = ", ".join(_item_text(f) for f in self.common)
        if not self.pool:
            return common or "none"
        possible = math.comb(len(self.pool), self.choose)
        items = ", ".join(_item_text(f) for f in self.pool)
        which = f"which {self.choose} of these {len(self.pool)}: {items}"
        if self.ways != possible:
            which += f" ({self.ways} of the {possible} ways)"
        return f"{common} and {which}" if common else which


@dataclass(frozen=True)
class Difference:
    """One aspect the outcomes differ in, with its values.

    ``aspects``: what it is about (several when they split the outcomes the
    same way; the first names the row); ``pool``: every fact that varies;
    ``values``: most lines first.  :meth:`patterns` groups the values by size
    (the row reads "which k of these m").
    """

    aspects: tuple[Aspect, ...]
    pool: tuple[Fact, ...]
    values: tuple[Value, ...]

    @property
    def count(self) -> int:
        """How many different values (ways) the outcomes show."""
        return len(self.values)

    def patterns(self) -> tuple[Pattern, ...]:
        """The values grouped by how many of the pool's facts they hold, most lines first."""
        by_size: dict[int, list[Value]] = {}
        for v in self.values:
            by_size.setdefault(len(v.facts), []).append(v)
        found = []
        for size, values in by_size.items():
            common = frozenset.intersection(*(frozenset(v.facts) for v in values))
            rest = sorted(frozenset().union(*(v.facts for v in values)) - common, key=_fact_order)
            found.append(Pattern(tuple(sorted(common, key=_fact_order)), tuple(rest), size - len(common),
                                 len(values), sum(v.lines for v in values)))
        found.sort(key=lambda p: (-p.lines, -p.ways))
        return tuple(found)

    def text(self) -> str:
        """The row in words: ``the cards in A's graveyard: ヒステリック・サイン and which 3 of these 9: …``."""
        return f"{aspect_text(self.aspects[0])}: " + "; or ".join(p.text() for p in self.patterns())

    def also(self) -> str:
        """The other aspects that tell the same story, in words (empty when none)."""
        return "; ".join(aspect_text(a) for a in self.aspects[1:])

    def forced_count(self, player: str) -> int:
        """How many of the values ``player`` can force."""
        return sum(1 for v in self.values if player in v.forced_by)


@dataclass(frozen=True)
class ExploreSummary:
    """What a reader takes in first (see the module docstring)."""

    outcomes: int
    total_lines: int
    shared: tuple[Fact, ...]
    differences: tuple[Difference, ...]
    outcome_forced_by: tuple[frozenset[str], ...]
    """Per outcome (in the exploration's order), the players who can force exactly it."""
    outcome_facts: tuple[tuple[Fact, ...], ...]
    """Per outcome, its facts that are not shared (what to show in its row)."""
    players: tuple[str, ...] = PLAYERS

    def headline(self) -> str:
        """``90 outcomes over 90 lines; they differ in 2 ways``."""
        ways = len(self.differences)
        tail = "" if self.outcomes <= 1 else f"; they differ in {ways} way{'s' if ways != 1 else ''}"
        return (f"{self.outcomes} outcome{'s' if self.outcomes != 1 else ''} over "
                f"{self.total_lines} line{'s' if self.total_lines != 1 else ''}{tail}")


def _differences(facts: Sequence[frozenset[Fact]],
                 shared: frozenset[Fact]) -> list[tuple[tuple[Aspect, ...], list[Fact], dict[tuple[Fact, ...], list[int]]]]:
    """Varying facts grouped by aspect; aspects that split the outcomes the
    same way are one row, named by the aspect with the fewest facts (the
    simplest way to tell the outcomes apart)."""
    by_aspect: dict[Aspect, set[Fact]] = {}
    for fs in facts:
        for f in fs - shared:
            by_aspect.setdefault(f.aspect, set()).add(f)
    rows: dict[tuple[frozenset[int], ...], list[tuple[Aspect, list[Fact], dict[tuple[Fact, ...], list[int]]]]] = {}
    for aspect in sorted(by_aspect, key=_aspect_order):
        pool = sorted(by_aspect[aspect], key=_fact_order)
        values: dict[tuple[Fact, ...], list[int]] = {}
        for i, fs in enumerate(facts):
            values.setdefault(tuple(f for f in pool if f in fs), []).append(i)
        partition = tuple(sorted((frozenset(v) for v in values.values()), key=min))
        rows.setdefault(partition, []).append((aspect, pool, values))
    out = []
    for same in rows.values():
        same.sort(key=lambda row: (len(row[1]), _named_by(row[0]), _aspect_order(row[0])))
        out.append((tuple(row[0] for row in same), same[0][1], same[0][2]))
    out.sort(key=lambda row: _aspect_order(row[0][0]))
    return out


def _named_by(aspect: Aspect) -> int:
    """Among aspects with as few facts, what names a row best: an event (what happened), then a zone."""
    if aspect.kind == "event":
        return 2 if aspect.what in QUIET_KINDS else 0
    return 1


_ASPECT_RANK = {"zone": 0, "life": 1, "unnamed": 2, "loop": 3, "event": 4}


def _aspect_order(aspect: Aspect) -> tuple[int, int, str, str]:
    quiet = 1 if aspect.kind == "event" and aspect.what in QUIET_KINDS else 0
    return (_ASPECT_RANK.get(aspect.kind, 9), quiet, aspect.player, aspect.what)


def _fact_order(fact: Fact) -> tuple[object, ...]:
    return (fact.kind, fact.player, fact.zone, fact.card, fact.copies, fact.event_key)


def summarize(found: Exploration, *, forcing: bool = True, max_states: int = DEFAULT_MAX_STATES,
              time_limit: float | None = None, progress: ProgressCallback | None = None) -> ExploreSummary:
    """Sum up ``found`` for a reader (see the module docstring).

    ``forcing=False`` skips the minimax search (every ``forced_by`` is empty).
    """
    from toolkit.core.forcing import forcing_groups

    facts = [facts_of(o.outcome) for o in found.outcomes]
    lines = [o.lines for o in found.outcomes]
    shared: frozenset[Fact] = frozenset.intersection(*facts) if facts else frozenset()
    rows = _differences(facts, shared)
    groups: list[frozenset[int]] = [frozenset([i]) for i in range(len(facts))]
    for _aspects, _pool, values in rows:
        groups.extend(frozenset(members) for members in values.values())
    forced: tuple[frozenset[str], ...] = tuple(frozenset() for _ in groups)
    if forcing and facts:
        forced = forcing_groups(found.start, tuple(o.outcome for o in found.outcomes), groups,
                                max_states=max_states, time_limit=time_limit, progress=progress,
                                source=found.source)
    kind_names = game_of(found.start).event_kind_names or {}
    differences = []
    at = len(facts)
    for aspects, pool, values in rows:
        aspects = tuple(replace(a, named=kind_names.get(a.what, "")) if a.kind == "event" else a for a in aspects)
        made = []
        for key, members in values.items():
            made.append(Value(key, tuple(members), sum(lines[i] for i in members), forced[at]))
            at += 1
        made.sort(key=lambda v: (-v.lines, v.text()))
        differences.append(Difference(aspects, tuple(pool), tuple(made)))
    return ExploreSummary(
        outcomes=len(facts),
        total_lines=found.total_lines,
        shared=tuple(sorted(shared, key=_fact_order)),
        differences=tuple(differences),
        outcome_forced_by=forced[: len(facts)],
        outcome_facts=tuple(tuple(sorted(fs - shared, key=_fact_order)) for fs in facts),
    )


@dataclass(frozen=True)
class Pager:
    """Pages of a long table: ``page`` (0-based) of ``total`` rows, ``size`` a page.

    >>> p = Pager(total=23, size=10)
    >>> p.pages, p.rows, p.label()
    (3, range(0, 10), 'rows 1–10 of 23 (page 1 of 3)')
    >>> p.next().next().rows, p.next().next().next().page, p.previous().page
    (range(20, 23), 2, 0)
    """

    total: int
    size: int = 10
    page: int = 0

    def __post_init__(self) -> None:
        if self.size < 1:
            raise ValueError(f"a page holds at least one row, not {self.size}")
        object.__setattr__(self, "page", max(0, min(self.page, self.pages - 1)))

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.size))

    @property
    def rows(self) -> range:
        start = self.page * self.size
        return range(start, min(start + self.size, self.total))

    @property
    def has_next(self) -> bool:
        return self.page < self.pages - 1

    @property
    def has_previous(self) -> bool:
        return self.page > 0

    def next(self) -> Pager:
        return Pager(self.total, self.size, self.page + 1)

    def previous(self) -> Pager:
        return Pager(self.total, self.size, self.page - 1)

    def label(self) -> str:
        if not self.total:
            return "no rows"
        return f"rows {self.rows.start + 1}–{self.rows.stop} of {self.total} (page {self.page + 1} of {self.pages})"
