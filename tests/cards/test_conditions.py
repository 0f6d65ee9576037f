"""Each condition of the card format: a position where it holds and one where it does not."""

from __future__ import annotations

import dataclasses
from collections import namedtuple
from typing import Any

import pytest

from tests.cards.conftest import card, position
from toolkit.ocg.cards.data.conditions import CONDITIONS, build_conditions

OHKA, FROG, MST, IRON, REBORN = "光神機−桜火", "黄泉ガエル", "サイクロン", "王宮の鉄壁", "死者蘇生"
TP = {"field": [OHKA]}
NTP = {"turn_player": "B", "field": [OHKA]}


def tagged(*tags: str, zone: str = "field", name: str = OHKA) -> dict[str, Any]:
    return {zone: [{"name": name, "tags": list(tags)}]} if zone == "field" else {zone: [name]}


# condition as written -> (the card it is asked of, a position where it holds, one where it does not)
CASES: dict[str, tuple[Any, str, dict[str, Any], dict[str, Any]]] = {
    "face_up_on_field": ("face_up_on_field", OHKA, TP, {"hand": [OHKA]}),
    "your_end_phase": ("your_end_phase", OHKA, TP, NTP),
    "your_turn": ("your_turn", OHKA, TP, NTP),
    "not_set_this_turn": ("not_set_this_turn", OHKA, TP, tagged("set_this_turn")),
    "opponents_end_phase": ("opponents_end_phase", OHKA, NTP, TP),
    "tribute_less_summoned": ("tribute_less_summoned", OHKA, tagged("tribute_less_summoned"), TP),
    "destroyed_a_monster_by_battle_this_turn": ("destroyed_a_monster_by_battle_this_turn", OHKA,
                                                tagged("destroyed_monster_by_battle"), TP),
    "effect_used_this_turn": ("effect_used_this_turn", OHKA, tagged("effect_used_this_turn"), TP),
    "summoned_this_turn": ("summoned_this_turn", OHKA, tagged("flipped_this_turn"), TP),
    "destroyed_this_turn": ("destroyed_this_turn", FROG,
                            {"graveyard": [{"name": FROG, "tags": ["destroyed_this_turn"]}]}, {"graveyard": [FROG]}),
    "banished_this_turn": ("banished_this_turn", FROG,
                           {"banished": [{"name": FROG, "tags": ["banished_this_turn"]}]}, {"banished": [FROG]}),
    # face-up / face-down: the same banished copy, with and without the face-down tag
    "banished_this_turn face_up": ({"banished_this_turn": {"face_up": True}}, FROG,
                                   {"banished": [{"name": FROG, "tags": ["banished_this_turn"]}]},
                                   {"banished": [{"name": FROG, "tags": ["banished_this_turn", "banished_face_down"]}]}),
    "banished_this_turn face_down": ({"banished_this_turn": {"face_down": True}}, FROG,
                                     {"banished": [{"name": FROG, "tags": ["banished_this_turn", "banished_face_down"]}]},
                                     {"banished": [{"name": FROG, "tags": ["banished_this_turn"]}]}),
    "counters_at_least": ({"counters_at_least": 2}, OHKA, {"field": [{"name": OHKA, "counters": 2}]},
                          {"field": [{"name": OHKA, "counters": 1}]}),
    "set_trap_ready": ("set_trap_ready", MST, {"field": [{"name": MST, "position": "set"}]},
                       {"field": [{"name": MST, "position": "set", "tags": ["set_this_turn"]}]}),
    "quick_play_ready": ("quick_play_ready", MST, {"hand": [MST]}, {"turn_player": "B", "hand": [MST]}),
    "can_banish": ("can_banish", OHKA, TP, {"field": [OHKA, IRON]}),
    "sent_to_gy_this_turn": ({"sent_to_gy_this_turn": {"not_from": "deck"}}, FROG,
                             {"graveyard": [{"name": FROG, "tags": ["sent_to_gy_this_turn"]}]},
                             {"graveyard": [{"name": FROG, "tags": ["sent_to_gy_this_turn", "sent_to_gy_from_deck"]}]}),
    "in_zone": ({"in_zone": "gy"}, FROG, {"graveyard": [FROG]}, {"hand": [FROG]}),
    "has_tag": ({"has_tag": "coin_tails"}, OHKA, tagged("coin_tails"), TP),
    "lacks_tag": ({"lacks_tag": "coin_tails"}, OHKA, TP, tagged("coin_tails")),
    "exists": ({"exists": {"zones": "deck", "name": FROG}}, OHKA, {"field": [OHKA], "deck": [FROG]}, TP),
    "none": ({"none": {"monster": False}}, OHKA, TP, {"field": [OHKA, MST]}),
    "count_at_least": ({"count_at_least": {"n": 2, "filter": {"monster": True}}}, OHKA,
                       {"field": [OHKA, FROG]}, TP),
    "all_of": ({"all_of": ["face_up_on_field", "your_end_phase"]}, OHKA, TP, NTP),
    "any_of": ({"any_of": ["opponents_end_phase", {"has_tag": "coin_tails"}]}, OHKA, tagged("coin_tails"), TP),
    "not": ({"not": "your_end_phase"}, OHKA, NTP, TP),
    # the asked card is the first copy; another copy of the same player's that used its effect stops it,
    # the opponent's copy does not
    "once_per_turn_by_name": ("once_per_turn_by_name", OHKA,
                              {"field": [f"{OHKA}#1", f"{OHKA}#2"],
                               "b_field": [{"name": f"{OHKA}#3", "tags": ["effect_used_this_turn"]}]},
                              {"field": [f"{OHKA}#1", {"name": f"{OHKA}#2", "tags": ["effect_used_this_turn"]}]}),
}


