"""A saved wiki page, in any form, as rulings rows and a report of every entry.

:func:`import_page` reads a page as :func:`toolkit.wiki.read_page` does (source
markup or a rendered copy, full-width or ASCII marks, ``//`` hidden entries,
Duel Masters ``Q.``/``A.`` and ``>`` quotes, diff views), and the dated
bullets of its prose (「…できる。(08/08/03)」, rows of kind ``prose_ruling``,
no question), and never loses the page: a problem in one entry is a warning
naming its line, the other entries are imported. Each entry ends up in
exactly one place of the report:

* **imported** — a row of the table (``hidden`` and ``incomplete`` name
  those of them the editors commented out, or that the page may have been
  cut inside: the last entry of a page without its answer, its date or its
  closing punctuation, imported with ``possibly_incomplete`` true, its
  answer blank if it never came);
* **already shipped** — the toolkit's own table has it (same date, same
  cards, the same question once markup, character width, spaces and
  punctuation are set aside; for prose, the same dated text): reported with
  the shipped id, not added; a reworded copy (a question at least
  ``REWORDED_SIMILARITY`` alike, same date and cards) is reported with the
  difference, not added;
* **repeated** — the page has it twice: imported once;
* **not imported** — no question or no answer could be read (a warning says
  which line and why).

The page's own card (``page_card=``, or the page's title when it is a card
name: a first line 《card》 or a card of the cards table) is added to every
ruling that says 「このカード」 or names no card. Each row's ``verdict`` is
read by the rules of :mod:`toolkit.wiki.verdicts` (``unknown`` when none
applies). The columns of :data:`toolkit.data.schema.PAGE_IMPORT_COLUMNS`
keep what is read besides the entry: ``possibly_incomplete``, the rules
passage quoted after the answer (``quoted_passage``), the editors' comment
lines (``editors_notes``), the page's card (``page_card``) and the warnings
about the entry (``import_warnings``). Ids are ``user-YYMMDD-words``
(:mod:`toolkit.data.ruling_ids`).

>>> page = '''*《ヒステリック・サイン》
... Ｑ：このカードを手札調整で捨てた場合、効果は発動しますか？~
... Ａ：二度目の発動はしません。(24/01/05)
... Q:このカードに《サイクロン》をチェーンできますか？
... Ａ：はい、で'''
>>> rows, report = import_page(page, source="https://example.org/sign")
>>> rows[["date", "cards", "verdict"]].values.tolist()  # doctest: +NORMALIZE_WHITESPACE
[[Timestamp('2024-01-05 00:00:00'), ['ヒステリック・サイン'], 'no'],
 [NaT, ['ヒステリック・サイン', 'サイクロン'], 'yes']]
>>> print(report)
https://example.org/sign: 2 entries — 2 imported (0 hidden, 1 possibly incomplete, 0 from prose), 0 already shipped, 0 repeated, 0 not imported
line 4: possibly incomplete (the page may have been cut inside this entry)
"""

from __future__ import annotations

import bisect
import difflib
import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import pandas as pd

from toolkit.data.faq import cite, typed
from toolkit.data.frames import kind_of
from toolkit.data.import_report import EntryReport, ImportReport, PageImport
from toolkit.data.parsing import csv_lines, format_value, is_na
from toolkit.data.ruling_ids import IdAssigner, RulingIdentity, identity_key, normalised_text
from toolkit.data.schema import GAMES, RULINGS_SCHEMA
from toolkit.errors import FileError, WikiParseError, quoted, shorten

THIS_CARD = "このカード"
"""How a card's page names its own card."""


# --------------------------------------------------------------------------
# Identity: the same ruling as a shipped one
# --------------------------------------------------------------------------

REWORDED_SIMILARITY = 0.8
"""How alike (``difflib`` ratio of the normalised questions) an entry's question must be to a shipped
ruling's of the same date and cards to be reported as a reworded copy of it."""


def normalised_question(text: str | None) -> str:
    """A question with its markup, character width, spaces and punctuation set aside.

    >>> normalised_question("[[手札]]調整で《ＴＧ ストライカー》を、捨てた?") == normalised_question("手札調整で《TG ストライカー》を捨てた？")
    True
    """
    return normalised_text(text)


