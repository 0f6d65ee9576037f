"""Every subcommand of the command line, run in-process through ``main``.

Answers are compared with the library functions the commands stand on, so a
test fails when the command drifts from them; exit statuses are the
documented ones (0 done / yes, 1 no, 2 bad input, 3 search limit).
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import toolkit.games
from toolkit.cli import build_parser, main
from toolkit.cli.app import EXIT_CODES_TEXT
from toolkit.data import load_cards, load_rulings, rulings_about, to_contract_csv
from toolkit.games import registered_games

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: Capture, *args: str, expect: int = 0) -> Any:
    status, out, err = run(capsys, *args, "--json")
    assert status == expect, (status, err)
    return json.loads(out)


def json_error(capsys: Capture, *args: str) -> dict[str, Any]:
    """A bad-input run with --json: exit 2, nothing on stdout, one JSON line on stderr."""
    status, out, err = run(capsys, *args, "--json")
    assert status == 2, (status, out, err)
    assert out == "" and len(err.strip().splitlines()) == 1, err
    data: dict[str, Any] = json.loads(err)
    assert {"error", "file", "field"} <= set(data)
    return data


def stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def subcommands() -> dict[str, Any]:
    parser = build_parser("endphase")
    for action in parser._actions:
        if action.dest == "command":
            return dict(action.choices)  # type: ignore[arg-type]
    raise AssertionError("the parser has no subcommands")


# --------------------------------------------------------------------------
# Help, version, exit statuses
# --------------------------------------------------------------------------

EXPECTED = {"resolve", "explore", "can-force", "ask", "changes", "compare", "compare-games", "verify", "rulings",
            "export", "validate", "scenarios", "cards", "import"}


def test_every_subcommand_has_a_description_and_an_example() -> None:
    found = subcommands()
    assert set(found) == EXPECTED
    for name, sub in found.items():
        assert sub.description and len(sub.description) > 40, name
        assert sub.epilog and "examples:" in sub.epilog, name
        assert f"  endphase {name}" in sub.format_help(), name


def test_the_main_help_lists_the_exit_statuses(capsys: Capture) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for code in ("0", "1", "2", "3"):
        assert f"\n  {code}  " in out, code
    assert EXIT_CODES_TEXT.splitlines()[1].strip() in out
    assert all(name in out for name in EXPECTED)


def test_a_subcommand_help_exits_0_with_its_example(capsys: Capture) -> None:
    status, out, _ = run(capsys, "can-force", "--help")
    assert status == 0 and "examples:" in out and "can-force q_hysteric_sign_adjustment TP" in out


def test_version(capsys: Capture) -> None:
    from toolkit._version import __version__

    status, out, _ = run(capsys, "--version")
    assert status == 0 and out.strip().endswith(f" {__version__}")


# --------------------------------------------------------------------------
# Scenario arguments: names, files, standard input
# --------------------------------------------------------------------------


def test_an_unknown_scenario_name_suggests_the_nearest(capsys: Capture) -> None:
    status, out, err = run(capsys, "resolve", "lyla_veiler_2012")
    assert status == 2 and out == ""
    assert "lyla_veiler_2011" in err and "scenarios` lists" in err and "Traceback" not in err


def test_a_scenario_on_standard_input(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.resources import dataset_path

    by_name = run_json(capsys, "resolve", "lyla_veiler_2011")
    stdin(monkeypatch, dataset_path("scenarios", "lyla_veiler_2011.yaml").read_bytes())
    piped = run_json(capsys, "resolve", "-")
    assert piped["source"] == "<stdin>"
    assert piped["steps"] == by_name["steps"] and piped["outcome"] == by_name["outcome"]


def test_bad_yaml_on_standard_input_names_stdin(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    stdin(monkeypatch, b"title: [unclosed\n")
    error = json_error(capsys, "explore", "-")
    assert error["file"] == "<stdin>" and "not valid YAML" in error["error"]


def test_json_errors_name_file_and_field(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text("title: t\nturn_player: A\nplayers:\n  A:\n    field: [ホルスの黒炎竜 LV7]\n", encoding="utf-8")
    error = json_error(capsys, "resolve", str(path))
    assert error["file"] == str(path) and error["field"] == "players.A.field[0]"
    assert "Unknown card" in error["error"]
    usage = json_error(capsys, "resolve", "lyla_veiler_2011", "--date", "13/03/30")
    assert "YYYY-MM-DD" in usage["error"]


# --------------------------------------------------------------------------
# resolve, explore, can-force
# --------------------------------------------------------------------------


def test_resolve_csv_has_one_row_per_step(capsys: Capture) -> None:
    steps = run_json(capsys, "resolve", "lyla_veiler_2011")["steps"]
    status, out, _ = run(capsys, "resolve", "lyla_veiler_2011", "--csv")
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("step,priority,actor,action,process,rule,reason")
    assert len(lines) == 1 + len(steps)


def test_explore_csv_has_one_row_per_outcome(capsys: Capture) -> None:
    data = run_json(capsys, "explore", "rekindling_iron_wall_provisions")
    status, out, _ = run(capsys, "explore", "rekindling_iron_wall_provisions", "--csv")
    rows = out.splitlines()[1:]
    assert status == 0 and len(rows) == len(data["outcomes"])
    assert [int(r.split(",")[1]) for r in rows] == [o["lines"] for o in data["outcomes"]]


def test_explore_text_sums_up_first_and_says_who_can_force_what(capsys: Capture) -> None:
    """Lyla under Veiler (2011): the outcomes differ only in whether Lyla milled;
    either player can make sure she mills nothing, neither that she mills 3."""
    from toolkit.core.search import explore
    from toolkit.core.summary import summarize

    status, out, _ = run(capsys, "explore", "lyla_veiler_2011", "--examples", "1")
    summary = summarize(explore(toolkit.games.shipped_scenario("lyla_veiler_2011")))
    [difference] = summary.differences
    assert status == 0 and summary.headline() in out and difference.text() in out
    assert "A can force “none”; B can force “none”" in out
    assert out.count("example line:") == 1 and out.count("Outcome ") == summary.outcomes
    _, everything, _ = run(capsys, "explore", "lyla_veiler_2011", "--all")
    assert everything.count("example line:") == summary.outcomes


def test_explore_is_short_by_default_and_all_prints_everything(capsys: Capture) -> None:
    # before: 1,869 lines for Hysteric Sign's 90 outcomes, every one with its example line
    status, short, _ = run(capsys, "explore", "hysteric_sign_adjustment_2013")
    assert status == 0 and len(short.splitlines()) < 80, len(short.splitlines())
    assert short.count("Outcome ") == 3 and short.count("example line:") == 1
    assert "… 87 more outcomes:" in short and "explore hysteric_sign_adjustment_2013 --all" in short
    assert "\n    - A: 8000 LP\n" in short, "the shared facts are one a line"
    _, everything, _ = run(capsys, "explore", "hysteric_sign_adjustment_2013", "--all")
    assert everything.count("Outcome ") == everything.count("example line:") == 90
    assert "more outcome" not in everything


def test_explore_keeps_its_outcomes_when_who_can_force_them_hits_the_limit(
        capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.core import summary as summary_module
    from toolkit.core.errors import SearchBudgetExceeded

    real = summary_module.summarize

    def limited(found: Any, *, forcing: bool = True, **limits: Any) -> Any:
        if forcing:
            raise SearchBudgetExceeded("the search stopped at its limit (raise --max-states)")
        return real(found, forcing=False)

    monkeypatch.setattr(summary_module, "summarize", limited)
    status, out, _ = run(capsys, "explore", "lyla_veiler_2011", "--examples", "0")
    assert status == 0 and "2 outcomes over 6 lines; they differ in 1 way" in out
    assert "who can force each: not worked out — the search stopped at its limit" in out
    assert "can force “" not in out and out.count("Outcome ") == 2


def test_a_search_limit_exits_3(capsys: Capture) -> None:
    status, out, err = run(capsys, "explore", "lyla_veiler_2011", "--max-states", "3")
    assert status == 3 and out == "" and "--max-states" in err


SIGN = "{event: activated, card: ヒステリック・サイン}"


def test_can_force_yes_exits_0_with_the_line(capsys: Capture) -> None:
    data = run_json(capsys, "can-force", "q_hysteric_sign_adjustment", "TP", SIGN, "--date", "2013-03-30")
    assert data["can_force"] is True and data["player"] == "A" and data["role"] == "TP"
    events = [e for step in data["line"] for e in step["events"]]
    assert {"kind": "activated", "card": "ヒステリック・サイン", "player": "A"}.items() <= next(
        e for e in events if e["kind"] == "activated").items()


def test_can_force_no_exits_1(capsys: Capture) -> None:
    from toolkit.core.predicates import parse_predicate
    from toolkit.core.search import can_force
    from toolkit.games import shipped_scenario

    expected = can_force(shipped_scenario("q_hysteric_sign_adjustment"), "TP", parse_predicate(SIGN)).value
    data = run_json(capsys, "can-force", "q_hysteric_sign_adjustment", "TP", SIGN, expect=0 if expected else 1)
    assert data["can_force"] is expected is False
    status, out, _ = run(capsys, "can-force", "q_hysteric_sign_adjustment", "TP", SIGN)
    assert status == 1 and "? no" in out


def test_can_force_refuses_a_bad_predicate(capsys: Capture) -> None:
    error = json_error(capsys, "can-force", "lyla_veiler_2011", "NTP", "{event: [")
    assert error["field"] == "PREDICATE" and "not valid YAML" in error["error"]
    assert "unknown event" in json_error(capsys, "can-force", "lyla_veiler_2011", "A", "{event: exploded}")["error"]
    status, _, err = run(capsys, "can-force", "lyla_veiler_2011", "C", SIGN)
    assert status == 2 and "invalid choice" in err


# --------------------------------------------------------------------------
# changes, compare, compare-games
# --------------------------------------------------------------------------


def test_changes_reports_the_flip_and_its_ruling(capsys: Capture) -> None:
    from toolkit.history import changes

    rows = run_json(capsys, "changes", "q_hysteric_sign_adjustment", "--from", "2010-01-01", "--to", "2024-01-01")
    table = changes("q_hysteric_sign_adjustment.yaml", "2010-01-01", "2024-01-01")
    assert [r["date"] for r in rows] == [d.date().isoformat() for d in table["date"]]
    assert [(r["before"], r["after"]) for r in rows] == list(zip(table["before"], table["after"]))
    assert rows and "ocg-160708-hysteric-sign-adjustment" in rows[0]["rulings"]
    status, out, _ = run(capsys, "changes", "q_hysteric_sign_adjustment", "--from", "2010-01-01", "--all-dates",
                         "--csv")
    assert status == 0 and out.splitlines()[0] == "date,before,after,changed,detail,rule_changes,rulings,events"
    assert len(out.splitlines()) > 1 + len(rows)


def test_changes_refuses_an_undated_game_and_names_compare(capsys: Capture) -> None:
    status, out, err = run(capsys, "changes", "dm_moffle_zanjibar")
    assert status == 2 and out == "" and "undated" in err and "compare dm_moffle_zanjibar" in err


def test_compare_matches_the_library(capsys: Capture) -> None:
    from toolkit.analysis.compare import compare

    data = run_json(capsys, "compare", "mist_archfiend_enemy_controller")
    found = compare("mist_archfiend_enemy_controller")
    assert data["rulesets"] == list(found.rulesets) == ["ocg", "video_game"]
    assert [o["lines"]["video_game"] for o in data["outcomes"]] == [o.lines[1] for o in found.outcomes]
    assert any(o["lines"]["video_game"] == 0 for o in data["outcomes"])
    dated = run_json(capsys, "compare", "q_hysteric_sign_adjustment", "--rulesets", "2013-03-30", "2016-07-08")
    assert dated["rulesets"] == ["ocg@2013-03-30", "ocg@2016-07-08"]
    status, out, _ = run(capsys, "compare", "dm_moffle_zanjibar", "--rulesets", "duel_masters", "dm-turn-starts-later",
                         "--csv")
    assert status == 0 and out.splitlines()[0] == "outcome,lines[duel_masters],lines[dm-turn-starts-later]"


def test_compare_refuses_one_ruleset_and_an_unknown_one(capsys: Capture) -> None:
    assert "at least two" in json_error(capsys, "compare", "lyla_veiler_2011", "--rulesets", "ocg")["error"]
    error = json_error(capsys, "compare", "lyla_veiler_2011", "--rulesets", "ocg", "vidoe_game")
    assert error["field"] == "rulesets[1]" and "video_game" in error["error"]
    undated = json_error(capsys, "compare", "dm_moffle_zanjibar", "--rulesets", "duel_masters", "2020-01-01")
    assert undated["field"] == "rulesets[1]" and "undated" in undated["error"]


def test_compare_games_matches_the_library(capsys: Capture) -> None:
    from toolkit.analysis.side_by_side import compare_games

    rows = run_json(capsys, "compare-games", "--date", "2013-03-30")
    frame = compare_games("2013-03-30")
    assert [r["key"] for r in rows] == list(frame.index)
    assert [r["ocg"] for r in rows] == list(frame["ocg"]) and [r["duel_masters"] for r in rows] == list(frame["duel_masters"])
    status, out, _ = run(capsys, "compare-games")
    assert status == 0 and "Duel Masters:" in out and "Yu-Gi-Oh! OCG:" in out


# --------------------------------------------------------------------------
# verify
# --------------------------------------------------------------------------

RULING = "ocg-160708-hysteric-sign-adjustment"


MINE = "user-160708-sign-adjustment-again"


def _rulings_file(tmp_path: Path, flip: bool) -> Path:
    table = load_rulings()
    row = table[table["ruling_id"] == RULING].copy()
    row["ruling_id"] = MINE  # the same ruling again, as a ruling of the user's own
    if flip:
        row["expected"] = "yes" if row["expected"].iloc[0] == "no" else "no"
    path = tmp_path / ("flipped.csv" if flip else "one.csv")
    path.write_text(to_contract_csv(row, "rulings"), encoding="utf-8")
    return path


def test_the_rules_header_says_what_each_flag_means(capsys: Capture) -> None:
    """The header of a line names each rule and what its value means that day,
    not the flag's code name: H5 flipped on 2016-07-08."""
    before = run(capsys, "resolve", "hysteric_sign_adjustment_2013")[1]
    after = run(capsys, "resolve", "hysteric_sign_adjustment_2013", "--date", "2016-07-08")[1]
    h5 = "  H5  "
    assert "end_phase_triggers_after_adjustment" not in before + after
    assert f"{h5}a mandatory 「エンドフェイズ時」 trigger still activates after the hand-size adjustment" in before
    assert f"{h5}no 「エンドフェイズ時」 trigger activates after the hand-size adjustment" in after


