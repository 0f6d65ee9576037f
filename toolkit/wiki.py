"""Read and write the FAQ markup of the Yu-Gi-Oh! OCG wiki (PukiWiki syntax).

A user pastes a wiki page's source; :func:`parse_faq` returns its FAQ entries,
each a question, an answer, the answer's date, the cards named and whether the
editors commented it out. :func:`write_faq` writes entries back as wiki markup,
and parsing that text again gives the same entries.

>>> page = '''***[[手札]]調整について [#faq1]
... Ｑ：[[手札]]枚数の調整を行った後に[[《サイクロン》]]を[[発動]]できますか？~
... Ａ：いいえ、できません。(12/08/08)
... //Ａ：はい、できます。(11/01/01)'''
>>> first, second = parse_faq(page, source="example")
>>> first.topic, first.date, first.verdict_hint, first.cards
('手札調整について', datetime.date(2012, 8, 8), 'no', ('サイクロン',))
>>> first.question_ja
'手札枚数の調整を行った後に《サイクロン》を発動できますか？'
>>> second.hidden, second.question_ja == first.question_ja, second.verdict_hint
(True, True, 'yes')
>>> print(write_faq([first, second]), end="")
***手札調整について [#faq1]
Ｑ：手札枚数の調整を行った後に[[《サイクロン》]]を発動できますか？~
Ａ：いいえ、できません。(12/08/08)
//Ａ：はい、できます。(11/01/01)
>>> parse_faq(write_faq([first, second])) == [first, second]
True

The markup understood
---------------------
* ``Ｑ：`` starts a question, ``Ａ：`` an answer; an answer may end with its date
  ``(YY/MM/DD)`` (a trailing ``~`` after the date is allowed). ``YY`` of 90 or
  more is 19YY, otherwise 20YY. An answer without a date is kept (date None).
* ``~`` at the end of a line is a line break inside a paragraph. A question
  runs on over every following line of the same visibility until its answer.
  An answer runs on over the next line only when its line ended with ``~`` or
  the next line is indented (ASCII or full-width spaces, as in the Phase
  page's FAQ) — and never past the line that carried its date.
* ``//`` starts a comment line: the editors hid it. A commented ``//Ｑ：`` /
  ``//Ａ：`` entry is kept with ``hidden=True``; its continuation lines are
  comment lines too (``// text``, ``//text`` and the odd ``/// text``).
* An ``Ａ：`` right after a finished entry (only comment lines between) is a
  second ruling on the same question, e.g. a visible 16/07/08 answer followed by
  a commented-out 13/03/30 one.
* Other comment lines next to an entry are editor notes, kept in
  :attr:`FaqEntry.notes`: a comment line inside a visible entry belongs to that
  entry; a run of comment lines between two entries belongs to the entry
  above it when that entry is hidden (the note explains why it was hidden) and
  to the entry below it otherwise; a run touching only one entry belongs to
  that entry. Comment runs that touch no entry are page commentary and are not
  FAQ data. Known misplacement: on the End Phase page the note
  「最新の事務所回答」 sits between a hidden entry and the entry it labels, so
  it is attached to the hidden entry above.
* ``*``, ``**``, ``***`` lines are headings, with an optional anchor
  ``[#faq1]``. ``***`` headings are the FAQ topics (:attr:`FaqEntry.topic`);
  every entry also records the nearest heading of any level
  (:attr:`FaqEntry.section`, :attr:`FaqEntry.anchor`).

Link markup is removed in the text fields: ``[[《X》]]`` -> ``《X》``,
``[[text>target]]`` -> ``text``, ``[[text:http…]]`` -> ``text``,
``[[text]]`` -> ``text``; ``''bold''`` quotes are dropped. Brackets that
open or close no link are dropped, and so is a footnote mark ``((`` / ``))``
that opens or closes no footnote: the End Phase page's ``[[相手((が`` (a typo for
``[[相手]]が``) reads ``相手が``. The words themselves are kept as written.

Pages that lost their line breaks
---------------------------------
A copy of a page whose newlines each became one space (the seed 000 form) is
detected — the text has no newline but contains a page marker — and its line
breaks are put back by :func:`restore_line_breaks` (see there for the exact
rules and where they can be wrong).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypeAlias

from toolkit.errors import WikiParseError

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "FaqEntry",
    "VerdictHint",
    "card_names",
    "clean_markup",
    "entries_to_frame",
    "page_lines",
    "parse_faq",
    "parse_plain",
    "restore_line_breaks",
    "source_lines",
    "write_faq",
]

VerdictHint: TypeAlias = Literal["yes", "no", "under_review"]
DatePrecision: TypeAlias = Literal["day", "none"]

_Q = "Ｑ："
_A = "Ａ："
_DATE_AT_END = re.compile(r"\((\d+)/(\d+)/(\d+)\)\s*~?\s*$")
_CARD = re.compile(r"《([^《》]+)》")
_LINK = re.compile(r"\[\[([^\[\]]*)\]\]")
_FOOTNOTE_MARK = re.compile(r"(\(\(|\)\))")
_HEADING = re.compile(r"^(\*{1,3})\s*(.*?)\s*(?:\[#([^\]\s]+)\])?\s*$")
_INDENT = (" ", "\t", "\u3000")


@dataclass(frozen=True)
class FaqEntry:
    """One FAQ ruling: a question, its answer and where it stands on the page.

    ``line`` (1-based line of the entry's first line; for a page whose line
    breaks were restored, the restored line) and ``source`` serve error
    messages and do not take part in equality.
    """

    topic: str | None
    question_ja: str
    answer_ja: str
    date: _dt.date | None
    date_precision: DatePrecision
    cards: tuple[str, ...]
    hidden: bool
    notes: tuple[str, ...]
    line: int = field(compare=False)
    verdict_hint: VerdictHint | None
    section: str | None = None
    anchor: str | None = None
    source: str = field(default="<string>", compare=False)


# --------------------------------------------------------------------------
# Text helpers
# --------------------------------------------------------------------------


def _link_text(inner: str) -> str:
    if inner.startswith("《") and inner.endswith("》"):
        return inner
    if ">" in inner:
        return inner.split(">", 1)[0]
    match = re.match(r"^(.*?):(?:https?|ftp)://", inner)
    if match:
        return match.group(1)
    return inner


def clean_markup(text: str) -> str:
    """Remove wiki link and bold markup, keeping the words a reader sees.

    >>> clean_markup("[[手札]]調整で[[《闇・道化師のペーテン》]]を[[墓地へ捨てた>墓地へ捨てる]]")
    '手札調整で《闇・道化師のペーテン》を墓地へ捨てた'
    >>> clean_markup("''エンドフェイズまで''、[[公式ルールブック:https://example.org]]")
    'エンドフェイズまで、公式ルールブック'
    >>> clean_markup("[[相手((が[[《エフェクト・ヴェーラー》]]")
    '相手が《エフェクト・ヴェーラー》'
    >>> clean_markup("注記((脚注))あり、閉じない))だけ")
    '注記((脚注))あり、閉じないだけ'
    """
    previous = None
    while previous != text:
        previous = text
        text = _LINK.sub(lambda m: _link_text(m.group(1)), text)
    # Brackets left over belong to no link (an editor's typo): drop them.
    text = text.replace("[[", "").replace("]]", "")
    text = _drop_unpaired_footnote_marks(text)
    return text.replace("'''", "").replace("''", "")


def _drop_unpaired_footnote_marks(text: str) -> str:
    """Keep each ``((…))`` footnote; drop a ``((`` or ``))`` without its partner."""
    kept: list[str] = []
    open_at: int | None = None
    for part in _FOOTNOTE_MARK.split(text):
        if part == "((":
            if open_at is not None:  # a second opener: the first had no partner
                kept[open_at] = ""
            open_at = len(kept)
        elif part == "))":
            if open_at is None:
                continue
            open_at = None
        kept.append(part)
    if open_at is not None:
        kept[open_at] = ""
    return "".join(kept)


def card_names(text: str) -> tuple[str, ...]:
    """The card names written in 《》 brackets, in order of first mention.

    >>> card_names("《A》と《B》、また《A》")
    ('A', 'B')
    """
    seen: dict[str, None] = {}
    for match in _CARD.finditer(text):
        seen.setdefault(match.group(1).strip(), None)
    return tuple(seen)


def _verdict_hint(answer: str) -> VerdictHint | None:
    opening = answer.lstrip(" \u3000")
    if opening.startswith("はい"):
        return "yes"
    if opening.startswith("いいえ"):
        return "no"
    if opening.startswith("調整中"):
        return "under_review"
    return None


def _parse_date(match: re.Match[str], where: str) -> _dt.date:
    yy, mm, dd = match.groups()
    if not (len(yy) == len(mm) == len(dd) == 2):
        raise WikiParseError(f"{where}: date {match.group(0).strip()!r} is not written (YY/MM/DD)")
    year = int(yy) + (1900 if int(yy) >= 90 else 2000)
    try:
        return _dt.date(year, int(mm), int(dd))
    except ValueError as exc:
        raise WikiParseError(f"{where}: impossible date ({yy}/{mm}/{dd}): {exc}") from None


# --------------------------------------------------------------------------
# Line breaks: real ones, or restored for a flattened page
# --------------------------------------------------------------------------

_FLAT_MARKERS = (" " + _Q, " " + _A, " //", "~ ", " ***", " **")
# A space becomes a line break before these line starts...
_BREAK_BEFORE = re.compile(r" (?=Ｑ：|Ａ：|//|\*{1,3}[^\s*]|-|\|)")
# ...and after a line-break tilde.
_BREAK_AFTER_TILDE = re.compile(r"(?<=~) ")
# A heading's text ends at its anchor.
_HEADING_ANCHOR_END = re.compile(r"^(\*{1,3}[^\n]*?\[#[^\]\s]+\]) ", re.MULTILINE)


def _looks_flattened(text: str) -> bool:
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
        hidden, content = _visibility(line)
        stripped = content.strip()
        if stripped.startswith(_Q):
            open_visible_question = not hidden
            continue
        if stripped.startswith(_A) or line.startswith("*"):
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
    out = _HEADING_ANCHOR_END.sub(lambda m: m.group(1) + "\n", out)
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


@dataclass(frozen=True)
class SourceLine:
    """One line of a page: 1-based number, character offset, text."""

    number: int
    offset: int
    text: str


def source_lines(text: str) -> tuple[list[SourceLine], bool]:
    """The page's lines (line breaks restored if it lost them) and whether they were.

    >>> lines, restored = source_lines("Ｑ：a~ Ａ：b")
    >>> [l.text for l in lines], restored
    (['Ｑ：a~', 'Ａ：b'], True)
    """
    restored = _looks_flattened(text)
    body = restore_line_breaks(text) if restored else text
    result = []
    offset = 0
    for number, raw in enumerate(body.split("\n"), start=1):
        result.append(SourceLine(number, offset, raw.rstrip("\r")))
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
        hidden, content = _visibility(line.text)
        if not hidden and line.text.startswith("*"):
            match = _HEADING.match(line.text)
            assert match is not None
            section = clean_markup(match.group(2)).strip() or None
            anchor = match.group(3)
        result.append(PageLine(line.number, hidden, section, anchor, clean_markup(_strip_tilde(content))))
    return result


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------


def _visibility(raw: str) -> tuple[bool, str]:
    """(hidden, content): strip the ``//`` comment marker (and a third ``/``)."""
    if raw.startswith("//"):
        content = raw[2:]
        if content.startswith("/"):
            content = content[1:]
        return True, content
    return False, raw


