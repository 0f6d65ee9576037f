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
