"""Exports write only what they say, where they say (issue: hostile input, round two).

A link where an article would go is never written through: without ``--overwrite`` it is a file that
exists (one line, exit 2); with it, the link itself is replaced by the article and its target — which
may lie outside the folder named — is untouched.  A file of the user's whose name looks like an old
temporary file of the toolkit's is never deleted by an export.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from toolkit.cli import main

STEM = "ヒステリック・サイン-hysteric-sign"


def _export(out: Path, *more: str) -> int:
    return main(["export", "ヒステリック・サイン", "--format", "md", "--out", str(out), *more])


def _linked(tmp_path: Path, dangling: bool) -> tuple[Path, Path]:
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    victim = elsewhere / "victim.md"
    if not dangling:
        victim.write_text("precious\n", encoding="utf-8")
    os.symlink(victim, out / f"{STEM}.md")
    return out, victim


@pytest.mark.parametrize("dangling", [True, False])
def test_a_link_where_the_article_goes_is_refused_without_overwrite(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dangling: bool) -> None:
    out, victim = _linked(tmp_path, dangling)
    assert _export(out) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "file exists; add --overwrite" in err
    assert victim.exists() is not dangling and (dangling or victim.read_text(encoding="utf-8") == "precious\n")


def test_overwrite_replaces_the_link_itself_never_its_target(tmp_path: Path) -> None:
    out, victim = _linked(tmp_path, dangling=False)
    assert _export(out, "--overwrite") == 0
    written = out / f"{STEM}.md"
    assert not written.is_symlink() and written.read_text(encoding="utf-8").startswith("# ヒステリック・サイン")
    assert victim.read_text(encoding="utf-8") == "precious\n"


def test_a_users_file_named_like_an_old_temporary_file_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    mine = out / ".notes.md.draft001.tmp"
    mine.write_text("my notes\n", encoding="utf-8")
    old = time.time() - 3600
    os.utime(mine, (old, old))
    assert _export(out) == 0
    assert mine.read_text(encoding="utf-8") == "my notes\n"


def test_csv_output_is_safe_to_open_in_a_spreadsheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import csv
    import io

    rulings = tmp_path / "mine.csv"
    rulings.write_text("ruling_id,date,question_ja,answer_ja,source,summary_en\n"
                       'user-240101-formula,2024-01-01,質問です,はい。,https://example.org/x,"=HYPERLINK(""http://x"")"\n',
                       encoding="utf-8")
    assert main(["rulings", "--rulings", str(rulings), "--only-mine", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    cells = [v for row in rows for v in row.values() if v]
    assert cells and not any(v.startswith(("=", "@", "+")) for v in cells), cells
    assert any(v == "'=HYPERLINK(\"http://x\")" for v in cells), cells
