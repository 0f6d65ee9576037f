"""The seam, proved by a third game: a tiny game (tests/toy_game) registered
in one line and driven through every public entry point — explore,
can_force, verify_rulings, changes, compare, the command line and the ruling
article export — with no toolkit module edited for it."""

from __future__ import annotations

import datetime
import sys
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

import toolkit
from toolkit.core.game import UnknownGameError, register, unregister

sys.path.insert(0, str(Path(__file__).resolve().parent))
import toy_game  # noqa: E402

RULING = "toy-200401-any-order"
CHECK = '{"possible_order": [{"event": "lp_gained"}, {"event": "drew"}]}'


@pytest.fixture()
def toy() -> Iterator[toolkit.games.Game]:
    game = register(toy_game.GAME)  # the one registration line
    try:
        yield game
    finally:
        unregister(game.name)


def _rulings(status: str = "current", expected: str = "yes") -> pd.DataFrame:
    table = toolkit.load_rulings().iloc[:0].copy()
    table["game"] = table["game"].astype("string")
    row = {c: pd.NA for c in table.columns}
    row.update({
        "ruling_id": RULING, "game": "toy", "kind": "qa", "date": pd.Timestamp("2020-04-01"),
        "date_precision": "day", "topic": "end_phase_order", "cards": ["トイ・ヒーラー", "トイ・ドロワー"],
        "question_ja": "回復を先にできますか？", "answer_ja": "はい。", "summary_en": "The healer may go first.",
        "verdict": "yes", "status": status, "hidden_in_source": False, "source": "a test fixture",
        "scenario": ["toy/toy_end.yaml"], "check": CHECK, "expected": expected,
        "check_en": "Toy Healer gains LP before Toy Drawer draws in some line",
    })
    return pd.concat([table, pd.DataFrame([row])], ignore_index=True)


def _scenario() -> toy_game.ToyScenario:
    return toy_game.seed_scenario("toy_end")


def test_explore_counts_every_order_under_each_date(toy: toolkit.games.Game) -> None:
    today = toolkit.explore(_scenario())
    before = toolkit.explore(_scenario().at("2019-06-01"))
    # today: draw-gain, draw-skip, gain-draw; before the change the healer cannot go first
    assert today.total_lines == 3 and before.total_lines == 2
    assert len(today.outcomes) == 2 and len(before.outcomes) == 2  # with or without the LP


def test_can_force_and_evaluate(toy: toolkit.games.Game) -> None:
    assert toolkit.can_force(_scenario(), "TP", {"event": "lp_gained"}).value
    assert not toolkit.can_force(_scenario().at("2019-06-01"), "NTP", {"event": "lp_gained"}).value
    assert toolkit.evaluate(_scenario(), {"possible": {"event": "lp_gained"}}).value
    assert not toolkit.evaluate(_scenario(), {"always": {"event": "lp_gained"}}).value


def test_verify_rulings_runs_the_toy_ruling_and_names_the_flag(toy: toolkit.games.Game) -> None:
    table = toolkit.verify_rulings(_rulings())
    row = table.set_index("ruling_id").loc[RULING]
    assert row["answer"] == "yes" and bool(row["agrees"]) and bool(row["verified"])
    assert "T3 optional_after_mandatory" in row["deciding_changes"]


def test_the_toy_ruling_is_decided_by_the_rule_the_toy_game_names(toy: toolkit.games.Game) -> None:
    """Which notes say why is the game's own knowledge (Game.deciding): before 2020-04-01 the
    healer waits, and the answer is explained by the toy's T3, not by a step of the line."""
    from toolkit.history.runs import run_ruling

    row = _rulings(expected="no").iloc[-1].to_dict()
    row["date"] = pd.Timestamp("2019-06-01")
    run = run_ruling(row)
    assert run.own.answer == "no" and run.decided_by.startswith("T3: the optional process waits"), run.decided_by


def test_verify_rulings_can_disagree(toy: toolkit.games.Game) -> None:
    row = toolkit.verify_rulings(_rulings(expected="no")).set_index("ruling_id").loc[RULING]
    assert not bool(row["agrees"])


