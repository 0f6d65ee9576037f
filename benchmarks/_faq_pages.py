"""Pasted FAQ pages that grow, in the shapes that once made reading one cost more than linear time
(issue 31), and the one call that reads a page with either reader.

Shared by ``benchmarks/faq_parsing.py`` (the seconds, at sizes up to a megabyte) and
``tests/test_faq_linear.py`` / ``tests/fuzz/test_fuzz_faq_growth.py`` (the growth, at small sizes:
the tests import this file by its path, as a benchmark may not import a test). Each shape is a
function of ``n``: the length of its run (of spaces, blank lines, brackets) or its number of entries.

>>> PAGES["heading + spaces"](3).splitlines()[0]
'***見出し   x'
>>> PAGES["entries"](2).count("Ｑ：")
2
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import toolkit
from toolkit.errors import RulingWarning, WikiParseError

SOURCE = "https://example.org/page"
ENTRY = "Ｑ：《テスト・ドラゴン》は[[破壊]]されますか？~\nＡ：いいえ、破壊されません。(16/07/08)\n"
"""One Ｑ/Ａ entry in the wiki's markup (written for these pages)."""

PAGES: dict[str, Callable[[int], str]] = {
    "heading + spaces": lambda n: "***見出し" + " " * n + "x\n" + ENTRY,
    "heading + spaces + anchor": lambda n: "***見出し" + " " * n + "[#a" + " " * n + "]\n" + ENTRY,
    "date + spaces": lambda n: "Ｑ：a?~\nＡ：はい。(16/07/08)" + " " * n + "x\n",
    "date + spaces, then the end": lambda n: "Ｑ：a?~\nＡ：はい。(16/07/08)" + " " * n,
    "diff line + spaces": lambda n: "+" + " " * n + "x\n" + ENTRY,
    "hidden line + spaces": lambda n: "//" + " " * n + "x\n" + ENTRY,
    "spaces only": lambda n: " " * n + "x",
    "blank lines": lambda n: "\n" * n + ENTRY,
    "lines of spaces": lambda n: " \n" * n + ENTRY,
    "flattened heading + anchors": lambda n: "***a" + " [#" * (n // 3) + " Ｑ：a?~ Ａ：はい。",
    "a title of anchors": lambda n: "*" + "[#" * (n // 2) + "]\n" + ENTRY,
    "nested links": lambda n: "Ｑ：" + "[[" * (n // 4) + "a" + "]]" * (n // 4) + "?~\nＡ：はい。\n",
    "entries": lambda n: "".join(ENTRY.replace("ドラゴン", f"ドラゴン{i}") for i in range(n)),
}

READERS = ("import_page", "rulings_from_faq")


def read(function: str, text: str) -> None:
    """``text`` read by ``toolkit.import_page`` or ``toolkit.rulings_from_faq`` (``function``); a line cut
    at the bound warns, a page with no entry raises: neither is the reader's cost, both are let pass."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RulingWarning)
        try:
            if function == "import_page":
                toolkit.import_page(text, source=SOURCE)
            else:
                toolkit.rulings_from_faq(text, source=SOURCE)
        except WikiParseError:
            pass
