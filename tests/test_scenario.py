"""Scenario schema, YAML round trip, builder, validation errors and saving."""

from __future__ import annotations

import dataclasses
import datetime
import re
import textwrap
from pathlib import Path

import pytest

import toolkit.ocg.scenario.checks as scenario_checks
from toolkit.errors import ScenarioError
from toolkit.ocg.scenario import (
    CardSpec,
    LingeringSpec,
    PlayerSetup,
    Scenario,
    base_name,
    dump_scenario,
    known_card_names,
    list_seed_scenarios,
    load_scenario,
    parse_scenario,
    save_scenario,
    scenario_from_dict,
    scenario_to_dict,
    seed_scenario,
)

VEILER = "エフェクト・ヴェーラー"
LYLA = "ライトロード・マジシャン ライラ"
HORUS = "ホルスの黒炎竜 LV６"

MINIMAL = """\
title: minimal
turn_player: A
players:
  A:
    field: [ライトロード・マジシャン ライラ]
"""


def parse(text: str) -> Scenario:
    return parse_scenario(textwrap.dedent(text), source="t.yaml", check_registry=False)


# --------------------------------------------------------------------------
# The shipped worked examples
# --------------------------------------------------------------------------

SEEDS = list_seed_scenarios()


def test_the_worked_examples_are_shipped() -> None:
    assert len(SEEDS) >= 30
    assert "lyla_veiler_2011" in SEEDS and "arcana_force_ohka_veiler_2012" in SEEDS


@pytest.mark.parametrize("name", SEEDS)
def test_seed_scenario_loads_validates_and_round_trips(name: str) -> None:
    assert known_card_names() is not None, "the card registry must be importable"
    scenario = seed_scenario(name)
    assert scenario.source == f"datasets/scenarios/{name}.yaml"
    assert scenario.description, "every worked example explains itself"
    again = parse_scenario(dump_scenario(scenario))
    assert again == scenario
    assert scenario_from_dict(scenario_to_dict(scenario)) == scenario


@pytest.mark.parametrize("name", SEEDS)
def test_seed_scenario_cites_the_rulings_it_describes(name: str) -> None:
    scenario = seed_scenario(name)
    dated = re.findall(r"\b(\d\d)/(\d\d)/(\d\d)\b", scenario.title + " " + scenario.description)
    cited_days = {r.split("-")[1] for r in scenario.rulings} - {"undated"}
    if dated:
        assert scenario.rulings, f"{name} describes rulings {dated} but lists no ruling id"
    assert cited_days <= {"".join(d) for d in dated}, f"{name} cites a ruling its text does not mention"


def test_ruling_id_pattern_matches_the_data_schema() -> None:
    from toolkit import fields
    from toolkit.data import RULING_ID_PATTERN

    assert fields._RULING_ID.pattern == RULING_ID_PATTERN


def test_seed_scenario_unknown_name_suggests() -> None:
    with pytest.raises(ScenarioError, match="lyla_veiler_2011"):
        seed_scenario("lyla_veiler_2012")


# --------------------------------------------------------------------------
# Data shape
# --------------------------------------------------------------------------


def test_bare_string_is_a_face_up_card_and_defaults_apply() -> None:
    s = parse(MINIMAL)
    assert s.players["A"].field == (CardSpec(LYLA),)
    assert s.players["B"] == PlayerSetup()
    assert s.phase == "end" and s.date is None and s.ruleset is None
    assert s.non_turn_player == "B"


def test_scenario_is_hashable_and_equality_ignores_source() -> None:
    a = parse(MINIMAL)
    b = parse_scenario(MINIMAL, source="elsewhere.yaml", check_registry=False)
    assert a == b and hash(a) == hash(b)
    assert a.source == "t.yaml"


def test_direct_construction_accepts_lists_and_names() -> None:
    s = Scenario(
        title="direct",
        turn_player="B",
        players={"B": PlayerSetup(hand=["サイクロン"], field=[LYLA])},  # type: ignore[arg-type]
        date="2013-03-30",  # type: ignore[arg-type]
        rulings=["ocg-130330-x"],  # type: ignore[arg-type]
    )
    assert s.players["B"].field == (CardSpec(LYLA),)
    assert s.players["B"].hand == ("サイクロン",)
    assert s.date == datetime.date(2013, 3, 30)
    assert s.rulings == ("ocg-130330-x",)
    assert s.players["A"] == PlayerSetup()


