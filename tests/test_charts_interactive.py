"""The interactive timeline: a Vega-Lite v5 chart (what JupyterLab 4 draws
offline) whose points carry the ruling in their tooltip, with a PNG beside it."""

from __future__ import annotations

import pytest

pytest.importorskip("altair")
pytest.importorskip("vl_convert")

from toolkit.present.charts_interactive import VEGALITE_MIME, interactive_timeline  # noqa: E402
from toolkit.data import load_rulings  # noqa: E402


@pytest.fixture(scope="module")
def chart():  # type: ignore[no-untyped-def]
    return interactive_timeline(load_rulings())


def test_the_spec_is_vega_lite_5_with_the_ruling_in_each_tooltip(chart) -> None:  # type: ignore[no-untyped-def]
    assert chart.spec["$schema"].startswith("https://vega.github.io/schema/vega-lite/v5.")
    tooltip = chart.spec["layer"][0]["encoding"]["tooltip"]
    assert {t["field"] for t in tooltip} >= {"ruling", "on", "cards", "status", "question", "answer"}
    sign = chart.data.set_index("ruling")
    row = sign.loc["ocg-160708-hysteric-sign-adjustment"]
    assert (row["on"], row["cards"], row["answer"]) == ("16/07/08", "ヒステリック・サイン", "発動しません。")
    assert row["status"] == "current answer"


def test_it_displays_as_vega_lite_5_with_a_png_for_static_viewers(chart) -> None:  # type: ignore[no-untyped-def]
    data, metadata = chart._repr_mimebundle_()
    assert set(data) == {VEGALITE_MIME, "image/png", "text/plain"}
    assert data["image/png"].startswith(b"\x89PNG")
    assert metadata[VEGALITE_MIME]["embed_options"]["renderer"] == "svg"


def test_its_svg_keeps_the_japanese_lane_and_card_text(chart) -> None:  # type: ignore[no-untyped-def]
    svg = chart.svg()
    assert "hand-size adjustment" in svg and "hand_size_adjustment" not in svg
    assert "ヒステリック・サイン" in chart.data["label"].str.cat()
