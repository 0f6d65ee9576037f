"""One search for "who can force each outcome", and the limits of a search."""

from __future__ import annotations

import io
import time

import pytest

import toolkit.games
from toolkit.core.errors import SearchBudgetExceeded
from toolkit.core.limits import LimitError, Progress, stderr_progress
from toolkit.core.search import can_force, explore
from toolkit.core.values import PLAYERS
from toolkit.ocg.positions import mandatory_processes
from toolkit.ocg.scenario import load_scenario
from toolkit.resources import dataset_root
from toolkit.widgets.runs import ExactOutcome

SHIPPED = toolkit.games.shipped_scenario_names()


@pytest.mark.parametrize("name", SHIPPED)
def test_forcing_gives_the_answers_of_can_force_for_every_outcome(name: str) -> None:
    scenario = toolkit.games.shipped_scenario(name)
    found = explore(scenario)
    forcers = found.forcing()
    assert len(forcers) == len(found.outcomes)
    # can_force costs one search per outcome and player: a few outcomes spread over the list suffice
    step = max(1, len(found.outcomes) // 4)
    for lines, who in list(zip(found.outcomes, forcers))[::step]:
        for player in PLAYERS:
            expected = can_force(found.start, player, ExactOutcome(lines.outcome)).value
            assert (player in who) == expected, (name, lines.outcome.text(), player)


def test_somebody_can_force_the_only_outcome() -> None:
    found = explore(toolkit.games.shipped_scenario("lyla_veiler_2011"))
    if len(found.outcomes) == 1:
        assert found.forcing() == (frozenset(PLAYERS),)
    else:
        assert any(found.forcing())


@pytest.mark.parametrize("bad", [0, -5, 2.5, True, "10"])
def test_a_position_limit_must_be_a_positive_whole_number(bad: object) -> None:
    with pytest.raises(LimitError, match="max_states must be a positive whole number"):
        explore(toolkit.games.shipped_scenario("lyla_veiler_2011"), max_states=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, -1.0, float("nan"), "1"])
def test_a_time_limit_must_be_positive(bad: object) -> None:
    with pytest.raises(LimitError, match="time_limit must be a positive number of seconds"):
        explore(toolkit.games.shipped_scenario("lyla_veiler_2011"), time_limit=bad)  # type: ignore[arg-type]


def test_the_position_limit_message_names_the_limit_the_file_and_the_option() -> None:
    path = dataset_root() / "scenarios" / "tsukuyomi_asura_vs_yamata_hino.yaml"
    with pytest.raises(SearchBudgetExceeded) as info:
        explore(load_scenario(path), max_states=5)
    message = str(info.value)
    assert "limit of 5 positions (max_states)" in message
    assert "tsukuyomi_asura_vs_yamata_hino.yaml" in message and "--max-states" in message


def test_the_time_limit_stops_a_long_search_and_says_so() -> None:
    started = time.perf_counter()
    with pytest.raises(SearchBudgetExceeded) as info:
        explore(mandatory_processes(18), time_limit=0.05, reduce=False)
    assert time.perf_counter() - started < 5
    assert "time limit of 0.05 s (time_limit)" in str(info.value) and "--time-limit" in str(info.value)


def test_progress_is_reported_and_ends_with_the_whole_count() -> None:
    seen: list[Progress] = []
    found = explore(toolkit.games.shipped_scenario("tsukuyomi_asura_vs_yamata_hino"), progress=seen.append)
    assert seen and seen[-1].done and not any(p.done for p in seen[:-1])
    assert seen[-1].positions >= 1 and [p.positions for p in seen] == sorted(p.positions for p in seen)
    assert found.states >= 1


def test_stderr_progress_stays_quiet_for_a_short_search_and_writes_for_a_long_one() -> None:
    out = io.StringIO()
    report = stderr_progress(after=1.0, stream=out)
    report(Progress(10, 0.2))
    assert out.getvalue() == ""
    report(Progress(5000, 1.5))
    report(Progress(9000, 2.0, done=True))
    assert "5,000 positions" in out.getvalue() and out.getvalue().endswith("\n")


def test_the_command_line_refuses_a_time_limit_that_is_not_positive(capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.__main__ import main

    assert main(["explore", "lyla_veiler_2011", "--time-limit", "0"]) == 2
    err = capsys.readouterr().err
    assert "argument --time-limit: must be above zero, not 0" in err.splitlines()[-1] and "Traceback" not in err


def test_the_command_line_reports_a_search_stopped_by_its_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.__main__ import main

    assert main(["explore", "tsukuyomi_asura_vs_yamata_hino", "--max-states", "3"]) == 3  # a search limit
    err = capsys.readouterr().err
    assert "limit of 3 positions (max_states)" in err and "--max-states" in err and "Traceback" not in err


def test_the_time_limit_is_read_at_every_new_position() -> None:
    from toolkit.ocg.scenario import PlayerSetup, Scenario

    names = ["ブラッド・ヴォルス", "ジェネティック・ワーウルフ", "死者蘇生", "強欲な壺", "落とし穴"]
    hand = tuple(f"{names[i % 5]}#{i // 5 + 1}" for i in range(100))
    big = Scenario(title="100 cards in hand", turn_player="A", players={"A": PlayerSetup(hand=hand), "B": PlayerSetup()})
    # few positions (423), each slow to expand (210 ways to discard 94 cards): stopped long before the end
    with pytest.raises(SearchBudgetExceeded, match="time limit of 0.01 s"):
        explore(big, time_limit=0.01)
