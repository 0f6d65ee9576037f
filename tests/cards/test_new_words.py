"""The words added for the End Phase cards written as data (issue 29, item 4): counters, a
conditional step, a face-down banish, a continuous hand-size limit — each played through the engine."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from tests.cards.conftest import LOADED, card, load, position
from toolkit.engine import resolve
from toolkit.ocg.board import Board
from toolkit.ocg.cards.data.conditions import build_conditions
from toolkit.ocg.counters import counters_on
from toolkit.ocg.procedure.adjustment import hand_limit, r1_excess
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.state import Cause

FROG, OHKA = "黄泉ガエル", "光神機−桜火"
_names = (f"語札{i}" for i in itertools.count())


def _play(tmp_path: Path, do: Any, counters: int, when: Any = None) -> Any:
    name = next(_names)
    effect = {"key": "count", "mandatory": True, "chain_link": False,
              "when": when or ["face_up_on_field", "your_end_phase"], "do": do}
    load(tmp_path, [{"name": name, "type": "spell", "subtype": "continuous", "texts": [{"end_phase": [effect]}]}],
         f"{name}.yaml")
    data = {"title": "t", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"field": [{"name": name, "counters": counters}]}, "B": {}}}
    return resolve(scenario_from_dict(data, cards=LOADED)), name


def _kinds(result: Any) -> set[str]:
    return {e.kind for e in result.outcome.events}


def test_place_and_remove_counters_on_the_board() -> None:
    state = position(field=[OHKA])
    ohka = card(state, OHKA)
    board = Board(state, Cause.END_PHASE)
    board.place_counters(ohka.uid, 2)
    assert counters_on(board.card(ohka.uid).tags) == 2
    board.remove_counters(ohka.uid, 3)  # as many as there are
    assert counters_on(board.card(ohka.uid).tags) == 0
    board.place_counters(ohka.uid, 1)
    board.destroy(ohka.uid)  # a card that leaves the field keeps no counters
    assert counters_on(board.card(ohka.uid).tags) == 0


def test_a_scenario_puts_counters_and_the_condition_reads_them() -> None:
    state = position(field=[{"name": OHKA, "counters": 3}])
    ohka = card(state, OHKA)
    assert counters_on(ohka.tags) == 3
    assert build_conditions({"counters_at_least": 3})(ohka, state) is True
    assert build_conditions({"counters_at_least": 4})(ohka, state) is False


@pytest.mark.parametrize("counters,destroyed", [(1, True), (2, False)])
def test_remove_a_counter_then_destroy_when_none_is_left(tmp_path: Path, counters: int, destroyed: bool) -> None:
    """The maintenance "remove a counter; with none left, destroy this card" (《光の護封剣》's count)."""
    do = [{"remove_counters": "itself"},
          {"if_holds": {"when": {"not": {"counters_at_least": 1}}, "do": {"destroy": "itself"}}}]
    result, _ = _play(tmp_path, do, counters)
    assert ("destroyed" in _kinds(result)) is destroyed


def test_remove_a_counter_or_destroy_this_card(tmp_path: Path) -> None:
    """"Remove a counter or destroy this card": with no counter only destroying is offered; with
    one, the player may keep the card."""
    from toolkit.engine import explore

    do = {"either": [{"label": "remove a counter", "can_choose": {"counters_at_least": 1},
                      "do": {"remove_counters": "itself"}},
                     {"label": "destroy it", "do": {"destroy": "itself"}}]}
    _play(tmp_path, do, 0)
    name = LOADED[-1].name

    def outcomes(counters: int) -> list[set[str]]:
        scen = scenario_from_dict({"title": "t", "turn_player": "A", "date": "2024-01-01",
                                   "players": {"A": {"field": [{"name": name, "counters": counters}]}, "B": {}}},
                                  cards=LOADED)
        return [{e.kind for e in o.outcome.events} for o in explore(scen).outcomes]

    assert all("destroyed" in kinds for kinds in outcomes(0))
    assert sorted("destroyed" in kinds for kinds in outcomes(1)) == [False, True]


def test_place_counters_adds_to_those_there(tmp_path: Path) -> None:
    do = [{"place_counters": {"card": "itself", "count": 2}},
          {"if_holds": {"when": {"counters_at_least": 3}, "do": {"destroy": "itself"}}}]
    assert "destroyed" in _kinds(_play(tmp_path, do, 1)[0])
    assert "destroyed" not in _kinds(_play(tmp_path, do, 0)[0])


def test_banish_face_down_tags_the_card() -> None:
    state = position(field=[FROG, OHKA])
    frog, ohka = card(state, FROG), card(state, OHKA)
    board = Board(state, Cause.END_PHASE)
    board.banish(frog.uid, face_down=True)
    board.banish(ohka.uid)
    face_down = build_conditions({"banished_this_turn": {"face_down": True}})
    face_up = build_conditions({"banished_this_turn": {"face_up": True}})
    assert face_down(board.card(frog.uid), board) and not face_up(board.card(frog.uid), board)  # type: ignore[arg-type]
    assert face_up(board.card(ohka.uid), board) and not face_down(board.card(ohka.uid), board)  # type: ignore[arg-type]
    board.return_to_field(frog.uid)  # it comes back: no longer face-down banished
    assert "banished_face_down" not in board.card(frog.uid).tags


def _limit_card(tmp_path: Path, amount: int | None, player: str = "you") -> str:
    name = next(_names)
    effect: dict[str, Any] = {"kind": "hand_limit", "player": player}
    if amount is not None:
        effect["amount"] = amount
    load(tmp_path, [{"name": name, "type": "spell", "subtype": "continuous", "texts": [{"continuous": [effect]}]}],
         f"{name}.yaml")
    return name


@pytest.mark.parametrize("amount,player,holder,expected", [
    (4, "you", "A", 4), (7, "you", "A", 7), (None, "each", "A", None), (None, "each", "B", None),
    (4, "opponent", "A", 6), (4, "opponent", "B", 4), (4, "you", "B", 6),
])
def test_a_continuous_hand_limit(tmp_path: Path, amount: int | None, player: str, holder: str,
                                 expected: int | None) -> None:
    name = _limit_card(tmp_path, amount, player)
    hand = [f"{FROG}#{i}" for i in range(8)]
    where = "field" if holder == "A" else "b_field"
    state = position(**{where: [name]}, hand=hand)
    assert hand_limit(state, "A") == expected
    assert r1_excess(state) == (0 if expected is None else 8 - expected)


def test_a_hand_limit_face_down_does_not_apply(tmp_path: Path) -> None:
    name = _limit_card(tmp_path, 4)
    state = position(field=[{"name": name, "position": "set"}], hand=[f"{FROG}#{i}" for i in range(8)])
    assert hand_limit(state, "A") == 6


def test_a_negative_hand_limit_is_refused(tmp_path: Path) -> None:
    from toolkit.ocg.cards.data.compile import CardFileError

    with pytest.raises(CardFileError, match="hand_limit's amount"):
        _limit_card(tmp_path, -1)


def test_the_vocabulary_page_is_current_and_lists_the_new_words() -> None:
    """docs/cards.md is generated from the registries: a word added to the code and not to the
    page (or the page edited by hand) fails here."""
    import importlib.util

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("card_vocabulary", root / "scripts" / "card_vocabulary.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    text = (root / "docs" / "cards.md").read_text(encoding="utf-8")
    assert script.page() == text, "run python scripts/card_vocabulary.py"
    for word in ("place_counters", "remove_counters", "counters_at_least", "if_holds", "any_link", "hand_limit",
                 "face_down"):
        assert f"`{word}`" in text, word


def test_counters_are_written_back_and_refused_off_the_field() -> None:
    from toolkit.errors import ScenarioError
    from toolkit.ocg.scenario import parse_scenario
    from toolkit.ocg.scenario.write import dump_scenario

    data = {"title": "t", "turn_player": "B", "players": {"A": {"field": [{"name": "光の護封剣", "counters": 2}]}}}
    text = dump_scenario(scenario_from_dict(data))
    assert "counters: 2" in text
    assert parse_scenario(text).players["A"].field[0].counters == 2
    for bad in (-1, 100, "two", True):
        with pytest.raises(ScenarioError, match="counters must be a whole number"):
            scenario_from_dict({"title": "t", "turn_player": "B",
                                "players": {"A": {"field": [{"name": "光の護封剣", "counters": bad}]}}})
    with pytest.raises(ScenarioError, match="counters sit on a card on the field"):
        scenario_from_dict({"title": "t", "turn_player": "B",
                            "players": {"A": {"graveyard": [{"name": "光の護封剣", "counters": 1}]}}})
