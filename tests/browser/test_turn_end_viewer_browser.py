"""The Duel Masters Turn End Step viewer in a real browser (Voilà + Debian's chromium).

Open notebook 07 as a Voilà app; in the viewer (showing Moffle and Zanjibar)
pick the counterfactual ruleset ``dm-turn-starts-later`` and press Explore:
Moffle is destroyed in the only outcome. Back under seed 004's rules it is
not. A screenshot of each state goes to test-output/browser/<test>/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolkit.duel_masters import seed_scenario
from toolkit.widgets.turn_end_viewer import ruleset_label

pytestmark = pytest.mark.browser

NOTEBOOK = "07_duel_masters_turn_end.ipynb"
MOFFLE = "夢見がちモッフル"
TIMEOUT_MS = 60_000


def _explore_under(viewer: Any, ruleset: str) -> str:
    viewer.locator(".endphase-dm-ruleset select").select_option(label=ruleset_label(ruleset))
    status = viewer.locator(".endphase-status-line")
    status.filter(has_text=f"under {ruleset}: press Resolve or Explore").wait_for()
    viewer.locator("button.endphase-explore").click()
    status.filter(has_text="distinct outcome").filter(has_text=f"under {ruleset}").wait_for(timeout=TIMEOUT_MS)
    output = viewer.locator(".endphase-output")
    output.locator("table").first.wait_for(timeout=TIMEOUT_MS)
    return str(output.inner_text())


def test_explore_moffle_under_two_rulesets_in_the_browser(page: Any, voila_server: Any, screenshot_dir: Path) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(voila_server.notebook_url(NOTEBOOK), wait_until="domcontentloaded")
    viewer = page.locator(".endphase-turn-end-viewer").first
    viewer.wait_for(state="visible")
    assert viewer.locator(".endphase-dm-scenario select").input_value() == seed_scenario("dm_moffle_zanjibar").title

    later = _explore_under(viewer, "dm-turn-starts-later")
    viewer.screenshot(path=str(screenshot_dir / "viewer_turn_starts_later.png"))
    assert f"{MOFFLE} is destroyed" in later, later[:2000]

    seed = _explore_under(viewer, "duel_masters")
    viewer.screenshot(path=str(screenshot_dir / "viewer_duel_masters.png"))
    assert "destroyed" not in seed, seed[:2000]
    assert (screenshot_dir / "viewer_duel_masters.png").stat().st_size > 10_000
