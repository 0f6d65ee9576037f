"""The words of the rulings table and of its annotations: the columns in contract order, the values
each column may hold, the keys an annotation may use, the seeds by role, and the error that lists every
problem a build found."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from toolkit.wiki import NO_URL

PROJECT_ROOT = Path(__file__).resolve().parents[2]

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
"""The scenario files a check may run on."""
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
PAGE_KEYS = {"wiki", "page", "heading", "reason"}
UNNAMED_PAGE = NO_URL
"""What ``source`` says of a seed whose copy names no page, instead of a URL (see ``pages`` in the
annotations): why there is none."""


class BuildError(Exception):
    """The seeds and the annotations disagree; ``problems`` lists every one."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__(
            f"{len(self.problems)} problem(s) building rulings.csv:\n" + "\n".join(f"- {p}" for p in self.problems)
        )