def test_direct_construction_is_checked() -> None:
    with pytest.raises(ScenarioError, match="turn_player"):
        Scenario(title="t", turn_player="X", players={})
    with pytest.raises(ScenarioError) as info:
        Scenario(title="t", turn_player="A", players={"A": PlayerSetup(life=-1)})
    assert info.value.field == "players.A.life"


def test_at_and_under_switch_the_rules() -> None:
    s = parse(MINIMAL).at("2011-09-01")
    assert s.date == datetime.date(2011, 9, 1) and s.ruleset is None
    t = s.under("ocg")
    assert t.ruleset == "ocg" and t.date is None


def test_base_name_strips_the_copy_mark() -> None:
    assert base_name("光神機−桜火#2") == "光神機−桜火"
    assert base_name(HORUS) == HORUS


# --------------------------------------------------------------------------
# Validation: each bad input names its field and file
# --------------------------------------------------------------------------

BAD = [
    pytest.param(MINIMAL + "lingerin: []\n", "lingerin", "did you mean 'lingering'", id="unknown-top-key"),
    pytest.param(MINIMAL.replace("turn_player: A", "turn_player: C"), "turn_player", "'A' or 'B'", id="turn-player"),
    pytest.param(MINIMAL.replace("turn_player: A", "turn_player: 1"), "turn_player", "expected text", id="turn-player-type"),
    pytest.param(MINIMAL + "phase: endd\n", "phase", "did you mean 'end'", id="unknown-phase"),
    pytest.param(MINIMAL + "date: 2013-03-30\nruleset: ocg\n", "date", "not both", id="date-and-ruleset"),
    pytest.param(MINIMAL + "date: 13/03/30\n", "date", "YYYY-MM-DD", id="date-unparseable"),
    pytest.param(MINIMAL + "date: '2013-02-30'\n", "date", "not a day on the calendar", id="date-impossible"),
    pytest.param(MINIMAL + "date: 2013-03-30 12:00:00\n", "date", "not a time", id="date-is-a-time"),
    pytest.param(MINIMAL + "date: 20130330\n", "date", "cannot read", id="date-is-a-number"),
    pytest.param(MINIMAL + "  B: {deck_filler: -1}\n", "players.B.deck_filler", "from 0 to 200, not -1", id="negative-filler"),
    pytest.param(MINIMAL + "  B: {life: -500}\n", "players.B.life", "from 1 to 1,000,000, not -500", id="negative-life"),
    pytest.param(MINIMAL + "  B: {life: lots}\n", "players.B.life", "whole number", id="life-type"),
    pytest.param(MINIMAL + "  B: {life: true}\n", "players.B.life", "whole number", id="life-bool"),
    pytest.param(MINIMAL + "  B: {hand: サイクロン}\n", "players.B.hand", "expected a list", id="hand-not-list"),
    pytest.param(MINIMAL + "  B: {hand: [5]}\n", "players.B.hand[0]", "expected text", id="hand-number"),
    pytest.param(MINIMAL + "  B: {field: [7]}\n", "players.B.field[0]", "expected a mapping", id="field-number"),
    pytest.param(MINIMAL + "  B: {field: [{name: x, postion: set}]}\n", "players.B.field[0].postion", "did you mean 'position'", id="card-key-typo"),
    pytest.param(MINIMAL + "  B: {field: [{position: set}]}\n", "players.B.field[0].name", "needs a name", id="card-no-name"),
    pytest.param(MINIMAL + "  B: {field: [{name: x, position: sideways}]}\n", "players.B.field[0].position", "unknown position", id="position"),
    pytest.param(MINIMAL + "  B: {field: [{name: x, tags: [summoned_this_trun]}]}\n", "players.B.field[0].tags", "did you mean 'summoned_this_turn'", id="unknown-tag"),
    pytest.param(MINIMAL + "  B: {field: [{name: x, tags: summoned_this_turn}]}\n", "players.B.field[0].tags", "expected a list", id="tags-not-list"),
    pytest.param(MINIMAL + "  B: {hnd: []}\n", "players.B.hnd", "did you mean 'hand'", id="player-key-typo"),
    pytest.param(MINIMAL + "  C: {}\n", "players.C", "unknown key 'C'", id="third-player"),
    pytest.param(MINIMAL.replace("players:\n  A:\n    field: [ライトロード・マジシャン ライラ]\n", "players: [A, B]\n"), "players", "expected a mapping", id="players-list"),
    pytest.param("turn_player: A\nplayers: {}\n", "title", "missing", id="no-title"),
    pytest.param(MINIMAL + "rulings: [130330]\n", "rulings[0]", "expected text", id="ruling-type"),
    pytest.param(MINIMAL + "rulings: [hysteric-sign]\n", "rulings[0]", "ocg-YYMMDD-slug", id="ruling-pattern"),
    pytest.param(MINIMAL + "lingering: [{controller: B}]\n", "lingering[0].source", "needs 'source'", id="lingering-no-source"),
    pytest.param(MINIMAL + "lingering: [{source: x, controller: C}]\n", "lingering[0].controller", "'A' or 'B'", id="lingering-controller"),
    pytest.param(MINIMAL + "lingering: [{source: x, controller: B, target: ホルス}]\n", "lingering[0].target", "not a card on the field", id="lingering-target-missing"),
    pytest.param(MINIMAL + "lingering: {source: x}\n", "lingering", "expected a list", id="lingering-not-list"),
]


