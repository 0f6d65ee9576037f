"""Writing entries back to the wiki's markup, and as a table."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from toolkit.errors import WikiParseError
from toolkit.wiki.markup import ANSWER_MARK, CARD_NAME, DATE_AT_END, QUESTION_MARK, FaqEntry

if TYPE_CHECKING:
    import pandas as pd

# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------


def _link_cards(text: str) -> str:
    return CARD_NAME.sub(lambda m: f"[[《{m.group(1)}》]]", text)


def _check_writable(entry: FaqEntry, what: str, text: str) -> list[str]:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        stripped = line.strip(" \t\u3000")
        if not stripped:
            raise WikiParseError(f"cannot write entry {entry.question_ja[:30]!r}: blank line in its {what}")
        if i and (stripped.startswith((QUESTION_MARK, ANSWER_MARK, "*", "/"))):
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
    if entry.date is None and DATE_AT_END.search(entry.answer_ja):
        raise WikiParseError(f"cannot write entry {entry.question_ja[:30]!r}: undated answer ends like a date")
    for note in entry.notes:
        if "\n" in note or not note.strip() or note.strip() != note or note.startswith(("/", QUESTION_MARK, ANSWER_MARK)):
            raise WikiParseError(f"cannot write note {note!r}: it must be one non-blank line not starting with '/', Ｑ or Ａ")
    date = f"({entry.date:%y/%m/%d})" if entry.date is not None else ""
    notes = [f"//{n}" for n in entry.notes]
    if not answer_only:
        for i, line in enumerate(question):
            lead = QUESTION_MARK if i == 0 else (" " if entry.hidden else "")
            yield f"{prefix}{lead}{_link_cards(line)}~"
    if not entry.hidden or answer_only:
        # Inside a visible entry (or before a second answer that follows a
        # visible one) a comment line is this entry's note.
        yield from notes
    for i, line in enumerate(answer):
        lead = ANSWER_MARK if i == 0 else (" " if entry.hidden else "")
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

    >>> from toolkit.wiki import parse_faq
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
