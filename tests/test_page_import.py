"""Real pages in: toolkit.wiki.read_page and toolkit.import_page on every form a
saved page comes in (tests/fixtures/wiki, written for these tests in the wiki's
style), one test per markup form and per failure of the user trial."""

from __future__ import annotations

import datetime as dt
import io
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import toolkit
from toolkit.cli.app import run_with_streams
from toolkit.data import load_rulings, rulings_from_faq, save_rulings
from toolkit.data.page_import import normalised_question, page_title_card
from toolkit.errors import WikiParseError
from toolkit.wiki import FaqEntry, parse_faq, read_page, read_verdict

FIXTURES = Path(__file__).parent / "fixtures" / "wiki"
SOURCE = "https://example.org/page"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def whole(entries: list[FaqEntry]) -> list[FaqEntry]:
    """Entries without the cut-page mark (to compare a cut page's with the whole one's)."""
    return [replace(e, possibly_incomplete=False) for e in entries]


def assert_same(entry: FaqEntry, expected: FaqEntry, *, last: bool, where: object = None) -> None:
    """A complete entry of a cut page is the whole page's. The last one, ended by its date with the
    text, is taken as whole (issue 30: only a missing answer, date or closing punctuation marks it):
    the editors' notes and a quoted passage written after it may be cut off — they are the first of
    the whole page's."""
    if last:
        assert entry.notes == expected.notes[: len(entry.notes)], where
        assert entry.rules == expected.rules[: len(entry.rules)], where
        entry, expected = replace(entry, notes=(), rules=()), replace(expected, notes=(), rules=())
    assert entry == expected, where


# --------------------------------------------------------------------------
# One bad entry no longer loses the page
# --------------------------------------------------------------------------


def test_a_question_without_answer_is_a_warning_and_the_other_entries_are_read() -> None:
    read = read_page(fixture("truncated.txt"), source="truncated.txt")
    assert [e.line for e in read.entries] == [2, 5, 7]
    assert read.warnings == ["line 4: question has no answer (another question at line 5); the question is not "
                             "imported"]
    assert read.skipped == [4]
    last = read.entries[-1]
    assert last.possibly_incomplete and last.answer_ja == ""
    assert [e.possibly_incomplete for e in read.entries[:2]] == [False, False]


def test_the_strict_reader_still_refuses_what_the_tolerant_one_warns_about() -> None:
    with pytest.raises(WikiParseError, match="question has no answer"):
        parse_faq(fixture("truncated.txt"))


@pytest.mark.parametrize(("text", "warning", "kept"), [
    ("Ａ：はい。(12/08/08)\nＱ：b?~\nＡ：いいえ。(13/03/30)", "line 1: answer (Ａ) without a question", 1),
    ("Ｑ：a?~\nＡ：b。(13/13/40)\nＱ：c?~\nＡ：いいえ。(13/03/30)", "line 2: impossible date (13/13/40)", 2),
    ("Ｑ：a?~\n***見出し\nＱ：c?~\nＡ：いいえ。(13/03/30)", "line 1: question has no answer (a heading", 1),
    ("Ｑ：~\nＡ：b。(12/08/08)\nＱ：c?~\nＡ：いいえ。(13/03/30)", "line 1: empty question", 1),
])
def test_each_problem_names_its_line_and_what_was_kept(text: str, warning: str, kept: int) -> None:
    read = read_page(text)
    assert len(read.entries) == kept and read.entries[-1].answer_ja == "いいえ。"
    assert len(read.warnings) == 1 and read.warnings[0].startswith(warning)
    assert re.search(r"; (the|its) .*(imported|kept)|not imported", read.warnings[0])


def test_an_impossible_date_keeps_the_ruling_undated_with_its_date_in_the_answer() -> None:
    (entry, _) = read_page("Ｑ：a?~\nＡ：b。(13/13/40)\nＱ：c?~\nＡ：いいえ。(13/03/30)").entries
    assert entry.date is None and entry.answer_ja == "b。(13/13/40)"


# --------------------------------------------------------------------------
# Each markup form
# --------------------------------------------------------------------------