@dataclass(frozen=True)
class _Shipped:
    exact: Mapping[tuple[str, frozenset[str], str], str]
    by_day_cards: Mapping[tuple[str, frozenset[str]], list[tuple[str, str, str]]]
    """(day, cards) -> (normalised question, id, question) of the shipped rulings with a question."""
    prose: Mapping[str, list[tuple[str, str]]]
    """day -> (normalised text, id) of the shipped rulings without a question."""
    by_day_question: Mapping[tuple[str, str], list[tuple[frozenset[str], str]]]
    """(day, normalised question) -> (cards, id): a shipped ruling may name more cards than its question
    (those of the entry above it that it refers to, 「上記の…」)."""


@lru_cache(maxsize=1)
def _shipped_index() -> _Shipped:
    from toolkit.data.reading import load_rulings

    table = load_rulings()
    exact: dict[tuple[str, frozenset[str], str], str] = {}
    alike: dict[tuple[str, frozenset[str]], list[tuple[str, str, str]]] = {}
    prose: dict[str, list[tuple[str, str]]] = {}
    asked: dict[tuple[str, str], list[tuple[frozenset[str], str]]] = {}
    for rid, day, cards, question, answer in zip(table["ruling_id"], table["date"], table["cards"],
                                                 table["question_ja"], table["answer_ja"]):
        q = None if is_na(question) else str(question)
        key = identity_key(RulingIdentity(day, cards, q, None if is_na(answer) else str(answer)))
        exact[key] = str(rid)
        if q:
            alike.setdefault(key[:2], []).append((key[2], str(rid), q))
            asked.setdefault((key[0], key[2]), []).append((key[1], str(rid)))
        else:
            prose.setdefault(key[0], []).append((key[2].lstrip("\u0000"), str(rid)))
    return _Shipped(exact, alike, prose, asked)


def _same_shipped(key: tuple[str, frozenset[str], str], question: str | None) -> tuple[str, str] | None:
    """(shipped id, difference) of the shipped ruling this one is (difference empty when exact)."""
    shipped = _shipped_index()
    if key in shipped.exact:
        return shipped.exact[key], ""
    if not question:  # a prose ruling: the shipped text is the dated end of the bullet, or the other way round
        text = key[2].lstrip("\u0000")
        for other, rid in shipped.prose.get(key[0], ()):
            if min(len(text), len(other)) >= 10 and (text.endswith(other) or other.endswith(text)):
                return rid, ""
        # the prose restating an answer: the one shipped ruling of its day and cards
        restated = shipped.by_day_cards.get(key[:2], []) if key[1] else []
        return (restated[0][1], "") if len(restated) == 1 else None
    from toolkit.wiki import card_names

    asked = identity_key(RulingIdentity(None, card_names(question), question))[1]
    for cards, rid in shipped.by_day_question.get((key[0], key[2]), ()):
        if key[1] <= cards or asked <= cards:  # the cards its question names are the shipped ruling's
            return rid, ""
    best: tuple[float, str, str] | None = None
    for other, rid, shipped_question in shipped.by_day_cards.get(key[:2], ()):
        ratio = difflib.SequenceMatcher(None, other, key[2]).ratio()
        if ratio >= REWORDED_SIMILARITY and (best is None or ratio > best[0]):
            best = (ratio, rid, shipped_question)
    if best is None:
        return None
    return best[1], _difference(best[2], question)


def _difference(old: str, new: str, *, most: int = 3, width: int = 24) -> str:
    """The changes from ``old`` to ``new`` (markup removed), as 「old」→「new」 parts.

    >>> _difference("手札調整で捨てた場合は？", "[[手札]]調整で墓地へ送った場合は?")
    '「捨て」→「墓地へ送っ」; 「？」→「?」'
    """
    from toolkit.wiki import clean_markup

    a, b = (clean_markup(text).replace("\n", "") for text in (old, new))  # a line break is no difference
    parts = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            parts.append(f"「{shorten(a[i1:i2], width)}」→「{shorten(b[j1:j2], width)}」")
    more = f"; and {len(parts) - most} more" if len(parts) > most else ""
    return "; ".join(parts[:most]) + more


