"""Adversarial positions for the printed fields a position leaves unread (``toolkit.ocg.fields_read``):
a user's Trap that returns a monster by Level, attribute or kind, beside vanilla monsters of the
user's folder that differ only there — the renaming must keep them apart where the Trap reads the
field, may join them where it does not, and either way searches as the full search does (outcomes,
line counts, tree size, example lines that replay, forcing answers).  A user card that takes a
shipped card's name with other printed data answers by its own data whatever ran before.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_fields_read import same_as_full

from toolkit.ocg import renaming
from toolkit.ocg.renaming import name_classes
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state

LOW, HIGH, DARK, NORMAL = "テスト用の小兵", "テスト用の大兵", "テスト用の闇兵", "テスト用の凡兵"
"""Vanilla monsters of the test's own folder: Level 4 LIGHT Warrior (Effect), Level 7 LIGHT Warrior
(Effect), Level 4 DARK Warrior (Effect), Level 4 LIGHT Warrior (Normal)."""


def _monster(name: str, level: int = 4, attribute: str = "LIGHT", subtype: str = "effect") -> dict[str, Any]:
    return {"name": name, "type": "monster", "subtype": subtype, "level": level, "attribute": attribute,
            "race": "warrior"}


MONSTERS = [_monster(LOW), _monster(HIGH, level=7), _monster(DARK, attribute="DARK"), _monster(NORMAL, subtype="normal")]


def _position(rule: dict[str, Any], monsters: list[dict[str, Any]] | None = None) -> Any:
    """A's monsters on the field; B's set Trap returns one of them that matches ``rule`` (a quick
    effect: the positions after returning one or another are the same but for which is where)."""
    trap = {"name": "テスト用の選別装置", "type": "trap", "subtype": "normal", "texts": [{"quick": [{
        "key": "return a monster", "spell_speed": 2, "zones": "field",
        "can_activate": ["set_trap_ready", {"exists": {"side": "opponent", "monster": True, **rule}}],
        "choose": {"target": {"side": "opponent", "monster": True, **rule}},
        "do": {"return_to_hand": {"card": "target", "if_in": "field"}}}]}]}
    cards = monsters if monsters is not None else MONSTERS
    return scenario_from_dict({
        "title": "t", "turn_player": "A", "date": "2024-01-01", "cards": [trap, *cards],
        "players": {"A": {"field": [c["name"] for c in cards], "deck_filler": 2},
                    "B": {"field": [{"name": "テスト用の選別装置", "position": "set"}], "deck_filler": 2}}})


@pytest.fixture(autouse=True)
def _fresh_classes() -> Any:
    renaming._classes.cache_clear()
    yield
    renaming._classes.cache_clear()


def _together(position: Any) -> set[frozenset[str]]:
    return {frozenset(names) for names in name_classes(initial_state(position))}


@pytest.mark.parametrize(("rule", "apart", "joined"), [
    ({"level_at_most": 4}, {LOW, HIGH}, {LOW, DARK, NORMAL}),  # (Level 4 or less: the Level 7 one is not)
    ({"level_at_least": 5}, {LOW, HIGH}, {LOW, DARK, NORMAL}),
    ({"attribute": "LIGHT"}, {LOW, DARK}, {LOW, HIGH, NORMAL}),
    ({"not_kind": ["normal"]}, {LOW, NORMAL}, {LOW, HIGH, DARK}),  # (an Effect Monster only)
    ({"kind": ["effect"]}, {LOW, NORMAL}, {LOW, HIGH, DARK}),
    ({}, set(), {LOW, HIGH, DARK, NORMAL}),  # (nothing reads them: one class)
])
def test_a_trap_that_reads_one_field_keeps_monsters_apart_there_only(rule: dict[str, Any], apart: set[str],
                                                                      joined: set[str]) -> None:
    position = _position(rule)
    classes = _together(position)
    assert joined in classes
    assert not any(apart <= names for names in classes) or not apart
    same_as_full(position)


def test_a_field_read_by_an_older_text_version_only_is_still_read() -> None:
    """The Trap read Levels before an errata and no longer does: the search reads its texts of every
    date (a ruling's question may be asked on another day), so the Levels stay apart."""
    trap = {"name": "テスト用の選別装置", "type": "trap", "subtype": "normal", "texts": [
        {"quick": [{"key": "return a monster", "spell_speed": 2, "zones": "field",
                    "can_activate": ["set_trap_ready", {"exists": {"side": "opponent", "level_at_most": 4}}],
                    "choose": {"target": {"side": "opponent", "monster": True, "level_at_most": 4}},
                    "do": {"return_to_hand": {"card": "target", "if_in": "field"}}}]},
        {"since": "2020-01-01", "quick": [{"key": "return a monster", "spell_speed": 2, "zones": "field",
                                           "can_activate": ["set_trap_ready", {"exists": {"side": "opponent"}}],
                                           "choose": {"target": {"side": "opponent", "monster": True}},
                                           "do": {"return_to_hand": {"card": "target", "if_in": "field"}}}]}]}
    position = scenario_from_dict({
        "title": "t", "turn_player": "A", "date": "2024-01-01", "cards": [trap, *MONSTERS],
        "players": {"A": {"field": [c["name"] for c in MONSTERS], "deck_filler": 2},
                    "B": {"field": [{"name": "テスト用の選別装置", "position": "set"}], "deck_filler": 2}}})
    assert not any({LOW, HIGH} <= names for names in _together(position))
    same_as_full(position)


def test_a_users_card_of_a_shipped_name_answers_by_its_own_data_whatever_ran_before() -> None:
    """《ブラッド・ヴォルス》 of the user's folder at Level 7 beside a Level 4 monster and a Trap for Level 4
    or less: apart — asked before and after the same question with a Level 4 《ブラッド・ヴォルス》 (together)."""
    vorse = "ブラッド・ヴォルス"
    level4, level7 = {**_monster(vorse), "shadows": True}, {**_monster(vorse, level=7), "shadows": True}
    joined = _position({"level_at_most": 4}, [_monster(LOW), level4])
    apart = _position({"level_at_most": 4}, [_monster(LOW), level7])
    first = (_together(joined), _together(apart))
    assert frozenset({LOW, vorse}) in first[0] and not any({LOW, vorse} <= names for names in first[1])
    assert (_together(joined), _together(apart)) == first
    renaming._classes.cache_clear()
    assert (_together(apart), _together(joined)) == first[::-1]
    same_as_full(apart)
    same_as_full(joined)


def _with_a_way_out(rule: dict[str, Any]) -> Any:
    """The Level 4 and the Level 7 monster on A's field, B's Trap for ``rule`` and a set 《強制脱出装置》 (any
    monster): after it returns one or the other, the positions are the same but for which is where —
    and only one of them leaves a target for the Trap."""
    import dataclasses

    from toolkit.ocg.scenario import CardSpec

    position = _position(rule, [_monster(LOW), _monster(HIGH, level=7)])
    b = position.players["B"]
    players = {**position.players, "B": dataclasses.replace(b, field=(*b.field, CardSpec("強制脱出装置", position="set")))}
    return dataclasses.replace(position, players=players)


def test_the_levels_taken_as_unread_beside_a_trap_for_level_4_make_the_search_differ(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.core.search import explore
    from toolkit.ocg import fields_read

    position = _with_a_way_out({"level_at_most": 4})
    assert _together(position) == set()
    same_as_full(position)
    full = explore(position, reduce=False)
    monkeypatch.setitem(fields_read.FIELD_READERS, "level", ())
    renaming._classes.cache_clear()
    assert _together(position) == {frozenset({LOW, HIGH})}
    found = explore(position)
    assert ({o.outcome: o.lines for o in found.outcomes}, found.total_lines, found.tree_nodes) != \
        ({o.outcome: o.lines for o in full.outcomes}, full.total_lines, full.tree_nodes)