@pytest.mark.parametrize(("text", "field", "fragment"), BAD)
def test_bad_scenario_names_field_and_file(text: str, field: str, fragment: str) -> None:
    with pytest.raises(ScenarioError) as info:
        parse(text)
    assert info.value.field == field, str(info.value)
    assert info.value.file == "t.yaml"
    assert fragment in str(info.value)
    assert str(info.value).startswith(f"t.yaml, field '{field}'")


def test_same_card_in_two_places_is_refused() -> None:
    text = "title: t\nturn_player: A\nplayers:\n  A:\n    hand: [サイクロン]\n    field: [サイクロン]\n"
    with pytest.raises(ScenarioError) as info:
        parse(text)
    assert info.value.field == "players.A.field[0]"
    assert "listed twice" in str(info.value) and "players.A.hand[0]" in str(info.value)
    assert "サイクロン#2" in str(info.value)


def test_copies_are_told_apart_by_a_copy_mark() -> None:
    s = parse(
        """\
        title: two Ohka
        turn_player: A
        players:
          A:
            field: [光神機−桜火#1, 光神機−桜火#2]
          B:
            field: [光神機−桜火]
        """
    )
    assert [c.name for c in s.players["A"].field] == ["光神機−桜火#1", "光神機−桜火#2"]


def test_same_name_in_a_deck_twice_needs_a_mark() -> None:
    with pytest.raises(ScenarioError) as info:
        parse("title: t\nturn_player: A\nplayers:\n  A:\n    deck: [x, x]\n")
    assert info.value.field == "players.A.deck[1]"


def test_lingering_target_on_both_fields_is_ambiguous() -> None:
    text = """\
        title: t
        turn_player: A
        players:
          A: {field: [x]}
          B: {field: [x]}
        lingering: [{source: y, controller: B, target: x}]
        """
    with pytest.raises(ScenarioError, match="both players' fields") as info:
        parse(text)
    assert info.value.field == "lingering[0].target"


def test_not_yaml_and_empty_and_not_a_mapping() -> None:
    with pytest.raises(ScenarioError, match=r"^t.yaml \(line 3, column 1\): not valid YAML") as info:
        parse("title: t\nplayers: [unclosed\n")
    assert (info.value.line, info.value.column) == (3, 1)
    with pytest.raises(ScenarioError, match="empty"):
        parse("")
    with pytest.raises(ScenarioError, match="not a scenario: the file holds a list instead of keys such as"):
        parse("- a\n- b\n")


def test_yaml_tags_that_build_objects_are_refused() -> None:
    with pytest.raises(ScenarioError, match="not valid YAML"):
        parse("title: !!python/object/apply:os.system ['true']\nturn_player: A\nplayers: {}\n")


def test_width_slips_resolve_and_an_unknown_card_gets_the_nearest_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_checks, "known_card_names", lambda: frozenset({HORUS, LYLA, VEILER}))
    text = "title: t\nturn_player: A\nplayers:\n  A:\n    field: [ホルスの黒炎竜 LV6]\n"
    assert parse_scenario(text, source="t.yaml").players["A"].field[0].name == HORUS, "half-width 6 is LV６"
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text.replace("黒炎竜", "黒炎"), source="t.yaml")
    assert info.value.field == "players.A.field[0]" and info.value.line == 5
    assert "Unknown card 「ホルスの黒炎 LV6」 on player A's field — did you mean 「ホルスの黒炎竜 LV６」" in str(info.value)


def test_unknown_lingering_source_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_checks, "known_card_names", lambda: frozenset({LYLA, VEILER}))
    text = MINIMAL + f"lingering: [{{source: ヴェーラー, controller: B, target: {LYLA}}}]\n"
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, source="t.yaml")
    assert info.value.field == "lingering[0].source"
    assert VEILER in str(info.value)