# --------------------------------------------------------------------------
# The page's card
# --------------------------------------------------------------------------

_TITLE_CARD = re.compile(r"^《([^《》]+)》$")
_ANCHOR = re.compile(r"\[#[^\]\s\[]*\]")
"""A heading's anchor ``[#id]`` (no ``[`` inside: from each ``[#`` the scan stops at the next one)."""


def page_title_card(text: str) -> str | None:
    """The card a page is about, read from its title: the first line that is not
    blank, without heading marks, anchor and links — a name in 《》, or a card
    of the shipped cards table.

    >>> page_title_card("*[[《ヒステリック・サイン》]] [#top]\\nＱ：…"), page_title_card("ヒステリック・サイン\\n…")
    ('ヒステリック・サイン', 'ヒステリック・サイン')
    >>> page_title_card("エンドフェイズ\\n…") is None
    True
    """
    from toolkit.wiki import clean_markup, source_lines
    from toolkit.wiki.lines import MAX_LINE_CHARS, looks_flattened

    body = text.removeprefix("\ufeff")
    lines = ([line.text for line in source_lines(body)[0]] if looks_flattened(body)
             else (line[:MAX_LINE_CHARS] for line in body.split("\n")))  # (only the first lines are read)
    for line in lines:
        title = _ANCHOR.sub("", line).strip().lstrip("*").strip()
        if not title:
            continue
        title = clean_markup(title).strip()
        match = _TITLE_CARD.match(title)
        if match:
            return match.group(1).strip()
        known = _card_names().get(unicodedata.normalize("NFKC", title))
        return known
    return None


@lru_cache(maxsize=1)
def _card_names() -> Mapping[str, str]:
    from toolkit.data.reading import load_cards

    cards = load_cards()
    return {unicodedata.normalize("NFKC", str(n)): str(n) for n in cards["name_ja"]}


def _with_page_card(cards: tuple[str, ...], question: str, answer: str, page_card: str | None) -> list[str]:
    if page_card and page_card not in cards and (not cards or THIS_CARD in question or THIS_CARD in answer):
        return [page_card, *cards]
    return list(cards)


# --------------------------------------------------------------------------
# The import
# --------------------------------------------------------------------------


def _check_arguments(text: Any, source: Any, page_card: Any, revision: Any, game: Any) -> None:
    if not isinstance(text, str):
        raise WikiParseError(f"page: expected the page's text, not {kind_of(text)}")
    if not isinstance(source, str) or not source.strip():
        raise WikiParseError("source: give the URL (or the file name) of the page")
    if page_card is not None and (not isinstance(page_card, str) or not page_card.strip()):
        raise WikiParseError(f"page_card: the name of the page's card, not {kind_of(page_card)}")
    for name, given in (("source", source), ("page_card", page_card or "")):  # (written into every row and report)
        bad = next((c for c in given if unicodedata.category(c) in ("Cc", "Cf")), None)
        if bad is not None or (name == "page_card" and len(given) > 200):
            why = (f"holds a control character (U+{ord(bad):04X}); write it without" if bad
                   else "is too long for a card's name; give the card's name alone")
            raise WikiParseError(f"{name}: {quoted(given)} {why}")
    if revision not in ("new", "old"):
        raise WikiParseError(f"revision: new or old (the revision of a diff page to read), not {quoted(revision)}")
    if game is not None and game not in GAMES:
        raise WikiParseError(f"game: unknown game {quoted(game)} (known: {', '.join(GAMES)})")
    if not text.strip():
        raise WikiParseError(f"{source}: the page is empty")


_DM_MARK = re.compile(r"^[ \t\u3000]*(?:/{2,3}[ \t\u3000]*)?(?:>+ ?)?[QＱ][.．]", re.MULTILINE)
_OCG_MARK = re.compile(r"^[ \t\u3000]*(?:/{2,3}[ \t\u3000]*)?(?:>+ ?)?[QＱ][:：]", re.MULTILINE)
# (each run of spaces is read by one quantifier only: two in a row backtrack quadratically over a long run)