def _state(spec: dict[str, Any]) -> Any:
    spec = dict(spec)
    return position(spec.pop("turn_player", "A"), **spec)


@pytest.mark.parametrize("name", sorted(CASES))
def test_condition_holds_and_fails(name: str) -> None:
    written, who, holds, fails = CASES[name]
    condition = build_conditions(written)
    yes, no = _state(holds), _state(fails)
    assert condition(card(yes, who), yes) is True
    assert condition(card(no, who), no) is False


def test_never_never_holds() -> None:
    state = _state(TP)
    assert build_conditions("never")(card(state, OHKA), state) is False


def test_state_conditions_read_the_chain_and_the_moment() -> None:
    state = _state(TP)
    ohka = card(state, OHKA)
    in_chain = dataclasses.replace(state, chain=(namedtuple("FakeLink", "source")(ohka.uid),))
    assert build_conditions("not_in_chain")(ohka, state) is True
    assert build_conditions("not_in_chain")(ohka, in_chain) is False
    summoned = dataclasses.replace(state, moment=frozenset({f"summoned:A:{ohka.uid}"}))
    assert build_conditions("a_monster_was_just_summoned")(ohka, summoned) is True
    assert build_conditions("a_monster_was_just_summoned")(ohka, state) is False


def test_atk_def_at_least_reads_what_the_card_has_lost() -> None:
    # 《光と闇の竜》 (2800/2400) can pay 500 until its DEF is below 500: 1500 lost leaves 900, 2000 leaves 400
    dragon_name = "光と闇の竜"
    state = _state({"field": [dragon_name]})
    dragon = card(state, dragon_name)
    test = build_conditions({"atk_def_at_least": 500})
    assert test(dragon, state) is True
    assert test(dataclasses.replace(dragon, tags=dragon.tags | {"atk_def_lost:1500"}), state) is True
    assert test(dataclasses.replace(dragon, tags=dragon.tags | {"atk_def_lost:2000"}), state) is False
    assert build_conditions({"atk_def_at_least": 500})(card(_state(TP), OHKA), _state(TP)) is False  # no DEF printed


