"""Each verb (and selector, choice, trigger and chain-link test) of the card format,
played through the engine: a card of one's own whose End Phase process uses it."""

from __future__ import annotations

import itertools
from collections import namedtuple
from pathlib import Path
from typing import Any

import pytest

from tests.cards.conftest import LOADED, card, load, position
from toolkit.engine import explore, resolve
from toolkit.ocg.cards.base import Choice, Happening
from toolkit.ocg.cards.data.conditions import LINK_TESTS, TRIGGER_TESTS
from toolkit.ocg.cards.data.verbs import CHOICES, SELECTORS, VERBS
from toolkit.ocg.scenario import scenario_from_dict

FROG, OHKA, MIST = "黄泉ガエル", "光神機−桜火", "ミストデーモン"
_names = (f"試験札{i}" for i in itertools.count())


def play(tmp_path: Path, do: Any, *, a: dict[str, Any] | None = None, b: dict[str, Any] | None = None,
         extra: dict[str, Any] | None = None, lingering: list[dict[str, Any]] | None = None) -> Any:
    """Resolve a position where a fresh test card of player A has a mandatory End Phase process doing ``do``."""
    name = next(_names)
    effect = {"key": "test", "mandatory": True, "chain_link": True, "when": ["face_up_on_field", "your_end_phase"],
              "do": do, **(extra or {})}
    load(tmp_path, [{"name": name, "type": "monster", "texts": [{"end_phase": [effect]}]}], f"{name}.yaml")
    players = {"A": dict(a or {}), "B": dict(b or {})}
    players["A"]["field"] = [name, *players["A"].get("field", [])]
    data: dict[str, Any] = {"title": "t", "turn_player": "A", "date": "2024-01-01", "players": players}
    if lingering:
        data["lingering"] = lingering
    return resolve(scenario_from_dict(data, cards=LOADED)), name


def kinds(result: Any) -> set[str]:
    return {e.kind for e in result.outcome.events}


VERB_CASES: dict[str, tuple[Any, dict[str, Any], dict[str, Any], str]] = {
    # verb: (steps, player A's cards, player B's cards, the event kind it must record)
    "send_to_gy": ({"send_to_gy": "itself"}, {}, {}, "sent_to_gy"),
    "destroy": ({"destroy": "itself"}, {}, {}, "destroyed"),
    "banish": ({"banish": "itself"}, {}, {}, "banished"),
    "return_to_hand": ({"return_to_hand": "itself"}, {}, {}, "returned_to_hand"),
    "add_to_hand": ({"add_to_hand": {"first": {"zones": "deck", "name": FROG}}}, {"deck": [FROG]}, {}, "added_to_hand"),
    "discard": ({"discard": {"first": {"zones": "hand"}}}, {"hand": [FROG]}, {}, "discarded"),
    "special_summon": ({"special_summon": {"first": {"zones": "gy", "name": FROG}}}, {"graveyard": [FROG]}, {},
                       "special_summoned"),
    "take_control": ({"take_control": {"first": {"side": "opponent"}}}, {}, {"field": [OHKA]}, "control_changed"),
    "change_position": ({"change_position": "itself"}, {}, {}, "position_changed"),
    "mill": ({"mill": 1}, {"deck": [FROG]}, {}, "milled"),
    "draw": ({"draw": 1}, {"deck": [FROG]}, {}, "drew"),
    "damage": ({"damage": {"amount": 500, "player": "opponent"}}, {}, {}, "damage"),
    "gain_life": ({"gain_life": 500}, {}, {}, "lp_gained"),
    "skip_next_turn": ("skip_next_turn", {}, {}, "turn_skipped"),
    "record_special_summon": ({"record_special_summon": {"card": "綿毛トークン", "amount": 2}}, {}, {},
                              "special_summoned"),
}


@pytest.mark.parametrize("verb", sorted(VERB_CASES))
def test_verb_does_what_it_says(tmp_path: Path, verb: str) -> None:
    do, a, b, kind = VERB_CASES[verb]
    result, _ = play(tmp_path, do, a=a, b=b)
    assert kind in kinds(result)
    quiet, _ = play(tmp_path, {"gain_life": 1}, a=a, b=b)  # the same position without the verb
    assert kind not in kinds(quiet) or kind == "lp_gained"


def test_guards_stop_a_verb(tmp_path: Path) -> None:
    result, _ = play(tmp_path, {"special_summon": {"card": {"first": {"zones": "gy", "name": FROG}}, "if_in": "hand"}},
                     a={"graveyard": [FROG]})
    assert "special_summoned" not in kinds(result)
    result, _ = play(tmp_path, [{"destroy": "itself"}, {"damage": 300}], extra={"only_if": {"in_zone": "hand"}})
    assert not {"destroyed", "damage"} & kinds(result)


