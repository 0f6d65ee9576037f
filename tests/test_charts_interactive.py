"""The interactive timeline: a Vega-Lite v5 chart (what JupyterLab 4 draws
offline) whose points carry the ruling in their tooltip, with a PNG beside it."""

from __future__ import annotations

import pytest

pytest.importorskip("altair")
pytest.importorskip("vl_convert")

from toolkit.data import load_rulings  # noqa: E402
from toolkit.present.charts_interactive import VEGALITE_MIME, interactive_timeline  # noqa: E402


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


def test_the_tooltip_names_every_card_and_never_shows_a_summary_as_cards_or_an_empty_question(chart) -> None:  # type: ignore[no-untyped-def]
    # before: a ruling naming no card showed the start of its English summary under "cards:",
    # a ruling of three cards "A, B +1", and a ruling given without a question an empty "question:"
    rulings = load_rulings().set_index("ruling_id")
    for row in chart.data.itertuples():
        named = list(rulings.at[row.ruling, "cards"])
        assert row.cards == (", ".join(named) if named else "no card named"), row.ruling
        assert "+" not in row.cards and str(rulings.at[row.ruling, "summary_en"])[:20] not in row.cards
        assert row.question.strip() and row.answer.strip(), row.ruling
    rules_only = chart.data.set_index("ruling").loc["ocg-080714-choose-battle-or-end-after-passes"]
    assert (rules_only["cards"], rules_only["question"]) == ("no card named", "(none: the page states the answer alone)")
    english = interactive_timeline(load_rulings(), labels="en").data.set_index("ruling")
    assert english.loc["ocg-160708-hysteric-sign-adjustment", "cards"] == "Hysteric Sign"
