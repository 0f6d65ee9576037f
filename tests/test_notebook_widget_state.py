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


def _saved_models(path: Path) -> list[dict]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return list(notebook["metadata"].get("widgets", {}).get(STATE, {}).get("state", {}).values())


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if "allowed_tags" in p.read_text(encoding="utf-8")],
                         ids=lambda p: p.stem)
def test_the_saved_tag_widgets_offer_every_tag_a_scenario_may_set(path: Path) -> None:
    # before: notebooks 00 and 02 were saved before left_field_face_up was a tag, so the rendered
    # builder (docs site, nbviewer) offered every tag but that one
    from toolkit.ocg.scenario import TAGS

    tags = sorted(TAGS)
    models = _saved_models(path)
    inputs = [m["state"]["allowed_tags"] for m in models
              if m["model_name"] == "TagsInputModel" and m["state"].get("allowed_tags")]
    choices = [m["state"]["_options_labels"][1:] for m in models if m["model_name"] == "DropdownModel"
               and any(str(label).startswith(f"{tags[0]} — ") for label in m["state"]["_options_labels"])]
    helps = [m["state"]["value"] for m in models
             if m["model_name"] == "HTMLModel" and f"<code>{tags[0]}</code>" in str(m["state"].get("value"))]
    assert inputs and choices and helps, path.name
    assert all(allowed == tags for allowed in inputs), path.name
    assert all([label.split(" — ")[0] for label in labels] == tags for labels in choices), path.name
    assert all(f"<code>{tag}</code>" in text for text in helps for tag in tags), path.name
