"""The command line as a newcomer meets it: words for a question written in
words, the option blamed for a bad option, one line per usage error, a short
help for the program alone, the nearest command for a misspelt one, hints
naming the program as invoked, and a "no" that reads as a no."""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolkit.cli import main
from toolkit.cli.app import build_parser

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture()
def as_endphase(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run as the ``endphase`` script, not as ``python -m toolkit``."""
    monkeypatch.setattr("sys.argv", ["/usr/local/bin/endphase"])


def test_a_question_in_words_is_answered_with_the_language(capsys: Capture) -> None:
    # before: "error: question: not valid JSON (Expecting value at column 1)"
    status, out, err = run(capsys, "ask", "hysteric_sign_adjustment_2013", "can the sign activate?")
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert "JSON" not in err and "question language" in err
    assert "{possible: {event: activated, card: ヒステリック・サイン}}" in err and "docs/questions.md" in err


def test_a_bad_ruleset_option_is_blamed_on_the_option(capsys: Capture) -> None:
    # before: "datasets/scenarios/hysteric_sign_adjustment_2013.yaml, field 'ruleset': unknown ruleset 'ocg-2099'"
    status, _, err = run(capsys, "resolve", "hysteric_sign_adjustment_2013", "--ruleset", "ocg-2099", "--json")
    error: dict[str, Any] = json.loads(err)
    assert status == 2 and error["field"] == "--ruleset" and error["file"] is None, error
    assert ".yaml" not in error["error"] and "unknown ruleset 'ocg-2099'" in error["error"]


@pytest.mark.parametrize("args", [("resolve",), ("resolve", "lyla_veiler_2011", "--date", "13/03/30"),
                                  ("frobnicate",)], ids=["missing", "bad-date", "unknown-command"])
def test_a_usage_error_is_one_line(capsys: Capture, args: tuple[str, ...]) -> None:
    # before: the usage (wrapped over three lines), then the error
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and len(err.splitlines()) == 1, err
    assert err.startswith("error: ") and "`python -m toolkit " in err and "--help`" in err


def test_the_program_alone_prints_a_short_help(capsys: Capture) -> None:
    # before: "usage: ... error: the following arguments are required: COMMAND" (exit 2)
    status, out, err = run(capsys)
    assert status == 0 and err == ""
    assert out.startswith("usage: python -m toolkit COMMAND") and len(out.splitlines()) < 25
    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    assert all(f"\n  {name} " in out for name in commands), out


def test_a_misspelt_command_names_the_nearest(capsys: Capture) -> None:
    status, _, err = run(capsys, "resolv", "lyla_veiler_2011")
    assert status == 2 and "invalid choice: 'resolv' (did you mean 'resolve'?)" in err, err
    assert "compare-games" not in err, "the nearest, not every command"


def test_hints_name_the_program_as_invoked(capsys: Capture, as_endphase: None) -> None:
    # before: "To add your own card, see `python -m toolkit cards --help`" when run as endphase
    status, _, err = run(capsys, "rulings", "--card", "存在しないカード")
    assert status == 2 and "`endphase cards --help`" in err and "python -m toolkit" not in err, err
    _, _, usage = run(capsys, "resolv")
    assert usage.startswith("error: ") and "`endphase --help`" in usage


def test_compare_games_says_what_a_no_denies(capsys: Capture) -> None:
    # before: "Duel Masters: no  (B declares ZERO Hand before A's Heaven's Heaven resolves in some line)"
    status, out, _ = run(capsys, "compare-games")
    assert status == 0
    line = next(text for text in out.splitlines() if "ZERO Hand before" in text)
    assert line.strip().startswith("Duel Masters: no: it is not so that B declares ZERO Hand"), line
    assert "Yu-Gi-Oh! OCG: yes: B's Hysteric Sign is activated before A's Lyla in some line" in out


def test_a_reversed_date_range_in_the_rulings_browser_says_so() -> None:
    import datetime

    from toolkit.widgets.rulings_browser import RulingsBrowser

    browser = RulingsBrowser()
    browser.undated.value = False
    browser.start.value, browser.end.value = datetime.date(2016, 1, 1), datetime.date(2013, 1, 1)
    assert len(browser.result) == 0
    assert "runs backwards" in browser.message.value and "swap" in browser.message.value
    browser.start.value = datetime.date(2012, 1, 1)
    assert "backwards" not in browser.message.value and len(browser.result) > 0


def test_rulings_card_takes_part_of_a_name_as_the_rulings_browser_does(capsys: Capture) -> None:
    # before: "error: Unknown card 「ひすてりっく」 — did you mean ..." (exit 2), while the browser
    # (notebook 03's own example) lists Hysteric Sign's rulings for the same text
    from toolkit.widgets.rulings_browser import RulingsBrowser

    status, out, err = run(capsys, "rulings", "--card", "ひすてりっく", "--json")
    assert status == 0 and err == "", err
    listed = [r["ruling_id"] for r in json.loads(out)]
    assert listed == list(RulingsBrowser(card="ひすてりっく").result["ruling_id"])
    assert len(listed) >= 3 and all("ヒステリック・サイン" in r["cards"] for r in json.loads(out))
    status, out, _ = run(capsys, "rulings", "--card", "ひすてりっく")
    assert status == 0 and out.startswith("rulings naming ヒステリック・サイン\n"), out
    status, _, err = run(capsys, "rulings", "--card", "ひすてりっくx")
    assert status == 2 and "Unknown card 「ひすてりっくx」" in err and "ヒステリック・サイン" in err, err


def test_cards_show_json_gives_fields_not_lines(capsys: Capture) -> None:
    # before: a JSON list of the text's lines ("  text version, original text", "      mandatory: yes", ...)
    status, out, _ = run(capsys, "cards", "--show", "hysteric sign", "--json")
    card = json.loads(out)
    assert status == 0 and isinstance(card, dict), out
    assert (card["name_ja"], card["name_en"], card["card_type"]) == ("ヒステリック・サイン", "Hysteric Sign", "spell")
    effect = card["texts"][0]["effects"][0]
    assert effect["kind"] == "End Phase process" and effect["fields"]["mandatory"] is True
    assert effect["fields"]["kind"] == "mandatory_effect" and card["origin"].startswith("shipped card file")
    status, out, _ = run(capsys, "cards", "--show", "effect veiler", "--json")
    dates = [text["since"] for text in json.loads(out)["texts"]]
    assert dates == [None, "2014-07-10"], dates


def test_a_packaged_example_is_printed_with_a_path_that_works_from_the_folder_run_in(
        capsys: Capture, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # before, from any folder: "from datasets/scenarios/hysteric_sign_adjustment_2013.yaml", which
    # names no file there
    import os
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)  # the clone: the label names the file from here
    _, out, _ = run(capsys, "resolve", "hysteric_sign_adjustment_2013")
    assert out.splitlines()[1].strip() == "from datasets/scenarios/hysteric_sign_adjustment_2013.yaml", out
    monkeypatch.chdir(tmp_path)
    _, out, _ = run(capsys, "resolve", "hysteric_sign_adjustment_2013")
    shown = out.splitlines()[1].strip().removeprefix("from ")
    assert os.path.isabs(shown) and os.path.isfile(shown) and shown.endswith("hysteric_sign_adjustment_2013.yaml")
    status, _, err = run(capsys, "resolve", "dm_d3_arrival_d_switch", "--date", "2020-01-01", "--json")
    error = json.loads(err)
    assert status == 2 and os.path.isfile(error["file"]) and error["error"].startswith(error["file"] + ","), error


def test_counts_are_in_words_not_bracketed_plurals(capsys: Capture, tmp_path: Any) -> None:
    # before: "3 outcome(s); lines reaching each ...", "4 line(s)", "Only under ...: outcome(s) 3",
    # "2 file(s): 2 OK", "a table of rulings, 53 row(s)"
    import re
    from pathlib import Path

    from toolkit.games import shipped_scenario
    from toolkit.history.asking import ask

    root = Path(__file__).resolve().parent.parent
    status, out, _ = run(capsys, "compare", "lyla_veiler_2011", "--rulesets", "2011-01-01", "2015-01-01")
    assert status == 0 and "3 outcomes; lines reaching each" in out and "Only under ocg@2015-01-01: outcome 3" in out
    assert "       ocg@2015-01-01  2 lines" in out and "2 outcomes, 2 of them under it alone" in out
    status, out, _ = run(capsys, "validate", str(root / "datasets/scenarios/lyla_veiler_2011.yaml"),
                         str(root / "datasets/rulings.csv"))
    assert status == 0 and "2 files: 2 OK" in out and re.search(r"a table of rulings, \d+ rows", out), out
    answer = ask(shipped_scenario("lyla_veiler_2011"), "{possible: {event: activated, card: ライトロード・マジシャン ライラ}}")
    assert "A line that shows it: " in repr(answer) and not re.search(r"\w\(s\)", repr(answer)), repr(answer)


def test_the_builders_final_position_names_copies_as_its_steps_do() -> None:
    # before: the steps said "光神機−桜火#1" / "#2", the position view too, and "Final position:" only
    # "光神機−桜火, 光神機−桜火" (the outcome's names; display only, the outcome keeps no marks)
    import html
    import re

    from toolkit.games import shipped_scenario
    from toolkit.widgets.runs import resolve_scenario

    view = resolve_scenario(shipped_scenario("arcana_force_ohka_veiler_2012"))
    marked = sorted(set(re.findall(r"[^\s:;,(]+#\d", " ".join(str(r["action"]) for r in view.rows))))
    assert len(marked) == 2, marked
    final = html.unescape(view.summary_html.split("Final position:")[1])
    assert all(label in final for label in marked), final
    assert "#" not in view.result.outcome.summary.text()