def test_ascii_marks_and_hidden_ascii_entries() -> None:
    read = read_page(fixture("ascii_hidden.txt"))
    assert [(e.line, e.hidden, e.date.isoformat() if e.date else None) for e in read.entries] == [
        (2, False, "2014-07-10"), (4, True, "2013-03-30"), (7, False, "2015-01-09"), (9, True, "2012-01-05")]
    assert read.entries[1].notes == ("古い前提の裁定のため",)
    assert read.entries[3].question_ja == read.entries[2].question_ja  # a hidden second answer
    assert read.entries[2].question_ja.startswith("手札調整で")  # "Q: " with its space
    assert read.warnings == []


@pytest.mark.parametrize("question", ["//Q:", "// Q:", "///Q:", "//Ｑ：", "// Ｑ：", "//Q.", "//>Q.", "// >Q.", "//Ｑ．"])
@pytest.mark.parametrize("answer", ["//A:", "// Ａ：", "//>A.", "//Ａ．"])
def test_every_hidden_form_is_read_as_hidden(question: str, answer: str) -> None:
    text = f"Ｑ：見える質問？~\nＡ：はい。(12/08/08)\n{question}隠れた質問？~\n{answer}いいえ。(13/03/30)\n\n"
    visible, hidden = read_page(text).entries
    assert not visible.hidden and hidden.hidden
    assert (hidden.question_ja, hidden.answer_ja) == ("隠れた質問？", "いいえ。")


def test_a_duel_masters_page_is_of_that_game() -> None:
    rows, _ = toolkit.import_page(fixture("dm_quote.txt"), source="dm_quote.txt")
    assert (rows["game"] == "duel_masters").all()
    assert (toolkit.import_page(fixture("ascii_hidden.txt"), source=SOURCE).rows["game"] == "ocg").all()


def test_full_width_markup_reads_as_parse_faq_reads_it() -> None:
    assert whole(read_page(fixture("faq_page.txt")).entries) == parse_faq(fixture("faq_page.txt"))


def test_duel_masters_quote_blocks_keep_the_rules_passage_apart() -> None:
    first, second, hidden = read_page(fixture("dm_quote.txt")).entries
    assert first.question_ja.count("\n") == 1 and first.answer_ja == "はい、ターン・プレイヤーの能力から先に解決します。"
    assert first.rules == ("409.1b 待機状態の能力は、ターン・プレイヤーのものから解決する。《テスト・ゴースト》の例を参照。",)
    assert "テスト・ゴースト" not in first.cards and first.cards == ("テスト・ドラゴン", "テスト・ナイト")
    assert second.answer_ja == "いいえ、アンタップしません。\n次の自分のターンの開始時にアンタップします。"
    assert second.rules[0].startswith("511.") and "テスト・ワイバーン" not in second.cards
    assert hidden.hidden and hidden.answer_ja == "はい、破壊されます。"
    assert (first.section, first.anchor) == ("公式Q&A", "qa")


def test_a_rendered_duel_masters_copy_without_quote_marks() -> None:
    read = read_page(fixture("dm_rendered.txt"))
    assert read.kind == "rendered"
    first, second = read.entries
    assert first.rules and "テスト・ゴースト" not in first.cards and "409.1b" not in first.answer_ja
    assert second.answer_ja.endswith("開始時にアンタップします。") and "引用元" not in second.answer_ja


def test_a_diff_page_reads_either_revision() -> None:
    new = read_page(fixture("diff_page.txt"))
    old = read_page(fixture("diff_page.txt"), revision="old")
    assert new.diff and old.diff and new.warnings == old.warnings == []
    assert [(e.date.isoformat(), e.hidden) for e in new.entries if e.date] == [
        ("2016-07-08", False), ("2013-03-30", True), ("2015-10-26", False), ("2017-10-26", False)]
    assert [(e.date.isoformat(), e.hidden) for e in old.entries if e.date] == [
        ("2013-03-30", False), ("2015-10-26", False)]
    assert old.entries[1].notes == ("編集中の古い注記",) and new.entries[2].notes == ()


