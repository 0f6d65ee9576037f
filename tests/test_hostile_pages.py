"""Hostile saved pages and the files made from them: standard input read as a file is, every kind of line
end, and rows whose text holds a character a CSV or YAML writer could lose (all fixtures written here, in
the wiki's style)."""

from __future__ import annotations

import dataclasses
import io
import sys
from pathlib import Path

import pandas as pd
import pytest

import toolkit
from toolkit.cli import main
from toolkit.data import load_rulings, to_contract_csv
from toolkit.data.page_import import save_rulings

Capture = pytest.CaptureFixture[str]

PAGE = ("*《エフェクト・ヴェーラー》 [#top]\n"
        "**FAQ [#faq]\n"
        "Ｑ：このカードの効果はエンドフェイズに発動しますか？~\n"
        "Ａ：はい、発動します。(16/07/08)\n"
        "\n"
        "Ｑ：《サイクロン》でこのカードを破壊できますか？~\n"
        "Ａ：いいえ、できません。(17/01/01)\n")


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def _one_line_error(capsys: Capture, *args: str) -> str:
    status = main(list(args))
    out, err = capsys.readouterr()
    assert status == 2, (status, out, err)
    assert len(err.strip().splitlines()) == 1, err
    return err


# --------------------------------------------------------------------------
# import -: standard input is read as a file is
# --------------------------------------------------------------------------


def test_a_page_on_standard_input_that_is_not_utf8_is_one_line(capsys: Capture,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, PAGE.encode("cp932"))  # a page saved as Shift_JIS
    err = _one_line_error(capsys, "import", "-")
    assert "<stdin> (line 1, column 2)" in err and "not UTF-8" in err