def test_changes_sweeps_the_dated_flag(toy: toolkit.games.Game) -> None:
    table = toolkit.changes(_scenario().at("2019-01-01"), "2019-01-01", "2021-01-01", check=CHECK,
                            rulings=_rulings())
    assert [d.date() for d in table["date"]] == [datetime.date(2020, 4, 1)]
    assert table.loc[0, "before"] == "no" and table.loc[0, "after"] == "yes"


def test_compare_under_the_games_own_variants(toy: toolkit.games.Game) -> None:
    c = toolkit.compare(_scenario())
    assert c.rulesets == ("toy", "toy-2019")
    assert [sum(o.lines[i] for o in c.outcomes) for i in range(2)] == [3, 2]


def test_the_command_line_resolves_and_lists_it(toy: toolkit.games.Game, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.__main__ import main

    path = tmp_path / "mine.yaml"
    path.write_text("game: toy\ntitle: mine\ndate: 2019-06-01\n", encoding="utf-8")
    assert main(["explore", str(path)]) == 0
    out = capsys.readouterr().out
    assert "2 distinct outcomes over 2 lines" in out and "T3  optional after mandatory: yes" in out  # no meaning given
    assert main(["scenarios"]) == 0
    assert "toy_end" in capsys.readouterr().out


def test_export_runs_the_toy_example(toy: toolkit.games.Game) -> None:
    from toolkit.export import build_article

    cards = toolkit.load_cards().iloc[:0].copy()
    cards["game"] = cards["game"].astype("string")
    row = {c: pd.NA for c in cards.columns}
    row.update({"name_ja": "トイ・ヒーラー", "name_en": "Toy Healer", "game": "toy"})
    cards = pd.concat([cards, pd.DataFrame([row])], ignore_index=True)
    article = build_article("Toy Healer", rulings=_rulings(), cards=cards, examples=["toy_end"])
    assert article.card == "トイ・ヒーラー"
    assert [e.name for e in article.examples] == ["toy_end"] and article.examples[0].card_in_scenario
    assert [c.agrees for c in article.checks] == [True]


def test_unregistered_the_toy_is_unknown() -> None:
    with pytest.raises(UnknownGameError):
        toolkit.explore(_scenario())


def test_ask_answers_a_toy_question_with_the_toy_games_own_rule(toy: toolkit.games.Game) -> None:
    before = toolkit.ask(_scenario().at("2019-06-01"), CHECK)
    assert before.answer == "no" and before.decided_by.startswith("T3: the optional process waits")
    assert toolkit.ask(_scenario(), CHECK).answer == "yes"


def test_the_answers_over_time_chart_draws_the_toy_games_flip(toy: toolkit.games.Game) -> None:
    from toolkit.present.charts import answers_over_time

    chart = answers_over_time("toy/toy_end", check=CHECK, start="2019-01-01", end="2021-01-01")
    engine = chart.data[chart.data["series"] == "engine"]
    assert list(engine["answer"]) == ["no", "yes"] and [d.date() for d in engine["date"]][-1] == datetime.date(2020, 4, 1)


def test_a_game_without_a_viewer_of_its_own_is_shown_with_the_game_viewer(toy: toolkit.games.Game) -> None:
    from toolkit.widgets import GameViewer, viewer_for

    viewer = viewer_for("toy", ruleset="toy-2019")
    assert isinstance(viewer, GameViewer) and viewer.scenario.value == "toy_end"
    viewer.resolve.click()
    assert viewer.last_error is None and viewer.result is not None and viewer.step.max >= 1
    assert "Pass" in set(viewer.table["action"])  # the game's words, not the code
    viewer.explore.click()
    assert len(viewer.result.outcomes) == 2 and list(viewer.table["lines"]) == [1, 1]
    viewer.ruleset.value = "toy"
    viewer.explore.click()
    assert viewer.result.total_lines == 3
    viewer.file.value = str(Path(toolkit.__file__).parents[1] / "datasets" / "scenarios" / "horus_2012.yaml")
    viewer.open_file.click()
    assert "this viewer shows Toy" in viewer.status.value or "no such" in viewer.status.value
