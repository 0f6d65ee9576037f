"""The scenario builder as a writer uses it: start from an example, a file or
nothing, change it, be asked before losing work, undo once, read every
message beside its control and never mistake an old result for the answer.

Driven from Python as a reader drives it with the mouse (``.value``, ``.click()``).
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import yaml

from toolkit.ocg.scenario import Scenario, list_seed_scenarios, save_scenario, seed_scenario
from toolkit.widgets import ScenarioBuilder
from toolkit.widgets.builder import CHOOSE_EXAMPLE, STALE_MESSAGE
from toolkit.widgets.form import EMPTY_TITLE
from toolkit.widgets.replacing import REPLACE_QUESTION

HYSTERIC = "hysteric_sign_adjustment_2013"
HORUS = "horus_lv6_veiler_2011"
HORUS6 = "ホルスの黒炎竜 LV６"
VEILER = "エフェクト・ヴェーラー"
CYCLONE = "サイクロン"


@pytest.fixture()
def builder(tmp_path: Path) -> ScenarioBuilder:
    return ScenarioBuilder(folder=tmp_path / "scenarios")


def _loaded(builder: ScenarioBuilder, name: str) -> ScenarioBuilder:
    builder.example.value = name
    assert builder.last_error is None, builder.example_status.value
    return builder


def _asking(b: ScenarioBuilder, slot: str = "example") -> bool:
    shown = b.confirm in b._confirm_slots[slot].children and REPLACE_QUESTION in b.confirm_text.value
    assert b.asking == any(b.confirm in box.children for box in b._confirm_slots.values()), \
        "asking means the question is shown in one place"
    return shown


def _output_html(b: ScenarioBuilder) -> str:
    return "\n".join(str(o["data"].get("text/html", "")) for o in b.output.outputs)


# --------------------------------------------------------------------------
# Starting points set the identity of what they load
# --------------------------------------------------------------------------


def test_the_example_list_shows_titles_and_its_first_line_does_nothing(builder: ScenarioBuilder) -> None:
    labels = dict((value, label) for label, value in builder.example.options)
    assert labels[""] == CHOOSE_EXAMPLE
    assert labels[HYSTERIC] == seed_scenario(HYSTERIC).title
    assert set(labels) - {""} == set(list_seed_scenarios())
    assert builder.load_example.disabled, "nothing chosen: nothing to load"
    _loaded(builder, HORUS)
    before = builder.scenario
    builder.example.value = ""
    assert builder.scenario == before and builder.last_error is None
    assert "error" not in builder.example_status.value
    assert builder.load_example.disabled


def test_load_example_takes_its_title_description_and_ruling_ids(builder: ScenarioBuilder) -> None:
    shipped = seed_scenario(HYSTERIC)
    assert shipped.rulings, "the example cites a ruling"
    _loaded(builder, HYSTERIC)
    s = builder.scenario
    assert (s.title, s.description, s.rulings) == (shipped.title, shipped.description, shipped.rulings)
    assert shipped.rulings[0] in builder.description.value
    assert f"Loaded the worked example “{shipped.title}”" in builder.example_status.value


def test_new_gives_the_empty_position_with_no_title_description_or_rulings(builder: ScenarioBuilder) -> None:
    _loaded(builder, HYSTERIC)
    builder.new.click()
    assert builder.last_error is None, builder.example_status.value
    assert builder.scenario == Scenario(title=EMPTY_TITLE, turn_player="A", players={})
    assert builder.description.value == "" and builder.example.value == ""
    assert all(not builder.zones[p][z].value for p in "AB" for z in builder.zones[p])
    assert "new, empty position" in builder.example_status.value


def test_load_file_takes_the_file_s_title_description_and_ruling_ids(builder: ScenarioBuilder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    mine = Scenario(title="Mine", turn_player="B", players={}, description="my notes",
                    rulings=seed_scenario(HORUS).rulings)
    save_scenario(mine, folder / "mine.yaml")
    _loaded(builder, HYSTERIC)
    builder.refresh_files.click()
    builder.saved_files.value = "mine.yaml"
    builder.load.click()
    s = builder.scenario
    assert (s.title, s.description, s.rulings, s.turn_player) == ("Mine", "my notes", mine.rulings, "B")
    assert builder.file_name.value == "mine.yaml" and builder.example.value == ""
    assert "Loaded" in builder.load_status.value and builder.example_status.value == ""


# --------------------------------------------------------------------------
# A changed example is the reader's own
# --------------------------------------------------------------------------


def test_changing_an_example_marks_it_based_on_it_and_drops_its_ruling_ids(builder: ScenarioBuilder) -> None:
    shipped = seed_scenario(HYSTERIC)
    _loaded(builder, HYSTERIC)
    assert builder.keep_rulings.layout.display == "none", "nothing to keep while it is the example"
    builder.zones["A"]["hand"].value = [CYCLONE]
    s = builder.scenario
    assert s.title == f"Based on: {shipped.title}" == builder.title.value
    assert s.description == f"Based on the worked example “{shipped.title}”."
    assert "Hidden answer" not in s.description and s.rulings == ()
    assert builder.keep_rulings.layout.display is None, "the checkbox is offered"
    builder.keep_rulings.value = True
    assert builder.scenario.rulings == shipped.rulings
    builder.keep_rulings.value = False
    assert builder.scenario.rulings == ()


def test_undoing_the_change_by_hand_gives_back_the_example(builder: ScenarioBuilder) -> None:
    _loaded(builder, HORUS)
    life = builder.life["B"].value
    builder.life["B"].value = life - 1000
    assert builder.scenario.rulings == ()
    builder.life["B"].value = life
    assert builder.scenario == seed_scenario(HORUS)
    assert builder.title.value == seed_scenario(HORUS).title


def test_a_title_the_reader_typed_is_kept_and_a_new_title_alone_keeps_the_example(builder: ScenarioBuilder) -> None:
    shipped = seed_scenario(HORUS)
    _loaded(builder, HORUS)
    builder.title.value = "Horus, my way"
    assert builder.scenario.rulings == shipped.rulings, "a title is not a position"
    builder.date.value = datetime.date(2015, 1, 1)
    assert builder.scenario.title == "Horus, my way" and builder.scenario.rulings == ()


def test_saving_a_changed_example_writes_no_ruling_ids_and_not_its_description(
    builder: ScenarioBuilder, tmp_path: Path
) -> None:
    _loaded(builder, HYSTERIC)
    builder.zones["A"]["hand"].value = [CYCLONE]
    builder.file_name.value = "mine"
    builder.save.click()
    assert builder.last_error is None, builder.save_status.value
    saved = yaml.safe_load((tmp_path / "scenarios" / "mine.yaml").read_text(encoding="utf-8"))
    assert not saved.get("rulings")
    assert "Hidden answer" not in saved.get("description", "")
    assert saved["title"].startswith("Based on: ")


# --------------------------------------------------------------------------
# Asking before replacing, and one Undo
# --------------------------------------------------------------------------


def test_choosing_an_example_over_unsaved_edits_asks_beside_the_dropdown(builder: ScenarioBuilder) -> None:
    _loaded(builder, HORUS)
    builder.zones["A"]["hand"].value = [CYCLONE]
    edited = builder.scenario
    builder.example.value = HYSTERIC
    assert _asking(builder, "example") and builder.scenario == edited
    builder.cancel.click()
    assert not _asking(builder, "example") and builder.scenario == edited
    assert builder.example.value == HORUS, "the list shows what the form is based on again"
    assert "Kept your position" in builder.example_status.value
    builder.example.value = HYSTERIC
    builder.replace.click()
    assert builder.scenario == seed_scenario(HYSTERIC)
    builder.undo.click()
    assert builder.scenario == edited, "Undo brings back the replaced position"
    assert builder.undo.disabled, "one level"


def test_new_over_a_position_that_does_not_even_validate_asks_and_undo_restores_it(builder: ScenarioBuilder) -> None:
    builder.zones["A"]["hand"].value = [VEILER]
    builder.zones["A"]["graveyard"].value = [VEILER]  # listed twice: not a valid scenario
    builder.new.click()
    assert _asking(builder, "example")
    builder.replace.click()
    assert builder.zones["A"]["hand"].value == [] and builder.zones["A"]["graveyard"].value == []
    builder.undo.click()
    assert builder.zones["A"]["hand"].value == [VEILER] and builder.zones["A"]["graveyard"].value == [VEILER]


def test_load_file_over_unsaved_edits_asks_beside_load(builder: ScenarioBuilder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    save_scenario(seed_scenario(HORUS), folder / "horus.yaml")
    builder.refresh_files.click()
    builder.zones["B"]["hand"].value = [VEILER]
    builder.load.click()
    assert _asking(builder, "load") and not _asking(builder, "example")
    assert builder.zones["B"]["hand"].value == [VEILER]
    builder.replace.click()
    assert builder.scenario == seed_scenario(HORUS)
    assert "Loaded" in builder.load_status.value
    builder.undo.click()
    assert builder.zones["B"]["hand"].value == [VEILER] and builder.scenario.title == EMPTY_TITLE


def test_load_without_edits_replaces_at_once_and_a_saved_position_is_not_unsaved(
    builder: ScenarioBuilder, tmp_path: Path
) -> None:
    _loaded(builder, HORUS)
    builder.example.value = HYSTERIC
    assert not _asking(builder) and builder.scenario == seed_scenario(HYSTERIC)
    builder.zones["A"]["hand"].value = [CYCLONE]
    builder.save.click()
    assert not builder.has_unsaved_edits()
    builder.new.click()
    assert not _asking(builder) and builder.scenario.title == EMPTY_TITLE


# --------------------------------------------------------------------------
# Messages beside their controls, emptied when the position changes
# --------------------------------------------------------------------------


def test_save_s_error_is_beside_save_and_goes_with_the_next_edit(builder: ScenarioBuilder) -> None:
    _loaded(builder, HORUS)
    builder.save.click()
    builder.save.click()  # the file exists now
    assert "tick Overwrite" in builder.save_status.value
    assert "tick Overwrite" not in builder.status.value + builder.load_status.value + builder.example_status.value
    builder.zones["A"]["hand"].value = [CYCLONE]
    assert builder.save_status.value == ""


def test_load_s_error_is_beside_load(builder: ScenarioBuilder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "broken.yaml").write_text("title: [unclosed\n", encoding="utf-8")
    builder.refresh_files.click()
    builder.load.click()
    assert "broken.yaml" in builder.load_status.value and "endphase-status-error" in builder.load_status.value
    assert builder.status.value == "" and builder.save_status.value == ""


def test_add_card_s_message_is_beside_add_card_and_goes_with_the_next_edit(builder: ScenarioBuilder) -> None:
    builder.card_search.value = "zzz no such card"
    builder.add_card.click()
    assert "Choose a card in the list first" in builder.card_message.value and "hoose a card" not in builder.status.value
    builder.zones["A"]["hand"].value = [CYCLONE]
    assert builder.card_message.value == ""


def test_a_run_s_message_goes_when_the_position_changes(builder: ScenarioBuilder) -> None:
    _loaded(builder, HORUS)
    builder.resolve.click()
    assert "Resolved" in builder.status.value
    builder.life["B"].value = 4000
    assert builder.status.value == ""


# --------------------------------------------------------------------------
# Stale and failed results
# --------------------------------------------------------------------------


def test_a_result_of_a_changed_position_is_marked_stale_until_the_position_is_back(builder: ScenarioBuilder) -> None:
    _loaded(builder, HORUS)
    builder.date.value = datetime.date(2012, 1, 1)
    builder.resolve.click()
    assert not builder.result_is_stale and builder.stale.value == ""
    builder.title.value = "only a new title"
    assert not builder.result_is_stale, "the title is not the position"
    builder.date.value = datetime.date(2015, 1, 1)
    assert builder.result_is_stale and builder.result is not None
    assert "This result is for the position before your last edit" in builder.stale.value
    assert "endphase-stale" in builder.output._dom_classes
    builder.date.value = datetime.date(2012, 1, 1)
    assert not builder.result_is_stale and "endphase-stale" not in builder.output._dom_classes
    builder.policy.value = "pass"
    assert builder.result_is_stale, "the players would choose otherwise now"
    assert STALE_MESSAGE in builder.stale.value or "position before your last edit" in builder.stale.value


def test_a_failed_resolve_clears_the_previous_trace(builder: ScenarioBuilder) -> None:
    _loaded(builder, HORUS)
    builder.resolve.click()
    assert builder.result is not None and "endphase-trace" in _output_html(builder)
    builder.date.value = datetime.date(1990, 1, 1)  # before any rules the toolkit knows
    builder.resolve.click()
    assert "endphase-status-error" in builder.status.value
    assert builder.result is None and builder.view is None
    assert builder.output.outputs == () and builder.step_view.value == ""
    assert builder.step.layout.display == "none" and not builder.result_is_stale


def test_a_failed_explore_clears_the_previous_outcomes(builder: ScenarioBuilder) -> None:
    _loaded(builder, HORUS)
    builder.explore.click()
    assert "endphase-outcomes" in _output_html(builder)
    builder.zones["A"]["field"].value = []  # the lingering effect's target is gone
    builder.explore.click()
    assert builder.result is None and builder.output.outputs == ()


# --------------------------------------------------------------------------
# Layout
# --------------------------------------------------------------------------


def test_the_step_slider_spans_the_trace_highlights_its_row_and_walks_the_explored_line(builder: ScenarioBuilder) -> None:
    assert builder.step.layout.display == "none", "no trace yet: no slider"
    _loaded(builder, HORUS)
    builder.resolve.click()
    steps = len(builder.result.steps)
    assert builder.step.layout.display is None and builder.step.layout.width == "100%"
    assert builder.step.value == steps and builder.highlighted_row == steps - 1
    builder.step.value = 2
    assert builder.highlighted_row == 1
    assert "tr:nth-child(2)" in builder.step_style.value and builder.scope in builder.step_style.value
    builder.step.value = 0
    assert builder.highlighted_row is None and builder.step_style.value == ""
    builder.explore.click()  # the slider now walks the first outcome's example line
    line = len(builder._trace_rows)
    assert builder.step.layout.display is None and builder.step.value == line - 1
    assert builder.highlighted_row == builder.step.value - 1


def test_buttons_keep_their_words_and_rows_wrap(builder: ScenarioBuilder) -> None:
    for button in (builder.add_card, builder.add_lingering, builder.resolve, builder.save, builder.new):
        assert button.layout.width == "auto" and button.layout.flex == "0 0 auto", button.description
    boxes = [child for child in builder.widget.children if hasattr(child, "children")]
    run_row = next(box for box in boxes if builder.resolve in box.children)
    assert run_row.layout.flex_flow == "row wrap"


def test_the_turn_player_sits_with_the_rules_not_with_the_player_tabs(builder: ScenarioBuilder) -> None:
    import ipywidgets as w

    def parents(widget: object, box: object, trail: tuple[object, ...] = ()) -> tuple[object, ...] | None:
        if box is widget:
            return trail
        for child in getattr(box, "children", ()):
            found = parents(widget, child, (*trail, box))
            if found is not None:
                return found
        return None

    trail = parents(builder.turn_player, builder.widget)
    assert trail is not None
    assert "endphase-rules-and-turn" in trail[-1]._dom_classes
    assert not any(isinstance(box, w.Tab) for box in trail)
    assert [label for label, _value in builder.turn_player.options] == ["A plays this turn", "B plays this turn"]