def test_return_control_and_lingering_target(tmp_path: Path) -> None:
    loaded = load(tmp_path, [{"name": "試験コントロール", "type": "spell", "texts": [{"lingering": [
        {"effect": "control", "duration": "until_end_phase", "on_end": {"return_control": "lingering_target"}}]}]}],
        "control.yaml")
    assert loaded[0].texts[0].lingering[0].on_end is not None
    data = {"title": "t", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"field": [OHKA], "graveyard": ["試験コントロール"]}, "B": {}},
            "lingering": [{"source": "試験コントロール", "controller": "A", "target": OHKA, "effect": "control"}]}
    scen = scenario_from_dict(data, cards=LOADED)
    assert scen.lingering


def test_return_to_field_brings_a_banished_card_back_without_a_summon() -> None:
    """《亜空間物質転送装置》: the monster it banished comes back to the field in the End Phase
    (its mandatory process), and coming back is not a Special Summon."""
    data = {"title": "t", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"banished": [OHKA], "graveyard": ["亜空間物質転送装置"]}, "B": {}},
            "lingering": [{"source": "亜空間物質転送装置", "controller": "A", "target": OHKA, "effect": "banish"}]}
    result = resolve(scenario_from_dict(data))
    zones = {(p, z): names for p, z, names in result.outcome.summary.zones}
    assert zones[("A", "field")] == (OHKA,) and zones[("A", "banished")] == ()
    assert "special_summoned" not in kinds(result) and "effect_ended" in kinds(result)


def test_a_banished_card_is_tagged_banished_this_turn() -> None:
    """The vocabulary has "banished this turn": a card the board banishes gets the tag the
    banished_this_turn condition reads."""
    from toolkit.ocg.board import Board
    from toolkit.ocg.cards.data.conditions import build_conditions
    from toolkit.ocg.state import Cause

    state = position(field=[FROG])
    frog = card(state, FROG)
    board = Board(state, Cause.END_PHASE)
    board.banish(frog.uid)
    banished = board.card(frog.uid)
    assert "banished_this_turn" in banished.tags
    assert build_conditions("banished_this_turn")(banished, board) is True  # type: ignore[arg-type]
    assert build_conditions("banished_this_turn")(frog, state) is False


def test_not_modelled_only_notes(tmp_path: Path) -> None:
    result, name = play(tmp_path, {"not_modelled": "something the engine does not do"})
    assert kinds(result) == kinds(play(tmp_path, {"gain_life": 1})[0]) - {"lp_gained"}


def test_lose_atk_def_lowers_this_cards_atk_and_def_each_time() -> None:
    calls: list[tuple[int, int]] = []
    board = namedtuple("B", "lose_atk_def")(lambda uid, n: calls.append((uid, n)))
    act = namedtuple("A", "card")(namedtuple("C", "uid")(7))
    step = VERBS.build({"lose_atk_def": 500})
    step(board, act)
    step(board, act)
    assert calls == [(7, 500), (7, 500)]


def test_negate_activation_negates_the_link_below(tmp_path: Path) -> None:
    calls: list[int] = []
    board = namedtuple("B", "negate_link")(lambda i: calls.append(i))
    VERBS.build("negate_activation")(board, None)
    assert calls == [-2]


@pytest.mark.parametrize("selector,a,expected", [
    ("itself", {}, 1),
    ({"each": {"zones": "deck"}}, {"deck": [FROG, OHKA]}, 2),
    ({"first": {"zones": "deck"}}, {"deck": [FROG, OHKA]}, 1),
    ({"first_of_each": [{"zones": "deck", "name": FROG}, {"zones": "deck", "name": MIST}]}, {"deck": [FROG, OHKA]}, 0),
    ({"first_of_each": [{"zones": "deck", "name": FROG}, {"zones": "deck", "name": OHKA}]}, {"deck": [FROG, OHKA]}, 2),
    ({"up_to_distinct_names": {"n": 1, "filter": {"zones": "deck"}}}, {"deck": [FROG, OHKA]}, 1),
])
def test_selectors_pick_the_cards(tmp_path: Path, selector: Any, a: dict[str, Any], expected: int) -> None:
    result, name = play(tmp_path, {"banish": selector}, a=a)
    banished = [e for e in result.outcome.events if e.kind == "banished"]
    assert len(banished) == expected


def test_target_cost_and_choice_terms(tmp_path: Path) -> None:
    extra = {"choose": {"target": {"side": "opponent"}}}
    result, _ = play(tmp_path, {"destroy": "target"}, b={"field": [OHKA, FROG]}, extra=extra)
    assert {e.card for e in result.outcome.events if e.kind == "destroyed"} <= {OHKA, FROG}
    extra = {"choose": {"cost": {"filter": {"zones": "hand"}, "count": 2}}, "cost": {"discard": "cost"}}
    result, _ = play(tmp_path, {"gain_life": {"amount": 100, "per_cost_card": True}}, a={"hand": [FROG, OHKA]},
                     extra=extra)
    assert [e.amount for e in result.outcome.events if e.kind == "lp_gained"] == [200]
    extra = {"choose": {"cost_any_number": {"zones": "hand"}}, "cost": {"discard": "cost"}, "mandatory": False}
    name = next(_names)
    load(tmp_path, [{"name": name, "type": "monster", "texts": [{"end_phase": [
        {"key": "x", "chain_link": True, "when": "face_up_on_field", "do": {"gain_life": 1}, **extra}]}]}], f"{name}.yaml")
    found = explore(scenario_from_dict({"title": "t", "turn_player": "A", "players": {"A": {
        "field": [name], "hand": [FROG, OHKA]}}}, cards=LOADED))
    assert found.total_lines >= 4  # not activating, or paying with one of two cards, or both