def test_copy_marked_names_are_checked_by_their_base_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_checks, "known_card_names", lambda: frozenset({LYLA}))
    s = parse_scenario(MINIMAL.replace(LYLA, LYLA + "#1"), source="t.yaml")
    assert s.players["A"].field[0].name == LYLA + "#1"


def test_unknown_ruleset_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_checks, "known_ruleset_names", lambda: frozenset({"ocg", "ocg-2011"}))
    monkeypatch.setattr(scenario_checks, "known_card_names", lambda: None)
    with pytest.raises(ScenarioError, match="unknown ruleset 'ocg2011'.*did you mean") as info:
        parse_scenario(MINIMAL + "ruleset: ocg2011\n", source="t.yaml")
    assert info.value.field == "ruleset"


def test_real_registries_refuse_unknown_names() -> None:
    if scenario_checks.known_ruleset_names() is None:
        pytest.fail("the engine's ruleset registry must be importable")
    with pytest.raises(ScenarioError, match="Unknown card"):
        parse_scenario(MINIMAL.replace(LYLA, "存在しないカード"), source="t.yaml")
    with pytest.raises(ScenarioError, match="unknown ruleset"):
        parse_scenario(MINIMAL + "ruleset: no-such-rules\n", source="t.yaml")


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------


def test_load_scenario_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    with pytest.raises(ScenarioError, match="no such scenario file") as info:
        load_scenario(missing)
    assert info.value.file == str(missing)


def test_load_scenario_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "sjis.yaml"
    path.write_bytes("title: ヴェーラー\n".encode("shift_jis"))
    with pytest.raises(ScenarioError, match="UTF-8"):
        load_scenario(path)


def test_save_then_load_round_trips(tmp_path: Path) -> None:
    original = seed_scenario("darklord_zerato_veiler_2012")
    path = save_scenario(original, tmp_path / "z.yaml")
    assert load_scenario(path) == original
    assert [p.name for p in tmp_path.iterdir()] == ["z.yaml"], "no temporary file is left behind"


def test_save_refuses_to_overwrite_unless_asked(tmp_path: Path) -> None:
    path = tmp_path / "z.yaml"
    path.write_text("keep me", encoding="utf-8")
    s = parse(MINIMAL)
    with pytest.raises(ScenarioError, match="exists"):
        save_scenario(s, path)
    assert path.read_text(encoding="utf-8") == "keep me"
    save_scenario(s, path, overwrite=True)
    assert load_scenario(path, check_registry=False) == s


def test_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "z.yaml"
    path.write_text("old", encoding="utf-8")

    def broken_replace(src: str, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("toolkit.ocg.scenario.os.replace", broken_replace)
    with pytest.raises(ScenarioError, match="disk full"):
        save_scenario(parse(MINIMAL), path, overwrite=True)
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["z.yaml"]


def test_save_refuses_the_packaged_datasets_folder() -> None:
    from toolkit.resources import dataset_root

    folder = Path(str(dataset_root())) / "scenarios"
    target = folder / "from_a_notebook.yaml"
    with pytest.raises(ScenarioError, match="datasets"):
        save_scenario(parse(MINIMAL), target)
    assert not target.exists()


def test_save_into_datasets_when_explicitly_allowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_root = tmp_path / "datasets"
    fake_root.mkdir()
    monkeypatch.setattr("toolkit.ocg.scenario.write.dataset_root", lambda: fake_root)
    with pytest.raises(ScenarioError):
        save_scenario(parse(MINIMAL), fake_root / "x.yaml")
    path = save_scenario(parse(MINIMAL), fake_root / "x.yaml", allow_datasets=True)
    assert path.is_file()


def test_save_into_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="folder does not exist"):
        save_scenario(parse(MINIMAL), tmp_path / "no" / "x.yaml")


# --------------------------------------------------------------------------
# Builder
# --------------------------------------------------------------------------


def test_builder_equals_the_yaml_file() -> None:
    built = (
        Scenario.build("Lyla's mandatory mill while Effect Veiler still negates it (2011 rules)")
        .turn_player("A")
        .hand("A", ["ブラッド・ヴォルス", "死者蘇生"])
        .field("A", [LYLA])
        .graveyard("B", [VEILER])
        .lingering(VEILER, "B", target=LYLA, effect="negate")
        .done()
    )
    shipped = seed_scenario("lyla_veiler_2011")
    assert built == dataclasses.replace(shipped, description="", date=None, ruleset=None, rulings=())
    assert built.source == "<builder>"