def _strip_tilde(text: str) -> str:
    text = text.strip(" \t\u3000")
    return text[:-1].rstrip(" \t\u3000") if text.endswith("~") else text


@dataclass
class _Line:
    number: int
    offset: int
    hidden: bool
    content: str
    kind: Literal["q", "a", "heading", "blank", "text"]

    @property
    def stripped(self) -> str:
        return self.content.strip(" \t\u3000")

    @property
    def ends_with_tilde(self) -> bool:
        return self.stripped.endswith("~")

    @property
    def indented(self) -> bool:
        return self.content.startswith(_INDENT)


def _classify(line: SourceLine, q_mark: str, a_mark: str) -> _Line:
    hidden, content = _visibility(line.text)
    stripped = content.strip(" \t\u3000")
    kind: Literal["q", "a", "heading", "blank", "text"]
    if not hidden and not stripped:
        kind = "blank"
    elif stripped.startswith(q_mark):
        kind = "q"
    elif stripped.startswith(a_mark):
        kind = "a"
    elif not hidden and line.text.startswith("*"):
        kind = "heading"
    else:
        kind = "text"
    return _Line(line.number, line.offset, hidden, content, kind)


@dataclass
class _Builder:
    question: list[str]
    question_hidden: bool
    first_line: _Line
    section: str | None
    anchor: str | None
    topic: str | None
    answer: list[str] = field(default_factory=list)
    answer_hidden: bool = False
    in_answer: bool = False
    dated: bool = False
    last_content: _Line | None = None
    notes: list[str] = field(default_factory=list)
    date: _dt.date | None = None


