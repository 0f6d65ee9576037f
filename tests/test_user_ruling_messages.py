"""An unknown card in a ruling's check is refused naming the file, the row and the column, and a
ruling's id is never printed twice (issue: hostile input, round two, item 5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import toolkit
from toolkit.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _files(tmp_path: Path, card: str) -> Path:
    shutil.copy(ROOT / "datasets" / "scenarios" / "q_hysteric_sign_adjustment.yaml", tmp_path / "pos.yaml")
    rulings = tmp_path / "mine.csv"
    rulings.write_text("ruling_id,date,question_ja,answer_ja,source,scenario,check,expected\n"
                       f'user-160708-mine,2016-07-08,質問,はい。,https://example.org/x,pos.yaml,'
                       f'"{{possible: {{event: activated, card: {card}}}}}",no\n', encoding="utf-8")
    return rulings


def test_an_unknown_card_in_a_check_names_file_row_and_column(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--rulings", str(_files(tmp_path, "No Such Card")), "--only-mine"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "mine.csv, row 1, column 'check'" in err, err
    assert "Unknown card 「No Such Card」" in err and err.count("user-160708-mine") <= 1


def test_a_card_the_scenario_knows_by_its_english_name_is_accepted(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--rulings", str(_files(tmp_path, "Hysteric Sign")), "--only-mine"]) == 0, \
        capsys.readouterr()


def test_a_ruling_given_as_rows_names_its_id_once() -> None:
    from toolkit.history.runs import HistoryError, run_ruling

    row = toolkit.load_rulings().set_index("ruling_id").loc["ocg-160708-hysteric-sign-adjustment"].to_dict()
    row.update(ruling_id="user-160708-rows", check='{"possible": {"event": "activated", "card": "No Such Card"}}')
    with pytest.raises(HistoryError) as refused:
        run_ruling(row)
    assert str(refused.value).count("user-160708-rows") == 1, str(refused.value)


def test_two_rulings_that_supersede_each_other_are_refused(tmp_path: Path) -> None:
    """Both were marked superseded and none was current (same date, two rows of one file)."""
    from toolkit.data import DatasetValidationError

    rulings = tmp_path / "mine.yaml"
    rulings.write_text(
        "- {ruling_id: user-240101-first, date: 2024-01-01, question_ja: 質問一, answer_ja: はい。,"
        " source: 'https://example.org/a', supersedes: [user-240101-second]}\n"
        "- {ruling_id: user-240101-second, date: 2024-01-01, question_ja: 質問二, answer_ja: いいえ。,"
        " source: 'https://example.org/b', supersedes: [user-240101-first]}\n", encoding="utf-8")
    with pytest.raises(DatasetValidationError) as refused:
        toolkit.load_rulings(extra=str(rulings))
    assert "already supersedes this ruling" in str(refused.value) and "none would be current" in str(refused.value)
