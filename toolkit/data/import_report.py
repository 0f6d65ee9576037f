"""The report of a page's import: what became of each entry (:func:`toolkit.import_page`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeAlias

import pandas as pd

Outcome: TypeAlias = Literal["imported", "already shipped", "repeated", "not imported"]

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
    same_page: str | None = None
    """For a repeated entry whose first copy came from another page (or from the rows held before): that page."""
    difference: str = ""
    """For a reworded copy of a shipped ruling: how its question differs from the shipped one's."""
    kind: str = "faq"
    """faq (a Q/A entry) or prose_ruling (a dated bullet of the page's prose)."""


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

    @property
    def prose(self) -> list[str]:
        """The ids of the rows added from dated prose bullets."""
        return [str(e.ruling_id) for e in self._with("imported") if e.kind == "prose_ruling"]

    def frame(self) -> pd.DataFrame:
        """One row per entry: line, kind, outcome, ruling_id, same_as, difference, hidden, possibly_incomplete,
        verdict, verdict_words, question."""
        names = ("line", "kind", "outcome", "ruling_id", "same_as", "difference", "hidden", "possibly_incomplete",
                 "verdict", "verdict_words", "question")
        return pd.DataFrame([[getattr(e, n) for n in names] for e in self.entries], columns=list(names))

    def lines(self) -> list[str]:
        """The report as a reader reads it: a summary, then one line per thing to look at."""
        n = len(self.entries)
        head = (f"{self.source}: {n} {'entry' if n == 1 else 'entries'} — {len(self.imported)} imported "
                f"({len(self.hidden)} hidden, {sum(e.possibly_incomplete for e in self._with('imported'))} "
                f"possibly incomplete, {len(self.prose)} from prose), {len(self.duplicates)} already shipped, {len(self.repeated)} repeated, "
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
            if e.outcome == "already shipped" and e.difference:
                events.append((e.line, f"line {e.line}: a reworded copy of {e.same_as}, already shipped; not added "
                                       f"(the question differs: {e.difference})"))
            elif e.outcome == "already shipped":
                events.append((e.line, f"line {e.line}: already shipped as {e.same_as}; not added"))
            elif e.outcome == "repeated":
                of = f" of {e.same_page}" if e.same_page else ""
                events.append((e.line, f"line {e.line}: the same ruling as {e.same_as}{of}; imported once"))
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