def test_a_page_on_standard_input_is_bounded_like_a_file(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENDPHASE_MAX_FILE_BYTES", "1000")
    _stdin(monkeypatch, (PAGE * 20).encode("utf-8"))
    assert "more than the limit of 1,000 bytes" in _one_line_error(capsys, "import", "-")


def test_standard_input_named_twice_is_refused(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, PAGE.encode("utf-8"))
    err = _one_line_error(capsys, "import", "-", "-")
    assert "field 'pages'" in err and "only once" in err


def test_a_page_on_standard_input_imports_as_the_same_page_in_a_file(capsys: Capture, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "page.txt"
    page.write_text(PAGE, encoding="utf-8")
    assert main(["import", str(page)]) == 0
    from_file = capsys.readouterr().out
    _stdin(monkeypatch, PAGE.encode("utf-8"))
    assert main(["import", "-"]) == 0
    assert capsys.readouterr().out.replace("<stdin>", str(page)) == from_file


# --------------------------------------------------------------------------
# Line ends: Windows, old Macintosh and Unix pages are the same page
# --------------------------------------------------------------------------


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_a_page_with_other_line_ends_reads_as_the_same_page(end: str) -> None:
    rows, _ = toolkit.import_page(PAGE, source="page.txt")
    other, report = toolkit.import_page(PAGE.replace("\n", end), source="page.txt")
    assert len(rows) == 2 and report.lines()[0].startswith("page.txt: 2 entries")
    pd.testing.assert_frame_equal(other, rows)
    assert list(toolkit.rulings_from_faq(PAGE.replace("\n", end), source="p")["ruling_id"]) == \
        list(toolkit.rulings_from_faq(PAGE, source="p")["ruling_id"])
    history = toolkit.ruling_history({"2017-02-01": PAGE.replace("\n", end)})
    assert len(history) == 2


# --------------------------------------------------------------------------
# Rows that read back as written
# --------------------------------------------------------------------------


def _rows_with(question: str) -> pd.DataFrame:
    rows, _ = toolkit.import_page(PAGE, source="page.txt")
    rows = rows.head(1).copy()
    rows.loc[rows.index[0], "question_ja"] = question
    return rows


@pytest.mark.parametrize("suffix", [".csv", ".yaml"])
@pytest.mark.parametrize("odd", ["\r", "\x85", "\u2028", "\u2029"])
def test_a_saved_row_reads_back_whatever_line_break_its_text_holds(tmp_path: Path, suffix: str, odd: str) -> None:
    question = f"このカードは{odd}発動しますか？"
    rows = _rows_with(question)
    path = tmp_path / f"mine{suffix}"
    save_rulings(rows, path)
    back = load_rulings(extra=path)
    back = back[back["ruling_id"] == rows["ruling_id"].iloc[0]]
    assert back["question_ja"].tolist() == [question]


def test_the_contract_csv_quotes_a_lone_carriage_return() -> None:
    rows = _rows_with("このカードは\r発動しますか？").assign(topic="end_phase_order", summary_en="Yes.")
    text = to_contract_csv(rows, "rulings")
    assert '"このカードは\r発動しますか？"' in text and text.count("\n") == 2


def test_rulings_csv_output_keeps_a_row_with_a_carriage_return_on_one_row(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    save_rulings(_rows_with("このカードは発動しますか？").assign(summary_en="Yes.\rIt does."), path)
    assert main(["rulings", "--rulings", str(path), "--only-mine", "--csv"]) == 0
    out = capsys.readouterr().out
    assert '"Yes.\rIt does."' in out and out.count("\n") == 2


@pytest.mark.parametrize("field", ["title", "description"])
def test_a_saved_scenario_keeps_a_next_line_character(tmp_path: Path, field: str) -> None:
    from toolkit.engine import load_scenario
    from toolkit.ocg.scenario.write import dump_scenario

    scenario = toolkit.seed_scenario("lyla_veiler_2011")
    odd = dataclasses.replace(scenario, **{field: "ライラ\x85とヴェーラー"})
    path = tmp_path / "mine.yaml"
    path.write_text(dump_scenario(odd), encoding="utf-8")
    assert getattr(load_scenario(str(path)), field) == "ライラ\x85とヴェーラー"


# --------------------------------------------------------------------------
# Pages and rulings files in another encoding: one line that names it
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("encoding", "named"), [
    ("cp932", "Shift_JIS text"), ("euc_jp", "EUC-JP text"),
    ("utf-16", "UTF-16 (little-endian) text (it starts with its byte-order mark)"),
    ("utf-16-le", "UTF-16 (little-endian) text without a byte-order mark"),
    ("utf-16-be", "UTF-16 (big-endian) text without a byte-order mark"),
])
def test_a_page_in_another_encoding_is_named(capsys: Capture, tmp_path: Path, encoding: str, named: str) -> None:
    page = tmp_path / "page.txt"
    page.write_bytes(PAGE.encode(encoding))
    err = _one_line_error(capsys, "import", str(page))
    assert named in err and "save the page as UTF-8" in err


def test_an_ascii_page_in_utf16_without_a_mark_is_refused_not_read_as_no_entries(capsys: Capture,
                                                                                 tmp_path: Path) -> None:
    page = tmp_path / "page.txt"  # valid UTF-8 with a NUL after every letter: it read as a page of 0 entries
    page.write_bytes("Q: Does it activate?\nA: Yes, it does. (16/07/08)\n".encode("utf-16-le"))
    err = _one_line_error(capsys, "import", str(page))
    assert "(line 1, column 1): not UTF-8 text; it looks like UTF-16 (little-endian)" in err


def test_a_stray_nul_in_a_utf8_page_is_kept_as_before() -> None:
    rows, _ = toolkit.import_page(PAGE.replace("発動します。", "発\x00動します。"), source="page.txt")
    assert len(rows) == 2


@pytest.mark.parametrize(("encoding", "named"), [("cp932", "(byte 0x82; it looks like Shift_JIS text)"),
                                                 ("utf-16", "it is UTF-16 (little-endian) text")])
def test_a_rulings_csv_in_another_encoding_is_named(capsys: Capture, tmp_path: Path, encoding: str,
                                                    named: str) -> None:
    rows, _ = toolkit.import_page(PAGE, source="page.txt")
    path = tmp_path / "mine.csv"
    path.write_bytes(save_rulings(rows, tmp_path / "utf8.csv").encode(encoding))
    assert named in _one_line_error(capsys, "rulings", "--rulings", str(path))


# --------------------------------------------------------------------------
# Writing only where the user said, never into the packaged datasets
# --------------------------------------------------------------------------


def test_import_out_through_a_link_into_the_datasets_is_refused(capsys: Capture, tmp_path: Path) -> None:
    from toolkit.resources import dataset_root

    datasets = Path(str(dataset_root()))
    page = tmp_path / "page.txt"
    page.write_text(PAGE, encoding="utf-8")
    (tmp_path / "mine").symlink_to(datasets, target_is_directory=True)
    before = sorted(p.name for p in datasets.iterdir())
    written = [datasets / "hostile-import.csv", datasets / "scenarios" / "hostile-import.yaml",
               datasets / "hostile-import.yaml"]
    try:
        for out in (tmp_path / "mine" / "hostile-import.csv", datasets / "scenarios" / "hostile-import.yaml"):
            err = _one_line_error(capsys, "import", str(page), "--out", str(out))
            assert "refusing to write into the packaged datasets folder" in err
        assert sorted(p.name for p in datasets.iterdir()) == before
        assert not (datasets / "scenarios" / "hostile-import.yaml").exists()
        with pytest.raises(toolkit.errors.FileError, match="packaged datasets"):
            save_rulings(toolkit.import_page(PAGE, source="p")[0], tmp_path / "mine" / "hostile-import.yaml")
    finally:  # (when the guard is broken, leave the datasets as they were)
        for path in written:
            path.unlink(missing_ok=True)


@pytest.mark.parametrize("out", ["", "  "])
def test_export_to_an_empty_folder_name_is_refused_not_written_to_the_default(capsys: Capture, tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch,
                                                                              out: str) -> None:
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)  # ("  " was written as a folder of that name where the command ran)
    err = _one_line_error(capsys, "export", "Hysteric Sign", "--out", out)
    assert "--out: is empty" in err and not (tmp_path / "home").exists()


@pytest.mark.parametrize("folder", ["", "  ", "DATASETS", "DATASETS/mine", "LINK/mine"])
def test_export_data_writes_neither_into_the_datasets_nor_a_folder_not_named(tmp_path: Path, folder: str,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.resources import dataset_root

    datasets = Path(str(dataset_root()))
    (tmp_path / "link").symlink_to(datasets, target_is_directory=True)
    monkeypatch.chdir(tmp_path)  # ("" wrote the tables into the working folder)
    named = folder.replace("DATASETS", str(datasets)).replace("LINK", str(tmp_path / "link"))
    try:
        with pytest.raises(toolkit.errors.FileError, match="folder name is empty|packaged datasets"):
            toolkit.export_data(named)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["link"] and not (datasets / "mine").exists()
    finally:  # (when the guard is broken, leave the datasets as they were)
        if (datasets / "mine").is_dir():
            for made in (datasets / "mine").iterdir():
                made.unlink()
            (datasets / "mine").rmdir()


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--card", "\x1b[31mヒステリック・サイン", "page_card: '\\x1b[31mヒステリック・サイン' holds a control character (U+001B)"),
    ("--card", "x" * 5000, "is too long for a card's name"),
    ("--source", "https://example.org/a\nb", "source: 'https://example.org/a\\nb' holds a control character (U+000A)"),
])
def test_a_card_or_source_that_every_row_would_carry_is_refused_when_it_holds_control_characters(
        capsys: Capture, tmp_path: Path, option: str, value: str, said: str) -> None:
    page = tmp_path / "page.txt"
    page.write_text(PAGE, encoding="utf-8")
    assert said in _one_line_error(capsys, "import", str(page), option, value)


@pytest.mark.parametrize("read", [
    lambda text: toolkit.import_page(text, source="page.txt"),
    lambda text: toolkit.rulings_from_faq(text, source="page.txt"),
    lambda text: toolkit.ruling_history({"2017-02-01": text}),
])
def test_a_page_read_with_surrogateescape_is_refused_naming_the_byte(read: object) -> None:
    # open(path, errors="surrogateescape").read() of a page with one bad byte: a UnicodeEncodeError from pandas
    text = PAGE.replace("発動します。", "発動\udc82します。", 1)
    with pytest.raises(toolkit.errors.WikiParseError, match=r"line 4, column 8: a byte that is not text \(U\+DC82"):
        read(text)  # type: ignore[operator]


@pytest.mark.parametrize("through_a_link", [False, True])
def test_import_out_onto_an_existing_file_is_refused_not_emptied(capsys: Capture, tmp_path: Path,
                                                                 through_a_link: bool) -> None:
    page, later = tmp_path / "page.txt", tmp_path / "later.txt"
    page.write_text(PAGE, encoding="utf-8")
    later.write_text("*《エフェクト・ヴェーラー》\nＱ：別の場面でも発動しますか？~\nＡ：はい。(18/01/01)\n", encoding="utf-8")
    mine = tmp_path / "mine.csv"
    assert main(["import", str(page), "--out", str(mine)]) == 0
    capsys.readouterr()
    held = mine.read_text(encoding="utf-8")
    existing = mine
    if through_a_link:
        existing = tmp_path / "link.csv"
        existing.symlink_to(mine)
    err = _one_line_error(capsys, "import", str(later), "--existing", str(existing), "--out", str(mine),
                          "--overwrite")
    assert "is one of the --existing files" in err
    assert mine.read_text(encoding="utf-8") == held  # its two rulings were replaced by the new one alone


def test_import_out_onto_a_link_without_overwrite_is_refused(capsys: Capture, tmp_path: Path) -> None:
    # a link whose target is gone is still a file of that name: without --overwrite it was replaced silently
    page, mine = tmp_path / "page.txt", tmp_path / "mine.csv"
    page.write_text(PAGE, encoding="utf-8")
    mine.symlink_to(tmp_path / "moved away.csv")
    err = _one_line_error(capsys, "import", str(page), "--out", str(mine))
    assert "exists; add --overwrite to replace it" in err
    assert mine.is_symlink()


def test_a_page_holding_an_escape_is_listed_with_it_escaped(capsys: Capture, tmp_path: Path) -> None:
    # the row keeps the page's text as written, but listing it sent the ESC raw to the terminal (red text,
    # or any other sequence the page held)
    page, mine = tmp_path / "page.txt", tmp_path / "mine.csv"
    page.write_text(PAGE.replace("発動しますか", "\x1b[31m発動しますか"), encoding="utf-8")
    assert main(["import", str(page), "--out", str(mine)]) == 0
    capsys.readouterr()
    assert main(["rulings", "--rulings", str(mine), "--only-mine"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[31m発動しますか" in out