class _Parser:
    def __init__(self, text: str, source: str, q_mark: str, a_mark: str) -> None:
        self.source = source
        self.q_mark = q_mark
        self.a_mark = a_mark
        lines, self.restored = source_lines(text)
        self.lines = [_classify(l, q_mark, a_mark) for l in lines]
        self.entries: list[_Builder] = []
        self.topic: str | None = None
        self.section: str | None = None
        self.anchor: str | None = None
        self.current: _Builder | None = None
        # A run of comment lines waiting to be attached to an entry.
        self.run: list[str] = []
        self.run_after: _Builder | None = None
        # Whether only comment lines separate us from the last finished entry.
        self.adjacent_to_last = False

    def where(self, line: _Line) -> str:
        if self.restored:
            return f"{self.source}, line {line.number} (line breaks restored; character {line.offset + 1})"
        return f"{self.source}, line {line.number}"

    # -- the state machine ------------------------------------------------

    def parse(self) -> list[FaqEntry]:
        for line in self.lines:
            self.feed(line)
        self.finish_current(at_end=True)
        self.flush_run(next_entry=None)
        return [self.freeze(b) for b in self.entries]

    def feed(self, line: _Line) -> None:
        current = self.current
        if current is not None and not current.in_answer:
            self.feed_question(current, line)
            return
        if current is not None and self.continues_answer(current, line):
            if line.hidden and not current.answer_hidden:
                current.notes.append(line.stripped)
            else:
                self.add_answer_line(current, line)
            return
        if current is not None:
            self.finish_current()
        self.feed_between(line)

    def feed_question(self, current: _Builder, line: _Line) -> None:
        if line.kind == "a":
            current.in_answer = True
            current.answer_hidden = line.hidden
            self.add_answer_line(current, line, first=True)
        elif line.kind == "text" and line.hidden == current.question_hidden:
            current.question.append(line.content)
            current.last_content = line
        elif line.kind == "text" and line.hidden:
            current.notes.append(line.stripped)
        else:
            what = {"q": "another question", "heading": "a heading", "blank": "a blank line"}.get(
                line.kind, "visible text inside a commented-out question"
            )
            raise WikiParseError(
                f"{self.where(current.first_line)}: question has no answer ({what} at line {line.number})"
            )

    def continues_answer(self, current: _Builder, line: _Line) -> bool:
        if current.dated or line.kind != "text":
            return False
        last = current.last_content
        tilde = last is not None and last.ends_with_tilde
        if line.hidden == current.answer_hidden:
            return tilde or line.indented
        # A comment line inside a visible answer that goes on after it.
        return line.hidden and tilde

    def add_answer_line(self, current: _Builder, line: _Line, first: bool = False) -> None:
        text = line.content
        match = _DATE_AT_END.search(text)
        if match:
            current.date = _parse_date(match, self.where(line))
            current.dated = True
            text = text[: match.start()]
        current.answer.append(text)
        current.last_content = line

    def feed_between(self, line: _Line) -> None:
        if line.kind == "q":
            self.start_entry(line, question=[line.content])
        elif line.kind == "a":
            previous = self.entries[-1] if self.entries else None
            if previous is None or not self.adjacent_to_last:
                raise WikiParseError(f"{self.where(line)}: answer (Ａ) without a question (Ｑ) before it")
            builder = self.start_entry(line, question=None, like=previous)
            builder.in_answer = True
            builder.answer_hidden = line.hidden
            self.add_answer_line(builder, line, first=True)
        elif line.kind == "text" and line.hidden:
            self.run.append(line.stripped)
        else:
            if line.kind == "heading":
                self.set_heading(line)
            self.flush_run(next_entry=None)
            self.adjacent_to_last = False

    def start_entry(self, line: _Line, question: list[str] | None, like: _Builder | None = None) -> _Builder:
        if like is not None:
            builder = _Builder(
                question=list(like.question),
                question_hidden=like.question_hidden,
                first_line=line,
                section=like.section,
                anchor=like.anchor,
                topic=like.topic,
            )
        else:
            assert question is not None
            builder = _Builder(
                question=question,
                question_hidden=line.hidden,
                first_line=line,
                section=self.section,
                anchor=self.anchor,
                topic=self.topic,
                last_content=line,
            )
        self.flush_run(next_entry=builder)
        self.current = builder
        return builder

    def finish_current(self, at_end: bool = False) -> None:
        current = self.current
        if current is None:
            return
        if not current.in_answer:
            raise WikiParseError(f"{self.where(current.first_line)}: question has no answer (end of text)")
        self.entries.append(current)
        self.current = None
        self.run = []
        self.run_after = current
        self.adjacent_to_last = True

    def flush_run(self, next_entry: _Builder | None) -> None:
        notes = [n for n in self.run if n]
        target: _Builder | None
        if self.run_after is not None and (next_entry is None or self.run_after.answer_hidden):
            target = self.run_after
        else:
            target = next_entry
        if target is not None:
            target.notes.extend(notes)
        self.run = []
        self.run_after = None

    def set_heading(self, line: _Line) -> None:
        match = _HEADING.match(line.content)
        assert match is not None
        level = len(match.group(1))
        text = clean_markup(match.group(2)).strip() or None
        self.section = text
        self.anchor = match.group(3)
        if level >= 3:
            self.topic = text
        else:
            self.topic = None

    # -- freezing -----------------------------------------------------------

    def freeze(self, b: _Builder) -> FaqEntry:
        where = self.where(b.first_line)
        question = self.join(b.question, self.q_mark)
        answer = self.join(b.answer, self.a_mark)
        if not question:
            raise WikiParseError(f"{where}: empty question")
        if not answer:
            raise WikiParseError(f"{where}: empty answer")
        return FaqEntry(
            topic=b.topic,
            question_ja=question,
            answer_ja=answer,
            date=b.date,
            date_precision="day" if b.date is not None else "none",
            cards=card_names(question + "\n" + answer),
            hidden=b.answer_hidden,
            notes=tuple(clean_markup(n) for n in b.notes if n),
            line=b.first_line.number,
            verdict_hint=_verdict_hint(answer),
            section=b.section,
            anchor=b.anchor,
            source=self.source,
        )

    @staticmethod
    def join(lines: list[str], mark: str) -> str:
        parts = []
        for i, raw in enumerate(lines):
            text = raw.strip(" \t\u3000")
            if i == 0 and text.startswith(mark):
                text = text[len(mark) :]
            parts.append(clean_markup(_strip_tilde(text)))
        return "\n".join(p for p in parts if p).strip()


