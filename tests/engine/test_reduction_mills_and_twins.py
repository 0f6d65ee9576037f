"""Mills that stand for own-card processes, and copies found alike from the position (issue 34, family d).

Two widenings of the search's reduction, each checked against the full search (outcomes, line
counts per outcome and per first action, tree size, example lines, "who can force it"):

* a mandatory mill (《ライトロード・マジシャン ライラ》) joins the acting player's own-card processes
  when every mill of the position is done or performed here and the decks hold more unnamed cards
  than all of them send together (``independence._mills_uncapped``) — never when a deck may run
  short (then the order changes how many cards a mill sends);
* ``symmetry.twins`` finds the copies whose actions stand for each other from the position alone;
  the groups are exactly those found by keying every successor (``symmetric_by_successors``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from engine_positions import HORUS6, HORUS8, LYLA, OHKA, VEILER, card, player, reachable, scenario
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_reduction import _same
from test_symmetry import positions_with_copies

from toolkit.core.game import game_of
from toolkit.core.search import explore
from toolkit.ocg import independence, symmetry
from toolkit.ocg.scenario import load_scenario, scenario_from_dict
from toolkit.ocg.setup import initial_state

ROOT = Path(__file__).resolve().parents[2]
MIST, SPIRIT, ZERATO, EVACUATION, DANDELION = "ミストデーモン", "月読命", "堕天使ゼラート", "強制脱出装置", "ダンディライオン"
OWN_CARD = [(OHKA, ("tribute_less_summoned",)), (MIST, ("tribute_less_summoned",)), (SPIRIT, ("summoned_this_turn",)),
            (ZERATO, ("effect_used_this_turn",))]


def _lylas(n: int, filler: int, b: Any = None) -> Any:
    """``n`` copies of Lyla (mill 3 each) beside an Ohka and a Spirit, over ``filler`` unnamed deck cards."""
    field = [card(f"{LYLA}#{i}") for i in range(1, n + 1)] + [card(OHKA, "tribute_less_summoned"),
                                                              card(SPIRIT, "summoned_this_turn")]
    return scenario(player(field=field, filler=filler), b or player())


MILL_TWO = {"name": "テスト用の墓守", "type": "monster", "texts": [{"end_phase": [
    {"key": "mill 2", "mandatory": True, "chain_link": True, "when": ["face_up_on_field", "your_end_phase"],
     "do": {"mill": 2}}]}]}
"""A card of one's own written like Lyla, but milling two: beside her, the order decides how many each
sends when the deck runs short."""


def _two_mills(filler: int) -> Any:
    return scenario_from_dict({
        "title": "two different mills", "turn_player": "A", "date": "2024-01-01", "cards": [MILL_TWO],
        "players": {"A": {"field": [{"name": LYLA}, {"name": "テスト用の墓守"},
                                    {"name": OHKA, "tags": ["tribute_less_summoned"]}], "deck_filler": filler},
                    "B": {}}})


@pytest.mark.parametrize("filler", [3, 4])
def test_different_mills_over_a_deck_that_runs_short_are_searched_in_every_order(filler: int) -> None:
    """Lyla (3) and a mill of two over four cards: Lyla first sends 3 then 1, the other first 2 and 2
    — two outcomes; merged, one would be counted for the other."""
    reduced, full = _same(_two_mills(filler))
    assert len(full.outcomes) > 1 and reduced.states > explore(_two_mills(30)).states


def test_different_mills_over_a_deck_that_cannot_run_short_stand_for_each_other() -> None:
    reduced, full = _same(_two_mills(5))  # 5 milled of 5 would empty it: not merged
    roomy, roomy_full = _same(_two_mills(6))
    assert roomy.states < reduced.states and roomy.states < roomy_full.states


PEEKER = {"name": "テスト用の覗き屋", "type": "monster", "texts": [{"end_phase": [
    {"key": "mill 2 of the opponent's deck", "mandatory": True, "chain_link": True, "when": ["face_up_on_field"],
     "do": {"mill": {"count": 2, "player": "opponent"}}}]}]}
"""Mills two of the opponent's deck in every End Phase: the opponent's pending mill, which the turn
player's actions do not perform."""