def test_a_list_item_is_not_a_diff_line() -> None:
    assert not read_page(fixture("faq_page.txt")).diff  # its "-この行は本文です。"


def test_windows_line_ends_and_a_byte_order_mark_change_nothing() -> None:
    text = fixture("faq_page.txt")
    assert read_page("\ufeff" + text.replace("\n", "\r\n")).entries == read_page(text).entries


def test_flattened_pages_still_read() -> None:
    text = fixture("faq_page.txt").rstrip("\n").replace("\n", " ")
    assert whole(read_page(text).entries) == parse_faq(fixture("faq_page.txt"))


# --------------------------------------------------------------------------
# A cut page: every entry but the cut one is the whole page's
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["faq_page.txt", "dm_quote.txt", "diff_page.txt", "ascii_hidden.txt"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_page_cut_at_any_character_keeps_every_complete_entry(name: str, data: st.DataObject) -> None:
    text = fixture(name)
    at = data.draw(st.integers(min_value=0, max_value=len(text)), label="cut at")
    expected = whole(read_page(text).entries)
    cut = read_page(text[:at]).entries
    assert len(cut) <= len(expected)
    for i, entry in enumerate(cut):
        if not entry.possibly_incomplete:
            assert_same(entry, expected[i], last=i == len(cut) - 1, where=at)
    assert all(not e.possibly_incomplete for e in cut[:-1])


CUT_FIXTURES = ["faq_page.txt", "dm_quote.txt", "dm_rendered.txt", "diff_page.txt", "ascii_hidden.txt",
                "card_page.txt", "truncated.txt", "phase_style.txt"]


@pytest.mark.parametrize("name", CUT_FIXTURES)
def test_a_page_cut_near_any_line_break_keeps_every_complete_entry(name: str) -> None:
    """The cuts that once went wrong, every time: just before or after a line break,
    and one or two characters into the next line (a lone ``/``, ``//``, ``>``)."""
    text = fixture(name)
    expected = whole(read_page(text).entries)
    breaks = [i for i, ch in enumerate(text) if ch == "\n"]
    for at in sorted({min(len(text), max(0, b + d)) for b in breaks for d in (-1, 0, 1, 2, 3)}):
        cut = read_page(text[:at]).entries
        for i, entry in enumerate(cut):
            if not entry.possibly_incomplete:
                assert_same(entry, expected[i], last=i == len(cut) - 1, where=(at, text[max(0, at - 20):at]))


def test_a_page_that_ends_with_a_dated_answer_is_whole() -> None:
    """Only a missing answer, date or closing punctuation marks the last entry (a dated answer that
    ends the text ends its entry); comment lines after it, a quoted or rendered answer that may run
    on, still mark it."""
    page = "Ｑ：a?~\nＡ：はい、できます。(16/07/08)\nＱ：b?~\nＡ：いいえ、できません。(17/10/26)"
    assert toolkit.import_page(page, source=SOURCE).report.incomplete == []
    assert toolkit.import_page(page + "\n", source=SOURCE).report.incomplete == []
    for open_end in ("\n//注", "\n/", "[:-1]", ""):
        text = page[:-1] if open_end == "[:-1]" else page + open_end
        if open_end == "":
            text = page.replace("(17/10/26)", "")
        assert toolkit.import_page(text, source=SOURCE).report.incomplete == [3], open_end
    quoted = ">Q.a?\n>A.はい、できます。"
    assert toolkit.import_page(quoted, source=SOURCE).report.incomplete == [1]


def test_a_cut_answer_is_imported_possibly_incomplete() -> None:
    text = fixture("faq_page.txt")
    cut = text[: text.index("(17/10/26)")]
    rows, report = toolkit.import_page(cut, source=SOURCE)
    assert report.incomplete == [21]
    last = rows.iloc[-1]
    assert pd.isna(last["date"]) and bool(last["possibly_incomplete"]) and pd.isna(last["status_note"])
    assert not rows["possibly_incomplete"].iloc[:-1].any()
    full, _ = toolkit.import_page(text, source=SOURCE)
    pd.testing.assert_frame_equal(rows.iloc[:-1], full.iloc[: len(rows) - 1])


# --------------------------------------------------------------------------
# The page's card, verdicts
# --------------------------------------------------------------------------


def test_the_page_card_joins_rulings_saying_this_card_or_naming_none() -> None:
    rows, report = toolkit.import_page(fixture("card_page.txt"), source=SOURCE)
    assert report.page_card == "テスト・ドラゴン"
    assert rows["cards"].tolist() == [["テスト・ドラゴン"], ["テスト・ドラゴン"], ["テスト・ナイト"]]
    named, _ = toolkit.import_page(fixture("card_page.txt"), source=SOURCE, page_card="テスト・ワイバーン")
    assert named["cards"].iloc[0] == ["テスト・ワイバーン"]


def test_a_title_that_is_a_shipped_card_is_the_page_card() -> None:
    assert page_title_card("ヒステリック・サイン\nＱ：…") == "ヒステリック・サイン"
    assert page_title_card("**FAQ [#faq]\nＱ：このカードは？") is None


@pytest.mark.parametrize(("answer", "question", "verdict", "words"), [
    ("はい、できます。", None, "yes", "はい"),
    ("いいえ、できません。", None, "no", "いいえ"),
    ("調整中。", None, "under_review", "調整中"),
    ("その通りです。", None, "yes", "その通り"),
    ("二度目の発動はしません。", "手札調整で捨てた場合、効果は発動しますか？", "no", "しません"),
    ("《サイクロン》を発動できます。", "《サイクロン》を発動できますか？", "yes", "できます"),
    ("そのモンスターが効果を発動した場合に限り発動できます。", "発動できますか？", "conditional", "に限り"),
    ("ターンプレイヤーから処理します。", "どちらの効果から処理しますか？", "explanation", "どちら"),
    ("墓地へ送られます。", "手札に戻りますか？", "unknown", ""),
])
def test_verdict_rules(answer: str, question: str | None, verdict: str, words: str) -> None:
    found = read_verdict(answer, question)
    assert (found.verdict, found.words.endswith(words)) == (verdict, True)


def test_unknown_verdicts_are_counted() -> None:
    rows, report = toolkit.import_page("Ｑ：手札に戻りますか？~\nＡ：墓地へ送られます。(24/01/05)\n\n", source=SOURCE)
    assert rows["verdict"].tolist() == ["unknown"] and report.unknown_verdicts == rows["ruling_id"].tolist()
    assert "1 verdict unknown" in str(report)
    words = report.frame().loc[0, "verdict_words"]
    assert words == ""


# --------------------------------------------------------------------------
# Round trip
# --------------------------------------------------------------------------


ROUND_TRIP_FIXTURES = ["faq_page.txt", "dm_quote.txt", "card_page.txt", "truncated.txt", "impossible_date.txt",
                       "prose_bullets.txt", "diff_page.txt", "ascii_hidden.txt"]


def round_trip(rows: pd.DataFrame, path: Path, how: str) -> pd.DataFrame:
    if how == "pandas.csv":
        rows.to_csv(path)
    else:
        save_rulings(rows, path)
    back = load_rulings(extra=path)
    return back.iloc[-len(rows):].reset_index(drop=True)


@pytest.mark.parametrize("how", ["pandas.csv", "save.csv", "save.yaml"])
@pytest.mark.parametrize("maker", ["rulings_from_faq", "import_page"])
def test_every_table_returned_loads_back_unchanged(tmp_path: Path, how: str, maker: str) -> None:
    text = fixture("faq_page.txt")
    rows = (rulings_from_faq(text, source=SOURCE) if maker == "rulings_from_faq"
            else toolkit.import_page(text, source=SOURCE).rows)
    pd.testing.assert_frame_equal(round_trip(rows, tmp_path / how, how), rows.reset_index(drop=True))


@pytest.mark.parametrize("how", ["pandas.csv", "save.csv", "save.yaml"])
@pytest.mark.parametrize("name", ROUND_TRIP_FIXTURES)
def test_the_columns_of_an_import_load_back_unchanged(tmp_path: Path, how: str, name: str) -> None:
    """Every form's rows, with what the import keeps besides the entry (possibly_incomplete, an answer
    that never came, the quoted passage, the editors' notes, the page's card, the warnings, prose rows)."""
    rows = toolkit.import_page(fixture(name), source=SOURCE).rows
    assert len(rows)
    pd.testing.assert_frame_equal(round_trip(rows, tmp_path / how, how), rows.reset_index(drop=True))


def test_the_fixtures_fill_every_column_of_an_import() -> None:
    """The round trip above sees each new column filled somewhere (else it would prove nothing)."""
    rows = pd.concat([toolkit.import_page(fixture(n), source=SOURCE).rows for n in ROUND_TRIP_FIXTURES])
    for column in ("quoted_passage", "editors_notes", "page_card", "import_warnings"):
        assert rows[column].notna().any(), column
    assert rows["possibly_incomplete"].any() and not rows["possibly_incomplete"].all()
    assert rows["answer_ja"].isna().any() and (rows["kind"] == "prose_ruling").any()
    assert rows["question_ja"].isna().any() and rows["date"].isna().any() and rows["hidden_in_source"].any()


PIECES = st.sampled_from([
    "Ｑ：《テスト・ドラゴン》は[[破壊]]されますか？~\nＡ：いいえ。(16/07/08)",
    "Q:《テスト・ナイト》は？\nA:はい、できます。(17/10/26)",
    "//Ｑ：古い質問ですか？~\n//Ａ：はい。(13/03/30)\n//古い裁定のため",
    "-[[手札]]調整の後で調整を行う。(09/10/28)",
    ">Q.《テスト・ゴースト》は?\n>A.いいえ、しません。\n>\n>409.1b 《テスト・ワイバーン》の例。",
    "***見出し [#h1]",
    "Ｑ：このカードは？~\nＡ：日付の壊れた回答。(13/13/40)",
    "Ｑ：回答のない質問ですか？~",
    "",
])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(PIECES, min_size=1, max_size=8), cut=st.integers(min_value=0, max_value=400),
       how=st.sampled_from(["pandas.csv", "save.csv", "save.yaml"]))
