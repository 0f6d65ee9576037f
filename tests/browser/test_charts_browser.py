"""The charts of notebook 03 in JupyterLab (Debian's chromium): Japanese text
is drawn with real glyphs, and hovering a point of the interactive timeline
shows its ruling.

JupyterLab opens a copy of notebook 03 with its saved outputs; its own
Vega-Lite renderer draws the interactive timeline offline. Hovering the point
of the 16/07/08 Hysteric Sign answer must show a tooltip with the ruling's id
and its Japanese answer. The tooltip's Japanese text is then drawn on a
canvas in the tooltip's font and compared, pixel by pixel, with the same
number of characters no font has (drawn as "tofu" boxes): real glyphs differ
from the boxes. A screenshot goes to test-output/browser/<test>/; with
UPDATE_SCREENSHOTS=1 it also replaces docs/img/ruling_timeline_hover.png.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "03_ruling_history.ipynb"
RULING = "ocg-160708-hysteric-sign-adjustment"
TIMEOUT_MS = 90_000
PROJECT_ROOT = Path(__file__).resolve().parents[2]
README_SCREENSHOT = PROJECT_ROOT / "docs" / "img" / "ruling_timeline_hover.png"

# Draws `text` and as many characters no font has (U+10FFFD) in the font of
# `element`; returns the fraction of pixels that differ (0: `text` is tofu).
TOFU_CHECK = """(element, text) => {
  const font = getComputedStyle(element).font || "14px sans-serif";
  const draw = (s) => {
    const canvas = document.createElement("canvas");
    canvas.width = 40 * s.length; canvas.height = 40;
    const ctx = canvas.getContext("2d");
    ctx.font = font.replace(/\\d+(\\.\\d+)?px/, "24px");
    ctx.fillStyle = "black"; ctx.textBaseline = "top";
    ctx.fillText(s, 2, 4);
    return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  };
  const real = draw(text), tofu = draw("\\u{10FFFD}".repeat([...text].length));
  let differ = 0, inked = 0;
  for (let i = 3; i < real.length; i += 4) {
    if (real[i] !== tofu[i]) differ++;
    if (real[i] > 0) inked++;
  }
  return {differ: differ / (real.length / 4), inked: inked};
}"""


def test_the_timeline_shows_a_ruling_on_hover_in_japanese(page: Any, lab_server: Any, screenshot_dir: Path) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(lab_server.notebook_url(NOTEBOOK), wait_until="domcontentloaded")
    chart = page.locator(".jp-RenderedVegaLite").first
    chart.wait_for(state="attached")
    chart.scroll_into_view_if_needed()
    point = chart.locator(f"path[aria-label*='{RULING}']").first
    point.wait_for(state="visible")
    point.hover()
    tooltip = page.locator("#vg-tooltip-element")
    tooltip.filter(has_text=RULING).wait_for(state="visible")
    text = str(tooltip.inner_text())
    assert "発動しません。" in text and "16/07/08" in text and "ヒステリック・サイン" in text, text
    shot = screenshot_dir / "timeline_hover.png"
    page.screenshot(path=str(shot), clip=_around(chart.bounding_box(), tooltip.bounding_box()))
    assert shot.stat().st_size > 10_000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        README_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, README_SCREENSHOT)

    answer = tooltip.locator("td", has_text="発動しません。").last
    glyphs = answer.evaluate(TOFU_CHECK, "発動しません")
    assert glyphs["inked"] > 0
    assert glyphs["differ"] > 0.01, f"the Japanese answer is drawn as boxes: {glyphs}"
    boxes = answer.evaluate(TOFU_CHECK, "\U0010fffc\U0010fffb")
    assert boxes["differ"] < 0.001, f"the check cannot tell boxes from glyphs: {boxes}"


def _around(*boxes: Any) -> dict[str, float]:
    """The smallest rectangle holding every box (chart and tooltip)."""
    left = min(b["x"] for b in boxes)
    top = min(b["y"] for b in boxes)
    right = max(b["x"] + b["width"] for b in boxes)
    bottom = max(b["y"] + b["height"] for b in boxes)
    return {"x": left, "y": top, "width": right - left, "height": bottom - top}
