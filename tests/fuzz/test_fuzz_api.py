"""Hostile calls of the Python API a notebook user makes: wrong types, dates
in the wrong form, unknown names, a table missing a column. Each ends in one
:class:`~toolkit.errors.ToolkitError` whose message is one sentence naming
what is wrong — never a ``KeyError`` / ``TypeError`` from deep inside pandas,
and never an answer to a question that was not asked (``can_force`` for a
player ``'C'`` or a card no game has)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pandas as pd
import pytest

import toolkit
from toolkit.errors import ToolkitError

RULINGS = toolkit.load_rulings()
SIGN = "ヒステリック・サイン"
SIGN_RULING = "ocg-160708-hysteric-sign-adjustment"


def _scenario() -> Any:
    return toolkit.seed_scenario("lyla_veiler_2011")


CALLS: list[tuple[str, Callable[[], Any], str]] = [
    ("ruleset_at(NaT)", lambda: toolkit.ruleset_at(pd.NaT), "NaT"),
    ("ruleset_at(20130330)", lambda: toolkit.ruleset_at(20130330), "YYYY-MM-DD"),
    # the dates the command line's --date refuses, in the same sentence
    ("ruleset_at('0001-01-01')", lambda: toolkit.ruleset_at("0001-01-01"),
     "0001-01-01 is outside the dates the rules cover"),
    ("ruleset_at(date(9999, 1, 1))", lambda: toolkit.ruleset_at(datetime.date(9999, 1, 1)),
     "9999-01-01 is outside the dates the rules cover"),
    ("changes(s, '0001-01-01')", lambda: toolkit.changes("q_hysteric_sign_adjustment", "0001-01-01", "2024-01-01"),
     "start 0001-01-01 is outside the dates the rules cover"),
    ("changes(s, end='9999-01-01')", lambda: toolkit.changes("q_hysteric_sign_adjustment", end="9999-01-01"),
     "end 9999-01-01 is outside the dates the rules cover"),
    ("rulings_in_force(table, date): arguments swapped", lambda: toolkit.rulings_in_force(RULINGS, "2014-01-01"),
     "out of order"),
    ("rulings_about(None)", lambda: toolkit.rulings_about(None), "not None"),
    ("rulings_about(123)", lambda: toolkit.rulings_about(123), "not an int"),
    ("resolve_card(None)", lambda: toolkit.resolve_card(None), "not None"),
    ("card_rulings_long([1, 2])", lambda: toolkit.card_rulings_long([1, 2]), "not a list"),
    ("load_rulings(5)", lambda: toolkit.load_rulings(5), "an int"),
    ("load_rulings(extra=5)", lambda: toolkit.load_rulings(extra=5), "an int"),
    ("load_rulings(extra=[5])", lambda: toolkit.load_rulings(extra=[5]), "an int"),
    ("validate_datasets(rulings=5)", lambda: toolkit.validate_datasets(rulings=5), "an int"),
    ("load_scenario(5)", lambda: toolkit.load_scenario(5), "path of a scenario file"),
    ("load_scenario(None)", lambda: toolkit.load_scenario(None), "path of a scenario file"),
    ("seed_scenario(5)", lambda: toolkit.seed_scenario(5), "named by text"),
    ("resolve(s, policy=5)", lambda: toolkit.resolve(_scenario(), 5), "policy"),
    ("can_force(s, 'C', ...)", lambda: toolkit.can_force(_scenario(), "C", {"loop": True}), "'C'"),
    ("can_force(s, 'TP', 42)", lambda: toolkit.can_force(_scenario(), "TP", 42), "predicate"),
    ("can_force(s, 'TP', unknown card)",
     lambda: toolkit.can_force(_scenario(), "TP", {"event": "activated", "card": "存在しないカード"}), "存在しないカード"),
    ("parse_faq(5)", lambda: toolkit.parse_faq(5), "not an int"),
    ("parse_faq(text, source=5)", lambda: toolkit.parse_faq("Ｑ：x?~", source=5), "not an int"),
    ("parse_plain(None)", lambda: toolkit.parse_plain(None), "not None"),
    ("rulings_from_faq(5)", lambda: toolkit.rulings_from_faq(5), "an int"),
    ("rulings_from_faq(text)", lambda: toolkit.rulings_from_faq("Ｑ：x?~\nＡ：y"), "give the URL"),
    ("rulings_from_faq(5, source=...)", lambda: toolkit.rulings_from_faq(5, source="https://example.org"), "an int"),
    ("save_scenario(5, path)", lambda: toolkit.save_scenario(5, "never-written.yaml"), "not an int"),
    ("save_scenario(s, 5)", lambda: toolkit.save_scenario(_scenario(), 5), "not an int"),
    ("glossary('nonsense')", lambda: toolkit.glossary("nonsense"), "no game is called 'nonsense'; known games: "),
    ("glossary('ocgg')", lambda: toolkit.glossary("ocgg"), "(did you mean 'ocg'?)"),
    ("rules('duel_master')", lambda: toolkit.rules("duel_master"), "(did you mean 'duel_masters'?)"),
    ("rules(5)", lambda: toolkit.rules(5), "not an int"),
    ("verify_rulings('rulings.csv')", lambda: toolkit.verify_rulings("rulings.csv"), "not a str"),
    ("verify_rulings(empty DataFrame)", lambda: toolkit.verify_rulings(pd.DataFrame()), "ruling_id"),
    ("run_ruling({})", lambda: toolkit.run_ruling({}), "ruling_id"),
    ("run_ruling(5)", lambda: toolkit.run_ruling(5), "ruling id"),
]


@pytest.mark.parametrize("call,phrase", [(c, p) for _, c, p in CALLS], ids=[label for label, _, _ in CALLS])
def test_a_wrong_call_is_one_clear_sentence(call: Callable[[], Any], phrase: str) -> None:
    with pytest.raises(ToolkitError) as caught:
        call()
    message = str(caught.value)
    assert phrase in message
    assert "\n" not in message and len(message) < 400, message
    assert "DataFrame\n" not in message and "Traceback" not in message


# Each helper, and the columns of the rulings table it reads: a table without
# one of them is refused naming the helper and the column.
READERS: dict[str, tuple[Callable[[pd.DataFrame], Any], tuple[str, ...]]] = {
    "rulings_about": (lambda t: toolkit.rulings_about(SIGN, t), ("ruling_id", "date", "cards")),
    "card_rulings_long": (toolkit.card_rulings_long, ("cards",)),
    "supersession_chain": (lambda t: toolkit.supersession_chain(SIGN_RULING, t), ("ruling_id", "date", "superseded_by")),
    "supersessions": (toolkit.supersessions, ("ruling_id", "date", "cards", "status", "summary_en", "superseded_by",
                                              "obsoleted_by_event", "status_note")),
    "rulings_in_force": (lambda t: toolkit.rulings_in_force("2015-01-01", t),
                         ("ruling_id", "date", "status", "superseded_by", "obsoleted_by_event")),
    "timeline_links": (toolkit.timeline_links, ("ruling_id", "date")),
    "supersession_explanations": (toolkit.supersession_explanations, ("ruling_id", "status", "scenario", "check")),
    "verify_rulings": (toolkit.verify_rulings, ("ruling_id", "date", "topic", "status", "scenario", "check",
                                                "not_modelled_reason")),
    "changes": (lambda t: toolkit.changes("q_hysteric_sign_adjustment", rulings=t), ("ruling_id", "date", "scenario",
                                                                                      "check")),
}
DROPS = [(name, column) for name, (_, columns) in READERS.items() for column in columns]


@pytest.mark.parametrize("name,column", DROPS, ids=[f"{n} without {c}" for n, c in DROPS])
def test_a_table_missing_a_column_is_named(name: str, column: str) -> None:
    function, _ = READERS[name]
    with pytest.raises(ToolkitError) as caught:
        function(RULINGS.drop(columns=[column]))
    message = str(caught.value)
    assert f"{name}()" in message and repr(column) in message, message


def test_the_helpers_answer_on_the_whole_table() -> None:
    """The same calls on an intact table answer (so the refusals above are about the column)."""
    assert len(toolkit.rulings_about(SIGN, RULINGS)) > 0
    assert len(toolkit.card_rulings_long(RULINGS)) >= len(RULINGS)
    assert SIGN_RULING in set(toolkit.supersession_chain(SIGN_RULING, RULINGS)["ruling_id"])
    assert len(toolkit.rulings_in_force("2015-01-01", RULINGS)) > 0
    assert toolkit.resolve_card("hysteric sign") == SIGN
    assert toolkit.can_force(_scenario(), "NTP", {"not": {"event": "milled"}}).player == "B"


def test_the_api_refuses_a_date_in_the_command_lines_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli import main

    with pytest.raises(ToolkitError) as caught:
        toolkit.ruleset_at("0001-01-01")
    assert main(["resolve", "lyla_veiler_2011", "--date", "0001-01-01"]) == 2
    assert str(caught.value) in capsys.readouterr().err


@pytest.fixture(scope="module")
def boom(tmp_path_factory: pytest.TempPathFactory) -> str:
    from entry_points import exploding_scenario

    path = tmp_path_factory.mktemp("boom") / "boom.yaml"
    path.write_text(exploding_scenario(), encoding="utf-8")
    return str(path)


def test_changes_takes_the_limits_of_the_other_searches(boom: str) -> None:
    """An exploding scenario stops at max_states or time_limit (it runs ~50 s to the
    default limit), with the message explore gives; a limit that is no positive number is refused."""
    import time

    from toolkit.core.errors import SearchBudgetExceeded

    with pytest.raises(SearchBudgetExceeded, match=r"limit of 100 positions \(max_states\).*raise max_states"):
        toolkit.changes(boom, max_states=100)
    started = time.perf_counter()
    with pytest.raises(SearchBudgetExceeded, match=r"time limit of 0.5 s \(time_limit\).*raise time_limit"):
        toolkit.changes(boom, time_limit=0.5)
    assert time.perf_counter() - started < 20
    with pytest.raises(ToolkitError, match="max_states must be a positive whole number"):
        toolkit.changes(boom, max_states=0)
    assert len(toolkit.changes("q_hysteric_sign_adjustment", "2010-01-01", "2024-01-01", time_limit=600)) == 1
