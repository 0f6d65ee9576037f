"""`make app` in a real browser (Voilà + Debian's chromium): the page is the
scenario builder with a title and one line of help, and none of notebook 02's
tutorial (before: ``(True, ['horus_2012.yaml'])``, ``stale: True``,
``asked: True``, ``None`` and prose about code under the builder); and the
page asks no host but 127.0.0.1 for anything (before: Voilà's template linked
two Font Awesome stylesheets from a CDN)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser

APP = "app/scenario_builder.ipynb"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_MS = 60_000
TUTORIAL = ("horus_2012.yaml", "stale:", "asked:", "(True,", "Save and load", "A mistake is a message",
            "ScenarioBuilder(", "demo.")


def test_make_app_serves_this_notebook_in_the_offline_template() -> None:
    rule = re.search(r"^app:.*\n((?:\t.*\n)+)", (PROJECT_ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert rule is not None and f"notebooks/{APP}" in rule.group(1)
    assert "--template=endphase" in rule.group(1) and "JUPYTER_PATH=$(CURDIR)/share/jupyter" in rule.group(1)
    assert (PROJECT_ROOT / "share/jupyter/voila/templates/endphase/index.html.j2").is_file()


def test_the_app_is_the_builder_and_nothing_else(page: Any, voila_server: Any, screenshot_dir: Path) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    other_hosts: list[str] = []

    def route(request_route: Any) -> None:
        url = str(request_route.request.url)
        if url.startswith(("data:", "blob:")) or urlparse(url).hostname in {"127.0.0.1", "localhost"}:
            request_route.continue_()
        else:
            other_hosts.append(url)
            request_route.abort()

    page.context.route("**/*", route)
    page.goto(voila_server.notebook_url(APP), wait_until="domcontentloaded")
    builder = page.locator(".endphase-builder")
    builder.first.wait_for(state="visible")
    page.wait_for_load_state("networkidle")
    page.get_by_role("heading", level=1, name="End Phase ruling toolkit").wait_for()
    page.screenshot(path=str(screenshot_dir / "app.png"), full_page=True)
    assert builder.count() == 1
    assert builder.first.locator("button.endphase-resolve").is_visible()
    text = str(page.locator("body").inner_text())
    outside = text.replace(str(builder.first.inner_text()), "")
    assert not [t for t in TUTORIAL if t in text], [t for t in TUTORIAL if t in text]
    assert not re.search(r"^\s*None\s*$", outside, re.M), outside
    prose = [line for line in outside.splitlines() if line.strip()]
    assert len(prose) <= 3, prose  # the title and one line of help
    assert other_hosts == [], f"the app asked another host: {other_hosts}"
