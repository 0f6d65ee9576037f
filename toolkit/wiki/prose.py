"""Dated prose: a page's bullets (or paragraphs) that end with a ruling's date.

Besides its Q/A entries a wiki page states rulings in its prose, a bullet
that ends with the date of the ruling it reports: 「…決めることができる。(08/07/14)」.
:func:`prose_rulings` reads them from a page brought to one form
(:func:`toolkit.wiki.page_form`): a visible bullet (``-`` to ``---``) with the
lines that continue it (``~`` line ends), or in a rendered copy one
paragraph line, up to the line that ends with ``(YY/MM/DD)``. Lines of a Q/A
entry (its question, its answer and their continuation lines) and the
editors' comment lines (``//``) are not prose.

>>> page = ("**移行 [#m1]\\n-[[メインフェイズ]]から移る際、[[宣言]]は不要。~\\n"
...         "どちらに移行するかを決めることができる。(12/08/01)~\\nＱ：a?~\\nＡ：はい。(13/03/30)")
>>> [(p.line, p.text, p.date.isoformat(), p.anchor) for p in prose_rulings(page.split("\\n"), [1, 2, 3, 4, 5])]
[(2, 'メインフェイズから移る際、宣言は不要。\\nどちらに移行するかを決めることができる。', '2012-08-01', 'm1')]
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.errors import WikiParseError
from toolkit.wiki.markup import (
    ANSWER_MARK,
    DATE_AT_END,
    HEADING,
    INDENT,
    QUESTION_MARK,
    card_names,
    clean_markup,
    parse_date,
    strip_tilde,
)

_BULLET = re.compile(r"^-{1,3}(?!-)")
_RULE_OR_BULLET = re.compile(r"^-+[ \t\u3000]*")
MAX_PROSE_LINES = 20
"""A paragraph longer than this many lines is not read as one ruling (its start is dropped)."""


@dataclass(frozen=True)
class ProseRuling:
    """A dated bullet of a page's prose: its first line, its text (date removed), date, cards, section."""

    line: int
    text: str
    date: _dt.date
    cards: tuple[str, ...]
    section: str | None
    anchor: str | None
    warning: str | None = None


def prose_rulings(lines: Sequence[str], numbers: Sequence[int], *, rendered: bool = False) -> list[ProseRuling]:
    """The dated prose bullets of ``lines`` (the page's lines, each with the number
    of the page line it came from); in a ``rendered`` copy each line is a paragraph."""
    out: list[ProseRuling] = []
    section: str | None = None
    anchor: str | None = None
    in_entry = False  # inside a Q/A entry: lines that continue it are not prose
    entry_open = False  # the entry's last line asks for a next one (~ or an indented line follows)
    paragraph: list[tuple[int, str]] | None = None
    for number, line in zip(numbers, lines):
        stripped = line.strip(" \t\u3000")
        if line.startswith("//"):
            continue
        if stripped.startswith((QUESTION_MARK, ANSWER_MARK)):
            in_entry, paragraph = True, None
            entry_open = not DATE_AT_END.search(line)
            continue
        if in_entry and entry_open and stripped and (line.startswith(INDENT) or not _BULLET.match(line)):
            entry_open = not DATE_AT_END.search(line)
            continue
        in_entry = False
        if not stripped:
            paragraph = None
            continue
        if line.startswith("*"):
            match = HEADING.match(line)
            if match is not None:
                section, anchor = clean_markup(match.text).strip() or None, match.anchor
            paragraph = None
            continue
        if _BULLET.match(line) or paragraph is None or rendered:
            paragraph = [(number, line)]
        else:
            paragraph.append((number, line))
            del paragraph[:-MAX_PROSE_LINES]
        date = DATE_AT_END.search(line)
        if date is not None:
            out.append(_ruling(paragraph, date, section, anchor))
            paragraph = None
        elif not stripped.endswith("~") and not rendered:
            paragraph = None  # the bullet ends here, undated
    return out


def _ruling(paragraph: list[tuple[int, str]], date: re.Match[str], section: str | None,
            anchor: str | None) -> ProseRuling:
    first = paragraph[0][0]
    texts = [text for _, text in paragraph]
    texts[-1] = texts[-1][: date.start()]
    texts[0] = _RULE_OR_BULLET.sub("", texts[0])
    text = "\n".join(t for t in (clean_markup(strip_tilde(t)).strip() for t in texts) if t)
    try:
        day = parse_date(date, "")
    except WikiParseError as exc:
        reason = str(exc).removeprefix(": ")
        return ProseRuling(first, text, _dt.date.min, card_names(text), section, anchor,
                           f"{reason}; the bullet is not imported")
    return ProseRuling(first, text, day, card_names(text), section, anchor)
