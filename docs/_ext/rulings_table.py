"""``.. rulings-table::``: every ruling of the packaged table as one searchable HTML table.

A text box above the table keeps the rows that contain every word typed
(Japanese or English, any column); a small inline script does the filtering,
so the page works offline and without any JavaScript library.
"""

from __future__ import annotations

import html
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

COLUMNS = (
    ("date", "Date"),
    ("game", "Game"),
    ("cards", "Cards"),
    ("question_ja", "Question (ja)"),
    ("answer_ja", "Answer (ja)"),
    ("summary_en", "Summary"),
    ("status", "Status"),
    ("source", "Source (wiki page and section)"),
    ("ruling_id", "Ruling id"),
)

SCRIPT = """
<script>
(function () {
  var box = document.getElementById("rulings-filter");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#rulings-table tbody tr"));
  var count = document.getElementById("rulings-count");
  function apply() {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (row) {
      var text = row.textContent.toLowerCase();
      var keep = words.every(function (w) { return text.indexOf(w) !== -1; });
      row.style.display = keep ? "" : "none";
      if (keep) { shown += 1; }
    });
    count.textContent = shown + " of " + rows.length + " rulings";
  }
  box.addEventListener("input", apply);
  apply();
})();
</script>
"""

STYLE = """
<style>
#rulings-table { border-collapse: collapse; font-size: 0.8em; width: 100%; }
#rulings-table th, #rulings-table td { border: 1px solid #8884; padding: 0.3em; vertical-align: top; }
#rulings-table th { position: sticky; top: 0; background: var(--color-background-secondary, #eee); }
#rulings-filter { width: 100%; padding: 0.4em; margin-bottom: 0.5em; font-size: 1em; }
</style>
"""

def source_links(source: str) -> str:
    """A ruling's ``source`` as HTML links to the wiki sections it was quoted from.

    >>> source_links("https://dmwiki.net/x#faq (x: FAQ); also https://dmwiki.net/y (y)")
    '<a href="https://dmwiki.net/x#faq">x: FAQ</a>; <a href="https://dmwiki.net/y">y</a>'
    >>> source_links("plain <text>")
    'plain &lt;text&gt;'
    """
    from toolkit.wiki import cited

    return "; ".join(f'<a href="{html.escape(url)}">{html.escape(label)}</a>' if url else html.escape(label)
                     for label, url in cited(source))


def cell(column: str, value: Any) -> str:
    if value is None or value != value:  # missing (None, NaN, NaT)
        return ""
    if column == "date":
        return str(value.date())
    if column == "cards":
        return " / ".join(str(card) for card in value)
    return str(value)


def table_html() -> str:
    from toolkit.data import load_rulings

    rulings = load_rulings().sort_values(["game", "date", "ruling_id"], na_position="last", kind="stable")
    head = "".join(f"<th>{html.escape(title)}</th>" for _, title in COLUMNS)
    body = []
    for record in rulings.to_dict("records"):
        cells = "".join(f"<td>{source_links(str(record[name])) if name == 'source' else html.escape(cell(name, record[name]))}</td>"
                        for name, _ in COLUMNS)
        body.append(f'<tr id="{html.escape(str(record["ruling_id"]))}">{cells}</tr>')
    return (
        STYLE
        + '<input id="rulings-filter" type="search" placeholder="Filter: card name, word, date, status…" '
        + 'aria-label="Filter the rulings">\n<p id="rulings-count"></p>\n'
        + f'<div style="overflow-x: auto"><table id="rulings-table"><thead><tr>{head}</tr></thead>\n<tbody>\n'
        + "\n".join(body)
        + "\n</tbody></table></div>\n"
        + SCRIPT
    )


class RulingsTable(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        return [nodes.raw("", table_html(), format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("rulings-table", RulingsTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
