"""A zone question names a card, whatever state the Duel Masters summary marks in its name.

The summary an outcome keeps lists a creature left tapped as ``X (tapped)`` and a dragheart flipped to a side
of its own name as ``X (龍解)`` (so that ends differing only there stay two outcomes); each game says how a
name of its summary reads as a card (``Game.card_of_summary_name``), and the zone question reads it so. The
scenarios are written here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit import load_scenario
from toolkit.core.game import game_named
from toolkit.core.predicates import parse_query
from toolkit.core.search import evaluate, explore
from toolkit.core.summary_names import lists_card
from toolkit.errors import ToolkitError

TAPPED = """\
game: duel_masters
title: タップされたまま残るグルジェ（自作）
turn_player: A
players:
  A:
    battle_zone: [{name: グルジェ・グルジェ, tapped: true}]
  B:
    battle_zone: [（クリーチャー）]
"""

FLIPPED = """\
game: duel_masters
title: 龍解した煉獄刃（自作）
turn_player: A
players:
  A:
    battle_zone: [（クリーチャー）, {name: 煉獄刃 ヘルフエズ, equipped_to: （クリーチャー）#1}, （クリーチャー）, （クリーチャー）,
                  （クリーチャー）, （クリーチャー）, 極魔王殿 ウェルカム・ヘル]
  B:
    battle_zone: [（クリーチャー）]
"""


def _scenario(tmp_path: Path, name: str, text: str) -> object:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_scenario(path)


@pytest.fixture()
def tapped(tmp_path: Path) -> object:
    return _scenario(tmp_path, "dm_tapped", TAPPED)


@pytest.fixture()
def flipped(tmp_path: Path) -> object:
    return _scenario(tmp_path, "dm_flipped", FLIPPED)


def _answer(scenario: object, query: dict[str, object]) -> bool:
    return evaluate(scenario, query).value


def test_the_summary_marks_the_tapped_creature(tapped: object) -> None:
    ends = {o.outcome.summary.text() for o in explore(tapped).outcomes}
    assert ends and all("A.battle_zone: グルジェ・グルジェ (tapped)" in end for end in ends)


def test_a_tapped_creature_in_the_battle_zone_is_there(tapped: object) -> None:
    assert _answer(tapped, {"always": {"zone": "battle_zone", "card": "グルジェ・グルジェ"}})
    assert _answer(tapped, {"always": {"zone": "battle_zone", "card": "グルジェ・グルジェ", "player": "TP"}})
    assert _answer(tapped, {"force:A": {"zone": "battle_zone", "card": "グルジェ・グルジェ"}})
    assert _answer(tapped, {"default": {"zone": "battle_zone", "card": "グルジェ・グルジェ"}})
    assert not _answer(tapped, {"possible": {"zone": "battle_zone", "card": "グルジェ・グルジェ", "player": "B"}})
    assert not _answer(tapped, {"possible": {"zone": "graveyard", "card": "グルジェ・グルジェ"}})


def test_a_flipped_dragheart_is_there_by_its_own_name_and_its_other_side_by_that_side(flipped: object) -> None:
    ends = {o.outcome.summary.text() for o in explore(flipped).outcomes}
    assert any("煉獄刃 ヘルフエズ (龍解)" in end for end in ends)
    assert _answer(flipped, {"always": {"zone": "battle_zone", "card": "煉獄刃 ヘルフエズ"}})
    assert _answer(flipped, {"possible": {"zone": "battle_zone", "card": "極・魔壊王 デスゴロス"}})
    assert not _answer(flipped, {"always": {"zone": "battle_zone", "card": "極・魔壊王 デスゴロス"}})
    assert not _answer(flipped, {"possible": {"zone": "graveyard", "card": "煉獄刃 ヘルフエズ"}})


def test_a_creature_the_scenario_lacks_is_still_refused(tapped: object) -> None:
    with pytest.raises(ToolkitError, match="is not in dm_tapped"):
        evaluate(tapped, {"possible": {"zone": "battle_zone", "card": "極魔王殿 ウェルカム・ヘル"}})


def test_each_game_reads_the_names_of_its_own_summary() -> None:
    dm, ocg = game_named("duel_masters"), game_named("ocg")
    assert dm.card_of_summary_name("煉獄刃 ヘルフエズ (龍解) (tapped)") == "煉獄刃 ヘルフエズ"
    assert ocg.card_of_summary_name("X (tapped)") == "X (tapped)"  # the OCG summary marks no state
    assert lists_card(("X (tapped)",), "X", "duel_masters")
    assert not lists_card(("X (tapped)",), "X", "ocg")
    assert lists_card(("X (tapped)",), "X")  # a question parsed for no game reads any game's summary
    assert not lists_card(("Y (tapped)",), "X")


def test_the_zone_question_reads_the_summary_of_the_game_it_is_parsed_for() -> None:
    for name in ("duel_masters", "ocg"):
        query = parse_query({"always": {"zone": "graveyard", "card": "X"}}, game=game_named(name))
        assert getattr(query.predicate, "game") == name
        assert repr(query.predicate) == "InZone(zone='graveyard', card='X', player=None)"
