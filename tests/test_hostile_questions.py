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


@pytest.mark.parametrize(("predicate", "said"), [
    # a misspelt key was dropped without a word, and the question answered without it
    ({"zone": "graveyard", "card": "ホルスの黒炎竜 LV６", "playr": "B"}, "a zone predicate has no key 'playr'"),
    ({"hand": "A", "atmost": 3}, "a hand predicate has no key 'atmost'"),
    ({"hand": "A", "at_most": 3, "atleast": 1}, "a hand predicate has no key 'atleast'"),
    ({"life": "A", "at_least": 100, "player": "B"}, "a life predicate has no key 'player'"),
    ({"loop": True, "card": "ホルスの黒炎竜 LV６"}, "a loop predicate has no key 'card'"),
    # read as true: any text is truthy
    ({"loop": "false"}, "write loop: true (the line repeats a position for ever) or loop: false, not 'false'"),
    ({"loop": "maybe"}, "loop: false, not 'maybe'"),
    # could never match: a silent no
    ({"hand": "A", "at_most": -1}, "a hand holds 0 or more, so at_most: -1 could never match"),
    ({"life": "B", "equals": -100}, "LP are 0 or more, so equals: -100 could never match"),
    ({"life": "A", "at_least": 9000, "at_most": 100}, "at_least: 9000 and at_most: 100 could never both hold"),
    ({"hand": "A", "equals": 5, "at_most": 4}, "equals: 5 and at_most: 4 could never both hold"),
    ({"life": "A", "at_least": 2000, "equals": 9000, "at_most": 3000}, "equals: 9000 and at_most: 3000 could never"),
    ({"hand": "A", "at_least": 4, "equals": 2, "at_most": 6}, "at_least: 4 and equals: 2 could never both hold"),
    ({"zone": "graveyard", "card": 12}, "a card is one name, such as ヒステリック・サイン, not 12"),
    # the player written as a mapping: the message said the bounds were missing
    ({"hand": {"player": "A", "at_most": 3}}, "'hand' names the player, and the bounds stand beside it: "
                                              "write {hand: A, at_most: 3}"),
])
def test_a_predicate_that_would_be_misread_or_never_match_is_refused(predicate: dict[str, object], said: str) -> None:
    with pytest.raises(CheckError) as refused:
        toolkit.ask(toolkit.seed_scenario("horus_lv6_veiler_2011"), {"possible": predicate}, why=False)
    assert said in str(refused.value)


@pytest.mark.parametrize("predicate", [{"hand": "A", "at_most": 3}, {"life": "TP", "at_least": 0},
                                       {"loop": False}, {"zone": "deck", "card": "ホルスの黒炎竜 LV８", "player": "A"},
                                       {"hand": "B", "at_least": 0, "at_most": 0}])
def test_a_sound_predicate_is_still_answered(predicate: dict[str, object]) -> None:
    answer = toolkit.ask(toolkit.seed_scenario("horus_lv6_veiler_2011"), {"possible": predicate}, why=False)
    assert answer.answer in ("yes", "no")
