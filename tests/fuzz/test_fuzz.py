"""Hostile input through the command line: no traceback, no hang, no silent
loss, bounded memory (see hostile_cases.py for the classes, hostile.py for the outcomes).

Under the default ``ci`` Hypothesis profile this runs a fast subset: every
targeted case that runs in-process except most of the field-by-type matrix,
four of the cases that need a subprocess, and a few dozen random files per
strategy. ``HYPOTHESIS_PROFILE=thorough`` (``make fuzz``) runs every case and
thousands of random files.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import hostile
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE", "ci") == "thorough"
FAST_ISOLATED = {"fifo fed zeros (a /dev/zero)", "alias bomb in title", "20000 flow levels", "1.3 million item title"}


def _selected() -> list[hostile.Case]:
    chosen = []
    for i, case in enumerate(hostile.all_cases()):
        if THOROUGH:
            chosen.append(case)
        elif case.isolate:
            if case.name in FAST_ISOLATED:
                chosen.append(case)
        elif case.cls != "field types" or i % 12 == 0:
            chosen.append(case)
    return chosen


CASES = _selected()


@pytest.mark.parametrize("case", CASES, ids=[f"{c.cls}: {c.name}" for c in CASES])
def test_targeted_case(case: hostile.Case, tmp_path: Path) -> None:
    result = hostile.run_case(case, tmp_path)
    hostile.record(case.cls, result.outcome, result)
    assert result.outcome in hostile.GOOD, (result.outcome, result.status, result.message)
    if case.expect == "error":
        assert result.outcome == "clear"
        assert "Traceback" not in result.message and len(result.message) < 600
    if result.peak_mb is not None and result.peak_mb == result.peak_mb:  # not NaN
        assert result.peak_mb < 400, f"peak memory {result.peak_mb:.0f} MB"


def test_the_classes_cover_the_brief() -> None:
    classes = {c.cls for c in hostile.all_cases()}
    assert classes >= {"encodings", "shapes", "field types", "unknown keys", "duplicate keys", "dates", "sizes",
                       "aliases", "nesting", "filesystem", "cli arguments"}
    assert any(c.isolate and c.cls == "filesystem" for c in hostile.all_cases())


def test_the_classifier_can_fail() -> None:
    """The outcomes are told apart (a fuzz suite that calls everything clear proves nothing)."""
    assert hostile.classify("error", 0, "", False, False) == "silent"
    assert hostile.classify("ok", 2, "error: x\n", False, False) == "refused"
    assert hostile.classify("any", 1, "Traceback (most recent call last):\n", False, False) == "traceback"
    assert hostile.classify("any", None, "", False, True) == "hang"
    assert hostile.classify("any", 2, "error: a\nerror: b\n", False, False) == "unclear"
    assert hostile.classify("any", -9, "", False, False) == "memory"
    assert hostile.classify("error", 2, "error: x.yaml: bad\n", False, False) == "clear"


# --------------------------------------------------------------------------
# Random files (Hypothesis)
# --------------------------------------------------------------------------

SHIPPED = sorted(hostile.SCENARIOS.glob("*.yaml")) + sorted((hostile.SCENARIOS / "duel_masters").glob("*.yaml"))
TEXTS = [p.read_text(encoding="utf-8") for p in SHIPPED]
TOKENS = [v for v in hostile.HOSTILE_VALUES.values() if len(v) < 100] + [
    "-", ":", "[", "]", "{", "}", ",", "&a", "*a", "!!str", "!!int", "#", "'", '"', "\t", "é", "---", "? ", "|", ">",
    "~", "<<: *a", "\x85", "\ufeff", "ヒステリック・サイン", "Effect Veiler", "A", "B", "-1", "1e9", "0x1F",
]
KEY_LINE = re.compile(r"^\s*[A-Za-z_]+:(\s|$)")

op = st.tuples(st.sampled_from(["delete", "duplicate", "swap", "insert", "value", "truncate", "indent"]),
               st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(TOKENS))


def mutate(text: str, ops: list[tuple[str, int, int, str]]) -> tuple[str, bool]:
    """``text`` with ``ops`` applied; True when the result must be refused
    (a single key line written twice: YAML would otherwise keep only the second)."""
    lines = text.split("\n")
    must_fail = False
    for kind, a, b, token in ops:
        i, j = a % len(lines), b % len(lines)
        if kind == "delete" and len(lines) > 1:
            del lines[i]
        elif kind == "duplicate":
            must_fail = len(ops) == 1 and bool(KEY_LINE.match(lines[i])) and not lines[i].lstrip().startswith("-")
            lines.insert(i + 1, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "insert":
            pos = b % (len(lines[i]) + 1)
            lines[i] = lines[i][:pos] + token + lines[i][pos:]
        elif kind == "value" and ":" in lines[i]:
            lines[i] = lines[i].split(":", 1)[0] + ": " + token
        elif kind == "truncate":
            return "\n".join(lines)[: a % (len(text) + 1)], False
        elif kind == "indent":
            lines[i] = " " * (b % 5) + lines[i].lstrip(" ") if b % 2 else lines[i][b % 3:]
    return "\n".join(lines), must_fail


def _run(cls: str, data: bytes | str, command: str, expect: str) -> hostile.Result:
    with tempfile.TemporaryDirectory(prefix="endphase-fuzz-") as folder:
        extra = ("--max-states", "5000") if command == "explore" else ()
        case = hostile.file_case(cls, "random", data, expect=expect, command=command, extra=extra)
        result = hostile.run_case(case, Path(folder))
    hostile.record(cls, result.outcome)
    return result


@given(st.integers(0, len(TEXTS) - 1), st.lists(op, min_size=1, max_size=4), st.sampled_from(["resolve", "explore"]))
def test_mutated_shipped_scenarios(index: int, ops: list[tuple[str, int, int, str]], command: str) -> None:
    text, must_fail = mutate(TEXTS[index], ops)
    result = _run("mutations", text, command, "error" if must_fail else "any")
    assert result.outcome in hostile.GOOD, (result.outcome, result.message, text[:2000])


KEYS = st.sampled_from(["game", "title", "description", "date", "ruleset", "turn_player", "phase", "rulings",
                        "players", "lingering", "A", "B", "hand", "field", "graveyard", "banished", "deck",
                        "deck_filler", "life", "name", "position", "tags", "source", "controller", "target",
                        "effect", "battle_zone", "shields", "mana_zone", "power", "tapped", "equipped_to", "start",
                        "extra_turn", "delayed", "duration", "x"])
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**25), 10**25), st.floats(allow_nan=True), st.dates(),
    st.text(max_size=20), st.sampled_from(["A", "B", "end", "ocg", "ocg-2011", "face_up", "set", "negate",
                                           "duel_masters", "ヒステリック・サイン", "エフェクト・ヴェーラー",
                                           "黒神龍ザンジバル", "this_turn", "summoned_this_turn",
                                           "ocg-130330-hysteric-sign-adjustment"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(KEYS, inner, max_size=5)), max_leaves=25)
SCENARIO_LIKE = st.fixed_dictionaries(
    {"title": VALUES, "turn_player": VALUES, "players": VALUES},
    optional={"game": st.sampled_from(["ocg", "duel_masters"]) | VALUES, "date": VALUES, "ruleset": VALUES,
              "phase": VALUES, "rulings": VALUES, "lingering": VALUES, "delayed": VALUES, "start": VALUES,
              "extra_turn": VALUES, "description": VALUES},
)


@given(SCENARIO_LIKE)
def test_random_scenario_shaped_data(data: dict[str, object]) -> None:
    try:
        text = hostile.dump(data)
    except (ValueError, OverflowError):  # a value the YAML writer itself cannot write
        assume(False)
        return
    result = _run("random data", text, "resolve", "any")
    assert result.outcome in hostile.GOOD, (result.outcome, result.message, text[:2000])


@given(st.one_of(st.binary(max_size=3000),
                 st.text(alphabet=st.sampled_from(list(":-[]{},&*!|>'\"#\n ?%@`abcAB01é\t\x00\r")), max_size=400)))
def test_random_bytes_and_yaml_punctuation(data: bytes | str) -> None:
    result = _run("random bytes", data, "resolve", "any")
    assert result.outcome in hostile.GOOD, (result.outcome, result.message)