def test_a_mill_the_acting_player_does_not_perform_keeps_the_mills_apart() -> None:
    """The opponent's pending mill of the turn player's four cards may come between Lyla and the
    Ohka: which of them goes first decides how many each mill sends — Lyla is not merged with Ohka."""
    position = scenario_from_dict({
        "title": "a mill of the opponent's", "turn_player": "A", "date": "2024-01-01", "cards": [PEEKER],
        "players": {"A": {"field": [{"name": LYLA}, {"name": OHKA, "tags": ["tribute_less_summoned"]}],
                          "deck_filler": 4},
                    "B": {"field": [{"name": "テスト用の覗き屋"}]}}})
    _same(position)


def test_mills_stand_for_own_card_processes_where_no_deck_can_run_short() -> None:
    reduced, full = _same(_lylas(2, 30))
    short, short_full = _same(_lylas(2, 7))  # 6 cards milled of 7: still whole
    assert reduced.states == short.states < short_full.states


@pytest.mark.parametrize("filler", [0, 2, 4, 6])
def test_mills_that_may_run_short_are_not_merged(filler: int) -> None:
    """Two mills of three over six cards or fewer: the one performed second sends fewer, so the
    order matters (the events say how many) — the reduced search must still equal the full one,
    and does not merge the mills."""
    reduced, _full = _same(_lylas(2, filler))
    assert reduced.states > explore(_lylas(2, 30)).states


def test_a_mill_not_pending_keeps_the_others_apart() -> None:
    """The opponent's Lyla (she mills only in her own turn) has a mill that is neither pending nor
    done: the turn player's mills are not merged (it could not be counted)."""
    alone = explore(_lylas(2, 30)).states
    reduced, _full = _same(_lylas(2, 30, player(field=[card(LYLA)])))
    assert reduced.states > alone


@pytest.mark.parametrize("n", [4, 6, 9])
def test_the_mixed_family_explores_the_same_reduced(n: int) -> None:
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from families import MIXED, position

    _same(position(MIXED, n), forcing=n < 9)


