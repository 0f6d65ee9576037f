"""Where a ruling's text stands: a seed's (YY/MM/DD) dates, excerpts found in order, the place a
quote was found, and the places (citations and seed files) a row cites."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from rulings_build.vocabulary import LIST_SEPARATOR


@dataclass(frozen=True)
class Found:
    """Where a quote was found: its text, the citation of its place, the seed
    file, and visibility."""

    question: str | None
    answer: str
    label: str
    hidden: bool
    when: date | None
    file: str = ""


def yy_date(text: str | None) -> date | None:
    """``"13/03/27"`` -> 2013-03-27 (the seeds' YY/MM/DD; YY >= 90 is 19YY)."""
    if text is None:
        return None
    yy, mm, dd = (int(x) for x in str(text).split("/"))
    return date(yy + (1900 if yy >= 90 else 2000), mm, dd)


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def in_order(parts: Sequence[str], text: str) -> bool:
    """Every excerpt of ``parts`` occurs in ``text``, each after the one before."""
    at = 0
    for part in parts:
        found = text.find(part, at)
        if found < 0:
            return False
        at = found + len(part)
    return True


@dataclass
class Sources:
    """The places a ruling is read, in order: citations (the first one cites
    where it stands, the others follow "also") and the seed files."""

    citations: list[str]
    files: list[str]

    def __init__(self, citations: Sequence[str] = (), files: Sequence[str] = ()) -> None:
        self.citations = list(citations)
        self.files = list(files)

    @classmethod
    def of(cls, row: Mapping[str, str]) -> Sources:
        cited = [c.removeprefix("also ") for c in row["source"].split("; ")]
        return cls(cited, [f for f in row["source_file"].split(LIST_SEPARATOR) if f])

    def add(self, cited: str, file: str) -> None:
        """Add a place; a whole page already cited by one of its sections adds only its file."""
        url = cited.split(" ", 1)[0]
        pages = {c.split(" ", 1)[0].split("#", 1)[0] for c in self.citations}
        if cited not in self.citations and not ("#" not in url and url in pages):
            self.citations.append(cited)
        if file and file not in self.files:
            self.files.append(file)

    def text(self) -> str:
        return "; ".join(c if i == 0 else f"also {c}" for i, c in enumerate(self.citations))
