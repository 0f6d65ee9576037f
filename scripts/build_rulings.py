"""Build datasets/rulings.csv from the seed pages and the hand-curated annotations.

The seeds are read with :mod:`toolkit.wiki` wherever they carry markup: the
Ｑ/Ａ entries of 000 (End Phase page) and 002 (Phase page) come from
``parse_faq``; the plain-text copy 001 is read with ``parse_plain`` and only
confirms rulings of 000 (``; also 001_…`` in ``source``). What no parser can
know — ids, topics the headings do not give, our English summaries, verdicts,
history — is in ``scripts/ruling_annotations.yaml``, along with the rulings
that live in page prose, quoted exactly and checked against the seeds, and the
machine form of each End Phase ruling: the scenario(s) it is checked on, the
ruleset an undated ruling describes, the check (a query in the language of
:mod:`toolkit.history.checks`, written to the CSV as JSON), the expected answer
and our English reading of the check — or the reason it is not modelled.

The build is deterministic and strict: an annotation that no longer matches
exactly one seed entry, a seed entry that no annotation claims, a quote that
is not in its seed, or a broken history link stops it with the full list of
problems (exit status 2).

Usage::

    python scripts/build_rulings.py            # write datasets/rulings.csv
    python scripts/build_rulings.py --check    # exit 1 if the committed CSV differs
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import sys
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

import yaml

PROJECT_ROOT = Path(__file__).resolve().parent.parent
if str(PROJECT_ROOT) not in sys.path:  # run as a script from a clone
    sys.path.insert(0, str(PROJECT_ROOT))

from toolkit.data.schema import EARLIEST_DATE, latest_date  # noqa: E402
from toolkit.duel_masters.rules import rules_names as dm_rules_names  # noqa: E402
from toolkit.history.checks import CheckError, parse_check, scenarios_named  # noqa: E402
from toolkit.ocg.rulesets import ruleset_names  # noqa: E402
from toolkit.wiki import NO_URL, WIKIS, FaqEntry, card_names, citation, page_lines, parse_faq, parse_plain  # noqa: E402

DEFAULT_SEEDS = Path(os.environ.get("ENDPHASE_SEEDS", PROJECT_ROOT.parent / "shared" / "seeds"))
DEFAULT_ANNOTATIONS = PROJECT_ROOT / "scripts" / "ruling_annotations.yaml"
DEFAULT_OUTPUT = PROJECT_ROOT / "datasets" / "rulings.csv"

WIKI_SEEDS = ("000", "002")
"""Seeds in wiki markup: their Ｑ/Ａ entries are parsed and must all be claimed."""
PLAIN_COPY_SEED = "001"
"""The plain-text copy of part of 000: it only confirms rulings of 000."""
DATED_SEEDS = ("000", "002")
"""Every (YY/MM/DD) written in these seeds must be the date of some row."""
MIN_ROWS = 45

PAGE_IMPORT_COLUMNS = ("possibly_incomplete", "quoted_passage", "editors_notes", "page_card", "import_warnings")
"""What toolkit.import_page reads besides an entry: blank in every shipped row (none is imported from a page)."""
COLUMNS = (
    "ruling_id",
    "game",
    "kind",
    "date",
    "date_precision",
    "date_note",
    "topic",
    "cards",
    "question_ja",
    "answer_ja",
    "summary_en",
    "verdict",
    "status",
    "superseded_by",
    "obsoleted_by_event",
    "status_note",
    "hidden_in_source",
    "source",
    "source_file",
    "scenario",
    "ruleset",
    "check",
    "expected",
    "check_en",
    "not_modelled_reason",
    "vacuous_reason",
    *PAGE_IMPORT_COLUMNS,
)
MACHINE_COLUMNS = ("scenario", "ruleset", "check", "expected", "check_en", "not_modelled_reason", "vacuous_reason")
"""The machine form of a ruling (issue 4): empty for rulings outside its scope."""
EXPECTED_ANSWERS = ("yes", "no", "under_review")
"""under_review: the answer given was 調整中 (verify reports it as such, neither agreeing nor disagreeing)."""
SCENARIOS_DIR = PROJECT_ROOT / "datasets" / "scenarios"
GAMES = ("ocg", "duel_masters")
KINDS = ("faq", "example", "rulebook", "worked_example", "official_qa", "prose_ruling")
TOPICS = (
    "hand_size_adjustment",
    "end_phase_order",
    "end_of_turn",
    "errata_2014",
    "phase_transition",
    "turn_end_step",
)
VERDICTS = ("yes", "no", "conditional", "under_review", "explanation")
STATUSES = ("current", "superseded", "retracted")
EVENTS = (
    "errata-2014-07-10",
    "faq-2017-03-fid8021",
    "rulebook-mr3-v1.0",
    "rulebook-mr3-v1.1",
    "rulebook-v3.0",
    "tcg-time-limit-2018-06-01",
    "grimoire-release",
    "dm-comprehensive-rules-511",
)
"""The event ids datasets/events.csv defines (written by the data layer)."""

RULING_KEYS = {
    "ruling_id",
    "game",
    "kind",
    "topic",
    "entry",
    "quote",
    "also",
    "also_001",
    "cards",
    "summary_en",
    "verdict",
    "status",
    "superseded_by",
    "obsoleted_by_event",
    "status_note",
    "premise",
    "extra_cards",
    *MACHINE_COLUMNS,
}
ENTRY_KEYS = {"seed", "date", "hidden", "question_has", "answer_has"}
QUOTE_KEYS = {"seed", "anchor", "place", "hidden", "date", "question", "answer"}
EXTRA_CARD_KEYS = {"card", "reason", "quote"}
PREMISE_OPENING = "上記の"
"""A question that opens with this refers to the entry above it: it needs a `premise`."""
ID_PATTERN = re.compile(r"(?:ocg-(?:\d{6}|undated)|dm-(?:qa|example))-[a-z0-9]+(?:-[a-z0-9]+)*")
SEED_DATE = re.compile(r"\((\d{2})/(\d{2})/(\d{2})\)")
LIST_SEPARATOR = " | "


class BuildError(Exception):
    """The seeds and the annotations disagree; ``problems`` lists every one."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__(
            f"{len(self.problems)} problem(s) building rulings.csv:\n" + "\n".join(f"- {p}" for p in self.problems)
        )


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


