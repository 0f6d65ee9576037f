"""Hostile rulings files of one's own through ``verify --rulings FILE --only-mine``:
mutated YAML and CSV files, random rows and random bytes end in a verdict or in
one clear line (exit 2), never a traceback or a hang (see hostile.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import hostile
import yaml
from hypothesis import assume, given
from hypothesis import strategies as st
from test_fuzz import TOKENS, mutate

SIGN = "ヒステリック・サイン"
BASE_ROWS: list[dict[str, Any]] = [
    {"ruling_id": "user-240105-sign-adjustment", "date": "2024-01-05", "kind": "faq",
     "question_ja": f"手札調整で《{SIGN}》を捨てた場合、効果は発動しますか？", "answer_ja": "いいえ、発動しません。",
     "cards": [SIGN], "source": "https://example.org/my-notes", "supersedes": ["ocg-160708-hysteric-sign-adjustment"],
     "scenario": ["q_hysteric_sign_adjustment.yaml"],
     "check": {"possible": {"event": "activated", "card": SIGN}}, "expected": "no",
     "check_en": "Hysteric Sign discarded by the adjustment activates"},
    {"ruling_id": "user-undated-note", "game": "duel_masters", "kind": "example", "answer_ja": "はい。",
     "source": "https://dmwiki.net/x", "status": "current", "hidden_in_source": False, "topic": "turn_end_step"},
]
BASE_YAML = yaml.safe_dump(BASE_ROWS, allow_unicode=True, sort_keys=False)
BASE_CSV = (
    "ruling_id,date,question_ja,answer_ja,cards,source,supersedes,status,superseded_by\n"
    f"user-240105-a,2024-01-05,《{SIGN}》？,いいえ。,{SIGN},https://example.org,ocg-160708-hysteric-sign-adjustment,,\n"
    "user-240104-b,2024-01-04,q,はい。,,https://example.org,,superseded,user-240105-a\n"
)


def _outcome(data: str | bytes, suffix: str) -> hostile.Result:
    with tempfile.TemporaryDirectory(prefix="endphase-fuzz-rulings-") as folder:
        path = Path(folder) / f"mine{suffix}"
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
        argv = ["verify", "--rulings", str(path), "--only-mine"]
        status, out, err, escaped, timed_out = hostile.run_in_process(argv, timeout=60.0)
    outcome = hostile.classify("any", status, err, escaped, timed_out)
    if status == 1 and "FAIL " in out and "Traceback" not in err:  # a ruling that disagrees is an answer
        outcome = "ok"
    case = hostile.Case("user rulings", "random", lambda _: hostile.Prepared(argv), "any")
    result = hostile.Result(case, outcome, status, err.strip().splitlines()[-1] if err.strip() else "", 0.0)
    hostile.record("user rulings", outcome)
    return result


def test_the_base_files_are_accepted() -> None:
    """The mutations start from files the reader accepts (or they would prove nothing)."""
    assert _outcome(BASE_YAML, ".yaml").outcome == "ok"
    assert _outcome(BASE_CSV, ".csv").outcome == "ok"


def test_a_wrong_file_is_refused_in_one_line() -> None:
    result = _outcome(BASE_YAML.replace("2024-01-05", "2024-02-30"), ".yaml")
    assert result.outcome == "clear" and "row 1" in result.message and "date" in result.message


def test_an_unreadable_id_that_names_a_successor_is_refused_in_one_line() -> None:
    """Found by ``make fuzz`` (a '7' typed before an id): the cycle check sorted the ids with the unreadable one
    as None among them and raised TypeError."""
    lines = BASE_CSV.splitlines(keepends=True)
    text = lines[0] + lines[1] + "7" + lines[2] + lines[2]
    result = _outcome(text, ".csv")
    assert result.outcome == "clear" and "row 2" in result.message and "ruling_id" in result.message, result.message


@given(st.lists(st.tuples(st.sampled_from(["delete", "duplicate", "swap", "insert", "value", "truncate", "indent"]),
                          st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(TOKENS)),
                min_size=1, max_size=4),
       st.sampled_from([".yaml", ".csv"]))
def test_mutated_rulings_files(ops: list[tuple[str, int, int, str]], suffix: str) -> None:
    text, _ = mutate(BASE_YAML if suffix == ".yaml" else BASE_CSV, ops)
    result = _outcome(text, suffix)
    assert result.outcome in hostile.GOOD, (result.outcome, result.message, text[:2000])


COLUMNS = st.sampled_from(["ruling_id", "game", "kind", "date", "date_precision", "topic", "cards", "question_ja",
                           "answer_ja", "verdict", "status", "superseded_by", "supersedes", "hidden_in_source",
                           "source", "source_file", "scenario", "ruleset", "check", "expected", "x"])
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.floats(allow_nan=True), st.dates(),
    st.text(max_size=20), st.sampled_from(["user-240105-a", "ocg-160708-hysteric-sign-adjustment", "yes", "no",
                                           "current", "superseded", "faq", "2024-01-05", "q_hysteric_sign_adjustment.yaml",
                                           "../x.yaml", "/dev/zero", '{"possible": {"loop": true}}', SIGN]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=8) | COLUMNS, inner,
                                                                       max_size=3)), max_leaves=12)
ROWS = st.lists(st.one_of(st.dictionaries(COLUMNS, VALUES, max_size=8), VALUES), max_size=4)


@given(ROWS)
def test_random_rows(rows: list[Any]) -> None:
    try:
        text = yaml.safe_dump(rows, allow_unicode=True)
    except (ValueError, OverflowError, yaml.YAMLError):
        assume(False)
        return
    result = _outcome(text, ".yaml")
    assert result.outcome in hostile.GOOD, (result.outcome, result.message, text[:2000])


@given(st.binary(max_size=2000), st.sampled_from([".yaml", ".csv"]))
def test_random_bytes(data: bytes, suffix: str) -> None:
    result = _outcome(data, suffix)
    assert result.outcome in hostile.GOOD, (result.outcome, result.message)
