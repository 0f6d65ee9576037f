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
    text = article_markdown(build_article(DARKSOUL, rulings=rulings, cards=cards_with(own_cards())))
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
