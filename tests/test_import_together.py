"""Pages imported apart, brought together (issue 30's importer, reviewed): ids that clash between
separate imports are avoided with ``--existing`` / ``existing=`` and named when they meet; several pages
of one ``endphase import`` share one id assigner; the report's long texts are shortened by the toolkit's
one helper; unknown cards are one warning per file. Fixtures written for these tests in the wiki's style."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pytest

import toolkit
from toolkit.cli.app import run_with_streams
from toolkit.data import load_rulings, save_rulings
from toolkit.data.problems import DatasetValidationError
from toolkit.errors import RulingWarning, shorten

SOURCE = "https://example.org/page"
PAGE_A = "Ｑ：《サイクロン》は発動できますか？~\nＡ：はい。(16/07/08)\n"
PAGE_B = "Ｑ：《サイクロン》にチェーンできますか？~\nＡ：いいえ。(16/07/08)\n"


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_with_streams(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_report_shortens_a_long_question_with_the_toolkits_helper() -> None:
    question = "《サイクロン》を" + "長い" * 60 + "場合は？"
    _, report = toolkit.import_page(f"Ｑ：{question}~\nＡ：はい。(16/07/08)\n", source=SOURCE)
    assert report.frame()["question"].tolist() == [shorten(question, 40)]
    assert f"({len(question)} characters)" in report.frame()["question"][0]


def test_rows_naming_unknown_cards_are_one_warning_per_file(tmp_path: Path) -> None:
    for name, date in (("a.csv", "16/07/08"), ("b.yaml", "17/07/08")):
        page = "".join(f"Ｑ：《テスト・ナイト{n}》を捨てた場合は？~\nＡ：はい。({date})\n" for n in range(40))
        save_rulings(toolkit.import_page(page, source=SOURCE).rows, tmp_path / name)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        load_rulings(extra=[tmp_path / "a.csv", tmp_path / "b.yaml"])
    said = [str(w.message) for w in seen if issubclass(w.category, RulingWarning)]
    assert len(said) == 2, said
    for name, line in zip(("a.csv", "b.yaml"), said):
        assert line.startswith(f"{tmp_path / name}: 40 rows name cards the toolkit does not know"), line
        assert "「テスト・ナイト0」 (row 1" in line and "「テスト・ナイト2」 (row 3" in line, line
        assert "テスト・ナイト3」" not in line and "and 37 more" in line and "\n" not in line and len(line) < 600
