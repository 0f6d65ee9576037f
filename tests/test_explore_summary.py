"""The explore summary (toolkit.core.summary): what every outcome shares, the
differences grouped, counts that add up, and per-group forcing that agrees
with can_force — over every shipped scenario of both games and the toy game."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from toolkit.core.forcing import can_force
from toolkit.core.game import register, unregister
from toolkit.core.search import Exploration, explore
from toolkit.core.summary import ExploreSummary, Fact, Pager, Pattern, facts_of, summarize
from toolkit.core.values import PLAYERS, Event, Outcome
from toolkit.duel_masters import list_seed_scenarios as dm_scenarios
from toolkit.games import shipped_scenario
from toolkit.ocg.scenario import list_seed_scenarios

sys.path.insert(0, str(Path(__file__).resolve().parent))
import toy_game  # noqa: E402

SIGN = "hysteric_sign_adjustment_2013"
MAX_OUTCOMES_FORCED = 40
"""Scenarios with more outcomes are checked on a sample of their groups (each can_force is a search)."""


@dataclass(frozen=True)
class OneOf:
    """The predicate "the line ends in one of these outcomes" (what a group's forcing answers)."""

    targets: frozenset[Outcome]

    def holds(self, outcome: Outcome, turn_player: str) -> bool:
        return outcome in self.targets

    def relevant(self, event: Event, turn_player: str) -> bool:
        return True


def _summed(name: str, forcing: bool = True) -> tuple[Exploration, ExploreSummary]:
    found = explore(shipped_scenario(name))
    return found, summarize(found, forcing=forcing)


def _check_counts(found: Exploration, summary: ExploreSummary) -> None:
    assert summary.outcomes == len(found.outcomes)
    assert summary.total_lines == found.total_lines == sum(o.lines for o in found.outcomes)
    everyone = set(range(len(found.outcomes)))
    for d in summary.differences:
        members = [i for v in d.values for i in v.outcomes]
        assert sorted(members) == sorted(everyone), f"{d.text()}: each outcome has exactly one value"
        assert sum(v.lines for v in d.values) == found.total_lines, d.text()
        assert sum(p.ways for p in d.patterns()) == d.count == len(d.values)
        assert sum(p.lines for p in d.patterns()) == found.total_lines


def _check_shared(found: Exploration, summary: ExploreSummary) -> None:
    facts = [facts_of(o.outcome) for o in found.outcomes]
    for fact in summary.shared:
        assert all(fact in fs for fs in facts), fact
    for i, fs in enumerate(facts):
        own = set(summary.outcome_facts[i])
        assert own == fs - set(summary.shared)
        for fact in own:  # a fact not shared is missing from some outcome
            assert any(fact not in other for other in facts), fact
    if len(found.outcomes) > 1:
        assert summary.differences, "distinct outcomes differ in something"
    # the differences tell every two outcomes apart
    keys = {tuple(next(k for k, v in enumerate(d.values) if i in v.outcomes) for d in summary.differences)
            for i in range(len(found.outcomes))}
    assert len(keys) == len(found.outcomes)


SHIPPED = sorted(list_seed_scenarios()) + sorted(dm_scenarios())


@pytest.mark.parametrize("name", SHIPPED)
def test_summary_counts_and_shared_facts(name: str) -> None:
    found, summary = _summed(name, forcing=False)
    _check_counts(found, summary)
    _check_shared(found, summary)


@pytest.mark.parametrize("name", SHIPPED)
def test_group_forcing_agrees_with_can_force(name: str) -> None:
    found, summary = _summed(name)
    outcomes = [o.outcome for o in found.outcomes]
    checked = 0
    for d in summary.differences:
        values = d.values if len(outcomes) <= MAX_OUTCOMES_FORCED else (d.values[0], d.values[-1])
        for v in values:
            target = OneOf(frozenset(outcomes[i] for i in v.outcomes))
            for player in PLAYERS:
                expected = can_force(found.start, player, target).value
                assert (player in v.forced_by) == expected, (name, d.text(), v.text(), player)
                checked += 1
    picked = range(len(outcomes)) if len(outcomes) <= MAX_OUTCOMES_FORCED else (0, len(outcomes) - 1)
    for i in picked:
        for player in PLAYERS:
            expected = can_force(found.start, player, OneOf(frozenset([outcomes[i]]))).value
            assert (player in summary.outcome_forced_by[i]) == expected, (name, i, player)
            checked += 1
    assert checked >= len(PLAYERS)


@pytest.fixture()
def toy() -> Iterator[None]:
    game = register(toy_game.GAME)
    try:
        yield
    finally:
        unregister(game.name)


def test_the_toy_game_is_summed_up_too(toy: None) -> None:
    found = explore(toy_game.seed_scenario("toy_end"))
    summary = summarize(found)
    _check_counts(found, summary)
    _check_shared(found, summary)
    assert summary.headline() == f"{len(found.outcomes)} outcomes over {found.total_lines} lines; they differ in " \
        f"{len(summary.differences)} way{'s' if len(summary.differences) != 1 else ''}"
    life = [d for d in summary.differences if any(a.kind == "life" for a in d.aspects)]
    assert life, [d.text() for d in summary.differences]


def test_the_hand_adjustment_collapses_into_which_cards_are_discarded() -> None:
    found, summary = _summed(SIGN)
    assert summary.outcomes == 90 and summary.total_lines == 90
    assert len(summary.differences) <= 3, [d.text() for d in summary.differences]
    discards = [d for d in summary.differences if d.count == 90]
    assert len(discards) == 1
    row = discards[0]
    # the graveyard, the hand and the discard events tell the same story: one row
    kinds = {(a.kind, a.what) for a in row.aspects}
    assert ("zone", "graveyard") in kinds and ("zone", "hand") in kinds and ("event", "discarded") in kinds
    patterns = row.patterns()
    assert [(p.choose, len(p.pool), p.ways) for p in patterns] == [(3, 9, 84), (1, 6, 6)]
    assert "which 3 of these 9" in row.text()
    assert "ways)" not in patterns[0].text(), "all C(9, 3) = 84 ways occur: no count needed"
    # the turn player decides every discard; the opponent none
    assert row.forced_count("A") == 90 and row.forced_count("B") == 0


def test_a_pattern_says_when_not_every_combination_occurs() -> None:
    cards = tuple(Fact("zone", "A", "graveyard", name, 1) for name in ("X", "Y", "Z"))
    every = Pattern(common=(), pool=cards, choose=2, ways=3, lines=3)
    some = Pattern(common=cards[:1], pool=cards[1:], choose=1, ways=1, lines=1)
    assert every.text() == "which 2 of these 3: X, Y, Z"
    assert Pattern((), cards, 2, 2, 2).text() == "which 2 of these 3: X, Y, Z (2 of the 3 ways)"
    assert some.text() == "X and which 1 of these 2: Y, Z (1 of the 2 ways)"
    assert Pattern((), (), 0, 1, 1).text() == "none"


def test_summary_without_forcing_leaves_forced_by_empty() -> None:
    found = explore(shipped_scenario("horus_lv6_veiler_2011"))
    summary = summarize(found, forcing=False)
    assert all(not f for f in summary.outcome_forced_by)
    assert all(not v.forced_by for d in summary.differences for v in d.values)


# --------------------------------------------------------------------------
# the pager
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("total", "size"), [(0, 10), (1, 10), (10, 10), (11, 10), (90, 10), (7, 3)])
def test_every_row_is_on_exactly_one_page(total: int, size: int) -> None:
    pager = Pager(total, size)
    seen: list[int] = []
    while True:
        seen.extend(pager.rows)
        assert len(pager.rows) <= size
        if not pager.has_next:
            break
        pager = pager.next()
    assert seen == list(range(total))
    assert pager.page == pager.pages - 1 and pager.next() == pager, "Next on the last page stays there"
    assert Pager(total, size).previous().page == 0, "Prev on the first page stays there"


