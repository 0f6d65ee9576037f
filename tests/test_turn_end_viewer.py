"""The Duel Masters Turn End Step viewer, driven from Python as a reader would drive it.

Widgets are attributes: tests set dropdown values, ``.click()`` the buttons and
assert on ``.result``, ``.table``, ``.status``, the step slider and the
``.output`` widget's outputs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import toolkit
from toolkit.core.errors import SearchBudgetExceeded
from toolkit.core.search import Exploration, Resolution
from toolkit.duel_masters import RULES, list_seed_scenarios, seed_scenario
from toolkit.errors import ScenarioError
from toolkit.ocg.rulesets import UnknownRulesetError
from toolkit.widgets import TurnEndViewer, turn_end_viewer

MOFFLE = "夢見がちモッフル"
ZANJIBAR = "黒神龍ザンジバル"
GURJE = "グルジェ・グルジェ"


@pytest.fixture()
def viewer() -> TurnEndViewer:
    return TurnEndViewer()


def _status(v: TurnEndViewer) -> str:
    return str(v.status.value)


def _output_html(v: TurnEndViewer) -> str:
    return "\n".join(str(o["data"].get("text/html", "")) for o in v.output.outputs)


# --------------------------------------------------------------------------
# The dropdowns
# --------------------------------------------------------------------------


def test_the_scenario_dropdown_lists_every_shipped_scenario_by_title(viewer: TurnEndViewer) -> None:
    names = list_seed_scenarios()
    assert len(names) >= 9
    assert [value for _label, value in viewer.scenario.options] == list(names)
    labels = dict((value, label) for label, value in viewer.scenario.options)
    assert labels["dm_moffle_zanjibar"] == seed_scenario("dm_moffle_zanjibar").title
    assert labels["dm_moffle_zanjibar"].startswith("Q&A: tapped Moffle")


def test_the_ruleset_dropdown_lists_the_turn_end_rulesets_seed_004_first(viewer: TurnEndViewer) -> None:
    assert [value for _label, value in viewer.ruleset.options] == list(RULES)
    assert viewer.ruleset.value == "duel_masters"
    labels = dict((value, label) for label, value in viewer.ruleset.options)
    assert labels["dm-turn-starts-later"] == "dm-turn-starts-later (D2(6) next_turn_starts_at_once off)"


def test_about_names_the_rulings_and_what_a_variant_changes(viewer: TurnEndViewer) -> None:
    viewer.scenario.value = "dm_moffle_zanjibar"
    assert "dm-qa-zanjibar-moffle-simultaneous" in viewer.about.value
    viewer.ruleset.value = "dm-turn-starts-later"
    assert "next_turn_starts_at_once" in viewer.about.value
    assert "the rules are checked (power 0 or less is destroyed)" in viewer.about.value


# --------------------------------------------------------------------------
# Resolve
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["dm_moffle_zanjibar", "dm_gurje_gurje_welcome_hell", "dm_zero_hand_mcguffin"])
def test_resolve_gives_the_same_outcome_as_toolkit_resolve(viewer: TurnEndViewer, name: str) -> None:
    viewer.scenario.value = name
    viewer.resolve.click()
    assert viewer.last_error is None, _status(viewer)
    assert isinstance(viewer.result, Resolution)
    expected = toolkit.resolve(seed_scenario(name))
    assert viewer.result.outcome == expected.outcome
    assert [repr(a) for a in viewer.result.actions] == [repr(a) for a in expected.actions]
    assert "endphase-status-ok" in _status(viewer)
    assert f"{len(expected.steps)} steps" in _status(viewer)


def test_resolving_moffle_under_seed_004_keeps_moffle(viewer: TurnEndViewer) -> None:
    viewer.scenario.value = "dm_moffle_zanjibar"
    viewer.resolve.click()
    assert isinstance(viewer.result, Resolution)
    assert not viewer.result.has("destroyed", MOFFLE)
    assert viewer.result.has("turn_started")
    assert viewer.table is not None
    assert list(viewer.table.columns) == list(turn_end_viewer.TRACE_COLUMNS)
    assert list(viewer.table["rule"]) == ["D2(1)", "D2(6)"]
    assert "D2(6)" in _output_html(viewer) and "B&#x27;s turn starts" in _output_html(viewer)


def test_the_step_slider_follows_the_line_and_shows_rule_reason_and_notes(viewer: TurnEndViewer) -> None:
    viewer.scenario.value = "dm_gurje_gurje_welcome_hell"
    viewer.resolve.click()
    assert isinstance(viewer.result, Resolution)
    steps = len(viewer.result.steps)
    assert steps == len(viewer.result.trace) > 2
    assert (viewer.step.min, viewer.step.max) == (1, steps) and not viewer.step.disabled
    trace = viewer.result.trace
    for index in (1, steps):
        viewer.step.value = index
        row = trace.iloc[index - 1]
        view = viewer.step_view.value
        assert f"Step {index}</b>" in view
        assert "rule <a class=\"endphase-rule\" href=\"#rule-duel_masters-" in view and f">{row['rule']}<span" in view
        assert row["reason"].split("'")[0] in view
    viewer.step.value = 1
    assert "Notes: <a class=\"endphase-rule\" href=\"#rule-duel_masters-D2-1\">D2(1)<span" in viewer.step_view.value
    assert "</span></a>: the Turn End Step comes" in viewer.step_view.value

    viewer.scenario.value = "dm_moffle_zanjibar"  # a new choice clears the line
    assert viewer.result is None and viewer.step.disabled and viewer.step.max == 0
    viewer.resolve.click()
    assert (viewer.step.min, viewer.step.max) == (1, 2)
    viewer.step.value = 2
    assert "rule <a class=\"endphase-rule\" href=\"#rule-duel_masters-D2-6\">D2(6)<span" in viewer.step_view.value
    assert f"</span></a>: durations end ({MOFFLE}" in viewer.step_view.value
    # the position after the last step: Moffle untapped in B's battle zone
    assert MOFFLE in viewer.step_view.value.split("<table>", 1)[1]


# --------------------------------------------------------------------------
# Explore and the counterfactual rulesets
# --------------------------------------------------------------------------


def test_turn_starts_later_makes_explore_show_moffle_destroyed(viewer: TurnEndViewer) -> None:
    viewer.scenario.value = "dm_moffle_zanjibar"
    viewer.explore.click()
    assert isinstance(viewer.result, Exploration)
    assert not any(o.outcome.has("destroyed", MOFFLE) for o in viewer.result.outcomes)
    assert f"{MOFFLE} is destroyed" not in _output_html(viewer)

    viewer.ruleset.value = "dm-turn-starts-later"
    assert viewer.result is None, "a new ruleset clears the old answer"
    viewer.explore.click()
    assert viewer.last_error is None, _status(viewer)
    assert isinstance(viewer.result, Exploration)
    assert [o.outcome.has("destroyed", MOFFLE) for o in viewer.result.outcomes] == [True]
    assert viewer.table is not None
    assert list(viewer.table.columns) == list(turn_end_viewer.EXPLORE_COLUMNS)
    assert viewer.table.iloc[0]["final"] == f"A.battle_zone: {ZANJIBAR}; B.graveyard: {MOFFLE}"
    assert f"{MOFFLE} is destroyed (B)" in _output_html(viewer)
    assert "under dm-turn-starts-later" in _status(viewer)
    assert not viewer.step.disabled and viewer.step.description == "Outcome 1", "the slider walks outcome 1's line"


def test_explore_gurje_gurje_never_brings_a_destroyed_gurje_back(viewer: TurnEndViewer) -> None:
    viewer.scenario.value = "dm_gurje_gurje_welcome_hell"
    viewer.explore.click()
    assert isinstance(viewer.result, Exploration)
    expected = toolkit.explore(seed_scenario("dm_gurje_gurje_welcome_hell"))
    assert viewer.table is not None
    assert list(viewer.table["lines"]) == [o.lines for o in expected.outcomes]
    assert int(viewer.table["lines"].sum()) == expected.total_lines
    assert not any(o.outcome.has("destroyed", GURJE) and o.outcome.has("entered", GURJE)
                   for o in viewer.result.outcomes)
    assert f"{len(expected.outcomes)} distinct outcomes over {expected.total_lines} lines" in _status(viewer)


def test_one_outcome_is_counted_in_the_singular(viewer: TurnEndViewer) -> None:
    # before: "1 distinct outcomes over 1 lines"
    viewer.scenario.value = "dm_moffle_zanjibar"
    viewer.ruleset.value = "dm-turn-starts-later"
    viewer.explore.click()
    assert "1 distinct outcome over 1 line (" in _status(viewer), _status(viewer)


def test_the_output_is_deterministic() -> None:
    first, second = TurnEndViewer("dm_hellfuez_harridelberg"), TurnEndViewer("dm_hellfuez_harridelberg")
    for v in (first, second):
        v.explore.click()
    assert _output_html(first) == _output_html(second) and _status(first) == _status(second)
    for v in (first, second):
        v.resolve.click()
        v.step.value = 3
    assert _output_html(first) == _output_html(second)
    assert first.step_view.value == second.step_view.value


# --------------------------------------------------------------------------
# Errors are status lines
# --------------------------------------------------------------------------


def test_an_unknown_ruleset_is_a_status_line_not_a_traceback() -> None:
    v = TurnEndViewer("dm_moffle_zanjibar", rulesets=["duel_masters", "dm-turn-start-later"])
    v.ruleset.value = "dm-turn-start-later"
    v.resolve.click()
    assert isinstance(v.last_error, UnknownRulesetError)
    assert "endphase-status-error" in _status(v)
    assert "unknown Duel Masters ruleset &#x27;dm-turn-start-later&#x27;" in _status(v)
    assert "did you mean &#x27;dm-turn-starts-later&#x27;?" in _status(v)
    assert v.result is None and v.output.outputs == ()


def test_an_unknown_scenario_name_is_a_status_line() -> None:
    v = TurnEndViewer("dm_moffle_zanjibr")
    assert isinstance(v.last_error, ScenarioError)
    assert "no shipped Duel Masters scenario &#x27;dm_moffle_zanjibr&#x27;" in _status(v)
    assert "did you mean &#x27;dm_moffle_zanjibar&#x27;?" in _status(v)
    assert v.scenario.value == list_seed_scenarios()[0]


def test_a_search_over_budget_is_a_status_line() -> None:
    v = TurnEndViewer("dm_gurje_gurje_welcome_hell", max_states=5)
    v.explore.click()
    assert isinstance(v.last_error, SearchBudgetExceeded)
    assert "✘ the search" in _status(v) and "limit of 5 positions (max_states)" in _status(v)
    assert v.result is None and v.table is None


def test_an_unexpected_error_is_shown_not_raised(viewer: TurnEndViewer, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("engine fell over")

    monkeypatch.setattr("toolkit.core.search.resolve", broken)
    viewer.resolve.click()
    assert "unexpected RuntimeError: engine fell over" in _status(viewer)
    assert viewer.result is None


@pytest.mark.parametrize("button", ["resolve", "explore"])
def test_a_failed_run_clears_the_previous_trace(
    viewer: TurnEndViewer, monkeypatch: pytest.MonkeyPatch, button: str
) -> None:
    viewer.resolve.click()
    assert viewer.result is not None and "endphase-trace" in _output_html(viewer)

    def unreadable(name: str) -> Any:
        raise ScenarioError("the scenario file cannot be read", file=f"{name}.yaml")

    monkeypatch.setattr(viewer, "_lookup", unreadable)  # reading the chosen scenario fails
    getattr(viewer, button).click()
    assert "cannot be read" in _status(viewer)
    assert viewer.result is None and viewer.table is None
    assert viewer.output.outputs == (), "no old trace under the error"
    assert viewer.step_view.value == "" and viewer.step.layout.display == "none"


def test_the_step_slider_highlights_its_trace_row_and_walks_the_explored_line(viewer: TurnEndViewer) -> None:
    assert viewer.step.layout.display == "none"
    viewer.scenario.value = "dm_gurje_gurje_welcome_hell"
    viewer.resolve.click()
    assert viewer.step.layout.display is None and viewer.step.layout.width == "100%"
    viewer.step.value = 2
    assert viewer.highlighted_row == 1 and "tr:nth-child(2)" in viewer.step_style.value
    viewer.explore.click()  # the slider walks the first outcome's example line
    assert viewer.step.layout.display is None and viewer.step.value == viewer.step.max
    assert viewer.highlighted_row == viewer.step.max - 1


# --------------------------------------------------------------------------
# Display
# --------------------------------------------------------------------------


def test_display_gives_a_widget_view_and_a_stable_text() -> None:
    v = TurnEndViewer("dm_moffle_zanjibar", ruleset="dm-turn-starts-later")
    bundle = v._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == "TurnEndViewer('dm_moffle_zanjibar', ruleset='dm-turn-starts-later')"
    assert "endphase-turn-end-viewer" in v.widget._dom_classes


def test_a_scenario_file_of_ones_own_opens_into_the_dropdown(tmp_path: Path) -> None:
    from toolkit.resources import dataset_path

    text = dataset_path("scenarios", "duel_masters", "dm_moffle_zanjibar.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "my_moffle.yaml"
    mine.write_text(text.replace("Q&A: tapped Moffle", "My tapped Moffle"), encoding="utf-8")
    viewer = TurnEndViewer("dm_gurje_gurje_welcome_hell")
    viewer.file.value = str(mine)
    viewer.open_file.click()
    assert viewer.last_error is None, viewer.status.value
    assert viewer.scenario.value == f"file:{mine}"
    assert "My tapped Moffle" in viewer.about.value and "Opened" in _status(viewer)
    viewer.ruleset.value = "dm-turn-starts-later"
    viewer.explore.click()
    assert [o.outcome.has("destroyed", MOFFLE) for o in viewer.result.outcomes] == [True]


def test_a_bad_scenario_file_is_a_status_line_naming_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: duel_masters\ntitle: t\nturn_player: C\nplayers: {}\n", encoding="utf-8")
    viewer = TurnEndViewer("dm_moffle_zanjibar")
    viewer.file.value = str(bad)
    viewer.open_file.click()
    assert isinstance(viewer.last_error, ScenarioError)
    assert "bad.yaml" in _status(viewer) and "turn_player" in _status(viewer)
    assert viewer.scenario.value == "dm_moffle_zanjibar"
    viewer.file.value = ""
    viewer.open_file.click()
    assert "type the path" in _status(viewer)
