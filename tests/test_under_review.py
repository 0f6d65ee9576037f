"""A ruling whose answer was 調整中 (under review) is written ``expected: under_review``: verify runs
it and shows the engine's answers, but it neither agrees nor disagrees, and is counted apart."""

from __future__ import annotations

import json
from pathlib import Path

import in_process
import pytest
from test_user_rulings import SIGN_RULING, write_by_hand

from toolkit.data import DatasetValidationError, load_rulings
from toolkit.history import run_ruling, verify_categories, verify_rulings

REVIEW = SIGN_RULING.replace('expected: "no"', "expected: under_review").replace(
    "answer_ja: いいえ、発動しません。", "answer_ja: 調整中。")


def _verify(path: Path, *more: str):  # type: ignore[no-untyped-def]
    return in_process.endphase(["verify", "--rulings", str(path), "--only-mine", *more], cwd=path.parent, timeout=600)


def test_a_ruling_under_review_neither_agrees_nor_disagrees(tmp_path: Path) -> None:
    assert 'expected: "no"' in SIGN_RULING
    table = load_rulings(extra=write_by_hand(tmp_path, ruling=REVIEW))
    mine = table[table["ruling_id"] == "user-240105-sign-adjustment"]
    mine.attrs = table.attrs
    frame = verify_rulings(mine)
    row = frame.iloc[0]
    assert row["expected"] == "under_review" and row["answer"] == "no" and row["today_answer"] == "no"
    assert pd_na(row["agrees"]) and pd_na(row["today_agrees"]) and pd_na(row["verified"])
    assert list(verify_categories(frame)) == ["under review"]
    run = run_ruling({str(k): v for k, v in mine.iloc[0].to_dict().items()})
    assert run.under_review and run.verified is None


def pd_na(value: object) -> bool:
    import pandas as pd

    return bool(pd.isna(value))


def test_verify_reports_it_as_under_review_and_counts_it_apart(tmp_path: Path) -> None:
    done = _verify(write_by_hand(tmp_path, ruling=REVIEW))
    assert done.returncode == 0, done.stderr
    assert "rev  user-240105-sign-adjustment" in done.stdout and "under review (調整中), engine no" in done.stdout
    assert "0 rulings checked: 0 verified, 0 not; 1 under review (調整中); 0 not modelled" in done.stdout
    one = in_process.endphase(["verify", "--rulings", str(tmp_path / "my_rulings.yaml"), "--only-mine", "--ruling",
                               "user-240105-sign-adjustment"], cwd=tmp_path, timeout=600)
    assert one.returncode == 0 and "under review (調整中): the engine's answer neither agrees nor disagrees" in one.stdout
    rows = json.loads(_verify(tmp_path / "my_rulings.yaml", "--json").stdout)
    assert [(r["expected"], r["answer"], r["verified"]) for r in rows] == [("under_review", "no", None)]


def test_the_categories_tell_verified_failing_review_and_unmodelled_apart() -> None:
    frame = verify_rulings(load_rulings().query("ruling_id in ['ocg-160708-hysteric-sign-adjustment', "
                                                "'ocg-120928-pass-for-opponent-trap-call-judge']"))
    assert sorted(verify_categories(frame)) == ["not modelled", "verified"]


def test_any_other_expected_answer_is_refused_naming_the_three(tmp_path: Path) -> None:
    path = write_by_hand(tmp_path, ruling=SIGN_RULING.replace('expected: "no"', "expected: pending"))
    with pytest.raises(DatasetValidationError, match="under_review"):
        load_rulings(extra=path)


def test_explain_leaves_a_ruling_under_review_out(tmp_path: Path) -> None:
    done = _verify(write_by_hand(tmp_path, ruling=REVIEW), "--explain")
    assert done.returncode == 0, done.stderr
    assert "every ruling asked (0) agrees" in done.stdout.lower()  # nothing to explain: it does not disagree
