"""Ruling identity and ids (issue 30 item 4, issue 31 item 6): ``user-YYMMDD-words``,
stable across imports, a suffix only to break a tie, never one id for two
questions; the same ruling recognised through markup, width, spaces and
punctuation; shipped rulings pasted back are reported, not added; a reworded
copy is reported with the difference."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

import toolkit
from toolkit.data import load_rulings, rulings_from_faq
from toolkit.data.ruling_ids import RulingIdentity, assign_ids, id_words, identity_key, romanised

FIXTURES = Path(__file__).parent / "fixtures" / "wiki"
SOURCE = "https://example.org/page"
ID_FORM = re.compile(r"user-(\d{6}|undated)-[a-z0-9]+(-[a-z0-9]+)*")


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def ids(text: str, source: str = SOURCE) -> list[str]:
    return [str(r) for r in toolkit.import_page(text, source=source).rows["ruling_id"]]


def test_ids_are_user_date_words_from_the_cards() -> None:
    page = ("Ｑ：[[《ヒステリック・サイン》]]を捨てた場合は？~\nＡ：発動しません。(16/07/08)\n"
            "Ｑ：《テスト・ドラゴン》は破壊されますか？~\nＡ：いいえ。(17/10/26)\n"
            "Ｑ：[[エンドフェイズ]]に[[チェーン]]できますか？~\nＡ：はい。\n\n")
    assert ids(page) == ["user-160708-hysteric-sign",  # the card's English name
                         "user-171026-tesuto-doragon",  # no English name: its kana, romanised
                         "user-undated-endofeizu-chen"]  # no card: the question's katakana words
    assert all(ID_FORM.fullmatch(r) for r in ids(fixture("faq_page.txt")))


def test_words_and_romanisation() -> None:
    assert id_words(["サイクロン", "死者蘇生", "大嵐"], None) == "mystical-space-monster-reborn"
    assert id_words(["死者蘇生"], None) == "monster-reborn" and id_words(["火"], "何も読めない") == "ruling"
    assert romanised("キャット・シー") == "kyatto-shi" and romanised("シャッフル") == "shaffuru"


def test_ids_are_stable_across_imports_whatever_was_imported_before() -> None:
    first = ids(fixture("faq_page.txt"))
    ids(fixture("card_page.txt"))  # another page, imported in between, with rulings of the same words
    ids("Ｑ：[[《闇・道化師のペーテン》]]を除外した場合は？~\nＡ：いいえ。(13/03/27)\n\n")
    assert ids(fixture("faq_page.txt"), source="https://example.org/other") == first
    assert len(set(first)) == len(first)


def test_a_suffix_only_breaks_a_tie_and_a_cut_page_keeps_the_ids_before_the_cut() -> None:
    one = "Ｑ：《ヒステリック・サイン》を捨てた場合は？~\nＡ：発動しません。(16/07/08)\n\n"
    two = one + "Ｑ：《ヒステリック・サイン》を除外した場合は？~\nＡ：発動しません。(16/07/08)\n\n"
    assert ids(one) == ["user-160708-hysteric-sign"]
    tied = ids(two)
    assert tied[0] == "user-160708-hysteric-sign" and re.fullmatch(r"user-160708-hysteric-sign-[a-z0-9]{4}", tied[1])


def test_a_hundred_thousand_distinct_questions_get_a_hundred_thousand_ids() -> None:
    """The worst case: every question of the same day and card, so every id but
    the first needs its suffix (the fuzz suite draws questions at random)."""
    questions = [f"《ヒステリック・サイン》を{n}枚捨てた場合？" for n in range(100_000)]
    rulings = [RulingIdentity("2016-07-08", ("ヒステリック・サイン",), q) for q in questions]
    first = assign_ids(rulings, english={"ヒステリック・サイン": "Hysteric Sign"})
    assert len(set(first)) == len(first) == 100_000
    assert first[:1] == ["user-160708-hysteric-sign"] and all(ID_FORM.fullmatch(r) for r in first[:1000])
    assert assign_ids(rulings[:1000], english={"ヒステリック・サイン": "Hysteric Sign"}) == first[:1000]


@pytest.mark.parametrize("variant", [
    "[[手札]]調整で[[《ヒステリック・サイン》]]を捨てた場合、効果を発動できますか？",  # markup
    "手札調整で《ヒステリック・サイン》を捨てた場合、効果を発動できますか?",  # width of ?
    "手札調整で 《ヒステリック・サイン》を捨てた場合 、効果を発動できますか？",  # spaces
    "手札調整で《ヒステリック・サイン》を捨てた場合効果を発動できますか。",  # punctuation
])
def test_the_same_ruling_through_markup_width_spaces_and_punctuation(variant: str) -> None:
    plain = "手札調整で《ヒステリック・サイン》を捨てた場合、効果を発動できますか？"
    key = identity_key(RulingIdentity("2016-07-08", ("ヒステリック・サイン",), plain))
    assert identity_key(RulingIdentity(pd.Timestamp("2016-07-08"), ["ヒステリック・サイン"], variant)) == key
    page = f"Ｑ：{plain}~\nＡ：いいえ。(24/01/05)\nＱ：{variant}~\nＡ：いいえ。(24/01/05)\n\n"
    rows, report = toolkit.import_page(page, source=SOURCE)
    assert len(rows) == 1 and report.repeated == [(3, rows["ruling_id"].iloc[0])]
    with pytest.raises(toolkit.errors.WikiParseError, match="entries 1 and 2 are the same ruling"):
        rulings_from_faq(page, source=SOURCE)


def test_another_date_other_cards_or_another_answer_are_other_rulings() -> None:
    base = "Ｑ：《ヒステリック・サイン》は？~\nＡ：いいえ。(24/01/05)\n"
    for other in ("Ｑ：《ヒステリック・サイン》は？~\nＡ：いいえ。(24/01/06)\n",
                  "Ｑ：《ヒステリック・サイン》は？~\nＡ：はい。(24/01/05)\n",
                  "Ｑ：《ヒステリック・サイン》と《サイクロン》は？~\nＡ：いいえ。(24/01/05)\n"):
        rows, report = toolkit.import_page(base + other + "\n", source=SOURCE)
        assert len(rows) == 2 and rows["ruling_id"].is_unique and not report.repeated


def _shipped_page() -> tuple[str, int]:
    """Every shipped ruling with a question, and every dated one without, written back as a wiki page."""
    lines = ["**FAQ [#faq]"]
    count = 0
    for row in load_rulings().itertuples():
        hidden = "//" if row.hidden_in_source else ""
        answer = str(row.answer_ja).replace("\n", f"~\n{hidden}\u3000")
        date = "" if pd.isna(row.date) else row.date.strftime("(%y/%m/%d)")
        if isinstance(row.question_ja, str):
            question = row.question_ja.replace("\n", f"~\n{hidden}\u3000")
            lines += [f"{hidden}Ｑ：{question}~", f"{hidden}Ａ：{answer}{date}", ""]
        elif date:
            lines += [f"-{answer}{date}", ""]
        else:
            continue
        count += 1
    return "\n".join(lines), count


def test_every_shipped_ruling_pasted_back_is_reported_and_nothing_is_added() -> None:
    page, count = _shipped_page()
    rows, report = toolkit.import_page(page, source=SOURCE)
    assert rows.empty, rows[["ruling_id", "question_ja"]]
    assert len(report.duplicates) == count == len(report.entries)
    assert all(f"already shipped as {rid}" in str(report) for _, rid in report.duplicates)


def test_a_reworded_copy_is_matched_and_the_difference_reported() -> None:
    shipped = load_rulings().set_index("ruling_id").loc["ocg-160708-hysteric-sign-adjustment"]
    question = str(shipped["question_ja"]).replace("墓地へ捨てた", "墓地に送った")
    page = f"Ｑ：{question}~\nＡ：{shipped['answer_ja']}(16/07/08)\n\n"
    rows, report = toolkit.import_page(page, source=SOURCE)
    assert rows.empty and report.duplicates == [(1, "ocg-160708-hysteric-sign-adjustment")]
    assert report.entries[0].difference == "「へ捨て」→「に送っ」"
    assert ("line 1: a reworded copy of ocg-160708-hysteric-sign-adjustment, already shipped; not added "
            "(the question differs: 「へ捨て」→「に送っ」)") in str(report)
    unlike = page.replace("効果を発動することはできますか", "ライフを払えますか")
    assert len(toolkit.import_page(unlike, source=SOURCE).rows) == 1  # not alike enough: another ruling


@pytest.mark.seeds
@pytest.mark.parametrize("seed", ["000", "001", "002", "004"])
def test_the_source_pages_import_nothing_new(seeds_dir: Path, seed: str) -> None:
    """Every entry and dated prose bullet of the pages the packaged table was read from is recognised as
    the shipped ruling (through rendered copies, premise cards and prose restating an answer)."""
    page = next(seeds_dir.glob(f"{seed}_*.txt"))
    rows, report = toolkit.import_page(page.read_text(encoding="utf-8"), source=page.name)
    assert rows.empty, rows[["ruling_id", "kind", "question_ja", "answer_ja"]]
    assert len(report.duplicates) == len(report.entries) > 0
