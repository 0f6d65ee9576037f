"""The scenario builder's workflows in a real browser (Voilà + Debian's chromium).

* New → build → Resolve → Save → a fresh page loads the file: it holds only
  what was built (no example's title, description or ruling ids).
* Load an example → change it → Save: the file drops the example's ruling ids.
* A failed Resolve clears the previous trace.
* At 1024 px and, widened, at 1440 px no button or label is clipped, the turn player sits
  with the rules (not with the player tabs), the step slider is as wide as
  the trace, highlights its row, and is hidden after Explore. Screenshots of
  both widths go to test-output/browser/<test>/; with UPDATE_SCREENSHOTS=1
  they also replace the README's pictures in docs/img/.

The page holds the builder alone (a one-cell notebook written into Voilà's
served copy: notebook 02's first cell, the builder ``make app`` shows): each
of the five page loads then runs one cell, not notebook 02's demonstrations
(a resolve, an explore, a sweep and two more builders the browser would draw
too). Notebook 02 itself is opened in Voilà by test_scenario_builder_browser,
test_card_entry_browser and test_rule_tooltip_browser.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.ocg.scenario import seed_scenario
from toolkit.widgets.panel import HIGHLIGHT_COLOUR

pytestmark = pytest.mark.browser

APP_NOTEBOOK = "02_scenario_builder.ipynb"
NOTEBOOK = "builder_workflows_test.ipynb"
HORUS = "horus_lv6_veiler_2011"
HYSTERIC = "hysteric_sign_adjustment_2013"
VEILER = "エフェクト・ヴェーラー"
CYCLONE = "サイクロン"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
DOCS_IMG = PROJECT_ROOT / "docs" / "img"
TIMEOUT_MS = 60_000

CLIPPED_JS = """(root) => Array.from(
    root.querySelectorAll('button, label, .widget-label, .widget-inline-hbox .widget-label, .lm-TabBar-tabLabel'))
  .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
  .map((e) => `${(e.innerText || e.textContent || '').trim()} (${e.scrollWidth} > ${e.clientWidth} px)`)"""
"""Every visible button or label whose text is wider than its box (cut or "…")."""


def _builder_notebook(root: Path) -> None:
    """A copy of notebook 02 (in Voilà's served folder) that keeps only its first code cell: the builder."""
    app = json.loads((root / APP_NOTEBOOK).read_text(encoding="utf-8"))
    first = next(cell for cell in app["cells"] if cell["cell_type"] == "code")
    assert "ScenarioBuilder()" in "".join(first["source"]), "notebook 02 no longer opens with the builder"
    app["cells"] = [{**first, "outputs": [], "execution_count": None}]
    app["metadata"].pop("widgets", None)
    (root / NOTEBOOK).write_text(json.dumps(app), encoding="utf-8")


def _open(page: Any, voila_server: Any) -> Any:
    page.set_default_timeout(TIMEOUT_MS)
    if not (voila_server.root / NOTEBOOK).is_file():
        _builder_notebook(voila_server.root)
    page.goto(voila_server.notebook_url(NOTEBOOK), wait_until="domcontentloaded")
    builder = page.locator(".endphase-builder").first
    builder.wait_for(state="visible")
    return builder


def _choose_example(builder: Any, name: str) -> None:
    builder.locator(".endphase-example select").select_option(label=seed_scenario(name).title)
    builder.locator(".endphase-example-status").get_by_text("Loaded the worked example").wait_for()


def _add_card(builder: Any, query: str, name: str, where: str) -> None:
    """Find ``query``, add the card to ``where`` (e.g. "B · Hand"), wait until its zone shows it."""
    builder.locator(".endphase-card-search input").fill(query)
    builder.locator(".endphase-card-matches option").filter(has_text=name).first.wait_for(state="attached")
    builder.locator(".endphase-add-to select").select_option(label=where)
    player, zone = where.split(" · ")
    builder.locator("button.endphase-add-card").click()
    zone_box = builder.locator(f".endphase-{player}-{zone.split()[0].lower()}")
    zone_box.locator(".jupyter-widget-tag").filter(has_text=name).first.wait_for(state="attached")


def _resolve(builder: Any) -> str:
    builder.locator("button.endphase-resolve").click()
    status = builder.locator(".endphase-status-line")
    status.filter(has_text="Resolved under").or_(status.locator(".endphase-status-error")).first.wait_for()
    return str(status.inner_text())


def _save(builder: Any, file_name: str) -> None:
    builder.locator(".endphase-file-name input").fill(file_name)
    builder.locator(".endphase-file-name input").press("Tab")
    builder.locator("button.endphase-save").click()
    builder.locator(".endphase-save-status").get_by_text("Saved").wait_for()


def _saved_yaml(voila_server: Any, file_name: str) -> dict[str, Any]:
    path = voila_server.root.parent / "user_data" / file_name
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), path
    return data


