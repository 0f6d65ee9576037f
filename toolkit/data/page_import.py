"""A saved wiki page, in any form, as rulings rows and a report of every entry.

:func:`import_page` reads a page as :func:`toolkit.wiki.read_page` does (source
markup or a rendered copy, full-width or ASCII marks, ``//`` hidden entries,
Duel Masters ``Q.``/``A.`` and ``>`` quotes, diff views) and never loses the
page: a problem in one entry is a warning naming its line, the other entries
are imported. Each entry ends up in exactly one place of the report:

* **imported** — a row of the table (``hidden`` and ``incomplete`` name
  those of them the editors commented out, or that the page may have been
  cut inside);
* **already shipped** — the toolkit's own table has it (same date, same
  cards, the same question once markup, character width, spaces and
  punctuation are set aside): reported with the shipped id, not added;
* **repeated** — the page has it twice: imported once;
* **not imported** — no question or no answer could be read (a warning says
  which line and why).

The page's own card (``page_card=``, or the page's title when it is a card
name: a first line 《card》 or a card of the cards table) is added to every
ruling that says 「このカード」 or names no card. Each row's ``verdict`` is
read by the rules of :mod:`toolkit.wiki.verdicts` (``unknown`` when none
applies); ``status_note`` keeps the editors' notes, a rules passage quoted
after the answer and the words "possibly incomplete" for an entry the page may
have been cut inside.

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
https://example.org/sign: 2 entries — 2 imported (0 hidden, 1 possibly incomplete), 0 already shipped, 0 repeated, 0 not imported
line 4: possibly incomplete (the page may have been cut inside this entry)
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, NamedTuple, TypeAlias

import pandas as pd

from toolkit.data.faq import _cite, _typed, ruling_id_for
from toolkit.data.frames import kind_of
from toolkit.data.parsing import format_value, is_na
from toolkit.data.schema import GAMES, RULINGS_SCHEMA
from toolkit.errors import WikiParseError, quoted

Outcome: TypeAlias = Literal["imported", "already shipped", "repeated", "not imported"]

THIS_CARD = "このカード"
"""How a card's page names its own card."""
INCOMPLETE_NOTE = "possibly incomplete: the page may have been cut inside this entry"


@dataclass(frozen=True)
class EntryReport:
    """What became of one entry of the page."""

    line: int
    outcome: Outcome
    ruling_id: str | None
    question: str
    hidden: bool = False
    possibly_incomplete: bool = False
    verdict: str | None = None
    verdict_words: str = ""
    same_as: str | None = None
    """The shipped ruling (already shipped) or the earlier entry's ruling (repeated) it equals."""


