"""The scenario builder, driven from Python as a reader would drive it.

Widgets are attributes: tests set their values, call ``.click()`` and assert on
``.result``, ``.status`` and the ``.output`` widget's outputs.
"""

from __future__ import annotations

import datetime
import html
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toolkit.errors import ScenarioError
from toolkit.ocg.scenario import list_seed_scenarios, seed_scenario
from toolkit.resources import dataset_root
from toolkit.widgets import ScenarioBuilder, runs
from toolkit.widgets.card_search import CardCatalogue
from toolkit.widgets.catalogue import default_catalogue

HORUS6 = "ホルスの黒炎竜 LV６"
HORUS8 = "ホルスの黒炎竜 LV８"
VEILER = "エフェクト・ヴェーラー"
HORUS_EXAMPLE = "horus_lv6_veiler_2011"


@pytest.fixture()
def builder(tmp_path: Path) -> ScenarioBuilder:
    return ScenarioBuilder(folder=tmp_path / "scenarios")


@pytest.fixture()
def horus(tmp_path: Path) -> ScenarioBuilder:
    b = ScenarioBuilder(folder=tmp_path / "scenarios")
    b.example.value = HORUS_EXAMPLE
    b.load_example.click()
    return b


def _status(b: ScenarioBuilder) -> str:
    return str(b.status.value)


def _output_html(b: ScenarioBuilder) -> str:
    return "\n".join(str(o["data"].get("text/html", "")) for o in b.output.outputs)


# --------------------------------------------------------------------------
# Editing
# --------------------------------------------------------------------------


def test_card_search_finds_cards_by_english_or_japanese_name(builder: ScenarioBuilder) -> None:
    builder.card_search.value = "effect veiler"
    assert builder.card_matches.value == VEILER
    builder.card_search.value = "ヴェーラー"
    assert [value for _label, value in builder.card_matches.options] == [VEILER]
    builder.card_search.value = "horus lv6"  # full-width ６ in the name matches an ASCII 6
    assert builder.card_matches.value == HORUS6
    builder.card_search.value = "zzz no such card"
    assert builder.card_matches.options == ()


def test_default_catalogue_holds_every_card_the_engine_knows_with_english_names() -> None:
    from toolkit.ocg.cards import registered_names

    catalogue = default_catalogue()
    assert catalogue.names == registered_names()
    assert catalogue.english[VEILER] == "Effect Veiler"


def test_adding_cards_fills_the_chosen_zone_and_a_second_copy_gets_a_copy_mark(builder: ScenarioBuilder) -> None:
    builder.card_search.value = "veiler"
    builder.add_to.value = "B:hand"
    builder.add_card.click()
    builder.add_to.value = "B:graveyard"
    builder.add_card.click()
    assert builder.zones["B"]["hand"].value == [VEILER]
    assert builder.zones["B"]["graveyard"].value == [f"{VEILER}#2"]
    scenario = builder.scenario
    assert scenario.players["B"].hand == (VEILER,)
    assert [c.name for c in scenario.players["B"].graveyard] == [f"{VEILER}#2"]


def test_this_turn_tags_and_position_are_kept_per_card(builder: ScenarioBuilder) -> None:
    builder.zones["A"]["field"].value = [HORUS6, "サイクロン"]
    builder.detail_card.value = "A:field:0"
    builder.detail_tags.value = ["destroyed_monster_by_battle"]
    builder.detail_card.value = "A:field:1"
    builder.detail_position.value = "set"
    # removing the second card keeps the first card's details
    builder.zones["A"]["field"].value = [HORUS6]
    (horus,) = builder.scenario.players["A"].field
    assert horus.tags == frozenset({"destroyed_monster_by_battle"})
    assert horus.position == "face_up"
    builder.zones["A"]["field"].value = [HORUS6, "サイクロン"]
    assert builder.scenario.players["A"].field[1].position == "face_up", "a re-added card starts afresh"


def test_lingering_effects_are_added_and_removed(builder: ScenarioBuilder) -> None:
    builder.zones["A"]["field"].value = [HORUS6]
    builder.lingering_source.value = VEILER
    builder.lingering_controller.value = "B"
    builder.lingering_target.value = HORUS6
    builder.lingering_effect.value = "negate"
    builder.add_lingering.click()
    (effect,) = builder.scenario.lingering
    assert (effect.source, effect.controller, effect.target, effect.effect) == (VEILER, "B", HORUS6, "negate")
    builder.lingering_list.index = 0
    builder.remove_lingering.click()
    assert builder.scenario.lingering == ()


