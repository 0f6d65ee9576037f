"""The documentation site with the network cut (Debian's chromium, every request
to a host other than 127.0.0.1 aborted).

The site (one Sphinx build, shared with tests/test_docs.py) is served from
127.0.0.1. Before: the notebook pages loaded require.js and the widget manager
from two CDNs, so offline the builder's cell was followed by nothing, and the
interactive timeline was left out. Now the builder is drawn from its saved
state by the widget manager the build fetched from npm, and the timeline is
the live Vega-Lite chart (its PNG until the scripts run) with its tooltip.
A second test opens every page and fails on any request that leaves 127.0.0.1.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.docs]

TIMEOUT_MS = 60_000
RULING = "ocg-160708-hysteric-sign-adjustment"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        pass


@pytest.fixture(scope="module")
def site_url(background: Callable[[str], tuple[subprocess.CompletedProcess[str], Path]]) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a thread of this process)."""
    done, work = background("sphinx")
    assert done.returncode == 0, f"the docs build failed or warned:\n{done.stderr[-4000:]}"
    handler = functools.partial(_QuietHandler, directory=str(work / "html"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _cut_off(page: Any) -> list[str]:
    """Abort every request to another host; the list fills with their URLs."""
    outside: list[str] = []

    def route(request_route: Any) -> None:
        url = str(request_route.request.url)
        if url.startswith(("data:", "blob:")) or urlparse(url).hostname in LOCAL_HOSTS:
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    page.context.route("**/*", route)
    return outside


def test_the_builder_and_the_timeline_draw_with_the_network_cut(page: Any, site_url: str,
                                                                 screenshot_dir: Path) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    outside = _cut_off(page)
    page.goto(f"{site_url}/notebooks/02_scenario_builder.html", wait_until="load")
    builder = page.locator(".endphase-builder").first
    builder.wait_for(state="visible")
    assert builder.locator("button", has_text="Resolve").first.is_visible()
    assert builder.locator("button", has_text="Explore").first.is_visible()
    page.screenshot(path=str(screenshot_dir / "builder.png"), full_page=True)

    page.goto(f"{site_url}/notebooks/03_ruling_history.html", wait_until="load")
    chart = page.locator(".endphase-vega-live").first
    chart.wait_for(state="attached")
    chart.scroll_into_view_if_needed()
    point = chart.locator(f"path[aria-label*='{RULING}']").first
    point.wait_for(state="visible")
    point.hover()
    tooltip = page.locator("#vg-tooltip-element")
    tooltip.filter(has_text=RULING).wait_for(state="visible")
    text = str(tooltip.inner_text())
    assert "発動しません。" in text and "ヒステリック・サイン" in text, text
    page.screenshot(path=str(screenshot_dir / "timeline.png"))
    assert page.locator(".endphase-rulings-browser").first.is_visible()
    assert outside == [], outside


def test_no_page_of_the_site_asks_another_host(page: Any, site_url: str,
                                               background: Callable[[str], tuple[Any, Path]]) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    outside = _cut_off(page)
    html = background("sphinx")[1] / "html"
    pages = sorted(str(p.relative_to(html)) for p in (html / "notebooks").glob("*.html"))
    assert len(pages) >= 8
    for name in [*pages, "index.html", "rulings.html", "cli.html"]:
        page.goto(f"{site_url}/{name}", wait_until="load")
        page.wait_for_load_state("networkidle")
    assert outside == [], f"{len(outside)} request(s) left 127.0.0.1: {sorted(set(outside))}"


WORDS_BROKEN_IN_TWO = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('.endphase-table th, .endphase-table td')) {
    const text = cell.textContent.trim();
    if (!/^[A-Za-z]+$/.test(text)) continue;  // one Latin word: a column title, an actor
    const range = document.createRange();
    range.selectNodeContents(cell);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (lines.size > 1) broken.push(text);
  }
  return broken;
}"""


def test_a_trace_table_on_the_site_breaks_no_word_in_two(page: Any, site_url: str) -> None:
    """Notebook 00's trace on the site (a column narrower than JupyterLab's): long phrases wrap,
    but no column title or actor is cut inside a word (before: 'ste/p', 'act/or', 'ga/me')."""
    page.set_default_timeout(TIMEOUT_MS)
    page.set_viewport_size({"width": 1024, "height": 1600})
    page.goto(f"{site_url}/notebooks/00_start_here.html", wait_until="load")
    page.locator(".endphase-table").first.wait_for(state="attached")
    assert page.locator(".endphase-table th", has_text="reason").count() > 0
    assert page.evaluate(WORDS_BROKEN_IN_TWO) == []
