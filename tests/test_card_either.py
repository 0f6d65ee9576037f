"""A card of one's own whose effect does one thing *or* another (``either``), as
《灰燼竜バスタード》's "add it to your hand or Special Summon it" does.

Written as two End Phase processes, a player could perform both in the same
End Phase; written as one process with ``either``, the player performs it once
and the engine offers each alternative as its own action, so no line does both.
"""

from __future__ import annotations

import copy
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests import in_process
from tests.cards.conftest import _forget_loaded_cards  # noqa: F401  (the cards a test loads are its own)
from toolkit.core.game import as_state, game_of
from toolkit.engine import explore, resolve
from toolkit.ocg.scenario import scenario_from_dict

DRAGON = "テスト用灰燼竜"
TUNER = "テスト用チューナー"
ADD = {"add_to_hand": {"first": {"zones": "deck", "name": TUNER}}}
SUMMON = {"special_summon": {"first": {"zones": "deck", "name": TUNER}}}

EITHER = {"key": "add or summon a Tuner", "mandatory": False, "chain_link": True,
          "when": ["sent_to_gy_this_turn"],
          "do": {"either": [{"label": "add it to the hand", "do": ADD},
                            {"label": "Special Summon it", "do": SUMMON}]}}
TWO_PROCESSES = [dict(EITHER, key="add a Tuner", do=ADD), dict(EITHER, key="summon a Tuner", do=SUMMON)]


def scenario(end_phase: list[dict[str, Any]], name: str = DRAGON) -> dict[str, Any]:
    return {"title": "the dragon was sent to the GY this turn", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"graveyard": [{"name": name, "tags": ["sent_to_gy_this_turn"]}],
                              "deck": [f"{TUNER}#1", f"{TUNER}#2"]}},
            "cards": [{"name": TUNER, "type": "monster", "subtype": "tuner, effect"},
                      {"name": name, "type": "monster", "texts": [{"end_phase": end_phase}]}]}


def outcomes(data: dict[str, Any]) -> list[set[str]]:
    """The event kinds of each distinct outcome."""
    return [{e.kind for e in o.outcome.events} for o in explore(scenario_from_dict(data)).outcomes]


def test_written_as_two_processes_a_player_can_do_both() -> None:
    # the control: what the format could say before `either`, and why it was wrong
    found = outcomes(scenario(TWO_PROCESSES, name=DRAGON + "(two)"))
    assert any({"added_to_hand", "special_summoned"} <= kinds for kinds in found)


def test_written_with_either_no_line_does_both_and_each_alternative_is_reachable() -> None:
    found = outcomes(scenario([EITHER]))
    assert not any({"added_to_hand", "special_summoned"} <= kinds for kinds in found)
    assert any("added_to_hand" in kinds for kinds in found) and any("special_summoned" in kinds for kinds in found)
    assert any(not kinds & {"added_to_hand", "special_summoned"} for kinds in found)  # optional: it may be left


def test_the_engine_offers_one_action_per_alternative_and_the_trace_says_which_was_chosen() -> None:
    state = as_state(scenario_from_dict(scenario([EITHER])))
    offered = [a for a in game_of(state).legal_actions(state) if repr(a).startswith("Perform")]
    assert [a.option for a in offered] == ["add it to the hand", "Special Summon it"]
    step = resolve(scenario_from_dict(scenario([EITHER]))).trace.iloc[0]
    assert step["action"] == f"Perform('{DRAGON}: add or summon a Tuner', option='add it to the hand')"
    assert "chooses to add it to the hand" in step["reason"]
    assert "one of: add it to the hand or Special Summon it" in step["reason"]


def test_an_alternative_whose_condition_fails_is_not_offered() -> None:
    effect = copy.deepcopy(EITHER)
    effect["do"]["either"][1]["can_choose"] = {"exists": {"zones": "hand"}}  # A holds no card in the hand
    state = as_state(scenario_from_dict(scenario([effect], name=DRAGON + "2")))
    offered = [a.option for a in game_of(state).legal_actions(state) if repr(a).startswith("Perform")]
    assert offered == ["add it to the hand"]


def _cards_cli(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ENDPHASE_USER_DIR": str(folder / "user")}
    return in_process.endphase(["cards", *args], cwd=folder, env=env, timeout=300)


@pytest.mark.parametrize("bad,field,says", [
    ({"either": [{"label": "x", "do": ADD}]}, "texts[0].end_phase[0].do", "two or more alternatives"),
    ({"either": [{"label": "x", "do": ADD}, {"label": "x", "do": SUMMON}]}, "texts[0].end_phase[0].do.either[1]",
     "both labelled 'x'"),
    ({"either": [{"label": "x", "do": ADD}, {"labl": "y", "do": SUMMON}]}, "texts[0].end_phase[0].do.either[1]",
     "unknown field 'labl' (did you mean: label?)"),
])
def test_cards_check_names_file_card_and_field_of_a_misused_either(tmp_path: Path, bad: Any, field: str,
                                                                   says: str) -> None:
    card = scenario([dict(EITHER, do=bad)])["cards"][1]
    (tmp_path / "dragon.yaml").write_text(yaml.safe_dump(card, allow_unicode=True), encoding="utf-8")
    done = _cards_cli(tmp_path, "--check", str(tmp_path / "dragon.yaml"))
    line = done.stderr.strip()
    assert done.returncode == 2 and "\n" not in line and "Traceback" not in line
    assert "dragon.yaml" in line and DRAGON in line and f"field '{field}'" in line and says in line


def test_cards_show_lists_the_alternatives(tmp_path: Path) -> None:
    (tmp_path / "user" / "cards").mkdir(parents=True)
    card = scenario([EITHER])["cards"][1]
    (tmp_path / "user" / "cards" / "dragon.yaml").write_text(yaml.safe_dump(card, allow_unicode=True),
                                                             encoding="utf-8")
    shown = _cards_cli(tmp_path, "--show", DRAGON)
    assert shown.returncode == 0, shown.stderr
    assert "choose:" not in shown.stdout  # the alternatives are the do's either, as the file wrote them
    assert "do: {either: [{label: add it to the hand, do: {add_to_hand: {first: " in shown.stdout