def test_a_date_and_a_ruleset_exclude_each_other(builder: ScenarioBuilder) -> None:
    builder.ruleset.value = "ocg-2011"
    assert builder.scenario.ruleset == "ocg-2011" and builder.scenario.date is None
    builder.date.value = datetime.date(2012, 1, 1)
    assert builder.ruleset.value == ""
    assert builder.scenario.date == datetime.date(2012, 1, 1) and builder.scenario.ruleset is None
    builder.ruleset.value = "ocg"
    assert builder.date.value is None


@pytest.mark.parametrize("name", list_seed_scenarios())
def test_every_worked_example_loads_in_one_click_and_reads_back_unchanged(builder: ScenarioBuilder, name: str) -> None:
    builder.example.value = name
    builder.load_example.click()
    assert builder.last_error is None, builder.example_status.value
    assert builder.scenario == seed_scenario(name)
    assert "endphase-status-ok" in builder.example_status.value


def test_set_scenario_and_scenario_round_trip_a_built_position(builder: ScenarioBuilder) -> None:
    original = seed_scenario("arcana_force_ohka_veiler_2012")
    builder.set_scenario(original)
    again = ScenarioBuilder(builder.scenario, folder=builder.folder.value)
    assert again.scenario == original


# --------------------------------------------------------------------------
# Resolve
# --------------------------------------------------------------------------


def test_resolve_horus_under_the_rules_of_2012_levels_up(horus: ScenarioBuilder) -> None:
    horus.date.value = datetime.date(2012, 1, 1)
    horus.resolve.click()
    assert horus.last_error is None, _status(horus)
    assert horus.result.has("special_summoned", HORUS8)
    table = horus.view.table
    summon_rows = table[table["events"].str.contains(f"{HORUS8} is Special Summoned", regex=False)]
    assert len(summon_rows) == 1
    assert summon_rows.iloc[0]["action"] == "Perform: ホルスの黒炎竜 LV６: level up to LV8"
    assert summon_rows.iloc[0]["code"] == "Perform('ホルスの黒炎竜 LV６: level up to LV8')"
    assert f"{HORUS8} is Special Summoned" in _output_html(horus), "the trace table is in the output widget"
    assert "2012-01-01" in _status(horus)


def test_resolve_horus_under_the_rules_of_2015_does_not_level_up(horus: ScenarioBuilder) -> None:
    horus.date.value = datetime.date(2015, 1, 1)
    horus.resolve.click()
    assert horus.last_error is None, _status(horus)
    assert not horus.result.has("special_summoned", HORUS8)
    assert "is Special Summoned" not in _output_html(horus)


def test_step_slider_shows_each_position_and_the_reason(horus: ScenarioBuilder) -> None:
    horus.date.value = datetime.date(2012, 1, 1)
    horus.resolve.click()
    steps = len(horus.result.steps)
    assert horus.step.max == steps and not horus.step.disabled
    horus.step.value = 0
    assert "Start" in horus.step_view.value and "End Phase" in horus.step_view.value
    summon = int(horus.view.table.loc[horus.view.table["events"].str.contains("Special Summoned"), "step"].iloc[0])
    horus.step.value = summon
    view = horus.step_view.value
    assert f"Step {summon}" in view and 'href="#rule-ocg-R7">R7<span class="endphase-tip"' in view
    # the position after the level-up shows LV8 on the field
    assert HORUS8 in view.split("<table>", 1)[1]
    horus.step.value = summon - 1
    assert HORUS8 not in horus.step_view.value.split("<table>", 1)[1].split("deck")[0]


def test_the_policy_choice_changes_who_acts(horus: ScenarioBuilder) -> None:
    horus.date.value = datetime.date(2012, 1, 1)
    horus.policy.value = "pass"
    horus.resolve.click()
    assert not horus.result.has("special_summoned", HORUS8), "when both always pass, Horus's optional effect waits"
    horus.policy.value = "turn-player-acts"
    horus.resolve.click()
    assert horus.result.has("special_summoned", HORUS8)


# --------------------------------------------------------------------------
# Explore and sweep
# --------------------------------------------------------------------------


