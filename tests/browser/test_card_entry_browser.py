"""Card entry in the scenario builder, in a real browser (Voilà + Debian's chromium).

Type a card's name in hiragana into "Find card" and press Enter: the card
joins the chosen zone and the builder says so beside the box. Type another
name in hiragana straight into a zone box: it becomes the card's Japanese
name. Type a name no card has: it is taken out and flagged beside the box
with the nearest names. Screenshots go to test-output/browser/<test>/; with
UPDATE_SCREENSHOTS=1 the one of the zones and "Find card" replaces
docs/img/card_entry.png.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "02_scenario_builder.ipynb"
VEILER = "エフェクト・ヴェーラー"
SIGN = "ヒステリック・サイン"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
DOCS_SCREENSHOT = PROJECT_ROOT / "docs" / "img" / "card_entry.png"
TIMEOUT_MS = 60_000


def _tags(page: Any, zone_class: str) -> list[str]:
    """The names a zone box shows (its tags, without the remove buttons)."""
    box = page.locator(f".endphase-builder .{zone_class}").first
    return [str(t).strip() for t in box.locator("div.jupyter-widget-tag").all_inner_texts()]


def test_hiragana_and_enter_add_the_card_and_an_unknown_name_is_flagged_at_once(
    page: Any, voila_server: Any, screenshot_dir: Path
) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(voila_server.notebook_url(NOTEBOOK), wait_until="domcontentloaded")
    builder = page.locator(".endphase-builder").first
    builder.wait_for(state="visible")

    find = builder.locator(".endphase-card-search input")
    find.click()
    find.press_sequentially("えふぇくと")
    # Wait until the list holds Effect Veiler alone: the kernel has then read at
    # least 「えふ」. Enter's submit message is not queued behind the box's
    # value updates (ipywidgets sends custom messages at once but holds value
    # updates while one is unanswered), so on a busy kernel it can arrive while
    # the kernel still holds 「え」, whose list starts with another card.
    page.wait_for_function(
        "name => { const o = [...document.querySelectorAll("
        "'.endphase-builder .endphase-card-matches select option')];"
        " return o.length === 1 && o[0].innerText.includes(name); }",
        arg=VEILER,
    )
    find.press("Enter")
    confirmation = builder.locator(".endphase-card-message")
    confirmation.get_by_text(f"Added {VEILER} to A's hand").wait_for()
    assert _tags(page, "endphase-A-hand") == [VEILER]
    builder.locator(".endphase-card-entry").screenshot(path=str(screenshot_dir / "card_entry.png"))

    hand = builder.locator(".endphase-A-hand input")
    builder.locator(".endphase-A-hand").first.click()  # the box shows its text input once clicked
    hand.press_sequentially("ひすてりっく・さいん")
    hand.press("Enter")
    message = builder.locator(".endphase-A-hand-message")
    message.get_by_text(f"Added {SIGN}").wait_for()
    page.wait_for_function(
        "names => [...document.querySelectorAll('.endphase-builder .endphase-A-hand div.jupyter-widget-tag')]"
        ".map(t => t.innerText.trim()).join('|') === names",
        arg=f"{VEILER}|{SIGN}",
    )

    builder.locator(".endphase-A-hand").first.click()
    hand.press_sequentially("灰流うらら")
    hand.press("Enter")
    message.get_by_text("Unknown card 「灰流うらら」").wait_for()
    assert "did you mean" in str(message.inner_text())
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.endphase-builder .endphase-A-hand div.jupyter-widget-tag')]"
        ".some(t => t.innerText.includes('灰流うらら'))"
    )
    assert _tags(page, "endphase-A-hand") == [VEILER, SIGN]
    page.locator(".endphase-builder").first.screenshot(path=str(screenshot_dir / "builder_after_entry.png"))
    top = builder.locator(".endphase-player-tabs").bounding_box()
    bottom = builder.locator(".endphase-card-entry").bounding_box()
    clip = {"x": top["x"], "y": top["y"], "width": max(top["width"], bottom["width"]),
            "height": bottom["y"] + bottom["height"] - top["y"]}
    page.screenshot(path=str(screenshot_dir / "zones_and_find_card.png"), clip=clip)

    for name in ("card_entry.png", "zones_and_find_card.png"):
        assert (screenshot_dir / name).stat().st_size > 5_000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        DOCS_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(screenshot_dir / "zones_and_find_card.png", DOCS_SCREENSHOT)
