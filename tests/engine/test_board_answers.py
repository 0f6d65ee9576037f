"""An optional process's "may be performed only if …" that reads only the cards (``board_local``:
《ホルスの黒炎竜 LV６》's "if 《ホルスの黒炎竜 LV８》 is in your hand or deck") is remembered per
(process, turn player, cards).  The remembered answer must be the condition's own answer in every
position, and a position whose cards merely hash alike must be asked again."""

from __future__ import annotations

from engine_positions import reachable

import toolkit.games
from toolkit.core.game import as_state
from toolkit.ocg.cards.base import all_of, board_local, face_up_on_field, is_board_local, is_card_local
from toolkit.ocg.cards.data.conditions import CONDITIONS
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.procedure._shared import end_phase_effect
from toolkit.ocg.procedure.legal import _may_perform
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import State


def _asked() -> list[tuple[State, object]]:
    """Every (position, pending optional process with a condition) reached from the mixed family and
    the shipped scenarios."""
    starts = [initial_state(FAMILIES["mixed"](8))]
    starts += [as_state(toolkit.games.shipped_scenario(n)) for n in toolkit.games.shipped_scenario_names()]
    found = []
    for start in starts:
        for state in reachable(start, 1500):
            if not isinstance(state, State):
                continue
            for process in state.pending:
                eff = end_phase_effect(state, process)
                if eff is not None and not process.mandatory and eff.can_perform is not None:
                    found.append((state, process))
    return found


def test_a_remembered_answer_is_the_conditions_own_answer_in_every_position() -> None:
    asked = _asked()
    answers = set()
    for _ in range(2):  # the second round answers from memory
        for state, process in asked:
            eff = end_phase_effect(state, process)
            assert eff is not None and eff.can_perform is not None
            card = state.card(process.source)
            direct = eff.can_perform(card, state)
            assert _may_perform(state, process, eff.can_perform, card) is direct, state.describe()
            answers.add(direct)
    assert len(asked) > 200 and answers == {True, False}, (len(asked), answers)
    assert any(t.board_answers for t in {s.tables for s, _ in asked})


def test_cards_that_only_hash_alike_are_asked_again() -> None:
    state = initial_state(FAMILIES["mixed"](8))
    process = next(p for p in state.pending if p.key == "level up to LV8")
    eff = end_phase_effect(state, process)
    assert eff is not None and eff.can_perform is not None
    card = state.card(process.source)
    truth = eff.can_perform(card, state)
    other_cards = tuple(reversed(state.cards))  # other cards under the same key: a hash collision
    state.tables.board_answers[(process.pid, state.turn_player, state._cards_hash)] = (
        other_cards, state.decks, not truth)
    assert _may_perform(state, process, eff.can_perform, card) is truth


def test_only_conditions_that_read_the_cards_are_remembered() -> None:
    exists = CONDITIONS.build({"exists": {"zones": ["deck"], "name": "x"}})
    assert is_board_local(exists) and not is_card_local(exists)
    assert is_board_local(all_of(exists, face_up_on_field)) and not is_card_local(all_of(exists, face_up_on_field))
    assert is_card_local(all_of(face_up_on_field))

    def reads_life(card: object, state: object) -> bool:
        return True

    assert not is_board_local(reads_life) and not is_board_local(all_of(exists, reads_life))
    assert is_board_local(board_local(reads_life))

    state = initial_state(FAMILIES["mixed"](8))
    process = next(p for p in state.pending if p.key == "level up to LV8")
    state.tables.board_answers.clear()  # (the tables are shared with the other tests' positions)
    calls = []

    def counted(card: object, st: object) -> bool:
        calls.append(1)
        return True

    card = state.card(process.source)
    for _ in range(3):
        assert _may_perform(state, process, counted, card)
    assert len(calls) == 3  # unmarked: asked every time
    state.tables.board_answers.clear()
    marked = board_local(lambda card, st: bool(calls.append(1)) or True)
    for _ in range(3):
        assert _may_perform(state, process, marked, card)
    assert len(calls) == 4  # marked: asked once
