"""The forms a saved page comes in, brought to the one markup the parser reads.

A page may be its source markup or a rendered copy (what a browser shows);
its entries may be marked ``Ｑ：``/``Ａ：`` (full width), ``Q:``/``A:`` (ASCII)
or ``Q.``/``A.`` (the Duel Masters wiki), each possibly hidden with ``//``;
an official Q&A may be quoted line by line with ``>``; the page may be the
wiki's diff view of two revisions. :func:`page_form` gives the lines the
parser reads (every marker written ``Ｑ：``/``Ａ：``), each with the number of
the line it came from, and the rules passages quoted after an answer, kept
apart from it.

>>> form = page_form(">Q.《A》を使えますか？\\n>A.いいえ、使えません。\\n>\\n>409.1b 《B》のテキスト")
>>> form.lines, form.numbers, form.rules
(['Ｑ：《A》を使えますか？', 'Ａ：いいえ、使えません。', '', ''], [1, 2, 3, 4], {4: ['409.1b 《B》のテキスト']})
>>> diff = "Ｑ：a?~\\n-Ａ：はい。(12/08/08)\\n+Ａ：いいえ。(13/03/30)"
>>> page_form(diff).lines, page_form(diff, revision="old").lines
(['Ｑ：a?~', 'Ａ：いいえ。(13/03/30)'], ['Ｑ：a?~', 'Ａ：はい。(12/08/08)'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from toolkit.wiki.lines import page_text, source_lines

Revision: TypeAlias = Literal["new", "old"]
PageKind: TypeAlias = Literal["markup", "rendered"]

_MARK = re.compile(r"^(?P<lead>[ \t\u3000]*)(?P<mark>[QＱAＡ])[:：.．]")
"""A question or answer mark at the start of a line: full width or ASCII, colon or full stop."""
_HIDDEN = re.compile(r"^/{2,3}")
_QUOTE = re.compile(r"^[ \t\u3000]*>+ ?")
_DIFF_ENTRY = re.compile(r"^[+-][ \t\u3000]*(?:/{2,3}[ \t\u3000]*)?(?:>+ ?)?[QＱAＡ][:：.．]")
"""A changed line of a diff view that carries a question or an answer: the page is a diff."""
_RULES_PASSAGE = re.compile(r"^(?:総合ルール[ \t\u3000]*)?\d{3}(?:\.\d+[a-z]*)?[.．]?(?:[ \t\u3000]|$)")
"""A line that quotes the comprehensive rules by number (``409.1b …``, ``総合ルール 511``)."""
_MARKUP_SIGNS = re.compile(r"\[\[|\[#|~[ \t\r]*$|^//|^\*{1,3}[^*]", re.MULTILINE)
_QUOTED_FROM = ("引用元",)
"""A rendered line that only links to where an official Q&A was quoted: it ends the answer above it."""


@dataclass(frozen=True)
class PageForm:
    """A page as the parser reads it.

    ``lines`` are the page's lines with every marker written ``Ｑ：``/``Ａ：``
    (after ``//`` when hidden), ``>`` quote marks removed and continuation
    lines of a quoted or rendered entry indented; ``numbers`` gives each the
    1-based number of the page line it came from; ``rules`` maps a page line
    number to the rules passage quoted there (its lines, left out of
    ``lines``: each such line is blank there, which ends the answer above).
    """

    lines: list[str]
    numbers: list[int]
    rules: dict[int, list[str]] = field(default_factory=dict)
    kind: PageKind = "markup"
    diff: bool = False
    revision: Revision = "new"
    restored: bool = False
    ends_open: bool = False
    """The text ends after an answer of a quote block or a rendered copy, before
    anything closed it: a rules passage quoted after that answer may be cut off."""
    warnings: list[str] = field(default_factory=list)
    """A line longer than :data:`toolkit.wiki.lines.MAX_LINE_CHARS`, read up to there only: one warning each."""


def is_diff(text: str) -> bool:
    """Whether ``text`` is the wiki's diff view: a changed line (``+``/``-``) carries an entry.

    >>> is_diff("-Ａ：はい。\\n+Ａ：いいえ。"), is_diff("-本文の行です。\\nＡ：はい。")
    (True, False)
    """
    return any(_DIFF_ENTRY.match(line) for line in text.split("\n"))


def page_kind(text: str) -> PageKind:
    """``markup`` when ``text`` shows wiki markup (links, anchors, ``~`` breaks,
    ``//`` comments, ``*`` headings), else ``rendered`` (a copy of the page as shown).

    >>> page_kind("Ｑ：[[手札]]は？~"), page_kind("Q.手札は?\\nA.はい。")
    ('markup', 'rendered')
    """
    return "markup" if _MARKUP_SIGNS.search(text) else "rendered"


def _revision_lines(lines: list[tuple[int, str]], revision: Revision) -> list[tuple[int, str]]:
    keep, drop = ("+", "-") if revision == "new" else ("-", "+")
    out = []
    for number, text in lines:
        if text.startswith(drop):
            continue
        out.append((number, text[1:] if text.startswith(keep) else text))
    return out


def _marked(text: str) -> tuple[str, bool] | None:
    """``text`` (without ``//`` or ``>``) with its mark written ``Ｑ：``/``Ａ：``, or None without one."""
    match = _MARK.match(text)
    if match is None:
        return None
    mark = "Ｑ：" if match["mark"] in "QＱ" else "Ａ："
    rest = text[match.end():]
    if rest.startswith(" ") and match["mark"] in "QA":
        rest = rest[1:]
    return match["lead"] + mark + rest, mark == "Ａ："


def page_form(text: str, revision: Revision = "new") -> PageForm:
    """The lines of ``text`` as the parser reads them (see :class:`PageForm`);
    for a diff view, the lines of ``revision`` (``new``: unchanged and ``+``
    lines; ``old``: unchanged and ``-`` lines)."""
    text = page_text(text)  # a file saved with a byte-order mark, Windows or old Macintosh line ends
    diff = is_diff(text)
    kind = page_kind(text)
    raw, restored = source_lines(text)
    long_lines = [line.cut_warning() for line in raw if line.cut]
    lines = [(line.number, line.text) for line in raw]
    if diff:
        lines = _revision_lines(lines, revision)
    out: list[str] = []
    numbers: list[int] = []
    rules: dict[int, list[str]] = {}
    in_entry = False  # inside a quoted or rendered entry: unmarked lines continue it
    in_answer = False  # after an answer, up to the next question or the end of the quote
    passage: list[str] | None = None
    open_before_final = False  # the text's final line may be cut: it cannot be trusted to close an answer
    quoted_entry = False  # the last entry is quoted or rendered: its answer runs on over unmarked lines
    for index, (number, line) in enumerate(lines):
        if index == len(lines) - 1:
            open_before_final = in_answer
            if not line:  # the text's last line break, not a line
                out.append(line)
                numbers.append(number)
                break
        hidden = _HIDDEN.match(line)
        prefix = hidden.group(0) if hidden else ""
        body = line[len(prefix):]
        quote = _QUOTE.match(body)
        quoted = quote is not None
        if quote is not None:
            body = body[quote.end():]
        continuing = quoted or kind == "rendered"
        marked = _marked(body)
        if marked is not None:
            body, in_answer = marked
            in_entry, passage = continuing, None
            quoted_entry = continuing
            out.append(prefix + body)
        elif continuing and (not body.strip() or body.strip() in _QUOTED_FROM):
            in_entry = False
            passage = None
            out.append("")
        elif continuing and (passage is not None or (in_answer and _RULES_PASSAGE.match(body.strip()))):
            if passage is None:
                passage = rules.setdefault(number, [])
            passage.append(body.strip())
            in_entry = False
            out.append("")
        elif in_entry and continuing:
            out.append(prefix + "\u3000" + body.strip())
        else:
            if not quoted:
                in_entry = in_answer = False
                passage = None
            out.append(prefix + body)
        numbers.append(number)
    return PageForm(out, numbers, rules, kind, diff, revision, restored, ends_open=(in_answer or open_before_final) and quoted_entry,
                    warnings=long_lines)
