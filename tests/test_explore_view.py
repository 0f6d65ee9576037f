"""Explore in the builder and the Duel Masters viewer: the summary first, the
outcomes a page at a time, each opening into its example line as Resolve's."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.core.search import Exploration
from toolkit.core.summary import fact_text
from toolkit.widgets import ScenarioBuilder, TurnEndViewer
from toolkit.widgets.outcomes import OUTCOME_PAGE_SIZE

SIGN = "hysteric_sign_adjustment_2013"


def _blocks(panel: object) -> list[str]:
    return [str(o["data"].get("text/html", "")) for o in panel.output.outputs]  # type: ignore[attr-defined]


@pytest.fixture()
def sign(tmp_path: Path) -> ScenarioBuilder:
    b = ScenarioBuilder(folder=tmp_path / "scenarios")
    b.example.value = SIGN
    b.load_example.click()
    b.explore.click()
    assert b.last_error is None, b.status.value
    return b


def test_the_summary_comes_first_and_one_page_of_outcomes_after(sign: ScenarioBuilder) -> None:
    blocks = _blocks(sign)
    assert "90 outcomes over 90 lines" in blocks[0] and "Every outcome" in blocks[0]
    assert "which 3 of these 9" in blocks[0] and "can force" in blocks[0]
    from toolkit.ocg.words import describe_event

    for fact in sign.view.shown.summary.shared:  # type: ignore[union-attr]
        assert fact_text(fact, describe_event).replace("'", "&#x27;") in blocks[0]
    assert "_" not in blocks[0].split("<table", 1)[0].replace("endphase-explore-summary", ""), "no event kind in code form"
    page = blocks[-1]
    assert page.count("<tr") == OUTCOME_PAGE_SIZE + 1, "a header and one page of rows"
    assert "overflow:auto" in page and "rows 1–10 of 90" in page
    assert sign.view is not None and len(sign.view.table) == 90, "the full table stays available to code"


def test_next_and_prev_turn_the_page(sign: ScenarioBuilder) -> None:
    assert sign.outcome_previous.disabled and not sign.outcome_next.disabled
    sign.outcome_next.click()
    assert "rows 11–20 of 90" in _blocks(sign)[-1] and sign.outcome.value == 10
    assert [v for _l, v in sign.outcome.options] == list(range(10, 20))
    for _ in range(20):
        sign.outcome_next.click()
    assert sign.outcome_next.disabled and "rows 81–90 of 90" in _blocks(sign)[-1]
    sign.outcome_previous.click()
    assert "rows 71–80 of 90" in _blocks(sign)[-1]


def test_an_outcome_opens_into_its_example_line_as_resolve_shows_it(sign: ScenarioBuilder) -> None:
    sign.outcome.value = 3
    example = sign.result.outcomes[3].example
    assert sign.step.max == len(example) and not sign.step.disabled
    assert sign.step.description == "Outcome 4"
    sign.step.value = 1
    assert "Step 1" in sign.step_view.value
    assert f'>{example[0].rule}<span class="endphase-tip"' in sign.step_view.value, "the rule, with its statement"
    assert "endphase-outcome-open" in _blocks(sign)[-1]
    sign.resolve.click()
    assert sign.step.description == "Step" and sign.outcome_bar.layout.display == "none"


def test_the_duel_masters_viewer_shows_the_same_summary() -> None:
    v = TurnEndViewer("dm_hellfuez_harridelberg")
    v.explore.click()
    assert v.last_error is None, v.status.value
    blocks = _blocks(v)
    assert "Every outcome" in blocks[0] and "outcome" in blocks[-1]
    assert isinstance(v.result, Exploration)
    assert v.step.description == "Outcome 1" and v.step.max == len(v.result.outcomes[0].example)
    v.resolve.click()
    assert v.step.description == "Step" and v.outcome_bar.layout.display == "none"
