"""What reading a pasted page costs as it grows (prints numbers; asserts nothing).

    python benchmarks/faq_parsing.py [--repeat 3] [--mb 1]

Each line is one shape of page, read by ``toolkit.import_page`` and by
``toolkit.rulings_from_faq``, at a few sizes: the seconds (the minimum of
``--repeat`` runs, in this process, after one warm-up) and the ratio to the
size before it (a page read in time linear in its size doubles: ratio ~2).
The shapes are the hostile ones of issue 31 — a heading followed by a run
of spaces, a date followed by a run of spaces, a line of spaces only, a
diff line of spaces, lines of nested links — and a page of many entries.
``--mb`` sets the largest run of spaces (the goal: 1 MB of spaces in < 1 s).
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import toolkit  # noqa: E402
from toolkit.errors import RulingWarning, WikiParseError  # noqa: E402

SOURCE = "https://example.org/bench"
ENTRY = "Ｑ：《テスト・ドラゴン》は[[破壊]]されますか？~\nＡ：いいえ、破壊されません。(16/07/08)\n"


def shapes(largest: int) -> dict[str, tuple[Callable[[int], str], list[int]]]:
    runs = [largest // 8, largest // 4, largest // 2, largest]
    return {
        "heading + spaces": (lambda n: "***見出し" + " " * n + "x\n" + ENTRY, runs),
        "date + spaces": (lambda n: "Ｑ：a?~\nＡ：はい。(16/07/08)" + " " * n + "x\n", runs),
        "spaces only": (lambda n: " " * n + "x", runs),
        "diff line + spaces": (lambda n: "+" + " " * n + "x\n" + ENTRY, runs),
        "newlines": (lambda n: "\n" * n + ENTRY, runs),
        "nested links": (lambda n: "Ｑ：" + "[[" * (n // 4) + "a" + "]]" * (n // 4) + "?~\nＡ：はい。\n", runs),
        "entries": (lambda n: "".join(
            ENTRY.replace("テスト・ドラゴン", f"テスト・ドラゴン{i}") for i in range(n)), [250, 500, 1000, 2000]),
    }


def seconds(call: Callable[[], object], repeat: int) -> float:
    call()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def read(function: str, text: str) -> None:
    warnings.simplefilter("ignore", RulingWarning)  # a line cut at the bound: said once per call, not timed
    try:
        if function == "import_page":
            toolkit.import_page(text, source=SOURCE)
        else:
            toolkit.rulings_from_faq(text, source=SOURCE)
    except WikiParseError:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--mb", type=float, default=1.0, help="the largest run of spaces, in MB")
    args = parser.parse_args(argv)
    largest = int(args.mb * 1_000_000)
    print(f"{'shape':<20} {'function':<17} " + "  ".join(f"{'size':>9} {'s':>7} {'ratio':>5}" for _ in range(4)))
    for name, (make, sizes) in shapes(largest).items():
        for function in ("import_page", "rulings_from_faq"):
            cells = []
            before = None
            for size in sizes:
                took = seconds(lambda: read(function, make(size)), args.repeat)
                ratio = f"{took / before:5.2f}" if before else "    -"
                cells.append(f"{size:>9,} {took:7.3f} {ratio}")
                before = took
            print(f"{name:<20} {function:<17} " + "  ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
