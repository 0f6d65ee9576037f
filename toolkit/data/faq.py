"""FAQ markup pasted from a wiki page, as rows of the rulings table.

>>> page = '''***手札調整について [#faq1]
... Ｑ：手札調整で[[《ヒステリック・サイン》]]を捨てた場合、効果を発動できますか？~
... Ａ：いいえ、発動しません。(16/07/08)
... //Ａ：はい、発動できます。(13/03/30)'''
>>> rows = rulings_from_faq(page, source="https://yugioh-wiki.net/index.php?%A5%A8")
>>> for row in rows[["ruling_id", "date", "hidden_in_source", "verdict"]].itertuples(index=False):
...     print(*row)
user-160708-hysteric-sign 2016-07-08 00:00:00 False no
user-130330-hysteric-sign 2013-03-30 00:00:00 True yes
>>> rows.loc[0, "source"], rows.loc[0, "cards"], bool(rows["topic"].isna().all())
('https://yugioh-wiki.net/index.php?%A5%A8#faq1 (手札調整について)', ['ヒステリック・サイン'], True)
>>> rulings_from_faq("  ", source="https://example.org")
Traceback (most recent call last):
...
toolkit.errors.WikiParseError: pasted text: it is empty (paste a FAQ block: Ｑ：question~ then Ａ：answer (YY/MM/DD))
"""

from __future__ import annotations

import re
from typing import Any

import pandas as pd

from toolkit.data.frames import kind_of
from toolkit.data.problems import DatasetValidationError
from toolkit.data.ruling_ids import IdAssigner, RulingIdentity, assign_ids, identity_key, normalised_text
from toolkit.data.schema import GAMES, RULINGS_SCHEMA
from toolkit.errors import WikiParseError, quoted

_PLAIN_MARK = re.compile(r"^[^\S\n]*([QAＱＡ])[.:．：][^\S\n]?", re.MULTILINE)
"""(Spaces within the line only: ``\\s*`` runs across blank lines, from each of them.)"""
_QUOTED_FROM = ("引用元",)
"""Lines of a pasted Q&A list that only link to where it was quoted (the Duel Masters wiki)."""


def ruling_id_for(question: str | None, answer: str, date: Any, hidden: bool = False) -> str:
    """The id of a pasted ruling on its own: ``user-<YYMMDD or undated>-<words>``
    (:mod:`toolkit.data.ruling_ids`; the words from the cards it names, else from
    its question). In a table, :func:`~toolkit.data.ruling_ids.assign_ids` adds a
    short suffix to a later ruling with the same words.

    >>> ruling_id_for("《ヒステリック・サイン》は発動しますか？", "いいえ。", pd.Timestamp("2016-07-08"))
    'user-160708-hysteric-sign'
    """
    from toolkit.wiki import card_names

    cards = card_names(f"{question or ''}\n{answer}")
    return assign_ids([RulingIdentity(date, cards, question, answer)])[0]


def _entries(text: str, label: str) -> list[Any]:
    from toolkit.wiki import parse_faq, parse_plain

    entries = parse_faq(text, source=label)
    if entries or not _PLAIN_MARK.search(text):
        return entries
    # a plain Q/A copy: "Q:" / "Q." / "Ｑ．" marks, no wiki markup
    lines = []
    for line in text.split("\n"):
        if line.strip() in _QUOTED_FROM:
            lines.append("")  # ends the answer above it
            continue
        lines.append(_PLAIN_MARK.sub(lambda m: ("Q:" if m.group(1) in "QＱ" else "A:"), line, count=1))
    return parse_plain("\n".join(lines), source=label)


def cite(source: str, anchor: str | None, section: str | None) -> str:
    where = f"{source}#{anchor}" if anchor and "#" not in source else source
    return f"{where} ({section})" if section else where


