"""Matching the annotations to the seeds' text: each annotation claims one Ｑ/Ａ entry or quotes prose,
and becomes a row of the table; every problem found is kept, and the build stops with all of them."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from difflib import SequenceMatcher
from typing import Any

from rulings_build.inputs import Seeds
from rulings_build.places import Found, Sources, in_order, nfkc, yy_date
from rulings_build.validation import validate
from rulings_build.vocabulary import (
    DATED_SEEDS,
    ENTRY_KEYS,
    EXPECTED_ANSWERS,
    EXTRA_CARD_KEYS,
    LIST_SEPARATOR,
    PAGE_IMPORT_COLUMNS,
    PLAIN_COPY_SEED,
    PREMISE_OPENING,
    QUOTE_KEYS,
    RULING_KEYS,
    SCENARIOS_DIR,
    SEED_DATE,
    WIKI_SEEDS,
    BuildError,
)
from toolkit.duel_masters.rules import rules_names as dm_rules_names
from toolkit.history.checks import CheckError, parse_check, scenarios_named
from toolkit.ocg.rulesets import ruleset_names
from toolkit.wiki import FaqEntry, card_names, page_lines, parse_faq, parse_plain


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
