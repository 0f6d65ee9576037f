"""The trace's note at a step whose position the search meets once for others renamed ("the positions
after this and after … are the same but for the names of …") is found once per position: the legal
actions and the key after each of them are remembered by the position (bounded). What is remembered
must be the position's own: an equal position whose cards read other texts (a card of the user's
standing on a shipped one) has other classes of names, and so another note."""

from __future__ import annotations

from typing import Any

from toolkit.core.search import play
from toolkit.ocg.procedure import explanations
from toolkit.ocg.procedure.legal import legal_actions
from toolkit.ocg.renaming import name_classes
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import State

_HAND = ["死者蘇生", "増援", "強欲な壺", "落とし穴", "ブラッド・ヴォルス#1", "ブラッド・ヴォルス#2", "ブラッド・ヴォルス#3"]

_WITH_AN_EFFECT = {"name": "死者蘇生", "shadows": True, "type": "spell", "subtype": "normal", "texts": [{"quick": [{
    "key": "return a monster to the hand", "spell_speed": 2, "zones": "hand",
    "can_activate": {"exists": {"side": "both", "monster": True}},
    "choose": {"target": {"side": "both", "monster": True}},
    "do": {"return_to_hand": {"card": "target", "if_in": "field"}}}]}]}
"""A card of one's own standing on the shipped 《死者蘇生》: it has an effect, so its name trades with no other."""


def _adjusting(cards: list[dict[str, Any]]) -> State:
    """A's hand of seven at the hand-size adjustment (three textless spells among them)."""
    start = initial_state(scenario_from_dict({"title": "seven in hand", "turn_player": "A", "date": "2024-01-01",
                                              "cards": cards, "players": {"A": {"hand": _HAND}, "B": {}}}))
    at = play(start, "Pass", "Pass")
    assert isinstance(at, State)
    return at


def _notes(state: State) -> list[str]:
    return [explanations.explain(state, action).text for action in legal_actions(state)]


def test_each_step_of_a_position_reads_the_same_note_remembered_or_not() -> None:
    at = _adjusting([])
    explanations._AFTER.clear()
    first = _notes(at)
    again = _notes(at)  # (every step now found in what was remembered of the position)
    explanations._AFTER.clear()
    assert first == again == _notes(at)
    renamed = [text for text in first if "are the same but for the names of" in text]
    assert len(renamed) == 3 and all("死者蘇生" in text for text in renamed)


def test_an_equal_position_whose_cards_read_other_texts_gets_its_own_note() -> None:
    plain, own = _adjusting([]), _adjusting([_WITH_AN_EFFECT])
    assert plain == own and plain.tables is not own.tables  # equal positions, other card texts
    assert name_classes(plain) != name_classes(own)
    explanations._AFTER.clear()
    _notes(plain)  # remembered first under the shipped texts
    after_plain = _notes(own)
    explanations._AFTER.clear()
    alone = _notes(own)
    assert after_plain == alone
    discard_増援 = alone[1]
    assert "after Discard 強欲な壺 are the same" in discard_増援 and "死者蘇生" not in discard_増援


def test_a_step_naming_no_card_reads_no_classes_and_a_note_is_found_once(monkeypatch: Any) -> None:
    at = _adjusting([])
    explanations._AFTER.clear()
    first = _notes(at)
    made: list[object] = []
    real = explanations._renamed_note
    monkeypatch.setattr(explanations, "_renamed_note", lambda *args: made.append(args) or real(*args))
    assert _notes(at) == first and made == []  # (each note said once for the position)

    def no_classes(*args: object) -> object:
        raise AssertionError("classes of names read for a step that names no card")

    monkeypatch.setattr(explanations, "name_classes", no_classes)
    opening = initial_state(scenario_from_dict({"title": "t", "turn_player": "A",
                                                "players": {"A": {"hand": _HAND}, "B": {}}}))
    notes = [explanations.explain(opening, a).text for a in legal_actions(opening) if not explanations._cards_of(a)]
    assert notes  # (a pass: no classes of names read)
