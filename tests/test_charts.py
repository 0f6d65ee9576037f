"""Charts return a figure with the tidy data behind it: these tests check the
data and the figure's text (card names in Japanese, or English on request;
topics and statuses in words; every glyph in the font), not pixels."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

from toolkit.data import load_rulings
from toolkit.present.charts import Chart, answer_grid, answers_over_time, errata_flips, ruling_timeline, timeline_data

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
VEILER_SCENARIOS = {
    "arcana_force_ohka_veiler_2012",
    "darklord_zerato_veiler_2012",
    "horus_lv6_veiler_2011",
    "horus_lv6_veiler_2015",
    "justice_of_prophecy_veiler_2013",
    "lyla_veiler_2011",
}


def labels(chart: Chart) -> list[str]:
    texts = []
    for ax in chart.figure.axes:
        texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        texts += [t.get_text() for t in ax.get_yticklabels()]
        legend = ax.get_legend()
        if legend is not None:
            texts += [t.get_text() for t in legend.get_texts()]
    return texts


def assert_renders(chart: Chart) -> None:
    """A PNG with every glyph in the chart's fonts (no tofu boxes) and no snake_case word."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert chart.png().startswith(PNG_SIGNATURE)
    missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    assert missing == []
    snake = [t for t in chart.texts() for word in t.split() if "_" in word.strip("()")]
    assert snake == [], snake


def test_the_glyph_check_sees_a_character_no_font_has() -> None:
    chart = answer_grid(pd.DataFrame({"ocg": ["yes"]}, index=["q"]), pd.Series({"q": "\U0010fffd?"}))
    with pytest.raises(AssertionError):
        assert_renders(chart)


def test_the_timeline_names_cards_in_japanese_or_english() -> None:
    rulings = load_rulings()
    chart = ruling_timeline(rulings)
    texts = chart.texts()
    sign = chart.data.set_index("ruling_id").loc["ocg-160708-hysteric-sign-adjustment"]
    assert sign["label"] == "16/07/08 ヒステリック・サイン"
    assert any(t.startswith(f"{sign['number']:>2}  16/07/08 ヒステリック・サイン") for t in texts), texts
    assert "?" not in "".join(chart.data["label"])
    english = ruling_timeline(rulings, labels="en").data.set_index("ruling_id")
    assert english.loc["ocg-160708-hysteric-sign-adjustment", "label"] == "16/07/08 Hysteric Sign"
    with pytest.raises(ValueError, match="labels must be 'ja'"):
        ruling_timeline(rulings, labels="fr")