def _duel_masters_marks(text: str) -> bool:
    """The Duel Masters wiki marks its official Q&A ``Q.``/``A.``; the OCG wiki ``Ｑ：``/``Ａ：``.

    >>> _duel_masters_marks(">Q.《X》は?\\n>A.はい。"), _duel_masters_marks("Ｑ：x?~\\nＡ：はい。")
    (True, False)
    """
    return bool(_DM_MARK.search(text)) and not _OCG_MARK.search(text)


@dataclass(frozen=True)
class _Item:
    """An entry or a dated prose bullet of the page, as the importer reads it."""

    line: int
    kind: str
    question: str | None
    answer: str | None
    date: pd.Timestamp | None
    cards: tuple[str, ...]
    hidden: bool = False
    notes: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    incomplete: bool = False
    anchor: str | None = None
    section: str | None = None


def _items(read: Any, warnings: list[str], skipped: list[int]) -> list[_Item]:
    items = [_Item(e.line, "faq", e.question_ja or None, e.answer_ja or None,
                   pd.Timestamp(e.date) if e.date is not None else None, e.cards, e.hidden, e.notes, e.rules,
                   e.possibly_incomplete, e.anchor, e.section) for e in read.entries]
    for p in read.prose:
        if p.warning:
            warnings.append(f"line {p.line}: {p.warning}")
            skipped.append(p.line)
            continue
        items.append(_Item(p.line, "prose_ruling", None, p.text, pd.Timestamp(p.date), p.cards,
                           anchor=p.anchor, section=p.section))
    return sorted(items, key=lambda i: i.line)


def _warnings_by_item(items: list[_Item], warnings: list[str], skipped: set[int]) -> dict[int, list[str]]:
    """Each warning naming a line inside an item (from its first line to the next item's), by the item's line."""
    starts = [i.line for i in items]
    out: dict[int, list[str]] = {}
    for warning in warnings:
        match = re.match(r"line (\d+):", warning)
        if not match or int(match[1]) in skipped:
            continue
        at = bisect.bisect_right(starts, int(match[1])) - 1
        if at >= 0:
            out.setdefault(starts[at], []).append(warning)
    return out


def _twice(identity: RulingIdentity, hidden: bool) -> tuple[Any, ...]:
    """What makes two rows the same row: the ruling's identity, its answer and whether it is hidden."""
    return (*identity_key(identity), normalised_text(identity.text), bool(hidden))


def _remember(rows: Any, label: str, seen: dict[tuple[Any, ...], tuple[str, str]], assigner: IdAssigner) -> None:
    """Rows already held (``existing``): a ruling they have is not added again, and no new id is one of theirs."""
    if not isinstance(rows, pd.DataFrame) or not {"ruling_id", "date", "cards", "question_ja", "answer_ja",
                                                  "hidden_in_source"} <= set(rows.columns):
        raise WikiParseError(f"existing: rulings rows (a DataFrame as import_page returns), not {kind_of(rows)}")
    for rid, day, cards, question, answer, hidden in zip(rows["ruling_id"], rows["date"], rows["cards"],
                                                         rows["question_ja"], rows["answer_ja"],
                                                         rows["hidden_in_source"]):
        identity = RulingIdentity(None if is_na(day) else day, list(cards) if isinstance(cards, (list, tuple)) else [],
                                  None if is_na(question) else str(question), None if is_na(answer) else str(answer))
        seen.setdefault(_twice(identity, bool(hidden)), (str(rid), label))
        assigner.used.add(str(rid))


