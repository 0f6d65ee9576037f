"""What a second user trial of "bring your own card, ruling or question" found.

A judge brought 《ＸＸ－セイバー ダークソウル》 (not shipped), a writer a dated
ruling of their own in CSV, an analyst a question over a position of their
own, each using only the README, the notebooks and the command line's help.
Every test here failed before its fix.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import toolkit
from toolkit.history.asking import ask

DARKSOUL = "ＸＸ－セイバー ダークソウル"

CARDS = """\
- name: ＸＸ－セイバー ダークソウル
  english: XX-Saber Darksoul
  type: monster
  subtype: effect
  archetypes: [Ｘ－セイバー]
  texts:
    - end_phase:
        - key: add an X-Saber
          mandatory: false
          chain_link: true
          when: [sent_to_gy_this_turn, {has_tag: sent_to_gy_from_field}]
          choose: {pick: {zones: deck, archetype: Ｘ－セイバー, monster: true}}
          do: {add_to_hand: {card: picked, if_in: deck}}
- {name: Ｘ－セイバー エアベルン, english: X-Saber Airbellum, type: monster, subtype: effect, archetypes: [Ｘ－セイバー]}
"""


def position(tmp_path: Path, tags: str = "[sent_to_gy_this_turn, sent_to_gy_from_field]") -> object:
    """A's End Phase: Darksoul went from the field to the GY this turn (with ``tags``), 6 cards in hand."""
    text = f"""\
title: Darksoul sent from the field to the GY this turn
date: 2024-01-01
turn_player: A
players:
  A:
    hand: [ブラッド・ヴォルス, ジェネティック・ワーウルフ, 死者蘇生, 強欲な壺, 落とし穴, おろかな埋葬]
    graveyard: [{{name: {DARKSOUL}, tags: {tags}}}]
    deck: [Ｘ－セイバー エアベルン]
cards:
""" + textwrap.indent(CARDS, "  ")
    path = tmp_path / "darksoul.yaml"
    path.write_text(text, encoding="utf-8")
    return toolkit.load_scenario(path)


def test_the_step_that_decides_an_answer_is_named_in_words_not_code(tmp_path: Path) -> None:
    """`ask` (and `verify`, the articles) said "Decided by: step 1 (R7): A
    Perform('ＸＸ－セイバー ダークソウル: add an X-Saber', picks=(...))"."""
    answer = ask(position(tmp_path), {"force:A": {"event": "added_to_hand"}})
    assert answer.answer == "yes"
    assert answer.decided_by.startswith("step 1 (R7): A Perform: ＸＸ－セイバー ダークソウル: add an X-Saber, choosing "
                                        "Ｘ－セイバー エアベルン"), answer.decided_by
    assert "Perform(" not in answer.decided_by and "picks=" not in answer.decided_by


def test_a_card_that_does_nothing_is_not_explained_by_an_unrelated_rule(tmp_path: Path) -> None:
    """Darksoul tagged only destroyed_this_turn has no End Phase process here;
    the answer said it was decided by H1 ("no quick effect may be activated
    after the hand-size adjustment"), which is about other cards."""
    idle = position(tmp_path, "[destroyed_this_turn]")
    answer = ask(idle, {"possible": {"event": "activated", "card": "XX-Saber Darksoul"}})
    assert answer.answer == "no"
    assert not answer.decided_by.startswith("H1"), answer.decided_by
    assert answer.decided_by.startswith(f"{DARKSOUL} does nothing in any line"), answer.decided_by
    # with the tags its condition asks for, the same question is yes, and its step decides it
    active = ask(position(tmp_path), {"possible": {"event": "activated", "card": "XX-Saber Darksoul"}})
    assert active.answer == "yes" and DARKSOUL in active.decided_by