def test_the_timeline_data_is_the_charts_data_without_a_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hover chart reads the timeline's points from timeline_data, which
    draws nothing: the same rows, numbers, labels and lanes as the drawn chart."""
    import toolkit.present.charts as charts

    rulings = load_rulings()
    drawn = ruling_timeline(rulings, labels="en").data

    def no_figure(*_args: object) -> None:
        raise AssertionError("timeline_data drew a figure")

    monkeypatch.setattr(charts, "new_figure", no_figure)
    data = timeline_data(rulings, labels="en")
    pd.testing.assert_frame_equal(data, drawn)
    assert data["y"].nunique() > data["topic"].nunique()  # sub-rows inside each topic's lane
    dm = timeline_data(rulings, game="dm")
    assert set(dm["ruling_id"]) <= set(rulings.loc[rulings["game"] == "dm", "ruling_id"])


def test_the_timeline_numbers_every_point_without_overlap() -> None:
    chart = ruling_timeline(load_rulings())
    fig = chart.figure
    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    numbers = [t for t in fig.axes[0].texts if (t.get_gid() or "").startswith("ruling-")]
    assert sorted(int(t.get_text()) for t in numbers) == list(chart.data["number"])
    boxes = [t.get_window_extent(renderer) for t in numbers]
    overlapping = [(a.get_text(), b.get_text()) for i, (a, box_a) in enumerate(zip(numbers, boxes))
                   for b, box_b in zip(numbers[i + 1:], boxes[i + 1:]) if box_a.overlaps(box_b)]
    assert overlapping == []


def test_the_timeline_speaks_of_topics_and_statuses_in_words() -> None:
    chart = ruling_timeline(load_rulings())
    ticks = [t.get_text().replace("\n", " ") for t in chart.figure.axes[0].get_yticklabels()]
    assert "hand-size adjustment" in ticks and "hand_size_adjustment" not in ticks
    legend = labels(chart)
    assert "replaced by a later answer" in legend and "current answer" in legend
    assert "withdrawn" not in legend  # no retracted ruling: no legend entry for it


def test_the_answer_grid_rows_are_the_questions() -> None:
    answers = pd.DataFrame({"ocg": ["yes", "no"], "duel_masters": ["no", "no"]}, index=["nontp_first", "other"])
    chart = answer_grid(answers, pd.Series({"nontp_first": "Who resolves first?", "other": "Does it end?"}))
    rows = [t.get_text() for t in chart.figure.axes[0].get_yticklabels()]
    assert rows == ["Who resolves first?", "Does it end?"]
    assert list(chart.data["answer"]) == ["yes", "no", "no", "no"]
    assert_renders(chart)


def test_ruling_timeline_data() -> None:
    rulings = load_rulings()
    chart = ruling_timeline(rulings)
    dated = rulings[(rulings["game"] == "ocg") & rulings["date"].notna()]
    assert len(chart.data) == len(dated)
    assert chart.data["date"].is_monotonic_increasing
    with_successor = chart.data["successor_date"].notna()
    assert chart.arrows == int(with_successor.sum())
    sign = chart.data.set_index("ruling_id").loc["ocg-130330-hysteric-sign-adjustment"]
    assert sign["successor_date"] == pd.Timestamp("2016-07-08")
    assert_renders(chart)
    assert ruling_timeline(rulings).png() == ruling_timeline(rulings).png()  # no timestamp: stable bytes


def test_answers_over_time_for_hysteric_sign() -> None:
    chart = answers_over_time("q_hysteric_sign_adjustment.yaml", end="2025-12-31", title="Hysteric Sign")
    engine = chart.data[chart.data["series"] == "engine"]
    assert engine["changed"].sum() == 1
    flip = engine[engine["changed"]].iloc[0]
    assert flip["date"] == pd.Timestamp("2016-07-08") and flip["answer"] == "no"
    assert engine.iloc[0]["answer"] == "yes"
    rulings = chart.data[chart.data["series"] == "ruling"].set_index("ruling_id")
    old, new = rulings.loc["ocg-130330-hysteric-sign-adjustment"], rulings.loc["ocg-160708-hysteric-sign-adjustment"]
    assert (old["answer"], old["status"]) == ("yes", "superseded")
    assert (new["answer"], new["status"]) == ("no", "current")
    assert rulings["agrees"].all()
    assert_renders(chart)


def test_answers_over_time_needs_yes_no_answers() -> None:
    with pytest.raises(ValueError, match="not yes/no"):
        answers_over_time("hysteric_sign_adjustment_2016.yaml", end="2025-12-31")


def test_errata_flips_are_the_veiler_scenarios() -> None:
    chart = errata_flips()
    changed = chart.data[chart.data["changed"]].set_index("scenario")
    assert set(changed.index) == VEILER_SCENARIOS
    horus = changed.loc["horus_lv6_veiler_2011"]
    assert (horus["outcomes_before"], horus["outcomes_after"]) == (2, 1)
    assert "special_summoned ホルスの黒炎竜 LV８" in list(horus["lost"]) and list(horus["gained"]) == []
    assert "milled (A)" in changed.loc[["lyla_veiler_2011"], "lost"].iloc[0]
    unchanged = chart.data[~chart.data["changed"]]
    assert (unchanged["outcomes_before"] == unchanged["outcomes_after"]).all()
    assert (unchanged["lost"].map(len) == 0).all()
    assert horus["note"] == "only before: ホルスの黒炎竜 LV６ activates; ホルスの黒炎竜 LV８ Special Summoned"
    ticks = [t.get_text() for t in chart.figure.axes[0].get_yticklabels()]
    assert any(t.startswith("Horus LV6 levels up") and "ホルスの黒炎竜 LV６" in t for t in ticks), ticks
    assert not any("facts:" in t for t in chart.texts())
    assert_renders(chart)
    english = errata_flips(scenarios=["horus_lv6_veiler_2011"], labels="en").data.iloc[0]
    assert "Effect Veiler" in english["cards"] and "Horus the Black Flame Dragon LV8" in english["note"]


def test_errata_flips_on_a_day_without_card_text_changes() -> None:
    chart = errata_flips("2015-01-01", scenarios=sorted(VEILER_SCENARIOS), only_changed=True)
    assert chart.data.empty
    assert_renders(chart)


def test_ruling_timeline_draws_an_inferred_date_hollow_with_a_legend_entry() -> None:
    demo = pd.DataFrame({
        "ruling_id": ["ocg-130330-given", "ocg-160708-inferred"],
        "date": pd.to_datetime(["2013-03-30", "2016-07-08"]),
        "date_precision": pd.Categorical(["day", "inferred"]),
        "topic": pd.Categorical(["hand_size_adjustment"] * 2),
        "status": pd.Categorical(["superseded", "current"]),
        "superseded_by": pd.array(["ocg-160708-inferred", pd.NA], dtype="string"),
        "game": pd.Categorical(["ocg", "ocg"]),
    })
    chart = ruling_timeline(demo)
    assert chart.data.set_index("ruling_id")["date_inferred"].to_dict() == {
        "ocg-130330-given": False, "ocg-160708-inferred": True,
    }
    assert "hollow / dashed: date inferred by the project" in labels(chart)
    hollow = [c for c in chart.figure.axes[0].collections if len(c.get_offsets()) and not c.get_facecolor().any()]
    assert len(hollow) == 1 and len(hollow[0].get_offsets()) == 1
    assert_renders(chart)
    given_only = ruling_timeline(demo.assign(date_precision=pd.Categorical(["day", "day"])))
    assert "hollow / dashed: date inferred by the project" not in labels(given_only)


def test_answers_over_time_marks_a_rule_change_dated_by_an_inferred_event() -> None:
    """H2 (2008-08-03) is dated by a proxy: the Peten question flips there, drawn dashed."""
    chart = answers_over_time("peten_adjustment_2013.yaml", start="2008-01-01", end="2025-12-31")
    engine = chart.data[chart.data["series"] == "engine"]
    flips = engine[engine["changed"]]
    assert list(flips["date"]) == [pd.Timestamp("2008-08-03")]
    assert bool(flips["date_inferred"].iloc[0])
    assert not engine.loc[~engine["changed"], "date_inferred"].any()
    assert "hollow / dashed: date inferred by the project" in labels(chart)
    assert_renders(chart)
    sign = answers_over_time("q_hysteric_sign_adjustment.yaml", end="2025-12-31")
    assert not sign.data["date_inferred"].any()
    assert "hollow / dashed: date inferred by the project" not in labels(sign)