class PageImporter:
    """Imports pages one after another as one table (what ``endphase import PAGE...`` does): one id
    assigner and one memory of the rulings seen, so that a ruling of an earlier page (or of the rows
    ``existing`` holds) is reported as repeated, naming where it was first, and no id is given twice.
    Work grows with the rows imported, not with pages × rows.

    >>> importer = PageImporter()
    >>> a = importer.page("Ｑ：《サイクロン》は発動できますか？~\\nＡ：はい。(16/07/08)", source="a.txt")
    >>> b = importer.page("Ｑ：《サイクロン》にチェーンできますか？~\\nＡ：いいえ。(16/07/08)\\n"
    ...                   "Ｑ：《サイクロン》は発動できますか？~\\nＡ：はい。(16/07/08)", source="b.txt")
    >>> a.rows["ruling_id"].tolist(), b.rows["ruling_id"].tolist()
    (['user-160708-mystical-space'], ['user-160708-mystical-space-hldn'])
    >>> print(b.report.lines()[-1])
    line 3: the same ruling as user-160708-mystical-space of a.txt; imported once
    """

    def __init__(self, existing: pd.DataFrame | None = None, *, label: str = "the existing rows") -> None:
        self._seen: dict[tuple[Any, ...], tuple[str, str]] = {}
        self._assigner = IdAssigner()
        if existing is not None:
            self.remember(existing, label=label)

    def remember(self, rows: pd.DataFrame, *, label: str = "the existing rows") -> None:
        """Rows already held (a file of rulings imported before, named ``label`` in the report)."""
        _remember(rows, label, self._seen, self._assigner)

    def page(self, text: str, *, source: str | None = None, page_card: str | None = None,
             revision: Literal["new", "old"] = "new", game: str | None = None) -> PageImport:
        """One more page, as :func:`import_page` reads it."""
        return _import(text, source, page_card, revision, game, self._seen, self._assigner)


def import_page(text: str, *, source: str | None = None, page_card: str | None = None,
                revision: Literal["new", "old"] = "new", game: str | None = None,
                existing: pd.DataFrame | None = None) -> PageImport:
    """The rulings of a saved wiki page (any form) and the report of every entry.

    ``source`` names the page (its URL, cited by each row with the section's
    anchor); ``page_card`` the card the page is about (default: read from the
    title); ``revision`` which revision of a diff view to read; ``game`` ocg
    or duel_masters (default: duel_masters for a dmwiki.net source or a page
    marking its entries ``Q.``/``A.`` as the Duel Masters wiki does, else ocg). Returns
    ``(rows, report)``: rows typed as :func:`toolkit.load_rulings` returns them,
    ready for ``load_rulings(extra=rows)`` or :func:`save_rulings`. Raises
    :class:`~toolkit.errors.WikiParseError` only for arguments it cannot use
    (text that is not a page, an empty page, no source).

    ``existing``: rulings rows the new ones will join (your own file, or the
    rows of pages imported before): a ruling they have is reported as
    repeated and not added, and a new id is never one of theirs. Without it,
    pages imported in separate calls can give two different rulings the same
    id; :class:`PageImporter` imports several pages as one table.
    """
    return PageImporter(existing).page(text, source=source, page_card=page_card, revision=revision, game=game)


