"""A new user's first steps: `make lab`, open 00_start_here, run every cell.

JupyterLab serves a copy of notebooks/; chromium opens 00_start_here, runs all
cells from the Run menu and saves (into the copy). Every code cell must have
run without an error output, and the scenario builder widget must be drawn
(the widgets extension of JupyterLab is installed and works).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "00_start_here.ipynb"
TIMEOUT_MS = 90_000


def _saved_cells(path: Path) -> list[dict[str, Any]]:
    return [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]


def _run_all_until_the_builder_shows(page: Any) -> None:
    """Run > Run All Cells, once the kernel is idle; again if nothing ran.

    "Run All" issued while JupyterLab is still wiring up the kernel session
    can be dropped (outputs cleared, nothing queued); a user would simply run
    again, and so does the test (at most three times).
    """
    for attempt in range(3):
        try:
            page.locator(".jp-StatusBar-Widget", has_text="| Idle").first.wait_for(state="visible", timeout=30_000)
        except Exception:
            pass  # try running anyway; the builder check below decides
        page.locator(".lm-MenuBar-item", has_text="Run").first.click()
        page.locator(".lm-Menu-item", has_text="Run All Cells").first.click()
        try:
            page.locator(".endphase-builder").first.wait_for(state="visible", timeout=30_000)
            return
        except Exception:
            if attempt == 2:
                raise


def test_start_here_runs_in_jupyterlab_without_an_error_cell(page: Any, lab_server: Any, screenshot_dir: Path) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    copy = lab_server.root / NOTEBOOK
    committed = _saved_cells(copy)
    for cell in committed:  # forget the committed outputs so only this run counts
        cell["outputs"], cell["execution_count"] = [], None
    page.goto(lab_server.notebook_url(NOTEBOOK), wait_until="domcontentloaded")
    try:
        page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(state="visible")
        _run_all_until_the_builder_shows(page)
    except Exception:
        page.screenshot(path=str(screenshot_dir / "failed.png"), full_page=True)
        status = page.locator(".jp-StatusBar-panel").all_inner_texts()
        raise AssertionError(f"the notebook did not run; status bar: {status}") from None
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        page.keyboard.press("Control+s")
        time.sleep(1.0)
        cells = _saved_cells(copy)
        if all(c["execution_count"] is not None for c in cells) and page.locator(
            ".jp-Notebook-ExecutionIndicator[data-status='idle']"
        ).count():
            break
    page.screenshot(path=str(screenshot_dir / "start_here_in_lab.png"), full_page=True)

    cells = _saved_cells(copy)
    assert len(cells) == len(committed)
    assert all(c["execution_count"] is not None for c in cells), "every code cell ran"
    errors = [o for c in cells for o in c["outputs"] if o["output_type"] == "error"]
    assert errors == [], [f"{o['ename']}: {o['evalue']}" for o in errors]
    stderr = [o for c in cells for o in c["outputs"] if o.get("name") == "stderr"]
    assert stderr == [], [o["text"] for o in stderr]
    builder = page.locator(".endphase-builder").first
    assert "Load example" in str(builder.inner_text())