def writer_files(tmp_path: Path, check: str) -> Path:
    """A writer's folder: the Darksoul position and one ruling of theirs in CSV with ``check``."""
    position(tmp_path)
    rulings = tmp_path / "my_rulings.csv"
    rulings.write_text(
        "ruling_id,date,question_ja,answer_ja,source,scenario,check,expected\n"
        "user-160708-darksoul-after-adjustment,2016-07-08,"
        "《ＸＸ－セイバー ダークソウル》の効果を、エンドフェイズの手札調整の後に発動できますか？,いいえ、できません。,"
        f'https://example.org/darksoul-notes,darksoul.yaml,"{check}",no\n', encoding="utf-8")
    return rulings


def test_a_csv_ruling_takes_its_check_as_yaml_flow_text_as_ask_does(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """docs/questions.md writes questions as YAML flow text and `endphase ask`
    reads them so; the same text in a CSV ruling's check cell was refused as
    "not valid JSON"."""
    from toolkit.cli import main

    order = "{possible_order: [{event: hand_adjusted}, {event: activated, card: XX-Saber Darksoul}]}"
    status = main(["verify", "--rulings", str(writer_files(tmp_path, order)), "--only-mine"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "ok   user-160708-darksoul-after-adjustment" in out and "decided by R3: ＸＸ－セイバー ダークソウル" in out
    # text that is neither JSON nor YAML is still refused in one line naming the row and column
    status = main(["verify", "--rulings", str(writer_files(tmp_path, "{possible: [}")), "--only-mine"])
    err = capsys.readouterr().err
    assert status == 2 and "row 1, column 'check': neither JSON" in err and len(err.strip().splitlines()) == 1


def test_validate_reads_a_csv_of_ones_own_rulings_as_verify_does(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """`verify --rulings my_rulings.csv` ran the file, but `validate
    my_rulings.csv` refused it with 18 lines of "required column is missing
    from the header" (it read it as the packaged table)."""
    from toolkit.cli import main

    order = "{possible_order: [{event: hand_adjusted}, {event: activated, card: XX-Saber Darksoul}]}"
    rulings = writer_files(tmp_path, order)
    status = main(["validate", str(rulings)])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.strip() == f"{rulings}: OK (a file of 1 ruling of your own)"
    # a problem in it is named as verify names it: file, row and column, in one line
    bad = writer_files(tmp_path, "{possible: [}")
    assert main(["validate", str(bad)]) == 2
    out = capsys.readouterr().out
    # (trial 4: every problem of the file, one a line, the first the check's; no "validate FILE lists them")
    first, *more = out.strip().splitlines()
    assert "row 1, column 'check'" in first and all(line.strip().startswith(str(bad)) for line in more), out
    assert "lists them" not in out
    # the packaged table is still checked as the packaged table
    from toolkit.resources import dataset_path

    assert main(["validate", str(dataset_path("rulings.csv"))]) == 0
    assert "OK (a table of rulings, " in capsys.readouterr().out


def test_an_article_about_a_ruling_without_a_summary_prints_no_pandas_na(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer's ruling has no summary_en; the article said "Summary: <NA>"."""
    from toolkit.cli import main

    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path / "user"))
    (tmp_path / "user" / "cards").mkdir(parents=True)
    (tmp_path / "user" / "cards" / "darksoul.yaml").write_text(CARDS, encoding="utf-8")
    order = "{possible_order: [{event: hand_adjusted}, {event: activated, card: XX-Saber Darksoul}]}"
    rulings = writer_files(tmp_path, order)
    assert main(["export", "XX-Saber Darksoul", "--rulings", str(rulings), "--format", "md", "--out", "-"]) == 0
    article = capsys.readouterr().out
    assert "### 2016-07-08 — `user-160708-darksoul-after-adjustment`" in article
    assert "Ａ：いいえ、できません。" in article and "Status: current." in article
    assert "<NA>" not in article and "nan" not in article.split()


def test_the_rule_changes_an_analyst_reads_are_sentences_not_flag_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`changes` printed "rule changes: H5 end_phase_triggers_after_adjustment:
    True -> False" and `ask` / `verify --ruling` "H5
    end_phase_triggers_after_adjustment=True (changed 2016-07-08)": the
    flag's code name and Python's booleans, where the header of the same
    output says what each value means."""
    from toolkit.cli import main

    scenario = tmp_path / "sign_lyla.yaml"
    scenario.write_text("""\
title: Hysteric Sign discarded for the hand limit beside Lyla
turn_player: A
players:
  A:
    hand: [ヒステリック・サイン, ブラッド・ヴォルス, ジェネティック・ワーウルフ, 死者蘇生, 強欲な壺, 落とし穴, おろかな埋葬]
    field: [ライトロード・マジシャン ライラ]
    deck: [ハーピィ・レディ, ハーピィ・レディ三姉妹, ハーピィ・クィーン, 増援]
""", encoding="utf-8")
    sign = "{possible: {event: activated, card: Hysteric Sign}}"
    main(["changes", str(scenario), "--from", "2010-01-01", "--to", "2020-01-01", "--check", sign])
    out = capsys.readouterr().out
    before = "a mandatory 「エンドフェイズ時」 trigger still activates after the hand-size adjustment"
    after = "no 「エンドフェイズ時」 trigger activates after the hand-size adjustment"
    assert "2016-07-08: yes -> no" in out
    assert f"    rule changes: H5: {before} -> {after}" in out, out
    assert main(["ask", str(scenario), sign, "--date", "2013-03-30"]) == 0
    out = capsys.readouterr().out
    assert f"  - H5 as from 2016-07-08: {after}" in out, out
    assert main(["verify", "--ruling", "ocg-160708-hysteric-sign-adjustment"]) == 0
    out = capsys.readouterr().out
    assert f"would flip with: H5 before 2016-07-08: {before}" in out, out
    for text in (out,):
        assert "end_phase_triggers_after_adjustment" not in text and "True" not in text
    # the tables keep the machine form, which the notebooks and scripts read
    table = toolkit.changes(toolkit.load_scenario(scenario), "2010-01-01", "2020-01-01",
                            check={"possible": {"event": "activated", "card": "Hysteric Sign"}})
    assert table["rule_changes"].iloc[0] == "H5 end_phase_triggers_after_adjustment: True -> False"


def test_an_answer_shown_in_a_notebook_reads_as_an_answer() -> None:
    """`toolkit.ask(...)` as a cell's last line printed the dataclass: every
    flag of the rule set and every step of the line as Python values (some
    9,000 characters for Hysteric Sign)."""
    sign = toolkit.seed_scenario("q_hysteric_sign_adjustment")
    answer = ask(sign, {"possible": {"event": "activated", "card": "ヒステリック・サイン"}}, "2013-03-30")
    shown = repr(answer)
    assert shown.splitlines()[:3] == [
        "Question: {possible: {event: activated, card: ヒステリック・サイン}}",  # as written (trial3b)
        "Answer: yes (rules ocg@2013-03-30)",
        f"Decided by: {answer.decided_by}"]
    assert "Flips under 2 of the 18 rule sets one change away:" in shown
    assert f"{len(answer.line)} steps in .line" in shown
    assert "Ruleset(" not in shown and "LineStep(" not in shown and len(shown) < 1000


def test_a_card_file_named_in_a_scenarios_cards_list_is_refused_with_what_to_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The README says a card may go "in a scenario's cards: list"; the judge
    wrote `cards: [darksoul.yaml]` and was told only "expected a mapping with
    name, type, not 'darksoul.yaml'"."""
    from toolkit.cli import main

    (tmp_path / "darksoul.yaml").write_text(CARDS, encoding="utf-8")
    scenario = tmp_path / "position.yaml"
    scenario.write_text("title: t\ncards: [darksoul.yaml]\nturn_player: A\nplayers:\n  A: {}\n", encoding="utf-8")
    assert main(["resolve", str(scenario)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "field 'cards[0]'" in err, err
    assert "'darksoul.yaml' is a file name" in err and "$ENDPHASE_USER_DIR/cards/" in err, err