def test_explore_lists_every_outcome_and_who_can_force_it(horus: ScenarioBuilder) -> None:
    horus.date.value = datetime.date(2012, 1, 1)
    horus.explore.click()
    assert horus.last_error is None, _status(horus)
    table = horus.view.table
    assert len(table) == len(horus.result.outcomes) == 2
    assert int(table["lines"].sum()) == horus.result.total_lines
    levelled = table[table["events"].str.contains(f"special_summoned: {HORUS8}", regex=False)].iloc[0]
    assert bool(levelled["A (TP) can force"]) is True
    assert bool(levelled["B (NTP) can force"]) is False
    assert "can force" in _output_html(horus)


def test_explore_reports_progress_to_the_end(horus: ScenarioBuilder) -> None:
    seen: list[tuple[int, int]] = []
    runs.explore_scenario(horus.scenario, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1][0] == seen[-1][1] and len(seen) >= 3
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_sweep_over_rule_dates_finds_the_2014_errata_for_horus(horus: ScenarioBuilder) -> None:
    horus.sweep.click()
    assert horus.last_error is None, _status(horus)
    table = horus.view.table
    changed = table[table["changed"]]
    assert list(changed["from"]) == ["2014-07-10"]
    before = table[table["from"] < "2014-07-10"]
    assert before["events"].str.contains(f"{HORUS8} is Special Summoned", regex=False).all()
    errata = table.loc[table["from"] == "2014-07-10", "what changed"].item()
    assert errata.startswith("Duration errata") and "エフェクト・ヴェーラー" in errata, errata
    assert "_" not in " ".join(table["what changed"]), "the dates name events and rulings, not flag names"
    assert horus.progress.value == horus.progress.max == len(table)


def test_the_sweep_shows_what_changed_between_dates_not_the_position_again(horus: ScenarioBuilder) -> None:
    # before: every row of "Every rules date" repeated the whole final position; "changes 1 time(s)"
    horus.sweep.click()
    shown = horus.view.shown
    assert list(shown.columns) == ["from", "what changed", "outcome"]
    assert shown["outcome"].iloc[0].startswith("events: ") and "final: " in shown["outcome"].iloc[0]
    errata = shown.loc[shown["from"] == "2014-07-10", "outcome"].item()
    assert errata.startswith("no longer: ") and f"{HORUS8} is Special Summoned" in errata, errata
    assert (shown.loc[~horus.view.table["changed"], "outcome"].iloc[1:] == "the same outcome").all()
    assert horus.view.headline.endswith("the outcome changes once")
    assert "the same outcome" in _output_html(horus) and _output_html(horus).split("<table", 1)[1].count("final:") == 1


