"""Ruling ids and imported pages, thoroughly (``make fuzz``; tests/test_ruling_ids.py and
tests/test_page_import.py run the quick versions):

* distinct rulings — drawn questions, dates and cards, the same words over and over —
  get distinct ids, each ``user-YYMMDD-words``; the ids of a table's first rulings
  do not depend on the rulings after them; the same ruling written with other
  markup, width, spaces and punctuation has the same identity;
* any fixture page cut at any character imports without an exception, and every
  entry not marked ``possibly_incomplete`` is the whole page's (the last one's
  notes written after it excepted);
* every table ``import_page`` returns loads back unchanged from CSV and YAML.
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import toolkit  # noqa: E402
from toolkit.data.ruling_ids import RulingIdentity, assign_ids, identity_key  # noqa: E402
from toolkit.wiki import read_page  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "wiki"
ID_FORM = re.compile(r"user-(\d{6}|undated)-[a-z0-9]+(-[a-z0-9]+)*")
WORDS = st.text(alphabet="あいうアイウカキクサシ手札調整発動捨てるQx1 、。？?[]《》ー・", min_size=1, max_size=30)
CARDS = st.lists(st.sampled_from(["ヒステリック・サイン", "サイクロン", "テスト・ドラゴン", "死者蘇生", "ＴＧ ストライカー"]),
                 max_size=2, unique=True)
DATES = st.sampled_from([None, "2016-07-08", "2013-03-30"])
ENGLISH = {"ヒステリック・サイン": "Hysteric Sign", "サイクロン": "Mystical Space Typhoon", "死者蘇生": "Monster Reborn"}


@settings(deadline=None)
@given(st.lists(st.tuples(DATES, CARDS, WORDS), min_size=1, max_size=300))
def test_distinct_rulings_get_distinct_ids(drawn: list[tuple[str | None, list[str], str]]) -> None:
    rulings = [RulingIdentity(d, tuple(c), q) for d, c, q in drawn]
    distinct: dict[object, RulingIdentity] = {}
    for ruling in rulings:
        distinct.setdefault(identity_key(ruling), ruling)
    unique = list(distinct.values())
    ids = assign_ids(unique, english=ENGLISH)
    assert len(set(ids)) == len(ids) and all(ID_FORM.fullmatch(r) for r in ids)
    half = len(unique) // 2
    assert assign_ids(unique[:half], english=ENGLISH) == ids[:half]


@settings(deadline=None, max_examples=5)
@given(st.integers(min_value=0, max_value=2**32))
def test_a_hundred_thousand_drawn_questions_never_share_an_id(seed: int) -> None:
    import random

    rng = random.Random(seed)
    alphabet = "あいうえおかきくけこ手札調整発動アイウエオ"
    questions = {"".join(rng.choice(alphabet) for _ in range(rng.randint(4, 16))) for _ in range(100_000)}
    rulings = [RulingIdentity("2016-07-08", ("ヒステリック・サイン",), q) for q in sorted(questions)]
    ids = assign_ids(rulings, english=ENGLISH)
    assert len(set(ids)) == len(rulings)


PLAIN_WORDS = st.text(alphabet="あいうアイウカキクサシ手札調整発動捨てるQx1 、。？?《》ー・", min_size=1, max_size=30)


@settings(deadline=None)
@given(PLAIN_WORDS, st.sampled_from(["[[{}]]", "{}", " {} ", "{}。", "{}？", "''{}''"]), st.booleans())
def test_markup_width_spaces_and_punctuation_do_not_change_a_ruling(words: str, form: str, wide: bool) -> None:
    variant = form.format(words)
    if wide:
        variant = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" and c not in "[]" else c for c in variant)
    plain = RulingIdentity("2016-07-08", ("テスト・ドラゴン",), words)
    other = RulingIdentity("2016-07-08", ("テスト・ドラゴン",), variant)
    assert identity_key(plain) == identity_key(other)


NAMES = ["faq_page.txt", "dm_quote.txt", "dm_rendered.txt", "diff_page.txt", "ascii_hidden.txt", "card_page.txt",
         "truncated.txt", "phase_style.txt", "prose_bullets.txt"]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), data=st.data())
def test_a_page_cut_anywhere_keeps_every_complete_entry(name: str, data: st.DataObject) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    at = data.draw(st.integers(min_value=0, max_value=len(text)), label="cut at")
    expected = [replace(e, possibly_incomplete=False) for e in read_page(text).entries]
    cut = read_page(text[:at]).entries
    assert all(not e.possibly_incomplete for e in cut[:-1])
    for i, entry in enumerate(cut):
        if entry.possibly_incomplete:
            continue
        if i == len(cut) - 1:
            assert entry.notes == expected[i].notes[: len(entry.notes)]
            entry, want = replace(entry, notes=(), rules=()), replace(expected[i], notes=(), rules=())
        else:
            want = expected[i]
        assert entry == want, at
    if text[:at].strip():
        rows, report = toolkit.import_page(text[:at], source="https://example.org/page")
        assert len(report.imported) + len(report.duplicates) + len(report.repeated) + len(report.not_imported) \
            == len(report.entries)


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(NAMES), cut=st.integers(min_value=1, max_value=2000),
       form=st.sampled_from(["csv", "yaml", "pandas"]))
def test_every_imported_table_loads_back_unchanged(tmp_path: Path, name: str, cut: int, form: str) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8")[:cut]
    if not text.strip():
        return
    rows = toolkit.import_page(text, source="https://example.org/page").rows
    if rows.empty:
        return
    path = tmp_path / f"mine.{'yaml' if form == 'yaml' else 'csv'}"
    if form == "pandas":
        rows.to_csv(path)
    else:
        toolkit.save_rulings(rows, path)
    back = toolkit.load_rulings(extra=path).iloc[-len(rows):].reset_index(drop=True)
    pd.testing.assert_frame_equal(back, rows.reset_index(drop=True))
