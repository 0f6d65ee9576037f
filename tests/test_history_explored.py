"""A run's exploration is searched once for it and its explanation (toolkit.history.explored), and only
where the answer cannot differ: the same position under rules of the same values and the same limits."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import toolkit.core.search as search
import toolkit.history.explored as explored_module
from tests.own_cards import PALADIN, PALADIN_FILE
from toolkit.core.game import game_of
from toolkit.core.reads import recording
from toolkit.games import shipped_scenario
from toolkit.history.checks import run_check
from toolkit.history.deciding import what_decides
from toolkit.history.explored import explored
from toolkit.history.runs import read_check

SCENARIO = "grimoire_ipiria_2014"


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The explorations made (each start searched), with the memo emptied first."""
    made: list[object] = []
    real = search.explore_in

    def counted(game, start, **kwargs):  # type: ignore[no-untyped-def]
        made.append(start)
        return real(game, start, **kwargs)

    monkeypatch.setattr(explored_module, "explore_in", counted)
    monkeypatch.setattr(search, "explore_in", counted)  # (an explanation exploring by itself is counted too)
    monkeypatch.setattr(explored_module, "_EXPLORED", type(explored_module._EXPLORED)(8))
    return made


def test_equal_rules_share_one_exploration_and_a_read_flag_that_differs_does_not(searches: list[object]) -> None:
    position = shipped_scenario(SCENARIO)
    game = game_of(position)
    rules: Any = game.rules_for(None, None)
    first = explored(game, position, rules)
    assert explored(game, position, dataclasses.replace(rules)) is first  # equal values, another object
    other = dataclasses.replace(rules, hand_limit=rules.hand_limit + 1)  # a flag the search reads (R1)
    assert explored(game, position, other) is not first
    assert len(searches) == 2


def test_a_run_noting_its_reads_searches_for_itself(searches: list[object]) -> None:
    position = shipped_scenario(SCENARIO)
    game = game_of(position)
    rules: Any = game.rules_for(None, None)
    plain = explored(game, position, rules)
    with recording(rules) as (noting, reads):
        own = explored(game, position, noting)
        assert explored(game, position, noting) is own  # its own, asked again in the same run
    assert own is not plain and len(searches) == 2
    assert "hand_limit" in reads  # the search ran under the noting copy: what it read is known
    assert explored(game, position, rules) is own  # kept for the calls after it


def test_the_explanation_reads_the_exploration_its_run_made(searches: list[object]) -> None:
    position = shipped_scenario(SCENARIO)
    game = game_of(position)
    rules: Any = game.rules_for(None, None)
    check = read_check("t", '{"possible": {"hand": "TP", "at_least": 9}}')  # no: every line adjusts the hand
    with recording(rules) as (noting, _reads):
        result = run_check(check, {SCENARIO: position}, noting)
    assert not result.value and len(searches) == 1
    what_decides(check, {SCENARIO: position}, rules, result, ())
    assert len(searches) == 1  # the explanation's lines are those of the run's exploration


def test_a_ruling_runs_with_the_cyclic_gc_paused_and_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    import toolkit.history.runs as runs

    seen: list[bool] = []
    real = runs.run_once

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(runs, "run_once", watched)
    assert gc.isenabled()
    runs.run_ruling("ocg-160708-hysteric-sign-adjustment")
    assert seen and not any(seen)  # (the bookkeeping between searches too: no collection in a ruling's run)
    assert gc.isenabled()


def test_rules_that_cannot_be_a_key_are_searched_not_kept(searches: list[object]) -> None:
    position = shipped_scenario(SCENARIO)
    game = game_of(position)
    rules: Any = game.rules_for(None, None)

    @dataclasses.dataclass(frozen=True)
    class Annotated(type(rules)):  # type: ignore[misc]
        remarks: list[str] = dataclasses.field(default_factory=list)  # (a value of one's own no key can hold)

    annotated = Annotated(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})
    first = explored(game, position, annotated)
    assert explored(game, position, annotated) is not first and len(searches) == 2  # searched each time
    assert first.outcomes == explored(game, position, rules).outcomes




def _paladin_in_user_folder(folder: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A writer of the user's card file (mandatory or not) and the scenario holding the card."""
    from toolkit.ocg.scenario import scenario_from_dict

    (folder / "cards").mkdir()
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(folder))

    def write(mandatory: bool) -> None:  # (the same size both ways: the folder is read by content too)
        text = PALADIN_FILE.replace("MANDATORY", "true " if mandatory else "false")
        (folder / "cards" / "paladin.yaml").write_text(text, encoding="utf-8")

    write(True)
    scenario = scenario_from_dict({"title": "t", "turn_player": "A",
                                   "players": {"A": {"field": [{"name": PALADIN}], "deck_filler": 5}, "B": {}}})
    return write, scenario


