"""Every way a dataset can be wrong gets its own test.

Each test starts from the small valid fixtures in tests/fixtures/data/, breaks
one thing, and checks that the error is a DataError naming the file, the data
row (1-based; the header is row 0) and the column, with a message that says
what is wrong.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pandas as pd
import pytest

from toolkit import DataError
from toolkit.data import (
    DatasetValidationError,
    check_datasets,
    load_cards,
    load_events,
    load_rulings,
    validate_datasets,
)
from toolkit.data.schema import EARLIEST_DATE, latest_date

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "data"
RULINGS = FIXTURES / "rulings.csv"
CARDS = FIXTURES / "cards.csv"
EVENTS = FIXTURES / "events.csv"

# Data rows of the rulings fixture (1-based, in file order).
ROW_CLOCK = 1
ROW_ZERATO = 2
ROW_SIGN_2013 = 3
ROW_GRIMOIRE = 4
ROW_SIGN_2016 = 5
ROW_RULEBOOK = 6


def broken(tmp_path: Path, source: Path, old: str, new: str, *, count: int = 1) -> Path:
    """A copy of ``source`` with ``old`` replaced by ``new`` (which must occur)."""
    text = source.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"fixture no longer contains {old!r}"
    target = tmp_path / source.name
    target.write_text(text.replace(old, new, count), encoding="utf-8")
    return target


def assert_names(err: DataError, file: Path | str, row: int | None, column: str | None, *fragments: str) -> None:
    assert str(err.file).endswith(Path(file).name), err
    assert err.row == row, err
    assert err.column == column, err
    text = str(err)
    assert Path(file).name in text
    if row is not None:
        assert f"row {row}" in text
    if column is not None:
        assert f"column {column!r}" in text
    for fragment in fragments:
        assert fragment in text, f"{fragment!r} not in {text!r}"


def test_the_fixtures_are_valid() -> None:
    report = check_datasets(RULINGS, CARDS, EVENTS)
    assert report.ok, str(report)
    validate_datasets(RULINGS, CARDS, EVENTS)


# ---------------------------------------------------------------- cell level


def test_unparseable_date(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "2013-03-30,day", "13/03/30,day")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_SIGN_2013, "date", "cannot parse date '13/03/30'")


def test_impossible_calendar_date(tmp_path: Path) -> None:
    path = broken(tmp_path, EVENTS, "2014-07-10,day", "2014-02-30,day")
    with pytest.raises(DataError) as info:
        load_events(path)
    assert_names(info.value, path, 1, "date", "'2014-02-30'")


def test_unknown_category(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "day,,errata_2014,", "day,,errata,")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_ZERATO, "topic", "unknown value 'errata'", "errata_2014")


def test_unknown_card_type(tmp_path: Path) -> None:
    path = broken(tmp_path, CARDS, "Hysteric Sign,ocg,spell,", "Hysteric Sign,ocg,magic,")
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert_names(info.value, path, 2, "card_type", "unknown value 'magic'")


def test_bad_boolean(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, ",,true,fixture.txt#faq3", ",,yes,fixture.txt#faq3")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_ZERATO, "hidden_in_source", "'yes' is not a boolean")


def test_bad_nullable_boolean(tmp_path: Path) -> None:
    path = broken(tmp_path, CARDS, "mandatory,true,false,", "mandatory,1,false,")
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert_names(info.value, path, 2, "during_end_phase_trigger", "'1' is not a boolean")


def test_empty_required_cell(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "Fixture: discard down to six.", "")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_RULEBOOK, "summary_en", "a value is required")


def test_list_joined_without_spaces(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "暗黒界の書物 | 激流葬", "暗黒界の書物|激流葬")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_GRIMOIRE, "cards", "' | '")


def test_list_with_a_duplicate(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "暗黒界の書物 | 激流葬", "暗黒界の書物 | 激流葬 | 暗黒界の書物")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_GRIMOIRE, "cards", "'暗黒界の書物' more than once")


def test_malformed_ruling_id(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "ocg-undated-hand-limit", "OCG undated hand limit")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_RULEBOOK, "ruling_id", "not a valid id")


# ---------------------------------------------------------------- date ranges

OUT_OF_RANGE_EVENTS = FIXTURES / "events_dates_out_of_range.csv"
OUT_OF_RANGE_RULINGS = FIXTURES / "rulings_date_out_of_range.csv"


def test_out_of_range_dates_are_each_named_never_wrapped() -> None:
    """2999-07-10 used to load as 1830-06-01 (a datetime64[ns] overflow) with
    ``check_datasets().ok`` True; every out-of-range row is now a problem."""
    report = check_datasets(events=OUT_OF_RANGE_EVENTS)
    assert not report.ok
    bad = {(p.row, p.column) for p in report.problems if p.file.endswith(OUT_OF_RANGE_EVENTS.name)}
    assert bad == {(2, "date"), (3, "date"), (4, "date"), (5, "date"), (6, "date")}
    text = str(report)
    for written in ("'2999-07-10'", "'2999-07'", "'9999'", "'1998-12-31'", "'1600-01-01'"):
        assert written in text
    assert "1830" not in text and "out of range" in text and "1999-01-01" in text


def test_an_out_of_range_date_raises_naming_file_row_and_column() -> None:
    with pytest.raises(DataError) as info:
        load_events(OUT_OF_RANGE_EVENTS)
    assert_names(info.value, OUT_OF_RANGE_EVENTS, 2, "date", "'2999-07-10'", "out of range", "a year after today")


def test_an_out_of_range_ruling_date_is_caught_even_when_the_id_agrees() -> None:
    """ocg-990716-... agrees with 2999-07-16 (strftime('%y') is 99), so only the range check catches it."""
    report = check_datasets(OUT_OF_RANGE_RULINGS, CARDS, EVENTS)
    assert [(p.row, p.column) for p in report.problems] == [(1, "date")]
    assert "'2999-07-16'" in str(report)


def test_the_range_ends_a_year_after_today(tmp_path: Path) -> None:
    today = datetime.date.today()
    last = latest_date(today)
    assert EARLIEST_DATE == datetime.date(1999, 1, 1) and (last - today).days in (365, 366)
    inside = broken(tmp_path, EVENTS, "2014-07-10,day", f"{last.isoformat()},day")
    assert load_events(inside)["date"].iloc[0] == pd.Timestamp(last)
    outside = broken(tmp_path, EVENTS, "2014-07-10,day", f"{(last + datetime.timedelta(days=1)).isoformat()},day")
    with pytest.raises(DataError) as info:
        load_events(outside)
    assert_names(info.value, outside, 1, "date", last.isoformat())
    first = broken(tmp_path, EVENTS, "2014-07-10,day", "1999-01-01,day")
    assert load_events(first)["date"].iloc[0] == pd.Timestamp("1999-01-01")


def test_an_inferred_date_needs_a_note(tmp_path: Path) -> None:
    path = broken(tmp_path, EVENTS, "2014-07-10,day,,", "2014-07-10,inferred,,")
    with pytest.raises(DataError) as info:
        load_events(path)
    assert_names(info.value, path, 1, "date_note", "'inferred'", "date_note must say how")
    noted = broken(tmp_path, EVENTS, "2014-07-10,day,,", "2014-07-10,inferred,Inferred by the project: a test.,")
    loaded = load_events(noted)
    assert loaded["date_precision"].iloc[0] == "inferred" and loaded["date_note"].iloc[0].startswith("Inferred")


def test_an_inferred_date_needs_a_date(tmp_path: Path) -> None:
    path = broken(tmp_path, EVENTS, "grimoire-release,,none,,", "grimoire-release,,inferred,Inferred by the project.,")
    with pytest.raises(DataError) as info:
        load_events(path)
    assert_names(info.value, path, 3, "date", "date_precision is 'inferred' but the date is empty")


# ---------------------------------------------------------------- file structure


def test_missing_required_column(tmp_path: Path) -> None:
    text = EVENTS.read_text(encoding="utf-8").splitlines()
    header = text[0].split(",")
    drop = header.index("kind")
    rows = [",".join(c for i, c in enumerate(line.split(",")) if i != drop) for line in text]
    path = tmp_path / "events.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_events(path)
    assert_names(info.value, path, 0, "kind", "required column is missing")


def test_unexpected_column(tmp_path: Path) -> None:
    path = broken(tmp_path, EVENTS, "title_en,", "titel_en,")
    with pytest.raises(DatasetValidationError) as info:
        load_events(path)
    messages = {(p.column, p.message.split(" (")[0]) for p in info.value.problems}
    assert ("title_en", "required column is missing from the header") in messages
    assert ("titel_en", "unexpected column") in messages


def test_ragged_row_is_an_error_not_a_dropped_row() -> None:
    path = FIXTURES / "events_ragged.csv"
    with pytest.raises(DataError) as info:
        load_events(path)
    assert_names(info.value, path, 2, None, "has 10 fields but the header has 9", "line 3")


def test_bad_quoting() -> None:
    path = FIXTURES / "events_bad_quote.csv"
    with pytest.raises(DataError) as info:
        load_events(path)
    assert_names(info.value, path, 1, None, "malformed CSV")


def test_bad_encoding_names_the_cell() -> None:
    path = FIXTURES / "cards_cp932.csv"
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert_names(info.value, path, 1, "name_ja", "not valid UTF-8", "0x83")


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_text("", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert_names(info.value, path, None, None, "empty")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        load_rulings(tmp_path / "nowhere.csv")
    assert_names(info.value, tmp_path / "nowhere.csv", None, None, "no such CSV file")


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "events.csv"
    path.write_bytes(b"\xef\xbb\xbf" + EVENTS.read_bytes())
    assert list(load_events(path)["event_id"]) == list(load_events(EVENTS)["event_id"])


# ---------------------------------------------------------------- per-file rules


def test_duplicate_id(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "ocg-160708-hysteric-sign-no,ocg", "ocg-130330-hysteric-sign-yes,ocg")
    report = check_datasets(path, CARDS, EVENTS)
    dup = [p for p in report.problems if "duplicate id" in p.message]
    assert len(dup) == 1
    assert (dup[0].row, dup[0].column) == (ROW_SIGN_2016, "ruling_id")
    assert "first used in row 3" in dup[0].message


def test_duplicate_card(tmp_path: Path) -> None:
    path = broken(tmp_path, CARDS, "激流葬,Torrential Tribute", "暗黒界の書物,Torrential Tribute")
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert_names(info.value, path, 5, "name_ja", "duplicate id '暗黒界の書物'")


def test_dangling_superseded_by(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "superseded,ocg-160708-hysteric-sign-no,", "superseded,ocg-160709-hysteric-sign-no,")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_SIGN_2013, "superseded_by", "'ocg-160709-hysteric-sign-no'", "dangling")


def test_supersession_cycle(tmp_path: Path) -> None:
    path = broken(
        tmp_path,
        RULINGS,
        "does not activate.,no,current,,",
        "does not activate.,no,superseded,ocg-130330-hysteric-sign-yes,",
    )
    with pytest.raises(DatasetValidationError) as info:
        load_rulings(path)
    cycles = [p for p in info.value.problems if "cycle" in p.message]
    assert len(cycles) == 1, info.value.problems
    assert cycles[0].column == "superseded_by"
    assert cycles[0].row == ROW_SIGN_2013  # reported once, at the smallest id of the cycle
    assert "ocg-130330-hysteric-sign-yes -> ocg-160708-hysteric-sign-no -> ocg-130330-hysteric-sign-yes" in cycles[0].message


def test_successor_older_than_what_it_replaces(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "ocg-160708-hysteric-sign-no,ocg,faq,2016-07-08", "ocg-160708-hysteric-sign-no,ocg,faq,2012-07-08")
    report = check_datasets(path, CARDS, EVENTS)
    older = [p for p in report.problems if "older" in p.message]
    assert len(older) == 1
    assert (older[0].row, older[0].column) == (ROW_SIGN_2013, "superseded_by")
    assert "2012-07-08" in older[0].message and "2013-03-30" in older[0].message


def test_superseded_without_successor_event_or_note(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "Hidden by the editors as based on an obsolete premise.", "")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_GRIMOIRE, "status_note", "status is 'superseded'", "status_note must say")


def test_current_ruling_with_a_successor(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "discard down to six.,explanation,current,,", "discard down to six.,explanation,current,ocg-160708-hysteric-sign-no,")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_RULEBOOK, "superseded_by", "status is 'current'")


def test_faq_without_question(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "《激流葬》を発動できますか？", "")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_GRIMOIRE, "question_ja", "needs its question")


def test_id_date_disagrees_with_date(tmp_path: Path) -> None:
    path = broken(tmp_path, RULINGS, "ocg-120916-zerato-veiler,ocg,faq,2012-09-16", "ocg-120916-zerato-veiler,ocg,faq,2012-09-17")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, ROW_ZERATO, "ruling_id", "120916", "2012-09-17")


def test_date_precision_disagrees_with_date(tmp_path: Path) -> None:
    path = broken(tmp_path, EVENTS, "grimoire-release,,none", "grimoire-release,2010-01-01,none")
    with pytest.raises(DataError) as info:
        load_events(path)
    assert_names(info.value, path, 3, "date", "date_precision is 'none'")


def test_month_precision_with_a_day(tmp_path: Path) -> None:
    path = broken(tmp_path, EVENTS, "2017-03,month", "2017-03-15,month")
    with pytest.raises(DataError) as info:
        load_events(path)
    assert_names(info.value, path, 2, "date", "'month'")


def test_card_name_with_brackets(tmp_path: Path) -> None:
    path = broken(tmp_path, CARDS, "激流葬,Torrential Tribute", "《激流葬》,Torrential Tribute")
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert_names(info.value, path, 5, "name_ja", "without 《》")


def test_card_type_of_the_wrong_game(tmp_path: Path) -> None:
    path = broken(tmp_path, CARDS, "Torrential Tribute,ocg,trap,", "Torrential Tribute,ocg,creature,")
    with pytest.raises(DataError) as info:
        load_cards(path)
    assert_names(info.value, path, 5, "card_type", "'creature' is not a card type of game 'ocg'")


# ---------------------------------------------------------------- across files


def test_card_missing_from_cards_csv(tmp_path: Path) -> None:
    cards = broken(tmp_path, CARDS, "激流葬,Torrential Tribute,ocg,trap,normal,none,false,false,none,none,\n", "")
    with pytest.raises(DataError) as info:
        validate_datasets(RULINGS, cards, EVENTS)
    assert_names(info.value, RULINGS, ROW_GRIMOIRE, "cards", "card '激流葬' is not in")


def test_card_missing_suggests_the_width_variant(tmp_path: Path) -> None:
    rulings = broken(tmp_path, RULINGS, "堕天使ゼラート | エフェクト・ヴェーラー", "堕天使ゼラート | ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ")
    report = check_datasets(rulings, CARDS, EVENTS)
    assert len(report) == 1
    assert "did you mean 'エフェクト・ヴェーラー'?" in report.problems[0].message


def test_card_of_the_other_game(tmp_path: Path) -> None:
    rulings = broken(tmp_path, RULINGS, "終末の時計 ザ・クロック | 鬼ヶ王魔 エンド・ジャオウガ", "終末の時計 ザ・クロック | 激流葬")
    with pytest.raises(DataError) as info:
        validate_datasets(rulings, CARDS, EVENTS)
    assert_names(info.value, rulings, ROW_CLOCK, "cards", "'激流葬' belongs to game 'ocg'")


def test_obsoleted_by_unknown_event(tmp_path: Path) -> None:
    rulings = broken(tmp_path, RULINGS, ",errata-2014-07-10,", ",errata-2014-07-11,")
    with pytest.raises(DataError) as info:
        validate_datasets(rulings, CARDS, EVENTS)
    assert_names(info.value, rulings, ROW_ZERATO, "obsoleted_by_event", "'errata-2014-07-11' is not an event_id")


# ---------------------------------------------------------------- reporting


def test_every_problem_is_collected(tmp_path: Path) -> None:
    rulings = broken(tmp_path, RULINGS, "2013-03-30,day", "2013-13-30,day")
    text = rulings.read_text(encoding="utf-8").replace("explanation,current", "explained,current")
    rulings.write_text(text, encoding="utf-8")
    cards = tmp_path / "cards_bad.csv"
    cards.write_text(CARDS.read_text(encoding="utf-8").replace("continuous,optional", "continuous,sometimes"), encoding="utf-8")
    report = check_datasets(rulings, cards, EVENTS)
    where = [(Path(p.file).name, p.row, p.column) for p in report.problems]
    assert where == [
        ("rulings.csv", ROW_SIGN_2013, "date"),
        ("rulings.csv", ROW_RULEBOOK, "verdict"),
        ("cards_bad.csv", 4, "end_phase_effect"),
    ]
    with pytest.raises(DatasetValidationError) as info:
        validate_datasets(rulings, cards, EVENTS)
    assert len(info.value.problems) == 3
    assert "2 more problems" in str(info.value)
    frame = report.to_frame()
    assert list(frame.columns) == ["file", "row", "column", "message"]
    assert frame["row"].tolist() == [ROW_SIGN_2013, ROW_RULEBOOK, 4]


def test_an_edited_dataframe_is_validated_too() -> None:
    rulings = load_rulings(RULINGS)
    rulings.loc[rulings["ruling_id"] == "ocg-160708-hysteric-sign-no", "superseded_by"] = "ocg-999999-nothing"
    with pytest.raises(DataError) as info:
        validate_datasets(rulings, load_cards(CARDS), load_events(EVENTS))
    assert info.value.file == "rulings.csv"
    assert (info.value.row, info.value.column) == (ROW_SIGN_2016, "superseded_by")


def test_a_dataframe_with_a_bad_category_value() -> None:
    events = load_events(EVENTS)
    events["kind"] = events["kind"].astype(str)
    events.loc[0, "kind"] = "erratum"
    with pytest.raises(DataError) as info:
        validate_datasets(RULINGS, CARDS, events)
    assert (info.value.file, info.value.row, info.value.column) == ("events.csv", 1, "kind")


def test_binary_garbage_gives_a_data_error(tmp_path: Path) -> None:
    path = tmp_path / "rulings.csv"
    path.write_bytes(b"\x00\x01garbage\xff\xfe\n1,2\n")
    with pytest.raises(DataError) as info:
        load_rulings(path)
    assert_names(info.value, path, 0, None, "not valid UTF-8", "0xFF")


def test_a_ruling_naming_a_scenario_of_the_other_game_is_named_by_row_and_column(tmp_path: Path) -> None:
    """validate / check_datasets refuse it as the run would (and as a user's file is refused when read)."""
    shipped = Path(__file__).resolve().parents[1] / "datasets" / "rulings.csv"
    lines = shipped.read_text(encoding="utf-8").split("\n")
    row = next(i for i, line in enumerate(lines) if line.startswith("dm-qa-zanjibar-moffle-simultaneous,"))
    target = broken(tmp_path, shipped, lines[row], lines[row].replace("duel_masters/dm_moffle_zanjibar.yaml",
                                                                    "q_hysteric_sign_adjustment.yaml"))
    report = check_datasets(rulings=target)
    found = [p for p in report.problems if p.column == "scenario"]
    assert len(found) == 1, report.problems
    assert pd.read_csv(target)["ruling_id"].iloc[found[0].row - 1] == "dm-qa-zanjibar-moffle-simultaneous"
    assert "a ruling of the game duel_masters (its game column), but its scenario " \
           "'q_hysteric_sign_adjustment.yaml' is a scenario of the game ocg" in found[0].message
    assert check_datasets().ok
