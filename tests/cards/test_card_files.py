"""Card files: every kind of error is one line naming file, card and field; the
shipped schema is the generated one; user cards, shadowing, inline cards, the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.cards.conftest import write_cards
from toolkit.cli.app import main
from toolkit.engine import resolve
from toolkit.errors import FileError, ScenarioError, ToolkitError
from toolkit.ocg.cards import card_origin, is_user_card, load_card_definitions, python_cards_with_reasons
from toolkit.ocg.cards.data import CardFileError, card_schema, parse_cards
from toolkit.ocg.cards.data.schema import SCHEMA_FILE, schema_text
from toolkit.ocg.scenario import load_scenario

REPO = Path(__file__).resolve().parents[2]
GOOD = {"name": "試験カード", "type": "monster", "texts": [{"end_phase": [
    {"key": "draw 1", "mandatory": True, "chain_link": True, "when": "face_up_on_field", "do": {"draw": 1}}]}]}


def with_(path: str, value: Any) -> dict[str, Any]:
    """GOOD with the field at ``path`` (dots; list indices as numbers) set to ``value`` (None: removed)."""
    card = json.loads(json.dumps(GOOD))
    *parents, last = path.split(".")
    node: Any = card
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    if value is None:
        del node[int(last) if last.isdigit() else last]
    else:
        node[int(last) if last.isdigit() else last] = value
    return card


ERRORS = [
    # (the card, the field the message names, words it must contain)
    (with_("type", None), None, "missing field 'type'"),
    (with_("type", "monstr"), "type", "did you mean: monster"),
    (with_("colour", "red"), "colour", "unknown field 'colour'"),  # the key itself (its line and column)
    (with_("texts.0.end_phase.0.when", "face_up_on_feld"), "texts[0].end_phase[0].when",
     "unknown condition 'face_up_on_feld' (did you mean: face_up_on_field?)"),
    (with_("texts.0.end_phase.0.do", {"drawe": 1}), "texts[0].end_phase[0].do", "unknown verb 'drawe' (did you mean: draw"),
    (with_("texts.0.end_phase.0.do", {"draw": "one"}), "texts[0].end_phase[0].do", "'count' must be a whole number"),
    (with_("texts.0.end_phase.0.do", {"draw": {"cuont": 1}}), "texts[0].end_phase[0].do", "did you mean: count"),
    (with_("texts.0.end_phase.0.when", {"in_zone": "yard"}), "texts[0].end_phase[0].when", "must be a zone"),
    (with_("texts.0.end_phase.0.mandatory", "yes"), "texts[0].end_phase[0].mandatory", "true or false"),
    (with_("texts.0.end_phase.0.key", None), "texts[0].end_phase[0]", "missing field 'key'"),
    (with_("texts.0.since", "2014-13-01"), "texts[0].since", "YYYY-MM-DD"),
    (with_("texts", [{}, {}]), "texts", "more than one text version without a date"),
    (with_("texts", [{}, {"since": "2020-01-01"}, {"since": "2020-01-01"}]), "texts[2].since",
     "texts[1] and texts[2] are both since 2020-01-01: one could never apply"),
    (with_("texts.0.end_phase.0.when", []), "texts[0].end_phase[0].when", "may not be empty"),
    (with_("texts.0.end_phase.0.do", {"banish": "themselves"}), "texts[0].end_phase[0].do",
     "unknown card selector 'themselves'"),
    (with_("texts.0.end_phase.0.choose", {"target": {"zone": "gy"}}), "texts[0].end_phase[0].choose",
     "no field 'zone' (did you mean: zones"),
]


@pytest.mark.parametrize("card,field,words", ERRORS, ids=[e[2][:30] for e in ERRORS])
def test_each_error_names_file_card_and_field(tmp_path: Path, card: Any, field: str | None, words: str) -> None:
    path = write_cards(tmp_path, card)
    with pytest.raises(CardFileError) as caught:
        load_card_definitions(path)
    message = str(caught.value)
    assert isinstance(caught.value, ScenarioError) and "\n" not in message
    assert str(path) in message and "試験カード" in message and words in message
    assert caught.value.field == field
    if field is not None:
        assert caught.value.line is not None  # the line in the file is shown


def test_unreadable_files_are_file_errors(tmp_path: Path) -> None:
    deep = tmp_path / "deep.yaml"
    deep.write_text("a: " + "[" * 40 + "]" * 40 + "\n", encoding="utf-8")
    with pytest.raises(FileError, match="deeper"):
        load_card_definitions(deep)
    with pytest.raises(FileError):
        load_card_definitions(tmp_path / "missing.yaml")
    (tmp_path / "tag.yaml").write_text("!!python/object:os.system {}\n", encoding="utf-8")
    with pytest.raises(FileError):
        load_card_definitions(tmp_path / "tag.yaml")
    with pytest.raises(CardFileError, match="written twice"):
        parse_cards(yaml.safe_dump([GOOD, GOOD], allow_unicode=True), "twice.yaml")
    with pytest.raises(CardFileError, match="holds a card"):
        parse_cards("3\n", "number.yaml")


def test_shipped_schema_is_the_generated_one() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text()
    assert "face_up_on_field" in json.dumps(card_schema()["$defs"]["condition"], ensure_ascii=False)


def as_json(data: Any) -> Any:
    """What a YAML 1.2 reader (an editor's language server) sees: a bare ``on`` key is ``on``, dates are text."""
    if isinstance(data, dict):
        return {("on" if k is True else str(k)): as_json(v) for k, v in data.items()}
    if isinstance(data, list):
        return [as_json(v) for v in data]
    return data if isinstance(data, (str, int, float, bool)) or data is None else str(data)


def test_shipped_card_files_follow_the_schema() -> None:
    import jsonschema  # a declared test dependency ([test] in pyproject.toml): never skipped

    validator = jsonschema.Draft202012Validator(card_schema())
    files = sorted((REPO / "datasets" / "cards").glob("*.yaml"))
    assert len(files) >= 20
    for file in files:
        assert file.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
        data = as_json(yaml.safe_load(file.read_text(encoding="utf-8")))
        errors = list(validator.iter_errors(data))
        assert not errors, f"{file.name}: {errors[0].message[:300]}"
    bad = json.loads(json.dumps(with_("type", "monstr")))
    assert list(validator.iter_errors(bad))


def test_at_least_three_quarters_of_the_shipped_cards_are_data() -> None:
    from toolkit.ocg.cards.data.service import card_counts

    counts = card_counts()
    assert counts["data"] >= 3 * (counts["data"] + counts["python"]) / 4
    reasons = python_cards_with_reasons()
    assert reasons and all(reason for reason, _cards in reasons.values())
    assert card_origin("黄泉ガエル").startswith("data:") and card_origin("強烈なはたき落とし").startswith("python:")


def test_user_cards_register_shadow_only_when_flagged(tmp_path: Path) -> None:
    from toolkit.ocg.cards import is_registered
    from toolkit.ocg.scenario import scenario_from_dict

    [mine] = load_card_definitions(write_cards(tmp_path, dict(GOOD, name="試験ユーザー")))
    assert not is_registered("試験ユーザー")  # read, not registered: only the scenario given it knows it
    position = scenario_from_dict({"title": "t", "turn_player": "A", "players": {"A": {"hand": ["試験ユーザー"]}}},
                                  cards=[mine])
    catalogue = position.catalogue
    assert catalogue.behaviour("試験ユーザー") is mine and catalogue.is_user_card("試験ユーザー")
    assert not catalogue.is_user_card("黄泉ガエル") and position.cards == (mine,)
    with pytest.raises(CardFileError, match="shadows: true"):
        load_card_definitions(write_cards(tmp_path, dict(GOOD, name="ミストデーモン"), "shadow.yaml"))
    assert not is_user_card("ミストデーモン")


def test_user_card_inline_in_a_scenario_and_its_trace_note(tmp_path: Path) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(yaml.safe_dump({
        "title": "inline", "turn_player": "A", "date": "2024-01-01",
        "cards": [dict(GOOD, name="試験インライン")],
        "players": {"A": {"field": ["試験インライン"], "deck_filler": 3}}}, allow_unicode=True), encoding="utf-8")
    trace = resolve(load_scenario(scenario)).trace
    notes = " ".join(trace["notes"])
    assert f"試験インライン is a card of your own, from {scenario}" in notes
    bad = tmp_path / "bad.yaml"
    bad.write_text(scenario.read_text(encoding="utf-8").replace("face_up_on_field", "face_up"), encoding="utf-8")
    with pytest.raises(ToolkitError, match=r"cards\[0\].texts\[0\].end_phase\[0\].when"):
        load_scenario(bad)


def test_a_saved_scenario_keeps_its_inline_cards(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from toolkit.ocg.scenario import save_scenario, scenario_to_dict

    written = dict(GOOD, name="試験保存")
    source = tmp_path / "with_cards.yaml"
    source.write_text(yaml.safe_dump({
        "title": "inline, saved again", "turn_player": "A", "date": "2024-01-01", "cards": [written],
        "players": {"A": {"field": ["試験保存"], "hand": ["黄泉ガエル"], "deck_filler": 3}}}, allow_unicode=True),
        encoding="utf-8")
    scenario = load_scenario(source)
    assert scenario_to_dict(scenario)["cards"] == [written]
    from toolkit.ocg.scenario import scenario_from_dict

    without = scenario_from_dict({"title": "t", "turn_player": "A", "players": {"A": {"hand": ["黄泉ガエル"]}}})
    assert "cards" not in scenario_to_dict(without)  # only the cards the scenario holds are written
    saved = save_scenario(scenario, tmp_path / "saved.yaml")
    # another process, whose registry has never seen the card, reads the saved file and plays it
    code = ("import sys, toolkit; from toolkit.engine import load_scenario, resolve; "
            "r = resolve(load_scenario(sys.argv[1])); print(sorted(e.kind for e in r.events))")
    env = {**os.environ, "ENDPHASE_USER_DIR": str(tmp_path / "nobody")}
    there = subprocess.run([sys.executable, "-c", code, str(saved)], capture_output=True, text=True, env=env)
    assert there.returncode == 0, there.stderr
    assert there.stdout.strip() == str(sorted(e.kind for e in resolve(scenario).events))


def test_cli_check_show_schema_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write_cards(tmp_path, dict(GOOD, name="試験CLI"), "good.yaml")
    assert main(["cards", "--check", str(good)]) == 0
    assert "試験CLI: OK" in capsys.readouterr().out
    bad = write_cards(tmp_path, with_("texts.0.end_phase.0.do", {"drawe": 1}), "bad.yaml")
    assert main(["cards", "--check", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "did you mean: draw" in err
    assert main(["cards", "--show", "エフェクト・ヴェーラー"]) == 0
    out = capsys.readouterr().out
    assert "from 2014-07-10" in out and "until_end_of_turn" in out and "until_end_phase" in out
    assert main(["cards", "--schema"]) == 0
    assert json.loads(capsys.readouterr().out) == card_schema()
    assert main(["cards", "--counts"]) == 0
    assert "drastic_drop_off.py" in capsys.readouterr().out


def test_user_card_folder_is_loaded_automatically(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    write_cards(tmp_path / "cards" if (tmp_path / "cards").mkdir() is None else tmp_path, dict(GOOD, name="試験フォルダ"))
    env = dict(os.environ, ENDPHASE_USER_DIR=str(tmp_path))
    code = ("from toolkit.ocg.cards import is_user_card, card_origin; "
            "print(is_user_card('試験フォルダ'), card_origin('試験フォルダ'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO, check=True)
    assert done.stdout.split()[0] == "True" and str(tmp_path / "cards") in done.stdout


def test_every_problem_of_a_card_file_is_reported_in_one_run(tmp_path: Path) -> None:
    """Not only the first: each with its file, card, field, line and the nearest words; a known
    key in the wrong place says where it belongs."""
    from toolkit.ocg.cards.data.reading import read_cards

    path = tmp_path / "bad.yaml"
    path.write_text(
        "- name: 試験A\n"
        "  type: monstr\n"
        "  end_phase:\n"
        "    - {key: x, mandatory: true, chain_link: false, when: face_up_on_field, do: {draw: 1}}\n"
        "- name: 試験B\n"
        "  type: monster\n"
        "  texts:\n"
        "    - end_phase:\n"
        "        - {key: y, mandatory: true, chain_link: false, when: face_up_on_feld, do: {drw: 1}}\n",
        encoding="utf-8")
    with pytest.raises(CardFileError) as caught:
        list(read_cards(path))
    problems = caught.value.problems
    assert [(p.field, p.line) for p in problems] == [
        ("[0].end_phase", 3), ("[0].type", 2), ("[1].texts[0].end_phase[0].when", 9), ("[1].texts[0].end_phase[0].do", 9)]
    assert "it belongs under texts:" in problems[0].message
    assert "did you mean: monster" in problems[1].message and "card 試験B" in problems[2].message
    assert "unknown verb 'drw' (did you mean: draw?)" in str(caught.value)  # the message lists them all
    assert all(p.file == str(path) for p in problems)