def test_target_among_triggering_picks_subjects() -> None:
    state = position(graveyard=[FROG, OHKA])
    frog = card(state, FROG)
    choose = CHOICES.build({"target_among_triggering": {"zones": "gy", "name": FROG}})
    assert [c.targets for c in choose(frog, state, (frog.uid, card(state, OHKA).uid))] == [(frog.uid,)]


def test_trigger_tests() -> None:
    state = position(field=["生還の宝札"], graveyard=[FROG], hand=[OHKA])
    me, frog = card(state, "生還の宝札"), card(state, FROG)
    def t(name: str, **kw: Any) -> bool:
        return bool(TRIGGER_TESTS.build(name)(me, Happening(**kw), state))
    assert t("from_hand", kind="discarded", from_zone=None) and not t("from_hand", kind="x", from_zone=frog.zone)
    assert t("by_card_effect", kind="x", by_effect=True) and not t("by_card_effect", kind="x")
    assert t("from_your_gy", kind="x", uid=frog.uid, from_zone=frog.zone) and not t("from_your_gy", kind="x")
    ohka = card(state, OHKA)
    assert t("monster_discarded_by_your_adjustment", kind="discarded", uid=ohka.uid, player="A", by_adjustment=True)
    assert not t("monster_discarded_by_your_adjustment", kind="discarded", uid=ohka.uid, player="A")


def test_link_tests() -> None:
    state = position(field=["ホルスの黒炎竜 LV８"])
    me = card(state, "ホルスの黒炎竜 LV８")
    Link = namedtuple("Link", "controller card_activation card_type name key")
    theirs = Link("B", True, "spell", "サイクロン", "destroy a Spell/Trap")
    mine = Link("A", True, "spell", "サイクロン", "destroy a Spell/Trap")
    assert LINK_TESTS.build("opponents_link")(me, state, theirs) and not LINK_TESTS.build("opponents_link")(me, state, mine)
    spell = LINK_TESTS.build("opponents_spell_activation")
    assert spell(me, state, theirs) and not spell(me, state, theirs._replace(card_type="trap"))
    assert not LINK_TESTS.build("nothing")(me, state, theirs)
    anything = LINK_TESTS.build("any_link")  # either player's link: one's own too
    assert anything(me, state, theirs) and anything(me, state, mine)
    monsters = LINK_TESTS.build({"any_link": {"card_type": "monster"}})
    assert not monsters(me, state, mine) and monsters(me, state, mine._replace(card_type="monster"))
    summon = LINK_TESTS.build("summon_trigger")
    assert summon(me, state, Link("B", False, "", "イピリア", "draw 1"))
    assert not summon(me, state, theirs)


def test_either_does_the_alternative_chosen_and_only_it(tmp_path: Path) -> None:
    # tests/test_card_either.py plays it through the engine; here: the verb alone
    either = VERBS.build({"either": [{"label": "draw", "do": {"draw": 1}}, {"label": "gain", "do": {"gain_life": 5}}]})
    calls: list[tuple[str, str, int]] = []
    board = namedtuple("B", "draw gain_life")(lambda p, n: calls.append(("draw", p, n)),
                                               lambda p, n: calls.append(("gain", p, n)))
    act = namedtuple("Act", "controller choice")
    either(board, act("A", Choice(option="gain")))
    either(board, act("A", Choice()))  # no alternative chosen: nothing
    assert calls == [("gain", "A", 5)]


def test_pick_offers_each_group_and_picked_acts_on_it() -> None:
    state = position(deck=[FROG, OHKA, MIST])
    pick = CHOICES.build({"pick": {"filter": {"zones": "deck"}, "count": 2}})
    frog = card(state, FROG)
    groups = [c.picks for c in pick(frog, state, ())]
    assert len(groups) == 3 and all(len(g) == 2 for g in groups)
    assert all(c.targets == () for c in pick(frog, state, ()))
    act = namedtuple("Act", "choice")(Choice(picks=groups[0]))
    assert SELECTORS.build("picked")(None, act) == list(groups[0])


def test_every_term_has_a_test() -> None:
    verbs_tested = set(VERB_CASES) | {"negate_activation", "return_control", "either", "return_to_field",
                                      "not_modelled", "place_counters", "remove_counters", "if_holds",
                                      "lose_atk_def"}
    assert set(VERBS.terms) <= verbs_tested, sorted(set(VERBS.terms) - verbs_tested)
    assert set(SELECTORS.terms) == {"itself", "each", "first", "first_of_each", "up_to_distinct_names", "target",
                                    "cost", "lingering_target", "picked"}
    assert set(CHOICES.terms) == {"target", "target_among_triggering", "cost", "cost_any_number", "pick"}
