"""Rulings of one's own: FAQ markup pasted from the wiki, a user's rulings file
combined with the shipped table, and a user's ruling verified like the shipped ones."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import toolkit
from tests import in_process
from toolkit.data import ORIGINS, RULINGS_SCHEMA, DatasetValidationError, load_rulings, rulings_from_faq
from toolkit.errors import WikiParseError
from toolkit.history import verify_rulings

ROOT = Path(__file__).resolve().parent.parent
SEED_000 = "000_a9e0e0f7c8ec137b.txt"
SEED_001 = "001_a292a77a254a02c3.txt"
SEED_002 = "002_756b9499af651e6b.txt"
SEED_004 = "004_cd29c789ac3abe14.txt"
END_PHASE = "https://yugioh-wiki.net/index.php?%A5%A8%A5%F3%A5%C9%A5%D5%A5%A7%A5%A4%A5%BA"
PHASE = "https://yugioh-wiki.net/index.php?%A5%D5%A5%A7%A5%A4%A5%BA"
TURN_END_STEP = "https://dmwiki.net/%E3%82%BF%E3%83%BC%E3%83%B3%E7%B5%82%E4%BA%86%E3%82%B9%E3%83%86%E3%83%83%E3%83%97"
SIGN = "ヒステリック・サイン"
SIGN_CURRENT = "ocg-160708-hysteric-sign-adjustment"


def _between(text: str, start: str, end: str | None) -> str:
    i = text.index(start)
    return text[i: text.index(end, i + len(start)) if end else len(text)]


def _shipped_keys() -> set[tuple[str, str, Any, bool]]:
    table = load_rulings()
    return {(str(q) if isinstance(q, str) else "", str(a), None if pd.isna(d) else pd.Timestamp(d), bool(h))
            for q, a, d, h in zip(table["question_ja"], table["answer_ja"], table["date"], table["hidden_in_source"])}


def _keys(rows: pd.DataFrame) -> list[tuple[str, str, Any, bool]]:
    return [(str(q), str(a), None if pd.isna(d) else pd.Timestamp(d), bool(h))
            for q, a, d, h in zip(rows["question_ja"], rows["answer_ja"], rows["date"], rows["hidden_in_source"])]


def _assert_shipped_schema(rows: pd.DataFrame) -> None:
    assert list(rows.columns) == RULINGS_SCHEMA.names
    for column in RULINGS_SCHEMA.columns:
        assert rows[column.name].dtype == column.dtype, column.name


# --------------------------------------------------------------------------
# rulings_from_faq: a block pasted from each page
# --------------------------------------------------------------------------


def test_a_pasted_end_phase_faq_block_gives_the_shipped_questions_answers_dates_and_hidden_flags(
        seeds_dir: Path) -> None:
    page = (seeds_dir / SEED_000).read_text(encoding="utf-8")
    block = _between(page, "***[[手札]]調整について [#faq1]", "***ターン終了時 [#faq2]")
    rows = rulings_from_faq(block, source=END_PHASE)
    _assert_shipped_schema(rows)
    assert len(rows) >= 15
    assert set(_keys(rows)) <= _shipped_keys()  # verbatim: the same text the shipped rows quote
    assert rows["hidden_in_source"].any() and not rows["hidden_in_source"].all()
    sign = rows[(rows["date"] == pd.Timestamp("2013-03-30")) & rows["cards"].map(lambda c: c == [SIGN])]
    assert len(sign) == 1 and bool(sign["hidden_in_source"].iloc[0]) and sign["verdict"].iloc[0] == "yes"
    assert (rows["source"] == f"{END_PHASE}#faq1 (手札調整について)").all()
    assert rows["topic"].isna().all() and rows["summary_en"].isna().all()
    assert (rows["status"] == "current").all() and (rows["kind"] == "faq").all()
    assert (rows["date_precision"] == "day").all()
    assert all(re.fullmatch(r"user-\d{6}-[a-z0-9]+(-[a-z0-9]+)*", r) for r in rows["ruling_id"])
    assert "user-160708-hysteric-sign" in set(rows["ruling_id"])  # the card's English name
    assert rows["ruling_id"].is_unique


def test_a_pasted_phase_faq_block_keeps_its_dates_and_the_section_anchor(seeds_dir: Path) -> None:
    page = (seeds_dir / SEED_002).read_text(encoding="utf-8")
    block = _between(page, "**FAQ [#faq]", None)
    rows = rulings_from_faq(block, source=PHASE)
    assert len(rows) >= 2 and set(_keys(rows)) <= _shipped_keys()
    assert {d.date().isoformat() for d in rows["date"]} >= {"2011-04-09", "2011-12-22"}
    assert rows["source"].str.startswith(f"{PHASE}#faq ").all()


def test_a_pasted_plain_copy_reads_q_and_a_lines_verbatim_with_their_dates(seeds_dir: Path) -> None:
    text = (seeds_dir / SEED_001).read_text(encoding="utf-8")
    block = text[text.index("Q:手札枚数の調整を行った後にクイックエフェクト"):]
    rows = rulings_from_faq(block, source=END_PHASE)
    assert len(rows) >= 10
    for question, answer in zip(rows["question_ja"], rows["answer_ja"]):
        assert f"Q:{question.splitlines()[0]}" in block and answer.splitlines()[-1] in block
    first = rows.iloc[0]
    assert first["date"] == pd.Timestamp("2012-08-08") and not first["hidden_in_source"]
    assert first["answer_ja"] == "いいえ、できません。"


def test_a_pasted_duel_masters_q_and_a_list_is_undated_and_matches_the_shipped_rows(seeds_dir: Path) -> None:
    page = (seeds_dir / SEED_004).read_text(encoding="utf-8")
    block = _between(page, "公式Q&A", None)
    rows = rulings_from_faq(block, source=TURN_END_STEP, game="duel_masters")
    shipped = load_rulings()
    official = shipped[shipped["kind"] == "official_qa"]
    assert len(rows) == len(official)
    assert sorted(rows["question_ja"]) == sorted(official["question_ja"])
    assert sorted(rows["answer_ja"]) == sorted(official["answer_ja"])
    assert rows["date"].isna().all() and (rows["date_precision"] == "none").all()
    assert all(r.startswith("user-undated-") for r in rows["ruling_id"]) and (rows["game"] == "duel_masters").all()
    assert "引用元" not in "".join(rows["answer_ja"])


def test_pasting_the_same_block_twice_gives_the_same_ids() -> None:
    block = "Ｑ：《A》は？~\nＡ：はい。(12/08/08)"
    first = rulings_from_faq(block, source="https://example.org/a")
    again = rulings_from_faq("***見出し [#x]\n" + block, source="https://example.org/b")
    assert first["ruling_id"].tolist() == again["ruling_id"].tolist()
    changed = rulings_from_faq(block.replace("12/08/08", "12/08/09"), source="https://example.org/a")
    assert changed["ruling_id"].iloc[0] != first["ruling_id"].iloc[0]


@pytest.mark.parametrize(("text", "source", "fragment"), [
    ("", "https://example.org", "it is empty"),
    ("ただの文章です。", "https://example.org", "no FAQ entry"),
    ("Ｑ：質問？~\n\n", "https://example.org", "question has no answer"),
    ("Ｑ：x?~\nＡ：y (13/13/40)", "https://example.org", "impossible date"),
    ("Ｑ：x?~\nＡ：y (13/03/30)", " ", "give the URL"),
])
def test_bad_or_empty_pasted_text_is_one_clear_line(text: str, source: str, fragment: str) -> None:
    with pytest.raises(WikiParseError) as info:
        rulings_from_faq(text, source=source)
    message = str(info.value)
    assert fragment in message and "\n" not in message and "Traceback" not in message


def test_pasted_rulings_join_the_shipped_table_as_they_are() -> None:
    rows = rulings_from_faq("Ｑ：《ヒステリック・サイン》は？~\nＡ：いいえ。(24/01/05)", source="https://example.org")
    table = load_rulings(extra=rows)
    assert len(table) == len(load_rulings()) + 1 and table["ruling_id"].iloc[-1] == rows["ruling_id"].iloc[0]
    assert table.attrs[ORIGINS] == {rows["ruling_id"].iloc[0]: ("<rulings table>", 1)}


# --------------------------------------------------------------------------
# A user's rulings file: every error names file, row and column
# --------------------------------------------------------------------------

GOOD_ROW = {
    "ruling_id": "user-240105-sign-adjustment",
    "date": "2024-01-05",
    "question_ja": f"手札調整で《{SIGN}》を捨てた場合、効果は発動しますか？",
    "answer_ja": "いいえ、発動しません。",
    "cards": [SIGN],
    "source": "https://example.org/my-notes",
}


def _yaml(rows: list[dict[str, Any]]) -> str:
    import yaml

    return yaml.safe_dump(rows, allow_unicode=True, sort_keys=False)


def _problem(path: Path, text: str) -> Any:
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DatasetValidationError) as info:
        table = load_rulings(extra=path)
        verify_rulings(table[table["ruling_id"].str.startswith("user-")])
    return info.value.problems[0]


def _written(tmp_path: Path, **changes: Any) -> str:
    row = {**GOOD_ROW, **changes}
    return _yaml([{k: v for k, v in row.items() if v is not None}])


@pytest.mark.parametrize(("changes", "column", "fragment"), [
    ({"colour": "red"}, "colour", "unknown column"),
    ({"date": "2024-13-05"}, "date", "cannot parse date"),
    ({"supersedes": ["ocg-160708-hysteric-sign-adjustmen"]}, "supersedes", f"did you mean '{SIGN_CURRENT}'"),
    ({"superseded_by": "user-990101-nothing", "status": "superseded"}, "superseded_by", "dangling"),
    ({"scenario": ["sign.yaml"], "check": {"sometimes": {"event": "activated"}}, "expected": "no"}, "check",
     "unknown key 'sometimes'"),
    ({"scenario": ["nowhere.yaml"], "check": {"possible": {"loop": True}}, "expected": "no"}, "scenario",
     "no scenario file 'nowhere.yaml'"),
    ({"scenario": ["sign.yaml"], "check": {"possible": {"loop": True}}}, "expected", "expected answer"),
    # a card its scenario cannot show: the check could never match, so "no" would agree by accident
    ({"scenario": ["sign.yaml"], "check": {"not": {"possible": {"event": "activated", "card": "Mystical Space Typhoon"}}},
      "expected": "yes"}, "check", "「サイクロン」 (Mystical Space Typhoon) is not in sign: no event of it can name"),
    ({"verdict": "maybe"}, "verdict", "unknown value 'maybe'"),
    # a scenario of the other game: refused when the file is read, not only when the ruling is run
    ({"game": "duel_masters", "scenario": ["sign.yaml"], "check": {"possible": {"loop": True}}, "expected": "no"},
     "scenario", "a ruling of the game duel_masters (its game column), but its scenario 'sign.yaml' is a scenario "
                 "of the game ocg"),
    ({"scenario": ["duel_masters/dm_moffle_zanjibar.yaml"], "check": {"possible": {"loop": True}}, "expected": "no"},
     "scenario", "a ruling of the game ocg (its game column), but its scenario 'duel_masters/dm_moffle_zanjibar.yaml' "
                 "is a scenario of the game duel_masters"),
])
def test_a_bad_user_rulings_file_names_file_row_and_column(tmp_path: Path, changes: dict[str, Any], column: str,
                                                           fragment: str) -> None:
    (tmp_path / "sign.yaml").write_text(SIGN_SCENARIO, encoding="utf-8")
    path = tmp_path / "mine.yaml"
    problem = _problem(path, _written(tmp_path, **changes))
    assert (problem.file, problem.row, problem.column) == (str(path), 1, column), problem
    assert fragment in problem.message, problem


def test_a_bad_date_in_a_user_csv_names_the_row_and_column(tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    problem = _problem(path, "ruling_id,date,question_ja,answer_ja,source\nuser-240105-a,2024-01-05,q,はい。,s\n"
                             "user-240106-b,2024-02-30,q,いいえ。,s\n")
    assert (problem.file, problem.row, problem.column) == (str(path), 2, "date") and "2024-02-30" in problem.message


def test_a_duplicate_id_names_both_files(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    problem = _problem(path, _written(tmp_path, ruling_id=SIGN_CURRENT, date="2016-07-08"))
    assert (problem.file, problem.row, problem.column) == (str(path), 1, "ruling_id")
    shipped_row = load_rulings()["ruling_id"].tolist().index(SIGN_CURRENT) + 1
    assert f"rulings.csv row {shipped_row}" in problem.message

    other = tmp_path / "other.yaml"
    other.write_text(_written(tmp_path), encoding="utf-8")
    path.write_text(_written(tmp_path), encoding="utf-8")
    with pytest.raises(DatasetValidationError) as info:
        load_rulings(extra=[path, other])
    found = info.value.problems[0]
    assert found.file == str(other) and str(path) in found.message


def test_a_rulings_file_that_is_not_a_list_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("ruling_id: user-240105-x\n", encoding="utf-8")
    with pytest.raises(DatasetValidationError) as info:
        load_rulings(extra=path)
    assert str(path) in str(info.value) and "a list of rulings" in str(info.value)


# --------------------------------------------------------------------------
# Supersession: a user row replaces a shipped one, never removes it
# --------------------------------------------------------------------------


def test_a_user_row_supersedes_a_shipped_ruling_which_stays_in_the_table(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(_written(tmp_path, supersedes=[SIGN_CURRENT]), encoding="utf-8")
    shipped = load_rulings()
    table = load_rulings(extra=path)
    assert len(table) == len(shipped) + 1 and set(shipped["ruling_id"]) < set(table["ruling_id"])
    old = table.set_index("ruling_id").loc[SIGN_CURRENT]
    assert (old["status"], old["superseded_by"]) == ("superseded", GOOD_ROW["ruling_id"])
    assert shipped.set_index("ruling_id").loc[SIGN_CURRENT, "status"] == "current"  # the shipped table is untouched
    chain = toolkit.supersession_chain(SIGN_CURRENT, table)
    assert GOOD_ROW["ruling_id"] in chain["ruling_id"].tolist()
    _assert_shipped_schema(table)


def test_superseding_an_already_superseded_ruling_names_its_successor(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    problem = _problem(path, _written(tmp_path, supersedes=["ocg-130330-hysteric-sign-adjustment"]))
    assert problem.column == "supersedes" and f"supersede '{SIGN_CURRENT}' instead" in problem.message


def test_a_user_row_older_than_what_it_supersedes_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    problem = _problem(path, _written(tmp_path, ruling_id="user-150101-old", date="2015-01-01",
                                      supersedes=[SIGN_CURRENT]))
    assert problem.column == "supersedes" and "older than" in problem.message


# --------------------------------------------------------------------------
# A fresh clone: a scenario and a ruling written by hand, verified from the command line
# --------------------------------------------------------------------------

SIGN_SCENARIO = f"""\
title: {SIGN} discarded for the hand-size limit
turn_player: A
players:
  A:
    hand: [{SIGN}, ブラッド・ヴォルス, ジェネティック・ワーウルフ, 死者蘇生, 強欲な壺, 落とし穴, おろかな埋葬]
    deck: [ハーピィ・レディ, ハーピィ・レディ三姉妹, ハーピィ・クィーン]