def rulings_from_faq(text: str, *, source: str | None = None, game: str = "ocg") -> pd.DataFrame:
    """The FAQ entries of ``text`` (a block pasted from a wiki page) as rulings rows.

    ``text`` is the page's markup (``Ｑ：``/``Ａ：`` entries, ``//`` comments,
    ``***heading [#anchor]``), or a plain copy with ``Q:``/``A:`` or ``Q.``/``A.``
    marks. ``source`` is the page's URL (required: named, so that a call
    without it is refused in words, after ``text``); each row cites it with the anchor of
    the heading above the entry, and the heading itself. One row per entry,
    in page order, with the columns and dtypes of :func:`toolkit.load_rulings`:
    the question and answer verbatim (link markup removed), the date written
    after the answer (``date_precision`` day, or none), ``hidden_in_source``
    for an entry the editors commented out, the cards named in 《》, the
    verdict read by the rules of :mod:`toolkit.wiki.verdicts` (``unknown`` when
    none reads it), ``kind`` faq, ``status``
    current, the editors' comment lines around the entry in ``editors_notes``,
    and a stable ``ruling_id`` (``user-YYMMDD-words``, :mod:`toolkit.data.ruling_ids`). ``topic`` and
    ``summary_en`` are left empty for you to fill in; write the table out with
    ``to_csv`` or pass it to ``load_rulings(extra=...)`` as it is.

    Empty text, text without an entry, or markup the parser cannot read raises
    :class:`~toolkit.errors.WikiParseError` in one line naming the place.
    """
    if not isinstance(text, str):
        raise WikiParseError(f"pasted text: expected the page's text, not {kind_of(text)}")
    if not isinstance(source, str) or not source.strip():
        raise WikiParseError("source: give the URL of the page the FAQ was pasted from")
    if game not in GAMES:
        raise WikiParseError(f"game: unknown game {quoted(game)} (known: {', '.join(GAMES)})")
    if not text.strip():
        raise WikiParseError("pasted text: it is empty (paste a FAQ block: Ｑ：question~ then Ａ：answer (YY/MM/DD))")
    from toolkit.wiki import read_verdict

    entries = _entries(text, "pasted text")
    if not entries:
        raise WikiParseError("pasted text: no FAQ entry found (an entry is a line Ｑ：question~ then Ａ：answer)")
    rows = []
    seen: dict[tuple[Any, ...], int] = {}
    assigner = IdAssigner()
    for number, entry in enumerate(entries, start=1):
        date = pd.Timestamp(entry.date) if entry.date is not None else None
        identity = RulingIdentity(date, entry.cards, entry.question_ja, entry.answer_ja)
        twice = (*identity_key(identity), normalised_text(entry.answer_ja), entry.hidden)
        if twice in seen:
            raise WikiParseError(f"pasted text: entries {seen[twice]} and {number} are the same ruling (same "
                                 "question, answer and date); paste it once")
        seen[twice] = number
        rid = assigner.next(identity, f"{normalised_text(entry.answer_ja)}\n{entry.hidden}")
        rows.append({
            "ruling_id": rid,
            "game": game,
            "kind": "faq",
            "date": date,
            "date_precision": "day" if date is not None else "none",
            "cards": list(entry.cards),
            "question_ja": entry.question_ja,
            "answer_ja": entry.answer_ja,
            "verdict": read_verdict(entry.answer_ja, entry.question_ja).verdict,
            "status": "current",
            "hidden_in_source": entry.hidden,
            "source": cite(source.strip(), entry.anchor, entry.section),
            "source_file": [],
            "editors_notes": "\n".join(n for n in entry.notes if n) or None,
        })
    return typed(pd.DataFrame(rows, columns=RULINGS_SCHEMA.names))


def typed(frame: pd.DataFrame) -> pd.DataFrame:
    """The rows through the user rulings reader: typed exactly as the shipped table."""
    from toolkit.data.user_rulings import read_user_table

    table, problems = read_user_table(frame, "pasted text")
    if problems or table is None:
        raise DatasetValidationError(problems)
    return table.parsed.frame.drop(columns=["supersedes"]).astype(RULINGS_SCHEMA.dtypes())
