"""Reading FAQ entries from a page (the wiki markup or plain Q/A text)."""

from __future__ import annotations

import datetime as _dt
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from toolkit.errors import RulingWarning, WikiParseError, kind_of
from toolkit.wiki.lines import SourceLine, refuse_non_text, source_lines
from toolkit.wiki.markup import (
    ANSWER_MARK,
    CLOSING,
    DATE_AT_END,
    HEADING,
    INDENT,
    QUESTION_MARK,
    FaqEntry,
    card_names,
    clean_markup,
    parse_date,
    strip_tilde,
    verdict_hint_of,
    visibility,
)

if TYPE_CHECKING:
    pass

# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------


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
        return self.content.startswith(INDENT)


def _classify(line: SourceLine, q_mark: str, a_mark: str) -> _Line:
    hidden, content = visibility(line.text)
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
    open_at_end: bool = False  # the last entry, and nothing after it fixes its notes before the text ends


@dataclass(frozen=True)
class Recovery:
    """What a tolerant parse met: a warning per problem (its line first), and the
    lines of the entries it could not import."""

    warnings: list[tuple[int, str]]
    skipped: list[int]


class Parser:
    def __init__(self, text: str, source: str, q_mark: str, a_mark: str, *, tolerant: bool = False,
                 numbers: list[int] | None = None) -> None:
        self.source = source
        self.q_mark = q_mark
        self.a_mark = a_mark
        if numbers is None:  # (a page brought to one form first was checked as the page it came from)
            refuse_non_text(text, source)
        lines, self.restored = source_lines(text)
        for cut in (line for line in lines if line.cut):  # (the tolerant reader's lines are cut already)
            warnings.warn(RulingWarning(f"{source}, {cut.cut_warning()}"), stacklevel=3)
        self.lines = [_classify(ln, q_mark, a_mark) for ln in lines]
        if numbers is not None:  # the page lines these came from (a page brought to one form first)
            for line, number in zip(self.lines, numbers):
                line.number = number
            self.restored = False
        # Tolerant: a problem in one entry is a warning, the others are read.
        self.tolerant = tolerant
        self.recovery = Recovery([], [])
        self.tail: list[_Line] = []  # the lines after the last entry
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
        lines = self.lines
        if self.tolerant and len(lines) > 1 and lines[-1].kind == "blank" and not lines[-1].content:
            lines = lines[:-1]  # the text's last line break ends the last line; it is no blank line
        for line in lines:
            self.feed(line)
        self.finish_current(at_end=True)
        if self.entries:
            # A dated answer that ends the text ends its entry: only editors' notes could have followed,
            # and a page that ends there is taken as whole (its last ruling complete).
            last = self.entries[-1]
            last.open_at_end = not self.closed(self.tail) and not (last.dated and not self.tail)
        self.flush_run(next_entry=None)
        frozen = [self.freeze(b) for b in self.entries]
        return [e for e in frozen if e is not None]

    def problem(self, line: _Line, message: str, kept: str) -> None:
        """Raise ``message`` about ``line``, or (tolerant) warn, saying what was kept."""
        if not self.tolerant:
            raise WikiParseError(f"{self.where(line)}: {message}")
        self.recovery.warnings.append((line.number, f"line {line.number}: {message}; {kept}"))

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
            self.problem(current.first_line, f"question has no answer ({what} at line {line.number})",
                         "the question is not imported")
            self.recovery.skipped.append(current.first_line.number)
            self.current = None
            self.run = []
            self.feed_between(line)

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
        match = DATE_AT_END.search(text)
        if match:
            current.dated = True
            try:
                current.date = parse_date(match, self.where(line))
                text = text[: match.start()]
            except WikiParseError as exc:
                if not self.tolerant:
                    raise
                reason = str(exc).split(": ", 1)[1]
                self.problem(line, reason, "the ruling is imported undated, its date left in the answer")
        current.answer.append(text)
        current.last_content = line

    def feed_between(self, line: _Line) -> None:
        self.tail.append(line)
        if line.kind == "q":
            self.start_entry(line, question=[line.content])
        elif line.kind == "a":
            previous = self.entries[-1] if self.entries else None
            if previous is None or not self.adjacent_to_last:
                self.problem(line, "answer (Ａ) without a question (Ｑ) before it", "the answer is not imported")
                self.recovery.skipped.append(line.number)
                self.flush_run(next_entry=None)
                self.adjacent_to_last = False
                return
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
            if not self.tolerant:
                raise WikiParseError(f"{self.where(current.first_line)}: question has no answer (end of text)")
            # the page ends inside the question: it is imported, possibly incomplete
        self.tail = []
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
        match = HEADING.match(line.content)
        assert match is not None
        level = len(match.level)
        text = clean_markup(match.text).strip() or None
        self.section = text
        self.anchor = match.anchor
        if level >= 3:
            self.topic = text
        else:
            self.topic = None

    # -- freezing -----------------------------------------------------------

    def freeze(self, b: _Builder) -> FaqEntry | None:
        where = self.where(b.first_line)
        question = self.join(b.question, self.q_mark)
        answer = self.join(b.answer, self.a_mark)
        last = b is self.entries[-1]
        if not question and not self.tolerant:
            raise WikiParseError(f"{where}: empty question")
        if not question and not last:
            self.problem(b.first_line, "empty question", "the entry is not imported")
            self.recovery.skipped.append(b.first_line.number)
            return None
        if not answer and not self.tolerant:
            raise WikiParseError(f"{where}: empty answer")
        if not answer and not last:
            self.problem(b.first_line, "empty answer", "the entry is not imported")
            self.recovery.skipped.append(b.first_line.number)
            return None
        cut = last and self.tolerant and self.cut_short(b, answer)
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
            verdict_hint=verdict_hint_of(answer),
            section=b.section,
            anchor=b.anchor,
            source=self.source,
            possibly_incomplete=cut,
        )

    def closed(self, tail: list[_Line]) -> bool:
        """Whether a line after the last entry fixes its notes: a blank line, a
        heading or visible text (the text's final line excepted: it may be cut)."""
        final = self.lines[-1] if self.lines else None
        for line in tail:
            if line is final:
                break
            if line.kind in ("blank", "heading") or (line.kind == "text" and not line.hidden):
                return True
        return False

    def cut_short(self, b: _Builder, answer: str) -> bool:
        """Whether the page may have been cut inside its last entry ``b``: no answer,
        no closing punctuation, nothing after it before the end of the text that
        fixes its notes (comment lines there might be notes of a cut next entry, or
        of this one), or no date where one was to come (the page dates its
        entries, or the answer asks for a next line with ``~``)."""
        if not answer or b.open_at_end or not answer.endswith(CLOSING):
            return True
        if b.date is not None:
            return False
        dated = any(e.date is not None for e in self.entries)
        return dated or (b.last_content is not None and b.last_content.ends_with_tilde)

    @staticmethod
    def join(lines: list[str], mark: str) -> str:
        parts = []
        for i, raw in enumerate(lines):
            text = raw.strip(" \t\u3000")
            if i == 0 and text.startswith(mark):
                text = text[len(mark) :]
            parts.append(clean_markup(strip_tilde(text)))
        return "\n".join(p for p in parts if p).strip()


