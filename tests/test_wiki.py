"""toolkit.wiki: the FAQ markup reader and writer.

On small fixtures (tests/fixtures/wiki) that pin each markup rule, and on the
real seed pages (the ``seeds_dir`` fixture), in both the newline form and the
flattened one-line form of seed 000.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from dataclasses import replace
from pathlib import Path

import pytest

from toolkit.errors import ToolkitError, WikiParseError
from toolkit.wiki import (
    FaqEntry,
    card_names,
    clean_markup,
    entries_to_frame,
    page_lines,
    parse_faq,
    parse_plain,
    restore_line_breaks,
    source_lines,
    write_faq,
)

# The seed file names, as in tests/conftest.py (importing `conftest` by name is
# ambiguous once tests/browser/conftest.py is collected too).
SEED_000 = "000_a9e0e0f7c8ec137b.txt"
SEED_001 = "001_a292a77a254a02c3.txt"
SEED_002 = "002_756b9499af651e6b.txt"

FIXTURES = Path(__file__).parent / "fixtures" / "wiki"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def flatten(text: str) -> str:
    """What happened to seed 000: every newline became one space."""
    return text.rstrip("\n").replace("\n", " ")


@pytest.fixture(scope="module")
def page() -> list[FaqEntry]:
    return parse_faq(fixture("faq_page.txt"), source="faq_page.txt")


@pytest.fixture(scope="module")
def seed_000(seeds_dir: Path) -> list[FaqEntry]:
    return parse_faq((seeds_dir / SEED_000).read_text(encoding="utf-8"), source=SEED_000)


@pytest.fixture(scope="module")
def seed_002(seeds_dir: Path) -> list[FaqEntry]:
    return parse_faq((seeds_dir / SEED_002).read_text(encoding="utf-8"), source=SEED_002)


def by_date(entries: list[FaqEntry], when: str, hidden: bool | None = None) -> list[FaqEntry]:
    day = dt.date.fromisoformat(when)
    return [e for e in entries if e.date == day and (hidden is None or e.hidden == hidden)]


# --------------------------------------------------------------------------
# Markup rules, one fixture page
# --------------------------------------------------------------------------


def test_fixture_page_entries_in_order(page: list[FaqEntry]) -> None:
    assert [(e.date.isoformat() if e.date else None, e.hidden) for e in page] == [
        ("2013-03-27", False),
        ("2016-07-08", False),
        ("2013-03-30", True),
        (None, False),
        ("2014-06-04", True),
        ("2017-10-26", False),
        ("2015-10-26", True),
        (None, False),
    ]
    assert [e.line for e in page] == [6, 9, 12, 13, 16, 21, 26, 31]
    assert all(e.source == "faq_page.txt" for e in page)


def test_multi_line_question_joins_lines_and_cleans_links(page: list[FaqEntry]) -> None:
    peten = page[0]
    assert peten.question_ja == "手札調整で《闇・道化師のペーテン》を墓地へ捨てた場合、\n効果を発動できますか？"
    assert peten.answer_ja == "はい、できます。"
    assert peten.cards == ("闇・道化師のペーテン",)
    assert peten.verdict_hint == "yes"
    assert (peten.topic, peten.section, peten.anchor) == ("手札調整について", "手札調整について", "faq1")


def test_hidden_answer_after_visible_one_is_a_second_ruling_on_the_same_question(page: list[FaqEntry]) -> None:
    visible, hidden = page[1], page[2]
    assert (visible.hidden, hidden.hidden) == (False, True)
    assert hidden.question_ja == visible.question_ja
    assert (visible.answer_ja, hidden.answer_ja) == ("発動しません。", "はい、できます。")
    assert (visible.verdict_hint, hidden.verdict_hint) == (None, "yes")
    assert hidden.notes == ("編集し忘れ分",)
    assert visible.notes == ()


def test_answer_without_date_and_under_review(page: list[FaqEntry]) -> None:
    review = page[3]
    assert review.date is None and review.date_precision == "none"
    assert review.answer_ja == "調整中。"
    assert review.verdict_hint == "under_review"
    assert review.question_ja == "公式ルールブックに書かれていない処理はありますか？"  # [[text:url]] link
    last = page[-1]
    assert (last.answer_ja, last.date, last.verdict_hint) == ("その通りです。", None, None)


def test_hidden_entry_with_triple_slash_continuation_and_notes(page: list[FaqEntry]) -> None:
    gadget = page[4]
    assert gadget.hidden
    assert gadget.question_ja == "《暗黒界の書物》で《レッド・ガジェット》を特殊召喚しました。\n自分は《強烈なはたき落とし》を発動できますか。"
    assert gadget.cards == ("暗黒界の書物", "レッド・ガジェット", "強烈なはたき落とし")
    # The note above it follows a visible entry: it labels this one; the note
    # below it (before a heading) explains it.
    assert gadget.notes == ("以下、古い裁定をコメントアウト", "古い前提の裁定のため")
    assert gadget.verdict_hint == "no"


def test_note_inside_visible_question_and_multi_line_answer(page: list[FaqEntry]) -> None:
    farfa = page[5]
    assert farfa.topic == "ターン終了時" and farfa.anchor == "faq2"
    assert farfa.question_ja == "自分ターンに《彼岸の悪鬼 ファーファレル》がいます。\n《マクロコスモス》が適用されている場合、除外されますか？"
    assert farfa.notes == ("この時、効果は発動しないことを踏まえて",)
    assert farfa.answer_ja == "はい、除外されます。\nなお、《死霊の誘い》も適用されます。"
    assert farfa.cards == ("彼岸の悪鬼 ファーファレル", "マクロコスモス", "死霊の誘い")


def test_trailing_notes_of_hidden_entry(page: list[FaqEntry]) -> None:
    ua = page[6]
    assert ua.question_ja.endswith("\n相手ターンにしか発動できない点に注意してください。")
    assert ua.notes == ("現在の裁定と矛盾するため", "https://example.org/faq?fid=8021")
    assert page[7].notes == ()


def test_comment_lines_far_from_entries_are_not_notes(page: list[FaqEntry]) -> None:
    assert not any("本文の中のコメント行" in n for e in page for n in e.notes)


def test_indented_continuations_and_blank_lines_of_the_phase_page_style() -> None:
    first, second = parse_faq(fixture("phase_style.txt"))
    assert first.question_ja == "フェイズに入ってまだ何も行っていない状況で、優先権を放棄できますか？\n可能な場合、そのフェイズを続けられますか？"
    assert first.answer_ja == "その場合、ターンプレイヤーは優先権を放棄できません。\n基本的に、そのフェイズは終了します。"
    assert first.date == dt.date(2012, 10, 4)
    assert (first.topic, first.section, first.anchor) == (None, "FAQ", "faq")
    assert second.date == dt.date(2011, 12, 22)


def test_the_date_closes_the_answer() -> None:
    text = "Ｑ：a?~\nＡ：b。(12/08/08)~\n//注記\n　　本文の続き"
    (entry,) = parse_faq(text)
    assert entry.answer_ja == "b。" and entry.notes == ("注記",)
    (open_answer,) = parse_faq(text.replace("(12/08/08)", ""))
    assert open_answer.answer_ja == "b。\n本文の続き" and open_answer.date is None


def test_years_before_2000() -> None:
    (entry,) = parse_faq("Ｑ：古い裁定？~\nＡ：はい。(99/12/31)")
    assert entry.date == dt.date(1999, 12, 31)


# --------------------------------------------------------------------------
# Flattened pages
# --------------------------------------------------------------------------


def test_flattened_fixture_restores_every_line_break() -> None:
    text = fixture("faq_page.txt").rstrip("\n")
    assert restore_line_breaks(flatten(text)) == text


def test_flattened_and_newline_forms_give_the_same_entries(page: list[FaqEntry]) -> None:
    flat = parse_faq(flatten(fixture("faq_page.txt")))
    assert flat == page
    assert [e.line for e in flat] == [e.line for e in page]


def test_text_with_newlines_is_not_restored() -> None:
    text = "Ｑ：a~ b~\nＡ：c"
    assert restore_line_breaks(text) == text
    lines, restored = source_lines(text)
    assert not restored and [ln.text for ln in lines] == ["Ｑ：a~ b~", "Ａ：c"]


def test_note_cut_keeps_the_space_inside_card_names() -> None:
    text = "Ｑ：前提です。~ //注記 です [[《彼岸の悪鬼 ファーファレル》]]は除外されますか？~ Ａ：はい。(17/10/26)"
    restored = restore_line_breaks(text).split("\n")
    assert restored == ["Ｑ：前提です。~", "//注記", "です [[《彼岸の悪鬼 ファーファレル》]]は除外されますか？~", "Ａ：はい。(17/10/26)"]


def test_flattened_error_names_character_offset() -> None:
    with pytest.raises(WikiParseError, match=r"paste, line 2 \(line breaks restored; character 7\)"):
        parse_faq("Ｑ：x?~ Ａ：y (13/13/40)", source="paste")


# --------------------------------------------------------------------------
# Link and card helpers
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("markup", "clean"),
    [
        ("[[《サイクロン》]]", "《サイクロン》"),
        ("[[墓地へ捨てた>墓地へ捨てる]]", "墓地へ捨てた"),
        ("[[非ターンプレイヤー>ターンプレイヤー]]", "非ターンプレイヤー"),
        ("[[神々の黄昏>《神竜 ラグナロク》]]", "神々の黄昏"),
        ("[[手札]]", "手札"),
        ("[[公式ルールブック:https://www.yugioh-card.com/japan/howto/#rule_book]]", "公式ルールブック"),
        ("''エンドフェイズまで''", "エンドフェイズまで"),
        ("[[相手((が[[《エフェクト・ヴェーラー》]]", "相手が《エフェクト・ヴェーラー》"),
        ("閉じない]]括弧", "閉じない括弧"),
        ("本文((脚注))の後", "本文((脚注))の後"),
        ("閉じない))脚注", "閉じない脚注"),
        ("((一つ目((二つ目))", "一つ目((二つ目))"),
    ],
)
def test_clean_markup(markup: str, clean: str) -> None:
    assert clean_markup(markup) == clean


def test_card_names_ignore_link_targets_and_keep_order() -> None:
    text = clean_markup("[[神々の黄昏>《神竜 ラグナロク》]]と[[《ＴＧ ストライカー》]]、[[《オネスト》]]、《ＴＧ ストライカー》")
    assert card_names(text) == ("ＴＧ ストライカー", "オネスト")


# --------------------------------------------------------------------------
# Errors: never silently dropped
# --------------------------------------------------------------------------


def test_answer_without_question_names_source_and_line() -> None:
    with pytest.raises(WikiParseError, match=r"^answer_without_question.txt, line 3: answer \(Ａ\) without a question"):
        parse_faq(fixture("answer_without_question.txt"), source="answer_without_question.txt")


def test_impossible_date_names_source_and_line() -> None:
    with pytest.raises(WikiParseError, match=r"^impossible_date.txt, line 3: impossible date \(13/13/40\)"):
        parse_faq(fixture("impossible_date.txt"), source="impossible_date.txt")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ａ：はい。(12/08/08)", r"line 1: answer \(Ａ\) without a question"),
        ("Ｑ：a?~\nＡ：b。(12/08/08)\n本文\nＡ：c。", r"line 4: answer \(Ａ\) without a question"),
        ("Ｑ：a?~\nＡ：b。(12/08/08)\n\nＡ：c。", r"line 4: answer \(Ａ\) without a question"),
        ("Ｑ：a?~\nＱ：b?~\nＡ：c。", r"line 1: question has no answer \(another question at line 2\)"),
        ("Ｑ：a?~\n***見出し\nＡ：c。", r"line 1: question has no answer \(a heading at line 2\)"),
        ("Ｑ：a?~\n\nＡ：c。", r"line 1: question has no answer \(a blank line at line 2\)"),
        ("//Ｑ：a?~\n本文\n//Ａ：c。", r"line 1: question has no answer \(visible text inside a commented-out question"),
        ("本文\nＱ：a?~", r"line 2: question has no answer \(end of text\)"),
        ("Ｑ：a?~\nＡ：b。(2012/08/08)", r"line 2: date '\(2012/08/08\)' is not written \(YY/MM/DD\)"),
        ("Ｑ：a?~\nＡ：b。(13/02/30)", r"line 2: impossible date \(13/02/30\): day is out of range"),
        ("Ｑ：~\nＡ：b。", r"line 1: empty question"),
        ("Ｑ：a?~\nＡ：(12/08/08)", r"line 1: empty answer"),
    ],
)
def test_malformed_input_raises(text: str, message: str) -> None:
    with pytest.raises(WikiParseError, match=r"^src, " + message):
        parse_faq(text, source="src")


def test_wiki_parse_error_is_a_toolkit_error() -> None:
    with pytest.raises(ToolkitError):
        parse_faq("Ａ：x")


def test_plain_text_errors_name_the_source() -> None:
    with pytest.raises(WikiParseError, match=r"^copy.txt, line 1: question has no answer"):
        parse_plain("Q:a?\nQ:b?\nA:c.", source="copy.txt")


# --------------------------------------------------------------------------
# Writer and round trip
# --------------------------------------------------------------------------


def test_writer_output_has_wiki_markup(page: list[FaqEntry]) -> None:
    text = write_faq(page)
    lines = text.split("\n")
    assert text.endswith("\n")
    assert lines[0] == "***手札調整について [#faq1]"
    assert lines[1] == "Ｑ：手札調整で[[《闇・道化師のペーテン》]]を墓地へ捨てた場合、~"
    assert lines[2] == "効果を発動できますか？~"
    assert lines[3] == "Ａ：はい、できます。(13/03/27)"
    second = lines.index("//Ａ：はい、できます。(13/03/30)")  # second answer, no repeated question
    assert lines[second - 2 : second] == ["Ａ：発動しません。(16/07/08)", "//編集し忘れ分"]
    assert "//Ｑ：[[《暗黒界の書物》]]で[[《レッド・ガジェット》]]を特殊召喚しました。~" in lines
    assert "// 自分は[[《強烈なはたき落とし》]]を発動できますか。~" in lines
    assert "Ａ：調整中。" in lines and "***ターン終了時 [#faq2]" in lines


def test_round_trip_on_fixtures(page: list[FaqEntry]) -> None:
    assert parse_faq(write_faq(page)) == page
    phase = parse_faq(fixture("phase_style.txt"))
    assert parse_faq(write_faq(phase)) == phase


def test_written_text_survives_flattening(page: list[FaqEntry]) -> None:
    assert parse_faq(flatten(write_faq(page))) == page


def test_writer_repeats_the_question_after_a_hidden_entry(page: list[FaqEntry]) -> None:
    hidden = page[4]
    again = replace(hidden, hidden=False, answer_ja="はい。", notes=("注記",), verdict_hint="yes")
    entries = [hidden, again]
    text = write_faq(entries)
    assert text.count("Ｑ：") == 2
    assert parse_faq(text) == entries


def test_writer_does_not_write_what_it_cannot_read_back(page: list[FaqEntry]) -> None:
    entry = page[0]
    for bad in (
        replace(entry, question_ja="a\n\nb"),
        replace(entry, answer_ja="a\nＱ：b"),
        replace(entry, answer_ja="a~"),
        replace(entry, notes=("two\nlines",)),
        replace(entry, notes=("/slash",)),
        replace(entry, date=None, answer_ja="終わり(12/08/08)"),
    ):
        with pytest.raises(WikiParseError, match="cannot write"):
            write_faq([bad])
    unplaced = replace(entry, topic=None, section=None, anchor=None)
    with pytest.raises(WikiParseError, match="no section"):
        write_faq([entry, unplaced])


def test_write_nothing() -> None:
    assert write_faq([]) == ""


# --------------------------------------------------------------------------
# The real seeds
# --------------------------------------------------------------------------


@pytest.mark.seeds
def test_seed_000_faq_by_section(seed_000: list[FaqEntry]) -> None:
    assert len(seed_000) == 25
    assert sum(e.hidden for e in seed_000) == 12
    topics = [e.topic for e in seed_000]
    assert (topics.count("手札調整について"), topics.count("ターン終了時"), topics.count("その他")) == (16, 5, 4)
    assert {e.anchor for e in seed_000} == {"faq1", "faq2", "faq3"}


@pytest.mark.seeds
def test_seed_000_hysteric_sign_history(seed_000: list[FaqEntry]) -> None:
    sign = [e for e in seed_000 if e.cards == ("ヒステリック・サイン",)]
    assert [(e.date.isoformat() if e.date else None, e.hidden, e.answer_ja) for e in sign] == [
        ("2016-07-08", False, "発動しません。"),
        ("2013-03-30", True, "はい、できます。"),
    ]
    assert sign[1].notes == ("編集し忘れ分",)
    catsith_sign = [e for e in seed_000 if e.cards == ("魔轟神獣キャシー", "ヒステリック・サイン")]
    assert [(e.date.isoformat() if e.date else None, e.hidden) for e in catsith_sign] == [
        ("2017-03-05", False),
        ("2013-03-30", True),
    ]
    assert catsith_sign[0].notes == ("「ヒステリック・サイン」のページを参考",)
    assert catsith_sign[0].question_ja == catsith_sign[1].question_ja


@pytest.mark.seeds
def test_seed_000_farfa_question_keeps_its_visible_second_line(seed_000: list[FaqEntry]) -> None:
    (macro,) = [e for e in seed_000 if "マクロコスモス" in e.cards]
    first, second = macro.question_ja.split("\n")
    assert first.endswith("彼岸ではないモンスターがフィールドにいます。")
    assert second == "《マクロコスモス》が適用されている場合、ターンを終え自壊した《彼岸の悪鬼 ファーファレル》は除外されますか？"
    assert macro.notes == ("この時、ファーファレルの効果は発動しないことを踏まえて",)
    assert not macro.hidden and macro.date == dt.date(2017, 10, 26)


@pytest.mark.seeds
def test_seed_000_hidden_multi_line_entries(seed_000: list[FaqEntry]) -> None:
    (gadget,) = by_date(seed_000, "2014-06-04")
    assert gadget.question_ja.split("\n")[1] == "自分は《強烈なはたき落とし》を発動できますか。"  # the /// line
    (bounce,) = by_date(seed_000, "2014-06-02")
    assert bounce.question_ja.split("\n")[1] == "２回目の手札調整を行う前に《サイクロン》等を発動することはできますか？"
    (world,) = by_date(seed_000, "2012-09-21")
    assert world.hidden and len(world.answer_ja.split("\n")) == 7
    assert world.notes[0] == "以下実際に貰った回答"
    assert world.notes[-1] == "2014/07/10エラッタにより変更"
    assert len(world.notes) == 5  # the raw office answer stays with its entry
    (graff,) = by_date(seed_000, "2015-10-23")
    assert graff.answer_ja.endswith("改めて次のターンのドローフェイズとなります。")
    (ua,) = by_date(seed_000, "2015-10-26")
    assert ua.verdict_hint == "under_review" and ua.answer_ja == "調整中。"
    assert ua.notes[1].endswith("fid=8021")
    (systie,) = by_date(seed_000, "2013-02-14")
    assert systie.question_ja.startswith("自分の《魔導教士 システィ》を対象に相手が《エフェクト・ヴェーラー》の効果を発動しました。")
    assert systie.notes == (
        "《魔導教士 システィ》のページからの転載",
        "2014/07/10エラッタにより変更",
        "※現在エンドフェイズに適用終了する無効化効果は存在しない",
    )


@pytest.mark.seeds
def test_seed_000_known_note_misplacement(seed_000: list[FaqEntry]) -> None:
    """Documented limit: a note between a hidden entry and a visible one goes up."""
    (old_peten,) = by_date(seed_000, "2013-06-08")
    assert old_peten.notes == ("最新の事務所回答",)
    (grimoire_first,) = by_date(seed_000, "2014-06-01")
    assert grimoire_first.notes == ("以下、最新の事務所回答と矛盾が生じる古い裁定をコメントアウト",)


@pytest.mark.seeds
def test_seed_002_faq_and_hidden_prose_entry(seed_002: list[FaqEntry]) -> None:
    assert [e.date.isoformat() for e in seed_002 if e.date] == ["2012-09-28", "2012-10-04", "2011-12-22", "2011-04-09"]
    hidden = seed_002[0]
    assert hidden.hidden and hidden.anchor == "top" and hidden.notes == ("以下の裁定を元に記述した",)
    assert hidden.question_ja.count("\n") == 1
    assert all(e.anchor == "faq" and e.topic is None and not e.hidden for e in seed_002[1:])
    assert seed_002[1].question_ja.split("\n")[1] == "可能な場合、相手が優先権を放棄してもそのフェイズを続けられますか？"


@pytest.mark.seeds
def test_seed_001_plain_copy(seeds_dir: Path, seed_000: list[FaqEntry]) -> None:
    plain = parse_plain((seeds_dir / SEED_001).read_text(encoding="utf-8"), source=SEED_001)
    assert len(plain) == 16
    assert not any(e.hidden or e.notes for e in plain)
    assert {e.date for e in plain} <= {e.date for e in seed_000}
    (rekindling,) = by_date(plain, "2013-03-24")
    assert rekindling.question_ja.count("\n") == 3 and rekindling.answer_ja.count("\n") == 1
    assert any(e.cards == ("魔轟神獣キャシー", "TG ストライカー") for e in plain)  # half-width, as written


@pytest.mark.seeds
def test_restored_000_agrees_with_the_plain_copy_line_for_line(seeds_dir: Path, seed_000: list[FaqEntry]) -> None:
    """Seed 001 kept its newlines: the restored 000 entries match it, line breaks included."""

    def norm(text: str) -> str:
        return unicodedata.normalize("NFKC", text).replace("墓地に送", "墓地へ送")  # 001 rewords one verb

    plain = parse_plain((seeds_dir / SEED_001).read_text(encoding="utf-8"), source=SEED_001)
    wiki = {(e.date, norm(e.question_ja)): norm(e.answer_ja) for e in seed_000}
    for entry in plain:
        assert wiki.get((entry.date, norm(entry.question_ja))) == norm(entry.answer_ja), entry.line


@pytest.mark.seeds
def test_round_trip_on_the_real_seeds(seed_000: list[FaqEntry], seed_002: list[FaqEntry]) -> None:
    for entries in (seed_000, seed_002):
        text = write_faq(entries)
        assert parse_faq(text) == entries
        assert parse_faq(flatten(text)) == entries


@pytest.mark.seeds
def test_page_lines_quote_prose_with_sections(seeds_dir: Path) -> None:
    lines = page_lines((seeds_dir / SEED_000).read_text(encoding="utf-8"))
    (example,) = [ln for ln in lines if ln.text.startswith("例：") and ln.text.endswith("(14/06/04)")]
    assert example.hidden and example.anchor == "top"
    (rule,) = [ln for ln in lines if ln.text.endswith("(19/10/26)")]
    assert not rule.hidden and rule.anchor == "jb6bad4c"


# --------------------------------------------------------------------------
# As a table
# --------------------------------------------------------------------------


def test_entries_to_frame(page: list[FaqEntry]) -> None:
    frame = entries_to_frame(page)
    assert len(frame) == len(page)
    assert str(frame["date"].dtype) == "datetime64[ns]"
    assert frame["hidden"].dtype == bool
    assert frame.loc[0, "cards"] == ["闇・道化師のペーテン"]
    assert bool(frame["date"].isna().iloc[3])
    assert list(frame["verdict_hint"].cat.categories) == ["yes", "no", "under_review"]
    assert frame["line"].tolist() == [6, 9, 12, 13, 16, 21, 26, 31]


def test_entries_to_frame_empty() -> None:
    frame = entries_to_frame([])
    assert frame.empty and "question_ja" in frame.columns
