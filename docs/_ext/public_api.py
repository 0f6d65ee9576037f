"""``.. public-api::``: every name of ``toolkit.__all__``, documented under the name users call it
(``toolkit.load_rulings``, not ``toolkit.data.load_rulings``), grouped by the part of the toolkit
it comes from; read from ``toolkit.__all__`` at build time, so a new public name is on the page.

Functions and classes go through autodoc (``autofunction`` / ``autoclass`` of ``toolkit.NAME``);
a value (``RULESETS``) shows the docstring written under it where it is defined; a module
(``actions``) shows the first paragraph of its docstring and a link to its page, and a
subpackage (``games``) links to its own page.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

GROUPS = {
    "toolkit.data": "Rulings, cards and events tables",
    "toolkit.wiki": "Wiki FAQ markup",
    "toolkit.engine": "The engine: scenarios, rule sets, the search",
    "toolkit.history": "The ruling history",
    "toolkit.analysis.compare": "Comparisons",
    "toolkit.analysis.paper_vs_video": "Comparisons",
    "toolkit.analysis.side_by_side": "Comparisons",
    "toolkit.core.rules": "Rules and their words",
    "toolkit.present.glossary": "Rules and their words",
    "toolkit.errors": "Errors",
}
"""The section each home module's names are shown under (toolkit._HOMES gives the homes)."""


def value_doc(module_name: str, name: str, depth: int = 0) -> list[str]:
    """The docstring written under ``name``'s assignment, in its module or the one it is imported from."""
    try:
        docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
    except Exception:  # noqa: BLE001 - a module without source: no doc found
        return []
    if ("", name) in docs:
        return list(docs[("", name)])
    if depth > 3:
        return []
    source = inspect.getsource(importlib.import_module(module_name))
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and any(a.name == name for a in node.names):
            return value_doc(node.module, name, depth + 1)
    return []


def first_paragraph(text: str) -> list[str]:
    lines: list[str] = []
    for line in inspect.cleandoc(text).splitlines():
        if not line.strip():
            break
        lines.append(line)
    return lines


def entries() -> list[tuple[str, list[str]]]:
    """(section title, reStructuredText lines) for every public name, in the order of ``toolkit.__all__``."""
    import toolkit

    homes: dict[str, str] = dict(toolkit._LAZY)
    out: dict[str, list[str]] = {}
    for name in toolkit.__all__:
        value = getattr(toolkit, name)
        title = GROUPS.get(homes.get(name, ""), "Subpackages")
        lines = out.setdefault(title, [])
        if inspect.ismodule(value) and value.__name__ == f"toolkit.{name}":  # documented on its own
            lines += [f"``toolkit.{name}``: the module :mod:`toolkit.{name}` (on the modules page).", ""]
        elif inspect.ismodule(value):
            lines += [f".. py:data:: {name}", "   :type: module", "",
                      *(f"   {line}" for line in first_paragraph(value.__doc__ or "")), "",
                      f"   The module :mod:`{value.__name__}`.", ""]
        elif inspect.isclass(value):
            lines += [f".. autoclass:: toolkit.{name}", "   :members:", ""]
        elif callable(value):
            lines += [f".. autofunction:: toolkit.{name}", ""]
        else:
            lines += [f".. py:data:: {name}", f"   :type: {type(value).__name__}", "",
                      *(f"   {line}" for line in value_doc(homes[name], name)), ""]
    return list(out.items())


def page_lines() -> list[str]:
    """The whole section as one ``eval-rst`` block (autodoc writes reStructuredText, which a
    Markdown page reads only there)."""
    lines = ["```{eval-rst}", ".. py:currentmodule:: toolkit", ""]
    for title, body in entries():
        lines += [f".. rubric:: {title}", "", *body]
    return [*lines, "```"]


class PublicApi(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        container = nodes.container(classes=["public-api"])
        self.state.nested_parse(StringList(page_lines(), source="toolkit.__all__"), self.content_offset, container)
        return container.children


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("public-api", PublicApi)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
