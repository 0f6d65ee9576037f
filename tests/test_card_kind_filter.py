"""A card of one's own that looks for a kind of monster (a Tuner, a Synchro, a
Level 4 or lower, a Dragon): filter fields ``kind``, ``not_kind``,
``level_at_least`` / ``level_at_most`` and ``monster_type_in``, reading what the
card data declares (``subtype``, ``level``, ``race``).

Before them the user had to tag each such card in the scenario and filter on ``tag:``.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests import in_process
from tests.cards.conftest import _forget_loaded_cards  # noqa: F401  (the cards a test loads are its own)
from toolkit.core.game import as_state, game_of
from toolkit.ocg.scenario import scenario_from_dict

FINDER = "テスト用ファインダー"
TUNER, SYNCHRO_TUNER, NON_TUNER, DRAGON = "テスト用チューナー", "テスト用シンクロチューナー", "テスト用戦士", "テスト用ドラゴン"
DECK_CARDS = [
    {"name": TUNER, "type": "monster", "subtype": "tuner, effect", "level": 2},
    {"name": SYNCHRO_TUNER, "type": "monster", "subtype": "synchro, tuner, effect", "level": 6},
    {"name": NON_TUNER, "type": "monster", "subtype": "effect", "level": 4, "race": "warrior"},
    {"name": DRAGON, "type": "monster", "subtype": "normal", "level": 7, "race": "dragon"},
]


def offered(filter: dict[str, Any], name: str) -> list[str]:
    """The deck cards the finder's non-targeting pick offers under ``filter``."""
    effect = {"key": "add a monster", "mandatory": False, "chain_link": False,
              "when": ["face_up_on_field", "your_end_phase"],
              "choose": {"pick": dict(filter, zones="deck")}, "do": {"add_to_hand": {"card": "picked", "if_in": "deck"}}}
    data = {"title": "the finder face-up in A's End Phase", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"field": [name], "deck": [c["name"] for c in DECK_CARDS]}},
            "cards": [*DECK_CARDS, {"name": name, "type": "monster", "texts": [{"end_phase": [effect]}]}]}
    state = as_state(scenario_from_dict(data))
    return [a.picks[0] for a in game_of(state).legal_actions(state) if repr(a).startswith("Perform")]


@pytest.mark.parametrize("filter,expected", [
    ({"kind": "tuner"}, [TUNER, SYNCHRO_TUNER]),
    ({"kind": ["synchro", "tuner"]}, [SYNCHRO_TUNER]),
    ({"kind": "tuner", "not_kind": "synchro"}, [TUNER]),
    ({"not_kind": "tuner"}, [NON_TUNER, DRAGON]),
    ({"level_at_most": 4}, [TUNER, NON_TUNER]),
    ({"level_at_least": 6, "kind": "normal"}, [DRAGON]),
    ({"monster_type_in": "dragon"}, [DRAGON]),
    ({}, [TUNER, SYNCHRO_TUNER, NON_TUNER, DRAGON]),  # the control: no kind asked, every monster
])
def test_a_kind_filter_keeps_exactly_the_cards_of_that_kind(filter: dict[str, Any], expected: list[str]) -> None:
    assert offered(filter, FINDER + str(sorted(filter.items()))) == expected


def test_a_tuner_filter_excludes_a_non_tuner() -> None:
    assert NON_TUNER not in offered({"kind": "tuner"}, FINDER + "T")
    assert NON_TUNER in offered({}, FINDER + "U")


def _check(folder: Path, card: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    path = folder / "finder.yaml"
    path.write_text(yaml.safe_dump(card, allow_unicode=True), encoding="utf-8")
    return in_process.endphase(["cards", "--check", str(path)], cwd=folder,
                               env={**os.environ, "ENDPHASE_USER_DIR": str(folder / "user")}, timeout=300)


@pytest.mark.parametrize("card,field,says", [
    ({"name": FINDER, "type": "monster", "subtype": "tunner"}, "subtype",
     "unknown card kind 'tunner' (did you mean: tuner"),
    ({"name": FINDER, "type": "monster", "texts": [{"end_phase": [
        {"key": "k", "mandatory": True, "chain_link": True, "when": "face_up_on_field",
         "do": {"banish": {"each": {"zones": "deck", "kind": "sinchro"}}}}]}]},
     "texts[0].end_phase[0].do", "unknown card kind 'sinchro' (did you mean: synchro"),
    ({"name": FINDER, "type": "monster", "level": "four"}, "level", "'level' must be a whole number"),
])
def test_cards_check_names_file_card_and_field_of_a_misspelt_kind(tmp_path: Path, card: dict[str, Any],
                                                                  field: str, says: str) -> None:
    done = _check(tmp_path, card)
    line = done.stderr.strip()
    assert done.returncode == 2 and "\n" not in line and "Traceback" not in line
    assert "finder.yaml" in line and FINDER in line and f"field '{field}'" in line and says in line


def test_cards_check_accepts_the_kinds_and_show_prints_them(tmp_path: Path) -> None:
    done = _check(tmp_path, DECK_CARDS[1])
    assert done.returncode == 0 and f"{SYNCHRO_TUNER}: OK" in done.stdout, done.stderr
    (tmp_path / "user" / "cards").mkdir(parents=True)
    (tmp_path / "user" / "cards" / "dragon.yaml").write_text(yaml.safe_dump(DECK_CARDS[3], allow_unicode=True),
                                                             encoding="utf-8")
    shown = in_process.endphase(["cards", "--show", DRAGON], cwd=tmp_path,
                                env={**os.environ, "ENDPHASE_USER_DIR": str(tmp_path / "user")}, timeout=300)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith(f"{DRAGON} (no English name): monster, normal, dragon, Level 7")