def test_an_interrupted_run_is_reported_and_keeps_the_form(horus: ScenarioBuilder, monkeypatch: pytest.MonkeyPatch) -> None:
    before = horus.scenario

    def interrupted(*_args: Any, **_kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(runs, "explore_scenario", interrupted)
    horus.explore.click()
    assert "interrupted" in _status(horus)
    assert horus.scenario == before and horus.result is None
    assert horus.progress.layout.visibility == "hidden"


# --------------------------------------------------------------------------
# Clear messages instead of tracebacks
# --------------------------------------------------------------------------


def test_an_unknown_card_in_a_set_scenario_is_reported_in_the_status_line(builder: ScenarioBuilder) -> None:
    from toolkit.ocg.scenario import scenario_from_dict

    unchecked = scenario_from_dict({"title": "t", "turn_player": "A", "players": {"A": {"hand": ["No Such Card"]}}},
                                   check_registry=False)
    builder.set_scenario(unchecked)
    builder.resolve.click()
    assert isinstance(builder.last_error, ScenarioError)
    assert "endphase-status-error" in _status(builder)
    assert "Unknown card 「No Such Card」 in player A&#x27;s hand — did you mean" in _status(builder)
    assert "players.A.hand[0]" in _status(builder)
    assert builder.result is None


def test_one_card_in_two_places_is_reported(builder: ScenarioBuilder) -> None:
    builder.zones["A"]["hand"].value = [VEILER]
    builder.zones["A"]["graveyard"].value = [VEILER]
    builder.resolve.click()
    assert isinstance(builder.last_error, ScenarioError)
    assert "listed twice" in _status(builder)


def test_a_lingering_effect_whose_target_left_the_field_is_reported(horus: ScenarioBuilder) -> None:
    horus.zones["A"]["field"].value = []
    horus.resolve.click()
    assert isinstance(horus.last_error, ScenarioError)
    assert "is not a card on the field" in _status(horus) and "lingering[0].target" in _status(horus)


def test_adding_without_choosing_a_card_is_a_message_beside_the_button(builder: ScenarioBuilder) -> None:
    builder.card_search.value = "zzz no such card"
    builder.add_card.click()
    assert "Choose a card in the list first" in builder.card_message.value
    assert "endphase-status-error" in builder.card_message.value
    assert all(not box.value for zones in builder.zones.values() for box in zones.values())


def test_an_unexpected_error_is_shown_not_raised(horus: ScenarioBuilder, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("engine fell over")

    monkeypatch.setattr(runs, "resolve_scenario", broken)
    horus.resolve.click()
    assert "unexpected RuntimeError: engine fell over" in _status(horus)


# --------------------------------------------------------------------------
# Save / load
# --------------------------------------------------------------------------


def test_save_then_load_in_a_fresh_builder_gives_the_same_scenario(horus: ScenarioBuilder, tmp_path: Path) -> None:
    horus.date.value = datetime.date(2012, 1, 1)
    horus.file_name.value = "my horus"
    horus.save.click()
    assert horus.last_error is None, horus.save_status.value
    saved = tmp_path / "scenarios" / "my horus.yaml"
    assert saved.is_file()
    fresh = ScenarioBuilder(folder=tmp_path / "scenarios")
    assert fresh.saved_files.options == ("my horus.yaml",)
    fresh.load.click()
    assert fresh.last_error is None, fresh.load_status.value
    assert fresh.scenario == horus.scenario


def test_save_does_not_overwrite_unless_ticked(horus: ScenarioBuilder, tmp_path: Path) -> None:
    horus.save.click()
    (saved,) = (tmp_path / "scenarios").glob("*.yaml")
    saved.write_text("# my notes\n", encoding="utf-8")
    horus.save.click()
    assert "tick Overwrite" in horus.save_status.value
    assert saved.read_text(encoding="utf-8") == "# my notes\n", "nothing was lost"
    horus.overwrite.value = True
    horus.save.click()
    assert horus.last_error is None and "title:" in saved.read_text(encoding="utf-8")


def test_a_bad_file_shows_the_error_and_keeps_the_form(horus: ScenarioBuilder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "broken.yaml").write_text("title: [unclosed\n", encoding="utf-8")
    (folder / "unknown.yaml").write_text(
        "title: t\nturn_player: A\nplayers:\n  A:\n    hand: [No Such Card]\n", encoding="utf-8"
    )
    horus.folder.value = str(folder)
    horus.refresh_files.click()
    before = horus.scenario
    horus.saved_files.value = "broken.yaml"
    horus.load.click()
    status = horus.load_status.value
    assert "endphase-status-error" in status and "broken.yaml" in status
    assert "not valid YAML" in status
    assert horus.scenario == before
    horus.saved_files.value = "unknown.yaml"
    horus.load.click()
    assert "Unknown card" in horus.load_status.value and "players.A.hand[0]" in horus.load_status.value
    assert horus.scenario == before


def test_hostile_files_load_as_one_line_errors_naming_file_and_field(horus: ScenarioBuilder, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "feb30.yaml").write_text("title: t\ndate: 2014-02-30\nturn_player: A\nplayers: {}\n", encoding="utf-8")
    (folder / "twice.yaml").write_text("title: t\nturn_player: A\nplayers:\n  A:\n    hand: []\n    hand: []\n",
                                       encoding="utf-8")
    horus.folder.value = str(folder)
    horus.refresh_files.click()
    before = horus.scenario
    for name, field, what in (("feb30.yaml", "date", "not a day on the calendar"),
                              ("twice.yaml", "players.A.hand", "duplicate key")):
        horus.saved_files.value = name
        horus.load.click()
        status = horus.load_status.value
        assert "unexpected" not in status and isinstance(horus.last_error, ScenarioError), status
        assert name in status and field in status and what in status
        assert horus.scenario == before


def test_saving_into_the_packaged_datasets_is_refused(horus: ScenarioBuilder) -> None:
    shipped = Path(str(dataset_root())) / "scenarios"
    before = sorted(p.name for p in shipped.iterdir())
    horus.folder.value = str(shipped)
    horus.file_name.value = "new_example"
    horus.save.click()
    assert "refusing to write into the packaged datasets folder" in horus.save_status.value
    assert sorted(p.name for p in shipped.iterdir()) == before


def test_no_folder_is_created_inside_the_packaged_datasets(horus: ScenarioBuilder) -> None:
    datasets = Path(str(dataset_root()))
    horus.folder.value = str(datasets / "my_new_folder")
    horus.save.click()
    assert "refusing to write into the packaged datasets folder" in horus.save_status.value
    assert not (datasets / "my_new_folder").exists()


def test_a_file_name_with_folders_is_refused(horus: ScenarioBuilder, tmp_path: Path) -> None:
    horus.file_name.value = "../escape.yaml"
    horus.save.click()
    assert "without folders" in horus.save_status.value
    assert not (tmp_path / "escape.yaml").exists()


def test_the_default_folder_is_the_user_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path / "mine"))
    b = ScenarioBuilder(catalogue=CardCatalogue.from_pairs([]), examples=[], rulesets=[])
    assert b.folder.value == str(tmp_path / "mine")


