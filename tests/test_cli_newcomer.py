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