def parse_faq(text: str, source: str = "<string>") -> list[FaqEntry]:
    """The FAQ entries (``Ｑ：``/``Ａ：``) of a wiki page's source, in page order.

    Accepts the page as written (with newlines) or flattened to one line (each
    newline replaced by a space; see :func:`restore_line_breaks`). Raises
    :class:`~toolkit.errors.WikiParseError` naming ``source`` and the line for
    an answer without a question, a question without an answer, or a date that
    is not a real day.

    >>> parse_faq("Ｑ：x?~ Ａ：y (13/13/40)", source="paste")
    Traceback (most recent call last):
    ...
    toolkit.errors.WikiParseError: paste, line 2 (line breaks restored; character 7): impossible date (13/13/40): month must be in 1..12
    """
    return _Parser(text, source, _Q, _A).parse()


def parse_plain(text: str, source: str = "<string>") -> list[FaqEntry]:
    """FAQ entries of a plain-text copy (``Q:`` / ``A:``, no markup, no comments).

    The form of seed 001: every line break is real, ``~`` is absent, so a
    question runs until its ``A:`` line and an answer runs until the line that
    ends with its date (or the next ``Q:``, a blank line or the end).

    >>> [e.date.isoformat() for e in parse_plain("Q:a?\\nA:b\\nc.(12/08/08)\\nQ:d?\\nA:e.(13/03/27)")]
    ['2012-08-08', '2013-03-27']
    """
    marked = []
    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped.startswith(("Q:", "Ｑ：", "A:", "Ａ：")):
            mark = _Q if stripped[0] in "QＱ" else _A
            marked.append(mark + stripped[2:])
        elif stripped.startswith("*") or stripped.startswith("//"):
            marked.append("\u3000" + stripped)  # plain text: no headings, no comments
        else:
            marked.append(raw)
    # In plain text every line of an answer without ``~`` still continues it
    # until its date; emulate with indentation on non-marker lines.
    body = "\n".join(
        line if line.startswith((_Q, _A)) or not line.strip() else "\u3000" + line for line in marked
    )
    return _Parser(body, source, _Q, _A).parse()


# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------


def _link_cards(text: str) -> str:
    return _CARD.sub(lambda m: f"[[《{m.group(1)}》]]", text)


def _check_writable(entry: FaqEntry, what: str, text: str) -> list[str]:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        stripped = line.strip(" \t\u3000")
        if not stripped:
            raise WikiParseError(f"cannot write entry {entry.question_ja[:30]!r}: blank line in its {what}")
        if i and (stripped.startswith((_Q, _A, "*", "/"))):
            raise WikiParseError(
                f"cannot write entry {entry.question_ja[:30]!r}: a line of its {what} starts with {stripped[:2]!r}"
            )
        if stripped.endswith("~"):
            raise WikiParseError(f"cannot write entry {entry.question_ja[:30]!r}: a line of its {what} ends with '~'")
    return [line.strip(" \t\u3000") for line in lines]


def _heading_line(entry: FaqEntry) -> str | None:
    anchor = f" [#{entry.anchor}]" if entry.anchor else ""
    if entry.topic is not None:
        return f"***{entry.topic}{anchor}"
    if entry.section is not None or entry.anchor is not None:
        return f"**{entry.section or ''}{anchor}"
    return None


def _entry_lines(entry: FaqEntry, answer_only: bool) -> Iterator[str]:
    prefix = "//" if entry.hidden else ""
    question = _check_writable(entry, "question", entry.question_ja)
    answer = _check_writable(entry, "answer", entry.answer_ja)
    if entry.date is None and _DATE_AT_END.search(entry.answer_ja):
        raise WikiParseError(f"cannot write entry {entry.question_ja[:30]!r}: undated answer ends like a date")
    for note in entry.notes:
        if "\n" in note or not note.strip() or note.strip() != note or note.startswith(("/", _Q, _A)):
            raise WikiParseError(f"cannot write note {note!r}: it must be one non-blank line not starting with '/', Ｑ or Ａ")
    date = f"({entry.date:%y/%m/%d})" if entry.date is not None else ""
    notes = [f"//{n}" for n in entry.notes]
    if not answer_only:
        for i, line in enumerate(question):
            lead = _Q if i == 0 else (" " if entry.hidden else "")
            yield f"{prefix}{lead}{_link_cards(line)}~"
    if not entry.hidden or answer_only:
        # Inside a visible entry (or before a second answer that follows a
        # visible one) a comment line is this entry's note.
        yield from notes
    for i, line in enumerate(answer):
        lead = _A if i == 0 else (" " if entry.hidden else "")
        last = i == len(answer) - 1
        yield f"{prefix}{lead}{_link_cards(line)}{date if last else '~'}"
    if entry.hidden and not answer_only:
        # After a hidden entry a comment run belongs to it.
        yield from notes


