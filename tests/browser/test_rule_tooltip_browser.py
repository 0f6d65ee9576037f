"""A rule id in the builder's trace explains itself in a real browser (Voilà + Debian's chromium).

Open notebook 02 as a Voilà app, load the 2013 Hysteric Sign example, press
Resolve, hover the first R7 of the trace: its tooltip shows R7's statement
from the rule registry. Clicking the ruling a note cites opens its row (the
question and answer) under the trace. Screenshots go to
test-output/browser/<test>/; with UPDATE_SCREENSHOTS=1 the tooltip one also
replaces docs/img/rule_tooltip.png.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.core.rules import rule
from toolkit.ocg.scenario import seed_scenario

pytestmark = pytest.mark.browser

NOTEBOOK = "02_scenario_builder.ipynb"
EXAMPLE = "hysteric_sign_adjustment_2013"
RULING = "ocg-160708-hysteric-sign-adjustment"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
DOCS_SCREENSHOT = PROJECT_ROOT / "docs" / "img" / "rule_tooltip.png"
TIMEOUT_MS = 60_000


def test_hovering_a_rule_id_in_the_trace_shows_its_statement(
    page: Any, voila_server: Any, screenshot_dir: Path
) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(voila_server.notebook_url(NOTEBOOK), wait_until="domcontentloaded")
    builder = page.locator(".endphase-builder").first
    builder.wait_for(state="visible")
    builder.locator(".endphase-example select").select_option(label=seed_scenario(EXAMPLE).title)
    builder.locator(".endphase-example-status").get_by_text("Loaded the worked example").wait_for()
    builder.locator("button.endphase-resolve").click()
    trace = builder.locator(".endphase-output table.endphase-trace")
    trace.wait_for(timeout=TIMEOUT_MS)

    r7 = trace.locator('a.endphase-rule[href="#rule-ocg-R7"]').first
    tip = r7.locator(".endphase-tip")
    assert not tip.is_visible(), "the statement shows only on hover"
    r7.evaluate("e => e.scrollIntoView({block: 'center'})")
    r7.hover()
    tip.wait_for(state="visible")
    statement = rule("R7", "ocg").statement
    shown = " ".join(str(tip.inner_text()).split())
    assert shown.startswith("R7 — Priority, and both players passing:"), shown
    assert " ".join(statement.split()) in shown
    assert "Pass()" not in str(trace.inner_text()) and "Pass" in str(trace.inner_text())
    page.screenshot(path=str(screenshot_dir / "rule_tooltip.png"),
                    clip=_around(r7.bounding_box(), tip.bounding_box()))

    page.mouse.move(0, 0)
    tip.wait_for(state="hidden")
    row = builder.locator(f"details#ruling-{RULING}")
    assert not row.locator("dd").first.is_visible(), "the ruling row is closed until clicked"
    builder.locator(f'.endphase-output a.endphase-ruling[href="#ruling-{RULING}"]').first.wait_for()
    row.locator("summary").click()
    row.locator("dd").first.wait_for(state="visible")
    assert "発動しません。" in str(row.inner_text())

    assert (screenshot_dir / "rule_tooltip.png").stat().st_size > 5_000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        DOCS_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(screenshot_dir / "rule_tooltip.png", DOCS_SCREENSHOT)


def _around(*boxes: Any) -> dict[str, float]:
    """A clip rectangle holding every box, with a margin."""
    left = min(b["x"] for b in boxes) - 240
    top = min(b["y"] for b in boxes) - 60
    right = max(b["x"] + b["width"] for b in boxes) + 40
    bottom = max(b["y"] + b["height"] for b in boxes) + 20
    return {"x": max(left, 0), "y": max(top, 0), "width": right - max(left, 0), "height": bottom - max(top, 0)}