# --------------------------------------------------------------------------
# Display
# --------------------------------------------------------------------------


def test_display_gives_a_widget_view_and_a_stable_text(horus: ScenarioBuilder) -> None:
    bundle = horus._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == "ScenarioBuilder('Horus LV6 levels up despite Effect Veiler (2011 rules)')"
    assert "endphase-builder" in horus.widget._dom_classes


def test_import_toolkit_does_not_import_ipywidgets() -> None:
    code = "import sys, toolkit; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_choosing_an_example_loads_it_in_one_action(tmp_path: Path) -> None:
    b = ScenarioBuilder(folder=str(tmp_path))
    b.example.value = "lyla_veiler_2011"
    assert "ライトロード・マジシャン ライラ" in [c.name for c in b.scenario.players["A"].field]
    title = html.escape(seed_scenario("lyla_veiler_2011").title)
    assert f"Loaded the worked example “{title}”" in b.example_status.value


def test_choosing_an_example_never_discards_edits(tmp_path: Path) -> None:
    b = ScenarioBuilder(example="lyla_veiler_2011", folder=str(tmp_path))
    b.title.value = "my own position"
    b.example.value = "horus_lv6_veiler_2011"
    assert b.scenario.title == "my own position"  # the edit is kept
    assert b.confirm in b._confirm_slots["example"].children, "asked beside the list"
    b.replace.click()  # on purpose: now it is replaced
    assert b.scenario.title != "my own position"
    assert "ホルスの黒炎竜 LV６" in [c.name for c in b.scenario.players["A"].field]


# --------------------------------------------------------------------------
# Card entry: names as people type them, Enter, and a confirmation per add
# --------------------------------------------------------------------------


def _press_enter(text: Any) -> None:
    """What the browser sends when Enter is pressed in a text box."""
    text._handle_string_msg(None, {"event": "submit"}, [])


def test_enter_in_find_card_adds_the_card_typed_in_hiragana(builder: ScenarioBuilder) -> None:
    builder.card_search.value = "えふぇくと"
    builder.add_to.value = "B:hand"
    _press_enter(builder.card_search)
    assert builder.zones["B"]["hand"].value == [VEILER]
    assert "Added エフェクト・ヴェーラー to B&#x27;s hand" in builder.card_message.value
    _press_enter(builder.card_search)
    assert builder.zones["B"]["hand"].value == [VEILER, f"{VEILER}#2"], "Enter again adds a second copy"


def test_enter_adds_the_card_a_whole_english_name_names_and_resolves(builder: ScenarioBuilder) -> None:
    builder.card_search.value = "HORUS THE BLACK FLAME DRAGON LV6"
    builder.add_to.value = "A:field"
    _press_enter(builder.card_search)
    assert builder.zones["A"]["field"].value == [HORUS6]
    assert "(read from &#x27;HORUS THE BLACK FLAME DRAGON LV6&#x27;) to A&#x27;s field" in builder.card_message.value
    builder.resolve.click()
    assert builder.result is not None and builder.last_error is None


def test_enter_on_a_name_no_card_has_adds_nothing_and_names_the_nearest(builder: ScenarioBuilder) -> None:
    builder.card_search.value = "ひすてりっく・さいそ"
    assert builder.card_matches.options == ()
    _press_enter(builder.card_search)
    message = builder.card_message.value
    assert "Unknown card 「ひすてりっく・さいそ」 — did you mean 「ヒステリック・サイン」" in message
    assert "endphase-status-error" in message
    assert all(not box.value for zones in builder.zones.values() for box in zones.values())


