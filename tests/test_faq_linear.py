"""Reading a page costs time linear in it (issue 31, item 4): growth, not time, is
asserted. Each shape of page is read at a size and at four times that size
(below the line bound, so that every character is read); the cost is the
least of three timings (the process's CPU time, the garbage collector paused) of enough calls to take a measurable time, and four
times the input may cost at most 2.5 × 2.5 times the work (2.5 per
doubling: a quadratic reader costs 16 times, a cubic one 64). The shapes are
the hostile ones the issue found — a heading followed by a run of spaces (it
was cubic), a date followed by a run of spaces (quadratic) — and others of the
kind: a diff line, a line of spaces, runs of blank lines, many entries.
Absolute figures: ``python benchmarks/faq_parsing.py``."""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import toolkit
from toolkit.errors import RulingWarning
from toolkit.wiki.lines import MAX_LINE_CHARS
from toolkit.wiki.markup import DATE_AT_END, HEADING

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from _faq_pages import PAGES, SOURCE  # noqa: E402
from _faq_pages import read as _read  # noqa: E402

PER_DOUBLING = 2.5

SIZES = {"heading + spaces + anchor": 2_000, "entries": 50}
"""The size each shape is read at (and four times that): 4,000 but where noted."""
SHAPES: dict[str, tuple[Callable[[int], str], int]] = {
    name: (make, SIZES.get(name, 4_000)) for name, make in PAGES.items()}
"""The shapes of ``benchmarks/_faq_pages.py``, with their sizes."""


def _cost(function: str, text: str, calls: int) -> float:
    start = time.process_time()  # this process's CPU time: the other processes of a busy machine do not count
    for _ in range(calls):
        _read(function, text)
    return time.process_time() - start


def growth(function: str, make: Callable[[int], str], size: int, *, trials: int = 3) -> float:
    """How many times more four times the input costs: the least of ``trials``
    timings of each, taken in turn (so that both share the machine's load)."""
    small, large = make(size), make(4 * size)
    assert max(len(line) for line in large.split("\n")) < MAX_LINE_CHARS  # every character is read
    _read(function, small)  # warm-up (imports, caches)
    calls = 1
    while _cost(function, small, calls) < 0.01 and calls < 64:
        calls *= 2
    gc.collect()
    gc.disable()  # a full collection walks every object of the process (pandas' too): not the reader's work
    try:
        costs = [(_cost(function, small, calls), _cost(function, large, calls)) for _ in range(trials)]
    finally:
        gc.enable()
    return min(c[1] for c in costs) / min(c[0] for c in costs)


QUICK = [("heading + spaces", "import_page"), ("heading + spaces", "rulings_from_faq"),
         ("date + spaces", "import_page"), ("date + spaces", "rulings_from_faq"),
         ("blank lines", "import_page"), ("entries", "import_page")]
"""The shapes ``make test`` runs (the issue's two, both readers; blank lines; many entries); ``make fuzz``
runs every shape with both (tests/fuzz/test_fuzz_faq_growth.py)."""


@pytest.mark.parametrize(("shape", "function"), QUICK)
def test_four_times_the_page_costs_at_most_about_four_times_the_work(shape: str, function: str) -> None:
    make, size = SHAPES[shape]
    ratio = growth(function, make, size)
    assert ratio <= PER_DOUBLING ** 2, f"{shape}: 4× the input cost {ratio:.1f}× the work"


def test_the_linear_readers_agree_with_the_patterns_they_replace() -> None:
    """The heading and the date at a line's end, read without backtracking, as the
    regular expressions read them (on lines short enough for those)."""
    import re

    heading = re.compile(r"^(\*{1,3})\s*(.*?)\s*(?:\[#([^\]\s]+)\])?\s*$")
    date = re.compile(r"\((\d+)/(\d+)/(\d+)\)\s*~?\s*$")
    lines = ["*a", "**  見出し  ", "***手札調整について [#faq1]", "***x[#a]", "***x [#a b]", "****x [#]",
             "**x [#a[#b]", "**x ]][#a]  ", "*\u3000見出し\u3000[#z]\u3000", "*[#a]", "***", "x"]
    for line in lines:
        old, new = heading.match(line), HEADING.match(line)
        assert (old is None) == (new is None), line
        if old is not None and new is not None:
            assert (old.group(1), old.group(2), old.group(3)) == (new.level, new.text, new.anchor), line
    for text in ["はい。(12/08/08)", "(12/08/08) ~ ", "(12/08/08)~~", "(1/2/3)x", "((12/08/08)", "(12/08/08) x",
                 "(12)/08/08)", "(a/b/c)", "(12/08/08)\u3000~\u3000", ""]:
        old_date, new_date = date.search(text), DATE_AT_END.search(text)
        assert (old_date is None) == (new_date is None), text
        if old_date is not None and new_date is not None:
            assert (old_date.groups(), old_date.start()) == (new_date.groups(), new_date.start()), text


def test_a_line_over_the_bound_is_read_up_to_it_with_a_warning_naming_it() -> None:
    assert MAX_LINE_CHARS == 20_000  # a line of a page is read up to there (the line below is longer)
    line = "Ａ：" + "は" * 20_010 + "。(16/07/08)"
    page = f"Ｑ：a?~\n{line}\n\n"
    rows, report = toolkit.import_page(page, source=SOURCE)
    assert report.warnings == (f"line 2: {len(line):,} characters long; only the first {MAX_LINE_CHARS:,} are read",)
    assert len(rows) == 1 and len(rows["answer_ja"].iloc[0]) == MAX_LINE_CHARS - 2
    with pytest.warns(RulingWarning, match=f"pasted text, line 2: {len(line):,} characters long"):
        toolkit.rulings_from_faq(page, source=SOURCE)
    trailing = toolkit.import_page("Ｑ：a?~\nＡ：はい。(16/07/08)" + " " * 100_000 + "\n\n", source=SOURCE)
    assert not trailing.report.warnings and trailing.rows["date"].notna().all()  # trailing spaces are no text