def test_the_pager_clamps_and_refuses_empty_pages() -> None:
    assert Pager(23, 10, page=99).page == 2
    assert Pager(23, 10, page=-3).page == 0
    assert Pager(23, 10, page=2).label() == "rows 21–23 of 23 (page 3 of 3)"
    assert Pager(0, 10).label() == "no rows"
    with pytest.raises(ValueError, match="at least one row"):
        Pager(5, 0)


def test_a_summary_names_what_outcomes_differ_in_by_the_games_words_for_its_events() -> None:
    """The rows of the 2013 Hysteric Sign summary read "cards discarded (A)",
    not the event kind's code name; a game that names no kinds reads the
    kind as words (the toy game's "scored")."""
    from toolkit.core.summary import aspect_text, short_aspect_text

    found = explore(shipped_scenario("hysteric_sign_adjustment_2013"))
    rows = [aspect_text(a) for d in summarize(found, forcing=False).differences for a in d.aspects]
    assert "cards discarded (A)" in rows and "hand-size adjustments (A)" in rows, rows
    assert not [r for r in rows if "_" in r or "“" in r], rows
    event_aspect = next(a for d in summarize(found, forcing=False).differences for a in d.aspects if a.kind == "event")
    assert short_aspect_text(event_aspect) == aspect_text(event_aspect)


@pytest.mark.parametrize("game", ["ocg", "duel_masters"])
def test_every_event_kind_of_a_game_has_its_name_for_summaries(game: str) -> None:
    from toolkit.core.game import game_named

    found = game_named(game)
    assert found.event_kind_names is not None
    assert set(found.event_kinds) - {"loop"} <= set(found.event_kind_names), "a kind reads as its code name"


def test_a_game_that_names_no_event_kinds_reads_them_as_words(toy: None) -> None:
    from toolkit.core.summary import aspect_text

    summary = summarize(explore(toy_game.seed_scenario("toy_end")), forcing=False)
    events = [aspect_text(a) for d in summary.differences for a in d.aspects if a.kind == "event"]
    assert events, [d.text() for d in summary.differences]
    assert all(t.startswith("the “") and "_" not in t for t in events), events