def write_faq(entries: Iterable[FaqEntry]) -> str:
    """Wiki markup for ``entries`` (headings, Ｑ/Ａ, ``~`` breaks, ``//`` for hidden).

    Card names in 《》 become ``[[《card》]]`` links; dates are written
    ``(YY/MM/DD)``; a heading is written where the topic or section changes; an
    entry that repeats the question of the visible entry before it is written as
    a second ``Ａ：`` line. ``parse_faq(write_faq(entries)) == list(entries)``.
    Raises :class:`~toolkit.errors.WikiParseError` for an entry the markup
    cannot carry (blank lines in a text, a line starting with ``Ｑ：``, a
    multi-line note ...).
    """
    out: list[str] = []
    previous: FaqEntry | None = None
    for entry in entries:
        place = (entry.topic, entry.section, entry.anchor)
        if previous is None or place != (previous.topic, previous.section, previous.anchor):
            heading = _heading_line(entry)
            if heading is None and previous is not None:
                raise WikiParseError(
                    f"cannot write entry {entry.question_ja[:30]!r}: it has no section but follows one that has"
                )
            if heading is not None:
                out.append(heading)
            answer_only = False
        else:
            answer_only = (
                previous is not None
                and not previous.hidden
                and previous.question_ja == entry.question_ja
            )
        out.extend(_entry_lines(entry, answer_only))
        previous = entry
    return "\n".join(out) + ("\n" if out else "")