def test_a_name_typed_into_a_zone_box_becomes_its_card_at_once(builder: ScenarioBuilder) -> None:
    builder.zones["A"]["hand"].value = ["ﾋｽﾃﾘｯｸ･ｻｲﾝ"]
    assert builder.zones["A"]["hand"].value == ["ヒステリック・サイン"]
    assert "Added ヒステリック・サイン (read from &#x27;ﾋｽﾃﾘｯｸ･ｻｲﾝ&#x27;) to A&#x27;s hand" in \
        builder.zone_messages["A"]["hand"].value
    assert builder.scenario.validate().players["A"].hand == ("ヒステリック・サイン",)


def test_an_unknown_name_typed_into_a_zone_box_is_flagged_beside_it_at_once(builder: ScenarioBuilder) -> None:
    builder.zones["B"]["hand"].value = [VEILER]
    builder.zones["B"]["hand"].value = [VEILER, "灰流うらら"]
    assert builder.zones["B"]["hand"].value == [VEILER], "the unknown name is not kept"
    message = builder.zone_messages["B"]["hand"].value
    assert "Not added to B&#x27;s hand: Unknown card 「灰流うらら」 — did you mean " in message
    assert message.split("did you mean", 1)[1].split("?", 1)[0].count("「") == 3
    assert "python -m toolkit cards --help" in message
    assert builder.zone_messages["A"]["hand"].value == "", "only the box it was typed into is flagged"
    builder.zones["B"]["hand"].value = []
    assert builder.zone_messages["B"]["hand"].value == "", "the flag goes with the next edit"


def test_the_this_turn_dropdown_adds_a_tag_and_explains_it(builder: ScenarioBuilder) -> None:
    from toolkit.ocg.scenario import TAGS

    labels = [label for label, _value in builder.detail_tag_choice.options]
    assert all(any(label.startswith(f"{tag} — {text}") for label in labels) for tag, text in TAGS.items())
    builder.zones["A"]["field"].value = [HORUS6]
    builder.detail_card.value = "A:field:0"
    builder.detail_tag_choice.value = "destroyed_monster_by_battle"
    assert builder.detail_tag_choice.value == "", "the dropdown is ready for the next tag"
    assert builder.scenario.players["A"].field[0].tags == frozenset({"destroyed_monster_by_battle"})
    assert f"{HORUS6} (A&#x27;s field): destroyed a monster by battle" in builder.detail_message.value


def test_the_this_turn_dropdown_without_a_card_says_what_to_do(builder: ScenarioBuilder) -> None:
    assert builder.detail_tag_choice.disabled
    builder.detail_tag_choice.disabled = False
    builder.detail_tag_choice.value = "summoned_this_turn"
    assert "Add a card to the field" in builder.detail_message.value


def test_add_effect_confirms_and_reads_the_source_as_typed(builder: ScenarioBuilder) -> None:
    builder.zones["A"]["field"].value = [HORUS6]
    builder.lingering_source.value = "えふぇくと・ゔぇーらー"
    builder.lingering_target.value = HORUS6
    builder.add_lingering.click()
    (effect,) = builder.scenario.lingering
    assert effect.source == VEILER
    assert f"Added the lingering effect {VEILER} (applied by B) → {HORUS6}: negate" in builder.lingering_message.value
    builder.lingering_source.value = "灰流うらら"
    builder.add_lingering.click()
    assert len(builder.scenario.lingering) == 1
    assert "Not added: Unknown card 「灰流うらら」" in builder.lingering_message.value


def test_every_card_in_the_list_is_drawn_by_card_label(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from toolkit.widgets import card_search

    monkeypatch.setattr(card_search, "card_label", lambda name, english=None: f"★ {name}")
    b = ScenarioBuilder(folder=tmp_path)
    b.card_search.value = "veiler"
    assert b.card_matches.options == ((f"★ {VEILER}", VEILER),)


def test_the_builder_finds_a_card_put_in_the_user_folder_after_it_was_made(
        builder: ScenarioBuilder, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path))
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "kuribandit.yaml").write_text("name: クリバンデット\nenglish: Kuribandit\ntype: monster\n",
                                                        encoding="utf-8")
    builder.card_search.value = "くりばんでっと"
    assert builder.card_matches.options == (("クリバンデット — Kuribandit", "クリバンデット"),)
    builder.zones["A"]["hand"].value = ["kuribandit"]
    assert builder.zones["A"]["hand"].value == ["クリバンデット"]