def test_any_imported_table_loads_back_unchanged(tmp_path: Path, pieces: list[str], cut: int, how: str) -> None:
    text = ("*《テスト・ドラゴン》\n" + "\n".join(pieces))[: max(1, len("\n".join(pieces)) + 12 - cut)]
    if not text.strip():
        return
    rows = toolkit.import_page(text, source=SOURCE).rows
    if len(rows):
        pd.testing.assert_frame_equal(round_trip(rows, tmp_path / how, how), rows.reset_index(drop=True))


# --------------------------------------------------------------------------
# Identity and duplicates
# --------------------------------------------------------------------------


def test_a_ruling_the_table_ships_is_reported_not_added() -> None:
    shipped = load_rulings().set_index("ruling_id").loc["ocg-160708-hysteric-sign-adjustment"]
    question = str(shipped["question_ja"]).replace("《ヒステリック・サイン》", "[[《ヒステリック・サイン》]]")
    question = question.replace("？", "?").replace("、", " 、")
    page = (f"***手札調整について [#faq1]\nＱ：{question}~\nＡ：{shipped['answer_ja']}(16/07/08)\n"
            "Ｑ：《ヒステリック・サイン》を二枚捨てた場合は？~\nＡ：いいえ。(16/07/08)\n\n")
    rows, report = toolkit.import_page(page, source=SOURCE)
    assert report.duplicates == [(2, "ocg-160708-hysteric-sign-adjustment")]
    assert len(rows) == 1 and "already shipped as ocg-160708-hysteric-sign-adjustment" in str(report)
    assert len(report.entries) == 2  # every entry accounted for


