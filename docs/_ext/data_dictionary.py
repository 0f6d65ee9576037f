"""``.. data-dictionary:: rulings``: one table's columns (type, required, allowed values,
meaning, example), read at build time from the schema (toolkit/data/schema.py) and the
shipped table, through :func:`toolkit.data.dictionary.dictionary_rows` — the same source as
``datasets/datapackage.json``, so the page cannot drift from the data.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

HEADERS = ("Column", "Type", "Required", "Allowed values", "Meaning", "Example")
WIDTHS = (14, 12, 8, 22, 30, 14)


def table_node(table: str) -> nodes.table:
    """One table's dictionary rows as a docutils table (plain text cells: nothing is read as markup)."""
    from toolkit.data.dictionary import dictionary_rows
    from toolkit.data.schema import SCHEMAS

    schema = SCHEMAS[table]
    node = nodes.table(classes=["data-dictionary"])
    node += nodes.title(text=f"{schema.file} (one row per {schema.key})")
    group = nodes.tgroup(cols=len(HEADERS))
    node += group
    for width in WIDTHS:
        group += nodes.colspec(colwidth=width)

    def row(cells: tuple[str, ...]) -> nodes.row:
        out = nodes.row()
        for i, text in enumerate(cells):
            entry = nodes.entry()
            shown = nodes.literal(text, text) if i == 0 and text != HEADERS[0] else nodes.Text(text)
            entry += nodes.paragraph("", "", shown)
            out += entry
        return out

    head = nodes.thead()
    head += row(HEADERS)
    group += head
    body = nodes.tbody()
    for cells in dictionary_rows(schema):
        body += row(cells)
    group += body
    return node


class DataDictionary(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        return [table_node(self.arguments[0])]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("data-dictionary", DataDictionary)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
