"""Questions written wrong are refused in a sentence that reads as English (fixture questions written here)."""

from __future__ import annotations

import pytest

import toolkit
from toolkit.history.checks import CheckError


@pytest.mark.parametrize(("question", "said"), [
    ({"possible": {"event": "activated", "amount": 1}}, "an activated event never carries an amount"),
    ({"possible": {"event": "hand_adjusted", "by": "サイクロン"}}, "a hand_adjusted event never carries a by"),
    ({"possible": {"event": "milled", "card": "サイクロン"}}, "a milled event never carries a card"),
])
def test_a_field_the_event_never_carries_is_refused_with_its_article(question: dict[str, object], said: str) -> None:
    with pytest.raises(CheckError) as refused:
        toolkit.ask(toolkit.seed_scenario("horus_lv6_veiler_2011"), question, why=False)
    assert said in str(refused.value)
