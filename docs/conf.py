"""Sphinx configuration of the documentation site (``make docs``).

The notebooks are pages built from their committed outputs (nothing is
executed: ``nb_execution_mode = "off"``); they are copied from ``notebooks/``
into ``docs/notebooks/`` (not committed) on each build. The JavaScript the
pages use (widget manager, Vega) is fetched from npm when the site is built
and served with it: the site makes no request to another host. The API reference comes
from the docstrings, the command-line page from the CLI's own argument parser,
the rulings page from the packaged rulings table and the data dictionary
from the schema (``_ext/``).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

from offline_charts import with_live_charts  # noqa: E402
from web_assets import WIDGETS, served_name  # noqa: E402

from toolkit import __version__  # noqa: E402


def _copy_notebooks() -> None:
    """Copy each notebook, its Vega-Lite charts made live-chart blocks (``_ext/offline_charts.py``)."""
    target = DOCS / "notebooks"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir()
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        content = with_live_charts(json.loads(notebook.read_text(encoding="utf-8")))
        (target / notebook.name).write_text(json.dumps(content, ensure_ascii=False, indent=1) + "\n",
                                            encoding="utf-8")


_copy_notebooks()

project = "End Phase ruling toolkit"
author = "End Phase toolkit developers"
copyright = "2026, End Phase toolkit developers"
version = release = __version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "cli_help",
    "rulings_table",
    "web_assets",
    "offline_charts",
    "data_dictionary",
    "public_api",
]
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "img"]
root_doc = "index"
language = "en"

# Notebooks: render the committed outputs, never run a kernel.
nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

# API reference.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
autosummary_generate = False
napoleon_google_docstring = False
napoleon_numpy_docstring = False

html_theme = "furo"
html_title = f"End Phase ruling toolkit {__version__}"
html_static_path: list[str] = []
html_show_sourcelink = False

# The widgets are drawn from their saved state by the widget manager fetched
# from npm at build time and served with the site (_ext/web_assets.py): no
# require.js, no CDN (myst-nb's default loads both from CDNs).
nb_ipywidgets_js = {served_name(member): {} for member in WIDGETS.files if member.endswith(".js")}
# ref.python: "more than one target found" for a type named in a signature (Ruleset is both
# toolkit.Ruleset, as users call it, and toolkit.ocg.rulesets.Ruleset, where it is defined);
# Sphinx links the first, which is the same object.
suppress_warnings = ["ref.python"]
