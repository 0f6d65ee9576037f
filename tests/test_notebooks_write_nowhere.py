"""A notebook that demonstrates saving or exporting writes into a temporary
folder only: never into the reader's home folder, never into datasets/.

Notebook 05's code runs in a fresh interpreter with HOME (and the toolkit's
user folder variable) unset to an empty folder of the test, and the
temporary folder pointed at another: the exported article must appear in
the temporary folder, and nothing in HOME.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "05_writing_a_ruling_article.ipynb"


def _code(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


def _datasets_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted((ROOT / "datasets").rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()


def _run_with_home(code: str, base: Path) -> tuple[Path, Path]:
    home, tmp = base / "home", base / "tmp"
    home.mkdir()
    tmp.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "ENDPHASE_USER_DIR"}
    env.update({"HOME": str(home), "TMPDIR": str(tmp), "MPLCONFIGDIR": str(base / "mpl"),
                "XDG_CACHE_HOME": str(base / "cache"), "XDG_CONFIG_HOME": str(base / "config")})
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "notebooks", env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return home, tmp


def test_notebook_05_exports_into_a_temporary_folder_only(tmp_path: Path) -> None:
    before = _datasets_digest()
    home, tmp = _run_with_home(_code(NOTEBOOK), tmp_path)
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == []
    exported = sorted(p.name for p in tmp.rglob("*.md"))
    assert exported == ["ヒステリック・サイン-hysteric-sign.md"]
    assert _datasets_digest() == before


def test_the_check_sees_a_file_written_into_home(tmp_path: Path) -> None:
    """The same run finds an export into the default user folder (under HOME)."""
    code = ("from toolkit.export import build_article, default_user_folder, export_article\n"
            "export_article(build_article('Hysteric Sign'), default_user_folder() / 'articles')\n")
    home, _ = _run_with_home(code, tmp_path)
    assert any(p.suffix == ".md" for p in home.rglob("*"))


def test_notebook_08_writes_its_cards_position_and_article_into_a_temporary_folder_only(tmp_path: Path) -> None:
    before = _datasets_digest()
    home, tmp = _run_with_home(_code(ROOT / "notebooks" / "08_bring_your_own_card.ipynb"), tmp_path)
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == []
    written = sorted(p.name for p in tmp.rglob("*") if p.is_file())
    assert {"my_cards.yaml", "three_cards.yaml", "クリバンデット-kuribandit.md"} <= set(written), written
    assert _datasets_digest() == before
