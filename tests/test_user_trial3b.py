"""The user trial's findings left after trial3 (a judge with a card of their
own, an article writer with a dated ruling, an analyst's question), each
test failing before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_user_trial3 import DARKSOUL, position, writer_files

ORDER = "{possible_order: [{event: hand_adjusted}, {event: activated, card: XX-Saber Darksoul}]}"


def test_ask_prints_the_question_as_written_not_as_sorted_json(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """`ask` printed `Question: {"possible": {"card": ..., "event": ...}}`: JSON, its keys sorted."""
    from toolkit.cli import main

    position(tmp_path)
    main(["ask", str(tmp_path / "darksoul.yaml"), "{possible: {event: activated, card: XX-Saber Darksoul}}",
          "--no-why"])
    out = capsys.readouterr().out
    assert "Question: {possible: {event: activated, card: XX-Saber Darksoul}}" in out, out
    assert '"possible"' not in out


def test_an_article_shows_a_check_without_check_en_as_written(tmp_path: Path) -> None:
    """An article's check said `{"possible_order": [...]}` when the ruling had no check_en."""
    from toolkit.cli.card_files import own_cards
    from toolkit.data import cards_with, load_rulings
    from toolkit.export import article_markdown, build_article

    rulings = load_rulings(extra=str(writer_files(tmp_path, ORDER)))  # the position brings the card
    text = article_markdown(build_article(DARKSOUL, rulings=rulings, cards=cards_with(own_cards(rulings))))
    assert ORDER in text, text
    assert '"possible_order"' not in text


def test_rulings_of_a_card_show_ones_own_ruling_by_its_question_and_answer(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """`rulings --card "XX-Saber Darksoul" --rulings my_rulings.csv` showed
    "(no summary_en)" and verdict "-" for the writer's ruling."""
    from toolkit.cli import main

    assert main(["rulings", "--card", "XX-Saber Darksoul", "--rulings", str(writer_files(tmp_path, ORDER))]) == 0
    out = capsys.readouterr().out
    assert "(no summary_en)" not in out, out
    head = next(line for line in out.splitlines() if line.startswith("user-160708-darksoul-after-adjustment"))
    assert head.split()[2] == "no", head  # the answer its check expects, for the verdict it left out
    assert "    Q: 《ＸＸ－セイバー ダークソウル》の効果を、エンドフェイズの手札調整の後に発動できますか？" in out, out
    assert "    A: いいえ、できません。" in out


def test_a_failing_ruling_of_the_list_names_the_change_that_would_make_the_engine_agree(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`verify --rulings X --only-mine` listed a failing ruling with only what
    decided it; `verify --ruling ID` named the rule changes that flip it."""
    from toolkit.cli import main

    rulings = tmp_path / "mine.csv"
    rulings.write_text(
        "ruling_id,date,question_ja,answer_ja,source,scenario,check,expected\n"
        "user-200101-peten-adjustment,2020-01-01,エンドフェイズの手札調整で《闇・道化師のペーテン》を墓地へ捨てた場合、"
        "効果を発動することはできますか？,いいえ、できません。,https://example.org/peten,peten_adjustment_2013,"
        '"{possible: {event: activated, card: 闇・道化師のペーテン}}",no\n', encoding="utf-8")
    assert main(["verify", "--rulings", str(rulings), "--only-mine"]) == 1
    listed = capsys.readouterr().out
    assert main(["verify", "--rulings", str(rulings), "--ruling", "user-200101-peten-adjustment"]) == 1
    flips = next(line for line in capsys.readouterr().out.splitlines() if "would flip with: " in line)
    assert "FAIL user-200101-peten-adjustment" in listed
    assert f"the engine would agree with: {flips.split('would flip with: ')[1]}" in listed, listed
    assert "H2 before 2008-08-03" in listed


def test_a_failing_ruling_no_single_change_mends_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli import main

    rulings = writer_files(tmp_path, ORDER)
    text = rulings.read_text(encoding="utf-8")
    rulings.write_text(text.replace("2016-07-08", "2013-03-30").replace("160708", "130330").replace(",no\n", ",yes\n"),
                       encoding="utf-8")
    assert main(["verify", "--rulings", str(rulings), "--only-mine"]) == 1
    out = capsys.readouterr().out
    assert "no single rule change makes the engine agree (18 rule sets one change away tried)" in out, out


def test_changes_quote_the_rulings_and_events_that_justify_a_flip(capsys: pytest.CaptureFixture[str]) -> None:
    """`changes`' "justified by" listed ruling and event ids only."""
    from toolkit.cli import main
    from toolkit.data import load_events, load_rulings

    assert main(["changes", "q_hysteric_sign_adjustment", "--from", "2010-01-01"]) == 0
    out = capsys.readouterr().out
    rulings, events = load_rulings().set_index("ruling_id"), load_events().set_index("event_id")
    ruling, event = "ocg-160708-hysteric-sign-adjustment", "h5-end-phase-triggers-2016-07-08"
    assert f"      {ruling} (ruling, 2016-07-08): {rulings.at[ruling, 'summary_en']}" in out, out
    assert f"      {event} (event, 2016-07-08): {events.at[event, 'title_en']}" in out, out


def test_ask_prints_each_part_of_a_question_in_flow_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli import main

    position(tmp_path)
    main(["ask", str(tmp_path / "darksoul.yaml"), "{and: [{possible: {event: activated, card: XX-Saber Darksoul}}, "
          "{possible: {event: hand_adjusted}}]}", "--no-why"])
    out = capsys.readouterr().out
    assert "Question: {and: [{possible: {event: activated, card: XX-Saber Darksoul}}, " in out, out
    assert "yes  {possible: {event: hand_adjusted}}" in out, out
