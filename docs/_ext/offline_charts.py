"""Interactive Vega-Lite charts on the notebook pages, drawn with no CDN.

A notebook's Altair chart is saved as a Vega-Lite spec beside its PNG. On the
site each such output becomes a block that shows the PNG and, once the page's
scripts have run, is replaced by the live chart (tooltips included) drawn by
vega-embed from ``_static/offline/`` (fetched by ``web_assets``). Without
JavaScript the PNG stays. The pages that have a chart, and only those, load
the three Vega scripts.
"""

from __future__ import annotations

import json
from typing import Any

from sphinx.application import Sphinx
from web_assets import VEGA, served_name

VEGA_LITE = "application/vnd.vegalite.v5+json"
MARKER = "endphase-vega"

SCRIPT = """<script>
(function () {
  function draw() {
    var block = document.getElementById("%(id)s");
    if (!block || !window.vegaEmbed) { return; }
    var saved = JSON.parse(document.getElementById("%(id)s-spec").textContent);
    var chart = document.createElement("div");
    window.vegaEmbed(chart, saved.spec, saved.options).then(function () {
      block.replaceChildren(chart);
      block.classList.add("endphase-vega-live");
    }).catch(function () {});
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", draw); } else { draw(); }
})();
</script>"""


def _json_in_script(value: Any) -> str:
    """JSON that cannot end the ``<script>`` it sits in.

    >>> _json_in_script({"a": "</script>"})
    '{"a": "<\\\\/script>"}'
    """
    return json.dumps(value, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")


def chart_html(spec: dict[str, Any], png: str, number: int, options: dict[str, Any] | None = None) -> str:
    """The block standing for one chart: its PNG, its spec (with the output's embed
    options, e.g. the SVG renderer) and the script that draws it."""
    block_id = f"{MARKER}-{number}"
    saved = {"spec": spec, "options": {"actions": False, **(options or {})}}
    title = spec.get("title")
    alt = title if isinstance(title, str) else "chart"
    return (
        f'<div class="{MARKER}" id="{block_id}">'
        f'<img src="data:image/png;base64,{png.strip()}" alt="{alt}" style="max-width: 100%"></div>\n'
        f'<script type="application/json" id="{block_id}-spec">{_json_in_script(saved)}</script>\n'
        + SCRIPT % {"id": block_id}
    )


def with_live_charts(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook with each Vega-Lite output (that has a PNG beside it) as a live-chart block.

    >>> cell = {"cell_type": "code", "outputs": [{"output_type": "display_data", "metadata": {},
    ...         "data": {VEGA_LITE: {"mark": "bar"}, "image/png": "iVBO", "text/plain": "alt.Chart(...)"}}]}
    >>> out = with_live_charts({"cells": [cell]})["cells"][0]["outputs"][0]["data"]
    >>> sorted(out), MARKER in out["text/html"]
    (['text/html', 'text/plain'], True)
    """
    number = 0
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if VEGA_LITE in data and "image/png" in data:
                number += 1
                options = output.get("metadata", {}).pop(VEGA_LITE, {}).get("embed_options")
                data["text/html"] = chart_html(data.pop(VEGA_LITE), str(data.pop("image/png")), number, options)
    return notebook


def _add_scripts(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if MARKER in str(context.get("body", "")):
        for package in VEGA:
            for member in package.files:
                app.add_js_file(served_name(member))


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("web_assets")
    app.connect("html-page-context", _add_scripts)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