def test_builder_steps_return_new_drafts() -> None:
    base = Scenario.build("t").turn_player("A")
    one = base.field("A", [CardSpec(HORUS, tags=frozenset({"destroyed_monster_by_battle"}))])
    two = base.field("A", [{"name": LYLA, "position": "face_up_defense"}])
    assert "players" not in base.as_dict()
    assert one.done(check_registry=False).players["A"].field[0].tags == {"destroyed_monster_by_battle"}
    assert two.done(check_registry=False).players["A"].field[0].position == "face_up_defense"


def test_builder_on_and_under_are_exclusive() -> None:
    draft = Scenario.build("t").turn_player("A").on("2013-03-30").under("ocg")
    s = draft.done(check_registry=False)
    assert s.ruleset == "ocg" and s.date is None
    s2 = draft.on(datetime.date(2014, 7, 10)).done(check_registry=False)
    assert s2.date == datetime.date(2014, 7, 10) and s2.ruleset is None


def test_builder_errors_name_the_field() -> None:
    draft = Scenario.build("t").turn_player("A").deck("B", ["x"], filler=-3)
    with pytest.raises(ScenarioError) as info:
        draft.done(check_registry=False)
    assert info.value.field == "players.B.deck_filler"
    assert info.value.file == "<builder>"


def test_builder_full_vocabulary() -> None:
    s = (
        Scenario.build("t")
        .turn_player("B")
        .hand("B", ["a"])
        .field("B", ["m"])
        .graveyard("A", ["g"])
        .banished("A", ["b"])
        .deck("A", ["d"], filler=5)
        .life("A", 100)
        .phase("end")
        .describe("words")
        .rulings("ocg-130330-x")
        .lingering("g", "A", target="m", effect="negate")
        .done(check_registry=False)
    )
    assert s.players["A"] == PlayerSetup(
        graveyard=(CardSpec("g"),), banished=(CardSpec("b"),), deck=("d",), deck_filler=5, life=100
    )
    assert s.lingering == (LingeringSpec("g", "A", "m", "negate"),)
    assert s.description == "words" and s.rulings == ("ocg-130330-x",)


def test_load_scenario_takes_a_shipped_name_as_the_command_line_does(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import toolkit
    from toolkit.games import shipped_scenario

    by_name = toolkit.load_scenario("catsith_peten_2013")
    assert by_name == toolkit.load_scenario("catsith_peten_2013.yaml") == shipped_scenario("catsith_peten_2013")
    monkeypatch.chdir(tmp_path)  # a file of that name, here, is read instead
    (tmp_path / "catsith_peten_2013").write_text("title: mine\n", encoding="utf-8")
    with pytest.raises(ScenarioError):
        toolkit.load_scenario("catsith_peten_2013")
    with pytest.raises(ScenarioError, match=r"shipped example of another game.*shipped_scenario"):
        load_scenario("duel_masters/dm_moffle_zanjibar")  # the OCG's reader reads the OCG's only
    with pytest.raises(ScenarioError, match="no such scenario file; check the path"):
        toolkit.load_scenario("no_such_example_anywhere")


def test_toolkit_load_scenario_reads_every_games_shipped_names() -> None:
    import toolkit
    from toolkit.games import shipped_scenario

    dm = shipped_scenario("duel_masters/dm_moffle_zanjibar")
    assert toolkit.load_scenario("duel_masters/dm_moffle_zanjibar") == dm == toolkit.seed_scenario(
        "duel_masters/dm_moffle_zanjibar")
    assert toolkit.load_scenario("duel_masters/dm_moffle_zanjibar.yaml") == dm
    with pytest.raises(ScenarioError, match=r"did you mean 'duel_masters/dm_moffle_zanjibar'\?"):
        toolkit.load_scenario("duel_masters/dm_moffle_zanjiba")
    with pytest.raises(ScenarioError, match=r"did you mean 'lyla_veiler_2011'\?"):
        toolkit.load_scenario("lyla_veiler_201")
    with pytest.raises(ScenarioError, match="cards of your own are OCG cards"):
        toolkit.load_scenario("duel_masters/dm_moffle_zanjibar", cards=[object()])


def test_a_scenario_path_that_is_not_text_is_described_not_printed_as_python() -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario({"a": [1, 2]})  # type: ignore[arg-type]
    assert "not a mapping of 1 key {'a': [1, 2]}" in str(caught.value) and "dict" not in str(caught.value)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(None)  # type: ignore[arg-type]
    assert "not nothing (null)" in str(caught.value) and "None" not in str(caught.value)
