"""A page's revisions as the history of each of its rulings.

:func:`ruling_history` reads every revision of a page (as
:func:`toolkit.import_page` reads one: any form, a bad entry a warning) and
follows each ruling — a question (markup, width, spaces and punctuation set
aside) with its answer's date — through them: the revision it was first seen
in, the revisions that reworded it (its question or answer written
differently), the revision since which the editors hide it and the one since
which it is gone.

>>> history = ruling_history({
...     "2016-01-01": "Ｑ：《A》は？~\\nＡ：はい。(15/01/09)\\n",
...     "2017-01-01": "Ｑ：[[《A》]]は?~\\nＡ：はい、できます。(15/01/09)\\nＱ：《B》は？~\\nＡ：いいえ。(16/07/08)\\n",
...     "2018-01-01": "//Ｑ：《A》は?~\\n//Ａ：はい、できます。(15/01/09)\\n",
... })
>>> day = lambda t: "-" if pd.isna(t) else str(t.date())
>>> for r in history.itertuples():
...     print(r.question_ja, day(r.first_seen), r.reworded, day(r.hidden_since), day(r.removed_since))
《A》は? 2016-01-01 ['2017-01-01'] 2018-01-01 -
《B》は？ 2017-01-01 [] - 2018-01-01
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from toolkit.data.page_import import normalised_question
from toolkit.errors import WikiParseError, quoted

COLUMNS = ("question_ja", "answer_ja", "ruling_date", "hidden", "first_seen", "last_seen", "reworded",
           "hidden_since", "removed_since", "warnings")


_FILE_NAME = re.compile(r"[^\n]{0,4000}\.(?:txt|text|html?|wiki|md|csv)", re.IGNORECASE)
_PAGE_MARKS = re.compile(r"[ＱＡ][：:]|《|\([0-9]{2}/[0-9]{2}/[0-9]{2}\)")
"""What a page's text holds and a file's name does not: an entry's marks, a card, a ruling's date."""


def _text(value: Any, when: str) -> str:
    """A revision's page: the text given, or the file a path names. A one-line value that reads as a file's
    name (``page_2016.txt``, ``saved/page.html``; no entry's marks, card or ruling date: a page flattened to
    one line that cites ``faq.html`` last is a page) and names no file is refused: read as the page's text, it was a
    page without rulings, and every ruling was reported gone since that revision."""
    one_line = isinstance(value, str) and "\n" not in value and len(value) < 4096
    if isinstance(value, os.PathLike) or (one_line and Path(value).is_file()):
        from toolkit.files import read_text

        return read_text(value, what="page")
    if not isinstance(value, str):
        raise WikiParseError(f"revision {when}: a page's text or a file's path, not {type(value).__name__}")
    if one_line and _FILE_NAME.fullmatch(value.strip()) and not _PAGE_MARKS.search(value):
        raise WikiParseError(f"revision {when}: no such page file {quoted(value)}; check the path (a page's "
                             "text is read as it is: it holds its Ｑ：/Ａ： lines)")
    return value


_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[ T][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)?")


def revision_label(when: pd.Timestamp) -> str:
    """A revision's date as written: ``YYYY-MM-DD``, and its time when it has one (``2016-08-01 18:05``).

    >>> revision_label(pd.Timestamp("2016-08-01")), revision_label(pd.Timestamp("2016-08-01 18:05"))
    ('2016-08-01', '2016-08-01 18:05')
    """
    if when == when.normalize():
        return str(when.date())
    return when.strftime("%Y-%m-%d %H:%M" if when.second == 0 and when.microsecond == 0 else "%Y-%m-%d %H:%M:%S")


def _shown(when: Any) -> str:
    """A revision's key in words: a day as ``YYYY-MM-DD`` (with its time), a text quoted, a missing date said so."""
    if isinstance(when, (dt.date, pd.Timestamp, np.datetime64)) and not pd.isna(when):
        return revision_label(pd.Timestamp(when))
    if when is None or (isinstance(when, str) and not when.strip()) or (not isinstance(when, str) and pd.isna(when)):
        return "without a date"
    return quoted(when)


def revision_date(when: Any) -> pd.Timestamp:
    """A revision's date: a day or a moment (``datetime.date``, ``datetime.datetime``, a Timestamp) or its
    text ``YYYY-MM-DD`` (``YYYY-MM-DD HH:MM`` for one of several edits of a day); anything else — ``"now"``,
    ``"16/07/08"``, a number, an empty text — is refused, never read as some other day.

    >>> revision_date("2016-09-01"), revision_date(dt.date(2016, 9, 1)) == revision_date("2016-09-01")
    (Timestamp('2016-09-01 00:00:00'), True)
    >>> revision_date("16/09/01")
    Traceback (most recent call last):
    ...
    toolkit.errors.WikiParseError: revision '16/09/01': a revision's date is a day written YYYY-MM-DD (e.g. 2016-09-01)
    """
    if isinstance(when, (dt.date, pd.Timestamp, np.datetime64)) and not pd.isna(when):
        return pd.Timestamp(when)
    if isinstance(when, str) and _DAY.fullmatch(when.strip()):
        try:
            return pd.Timestamp(dt.datetime.fromisoformat(when.strip()))
        except ValueError as exc:
            what = "a time of day" if "hour" in str(exc) or "minute" in str(exc) or "second" in str(exc) else \
                "a day on the calendar"
            raise WikiParseError(f"revision {_shown(when)}: not {what} ({exc})") from None
    raise WikiParseError(f"revision {_shown(when)}: a revision's date is a day written YYYY-MM-DD (e.g. 2016-09-01)")