# --------------------------------------------------------------------------
# As a table
# --------------------------------------------------------------------------

_FRAME_COLUMNS = (
    "topic",
    "section",
    "anchor",
    "question_ja",
    "answer_ja",
    "date",
    "date_precision",
    "cards",
    "hidden",
    "notes",
    "verdict_hint",
    "line",
    "source",
)


def entries_to_frame(entries: Iterable[FaqEntry]) -> pd.DataFrame:
    """One row per entry; ``cards``/``notes`` as lists, ``date`` as datetime64[ns].

    >>> frame = entries_to_frame(parse_faq("Ｑ：《A》?~\\nＡ：はい。(12/08/08)"))
    >>> frame.loc[0, "cards"], str(frame["date"].dtype), frame.loc[0, "verdict_hint"]
    (['A'], 'datetime64[ns]', 'yes')
    """
    import pandas as pd  # only the table needs pandas; parsing the markup does not

    rows = list(entries)
    string = pd.StringDtype(storage="python")
    data = {
        "topic": pd.array([e.topic for e in rows], dtype=string),
        "section": pd.array([e.section for e in rows], dtype=string),
        "anchor": pd.array([e.anchor for e in rows], dtype=string),
        "question_ja": pd.array([e.question_ja for e in rows], dtype=string),
        "answer_ja": pd.array([e.answer_ja for e in rows], dtype=string),
        "date": pd.to_datetime(pd.Series([e.date for e in rows], dtype=object)).astype("datetime64[ns]"),
        "date_precision": pd.Categorical([e.date_precision for e in rows], categories=["day", "month", "year", "none"]),
        "cards": pd.Series([list(e.cards) for e in rows], dtype=object),
        "hidden": pd.Series([e.hidden for e in rows], dtype=bool),
        "notes": pd.Series([list(e.notes) for e in rows], dtype=object),
        "verdict_hint": pd.Categorical([e.verdict_hint for e in rows], categories=["yes", "no", "under_review"]),
        "line": pd.array([e.line for e in rows], dtype="Int64"),
        "source": pd.array([e.source for e in rows], dtype=string),
    }
    return pd.DataFrame({name: data[name] for name in _FRAME_COLUMNS})