def _import(text: str, source: str | None, page_card: str | None, revision: Literal["new", "old"], game: str | None,
            seen: dict[tuple[Any, ...], tuple[str, str]], assigner: IdAssigner) -> PageImport:
    from toolkit.wiki import read_page
    from toolkit.wiki.lines import page_text
    from toolkit.wiki.verdicts import read_verdict

    _check_arguments(text, source, page_card, revision, game)
    assert isinstance(source, str)
    text = page_text(text)  # (the title and the marks are read from the same lines as the entries)
    label = source.strip()
    game = game or ("duel_masters" if "dmwiki" in label or _duel_masters_marks(text) else "ocg")
    read = read_page(text, source=label, revision=revision)
    card = page_card.strip() if page_card else page_title_card(text)
    warnings = list(read.warnings)
    skipped = list(read.skipped)
    items = _items(read, warnings, skipped)
    outcomes: list[EntryReport] = [EntryReport(n, "not imported", None, "") for n in skipped]
    by_item = _warnings_by_item(items, warnings, set(skipped))
    rows: list[dict[str, Any]] = []
    for item in items:
        question, answer = item.question, item.answer
        if not (question or item.kind == "prose_ruling") or not (answer or item.incomplete):
            missing = "question" if not question else "answer"
            warnings.append(f"line {item.line}: the entry lacks its {missing}; not imported")
            outcomes.append(EntryReport(item.line, "not imported", None, shorten(question or "", 40), item.hidden,
                                        item.incomplete))
            continue
        cards = tuple(_with_page_card(item.cards, question or "", answer or "", card))
        identity = RulingIdentity(item.date, cards, question, answer)
        key = identity_key(identity)
        verdict = read_verdict(answer or "", question) if answer else None
        report = EntryReport(item.line, "imported", None, shorten(question or answer or "", 40), item.hidden,
                             item.incomplete, verdict.verdict if verdict else "unknown",
                             verdict.words if verdict else "", kind=item.kind)
        same = _same_shipped(key, question)
        if same is not None:
            outcomes.append(replace(report, outcome="already shipped", same_as=same[0], difference=same[1]))
            continue
        twice = _twice(identity, item.hidden)
        if twice in seen:
            first, where = seen[twice]
            outcomes.append(replace(report, outcome="repeated", ruling_id=first, same_as=first,
                                    same_page=where if where != label else None))
            continue
        rid = assigner.next(identity, f"{normalised_text(answer)}\n{item.hidden}")
        seen[twice] = (rid, label)
        outcomes.append(replace(report, ruling_id=rid))
        rows.append({
            "ruling_id": rid, "game": game, "kind": item.kind, "date": item.date,
            "date_precision": "day" if item.date is not None else "none", "cards": list(cards),
            "question_ja": question, "answer_ja": answer, "verdict": report.verdict,
            "status": "current", "hidden_in_source": item.hidden,
            "source": cite(label, item.anchor, item.section), "source_file": [],
            "possibly_incomplete": item.incomplete, "quoted_passage": "\n".join(item.rules) or None,
            "editors_notes": "\n".join(n for n in item.notes if n) or None, "page_card": card,
            "import_warnings": "\n".join(by_item.get(item.line, ())) or None,
        })
    if not items and not skipped:
        warnings.append(f"{label}: no question or answer found on the page (an entry is Ｑ：question then "
                        "Ａ：answer, or Q./A.)")
    frame = _typed_rows(rows, outcomes, warnings)
    ordered = tuple(sorted(outcomes, key=lambda e: e.line))
    return PageImport(frame, ImportReport(label, ordered, tuple(warnings), card, read.diff, revision))


def _typed_rows(rows: list[dict[str, Any]], outcomes: list[EntryReport], warnings: list[str]) -> pd.DataFrame:
    """The rows typed as the shipped table; a row the table refuses (a date out of
    its range, say) is a warning: imported undated when only its date is refused,
    else not imported."""
    from toolkit.data.problems import DatasetValidationError

    lines = {str(e.ruling_id): e.line for e in outcomes if e.outcome == "imported"}
    for _ in range(2):
        if not rows:
            return _empty()
        try:
            return typed(pd.DataFrame(rows, columns=RULINGS_SCHEMA.names))
        except DatasetValidationError as exc:
            refused: dict[int, list[Any]] = {}
            for problem in exc.problems:
                if problem.row is not None and 1 <= problem.row <= len(rows):
                    refused.setdefault(problem.row - 1, []).append(problem)
            if not refused:
                raise
            keep = []
            for index, row in enumerate(rows):
                problems = refused.get(index)
                line = lines.get(str(row["ruling_id"]), 0)
                if not problems:
                    keep.append(row)
                elif all(p.column in ("date", "date_precision") for p in problems):
                    warnings.append(f"line {line}: {problems[0].message}; imported undated")
                    keep.append({**row, "date": None, "date_precision": "none"})
                else:
                    warnings.append(f"line {line}: {'; '.join(p.message for p in problems)}; not imported")
                    _mark_not_imported(outcomes, str(row["ruling_id"]))
            rows = keep
    return typed(pd.DataFrame(rows, columns=RULINGS_SCHEMA.names))


def _mark_not_imported(outcomes: list[EntryReport], rid: str) -> None:
    for i, e in enumerate(outcomes):
        if e.ruling_id == rid and e.outcome == "imported":
            outcomes[i] = EntryReport(**{**e.__dict__, "outcome": "not imported"})


def _empty() -> pd.DataFrame:
    return pd.DataFrame({c.name: pd.Series([], dtype=c.dtype) for c in RULINGS_SCHEMA.columns})


# --------------------------------------------------------------------------
# Writing the rows
# --------------------------------------------------------------------------