"""
"""The position a user writes by hand (with shipped cards; a card of one's own
goes in a ``cards:`` list here once the card format lands)."""

SIGN_RULING = f"""\
- ruling_id: user-240105-sign-adjustment
  date: 2024-01-05
  question_ja: 手札調整で《{SIGN}》を捨てた場合、効果は発動しますか？
  answer_ja: いいえ、発動しません。
  source: https://example.org/my-notes
  scenario: [sign.yaml]
  check: {{possible: {{event: activated, card: {SIGN}}}}}
  expected: "no"
  check_en: Hysteric Sign discarded by the adjustment activates its effect
"""


def write_by_hand(folder: Path, *, scenario: str = SIGN_SCENARIO, ruling: str = SIGN_RULING) -> Path:
    """The two files of the fresh-clone test; returns the rulings file."""
    (folder / "sign.yaml").write_text(scenario, encoding="utf-8")
    path = folder / "my_rulings.yaml"
    path.write_text(ruling, encoding="utf-8")
    return path


def verify_cli(rulings: Path, *more: str) -> subprocess.CompletedProcess[str]:
    """``python -m toolkit verify --rulings RULINGS ...``, run in this process as a new one would."""
    return in_process.endphase(["verify", "--rulings", str(rulings), *more], cwd=rulings.parent, timeout=600)


def test_a_fresh_clone_verifies_a_hand_written_ruling_and_an_edit_makes_it_disagree(tmp_path: Path) -> None:
    path = write_by_hand(tmp_path)
    done = verify_cli(path, "--only-mine")
    assert done.returncode == 0, done.stderr
    assert "ok   user-240105-sign-adjustment  2024-01-05" in done.stdout and "expected no, engine no" in done.stdout
    assert "decided by H5" in done.stdout and "1 verified, 0 not" in done.stdout

    # the same question with the check turned round: the engine no longer agrees
    check = f"check: {{possible: {{event: activated, card: {SIGN}}}}}"
    assert check in SIGN_RULING
    write_by_hand(tmp_path, ruling=SIGN_RULING.replace(check, f"check: {{not: {{possible: {{event: activated, card: {SIGN}}}}}}}"))
    done = verify_cli(path, "--only-mine")
    assert done.returncode == 1, done.stderr
    assert "FAIL user-240105-sign-adjustment" in done.stdout and "engine yes" in done.stdout


def test_an_edited_scenario_is_read_again_and_can_make_the_ruling_disagree(tmp_path: Path) -> None:
    path = write_by_hand(tmp_path)
    assert verify_cli(path, "--only-mine").returncode == 0
    # Sign sent to the graveyard earlier this turn (not by the adjustment): its effect activates,
    # so the ruling's "no" no longer holds on this position
    edited = SIGN_SCENARIO.replace(f"hand: [{SIGN}, ", "hand: [").replace(
        "    deck:", f"    graveyard: [{{name: {SIGN}, tags: [sent_to_gy_this_turn]}}]\n    deck:")
    write_by_hand(tmp_path, scenario=edited)
    done = verify_cli(path, "--only-mine", "--json")
    assert done.returncode == 1, done.stderr
    rows = json.loads(done.stdout)
    assert [(r["ruling_id"], r["answer"], r["verified"]) for r in rows] == [("user-240105-sign-adjustment", "yes", False)]


def test_a_user_scenario_naming_an_unknown_card_is_a_clear_error(tmp_path: Path) -> None:
    path = write_by_hand(tmp_path, scenario=SIGN_SCENARIO.replace(f"[{SIGN},", "[ヒステリック・サイソ,"))
    done = verify_cli(path, "--only-mine")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    line = done.stderr.strip()
    assert "\n" not in line and "sign.yaml" in line and "Unknown card 「ヒステリック・サイソ」" in line
    assert SIGN in line  # the nearest name


def test_verify_runs_the_shipped_rulings_and_the_users_together(tmp_path: Path) -> None:
    path = write_by_hand(tmp_path)
    table = load_rulings(extra=path)
    scope = table[table["ruling_id"].isin([SIGN_CURRENT, "user-240105-sign-adjustment"])]
    scope.attrs = table.attrs
    frame = verify_rulings(scope).set_index("ruling_id")
    assert frame.loc["user-240105-sign-adjustment", "ruleset"] == "ocg@2024-01-05"
    assert bool(frame.loc["user-240105-sign-adjustment", "agrees"]) and bool(frame.loc[SIGN_CURRENT, "agrees"])
    assert frame.loc["user-240105-sign-adjustment", "scenario"] == str((tmp_path / "sign.yaml").resolve())


def test_a_bad_rulings_file_on_the_command_line_exits_2_with_one_line(tmp_path: Path) -> None:
    path = write_by_hand(tmp_path, ruling=SIGN_RULING.replace("2024-01-05", "2024-13-05"))
    done = verify_cli(path, "--only-mine")
    assert done.returncode == 2 and done.stdout == ""
    line = done.stderr.strip()
    assert "\n" not in line and str(path) in line and "row 1" in line and "'date'" in line


def test_own_rulings_keeps_only_ones_own_rows_and_where_each_came_from(tmp_path: Path) -> None:
    # before: notebook 08 filtered the table by hand, then had to copy `ours.attrs = table.attrs`
    # unexplained, or verify_rulings lost which file and row each ruling came from
    (tmp_path / "sign.yaml").write_text(SIGN_SCENARIO, encoding="utf-8")
    path = tmp_path / "mine.yaml"
    path.write_text(_written(tmp_path), encoding="utf-8")
    table = load_rulings(extra=path)
    table.attrs[ORIGINS] = dict(table.attrs[ORIGINS])
    ours = toolkit.own_rulings(table)
    assert list(ours["ruling_id"]) == list(table.attrs[ORIGINS]) and len(ours) == 1
    assert ours.attrs[ORIGINS] == table.attrs[ORIGINS] and ours.attrs[ORIGINS][ours["ruling_id"][0]][0] == str(path)
    table.attrs.clear()  # a table that lost them holds none of one's own
    assert toolkit.own_rulings(table).empty
    notebook = (ROOT / "notebooks" / "08_bring_your_own_card.ipynb").read_text(encoding="utf-8")
    assert "toolkit.own_rulings(table)" in notebook and ".attrs = " not in notebook


def test_saved_own_rulings_read_back_with_the_same_answers(tmp_path: Path) -> None:
    """A user file naming ``sign.yaml`` beside it, loaded, saved and loaded again: the
    scenario is written relative to the saved file, so it reads back (from another
    folder only with allow_outside, as any path leading out of a file's folder)."""
    mine = tmp_path / "mine"
    mine.mkdir()
    table = load_rulings(extra=write_by_hand(mine))
    own = table[table["ruling_id"] == "user-240105-sign-adjustment"]

    def answers(frame: pd.DataFrame) -> list[tuple[Any, ...]]:
        scope = frame[frame["ruling_id"] == "user-240105-sign-adjustment"]
        scope.attrs = frame.attrs
        done = verify_rulings(scope, flips=False)
        return [tuple(r) for r in done[["ruling_id", "ruleset", "expected", "answer", "agrees"]].itertuples(index=False)]

    before = answers(table)
    assert before[0][-1]
    toolkit.save_rulings(own, mine / "saved.yaml")
    assert "scenario:\n  - sign.yaml\n" in (mine / "saved.yaml").read_text(encoding="utf-8")
    assert answers(load_rulings(extra=mine / "saved.yaml")) == before
    (tmp_path / "elsewhere").mkdir()
    toolkit.save_rulings(own, tmp_path / "elsewhere" / "saved.csv")
    assert "../mine/sign.yaml" in (tmp_path / "elsewhere" / "saved.csv").read_text(encoding="utf-8")
    assert answers(load_rulings(extra=tmp_path / "elsewhere" / "saved.csv", allow_outside=True)) == before
