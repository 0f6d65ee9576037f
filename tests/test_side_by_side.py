"""The two games side by side: compare_games answers each abstract question in
both games from the engines, and compare() works on Duel Masters positions."""

from __future__ import annotations

import pandas as pd
import pytest

from toolkit import compare, compare_games, load_rulings
from toolkit.analysis.compare import default_rulesets, ruling_answers
from toolkit.analysis.side_by_side import QUESTIONS
from toolkit.duel_masters import list_seed_scenarios as dm_names
from toolkit.errors import ScenarioError
from toolkit.ocg.scenario import list_seed_scenarios


@pytest.fixture(scope="module")
def today() -> pd.DataFrame:
    return compare_games()


def test_one_row_per_question_with_declared_dtypes(today: pd.DataFrame) -> None:
    assert list(today.index) == [q.key for q in QUESTIONS]
    assert today["same"].dtype == "bool"
    assert all(today[c].dtype == "string" for c in today.columns if c != "same")
    assert set(today["ocg"]) <= {"yes", "no"} and set(today["duel_masters"]) <= {"yes", "no"}
    assert (today["same"] == (today["ocg"] == today["duel_masters"])).all()


def test_each_question_runs_on_a_shipped_scenario_of_its_game() -> None:
    for q in QUESTIONS:
        assert q.ocg.scenario.removesuffix(".yaml") in list_seed_scenarios()
        assert q.duel_masters.scenario.startswith("duel_masters/")
        assert q.duel_masters.scenario.removeprefix("duel_masters/").removesuffix(".yaml") in dm_names()


def test_who_resolves_first_differs_and_says_why(today: pd.DataFrame) -> None:
    row = today.loc["nontp_first"]
    assert (row["ocg"], row["duel_masters"]) == ("yes", "no")
    assert "R7" in row["ocg_because"]
    assert row["duel_masters_because"].startswith("D2(4)")
    assert "ntp_declares_after_tp=True" in row["duel_masters_flips_if"]


def test_this_turn_effects_outlast_the_end_in_both_games(today: pd.DataFrame) -> None:
    row = today.loc["this_turn_outlasts_end"]
    assert (row["ocg"], row["duel_masters"]) == ("yes", "yes")
    assert "durations_end_after_abilities" in row["duel_masters_flips_if"]


def test_only_the_ocg_ends_an_effect_midway(today: pd.DataFrame) -> None:
    assert (today.loc["duration_ends_midway", "ocg"], today.loc["duration_ends_midway", "duel_masters"]) == ("yes", "no")
    assert today.loc["duration_ends_midway", "ocg_because"].startswith("R4")


def test_a_card_arriving_during_the_end_depends_on_the_ocg_date(today: pd.DataFrame) -> None:
    then = compare_games("2013-03-30")
    assert then.loc["arrival_end_ability", "ocg"] == "yes"
    assert today.loc["arrival_end_ability", "ocg"] == "no"
    assert "H5" in today.loc["arrival_end_ability", "ocg_flips_if"]
    assert today.loc["arrival_end_ability", "duel_masters_because"].startswith("D3")
    assert (then["duel_masters"] == today["duel_masters"]).all()  # Duel Masters rulings are undated


def test_a_bad_date_is_a_clear_error() -> None:
    with pytest.raises(ScenarioError, match=r"field 'date': cannot read '13/03/30' as a date; write it as YYYY-MM-DD"):
        compare_games("13/03/30")


def test_compare_defaults_to_the_counterfactual_variants_for_duel_masters() -> None:
    assert default_rulesets("dm_moffle_zanjibar") == ("duel_masters", "dm-durations-first",
                                                       "dm-one-declaration-window", "dm-turn-starts-later",
                                                       "dm-leaving-keeps-waiting")
    assert default_rulesets("lyla_veiler_2011") == ("ocg", "video_game")
    c = compare("dm_ga_ryuzak_kentnark")
    only = c.only_in("dm-durations-first")
    assert len(only) == 1 and "卍月 ガ・リュザーク 卍 enters the battle zone (B)" in only[0].description


def test_compare_refuses_a_ruleset_of_the_other_game() -> None:
    with pytest.raises(ScenarioError) as caught:
        compare("dm_moffle_zanjibar", ["duel_masters", "ocg"])
    assert caught.value.field == "rulesets[1]"
    assert "unknown Duel Masters ruleset 'ocg'" in str(caught.value)


def test_ruling_answers_under_a_counterfactual_picks_the_duel_masters_rows() -> None:
    table = ruling_answers(load_rulings(), ["dm-durations-first"])
    assert set(table["ruling_id"].str[:3]) == {"dm-"}
    flipped = table[table["answer"] != table["answer[dm-durations-first]"]]
    assert list(flipped["ruling_id"]) == ["dm-qa-ga-ryuzak-kentnark-mana"]


@pytest.mark.parametrize("given", ["dm_moffle_zanjibar", "duel_masters/dm_moffle_zanjibar.yaml", "scenario object"])
def test_changes_over_dates_refuses_an_undated_duel_masters_scenario(given: str) -> None:
    from toolkit import changes
    from toolkit.duel_masters import seed_scenario
    from toolkit.history import HistoryError

    position = seed_scenario("dm_moffle_zanjibar") if given == "scenario object" else given
    with pytest.raises(HistoryError, match="is a Duel Masters scenario: its rulings are undated"):
        changes(position)