def test_verify_one_ruling(capsys: Capture) -> None:
    from toolkit.history import run_ruling

    data = run_json(capsys, "verify", "--ruling", RULING)
    run_ = run_ruling(RULING)
    assert data["verified"] is True and data["answer"] == run_.own.answer and data["decided_by"] == run_.decided_by
    assert data["line"]
    status, out, _ = run(capsys, "verify", "--ruling", RULING)
    assert status == 0 and "verified" in out and "decided by: H5" in out


def test_verify_exits_1_when_a_ruling_disagrees(capsys: Capture, tmp_path: Path) -> None:
    status, out, _ = run(capsys, "verify", "--rulings", str(_rulings_file(tmp_path, flip=True)), "--only-mine")
    assert status == 1 and f"FAIL {MINE}" in out and "0 verified, 1 not" in out
    assert run(capsys, "verify", "--rulings", str(_rulings_file(tmp_path, flip=False)), "--only-mine")[0] == 0


def test_verify_reads_a_rulings_file_on_standard_input(capsys: Capture, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    stdin(monkeypatch, _rulings_file(tmp_path, flip=True).read_bytes())
    rows = run_json(capsys, "verify", "--rulings", "-", "--only-mine", expect=1)
    assert [(r["ruling_id"], r["verified"]) for r in rows] == [(MINE, False)]


def test_verify_names_the_nearest_ruling(capsys: Capture) -> None:
    error = json_error(capsys, "verify", "--ruling", "ocg-160708-hysteric-sign")
    assert RULING in error["error"]


def test_a_broken_rulings_file_is_one_line_naming_row_and_column(capsys: Capture, tmp_path: Path) -> None:
    text = _rulings_file(tmp_path, flip=False).read_text(encoding="utf-8").replace(",2016-07-08,", ",2016-13-08,")
    path = tmp_path / "broken.csv"
    path.write_text(text, encoding="utf-8")
    error = json_error(capsys, "verify", "--rulings", str(path))
    assert error["file"] == str(path) and error["row"] == 1 and error["field"] == "date"
    status, _, err = run(capsys, "rulings", "--rulings", str(path))
    assert status == 2 and len(err.strip().splitlines()) == 1 and "row 1" in err


def test_rulings_lists_a_file_of_ones_own_beside_the_packaged_table(capsys: Capture, tmp_path: Path) -> None:
    mine = _rulings_file(tmp_path, flip=False)
    packaged = run_json(capsys, "rulings")
    both = run_json(capsys, "rulings", "--rulings", str(mine))
    assert [r["ruling_id"] for r in both] == [r["ruling_id"] for r in packaged] + [MINE]
    only = run_json(capsys, "rulings", "--rulings", str(mine), "--only-mine")
    assert [r["ruling_id"] for r in only] == [MINE]
    status, _, err = run(capsys, "rulings", "--only-mine")
    assert status == 2 and "--only-mine" in err and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------
# rulings, scenarios, cards
# --------------------------------------------------------------------------


def test_rulings_csv_for_a_card(capsys: Capture) -> None:
    status, out, _ = run(capsys, "rulings", "--card", "hysteric sign", "--csv")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "ruling_id,game,date,verdict,status,superseded_by,cards,summary_en"
    assert len(lines) == 1 + len(rulings_about("hysteric sign"))


def test_rulings_of_one_game_and_an_unknown_game(capsys: Capture) -> None:
    rows = run_json(capsys, "rulings", "--game", "duel_masters")
    table = load_rulings()
    assert len(rows) == int((table["game"] == "duel_masters").sum()) > 0
    assert "known games: ocg, duel_masters" in json_error(capsys, "rulings", "--game", "dm")["error"]


def test_scenarios_of_one_game(capsys: Capture) -> None:
    rows = run_json(capsys, "scenarios", "--game", "duel_masters")
    game = next(g for g in registered_games() if g.name == "duel_masters")
    assert [r["name"] for r in rows] == list(game.scenario_names())


def test_cards_lists_the_table(capsys: Capture) -> None:
    """The listing is the cards table plus the cards of one's own registered
    in this process (an earlier test on the same worker may have added some)."""
    from toolkit.cli.card_files import own_cards
    from toolkit.cli.listing import OWN_CARD_NOTE
    from toolkit.data import cards_with

    cards = cards_with(own_cards(), load_cards(), note=OWN_CARD_NOTE)
    rows = run_json(capsys, "cards")
    assert sorted(r["name_ja"] for r in rows) == sorted(cards["name_ja"])
    status, out, _ = run(capsys, "cards", "--game", "ocg", "--csv")
    assert status == 0 and len(out.splitlines()) == 1 + int((cards["game"] == "ocg").sum())
    status, out, _ = run(capsys, "cards", "--game", "ocg")
    assert "ヒステリック・サイン / Hysteric Sign" in out


# --------------------------------------------------------------------------
# export
# --------------------------------------------------------------------------


def test_export_writes_what_the_library_writes(capsys: Capture, tmp_path: Path) -> None:
    from toolkit.export import build_article, export_article

    data = run_json(capsys, "export", "Hysteric Sign", "--out", str(tmp_path / "cli"))
    library = export_article(build_article("Hysteric Sign"), tmp_path / "lib")
    assert sorted(data["files"]) == ["md", "wiki"]
    assert Path(data["files"]["md"]).name == library.markdown.name
    assert Path(data["files"]["wiki"]).read_text(encoding="utf-8") == library.wiki.read_text(encoding="utf-8")
    again = json_error(capsys, "export", "Hysteric Sign", "--out", str(tmp_path / "cli"))
    assert "--overwrite" in again["error"]
    assert run(capsys, "export", "Hysteric Sign", "--out", str(tmp_path / "cli"), "--overwrite")[0] == 0


def test_export_one_format_to_standard_output(capsys: Capture) -> None:
    from toolkit.export import article_wiki, build_article

    status, out, _ = run(capsys, "export", "ヒステリック・サイン", "--format", "wiki", "--out", "-")
    assert status == 0 and out.rstrip("\n") == article_wiki(build_article("ヒステリック・サイン")).rstrip("\n")
    assert "one article" in json_error(capsys, "export", "ヒステリック・サイン", "--out", "-")["error"]
    assert "did you mean 「ヒステリック・サイン」 (Hysteric Sign)" in json_error(capsys, "export", "Hysteric Sine", "--format", "md", "--out", "-")["error"]


def test_export_refuses_the_packaged_datasets(capsys: Capture) -> None:
    from toolkit.resources import dataset_root

    target = Path(str(dataset_root())) / "articles"
    error = json_error(capsys, "export", "Hysteric Sign", "--out", str(target))
    assert "packaged datasets" in error["error"] and not target.exists()


# --------------------------------------------------------------------------
# validate
# --------------------------------------------------------------------------


def test_validate_reports_each_file(capsys: Capture, tmp_path: Path) -> None:
    from toolkit.resources import dataset_path

    good = tmp_path / "good.yaml"
    good.write_bytes(dataset_path("scenarios", "lyla_veiler_2011.yaml").read_bytes())
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: t\nturn_player: C\nplayers: {A: {}, B: {}}\n", encoding="utf-8")
    rulings = _rulings_file(tmp_path, flip=False)
    broken = tmp_path / "broken.csv"
    broken.write_text(rulings.read_text(encoding="utf-8").replace(",2016-07-08,", ",2016-13-08,"), encoding="utf-8")
    odd = tmp_path / "odd.csv"
    odd.write_text("a,b\n1,2\n", encoding="utf-8")
    files = [str(p) for p in (good, bad, rulings, broken, odd)]
    status, out, _ = run(capsys, "validate", *files)
    lines = out.splitlines()
    assert status == 2
    assert lines[0].startswith(f"{good}: OK") and lines[2].startswith(f"{rulings}: OK (a file of 1 ruling of your own)")
    assert lines[1].startswith(str(bad)) and "turn_player" in lines[1]
    assert lines[3].startswith(f"{broken}, row 1, column 'date'")
    assert lines[4].startswith(f"{odd}: not a rulings, cards or events table")
    assert lines[-1] == "5 files: 2 OK, 3 with problems"
    results = run_json(capsys, "validate", *files, expect=2)
    assert [r["ok"] for r in results] == [True, False, True, False, False]
    assert results[3]["problems"][0]["row"] == 1 and results[3]["problems"][0]["field"] == "date"
    assert run(capsys, "validate", str(good), str(rulings))[0] == 0


def test_validate_reads_standard_input(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.resources import dataset_path

    stdin(monkeypatch, dataset_path("scenarios", "duel_masters", "dm_moffle_zanjibar.yaml").read_bytes())
    (result,) = run_json(capsys, "validate", "-")
    assert result["ok"] and result["file"] == "<stdin>" and result["game"] == "duel_masters"
    stdin(monkeypatch, dataset_path("cards.csv").read_bytes())
    (result,) = run_json(capsys, "validate", "-")
    assert result["ok"] and result["kind"] == "cards" and result["rows"] == len(load_cards())
    assert "only once" in json_error(capsys, "validate", "-", "-")["error"]


def test_the_readme_lists_every_command_and_exit_status() -> None:
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = text.split("## The command line", 1)[1].split("\n## ", 1)[0]
    for name in subcommands():
        assert f"`{name}" in section or f"`{name}`" in section, name
    for code in range(5):
        assert f"\n| {code} |" in section, code