@st.composite
def positions_with_mills(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    """Random positions of Lyla copies (mills), own-card copies and Horus LV6 (a level-up reading
    the deck), over small decks that mills may exhaust, with cards that can respond (a set
    《強制脱出装置》) and cards that cannot (a 《ダンディライオン》 in a deck or a hand)."""
    from toolkit.engine import RULESETS

    sides = {}
    for p in ("A", "B"):
        field: list[Any] = [card(f"{LYLA}#{p}{i}") for i in range(draw(st.integers(1, 2) if p == "A" else st.integers(0, 1)))]
        kinds = draw(st.lists(st.sampled_from(OWN_CARD), max_size=2 if p == "A" else 1, unique=True))
        for k, (name, tags) in enumerate(kinds):
            field += [card(f"{name}#{p}{k}{i}", *tags) for i in range(draw(st.integers(1, 2 if p == "A" else 1)))]
        deck: list[str] = []
        if draw(st.integers(0, 3)) == 0:
            field.append(card(f"{HORUS6}#{p}", "destroyed_monster_by_battle"))
            deck.append(f"{HORUS8}#{p}")
        if draw(st.integers(0, 7)) == 0:
            field.append(card(f"{EVACUATION}#{p}", position="set"))
        hand = [f"{DANDELION}#{p}"] if draw(st.integers(0, 7)) == 0 else []
        if draw(st.integers(0, 4)) == 0:
            deck.append(f"{DANDELION}#d{p}")
        sides[p] = player(field=field, hand=hand, deck=deck, filler=draw(st.sampled_from([0, 2, 4, 5, 7, 30])))
    ruleset = draw(st.one_of(st.none(), st.none(), st.sampled_from(sorted(RULESETS))))
    return scenario(sides["A"], sides["B"], turn=draw(st.sampled_from(["A", "A", "A", "B"])),
                    ruleset=ruleset)


FORCING = True
THOROUGH = settings.default.max_examples > 100
"""Under ``HYPOTHESIS_PROFILE=thorough`` the properties below run the profile's examples (else a few)."""


@settings(max_examples=settings.default.max_examples if THOROUGH else 8, deadline=None,
          derandomize=not THOROUGH, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions_with_mills())
def test_property_random_positions_with_mills_explore_the_same_reduced(position: Any) -> None:
    merged = []
    uncapped = independence._mills_uncapped

    def counted(*args: Any) -> bool:
        merged.append(uncapped(*args))
        return merged[-1]

    independence._mills_uncapped = counted
    try:
        reduced, full = _same(position, forcing=FORCING)
    finally:
        independence._mills_uncapped = uncapped
    event("mills merged" if any(merged) else "mills kept apart" if merged else "no mill performed")
    event("reduced" if reduced.states < full.states else "not reduced")


def _twins_agree(start: Any, limit: int) -> int:
    """Every reachable position's copy groups, found by :func:`symmetry.twins` first, are those found
    by keying every successor; the number of positions where twins were found."""
    game = game_of(start)
    step = game.stepper()
    found = 0
    for state in reachable(start, limit):
        if state.is_over:
            continue
        actions = game.legal_actions(state)
        results = tuple(step(state, a, check=False) for a in actions)
        assert symmetry.symmetric(state, actions, results) == symmetry.symmetric_by_successors(state, actions, results)
        found += bool(symmetry.twins(state, actions, results, tuple(range(len(actions)))))
    return found


@settings(max_examples=settings.default.max_examples if THOROUGH else 12, deadline=None,
          derandomize=not THOROUGH, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions_with_mills())
def test_property_twins_are_the_copies_the_successors_key_alike(position: Any) -> None:
    event("twins found" if _twins_agree(initial_state(position), 150) else "no twins")


@settings(max_examples=settings.default.max_examples if THOROUGH else 12, deadline=None,
          derandomize=not THOROUGH, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions_with_copies())
def test_property_twins_are_the_copies_the_successors_key_alike_among_copies_told_apart(position: Any) -> None:
    """test_symmetry's positions: copies told apart by a tag, a lingering effect, a set Trap."""
    event("twins found" if _twins_agree(initial_state(position), 150) else "no twins")


def test_copies_told_apart_by_a_tag_are_no_twins() -> None:
    start = initial_state(scenario(player(field=[card(f"{OHKA}#1", "tribute_less_summoned"),
                                                 card(f"{OHKA}#2", "tribute_less_summoned", "summoned_this_turn"),
                                                 card(f"{OHKA}#3", "tribute_less_summoned")])))
    game = game_of(start)
    actions = game.legal_actions(start)
    results = tuple(game.stepper()(start, a, check=False) for a in actions)
    labels = [[repr(actions[i]) for i in group] for group in symmetry.twins(start, actions, results, tuple(range(len(actions))))]
    assert labels == [[f"Perform('{OHKA}#1: send itself to the GY')", f"Perform('{OHKA}#3: send itself to the GY')"]]


def test_a_copy_a_lingering_effect_points_at_is_no_twin() -> None:
    """Ohka #1 negated by 《エフェクト・ヴェーラー》 (a lingering effect pointing at it) and #2 alike in
    everything else: #2 and #3 are twins, #1 is not (its process is performed while negated)."""
    start = initial_state(scenario(
        player(field=[card(f"{OHKA}#{i}", "tribute_less_summoned") for i in (1, 2, 3)]), player(),
        lingering=[(VEILER, "B", f"{OHKA}#1", "negate")]))
    game = game_of(start)
    actions = game.legal_actions(start)
    results = tuple(game.stepper()(start, a, check=False) for a in actions)
    labels = [[repr(actions[i]) for i in group] for group in symmetry.twins(start, actions, results, tuple(range(len(actions))))]
    assert labels == [[f"Perform('{OHKA}#2: send itself to the GY')", f"Perform('{OHKA}#3: send itself to the GY')"]]
    assert _twins_agree(start, 100) > 0
    _same(start)


def _chains_of_copies() -> Any:
    """Copies whose chain links a set 《強制脱出装置》 on either side may answer (a link points at its
    copy: the copies then differ by their place on the chain), one Ohka negated, copies told apart by
    a tag (found by test_symmetry's property where twins ignored what points at a copy)."""
    ohka = [card(f"{OHKA}#A10", "tribute_less_summoned"), card(f"{OHKA}#A11", "tribute_less_summoned"),
            card(f"{OHKA}#A1x", "tribute_less_summoned", "summoned_this_turn")]
    return scenario(
        player(field=[card(f"{LYLA}#A00"), card(f"{LYLA}#A0x", "summoned_this_turn"), *ohka,
                      card(f"{EVACUATION}#A", position="set")], filler=1),
        player(hand=["ジェネティック・ワーウルフ#hB00", "ジェネティック・ワーウルフ#hB01"],
               field=[card(f"{OHKA}#B00", "tribute_less_summoned"), card(f"{EVACUATION}#B", position="set")],
               graveyard=[card("ヒステリック・サイン#gB0", "sent_to_gy_this_turn")], filler=3),
        ruleset="ocg-2017", lingering=[(VEILER, "B", f"{OHKA}#A10", "negate")])


def test_copies_a_chain_link_points_at_are_no_twins() -> None:
    _twins_agree(initial_state(_chains_of_copies()), 400)


def test_twins_are_the_copies_the_successors_key_alike_in_the_copies_positions() -> None:
    start = initial_state(scenario(
        player(field=[card(f"{OHKA}#{i}", "tribute_less_summoned") for i in range(3)] + [card(f"{LYLA}#{i}") for i in range(2)],
               hand=[f"{DANDELION}#{i}" for i in range(2)] + [f"闇・道化師のペーテン#{i}" for i in range(4)]),
        player(field=[card(f"{EVACUATION}", position="set")], hand=[f"ヒステリック・サイン#{i}" for i in range(2)])))
    assert _twins_agree(start, 400) > 0


def _perft_positions() -> list[tuple[str, Any, Any]]:
    entries = yaml.safe_load((ROOT / "tests" / "perft" / "positions.yaml").read_text(encoding="utf-8"))
    return [(e["name"], load_scenario(ROOT / "datasets" / "scenarios" / f"{e['scenario']}.yaml") if "scenario" in e
             else scenario_from_dict(e["inline"]), e.get("ruleset")) for e in entries]


@pytest.mark.parametrize("name,position,ruleset", _perft_positions(), ids=[e[0] for e in _perft_positions()])
def test_every_perft_position_explores_the_same_reduced(name: str, position: Any, ruleset: Any) -> None:
    start = initial_state(position, ruleset=ruleset) if ruleset else position
    _same(start, forcing=False)


def test_explain_names_the_mills_a_grouped_mill_stands_for() -> None:
    """Where the search follows one order of two mills over a deck that cannot run short, the step's
    note says so and why; where the deck may run short (the mills are searched in every order), it
    says nothing of the kind."""
    from toolkit.core.actions import Perform
    from toolkit.ocg.procedure.explanations import explain
    from toolkit.ocg.procedure.legal import legal_actions

    def notes(filler: int) -> list[str]:
        state = initial_state(_two_mills(filler))
        while not state.is_over and not any(isinstance(a, Perform) for a in legal_actions(state)):
            state = game_of(state).transition(state, legal_actions(state)[0], check=False).state
        return [explain(state, a).text for a in legal_actions(state) if isinstance(a, Perform) and "mill" in a.process]

    roomy = notes(6)
    assert roomy and all("end alike in any order" in n and "top of a deck" in n for n in roomy), roomy
    assert not any("end alike in any order" in n for n in notes(4))
