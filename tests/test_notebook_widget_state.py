"""Rendered notebooks (the documentation site, nbviewer, GitHub) show the
widgets only if the notebook carries their saved state: every widget view an
output displays must have its model in the notebook's widget state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"


def _views(notebook: dict) -> list[str]:
    return [out["data"][VIEW]["model_id"] for cell in notebook["cells"] for out in cell.get("outputs", [])
            if VIEW in out.get("data", {})]


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if VIEW in p.read_text(encoding="utf-8")], ids=lambda p: p.stem)
def test_every_displayed_widget_has_its_saved_state(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    state = notebook["metadata"].get("widgets", {}).get(STATE, {}).get("state", {})
    missing = [m for m in _views(notebook) if m not in state]
    assert _views(notebook) and not missing, f"{path.name}: no saved state for {missing} (re-run it with nbconvert)"
