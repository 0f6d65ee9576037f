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

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from toolkit.data.page_import import normalised_question
from toolkit.errors import WikiParseError

COLUMNS = ("question_ja", "answer_ja", "ruling_date", "hidden", "first_seen", "last_seen", "reworded",
           "hidden_since", "removed_since", "warnings")


def _text(value: Any, when: str) -> str:
    if isinstance(value, os.PathLike) or (isinstance(value, str) and "\n" not in value and len(value) < 4096
                                          and Path(value).is_file()):
        from toolkit.files import read_text

        return read_text(value, what="page")
    if not isinstance(value, str):
        raise WikiParseError(f"revision {when}: a page's text or a file's path, not {type(value).__name__}")
    return value


def ruling_history(revisions: Mapping[Any, Any], *, source: str = "page") -> pd.DataFrame:
    """One row per ruling the revisions of a page ever held, oldest first.

    ``revisions`` maps each revision's date (a date, a Timestamp or
    ``YYYY-MM-DD``) to the page's text or a file holding it. Columns: the
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
    dated = sorted(((pd.Timestamp(when), value) for when, value in revisions.items()), key=lambda item: item[0])
    history: dict[tuple[str, Any], dict[str, Any]] = {}
    for when, value in dated:
        read = read_page(_text(value, str(when.date())), source=f"{source} ({when.date()})")
        present: set[tuple[str, Any]] = set()
        for entry in read.entries:
            if not entry.question_ja or not entry.answer_ja:
                continue
            key = (normalised_question(entry.question_ja), entry.date)
            if key in present:
                continue
            present.add(key)
            row = history.get(key)
            if row is None:
                row = history[key] = {"first_seen": when, "reworded": [], "hidden_since": pd.NaT,
                                      "removed_since": pd.NaT, "warnings": []}
            elif (row["question_ja"], row["answer_ja"]) != (entry.question_ja, entry.answer_ja):
                row["reworded"].append(str(when.date()))
            if entry.hidden and (pd.isna(row["hidden_since"]) or not row["hidden"]):
                row["hidden_since"] = when
            if not entry.hidden:
                row["hidden_since"] = pd.NaT
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
