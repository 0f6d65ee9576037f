"""What reading a pasted page costs as it grows (prints numbers; asserts nothing).

    python benchmarks/faq_parsing.py [--repeat 3] [--mb 1]

Each line is one shape of page (``benchmarks/_faq_pages.py``), read by ``toolkit.import_page`` and by
``toolkit.rulings_from_faq``, at a few sizes: the CPU seconds (the minimum of
``--repeat`` runs, in this process, after one warm-up; the page is made before the clock starts) and the ratio to the
size before it (a page read in time linear in its size doubles: ratio ~2).
The shapes are the hostile ones of issue 31 — a heading followed by a run
of spaces, a date followed by a run of spaces, a line of spaces only, a
diff line of spaces, blank lines, lines of nested links — and a page of many entries.
``--mb`` sets the largest run of spaces (the goal: 1 MB of spaces in < 1 s).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _faq_pages import PAGES, READERS, read  # noqa: E402
from _timing import best_cpu  # noqa: E402

SHOWN = ("heading + spaces", "date + spaces", "spaces only", "diff line + spaces", "blank lines", "nested links")
"""The shapes timed at runs of spaces up to ``--mb`` (every shape is in ``_faq_pages.PAGES``)."""


def shapes(largest: int) -> dict[str, tuple[Callable[[int], str], list[int]]]:
    runs = [largest // 8, largest // 4, largest // 2, largest]
    return {**{name: (PAGES[name], runs) for name in SHOWN}, "entries": (PAGES["entries"], [250, 500, 1000, 2000])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--mb", type=float, default=1.0, help="the largest run of spaces, in MB")
    args = parser.parse_args(argv)
    largest = int(args.mb * 1_000_000)
    print(f"{'shape':<20} {'function':<17} " + "  ".join(f"{'size':>9} {'s':>7} {'ratio':>5}" for _ in range(4)))
    for name, (make, sizes) in shapes(largest).items():
        for function in READERS:
            cells = []
            before = None
            for size in sizes:
                text = make(size)
                took = best_cpu(lambda: read(function, text), args.repeat, warm_up=True)
                ratio = f"{took / before:5.2f}" if before else "    -"
                cells.append(f"{size:>9,} {took:7.3f} {ratio}")
                before = took
            print(f"{name:<20} {function:<17} " + "  ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
