"""The wiki's FAQ markup: its marks, the entry value, and text helpers."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypeAlias

from toolkit.errors import WikiParseError, quoted

if TYPE_CHECKING:
    pass

VerdictHint: TypeAlias = Literal["yes", "no", "under_review"]
DatePrecision: TypeAlias = Literal["day", "none"]

QUESTION_MARK = "Ｑ："
ANSWER_MARK = "Ａ："
_DATE = re.compile(r"\((\d+)/(\d+)/(\d+)\)")
CARD_NAME = re.compile(r"《([^《》]+)》")
_LINK = re.compile(r"\[\[([^\[\]]*)\]\]")
_FOOTNOTE_MARK = re.compile(r"(\(\(|\)\))")
INDENT = (" ", "\t", "\u3000")
MAX_LINK_DEPTH = 8
"""Links inside links are read this deep (pages nest two at most); deeper brackets are dropped as
unpaired ones are, so that a line of nested brackets costs a bounded number of passes."""
CLOSING = tuple("。．.！!？?）)」』】…")
"""What a finished answer ends with."""


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
    possibly_incomplete: bool = False
    """The last entry of the page lacks its answer, its date or its closing
    punctuation, or comment lines end the page after it: the page may have been
    cut there (only the tolerant reader, :func:`toolkit.wiki.read_page`, sets it)."""
    rules: tuple[str, ...] = ()
    """A rules passage quoted after the answer (the Duel Masters wiki's ``>``
    quotes), kept apart from the answer: its cards are not the ruling's."""


# --------------------------------------------------------------------------
# Text helpers
# --------------------------------------------------------------------------


class _DateAtEnd:
    """``(YY/MM/DD)`` at the end of a line (before spaces and a line-break ``~``),
    found in time linear in the line (a pattern ``\\s*~?\\s*$`` backtracks
    quadratically over a run of spaces followed by text).

    >>> DATE_AT_END.search("はい。(12/08/08) ~ ").groups(), DATE_AT_END.search("(12/08/08) x") is None
    (('12', '08', '08'), True)
    """

    @staticmethod
    def search(text: str) -> re.Match[str] | None:
        end = len(text.rstrip())
        if end and text[end - 1] == "~":
            end = len(text[: end - 1].rstrip())
        start = text.rfind("(", 0, end)
        return _DATE.fullmatch(text, start, end) if start >= 0 else None


DATE_AT_END = _DateAtEnd()


@dataclass(frozen=True)
class _HeadingMatch:
    level: str
    text: str
    anchor: str | None

    def group(self, number: int) -> str | None:
        return (self.level, self.text, self.anchor)[number - 1]


class _Heading:
    """A heading line: ``*`` to ``***``, its text, and an anchor ``[#id]`` at its end —
    read in time linear in the line (the pattern it replaces,
    ``^(\\*{1,3})\\s*(.*?)\\s*(?:\\[#([^\\]\\s]+)\\])?\\s*$``, took time cubic in a run of spaces).

    >>> m = HEADING.match("***手札調整について   [#faq1]  ")
    >>> m.group(1), m.group(2), m.group(3)
    ('***', '手札調整について', 'faq1')
    >>> HEADING.match("**見出し [#a b]").group(2), HEADING.match("x") is None
    ('見出し [#a b]', True)
    """

    @staticmethod
    def match(line: str) -> _HeadingMatch | None:
        if not line.startswith("*"):
            return None
        level = 3 if line.startswith("***") else 2 if line.startswith("**") else 1
        rest = line[level:].strip()
        if rest.endswith("]"):
            body = rest[:-1]
            stop = len(body) - 1  # the anchor runs back to the last ] or space before the final ]
            while stop >= 0 and body[stop] != "]" and not body[stop].isspace():
                stop -= 1
            at = body.find("[#", stop + 1)
            if at >= 0 and at + 2 < len(body):
                return _HeadingMatch(line[:level], body[:at].rstrip(), body[at + 2:])
        return _HeadingMatch(line[:level], rest, None)


HEADING = _Heading()


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
    for _ in range(MAX_LINK_DEPTH):  # a link inside a link: the inner one first
        if previous == text:
            break
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
    for match in CARD_NAME.finditer(text):
        seen.setdefault(match.group(1).strip(), None)
    return tuple(seen)


def verdict_hint_of(answer: str) -> VerdictHint | None:
    opening = answer.lstrip(" \u3000")
    if opening.startswith("はい"):
        return "yes"
    if opening.startswith("いいえ"):
        return "no"
    if opening.startswith("調整中"):
        return "under_review"
    return None


def parse_date(match: re.Match[str], where: str) -> _dt.date:
    yy, mm, dd = match.groups()
    if not (len(yy) == len(mm) == len(dd) == 2):
        raise WikiParseError(f"{where}: date {quoted(match.group(0).strip())} is not written (YY/MM/DD)")
    year = int(yy) + (1900 if int(yy) >= 90 else 2000)
    try:
        return _dt.date(year, int(mm), int(dd))
    except ValueError as exc:
        raise WikiParseError(f"{where}: impossible date ({yy}/{mm}/{dd}): {exc}") from None


def visibility(raw: str) -> tuple[bool, str]:
    """(hidden, content): strip the ``//`` comment marker (and a third ``/``)."""
    if raw.startswith("//"):
        content = raw[2:]
        if content.startswith("/"):
            content = content[1:]
        return True, content
    return False, raw


def strip_tilde(text: str) -> str:
    text = text.strip(" \t\u3000")
    return text[:-1].rstrip(" \t\u3000") if text.endswith("~") else text
