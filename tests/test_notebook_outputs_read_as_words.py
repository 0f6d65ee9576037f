"""What the notebooks show is read by people: no engine reprs (``Pass()``,
``Perform('…')``, ``Proceed()``), no pandas Series (its ``dtype:`` footer) and
no bare ``None`` in any committed output. The trace tables are worded by the
game (``toolkit.present.notebook_helpers.trace_table``: "Pass", "Go on
(nobody chooses)", the action's code on hover).

A cell that shows the code form on purpose is listed in ALLOWED with why.
Only the text a reader sees is read (streams and ``text/plain``); hover texts
in the HTML carry the code on purpose.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
REPRS = re.compile(r"Perform\(|Pass\(\)|Proceed\(\)|dtype:|^None$", re.MULTILINE)

ALLOWED: dict[tuple[str, str], str] = {
    ("06_paper_vs_video_game", "15"): "the legal actions as code: what a reader passes to play() and scripted()",
}
"""(notebook stem, cell id) -> why that cell shows the code form."""


def _shown(output: dict) -> str:
    if output.get("output_type") == "stream":
        return "".join(output.get("text", ""))
    return "".join(output.get("data", {}).get("text/plain", ""))


def _offending(path: Path) -> list[str]:
    found = []
    for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if (path.stem, str(cell.get("id", index))) in ALLOWED:
            continue
        for output in cell.get("outputs", []):
            match = REPRS.search(_shown(output))
            if match:
                found.append(f"cell {cell.get('id', index)}: {match.group(0)!r} in {_shown(output)[:120]!r}")
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_notebook_output_shows_a_repr(path: Path) -> None:
    assert not _offending(path), f"{path.name}: " + "; ".join(_offending(path))


def test_the_allow_list_names_cells_that_exist_and_still_show_code() -> None:
    for (stem, cell_id), why in ALLOWED.items():
        cells = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
        [cell] = [c for c in cells if c.get("id") == cell_id]
        assert any(REPRS.search(_shown(o)) for o in cell.get("outputs", [])), f"{stem} cell {cell_id} ({why}) is clean now"


def test_the_check_catches_what_it_is_for(tmp_path: Path) -> None:
    for text in ("Pass()", "   step action\n0  Perform('x: y')", "a    1\ndtype: int64", "None"):
        notebook = {"cells": [{"cell_type": "code", "id": "0", "source": [], "metadata": {},
                               "outputs": [{"output_type": "stream", "name": "stdout", "text": [text]}]}]}
        path = tmp_path / "x.ipynb"
        path.write_text(json.dumps(notebook), encoding="utf-8")
        assert _offending(path), text


COUNT_IN_BRACKETS = re.compile(r"\b\d[\d,]* [a-z ]*\w\(s\)")
"""A count written "1 ruling(s)" instead of in words ("1 ruling", "2 rulings")."""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_notebook_output_counts_with_a_bracketed_plural(path: Path) -> None:
    # before: notebook 10 "1 ruling(s) disagree ...", "18 single change(s) and 0 pair(s)"; notebook 01
    # "2 more problem(s)"
    shown = [_shown(o) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
             for o in cell.get("outputs", [])]
    found = [m.group(0) for text in shown for m in COUNT_IN_BRACKETS.finditer(text)]
    assert not found, f"{path.name}: {found}"
