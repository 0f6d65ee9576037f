"""Read and write the FAQ markup of the Yu-Gi-Oh! OCG wiki (PukiWiki syntax).

A user pastes a wiki page's source; :func:`parse_faq` returns its FAQ entries,
each a question, an answer, the answer's date, the cards named and whether the
editors commented it out. :func:`write_faq` writes entries back as wiki markup,
and parsing that text again gives the same entries.

>>> page = '''***[[手札]]調整について [#faq1]
... Ｑ：[[手札]]枚数の調整を行った後に[[《サイクロン》]]を[[発動]]できますか？~
... Ａ：いいえ、できません。(12/08/08)
... //Ａ：はい、できます。(11/01/01)'''
>>> first, second = parse_faq(page, source="example")
>>> first.topic, first.date, first.verdict_hint, first.cards
('手札調整について', datetime.date(2012, 8, 8), 'no', ('サイクロン',))
>>> first.question_ja
'手札枚数の調整を行った後に《サイクロン》を発動できますか？'
>>> second.hidden, second.question_ja == first.question_ja, second.verdict_hint
(True, True, 'yes')
>>> print(write_faq([first, second]), end="")
***手札調整について [#faq1]
Ｑ：手札枚数の調整を行った後に[[《サイクロン》]]を発動できますか？~
Ａ：いいえ、できません。(12/08/08)
//Ａ：はい、できます。(11/01/01)
>>> parse_faq(write_faq([first, second])) == [first, second]
True

The markup understood
---------------------
* ``Ｑ：`` starts a question, ``Ａ：`` an answer; an answer may end with its date
  ``(YY/MM/DD)`` (a trailing ``~`` after the date is allowed). ``YY`` of 90 or
  more is 19YY, otherwise 20YY. An answer without a date is kept (date None).
* ``~`` at the end of a line is a line break inside a paragraph. A question
  runs on over every following line of the same visibility until its answer.
  An answer runs on over the next line only when its line ended with ``~`` or
  the next line is indented (ASCII or full-width spaces, as in the Phase
  page's FAQ) — and never past the line that carried its date.
* ``//`` starts a comment line: the editors hid it. A commented ``//Ｑ：`` /
  ``//Ａ：`` entry is kept with ``hidden=True``; its continuation lines are
  comment lines too (``// text``, ``//text`` and the odd ``/// text``).
* An ``Ａ：`` right after a finished entry (only comment lines between) is a
  second ruling on the same question, e.g. a visible 16/07/08 answer followed by
  a commented-out 13/03/30 one.
* Other comment lines next to an entry are editor notes, kept in
  :attr:`FaqEntry.notes`: a comment line inside a visible entry belongs to that
  entry; a run of comment lines between two entries belongs to the entry
  above it when that entry is hidden (the note explains why it was hidden) and
  to the entry below it otherwise; a run touching only one entry belongs to
  that entry. Comment runs that touch no entry are page commentary and are not
  FAQ data. Known misplacement: on the End Phase page the note
  「最新の事務所回答」 sits between a hidden entry and the entry it labels, so
  it is attached to the hidden entry above.
* ``*``, ``**``, ``***`` lines are headings, with an optional anchor
  ``[#faq1]``. ``***`` headings are the FAQ topics (:attr:`FaqEntry.topic`);
  every entry also records the nearest heading of any level
  (:attr:`FaqEntry.section`, :attr:`FaqEntry.anchor`).

Link markup is removed in the text fields: ``[[《X》]]`` -> ``《X》``,
``[[text>target]]`` -> ``text``, ``[[text:http…]]`` -> ``text``,
``[[text]]`` -> ``text``; ``''bold''`` quotes are dropped. Brackets that
open or close no link are dropped, and so is a footnote mark ``((`` / ``))``
that opens or closes no footnote: the End Phase page's ``[[相手((が`` (a typo for
``[[相手]]が``) reads ``相手が``. The words themselves are kept as written.

Pages that lost their line breaks
---------------------------------
A copy of a page whose newlines each became one space (the seed 000 form) is
detected — the text has no newline but contains a page marker — and its line
breaks are put back by :func:`restore_line_breaks` (see there for the exact
rules and where they can be wrong).
"""

from __future__ import annotations

from toolkit.wiki.forms import PageForm, is_diff, page_form, page_kind
from toolkit.wiki.lines import page_lines, restore_line_breaks, source_lines
from toolkit.wiki.markup import FaqEntry, VerdictHint, card_names, clean_markup
from toolkit.wiki.pages import NO_URL, WIKIS, citation, cited, page_url, says_why_no_url
from toolkit.wiki.parse import parse_faq, parse_plain
from toolkit.wiki.read import PageRead, read_page
from toolkit.wiki.verdicts import VERDICTS, Verdict, read_verdict
from toolkit.wiki.write import entries_to_frame, write_faq

__all__ = [
    "WIKIS",
    "FaqEntry",
    "NO_URL",
    "PageForm",
    "PageRead",
    "VERDICTS",
    "Verdict",
    "VerdictHint",
    "card_names",
    "citation",
    "cited",
    "clean_markup",
    "entries_to_frame",
    "is_diff",
    "page_form",
    "page_kind",
    "page_lines",
    "page_url",
    "parse_faq",
    "parse_plain",
    "read_page",
    "read_verdict",
    "restore_line_breaks",
    "says_why_no_url",
    "source_lines",
    "write_faq",
]