def test_a_card_of_the_users_folder_rewritten_is_explored_again(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch, searches: list[object]) -> None:
    write, scenario = _paladin_in_user_folder(tmp_path, monkeypatch)
    game = game_of(scenario)
    rules: Any = game.rules_for(None, None)
    mandatory = explored(game, scenario, rules)
    write(False)  # the same scenario (equal), its card's text another: another position to search
    optional = explored(game, scenario, rules)
    assert optional is not mandatory
    assert optional.outcomes == search.explore(scenario, ruleset=rules).outcomes != mandatory.outcomes
    write(True)
    assert explored(game, scenario, rules).outcomes == mandatory.outcomes


def test_a_question_asked_again_as_the_folder_was_explains_it_as_then(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch, searches: list[object]) -> None:
    from toolkit.history.asking import ask

    write, scenario = _paladin_in_user_folder(tmp_path, monkeypatch)
    question = {"possible": {"hand": "TP", "at_least": 9}}  # no: the explanation reads the exploration's lines
    first = ask(scenario, question)
    write(False)
    ask(scenario, question)  # (its run searched the other text, and kept that exploration)
    write(True)
    again = ask(scenario, question)  # the run remembered (the same cards), its explanation read again
    assert (again.value, again.decided_by, again.line) == (first.value, first.decided_by, first.line)


def _scenarios_whose_own_card_mills(folder: Any, *milled: int) -> list[Any]:
    """Scenarios alike but for the text of their own card (it mills each of ``milled``)."""
    from toolkit.ocg.cards import load_card_definitions
    from toolkit.ocg.scenario import scenario_from_dict

    scenarios = []
    for count in milled:
        path = folder / f"paladin_{count}.yaml"
        path.write_text(PALADIN_FILE.replace("MANDATORY", "true").replace("mill: 2}", f"mill: {count}}}"),
                        encoding="utf-8")
        scenarios.append(scenario_from_dict({"title": "t", "turn_player": "A", "players": {
            "A": {"field": [{"name": PALADIN}], "deck_filler": 5}, "B": {}}}, cards=load_card_definitions(path)))
    return scenarios


def test_scenarios_alike_but_for_their_own_cards_text_are_two_explorations(
        tmp_path: Any, searches: list[object]) -> None:
    two, one = _scenarios_whose_own_card_mills(tmp_path, 2, 1)
    game = game_of(two)
    rules: Any = game.rules_for(None, None)
    assert explored(game, one, rules).outcomes == search.explore(one, ruleset=rules).outcomes \
        != explored(game, two, rules).outcomes


def test_equal_states_reading_other_texts_of_a_scenarios_own_card_are_two_explorations(
        tmp_path: Any, searches: list[object]) -> None:
    states = [game_of(s).state_of(s) for s in _scenarios_whose_own_card_mills(tmp_path, 2, 1)]
    assert states[0] == states[1]  # (a State's equality leaves out the catalogue its cards are read from)
    game = game_of(states[0])
    two, one = (explored(game, state, None) for state in states)
    assert one.outcomes == search.explore(states[1]).outcomes != two.outcomes


def test_a_run_asked_again_notes_the_rules_it_reads_though_its_exploration_is_kept(
        monkeypatch: pytest.MonkeyPatch, searches: list[object]) -> None:
    import toolkit.history.runs as runs

    position = shipped_scenario(SCENARIO)
    rules: Any = game_of(position).rules_for(None, None)
    text = '{"possible": {"hand": "TP", "at_least": 9}}'
    check, scenarios, names = read_check("t", text), {SCENARIO: position}, (SCENARIO,)
    noted = []
    for _ in range(2):  # the second run's exploration is kept (by the first): its reads are noted all the same
        monkeypatch.setattr(runs, "_RUNS", type(runs._RUNS)(8))  # (the run itself not remembered)
        runs.run_once(text, check, names, scenarios, rules)
        explored(game_of(position), position, rules)  # and one made under the plain rules, kept too
        ((_, reads),) = runs._RUNS._items.values()
        noted.append(reads)
    assert "hand_limit" in noted[0] and noted[1] == noted[0]  # (what decides which counterfactuals are asked)