def _dated(revisions: Mapping[Any, Any]) -> list[tuple[pd.Timestamp, Any]]:
    """The revisions by date, oldest first; two revisions of one day (of one moment, given with their times)
    are refused (which came first?)."""
    seen: dict[pd.Timestamp, Any] = {}
    for when in revisions:
        day = revision_date(when)
        if day in seen:
            same = "day" if day == day.normalize() else "moment"
            raise WikiParseError(f"revision {_shown(when)}: the same {same} as revision {_shown(seen[day])}; give "
                                 f"each revision its own date (and time, for several edits of a day)")
        seen[day] = when
    return sorted(((day, revisions[when]) for day, when in seen.items()), key=lambda item: item[0])


REWORDED_SIMILARITY = 0.6
"""How alike (``difflib`` ratio of the normalised questions) a question must be to one of the same date
that left the page in the same revision to be taken for it, reworded."""


REWORDED_CANDIDATES = 64
"""How many of the rulings of one date that left the page a new question is compared with: all of them
when they are no more; else the ones nearest the place it had (a reworded entry stays about where it was:
as far below the entry above it that stayed), so that a page of thousands of entries of one date is followed in linear time, not quadratic."""


def _follow_rewordings(history: dict[tuple[str, Any], dict[str, Any]], keys: list[tuple[str, Any]]) -> None:
    """Give a ruling whose question was rewritten in this revision its new key: a question new here,
    of the same date as one that was on the page until now and is not here any more, and alike to it
    (the most alike first), is that ruling reworded."""
    import bisect
    import difflib

    here = set(keys)
    gone: dict[Any, list[tuple[int, tuple[str, Any]]]] = {}  # date -> (place on the page, key), by place
    for k, row in history.items():
        if k not in here and pd.isna(row["removed_since"]):
            gone.setdefault(k[1], []).append((row.get("place", 0), k))
    for by_place in gone.values():
        by_place.sort(key=lambda item: item[0])
    anchor_old, anchor_new = 0, 0  # the last entry above that was on the page before: where it was, where it is
    for place, key in enumerate(dict.fromkeys(keys)):
        same_date = gone.get(key[1], [])
        if key in history:
            if pd.isna(history[key]["removed_since"]):
                anchor_old, anchor_new = history[key].get("place", place), place
            continue
        if not same_date:
            continue
        if len(same_date) <= REWORDED_CANDIDATES:
            candidates = same_date
        else:  # near where it was: as far below the entry above it as it is now (entries added or gone above move it)
            was = anchor_old + place - anchor_new
            at = bisect.bisect_left(same_date, was, key=lambda item: item[0])
            half = REWORDED_CANDIDATES // 2
            candidates = same_date[max(0, at - half):at + half]
        alike = sorted(((difflib.SequenceMatcher(None, old[0], key[0]).ratio(), old) for _, old in candidates),
                       reverse=True)
        if alike and alike[0][0] >= REWORDED_SIMILARITY:
            old = alike[0][1]
            history[key] = history.pop(old)
            same_date.remove((history[key].get("place", 0), old))
            anchor_old, anchor_new = history[key].get("place", place), place