def test_every_condition_has_a_test() -> None:
    covered = {name.split()[0] for name in CASES} | {"never", "not_in_chain", "a_monster_was_just_summoned",
                                                    "atk_def_at_least"}
    assert set(CONDITIONS.terms) <= covered, sorted(set(CONDITIONS.terms) - covered)


@pytest.mark.parametrize("field,value,holds,fails", [
    ("side", "opponent", {"b_field": [FROG]}, {"field": [FROG]}),
    ("face_up", True, {"field": [FROG]}, {"field": [{"name": FROG, "position": "set"}]}),
    ("name_contains", "ガエル", {"field": [FROG]}, {"field": [MST]}),
    ("name_in", [FROG], {"field": [FROG]}, {"field": [MST]}),
    ("not_name", FROG, {"field": [MST]}, {"field": [FROG]}),
    ("archetype", "彼岸", {"field": ["彼岸の悪鬼 ファーファレル"]}, {"field": [FROG]}),
    ("not_archetype", "彼岸", {"field": [FROG]}, {"field": ["彼岸の悪鬼 ファーファレル"]}),
    ("attribute", "DARK", {"field": [FROG]}, {"field": [OHKA]}),
    ("atk_at_least", 2000, {"field": ["ミストデーモン"]}, {"field": [FROG]}),
    ("atk_at_most", 1500, {"field": [FROG]}, {"field": ["ミストデーモン"]}),
    ("monster_type_in", ["beast"], {"field": ["フレムベル・ヘルドッグ"]}, {"field": [FROG]}),
    ("tag", "coin_tails", {"field": [{"name": FROG, "tags": ["coin_tails"]}]}, {"field": [FROG]}),
])
def test_each_filter_field(field: str, value: Any, holds: dict[str, Any], fails: dict[str, Any]) -> None:
    written = {"side": "both", field: value} if field != "side" else {"side": value}
    condition = build_conditions({"exists": written})
    yes = position(hand=[REBORN], **holds)
    no = position(hand=[REBORN], **fails)
    assert condition(card(yes, REBORN), yes) is True
    assert condition(card(no, REBORN), no) is False


def test_banished_face_up_and_face_down_at_once_is_refused() -> None:
    from toolkit.ocg.cards.data.terms import TermError

    with pytest.raises(TermError, match="face-up or face-down, not both"):
        build_conditions({"banished_this_turn": {"face_up": True, "face_down": True}})


def test_a_filters_first_card_and_its_cards_one_by_one_are_those_it_lists() -> None:
    """``CardFilter.first`` (a ``first`` selector, R5's first choice) and ``iter_cards`` stop early, yet find
    what ``cards`` lists: its first card (None when it lists none) and every card in the same order, for
    each side, zones in the order written and the deck top first."""
    from toolkit.ocg.cards.data.conditions import build_filter

    state = position(field=[f"{OHKA}#1", f"{FROG}#1"], hand=[MST, f"{FROG}#2"], deck=[REBORN, f"{FROG}#3", f"{OHKA}#2"],
                     b_field=[IRON, f"{OHKA}#3"], b_graveyard=[f"{FROG}#4"], b_deck=[f"{OHKA}#4"])
    filters = [build_filter(f) for f in (
        {"zones": ["deck", "hand", "field"], "side": "both"}, {"zones": ["deck"], "name": FROG},
        {"zones": ["hand", "deck"], "side": "you", "name": OHKA}, {"zones": ["graveyard"], "side": "opponent"},
        {"zones": ["field"], "side": "both", "monster": True, "not_itself": True}, {"zones": ["banished"]})]
    found = 0
    for f in filters:
        for source in state.cards:
            for you in (None, "A", "B"):
                listed = f.cards(source, state, you)
                assert f.first(source, state, you) == (listed[0] if listed else None)
                assert list(f.iter_cards(source, state, you)) == listed
                found += bool(listed)
    assert found > 20, found
