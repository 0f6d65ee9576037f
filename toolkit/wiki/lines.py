"""Line breaks of a page: real ones, or restored for a flattened page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.wiki.markup import ANSWER_MARK, HEADING, QUESTION_MARK, clean_markup, strip_tilde, visibility

if TYPE_CHECKING:
    pass

# --------------------------------------------------------------------------
# Line breaks: real ones, or restored for a flattened page
# --------------------------------------------------------------------------

_FLAT_MARKERS = (" " + QUESTION_MARK, " " + ANSWER_MARK, " //", "~ ", " ***", " **")
# A space becomes a line break before these line starts...
_BREAK_BEFORE = re.compile(r" (?=Ｑ：|Ａ：|//|\*{1,3}[^\s*]|-|\|)")
# ...and after a line-break tilde.
_BREAK_AFTER_TILDE = re.compile(r"(?<=~) ")


def _heading_anchor_ends(line: str) -> int:
    """The index of the space that ends a heading's text at its anchor
    (``***Topic [#faq1] Ｑ：…``), or -1: the first ``[#id]`` followed by a
    space, read in time linear in the line (the characters scanned from one
    ``[#`` are not scanned again from a ``[#`` among them, which would stop at
    the same place).

    >>> _heading_anchor_ends("***Topic [#faq1] Ｑ：a"), _heading_anchor_ends("***[#a[#b c] ")
    (16, -1)
    """
    if not line.startswith("*"):
        return -1
    at = line.find("[#", 1)
    while at >= 0:
        end = at + 2
        while end < len(line) and line[end] != "]" and not line[end].isspace():
            end += 1
        if end > at + 2 and end < len(line) and line[end] == "]" and line[end + 1:end + 2] == " ":
            return end + 1
        at = line.find("[#", end)
    return -1


def looks_flattened(text: str) -> bool:
    body = text.strip("\n")
    return "\n" not in body and any(marker in body for marker in _FLAT_MARKERS)


def _first_top_level_space(text: str) -> int:
    """Index of the first space outside [[...]] and 《...》, or -1."""
    depth_link = depth_card = 0
    i = 0
    while i < len(text):
        if text.startswith("[[", i):
            depth_link += 1
            i += 2
            continue
        if text.startswith("]]", i) and depth_link:
            depth_link -= 1
            i += 2
            continue
        char = text[i]
        if char == "《":
            depth_card += 1
        elif char == "》" and depth_card:
            depth_card -= 1
        elif char == " " and not depth_link and not depth_card:
            return i
        i += 1
    return -1


def _split_note_from_question(lines: list[str], offsets: list[int]) -> list[int]:
    """Offsets of spaces that end a comment line inside a visible question.

    In a flattened page a commented-out note inside a visible question runs on
    into the visible rest of the question (the Farfa / Macro Cosmos entry). A
    comment line that sits in an open visible question and ends with ``~`` (as
    question lines do, notes do not) is cut at its first space outside links.
    """
    cuts = []
    open_visible_question = False
    for line, offset in zip(lines, offsets):
        hidden, content = visibility(line)
        stripped = content.strip()
        if stripped.startswith(QUESTION_MARK):
            open_visible_question = not hidden
            continue
        if stripped.startswith(ANSWER_MARK) or line.startswith("*"):
            open_visible_question = False
            continue
        if open_visible_question and hidden and stripped.endswith("~"):
            space = _first_top_level_space(content)
            if space > 0:
                cuts.append(offset + (len(line) - len(content)) + space)
    return cuts


def restore_line_breaks(text: str) -> str:
    """Put back the line breaks of a page that lost them (each newline -> a space).

    Every rule turns one space into one newline, so character offsets do not
    move. A space becomes a line break

    1. after a line-break tilde ``~``;
    2. before ``Ｑ：``, ``Ａ：``, ``//`` (comment), ``*``/``**``/``***`` followed
       by a non-space (heading), ``-`` (list item or ``----`` rule) and ``|``
       (table row);
    3. after a heading's anchor ``[#…]`` (the heading's text ends there);
    4. at the first space outside links of a comment line that sits inside a
       visible question and ends with ``~`` (a hidden note followed by the
       visible rest of the question).

    Where it can be wrong: a line that originally ended without ``~`` and was
    followed by plain text (a paragraph line, a comment followed by visible
    prose) stays joined to the next line; a ``-``, ``|``, ``*`` or ``//`` that
    really followed a space inside a line is split off; a heading without an
    anchor runs on into the next line; rule 4 cuts a note that itself contains
    a space and ends with ``~`` at the wrong place. None of these occur in the
    FAQ section of the End Phase page; some occur in its prose.

    >>> restore_line_breaks("***Topic [#faq1] Ｑ：Can I?~ Ａ：No.(12/08/08) //hidden note")
    '***Topic [#faq1]\\nＱ：Can I?~\\nＡ：No.(12/08/08)\\n//hidden note'
    """
    if "\n" in text.strip("\n"):
        return text
    out = _BREAK_AFTER_TILDE.sub("\n", text)
    out = _BREAK_BEFORE.sub("\n", out)
    lines = out.split("\n")
    for index, line in enumerate(lines):
        cut = _heading_anchor_ends(line)
        if cut >= 0:
            lines[index] = line[:cut] + "\n" + line[cut + 1:]
    out = "\n".join(lines)
    lines = out.split("\n")
    offsets = []
    position = 0
    for line in lines:
        offsets.append(position)
        position += len(line) + 1
    chars = list(out)
    for cut in _split_note_from_question(lines, offsets):
        chars[cut] = "\n"
    return "".join(chars)


MAX_LINE_CHARS = 20_000
"""A page line longer than this (its trailing spaces set aside) is read up to here
only: no wiki line holds a ruling that long, and a bound keeps the work on a
hostile line small. The reader warns, naming the line."""


@dataclass(frozen=True)
class SourceLine:
    """One line of a page: 1-based number, character offset, text (trailing spaces
    removed; cut at :data:`MAX_LINE_CHARS`, ``length`` then its length before)."""

    number: int
    offset: int
    text: str
    length: int = 0

    @property
    def cut(self) -> bool:
        return self.length > len(self.text)

    def cut_warning(self) -> str:
        """The one-line warning about a line cut at :data:`MAX_LINE_CHARS`."""
        return (f"line {self.number}: {self.length:,} characters long; only the first {MAX_LINE_CHARS:,} "
                "are read")


def page_text(text: str) -> str:
    """``text`` with its byte-order mark dropped and every line end written ``\\n``: Windows
    (``\\r\\n``) and old Macintosh (a lone ``\\r``) line ends alike, so a page saved by either
    reads as the same lines.

    >>> page_text("\\ufeffＱ：a?\\r\\nＡ：はい。\\rＱ：b?")
    'Ｑ：a?\\nＡ：はい。\\nＱ：b?'
    """
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


_NOT_TEXT = re.compile(r"[\ud800-\udfff]")


def refuse_non_text(text: str, source: str) -> None:
    """Refuse text holding a lone surrogate — a byte that reading the file could not decode, kept by
    ``errors="surrogateescape"`` — naming its line and column: no row can be written with it (every
    writer stopped with a UnicodeEncodeError).

    >>> refuse_non_text("Ｑ：a?\\nＡ：は\\udcffい", "page.txt")
    Traceback (most recent call last):
    ...
    toolkit.errors.WikiParseError: page.txt, line 2, column 4: a byte that is not text (U+DCFF, not UTF-8); read the page as UTF-8 (toolkit.files.read_text says where a bad byte is)
    """
    found = _NOT_TEXT.search(text)
    if found is None:
        return
    from toolkit.errors import WikiParseError

    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    raise WikiParseError(f"{source}, line {line}, column {column}: a byte that is not text "
                         f"(U+{ord(found.group()):04X}, not UTF-8); read the page as UTF-8 "
                         "(toolkit.files.read_text says where a bad byte is)")


def source_lines(text: str) -> tuple[list[SourceLine], bool]:
    """The page's lines (line breaks restored if it lost them) and whether they were.

    >>> lines, restored = source_lines("Ｑ：a~ Ａ：b")
    >>> [l.text for l in lines], restored
    (['Ｑ：a~', 'Ａ：b'], True)
    >>> long = source_lines("x" * 30_000 + "   ")[0][0]
    >>> len(long.text), long.cut_warning()
    (20000, 'line 1: 30,000 characters long; only the first 20,000 are read')
    """
    text = page_text(text)
    restored = looks_flattened(text)
    body = restore_line_breaks(text) if restored else text
    result = []
    offset = 0
    for number, raw in enumerate(body.split("\n"), start=1):
        line = raw.rstrip()
        result.append(SourceLine(number, offset, line[:MAX_LINE_CHARS], len(line)))
        offset += len(raw) + 1
    return result, restored


@dataclass(frozen=True)
class PageLine:
    """A line of a page as a reader sees it, with the section it stands in.

    ``text`` has the comment marker, indentation, a trailing ``~`` and the link
    markup removed; ``section``/``anchor`` are those of the nearest heading.
    """

    number: int
    hidden: bool
    section: str | None
    anchor: str | None
    text: str


def page_lines(text: str) -> list[PageLine]:
    """Every line of a page with its section, for quoting page prose as data.

    >>> [(l.anchor, l.hidden, l.text) for l in page_lines("*Top [#top]\\n[[手札]]調整~\\n//古い")]
    [('top', False, '*Top [#top]'), ('top', False, '手札調整'), ('top', True, '古い')]
    """
    result = []
    section: str | None = None
    anchor: str | None = None
    for line in source_lines(text)[0]:
        hidden, content = visibility(line.text)
        if not hidden and line.text.startswith("*"):
            match = HEADING.match(line.text)
            assert match is not None
            section = clean_markup(match.text).strip() or None
            anchor = match.anchor
        result.append(PageLine(line.number, hidden, section, anchor, clean_markup(strip_tilde(content))))
    return result