def ruling_history(revisions: Mapping[Any, Any], *, source: str = "page") -> pd.DataFrame:
    """One row per ruling the revisions of a page ever held, oldest first.

    ``revisions`` maps each revision's date (a date, a Timestamp or
    ``YYYY-MM-DD``; with its time — a datetime, ``YYYY-MM-DD HH:MM`` — for
    several edits of one day) to the page's text or a file holding it. Columns: the
    ruling's latest ``question_ja`` and ``answer_ja``, its ``ruling_date``
    (the date after the answer), ``hidden`` in the latest revision holding it,
    ``first_seen`` and ``last_seen`` (revision dates), ``reworded`` (the
    revisions that wrote it differently), ``hidden_since`` (the revision since
    which the editors hide it, NaT when visible), ``removed_since`` (the first
    revision without it after it was seen, NaT when still there) and the
    ``warnings`` of the revisions where it appears.
    """
    from toolkit.wiki import read_page

    if not isinstance(revisions, Mapping) or not revisions:
        raise WikiParseError("revisions: a mapping of each revision's date to the page's text or file")
    dated = _dated(revisions)
    history: dict[tuple[str, Any], dict[str, Any]] = {}
    for when, value in dated:
        read = read_page(_text(value, revision_label(when)), source=f"{source} ({revision_label(when)})")
        entries = [(e, (normalised_question(e.question_ja), e.date)) for e in read.entries
                   if e.question_ja and e.answer_ja]
        _follow_rewordings(history, [key for _, key in entries])
        present: set[tuple[str, Any]] = set()
        for entry, key in entries:
            if key in present:
                continue
            present.add(key)
            row = history.get(key)
            if row is None:
                row = history[key] = {"first_seen": when, "reworded": [], "hidden_since": pd.NaT,
                                      "removed_since": pd.NaT, "warnings": []}
            elif (row["question_ja"], row["answer_ja"]) != (entry.question_ja, entry.answer_ja):
                row["reworded"].append(revision_label(when))
            if entry.hidden and (pd.isna(row["hidden_since"]) or not row["hidden"]):
                row["hidden_since"] = when
            if not entry.hidden:
                row["hidden_since"] = pd.NaT
            row.update(place=len(present) - 1)  # (where it stands on this revision's page)
            row.update(question_ja=entry.question_ja, answer_ja=entry.answer_ja, hidden=entry.hidden,
                       ruling_date=pd.Timestamp(entry.date) if entry.date else pd.NaT, last_seen=when,
                       removed_since=pd.NaT)
            row["warnings"].extend(w for w in read.warnings if w.startswith(f"line {entry.line}:"))
        for key, row in history.items():
            if key not in present and pd.isna(row["removed_since"]):
                row["removed_since"] = when
    frame = pd.DataFrame([{c: row[c] for c in COLUMNS} for row in history.values()], columns=list(COLUMNS))
    for column in ("ruling_date", "first_seen", "last_seen", "hidden_since", "removed_since"):
        frame[column] = pd.to_datetime(frame[column]).astype("datetime64[ns]")
    return frame.sort_values(["first_seen", "ruling_date"], kind="stable", na_position="last").reset_index(drop=True)


STATES = ("shown", "reworded", "hidden", "absent")
"""What a ruling is in one revision of its page: shown as before, shown reworded, commented out by
the editors, or not on the page (not yet, or no longer)."""


def revision_states(history: pd.DataFrame, revisions: Any) -> pd.DataFrame:
    """One row per ruling of ``history`` (:func:`ruling_history`) and one column per revision date
    (``revisions``: the same mapping, or its dates), each cell one of :data:`STATES`.

    >>> h = ruling_history({"2016-01-01": "Ｑ：《A》は？~\\nＡ：はい。(15/01/09)\\n",
    ...                     "2018-01-01": "//Ｑ：《A》は？~\\n//Ａ：はい。(15/01/09)\\n"})
    >>> revision_states(h, ["2016-01-01", "2017-01-01", "2018-01-01"]).iloc[0].tolist()
    ['shown', 'shown', 'hidden']
    """
    dates = sorted(revision_date(d) for d in revisions)
    rows = []
    for r in history.to_dict("records"):
        first, removed, hidden = r["first_seen"], r["removed_since"], r["hidden_since"]
        states = []
        for when in dates:
            if when < first or (not pd.isna(removed) and when >= removed):
                states.append("absent")
            elif not pd.isna(hidden) and when >= hidden:
                states.append("hidden")
            elif revision_label(when) in r["reworded"]:
                states.append("reworded")
            else:
                states.append("shown")
        rows.append(states)
    return pd.DataFrame(rows, columns=[d.date() if d == d.normalize() else d for d in dates],
                        index=history["question_ja"].tolist())


def proposed_supersessions(history: pd.DataFrame, *, similarity: float = 0.6) -> pd.DataFrame:
    """Pairs the page's history suggests as "a later answer replaced this one", for the user to accept
    (the toolkit never links them by itself): a ruling hidden or removed in a revision where a ruling
    with a similar question (normalised, ``difflib`` ratio at least ``similarity``) and a later date
    first appears. Columns: ``old`` and ``new`` (their questions), their ``old_date`` / ``new_date``,
    ``since`` (the revision), ``similarity``.
    """
    import difflib

    out = []
    records = history.to_dict("records")
    for i, old in enumerate(records):
        gone = old["hidden_since"] if not pd.isna(old["hidden_since"]) else old["removed_since"]
        if pd.isna(gone):
            continue
        for j, new in enumerate(records):
            if j == i or new["first_seen"] != gone:
                continue
            if not pd.isna(old["ruling_date"]) and not pd.isna(new["ruling_date"]) \
                    and new["ruling_date"] <= old["ruling_date"]:
                continue
            ratio = difflib.SequenceMatcher(None, normalised_question(str(old["question_ja"])),
                                            normalised_question(str(new["question_ja"]))).ratio()
            if ratio >= similarity:
                out.append({"old": old["question_ja"], "old_date": old["ruling_date"], "new": new["question_ja"],
                            "new_date": new["ruling_date"], "since": gone, "similarity": round(ratio, 2)})
    return pd.DataFrame(out, columns=["old", "old_date", "new", "new_date", "since", "similarity"])