# --------------------------------------------------------------------------
# Reading the inputs
# --------------------------------------------------------------------------


SAFE_LOADER: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader, in C when libyaml is there (the annotations are long: 5x faster)."""


def load_annotations(path: Path) -> dict[str, Any]:
    try:
        with path.open(encoding="utf-8") as handle:
            data = yaml.load(handle, Loader=SAFE_LOADER)  # noqa: S506 - a safe loader (libyaml's when built)
    except (OSError, yaml.YAMLError) as exc:
        raise BuildError([f"{path}: {exc}"]) from None
    if not isinstance(data, dict) or not isinstance(data.get("rulings"), list):
        raise BuildError([f"{path}: expected a mapping with a 'rulings' list"])
    return data


PAGE_KEYS = {"wiki", "page", "heading", "reason"}
UNNAMED_PAGE = NO_URL
"""What ``source`` says of a seed whose copy names no page, instead of a URL (see ``pages`` in the
annotations): why there is none."""


@dataclass
class Seeds:
    files: dict[str, str]
    texts: dict[str, str]
    pages: dict[str, dict[str, str]]

    @classmethod
    def read(cls, folder: Path, files: Mapping[str, str], pages: Mapping[str, Any] | None = None) -> Seeds:
        texts = {}
        missing = []
        for code, name in files.items():
            path = folder / name
            if not path.is_file():
                missing.append(f"seed {code}: {path} not found")
                continue
            texts[code] = path.read_text(encoding="utf-8")
        if missing:
            raise BuildError(missing)
        seeds = cls(dict(files), texts, {})
        seeds.pages = seeds.check_pages(pages or {})
        return seeds

    def check_pages(self, pages: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        """Every seed names the wiki page it copies, and the copy's first
        heading (its first line, in a copy without markup) is that page's;
        a seed whose copy carries no heading gives the ``reason`` instead."""
        problems = []
        out: dict[str, dict[str, str]] = {}
        for code in self.files:
            spec = pages.get(code)
            if not isinstance(spec, dict) or set(spec) - PAGE_KEYS:
                problems.append(f"pages: seed {code} needs a mapping of {sorted(PAGE_KEYS)}")
                continue
            spec = {str(k): str(v) for k, v in spec.items() if v is not None}
            if "page" not in spec:
                if not spec.get("reason"):
                    problems.append(f"pages: seed {code} names no page and gives no reason")
                out[code] = spec
                continue
            if spec.get("wiki") not in WIKIS:
                problems.append(f"pages: seed {code}: wiki must be one of {sorted(WIKIS)}")
            if not spec.get("reason"):  # the page's first heading names it
                heading = spec.get("heading", spec["page"])
                lines = [line.text for line in page_lines(self.texts[code]) if line.text.strip()]
                first = next((t for t in lines if t.startswith("*")), lines[0] if lines else "")
                if heading not in first:
                    problems.append(f"pages: seed {code}: its first heading {first[:40]!r} is not {heading!r}")
            out[code] = spec
        if problems:
            raise BuildError(problems)
        return out

    def cite(self, code: str, anchor: str | None, section: str | None) -> str:
        """The reference a reader can follow: the page's URL with the section
        anchor, then the page name and section."""
        spec = self.pages[code]
        if "page" not in spec:
            return f"{UNNAMED_PAGE} ({section})" if section else UNNAMED_PAGE
        return citation(spec["wiki"], spec["page"], anchor, section)


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


# --------------------------------------------------------------------------
# Matching annotations to seed text
# --------------------------------------------------------------------------


class Builder:
    def __init__(self, seeds: Seeds, annotations: Mapping[str, Any]) -> None:
        self.seeds = seeds
        self.annotations = annotations
        self.problems: list[str] = []
        self.entries: dict[str, list[FaqEntry]] = {
            code: parse_faq(seeds.texts[code], source=seeds.files[code]) for code in WIKI_SEEDS
        }
        self.claimed: dict[tuple[str, int], str] = {}
        self.faq_rows: dict[str, FaqEntry] = {}

    # -- Ｑ/Ａ entries --------------------------------------------------

    def match_entry(self, rid: str, spec: Mapping[str, Any]) -> FaqEntry | None:
        unknown = set(spec) - ENTRY_KEYS
        if unknown:
            self.problems.append(f"{rid}: unknown key(s) in entry: {sorted(unknown)}")
        code = str(spec.get("seed"))
        if code not in self.entries:
            self.problems.append(f"{rid}: entry seed {code!r} is not a wiki seed {WIKI_SEEDS}")
            return None
        when = yy_date(spec.get("date"))
        hits = [
            (i, e)
            for i, e in enumerate(self.entries[code])
            if e.date == when
            and ("hidden" not in spec or e.hidden == spec["hidden"])
            and str(spec.get("question_has", "")) in e.question_ja
            and str(spec.get("answer_has", "")) in e.answer_ja
        ]
        if len(hits) != 1:
            described = "; ".join(f"line {e.line}: {e.question_ja[:40]!r}" for _, e in hits) or "none"
            self.problems.append(f"{rid}: entry {dict(spec)} matches {len(hits)} seed entries ({described})")
            return None
        index, entry = hits[0]
        key = (code, index)
        if key in self.claimed:
            self.problems.append(f"{rid}: seed {code} entry at line {entry.line} is already claimed by {self.claimed[key]}")
            return None
        self.claimed[key] = rid
        return entry

    def unclaimed_entries(self) -> list[str]:
        out = []
        for code, entries in self.entries.items():
            for i, e in enumerate(entries):
                if (code, i) not in self.claimed:
                    when = e.date.strftime("%y/%m/%d") if e.date else "undated"
                    hidden = "hidden " if e.hidden else ""
                    out.append(
                        f"seed {code} ({self.seeds.files[code]}) line {e.line}: {hidden}entry ({when}) "
                        f"{e.question_ja[:50]!r} is claimed by no annotation"
                    )
        return out

    # -- quotes --------------------------------------------------------

    def find_quote(self, rid: str, spec: Mapping[str, Any]) -> Found | None:
        unknown = set(spec) - QUOTE_KEYS
        if unknown:
            self.problems.append(f"{rid}: unknown key(s) in quote: {sorted(unknown)}")
        code = str(spec.get("seed"))
        if code not in self.seeds.texts:
            self.problems.append(f"{rid}: quote seed {code!r} is unknown")
            return None
        answer = spec.get("answer")
        if not isinstance(answer, str) or not answer:
            self.problems.append(f"{rid}: quote has no answer text")
            return None
        parts = self.question_parts(rid, spec.get("question"))
        question = "\n".join(parts) if parts else None
        when = yy_date(spec.get("date"))
        needle = answer + (f"({spec['date']})" if when else "")
        file = self.seeds.files[code]
        if code in WIKI_SEEDS:
            return self._find_in_wiki(rid, code, spec, parts, answer, needle, when)
        text = self.seeds.texts[code]
        if needle not in text or not in_order(parts, text):
            missing = needle if needle not in text else str(question)
            self.problems.append(f"{rid}: quote not found in {file}: {missing[:60]!r}")
            return None
        label = self.seeds.cite(code, None, str(spec["place"]) if spec.get("place") else None)
        return Found(question, answer, label, False, when, file)

    def _find_in_wiki(
        self,
        rid: str,
        code: str,
        spec: Mapping[str, Any],
        parts: list[str],
        answer: str,
        needle: str,
        when: date | None,
    ) -> Found | None:
        file = self.seeds.files[code]
        question = "\n".join(parts) if parts else None
        lines = [ln for ln in page_lines(self.seeds.texts[code]) if ln.anchor == spec.get("anchor")]
        if not lines:
            self.problems.append(f"{rid}: {file} has no section with anchor {spec.get('anchor')!r}")
            return None
        text = "\n".join(ln.text for ln in lines)
        at = text.find(needle)
        if at < 0 or not in_order(parts, text):
            self.problems.append(f"{rid}: quote not found in {file}#{spec.get('anchor')}: {needle[:60]!r}")
            return None
        first = text.count("\n", 0, at)
        last = first + needle.count("\n")
        hidden_flags = {ln.hidden for ln in lines[first : last + 1]}
        if len(hidden_flags) != 1:
            self.problems.append(f"{rid}: quote spans visible and commented-out lines of {file}")
            return None
        hidden = hidden_flags.pop()
        if "hidden" in spec and spec["hidden"] != hidden:
            self.problems.append(f"{rid}: quote in {file} is {'hidden' if hidden else 'visible'}, annotation says otherwise")
        return Found(question, answer, self.seeds.cite(code, lines[0].anchor, lines[0].section), hidden, when, file)

    def question_parts(self, rid: str, question: Any) -> list[str]:
        """A quote's question: one excerpt of the seed, or a list of excerpts
        (e.g. a premise line and the situation it qualifies) that the row
        joins by line breaks; each must be found, in that order."""
        if question is None or question == "":
            return []
        if isinstance(question, str):
            return [question]
        if isinstance(question, list) and question and all(isinstance(q, str) and q for q in question):
            return [str(q) for q in question]
        self.problems.append(f"{rid}: quote question must be a text or a list of texts")
        return []

    # -- rows ----------------------------------------------------------

    def topic_for(self, rid: str, ann: Mapping[str, Any], code: str | None, anchor: str | None) -> str:
        if ann.get("topic"):
            return str(ann["topic"])
        by_section = self.annotations.get("topics_by_section") or {}
        topic = by_section.get(f"{code}#{anchor}")
        if topic is None:
            self.problems.append(f"{rid}: no topic (section {code}#{anchor} has no default; set `topic`)")
            return ""
        return str(topic)

    def row(self, ann: Mapping[str, Any]) -> dict[str, str] | None:
        rid = str(ann.get("ruling_id", "<no id>"))
        unknown = set(ann) - RULING_KEYS
        if unknown:
            self.problems.append(f"{rid}: unknown key(s): {sorted(unknown)}")
        if ("entry" in ann) == ("quote" in ann):
            self.problems.append(f"{rid}: give exactly one of `entry` (a Ｑ/Ａ entry) or `quote` (prose)")
            return None
        sources = Sources()
        if "entry" in ann:
            entry = self.match_entry(rid, ann["entry"])
            if entry is None:
                return None
            self.faq_rows[rid] = entry
            code = str(ann["entry"]["seed"])
            question: str | None = entry.question_ja
            answer = entry.answer_ja
            when = entry.date
            hidden = entry.hidden
            topic = self.topic_for(rid, ann, code, entry.anchor)
            sources.add(self.seeds.cite(code, entry.anchor, entry.section), self.seeds.files[code])
            if entry.verdict_hint is not None and entry.verdict_hint != ann.get("verdict"):
                self.problems.append(
                    f"{rid}: the answer opens as {entry.verdict_hint!r} but the verdict is {ann.get('verdict')!r}"
                )
        else:
            found = self.find_quote(rid, ann["quote"])
            if found is None:
                return None
            question, answer, when, hidden = found.question, found.answer, found.when, found.hidden
            code = str(ann["quote"]["seed"])
            topic = self.topic_for(rid, ann, code, ann["quote"].get("anchor"))
            sources.add(found.label, found.file)
        for also in ann.get("also") or []:
            other = self.find_quote(rid, also)
            if other is not None:
                if other.when is not None and other.when != when:
                    self.problems.append(f"{rid}: `also` quote has date {other.when}, the ruling {when}")
                sources.add(other.label, other.file)
        if ann.get("also_001"):
            if str(ann["also_001"]) in self.seeds.texts[PLAIN_COPY_SEED]:
                sources.add(self.seeds.cite(PLAIN_COPY_SEED, None, None), self.seeds.files[PLAIN_COPY_SEED])
            else:
                self.problems.append(f"{rid}: also_001 text not found in {self.seeds.files[PLAIN_COPY_SEED]}")
        quoted = (question or "") + "\n" + answer
        if ann.get("cards") is not None:
            cards = tuple(str(c) for c in ann["cards"])
            absent = [c for c in cards if c not in quoted]
            if absent:
                self.problems.append(f"{rid}: listed card(s) {absent} do not occur in the quoted text")
        else:
            cards = card_names(quoted)
        cards += self.extra_cards(rid, ann, code, cards)
        if (question or "").startswith(PREMISE_OPENING) and not ann.get("premise"):
            self.problems.append(
                f"{rid}: the question opens with {PREMISE_OPENING!r} (the entry above it): name that ruling in `premise`"
            )
        return {
            "ruling_id": rid,
            "game": str(ann.get("game", "ocg")),
            "kind": str(ann.get("kind", "")),
            "date": when.isoformat() if when else "",
            # a ruling's date is the one its source prints next to it: never inferred
            "date_precision": "day" if when else "none",
            "date_note": "",
            "topic": topic,
            "cards": LIST_SEPARATOR.join(cards),
            "question_ja": question or "",
            "answer_ja": answer,
            "summary_en": str(ann.get("summary_en", "")).strip(),
            "verdict": str(ann.get("verdict", "")),
            "status": str(ann.get("status", "current")),
            "superseded_by": str(ann.get("superseded_by") or ""),
            "obsoleted_by_event": str(ann.get("obsoleted_by_event") or ""),
            "status_note": str(ann.get("status_note") or "").strip(),
            "hidden_in_source": "true" if hidden else "false",
            "source": sources.text(),
            "source_file": LIST_SEPARATOR.join(sources.files),
            **self.machine_form(rid, ann),
            **dict.fromkeys(PAGE_IMPORT_COLUMNS, ""),
        }

    def extra_cards(self, rid: str, ann: Mapping[str, Any], code: str, cards: Sequence[str]) -> tuple[str, ...]:
        """Cards the ruling is about that its quoted text does not name: each
        with a reason and the seed text that names it (checked against the seed)."""
        extra: list[str] = []
        specs = ann.get("extra_cards") or []
        if not isinstance(specs, list):
            self.problems.append(f"{rid}: extra_cards must be a list")
            return ()
        for spec in specs:
            if not isinstance(spec, dict) or set(spec) != EXTRA_CARD_KEYS:
                self.problems.append(f"{rid}: each extra_cards item needs exactly {sorted(EXTRA_CARD_KEYS)}")
                continue
            card, reason, quote = (str(spec[k]).strip() for k in ("card", "reason", "quote"))
            if not reason:
                self.problems.append(f"{rid}: extra card {card!r} needs a reason")
            if f"《{card}》" not in quote:
                self.problems.append(f"{rid}: the quote given for extra card {card!r} does not name it in 《》")
            elif quote not in self.seeds.texts[code]:
                self.problems.append(f"{rid}: the quote for extra card {card!r} is not in {self.seeds.files[code]}")
            if card in cards or card in extra:
                self.problems.append(f"{rid}: extra card {card!r} is already listed")
            else:
                extra.append(card)
        return tuple(extra)

    def add_premise_cards(self, rows: dict[str, dict[str, str]]) -> None:
        """A row whose question refers to the entry above it (`premise`) is also
        about the cards that entry names, after its own."""
        premises = {
            str(a["ruling_id"]): str(a["premise"]) for a in self.annotations["rulings"]
            if isinstance(a, dict) and a.get("premise") and str(a.get("ruling_id")) in rows
        }

        def cards_of(rid: str, seen: tuple[str, ...]) -> list[str]:
            own = [c for c in rows[rid]["cards"].split(LIST_SEPARATOR) if c]
            premise = premises.get(rid)
            if premise is None:
                return own
            if premise not in rows:
                self.problems.append(f"{rid}: premise {premise!r} is not a ruling_id")
                return own
            if premise in seen:
                self.problems.append(f"{rid}: premise cycle through {premise}")
                return own
            if self.faq_rows.get(rid) is None or self.faq_rows.get(premise) is None:
                self.problems.append(f"{rid}: a premise joins two Ｑ/Ａ entries ({premise} is not one, or {rid} is not)")
                return own
            return own + [c for c in cards_of(premise, seen + (rid,)) if c not in own]

        resolved = {rid: cards_of(rid, ()) for rid in premises}
        for rid, cards in resolved.items():
            rows[rid]["cards"] = LIST_SEPARATOR.join(cards)

    # -- the machine form (issue 4) ----------------------------------------

    def machine_form(self, rid: str, ann: Mapping[str, Any]) -> dict[str, str]:
        """The scenario / ruleset / check / expected / check_en /
        not_modelled_reason cells, checked for shape (they are run by
        ``toolkit.history.verify_rulings``)."""
        scenarios = ann.get("scenario") or []
        if isinstance(scenarios, str):
            scenarios = [scenarios]
        check = ann.get("check")
        reason = str(ann.get("not_modelled_reason") or "").strip()
        cells = {
            "scenario": LIST_SEPARATOR.join(str(s) for s in scenarios),
            "ruleset": str(ann.get("ruleset") or ""),
            "check": json.dumps(check, ensure_ascii=False) if check is not None else "",
            "expected": str(ann.get("expected") or ""),
            "check_en": str(ann.get("check_en") or "").strip(),
            "not_modelled_reason": reason,
            "vacuous_reason": str(ann.get("vacuous_reason") or "").strip(),
        }
        if cells["vacuous_reason"] and check is None:
            self.problems.append(f"{rid}: a vacuous_reason (why no counterfactual can flip the check) needs a `check`")
        if reason and (check is not None or cells["expected"] or cells["check_en"]):
            self.problems.append(f"{rid}: a not-modelled ruling has no check, expected or check_en")
        if check is None:
            if scenarios or cells["expected"] or cells["check_en"] or cells["ruleset"]:
                self.problems.append(f"{rid}: scenario / ruleset / expected / check_en need a `check`")
            return cells
        if not scenarios:
            self.problems.append(f"{rid}: a check needs the `scenario` file(s) it runs on")
        for name in scenarios:
            if not (SCENARIOS_DIR / str(name)).is_file():
                self.problems.append(f"{rid}: scenario {name!r} is not a file of datasets/scenarios/")
        if cells["expected"] not in EXPECTED_ANSWERS:
            self.problems.append(f"{rid}: expected must be one of {EXPECTED_ANSWERS}, not {cells['expected']!r}")
        if not cells["check_en"]:
            self.problems.append(f"{rid}: check_en (our English reading of the check) is empty")
        try:
            parsed = parse_check(check, f"{rid}: check")
        except CheckError as exc:
            self.problems.append(str(exc))
        else:
            stray = [n for n in scenarios_named(parsed) if n not in scenarios]
            if stray:
                self.problems.append(f"{rid}: the check runs on {stray}, which `scenario` does not list")
        known = dm_rules_names() if ann.get("game") == "duel_masters" else ruleset_names()
        if cells["ruleset"] and cells["ruleset"] not in known:
            self.problems.append(f"{rid}: unknown ruleset {cells['ruleset']!r} (known: {', '.join(known)})")
        return cells

    # -- seed 001 ------------------------------------------------------

    def confirm_with_plain_copy(self, rows: dict[str, dict[str, str]]) -> None:
        code = PLAIN_COPY_SEED
        file = self.seeds.files[code]
        first_file = self.seeds.files["000"]
        candidates = {rid: e for rid, e in self.faq_rows.items()
                      if rows[rid]["source_file"].split(LIST_SEPARATOR)[0] == first_file}
        used: dict[str, int] = {}
        for entry in parse_plain(self.seeds.texts[code], source=file):
            scored = sorted(
                (
                    (SequenceMatcher(None, nfkc(entry.question_ja), nfkc(e.question_ja)).ratio(), rid)
                    for rid, e in candidates.items()
                    if e.date == entry.date
                ),
                reverse=True,
            )
            if not scored or scored[0][0] < 0.85 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
                self.problems.append(f"{file} line {entry.line}: entry {entry.question_ja[:40]!r} matches no single 000 ruling")
                continue
            rid = scored[0][1]
            if rid in used:
                self.problems.append(f"{file} line {entry.line}: repeats {rid}, already matched at line {used[rid]}")
                continue
            used[rid] = entry.line
            sources = Sources.of(rows[rid])
            sources.add(self.seeds.cite(code, None, None), file)
            rows[rid]["source"], rows[rid]["source_file"] = sources.text(), LIST_SEPARATOR.join(sources.files)

    # -- the whole table ---------------------------------------------

    def build(self) -> list[dict[str, str]]:
        rows: dict[str, dict[str, str]] = {}
        for ann in self.annotations["rulings"]:
            if not isinstance(ann, dict):
                self.problems.append(f"annotation {ann!r} is not a mapping")
                continue
            row = self.row(ann)
            if row is None:
                continue
            if row["ruling_id"] in rows:
                self.problems.append(f"{row['ruling_id']}: duplicate ruling_id")
                continue
            rows[row["ruling_id"]] = row
        self.problems.extend(self.unclaimed_entries())
        self.add_premise_cards(rows)
        if not self.problems:
            self.confirm_with_plain_copy(rows)
        ordered = [rows[k] for k in sorted(rows)]
        self.problems.extend(validate(ordered))
        self.problems.extend(self.missing_seed_dates(ordered))
        if self.problems:
            raise BuildError(self.problems)
        return ordered

    def missing_seed_dates(self, rows: Iterable[dict[str, str]]) -> list[str]:
        have = {r["date"] for r in rows}
        out = []
        for code in DATED_SEEDS:
            for match in SEED_DATE.finditer(self.seeds.texts[code]):
                when = yy_date("/".join(match.groups()))
                if when is not None and when.isoformat() not in have:
                    out.append(f"date {match.group(0)} written in {self.seeds.files[code]} is the date of no row")
        return sorted(set(out))


# --------------------------------------------------------------------------
# Checks on the finished table (the dataset contract)
# --------------------------------------------------------------------------


def _id_problems(row: Mapping[str, str]) -> list[str]:
    rid = row["ruling_id"]
    out = []
    if not ID_PATTERN.fullmatch(rid):
        out.append(f"{rid}: id is not ocg-YYMMDD-slug / ocg-undated-slug / dm-qa-slug / dm-example-slug")
    elif rid.startswith("dm-") != (row["game"] == "duel_masters"):
        out.append(f"{rid}: dm- ids are for duel_masters rulings only")
    elif rid.startswith("ocg-"):
        stamp = rid.split("-")[1]
        expected = date.fromisoformat(row["date"]).strftime("%y%m%d") if row["date"] else "undated"
        if stamp != expected:
            out.append(f"{rid}: id says {stamp}, the date is {row['date'] or 'none'}")
    return out


def _date_problems(row: Mapping[str, str]) -> list[str]:
    """A date the data layer would refuse: before 1999-01-01 or more than a year ahead."""
    if not row["date"]:
        return []
    last = latest_date()
    if EARLIEST_DATE <= date.fromisoformat(row["date"]) <= last:
        return []
    return [f"{row['ruling_id']}: date {row['date']} is out of range "
            f"({EARLIEST_DATE.isoformat()} to {last.isoformat()}, a year after today)"]


def in_verification_scope(row: Mapping[str, str]) -> bool:
    """Every ruling: the OCG End Phase / end-of-turn rulings (seeds 000, 001,
    003, issue 4), the phase-transition rulings of 002 (issue 6) and, since
    the Duel Masters Turn End Step is modelled (issue 7), seed 004's Q&As and
    examples."""
    return row["game"] in ("ocg", "duel_masters")


def _machine_problems(row: Mapping[str, str]) -> list[str]:
    rid = row["ruling_id"]
    out = []
    modelled, reason = bool(row["check"]), bool(row["not_modelled_reason"])
    if in_verification_scope(row) and not (modelled or reason):
        out.append(f"{rid}: a ruling in scope needs a `check` (or a `not_modelled_reason`)")
    if not in_verification_scope(row) and (modelled or reason):
        out.append(f"{rid}: outside the End Phase scope (game {row['game']}, topic {row['topic']}): no machine form")
    if modelled and not row["date"] and not row["ruleset"]:
        out.append(f"{rid}: an undated ruling names the `ruleset` it describes")
    if modelled and row["date"] and row["ruleset"]:
        out.append(f"{rid}: a dated ruling runs under the rules of its date; drop `ruleset`")
    return out


def validate(rows: Sequence[Mapping[str, str]]) -> list[str]:
    """Problems with the table as the dataset contract (SCHEMA.md) states it."""
    out: list[str] = []
    by_id = {r["ruling_id"]: r for r in rows}
    if len(rows) < MIN_ROWS:
        out.append(f"only {len(rows)} rows; at least {MIN_ROWS} expected")
    for row in rows:
        rid = row["ruling_id"]
        out.extend(_id_problems(row))
        out.extend(_date_problems(row))
        for column, allowed in (
            ("game", GAMES),
            ("kind", KINDS),
            ("topic", TOPICS),
            ("verdict", VERDICTS),
            ("status", STATUSES),
        ):
            if row[column] not in allowed:
                out.append(f"{rid}: {column} {row[column]!r} is not one of {allowed}")
        if not row["summary_en"]:
            out.append(f"{rid}: summary_en is empty")
        if not row["answer_ja"]:
            out.append(f"{rid}: answer_ja is empty")
        filled = [c for c in PAGE_IMPORT_COLUMNS if row[c]]
        if filled:
            out.append(f"{rid}: {', '.join(filled)} belong to rulings imported from a page; blank in the shipped table")
        if row["obsoleted_by_event"] and row["obsoleted_by_event"] not in EVENTS:
            out.append(f"{rid}: obsoleted_by_event {row['obsoleted_by_event']!r} is not a known event")
        out.extend(_machine_problems(row))
        successor = row["superseded_by"]
        if row["status"] == "current" and (successor or row["obsoleted_by_event"]):
            out.append(f"{rid}: a current ruling has no successor and no obsoleting event")
        if row["status"] != "current" and not successor and not row["status_note"]:
            out.append(f"{rid}: status {row['status']} without superseded_by needs a status_note")
        if successor:
            if successor not in by_id:
                out.append(f"{rid}: superseded_by {successor!r} is not a ruling_id")
            elif by_id[successor]["status"] != "current" and not by_id[successor]["superseded_by"]:
                out.append(f"{rid}: successor {successor} is itself obsolete with no successor")
            elif row["date"] and by_id[successor]["date"] and by_id[successor]["date"] < row["date"]:
                out.append(f"{rid}: successor {successor} is older than the ruling it replaces")
    for row in rows:
        seen = {row["ruling_id"]}
        step = row["superseded_by"]
        while step and step in by_id:
            if step in seen:
                out.append(f"{row['ruling_id']}: supersession cycle through {step}")
                break
            seen.add(step)
            step = by_id[step]["superseded_by"]
    return out


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def render_csv(rows: Iterable[Mapping[str, str]]) -> str:
    """RFC 4180 CSV, header first, ``\\n`` line ends, columns in contract order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([row[c] for c in COLUMNS])
    return out.getvalue()


def build_csv(seeds_dir: Path = DEFAULT_SEEDS, annotations_path: Path = DEFAULT_ANNOTATIONS) -> str:
    """The text of rulings.csv built from ``seeds_dir`` and the annotations."""
    annotations = load_annotations(annotations_path)
    seeds = Seeds.read(seeds_dir, annotations.get("seeds") or {}, annotations.get("pages") or {})
    return render_csv(Builder(seeds, annotations).build())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=Path, default=DEFAULT_SEEDS, help="folder of the seed pages")
    parser.add_argument("--annotations", type=Path, default=DEFAULT_ANNOTATIONS)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true", help="compare with --output instead of writing it")
    args = parser.parse_args(argv)
    try:
        text = build_csv(args.seeds, args.annotations)
    except BuildError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.is_file() else ""
        if current != text:
            print(f"{args.output} is out of date: run scripts/build_rulings.py", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.write_text(text, encoding="utf-8", newline="")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
