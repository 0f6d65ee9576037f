"""The documentation site builds with warnings as errors and shows what it promises.

One Sphinx build (about half a minute) into a temporary folder: the notebooks
as pages from their committed outputs, the API reference, the command-line
page from the CLI's parser, and the rulings table with its filter.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from toolkit.data import load_rulings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from rulings_table import source_links  # noqa: E402

pytestmark = pytest.mark.docs


@pytest.fixture(scope="module")
def site(background: Callable[[str], tuple[subprocess.CompletedProcess[str], Path]]) -> Path:
    """``sphinx -b html -W --keep-going`` into a temporary folder (tests/background.py: under
    ``make test`` the build starts with the session and this waits for it)."""
    done, work = background("sphinx")
    assert done.returncode == 0, f"the docs build failed or warned:\n{done.stderr[-4000:]}"
    return work / "html"


def _first_text_output(notebook: Path) -> str:
    """The first line of the first output committed in a notebook as plain text only
    (a stream, or a result with no HTML or image form, which the page would show instead)."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = output.get("text") or (data.get("text/plain") if set(data) == {"text/plain"} else None)
            if text:
                lines = "".join(text).strip().splitlines()
                if lines and lines[0].strip():
                    return lines[0].strip()
    return ""


def test_every_notebook_is_a_page_with_its_committed_outputs(site: Path) -> None:
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert len(notebooks) >= 8
    for notebook in notebooks:
        page = (site / "notebooks" / f"{notebook.stem}.html").read_text(encoding="utf-8")
        first = _first_text_output(notebook)
        assert first, f"{notebook.name} has no committed text output"
        assert html.escape(first, quote=False) in page, f"{notebook.stem}: {first!r} is not on its page"
    assert list((site / "_images").glob("*.png")), "the notebooks' charts are missing"


def test_the_rulings_page_has_every_ruling_and_a_filter(site: Path) -> None:
    page = (site / "rulings.html").read_text(encoding="utf-8")
    rulings = load_rulings()
    rows = re.findall(r'<tr id="([^"]+)">', page)
    assert sorted(rows) == sorted(rulings["ruling_id"])
    assert 'id="rulings-filter"' in page and "addEventListener" in page
    assert "ヒステリック・サイン" in page
    assert ".txt" not in page.split('id="rulings-table"')[1], "a source file name leaked into the table"


def test_the_command_line_page_shows_every_command(site: Path) -> None:
    page = (site / "cli.html").read_text(encoding="utf-8")
    for command in ("resolve", "explore", "can-force", "changes", "compare", "compare-games", "verify", "rulings",
                    "export", "validate", "scenarios", "cards"):
        assert f"usage: python -m toolkit {command}" in page, command
    assert "--date" in page and "--json" in page and "--csv" in page and "exit status:" in page


def test_every_public_name_is_documented_as_users_call_it(site: Path) -> None:
    import toolkit

    page = (site / "api" / "toolkit.html").read_text(encoding="utf-8")
    modules = (site / "api" / "modules.html").read_text(encoding="utf-8")
    missing = [name for name in toolkit.__all__
               if f'id="toolkit.{name}"' not in page and f'id="module-toolkit.{name}"' not in modules]
    assert not missing, f"public names not on the toolkit page as toolkit.NAME: {missing}"
    assert 'id="toolkit.load_rulings"' in page and 'id="toolkit.RULESETS"' in page


def test_every_module_a_notebook_imports_has_a_section_on_the_site(site: Path) -> None:
    from tests.test_api_reference import notebook_imports

    pages = "".join(p.read_text(encoding="utf-8") for p in (site / "api").glob("*.html"))
    missing = [m for m in sorted(notebook_imports()) if f'id="module-{m}"' not in pages]
    assert not missing, f"modules the notebooks import without a section: {missing}"


def test_the_api_reference_documents_the_public_face(site: Path) -> None:
    pages = "".join((site / "api" / f"{name}.html").read_text(encoding="utf-8")
                    for name in ("toolkit", "modules", "engine", "duel_masters", "widgets"))
    for target in ("toolkit.data.load_rulings", "toolkit.history.verify_rulings", "toolkit.core.search.explore",
                   "toolkit.ocg.rulesets.ruleset_at", "toolkit.duel_masters.rules.TurnEndRules",
                   "toolkit.widgets.builder.ScenarioBuilder", "toolkit.analysis.side_by_side.compare_games"):
        assert f'id="{target}"' in pages, target


def test_the_rulings_page_links_each_source_to_its_wiki_section() -> None:
    url = "https://yugioh-wiki.net/index.php?%A5%A8%A5%F3%A5%C9%A5%D5%A5%A7%A5%A4%A5%BA"
    text = source_links(f"{url}#faq1 (エンドフェイズ: 手札調整について); also {url}#top (エンドフェイズ: エンドフェイズ/End Phase)")
    assert text == (f'<a href="{url}#faq1">エンドフェイズ: 手札調整について</a>; '
                    f'<a href="{url}#top">エンドフェイズ: エンドフェイズ/End Phase</a>')
    assert source_links("no URL: the copy names no page (<b>)") == "no URL: the copy names no page (&lt;b&gt;)"

def test_no_page_loads_a_script_or_stylesheet_from_another_host(site: Path) -> None:
    """The widget manager and Vega come from ``_static/offline/`` (fetched from npm at build time)."""
    remote = re.compile(r'<script[^>]*\ssrc="(?:https?:)?//[^"]*"|<link[^>]*\shref="(?:https?:)?//[^"]*"')
    found = {str(page.relative_to(site)): remote.findall(page.read_text(encoding="utf-8"))
             for page in site.rglob("*.html")}
    assert not {name: tags for name, tags in found.items() if tags}
    builder = (site / "notebooks" / "02_scenario_builder.html").read_text(encoding="utf-8")
    assert '<script src="../_static/offline/embed.js' in builder and "application/vnd.jupyter.widget-state+json" in builder
    history = (site / "notebooks" / "03_ruling_history.html").read_text(encoding="utf-8")
    assert 'class="endphase-vega"' in history and "../_static/offline/vega-embed.min.js" in history
    for name in ("embed.js", "vega.min.js", "vega-lite.min.js", "vega-embed.min.js"):
        assert (site / "_static" / "offline" / name).stat().st_size > 10_000, name


def test_the_data_page_describes_every_column_and_shows_how_to_cite(site: Path) -> None:
    from toolkit.data.schema import SCHEMAS

    page = html.unescape((site / "data.html").read_text(encoding="utf-8"))
    for smart, plain in (("\u2018", "'"), ("\u2019", "'"), ("\u2026", "..."), ("\u201c", '"'), ("\u201d", '"'),
                         ("\u2013", "--"), ("\u2014", "---")):
        page = page.replace(smart, plain)  # Sphinx's smart quotes
    for schema in SCHEMAS.values():
        for column in schema.columns:
            assert f"<code class=\"docutils literal notranslate\">{column.name}</code>" in page or \
                f">{column.name}<" in page, f"{schema.file}: {column.name} is not on the data page"
            assert column.description in page, f"{schema.file}: the description of {column.name} is not on the page"
    text = re.sub(r"<[^>]+>", "", page)  # the citation file is highlighted: one span per token
    assert "cff-version: 1.2.0" in text and "export_data" in text and "https://dmwiki.net/" in page
