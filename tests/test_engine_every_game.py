"""``toolkit.engine`` is the door for every registered game: its scenario functions — loading a
file, a shipped scenario, the first position, legal actions, transitions, rule sets by name, and
the search (resolve, explore, can_force) — go to the game of what they are given. Duel Masters and
the test's third game (tests/toy_game, registered here, no toolkit module edited) come in through
the same names as the OCG; the OCG's answers are its own functions' (the behaviour diff holds them)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import toolkit
from toolkit import engine
from toolkit.core.game import Game, game_of, register, unregister
from toolkit.errors import ScenarioError
from toolkit.ocg import procedure as ocg_procedure
from toolkit.ocg.scenario import load_scenario as ocg_load_scenario

sys.path.insert(0, str(Path(__file__).resolve().parent))
import toy_game  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def toy() -> Iterator[Game]:
    game = register(toy_game.GAME)
    try:
        yield game
    finally:
        unregister(game.name)


def _drive(scenario: object, game: Game) -> None:
    state = engine.initial_state(scenario)
    assert game_of(state) is game
    actions = engine.legal_actions(state)
    assert actions and engine.legal_actions(state) == game.legal_actions(state)
    after = engine.transition(state, actions[0])
    assert after == game.transition(state, actions[0]) and engine.apply(state, actions[0]) == after.state
    assert engine.withheld(state) == game.withheld(state)
    assert engine.resolve(scenario).outcome == toolkit.resolve(state).outcome
    assert engine.explore(scenario).total_lines >= 1


def test_duel_masters_through_the_engine(tmp_path: Path) -> None:
    scenario = engine.seed_scenario("duel_masters/dm_moffle_zanjibar")
    dm = game_of(scenario)
    assert dm.name == "duel_masters"
    _drive(scenario, dm)
    copy = tmp_path / "mine.yaml"
    shutil.copy(ROOT / "datasets" / "scenarios" / "duel_masters" / "dm_moffle_zanjibar.yaml", copy)
    assert engine.load_scenario(copy) == scenario  # the file's game: key picks the reader
    assert engine.get_ruleset("duel_masters") == dm.today()
    with pytest.raises(ScenarioError, match="OCG cards"):
        engine.load_scenario(copy, cards=[object()])


def test_the_third_game_through_the_engine(toy: Game, tmp_path: Path) -> None:
    scenario = engine.seed_scenario("toy/toy_end")
    _drive(scenario, toy)
    copy = tmp_path / "toy.yaml"
    shutil.copy(Path(toy_game.__file__).parent / "scenarios" / "toy_end.yaml", copy)
    loaded = engine.load_scenario(copy)
    assert type(loaded) is toy_game.ToyScenario and loaded.title == scenario.title
    assert engine.get_ruleset("toy-2019") == toy.ruleset("toy-2019")
    assert engine.can_force(scenario, "TP", {"event": "lp_gained"}).value


def test_the_ocg_through_the_engine_is_the_ocgs_own(tmp_path: Path) -> None:
    name = "q_hysteric_sign_adjustment"
    scenario = engine.seed_scenario(name)
    assert scenario == toolkit.ocg.scenario.seed_scenario(name)
    state = engine.initial_state(scenario)
    assert engine.legal_actions(state) == ocg_procedure.legal_actions(state)
    path = ROOT / "datasets" / "scenarios" / f"{name}.yaml"
    assert engine.load_scenario(path) == ocg_load_scenario(path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [unclosed\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as ours:
        engine.load_scenario(bad)
    with pytest.raises(ScenarioError) as theirs:
        ocg_load_scenario(bad)
    assert str(ours.value) == str(theirs.value)  # the OCG's words for a file it cannot read
    assert engine.get_ruleset("ocg-2013").name == "ocg-2013"
    assert toolkit.load_scenario is engine.load_scenario and toolkit.seed_scenario is engine.seed_scenario