def rulings_text(rows: pd.DataFrame, form: Literal["csv", "yaml"] = "csv") -> str:
    """Rulings rows (as :func:`import_page` or :func:`toolkit.rulings_from_faq`
    return them) as the text of a ``.csv`` or ``.yaml`` rulings file, which
    ``load_rulings(extra=...)`` reads back as the same rows; empty cells are left
    out of YAML."""
    columns = [c for c in rows.columns if str(c) in RULINGS_SCHEMA.names or str(c) == "supersedes"]
    if form == "yaml":
        import yaml

        records = []
        for record in rows[columns].to_dict("records"):
            item: dict[str, Any] = {}
            for key, value in record.items():
                if isinstance(value, (list, tuple)):
                    if value:
                        item[str(key)] = [str(v) for v in value]
                elif not is_na(value):
                    item[str(key)] = format_value(value)
            records.append(item)
        return str(yaml.dump(records, Dumper=_rulings_dumper(), allow_unicode=True, sort_keys=False, width=1000))
    return csv_lines([columns, *([format_value(v) for v in values]
                                 for values in rows[columns].itertuples(index=False, name=None))])


@lru_cache(maxsize=1)
def _rulings_dumper() -> type[Any]:
    """A safe dumper whose strings read back as written (:mod:`toolkit.files.yaml_writing`)."""
    import yaml

    from toolkit.files.yaml_writing import keep_line_separators

    class Dumper(yaml.SafeDumper):
        pass

    keep_line_separators(Dumper)
    return Dumper


def save_rulings(rows: pd.DataFrame, path: str | os.PathLike[str], *, overwrite: bool = True) -> str:
    """Write rulings rows to ``path``: YAML for a ``.yaml``/``.yml`` name, else CSV
    (:func:`rulings_text`); returns the text written.

    >>> import tempfile, pathlib
    >>> rows, _ = import_page("Ｑ：《ヒステリック・サイン》は？~\\nＡ：いいえ。(24/01/05)", source="https://example.org")
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "mine.yaml"
    >>> _ = save_rulings(rows, path)
    >>> from toolkit.data.reading import load_rulings
    >>> load_rulings(extra=path).iloc[-1]["ruling_id"] == rows.iloc[0]["ruling_id"]
    True
    """
    from toolkit.files import write_text
    from toolkit.resources import in_packaged_datasets

    name = os.fspath(path)
    if in_packaged_datasets(Path(name).expanduser()):  # (a link to it too)
        raise FileError("refusing to write into the packaged datasets folder; save your rulings elsewhere", file=name)
    rows = scenarios_relative_to(rows, Path(name).expanduser().parent)
    text = rulings_text(rows, "yaml" if name.lower().endswith((".yaml", ".yml")) else "csv")
    write_text(name, text, overwrite=overwrite)
    return text


def scenarios_relative_to(rows: pd.DataFrame, folder: Path) -> pd.DataFrame:
    """``rows`` with each scenario file (read from a rulings file, so held as a
    full path) written relative to ``folder``, where the saved file goes: a path
    in a rulings file is read from that file's folder. A scenario in a folder
    beside it is written with ``..`` (read back with ``allow_outside=True``);
    shipped names are kept.

    >>> rows = pd.DataFrame({"scenario": [["/a/b/sign.yaml", "lyla_veiler_2011"], []]})
    >>> scenarios_relative_to(rows, Path("/a/b"))["scenario"].tolist()
    [['sign.yaml', 'lyla_veiler_2011'], []]
    >>> scenarios_relative_to(rows, Path("/a/c"))["scenario"].tolist()[0][0]
    '../b/sign.yaml'
    """
    if "scenario" not in rows.columns:
        return rows
    home = os.path.realpath(folder)

    def relative(item: object) -> object:
        if not isinstance(item, str) or not Path(item).is_absolute():
            return item
        try:
            return Path(os.path.relpath(item, home)).as_posix()
        except ValueError:  # another drive (Windows): only the full path names it
            return item

    def each(value: object) -> object:
        if isinstance(value, (list, tuple)):
            return [relative(v) for v in value]
        return relative(value)

    out = rows.copy()
    out["scenario"] = pd.Series([each(v) for v in rows["scenario"]], index=rows.index, dtype=object)
    return out