def test_normalised_questions_fold_markup_width_spaces_and_punctuation() -> None:
    assert normalised_question("[[《ＴＧ ストライカー》]]は、発動できますか？") == normalised_question("《TG ストライカー》は発動できますか?")
    assert normalised_question("発動できますか") != normalised_question("発動できませんか")


def test_a_page_repeating_a_ruling_imports_it_once() -> None:
    """(Ids themselves: tests/test_ruling_ids.py.)"""
    rows, report = toolkit.import_page("Ｑ：a?~\nＡ：はい。(24/01/05)\nＱ：a?~\nＡ：はい。(24/01/05)\n\n", source=SOURCE)
    assert len(rows) == 1 and report.repeated == [(3, rows["ruling_id"].iloc[0])]


def test_the_report_accounts_for_every_entry() -> None:
    rows, report = toolkit.import_page(fixture("truncated.txt"), source=SOURCE)
    assert [(e.line, e.outcome) for e in report.entries] == [
        (2, "imported"), (4, "not imported"), (5, "imported"), (7, "imported")]
    # the question whose answer never came is a row of its own, marked, its answer blank
    assert len(rows) == 3 and report.incomplete == [7]
    assert rows["possibly_incomplete"].tolist() == [False, False, True] and pd.isna(rows["answer_ja"].iloc[-1])
    assert rows["verdict"].iloc[-1] == "unknown"
    assert "1 possibly incomplete" in str(report).splitlines()[0]
    assert len(report.imported) + len(report.not_imported) == len(report.entries)
    assert all(not re.search(r"FaqEntry|\[\'|None", line) for line in report.lines())