@dataclass(frozen=True)
class ImportReport:
    """The import of one page: every entry's outcome, and the warnings (each naming its line)."""

    source: str
    entries: tuple[EntryReport, ...]
    warnings: tuple[str, ...]
    page_card: str | None = None
    diff: bool = False
    revision: str = "new"

    def _with(self, outcome: Outcome) -> list[EntryReport]:
        return [e for e in self.entries if e.outcome == outcome]

    @property
    def imported(self) -> list[str]:
        """The ids of the rows added."""
        return [str(e.ruling_id) for e in self._with("imported")]

    @property
    def hidden(self) -> list[str]:
        return [str(e.ruling_id) for e in self._with("imported") if e.hidden]

    @property
    def incomplete(self) -> list[int]:
        """The lines of the entries the page may have been cut inside (imported or not)."""
        return [e.line for e in self.entries if e.possibly_incomplete]

    @property
    def duplicates(self) -> list[tuple[int, str]]:
        """(line, shipped id) of each entry the shipped table already has."""
        return [(e.line, str(e.same_as)) for e in self._with("already shipped")]

    @property
    def repeated(self) -> list[tuple[int, str]]:
        return [(e.line, str(e.same_as)) for e in self._with("repeated")]

    @property
    def not_imported(self) -> list[int]:
        return [e.line for e in self._with("not imported")]

    @property
    def unknown_verdicts(self) -> list[str]:
        return [str(e.ruling_id) for e in self._with("imported") if e.verdict == "unknown"]

    def frame(self) -> pd.DataFrame:
        """One row per entry: line, outcome, ruling_id, same_as, hidden, possibly_incomplete, verdict, verdict_words, question."""
        names = ("line", "outcome", "ruling_id", "same_as", "hidden", "possibly_incomplete", "verdict",
                 "verdict_words", "question")
        return pd.DataFrame([[getattr(e, n) for n in names] for e in self.entries], columns=list(names))

    def lines(self) -> list[str]:
        """The report as a reader reads it: a summary, then one line per thing to look at."""
        n = len(self.entries)
        head = (f"{self.source}: {n} {'entry' if n == 1 else 'entries'} — {len(self.imported)} imported "
                f"({len(self.hidden)} hidden, {sum(e.possibly_incomplete for e in self._with('imported'))} "
                f"possibly incomplete), {len(self.duplicates)} already shipped, {len(self.repeated)} repeated, "
                f"{len(self.not_imported)} not imported")
        unknown = len(self.unknown_verdicts)
        if unknown:
            head += f"; {unknown} verdict{'s' if unknown != 1 else ''} unknown"
        if self.diff:
            head += f" (the {self.revision} revision of a diff)"
        out = [head]
        events: list[tuple[int, str]] = [(int(w.split(":", 1)[0].split()[-1]) if w.startswith("line ") else 0, w)
                                         for w in self.warnings]
        for e in self.entries:
            if e.outcome == "already shipped":
                events.append((e.line, f"line {e.line}: already shipped as {e.same_as}; not added"))
            elif e.outcome == "repeated":
                events.append((e.line, f"line {e.line}: the same ruling as {e.same_as} above; imported once"))
            if e.possibly_incomplete:
                events.append((e.line, f"line {e.line}: possibly incomplete (the page may have been cut inside "
                                       "this entry)"))
        out += [text for _, text in sorted(events, key=lambda item: item[0])]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


class PageImport(NamedTuple):
    """What :func:`import_page` returns: the rows to add, and the report."""

    rows: pd.DataFrame
    report: ImportReport


# --------------------------------------------------------------------------
# Identity: the same ruling as a shipped one
# --------------------------------------------------------------------------


def normalised_question(text: str | None) -> str:
    """A question with its markup, character width, spaces and punctuation set aside.

    >>> normalised_question("[[手札]]調整で《ＴＧ ストライカー》を、捨てた?") == normalised_question("手札調整で《TG ストライカー》を捨てた？")
    True
    """
    from toolkit.wiki import clean_markup

    folded = unicodedata.normalize("NFKC", clean_markup(text or ""))
    return "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LNM")


def _card_key(cards: Any) -> frozenset[str]:
    items = cards if isinstance(cards, (list, tuple)) else []
    return frozenset(unicodedata.normalize("NFKC", str(c)).replace(" ", "") for c in items)


def _ruling_key(date: Any, cards: Any, question: Any) -> tuple[str, frozenset[str], str]:
    day = "" if date is None or is_na(date) else pd.Timestamp(date).date().isoformat()
    return day, _card_key(cards), normalised_question(None if is_na(question) else str(question))


@lru_cache(maxsize=1)
def _shipped_index() -> Mapping[tuple[str, frozenset[str], str], str]:
    from toolkit.data.reading import load_rulings

    table = load_rulings()
    return {_ruling_key(d, c, q): str(r) for r, d, c, q in
            zip(table["ruling_id"], table["date"], table["cards"], table["question_ja"])}


# --------------------------------------------------------------------------
# The page's card
# --------------------------------------------------------------------------

_TITLE_CARD = re.compile(r"^《([^《》]+)》$")


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

    for line in source_lines(text.removeprefix("\ufeff"))[0]:
        title = re.sub(r"\[#[^\]\s]*\]", "", line.text).strip().lstrip("*").strip()
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
    if revision not in ("new", "old"):
        raise WikiParseError(f"revision: new or old (the revision of a diff page to read), not {quoted(revision)}")
    if game is not None and game not in GAMES:
        raise WikiParseError(f"game: unknown game {quoted(game)} (known: {', '.join(GAMES)})")
    if not text.strip():
        raise WikiParseError(f"{source}: the page is empty")


_DM_MARK = re.compile(r"^[ \t\u3000]*(?:/{2,3})?[ \t\u3000]*(?:>+ ?)?[QＱ][.．]", re.MULTILINE)
_OCG_MARK = re.compile(r"^[ \t\u3000]*(?:/{2,3})?[ \t\u3000]*(?:>+ ?)?[QＱ][:：]", re.MULTILINE)


