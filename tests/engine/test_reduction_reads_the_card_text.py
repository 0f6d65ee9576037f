"""The reduction reads what a process may touch off the card's text, not off its name.

A card of one's own written like a Spirit ("return itself to the hand in the
End Phase", a condition on itself only) is searched in one order like the
shipped Spirits; a process whose effect looks at other cards is not — and a
user's card that replaces a shipped Spirit (``shadows: true``) is judged by its
own text, where a list of card names would have trusted the shipped one.
Each case compares the reduced search with the full one (outcomes, line counts,
"who can force it"), and the control shows the comparison can fail.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_reduction import _same

from tests.cards.conftest import _forget_loaded_cards  # noqa: F401  (the cards a test loads are its own)
from toolkit.core.search import explore
from toolkit.ocg import independence
from toolkit.ocg.cards import behaviour
from toolkit.ocg.procedure import remembered, remembered_quick
from toolkit.ocg.scenario import scenario_from_dict

SPIRIT_LIKE = {"key": "return to the hand", "mandatory": True, "chain_link": True,
               "when": ["face_up_on_field", "summoned_this_turn"], "do": {"return_to_hand": {"card": "itself", "if_in": "field"}}}
ANOTHER_MONSTER = {"exists": {"zones": "field", "monster": True, "not_itself": True}}
ONLY_WITH_ANOTHER = dict(SPIRIT_LIKE, only_if=ANOTHER_MONSTER)
"""Returns to the hand only while its controller has another monster: the order decides which one stays."""


def _card(name: str, process: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"name": name, "type": "monster", **extra, "texts": [{"end_phase": [process]}]}


def _position(names: list[str], cards: list[dict[str, Any]]) -> Any:
    return scenario_from_dict({
        "title": "the turn player's own Spirits", "turn_player": "A", "date": "2024-01-01", "cards": cards,
        "players": {"A": {"field": [{"name": n, "tags": ["summoned_this_turn"]} for n in names]}}})


def test_a_card_of_ones_own_written_like_a_spirit_is_searched_in_one_order() -> None:
    names = ["テスト用精霊#1", "テスト用精霊#2", "テスト用精霊#3", "テスト用精霊#4"]
    position = _position(names, [_card("テスト用精霊", SPIRIT_LIKE)])
    assert independence.own_card_only(position.catalogue.behaviour("テスト用精霊").texts[0].end_phase[0]) is False
    reduced, full = _same(position)
    assert reduced.states < full.states  # the same lines, counted for every order, from fewer positions


WATCHERS = [_card("テスト用見張りＡ", ONLY_WITH_ANOTHER), _card("テスト用見張りＢ", ONLY_WITH_ANOTHER)]


def test_an_effect_that_looks_at_other_cards_is_searched_in_every_order() -> None:
    position = _position(["テスト用見張りＡ", "テスト用見張りＢ"], WATCHERS)
    assert independence.own_card_only(position.catalogue.behaviour("テスト用見張りＡ").texts[0].end_phase[0]) is None
    reduced, full = _same(position)
    assert reduced.states == full.states and len(full.outcomes) == 2  # either one may be the one that stays


def test_the_control_wrongly_trusting_that_effect_loses_an_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    # cards of their own (not the other tests' watchers): a position's tables remember what the
    # reduction concluded about its cards, and here the reduction is told wrongly
    untrusted = [_card("テスト用見張りＣ", ONLY_WITH_ANOTHER), _card("テスト用見張りＤ", ONLY_WITH_ANOTHER)]
    position = _position(["テスト用見張りＣ", "テスト用見張りＤ"], untrusted)
    monkeypatch.setattr(independence, "own_card_only", lambda effect: False)
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))  # the reduction's trust alone
    monkeypatch.setattr(remembered_quick, "recall", lambda state, action: (None, None))
    assert len(explore(position).outcomes) == 1 and len(explore(position, reduce=False).outcomes) == 2


def test_a_users_card_replacing_a_shipped_spirit_is_judged_by_its_own_text() -> None:
    replaced = [_card("月読命", ONLY_WITH_ANOTHER, shadows=True), _card("阿修羅", ONLY_WITH_ANOTHER, shadows=True)]
    reduced, full = _same(_position(["月読命", "阿修羅"], replaced))
    assert len(reduced.outcomes) == len(full.outcomes) == 2


@pytest.mark.parametrize("name", ["月読命", "阿修羅", "八俣大蛇", "火之迦具土", "邪悪なるワーム・ビースト",
                                  "光神機−桜火", "堕天使ゼラート"])
def test_the_shipped_texts_that_move_only_their_own_card_say_so(name: str) -> None:
    [effect] = behaviour(name).texts[-1].end_phase
    assert independence.own_card_only(effect) is False


def test_mist_archfiends_damage_is_read_off_its_text() -> None:
    [effect] = behaviour("ミストデーモン").texts[-1].end_phase
    assert independence.own_card_only(effect) is True


def _reasons(position: Any) -> list[str]:
    from toolkit.engine import resolve

    return list(resolve(position).trace["reason"])


def test_the_trace_says_why_a_process_stands_for_the_others() -> None:
    names = ["テスト用精霊Ａ", "テスト用精霊Ｂ"]
    reasons = _reasons(_position(names, [_card(n, SPIRIT_LIKE) for n in names]))
    assert 'this process and "テスト用精霊Ｂ: return to the hand" end alike in any order' in reasons[0]
    assert "each moves only its own card" in reasons[0]
    assert "end alike" not in reasons[1]  # one process left: nothing to stand for


def test_the_trace_says_nothing_of_the_kind_where_the_order_matters() -> None:
    assert not any("end alike" in reason for reason in _reasons(_position(["テスト用見張りＡ", "テスト用見張りＢ"], WATCHERS)))
