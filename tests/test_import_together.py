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


def _apart(tmp_path: Path) -> tuple[Path, Path]:
    """Two pages imported in separate calls, each saved to its own file."""
    for name, page in (("a", PAGE_A), ("b", PAGE_B)):
        save_rulings(toolkit.import_page(page, source=f"{name}.txt").rows, tmp_path / f"{name}.csv")
    return tmp_path / "a.csv", tmp_path / "b.csv"


def test_ids_clashing_between_separate_imports_are_named_with_the_way_to_avoid_them(tmp_path: Path) -> None:
    a, b = _apart(tmp_path)
    with pytest.raises(DatasetValidationError) as refused:
        load_rulings(extra=[a, b])
    message = str(refused.value)
    assert "\n" not in message and message.startswith(f"{b}, row 1, column 'ruling_id': duplicate id "
                                                      f"'user-160708-mystical-space': {a} row 1 has it already")
    assert "for another ruling" in message and f"--existing {a}" in message and "existing=" in message


def test_the_same_ruling_in_two_files_is_told_apart_from_a_clash(tmp_path: Path) -> None:
    a, _ = _apart(tmp_path)
    (tmp_path / "copy.csv").write_text(a.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(DatasetValidationError, match="for the same ruling: keep it in one file$"):
        load_rulings(extra=[a, tmp_path / "copy.csv"])


def test_import_with_existing_gives_ids_that_load_together(tmp_path: Path) -> None:
    a, _ = _apart(tmp_path)
    (tmp_path / "b.txt").write_text(PAGE_B + PAGE_A, encoding="utf-8")
    status, out, err = _cli("import", str(tmp_path / "b.txt"), "--existing", str(a), "--out", str(tmp_path / "b2.csv"))
    assert (status, err) == (0, ""), err
    assert f"line 3: the same ruling as user-160708-mystical-space of {a}; imported once" in out
    table = load_rulings(extra=[a, tmp_path / "b2.csv"])
    mine = table["ruling_id"].tolist()[len(load_rulings()):]
    assert mine[0] == "user-160708-mystical-space" and len(mine) == 2 and len(set(mine)) == 2
    rows, _ = toolkit.import_page(PAGE_B + PAGE_A, source="b.txt", existing=table.iloc[:-1])
    assert rows["ruling_id"].tolist() == mine[1:]  # the same as the command line's


def test_many_pages_share_one_assigner_and_name_the_earlier_page(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.data import page_import

    calls = []
    twice = page_import._twice
    monkeypatch.setattr(page_import, "_twice", lambda *a: calls.append(1) or twice(*a))
    pages = []
    for n in range(20):
        page = "".join(f"Ｑ：《サイクロン》を{n}回目に{k}発動できますか？~\nＡ：はい。(16/07/08)\n" for k in range(3))
        pages.append(tmp_path / f"p{n}.txt")
        pages[-1].write_text(page + (PAGE_A if n else ""), encoding="utf-8")
    (tmp_path / "p0.txt").write_text(PAGE_A + (tmp_path / "p0.txt").read_text(encoding="utf-8"), encoding="utf-8")
    status, out, _ = _cli("import", *map(str, pages), "--out", str(tmp_path / "all.csv"))
    assert status == 0 and "61 rulings written" in out
    assert len(calls) <= 2 * 80, len(calls)  # each entry looked at once (pages × rows before: ~650)
    assert f"line 7: the same ruling as user-160708-mystical-space of {pages[0]}; imported once" in out
    assert load_rulings(extra=tmp_path / "all.csv")["ruling_id"].is_unique