def test_new_build_resolve_save_and_the_reloaded_file_holds_only_what_was_built(
    page: Any, voila_server: Any, screenshot_dir: Path
) -> None:
    builder = _open(page, voila_server)
    _choose_example(builder, HYSTERIC)  # an example's identity, which New must not carry over
    builder.locator("button.endphase-new").click()
    builder.locator(".endphase-example-status").get_by_text("new, empty position").wait_for()
    _add_card(builder, "veiler", VEILER, "B · Hand")
    _add_card(builder, CYCLONE, CYCLONE, "A · Hand")
    assert "Resolved under" in _resolve(builder)
    builder.locator(".endphase-output table").first.wait_for()
    _save(builder, "built")
    builder.screenshot(path=str(screenshot_dir / "built_and_saved.png"))

    saved = _saved_yaml(voila_server, "built.yaml")
    assert saved["title"] == "My scenario"
    assert not saved.get("rulings") and not saved.get("description")
    assert saved["players"]["A"]["hand"] == [CYCLONE] and saved["players"]["B"]["hand"] == [VEILER]
    assert not saved["players"]["A"].get("deck"), "nothing of the example's deck is left"

    builder = _open(page, voila_server)  # a fresh page, a fresh kernel
    builder.locator(".endphase-saved-files select").select_option("built.yaml")
    builder.locator("button.endphase-load").click()
    builder.locator(".endphase-load-status").get_by_text("Loaded").wait_for()
    assert builder.locator(".endphase-title input").input_value() == "My scenario"
    assert builder.locator(".endphase-description").inner_text().strip() == ""
    tags = {(player, zone): builder.locator(f".endphase-{player}-{zone} .jupyter-widget-tag").all_text_contents()
            for player in "AB" for zone in ("hand", "field", "graveyard", "banished", "deck")}
    shown = {where: [t.strip() for t in names if t.strip()] for where, names in tags.items()}
    assert {where: names for where, names in shown.items() if names} == {
        ("A", "hand"): [CYCLONE], ("B", "hand"): [VEILER]}


def test_changing_a_loaded_example_and_saving_drops_its_ruling_ids(page: Any, voila_server: Any) -> None:
    shipped = seed_scenario(HYSTERIC)
    assert shipped.rulings
    builder = _open(page, voila_server)
    _choose_example(builder, HYSTERIC)
    assert shipped.rulings[0] in builder.locator(".endphase-description").inner_text()
    _add_card(builder, CYCLONE, CYCLONE, "A · Hand")
    title = builder.locator(".endphase-title input")
    page.wait_for_function("(el) => el.value.startsWith('Based on: ')", arg=title.element_handle())
    assert "dropped unless you keep them" in builder.locator(".endphase-description").inner_text()
    assert builder.locator(".endphase-keep-rulings").is_visible()
    _save(builder, "edited")

    saved = _saved_yaml(voila_server, "edited.yaml")
    assert not saved.get("rulings"), saved
    assert saved["title"] == f"Based on: {shipped.title}"
    assert saved["description"] == f"Based on the worked example “{shipped.title}”."
    assert CYCLONE in saved["players"]["A"]["hand"]


def test_a_failed_resolve_clears_the_old_trace(page: Any, voila_server: Any) -> None:
    builder = _open(page, voila_server)
    _choose_example(builder, HORUS)
    date_input = builder.locator(".endphase-date input[type=date]")
    date_input.fill("2012-01-01")
    date_input.dispatch_event("change")
    assert "Resolved under" in _resolve(builder)
    assert builder.locator(".endphase-output table").count() >= 1
    date_input.fill("1990-01-01")  # before any rules the toolkit knows
    date_input.dispatch_event("change")
    builder.locator(".endphase-stale-note").get_by_text("before your last edit").wait_for()
    status = _resolve(builder)
    assert "outside the dates the rules cover" in status, status
    assert builder.locator(".endphase-output table").count() == 0, "no old trace under the error"
    assert builder.locator(".endphase-step").is_hidden()
    assert builder.locator(".endphase-stale-note").inner_text().strip() == ""


WIDTHS = (1024, 1440)
"""Common laptop and desktop widths: the page opens at the first and is widened to the second."""


def _check_layout(page: Any, builder: Any, screenshot_dir: Path, width: int) -> None:
    trace = builder.locator(".endphase-output table.endphase-trace").first
    trace.wait_for()
    clipped = builder.evaluate(CLIPPED_JS)
    assert clipped == [], f"clipped at {width} px: {clipped}"
    assert builder.locator(".endphase-rules-and-turn .endphase-turn-player").count() == 1
    slider, table = builder.locator(".endphase-step").bounding_box(), trace.bounding_box()
    assert slider is not None and table is not None
    assert abs(slider["width"] - table["width"]) <= 0.05 * table["width"], (width, slider, table)
    rows = trace.locator("tbody > tr")
    last = rows.nth(rows.count() - 1).locator("td").first
    colour = last.evaluate("(td) => getComputedStyle(td).backgroundColor")
    r, g, b = (int(HIGHLIGHT_COLOUR[i:i + 2], 16) for i in (1, 3, 5))
    assert colour == f"rgb({r}, {g}, {b})", "the slider's step is highlighted in the trace"
    shot = screenshot_dir / f"scenario_builder_{width}.png"
    page.mouse.move(0, 0)  # no hover colour on a row in the picture
    builder.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, DOCS_IMG / shot.name)


def test_the_layout_holds_at_common_widths(page: Any, voila_server: Any, screenshot_dir: Path) -> None:
    page.set_viewport_size({"width": WIDTHS[0], "height": 2400})
    builder = _open(page, voila_server)
    _choose_example(builder, HORUS)  # as shipped: the rules of 2011, its ruling id shown
    assert "Resolved under" in _resolve(builder)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 2400})
        page.wait_for_function(f"() => window.innerWidth === {width}")
        _check_layout(page, builder, screenshot_dir, width)

    builder.locator("button.endphase-explore").click()
    builder.locator(".endphase-status-line").get_by_text("distinct outcome").wait_for()
    slider = builder.locator(".endphase-step")  # after Explore it walks the first outcome's example line
    assert slider.is_visible() and "Outcome 1" in slider.inner_text(), "no disabled 'Step 0' after Explore"
    assert builder.evaluate(CLIPPED_JS) == [], f"clipped at {WIDTHS[-1]} px after Explore"