def test_bad_arguments_are_one_line() -> None:
    for call, words in ((lambda: toolkit.import_page(5, source=SOURCE), "an int"),  # type: ignore[arg-type]
                        (lambda: toolkit.import_page("Ｑ：a", source=" "), "give the URL"),
                        (lambda: toolkit.import_page("  ", source=SOURCE), "the page is empty"),
                        (lambda: toolkit.import_page("Ｑ：a", source=SOURCE, revision="x"), "new or old")):
        with pytest.raises(WikiParseError, match=words):
            call()


# --------------------------------------------------------------------------
# The command line
# --------------------------------------------------------------------------


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_with_streams(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_cli_import_writes_the_rows_and_reports(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    status, out, err = _cli("import", str(FIXTURES / "card_page.txt"), str(FIXTURES / "diff_page.txt"),
                            "--out", str(target))
    assert (status, err) == (0, "")
    assert "3 imported" in out and "7 rulings written to" in out
    table = load_rulings(extra=target)
    assert len(table) == len(load_rulings()) + 7


def test_pages_imported_together_never_share_an_id_and_write_a_ruling_once(tmp_path: Path) -> None:
    """Ids carry words, not a hash of everything: the second page's other question on the same day and
    card is told apart by its suffix, and its copy of the first page's ruling is written once."""
    first = "Ｑ：《ヒステリック・サイン》を捨てた場合は？~\nＡ：発動しません。(24/01/05)\n\n"
    second = "Ｑ：《ヒステリック・サイン》を除外した場合は？~\nＡ：発動しません。(24/01/05)\n\n" + first
    (tmp_path / "a.txt").write_text(first, encoding="utf-8")
    (tmp_path / "b.txt").write_text(second, encoding="utf-8")
    status, out, err = _cli("import", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "--out",
                            str(tmp_path / "mine.csv"))
    assert status == 0 and "2 rulings written" in out
    mine = load_rulings(extra=tmp_path / "mine.csv").iloc[len(load_rulings()):]
    assert mine["ruling_id"].tolist()[0] == "user-240105-hysteric-sign" and mine["ruling_id"].is_unique
    assert mine["question_ja"].tolist() == ["《ヒステリック・サイン》を捨てた場合は？", "《ヒステリック・サイン》を除外した場合は？"]
    assert f"line 4: the same ruling as user-240105-hysteric-sign of {tmp_path / 'a.txt'}; imported once" in out
    rows, report = toolkit.import_page(second, source=SOURCE, existing=mine)
    assert rows.empty and len(report.repeated) == 2


def test_cli_import_rows_on_standard_output_report_on_standard_error() -> None:
    status, out, err = _cli("import", str(FIXTURES / "ascii_hidden.txt"), "--card", "テスト・ナイト")
    assert status == 0 and out.startswith("ruling_id,") and len(out.strip().splitlines()) == 5
    assert "4 entries — 4 imported (2 hidden" in err


@pytest.mark.parametrize(("argv", "words"), [
    (("import", "no-such-page.txt"), "no-such-page.txt"),
    (("import", "{fixtures}/card_page.txt", "--out", "x.txt"), "--out"),
    (("import", "{fixtures}/card_page.txt", "--card", " "), "--card"),
])
def test_cli_import_bad_input_is_one_line_and_status_2(argv: tuple[str, ...], words: str) -> None:
    status, out, err = _cli(*(a.format(fixtures=FIXTURES) for a in argv))
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err
    assert "Traceback" not in err


def test_cli_import_help_has_examples() -> None:
    status, out, _ = _cli("import", "--help")
    assert status == 0 and "examples:" in out and "--card NAME" in out and "--out FILE" in out


def test_dates_before_the_tables_range_are_imported_undated() -> None:
    rows, report = toolkit.import_page("Ｑ：古い？~\nＡ：はい。(97/01/01)\n\n", source=SOURCE)
    assert len(rows) == 1 and pd.isna(rows["date"].iloc[0])
    assert report.warnings[0].startswith("line 1: date") and report.warnings[0].endswith("imported undated")
    assert dt.date(1997, 1, 1) == read_page("Ｑ：古い？~\nＡ：はい。(97/01/01)").entries[0].date


# --------------------------------------------------------------------------
# Page history
# --------------------------------------------------------------------------


def test_ruling_history_across_revisions(tmp_path: Path) -> None:
    saved = tmp_path / "2017.txt"  # a revision may be a file
    saved.write_text(read_page_text("new"), encoding="utf-8")
    history = toolkit.ruling_history({
        "2015-01-01": read_page_text("old"),
        "2017-01-01": saved,
        dt.date(2018, 1, 1): "Ｑ：[[《テスト・ナイト》]]の[[効果]]を[[発動]]できますか?~\nＡ：調整中です。(15/10/26)\n",
    })

    def ruling(card: str, date: str) -> Any:
        (found,) = [r for r in history.itertuples() if r.question_ja.startswith(f"《{card}》")
                    and r.ruling_date == pd.Timestamp(date)]
        return found

    dragon_old = ruling("テスト・ドラゴン", "2013-03-30")
    assert dragon_old.first_seen == pd.Timestamp("2015-01-01") and dragon_old.hidden_since == pd.Timestamp("2017-01-01")
    assert dragon_old.removed_since == pd.Timestamp("2018-01-01")
    knight = ruling("テスト・ナイト", "2015-10-26")
    assert knight.reworded == ["2018-01-01"] and pd.isna(knight.removed_since) and pd.isna(knight.hidden_since)
    ghost = ruling("テスト・ゴースト", "2017-10-26")
    assert ghost.first_seen == pd.Timestamp("2017-01-01") and ghost.removed_since == pd.Timestamp("2018-01-01")
    assert len(history) == 4


def read_page_text(revision: str) -> str:
    """One revision of the diff fixture, as the page read then."""
    keep, drop = ("+", "-") if revision == "new" else ("-", "+")
    lines = [line[1:] if line.startswith(keep) else line for line in fixture("diff_page.txt").split("\n")
             if not line.startswith(drop)]
    return "\n".join(lines)


def test_only_a_ruling_marked_possibly_incomplete_may_lack_its_answer() -> None:
    row = {"ruling_id": "user-240105-x", "date": "2024-01-05", "question_ja": "《サイクロン》は？",
           "source": "https://example.org"}
    with pytest.raises(toolkit.errors.DataError, match="row 1, column 'answer_ja': a value is required .*"
                                                        "only a ruling marked possibly_incomplete"):
        load_rulings(extra=[row])
    loaded = load_rulings(extra=[{**row, "possibly_incomplete": True}]).iloc[-1]
    assert pd.isna(loaded["answer_ja"]) and bool(loaded["possibly_incomplete"])
