"""Reading any saved page without losing it: every entry that can be read is.

:func:`read_page` is the tolerant reader behind :func:`toolkit.import_page`.
It reads a page in any of the forms of :mod:`toolkit.wiki.forms` (source
markup or a rendered copy; ``Ｑ：``, ``Q:`` or ``Q.`` marks, hidden with
``//``; ``>``-quoted blocks; a diff view, either revision), and a problem in
one entry — a question without an answer, an answer without a question, a
date that is not a day — becomes a warning naming its line and what was kept,
while the page's other entries are read as :func:`~toolkit.wiki.parse_faq`
reads them. The last entry of a page cut short (saved mid-edit, a truncated
copy) is read as far as it goes and marked ``possibly_incomplete``.

>>> page = "Ｑ：a?~\\nＱ：《B》は？~\\nＡ：いいえ。(12/08/08)\\nＱ：c?~\\nＡ：はい、で"
>>> read = read_page(page, source="paste")
>>> [(e.question_ja, e.answer_ja, e.possibly_incomplete) for e in read.entries]
[('《B》は？', 'いいえ。', False), ('c?', 'はい、で', True)]
>>> read.warnings
['line 1: question has no answer (another question at line 2); the question is not imported']
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field, replace

from toolkit.wiki.forms import PageKind, Revision, page_form
from toolkit.wiki.lines import refuse_non_text
from toolkit.wiki.markup import ANSWER_MARK, QUESTION_MARK, FaqEntry
from toolkit.wiki.parse import Parser
from toolkit.wiki.prose import ProseRuling, prose_rulings


@dataclass(frozen=True)
class PageRead:
    """A page read tolerantly: its entries, in page order; the warnings, each
    naming its line and what was kept; the first lines of the entries that
    could not be read at all; the page's form."""

    entries: list[FaqEntry]
    warnings: list[str]
    skipped: list[int]
    kind: PageKind
    diff: bool
    revision: Revision
    prose: list[ProseRuling] = field(default_factory=list)
    """The dated bullets of the page's prose (:mod:`toolkit.wiki.prose`)."""


def read_page(text: str, source: str = "<string>", revision: Revision = "new") -> PageRead:
    """Every entry of ``text`` that can be read (see the module's description).

    ``revision`` chooses, on a diff view, the new text (``+`` lines and the
    unchanged ones) or the old (``-`` lines and the unchanged ones); other
    pages have one revision and ignore it.
    """
    refuse_non_text(text, source)
    form = page_form(text, revision)
    parser = Parser("\n".join(form.lines), source, QUESTION_MARK, ANSWER_MARK, tolerant=True, numbers=form.numbers)
    entries = parser.parse()
    if form.rules:
        entries = _with_rules(entries, form.rules)
    if form.ends_open and entries and not entries[-1].possibly_incomplete:
        entries[-1] = replace(entries[-1], possibly_incomplete=True)
    found = parser.recovery.warnings + [(int(w.split(":")[0].split()[1]), w) for w in form.warnings]
    warnings = [message for _, message in sorted(found, key=lambda w: w[0])]
    prose = prose_rulings(form.lines, form.numbers, rendered=form.kind == "rendered")
    return PageRead(entries, warnings, sorted(parser.recovery.skipped), form.kind, form.diff, form.revision, prose)


def _with_rules(entries: list[FaqEntry], rules: dict[int, list[str]]) -> list[FaqEntry]:
    """Each quoted rules passage given to the entry above it (entries are in page order)."""
    out = list(entries)
    starts = [e.line for e in entries]
    gathered: dict[int, list[str]] = {}
    for number, passage in sorted(rules.items()):
        i = bisect.bisect_left(starts, number) - 1
        if i >= 0:
            gathered.setdefault(i, []).extend(passage)
    for i, passage in gathered.items():
        out[i] = replace(out[i], rules=out[i].rules + tuple(passage))
    return out
