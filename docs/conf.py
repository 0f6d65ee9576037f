"""Sphinx configuration of the documentation site (``make docs``).

The notebooks are pages built from their committed outputs (nothing is
executed: ``nb_execution_mode = "off"``); they are copied from ``notebooks/``
into ``docs/notebooks/`` (not committed) on each build. The API reference comes
from the docstrings, the command-line page from the CLI's own argument parser,
the rulings page from the packaged rulings table and the data dictionary
from the schema (``_ext/``).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

from toolkit import __version__  # noqa: E402


def _copy_notebooks() -> None:
    target = DOCS / "notebooks"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir()
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        shutil.copy2(notebook, target / notebook.name)


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

# Notebook 03's interactive timeline carries a Vega-Lite chart (for JupyterLab)
# beside its PNG; the site shows the PNG, so the Vega-Lite output is skipped.
# ref.python: "more than one target found" for a type named in a signature (Ruleset is both
# toolkit.Ruleset, as users call it, and toolkit.ocg.rulesets.Ruleset, where it is defined);
# Sphinx links the first, which is the same object.
suppress_warnings = ["mystnb.unknown_mime_type", "ref.python"]