def _page_text(text: object, source: object, function: str) -> None:
    """Refuse a page or a source that is not text, in one sentence naming ``function``."""
    if not isinstance(text, str):
        raise WikiParseError(f"{function}(): the page is its text (a str, e.g. pasted from the wiki's edit "
                             f"box), not {kind_of(text)}")
    if not isinstance(source, str):
        raise WikiParseError(f"{function}(): source names where the text came from (a str such as the page's "
                             f"URL), not {kind_of(source)}")


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
    _page_text(text, source, "parse_faq")
    return Parser(text, source, QUESTION_MARK, ANSWER_MARK).parse()


def parse_plain(text: str, source: str = "<string>") -> list[FaqEntry]:
    """FAQ entries of a plain-text copy (``Q:`` / ``A:``, no markup, no comments).

    The form of seed 001: every line break is real, ``~`` is absent, so a
    question runs until its ``A:`` line and an answer runs until the line that
    ends with its date (or the next ``Q:``, a blank line or the end).

    >>> [e.date.isoformat() for e in parse_plain("Q:a?\\nA:b\\nc.(12/08/08)\\nQ:d?\\nA:e.(13/03/27)")]
    ['2012-08-08', '2013-03-27']
    """
    _page_text(text, source, "parse_plain")
    marked = []
    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped.startswith(("Q:", "Ｑ：", "A:", "Ａ：")):
            mark = QUESTION_MARK if stripped[0] in "QＱ" else ANSWER_MARK
            marked.append(mark + stripped[2:])
        elif stripped.startswith("*") or stripped.startswith("//"):
            marked.append("\u3000" + stripped)  # plain text: no headings, no comments
        else:
            marked.append(raw)
    # In plain text every line of an answer without ``~`` still continues it
    # until its date; emulate with indentation on non-marker lines.
    body = "\n".join(
        line if line.startswith((QUESTION_MARK, ANSWER_MARK)) or not line.strip() else "\u3000" + line for line in marked
    )
    return Parser(body, source, QUESTION_MARK, ANSWER_MARK).parse()
