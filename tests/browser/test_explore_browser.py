"""The builder's Explore in a real browser (Voilà + Debian's chromium).

Serve a page holding the builder alone (a one-cell notebook written into
Voilà's served copy), load ``hysteric_sign_adjustment_2013`` (90 outcomes
that differ in which cards the hand-size adjustment discards), press Explore,
and check what a reader sees: the grouped summary first ("which 3 of these
9"), then one page of outcomes in a scroll box; Next turns the page; the page
stays under 3,000 px tall (it was 16,000 px with every outcome listed). A
screenshot goes to test-output/browser/<test>/; with UPDATE_SCREENSHOTS=1 it
also replaces docs/img/explore_summary.png (shown in the README).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.ocg.scenario import seed_scenario

pytestmark = pytest.mark.browser

NOTEBOOK = "explore_page_test.ipynb"
EXAMPLE = "hysteric_sign_adjustment_2013"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
README_SCREENSHOT = PROJECT_ROOT / "docs" / "img" / "explore_summary.png"
TIMEOUT_MS = 60_000
MAX_HEIGHT_PX = 3_000


def _builder_page(root: Path) -> None:
    """A notebook showing the builder and nothing else (the page ``make app`` users see, without prose)."""
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": ["from toolkit.widgets import ScenarioBuilder\n", "ScenarioBuilder()"]}
    notebook = {"cells": [cell], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                             "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (root / NOTEBOOK).write_text(json.dumps(notebook), encoding="utf-8")


def _page_height(page: Any) -> int:
    """The page's full height: the tallest scrolling extent of any element (Voilà scrolls a container)."""
    return int(page.evaluate("() => Math.max(...Array.from(document.querySelectorAll('*'), e => e.scrollHeight))"))


def test_explore_shows_the_grouped_summary_first_and_one_page(page: Any, voila_server: Any,
                                                              screenshot_dir: Path) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    _builder_page(voila_server.root)
    page.goto(voila_server.notebook_url(NOTEBOOK), wait_until="domcontentloaded")
    builder = page.locator(".endphase-builder").first
    builder.wait_for(state="visible")
    builder.locator(".endphase-example select").select_option(label=seed_scenario(EXAMPLE).title)
    builder.locator(".endphase-example-status").get_by_text("Loaded the worked example").wait_for()
    status = builder.locator(".endphase-status-line")
    before = builder.bounding_box()["height"]

    builder.locator("button.endphase-explore").click()
    status.get_by_text("90 distinct outcomes over 90 lines").wait_for(timeout=TIMEOUT_MS)
    summary = builder.locator(".endphase-explore-summary")
    summary.wait_for()
    outcomes = builder.locator(".endphase-outcomes")
    outcomes.wait_for()
    assert "which 3 of these 9" in summary.inner_text()
    assert summary.bounding_box()["y"] < outcomes.bounding_box()["y"], "the summary comes first"
    assert outcomes.locator("tbody tr").count() == 10, "one page of outcomes"
    scroll = builder.locator(".endphase-scroll")
    assert scroll.evaluate("e => getComputedStyle(e).overflowY") == "auto"

    after = builder.bounding_box()["height"]
    height = _page_height(page)
    print(f"builder: {before:.0f} px loaded, {after:.0f} px after Explore; the page: {height} px")
    assert height < MAX_HEIGHT_PX, f"the page is {height} px tall after Explore"
    assert after < MAX_HEIGHT_PX
    page.set_viewport_size({"width": 1280, "height": max(height, 1000)})
    builder.screenshot(path=str(screenshot_dir / "explore_summary.png"))

    builder.locator("button.endphase-outcomes-next").click()
    builder.locator(".endphase-outcome-page").get_by_text("rows 11–20 of 90").wait_for()
    assert _page_height(page) < MAX_HEIGHT_PX

    assert (screenshot_dir / "explore_summary.png").stat().st_size > 10_000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        README_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(screenshot_dir / "explore_summary.png", README_SCREENSHOT)