def _duel_masters_marks(text: str) -> bool:
    """The Duel Masters wiki marks its official Q&A ``Q.``/``A.``; the OCG wiki ``Ｑ：``/``Ａ：``.

    >>> _duel_masters_marks(">Q.《X》は?\\n>A.はい。"), _duel_masters_marks("Ｑ：x?~\\nＡ：はい。")
    (True, False)
    """
    return bool(_DM_MARK.search(text)) and not _OCG_MARK.search(text)


def _status_note(entry: Any) -> str | None:
    parts = [INCOMPLETE_NOTE] if entry.possibly_incomplete else []
    parts += [f"editors' note: {n}" for n in entry.notes]
    if entry.rules:
        parts.append("rules quoted after the answer: " + " ".join(entry.rules))
    return " / ".join(parts) or None


def import_page(text: str, *, source: str | None = None, page_card: str | None = None,
                revision: Literal["new", "old"] = "new", game: str | None = None) -> PageImport:
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
    """
    from toolkit.wiki import read_page
    from toolkit.wiki.verdicts import read_verdict

    _check_arguments(text, source, page_card, revision, game)
    assert isinstance(source, str)
    label = source.strip()
    game = game or ("duel_masters" if "dmwiki" in label or _duel_masters_marks(text) else "ocg")
    read = read_page(text, source=label, revision=revision)
    card = page_card.strip() if page_card else page_title_card(text)
    warnings = list(read.warnings)
    outcomes: list[EntryReport] = [EntryReport(n, "not imported", None, "") for n in read.skipped]
    rows: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    shipped = _shipped_index()
    for entry in read.entries:
        question = entry.question_ja
        if not question or not entry.answer_ja:
            missing = "its answer" if question else "its question"
            warnings.append(f"line {entry.line}: the entry has no {missing.split()[-1]} (the page ends inside it); "
                            f"listed here, not imported (a ruling needs its question and its answer)"
                            if entry.possibly_incomplete else f"line {entry.line}: the entry lacks {missing}; "
                            "not imported")
            outcomes.append(EntryReport(entry.line, "not imported", None, question[:40], entry.hidden,
                                        entry.possibly_incomplete))
            continue
        date = pd.Timestamp(entry.date) if entry.date is not None else None
        cards = _with_page_card(entry.cards, question, entry.answer_ja, card)
        verdict = read_verdict(entry.answer_ja, question)
        rid = ruling_id_for(question, entry.answer_ja, date, entry.hidden)
        report = EntryReport(entry.line, "imported", rid, question[:40], entry.hidden, entry.possibly_incomplete,
                             verdict.verdict, verdict.words)
        shipped_id = shipped.get(_ruling_key(date, cards, question))
        if shipped_id is not None:
            outcomes.append(EntryReport(**{**report.__dict__, "outcome": "already shipped", "same_as": shipped_id}))
            continue
        if rid in seen:
            outcomes.append(EntryReport(**{**report.__dict__, "outcome": "repeated", "same_as": rid}))
            continue
        seen[rid] = rid
        outcomes.append(report)
        rows.append({
            "ruling_id": rid, "game": game, "kind": "faq", "date": date,
            "date_precision": "day" if date is not None else "none", "cards": cards,
            "question_ja": question, "answer_ja": entry.answer_ja, "verdict": verdict.verdict,
            "status": "current", "status_note": _status_note(entry), "hidden_in_source": entry.hidden,
            "source": _cite(label, entry.anchor, entry.section), "source_file": [],
        })
    if not read.entries and not read.skipped:
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
            return _typed(pd.DataFrame(rows, columns=RULINGS_SCHEMA.names))
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
    return _typed(pd.DataFrame(rows, columns=RULINGS_SCHEMA.names))


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
        return str(yaml.safe_dump(records, allow_unicode=True, sort_keys=False, width=1000))
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for values in rows[columns].itertuples(index=False, name=None):
        writer.writerow([format_value(v) for v in values])
    return out.getvalue()


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

    name = os.fspath(path)
    text = rulings_text(rows, "yaml" if name.lower().endswith((".yaml", ".yml")) else "csv")
    write_text(name, text, overwrite=overwrite)
    return text
