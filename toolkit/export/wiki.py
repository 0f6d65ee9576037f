"""An article as the wiki's FAQ markup, and writing both files."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from toolkit.export.article import RulingArticle
from toolkit.export.folders import ExportError, refuse_datasets, safe_stem, write_file
from toolkit.export.markdown import article_markdown, day_text
from toolkit.resources import default_user_folder

# --------------------------------------------------------------------------
# Wiki FAQ markup
# --------------------------------------------------------------------------


def _faq_entry(row: pd.Series, topic: str, hidden: bool, notes: tuple[str, ...]) -> Any:
    from toolkit.wiki import FaqEntry, VerdictHint

    date = None if pd.isna(row["date"]) else pd.Timestamp(row["date"]).date()
    verdict = str(row["verdict"])
    hints: dict[str, VerdictHint] = {"yes": "yes", "no": "no", "under_review": "under_review"}
    hint = hints.get(verdict)
    return FaqEntry(
        topic=topic,
        question_ja=str(row["question_ja"]),
        answer_ja=str(row["answer_ja"]),
        date=date,
        date_precision="day" if date is not None else "none",
        cards=tuple(row["cards"]),
        hidden=hidden,
        notes=notes,
        line=0,
        verdict_hint=hint,
    )


def _wiki_order(rulings: pd.DataFrame) -> list[tuple[pd.Series, bool]]:
    """Visible (current) entries oldest first, each followed by what it replaced.

    A replaced ruling is commented out and placed right below its successor,
    the way the wiki keeps ruling history; one whose successor is not in the
    table is placed, commented out, where its date puts it.
    """
    rows = {str(r["ruling_id"]): r for _, r in rulings.iterrows()}
    replaced_by: dict[str, list[str]] = {}
    for rid, row in rows.items():
        succ = row["superseded_by"]
        if not pd.isna(succ) and str(succ) in rows:
            replaced_by.setdefault(str(succ), []).append(rid)
    placed: set[str] = set()
    order: list[tuple[pd.Series, bool]] = []

    def place(rid: str) -> None:
        if rid in placed:
            return
        placed.add(rid)
        order.append((rows[rid], str(rows[rid]["status"]) != "current"))
        for older in sorted(replaced_by.get(rid, []), key=lambda r: (day_text(rows[r]["date"]), r), reverse=True):
            place(older)

    for rid, row in rows.items():
        succ = row["superseded_by"]
        if pd.isna(succ) or str(succ) not in rows:
            place(rid)
    for rid in rows:  # members of a cycle, if validation was bypassed
        place(rid)
    return order


def _replaced_note(row: pd.Series) -> str:
    """One line saying what replaced a ruling (our words, by id)."""
    if not pd.isna(row["superseded_by"]):
        return f"{row['ruling_id']}: superseded by {row['superseded_by']}"
    if not pd.isna(row["obsoleted_by_event"]):
        return f"{row['ruling_id']}: obsolete since {row['obsoleted_by_event']}"
    return f"{row['ruling_id']}: {row['status']}"


def article_wiki(article: RulingArticle) -> str:
    """The card's FAQ section in the wiki's markup (via :func:`toolkit.wiki.write_faq`).

    Only Ｑ/Ａ rulings (those with a question) are FAQ entries; a replaced
    ruling is written commented out (``//``) with a one-line note naming what
    replaced it.
    """
    from toolkit.wiki import write_faq

    topic = f"《{article.card}》について"
    faq = article.rulings[article.rulings["question_ja"].notna()]
    entries = []
    for row, hidden in _wiki_order(faq):
        notes: tuple[str, ...] = ()
        if hidden:
            notes = (_replaced_note(row),)
        entries.append(_faq_entry(row, topic, hidden, notes))
    return write_faq(entries)


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ExportedArticle:
    """Where an article was written."""

    markdown: Path
    wiki: Path


def export_article(
    article: RulingArticle,
    folder: str | os.PathLike[str] | None = None,
    *,
    overwrite: bool = False,
) -> ExportedArticle:
    """Write ``<card>.md`` and ``<card>.wiki.txt`` into ``folder`` (created if needed).

    ``folder`` defaults to ``articles/`` inside :func:`default_user_folder`.
    Both texts are rendered before anything is written, and the two files
    are written as one change (:func:`toolkit.files.write_texts`): both
    temporary files first, then the ``.md`` renamed into place, then the
    ``.wiki.txt``; a save killed between the two renames is finished by the
    next save into the folder, so the pair is never left half old, half new.
    """
    target = Path(folder).expanduser() if folder is not None else default_user_folder() / "articles"
    markdown = article_markdown(article)
    wiki = article_wiki(article)
    stem = safe_stem(article.card + (f" {article.card_en}" if article.card_en else ""))
    md_path = target / f"{stem}.md"
    wiki_path = target / f"{stem}.wiki.txt"
    if not overwrite:
        for path in (md_path, wiki_path):
            if os.path.lexists(path):
                raise ExportError(f"{path}: file exists; pass overwrite=True to replace it")
    refuse_datasets(Path(os.path.realpath(target)))
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"{target}: cannot create the folder ({exc.strerror or exc})") from None
    written_md, written_wiki = write_file([(md_path, markdown), (wiki_path, wiki)], overwrite)
    return ExportedArticle(markdown=written_md, wiki=written_wiki)
