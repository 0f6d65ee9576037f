"""The shortcuts of the state representation answer what reading the position answers.

* ``PositionTables.lingering_summary``: the kinds of no-chain-link effect a tuple of lingering
  effects applies and the cards it negates, kept per tuple — as reading each effect's card text;
* ``Board._move``'s memo (``PositionTables.moves``): the card a move makes, kept per interned card
  and per move — as computing the move again, and only for cards the tables keep alive;
* the hash a chain link and a waiting trigger keep — the hash of their compared fields, also after
  pickling (another process hashes strings differently).
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from engine_positions import reachable

import toolkit.games
from toolkit.core.durations import Duration, Lingering
from toolkit.core.game import as_state
from toolkit.ocg.board import Board
from toolkit.ocg.cards.base import ContinuousKind
from toolkit.ocg.moving import moved_values
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import Cause, Link, State, WaitingTrigger
from toolkit.ocg.values import Card, EventKind, Position, Zone


def _starts() -> list[State]:
    starts = [initial_state(FAMILIES[f](5)) for f in sorted(FAMILIES)]
    starts += [as_state(toolkit.games.shipped_scenario(n)) for n in toolkit.games.shipped_scenario_names()]
    return [s for s in starts if isinstance(s, State)]


STARTS = _starts()
"""One object per first position (a card of the first position is interned at its first move)."""
POSITIONS = [s for start in STARTS for s in reachable(start, 600) if not s.is_over]
LINGERING = [s for s in POSITIONS if s.lingering]


def _read(state: State) -> tuple[frozenset[ContinuousKind], frozenset[int]]:
    """What the summary says, read effect by effect from the card texts."""
    kinds, negating = set(), set()
    for item in state.lingering:
        effect = state.tables.text_of(item.source).lingering_effect(item.effect)
        if effect is not None:
            kinds.update(eff.kind for eff in effect.continuous)
            if effect.negates:
                negating.add(item.target)
    return frozenset(kinds), frozenset(negating)


def test_the_positions_hold_lingering_effects_that_negate_and_that_apply_continuous_effects() -> None:
    assert any(_read(s)[0] for s in LINGERING) and any(_read(s)[1] for s in LINGERING)


def test_the_lingering_summary_answers_what_reading_every_effect_answers() -> None:
    for state in LINGERING:
        expected = _read(state)
        for lingering in (state.lingering, list(state.lingering)):  # a board's own list too
            summary = state.tables.lingering_summary(lingering)
            assert (summary.kinds, summary.negating) == expected, state.describe()
            assert summary.targets == {item.target for item in state.lingering}, state.describe()


def test_a_kept_summary_of_another_tuple_is_not_used() -> None:
    state = next(s for s in LINGERING if _read(s)[1])
    tables = state.tables
    other = (Lingering("ライトロード・マジシャン ライラ", "A", "nothing", -1, Duration.THIS_TURN),)  # (no such effect)
    tables.lingering_summaries[id(other)] = tables.lingering_summary(state.lingering)  # a stale entry under its id
    assert tables.lingering_summary(other).negating == frozenset()


def test_is_negated_follows_the_lingering_negations() -> None:
    for state in LINGERING:
        negating = _read(state)[1]
        for card in state.cards:
            if card.uid in negating:
                assert state.is_negated(card.uid)


def _field_card(state: State) -> Card:
    return next(c for c in state.cards if c.zone is Zone.FIELD)


@pytest.mark.parametrize("extra", [frozenset(), frozenset({"destroyed_this_turn"})])
def test_a_kept_move_is_the_move_computed_again(extra: frozenset[str]) -> None:
    for start in STARTS[:6]:
        card = next((c for c in start.cards if c.zone is Zone.FIELD), None)
        if card is None:
            continue
        for _ in range(2):  # the second time from the memo
            board = Board(start, Cause.END_PHASE)
            board._move(card.uid, Zone.HAND, (EventKind.RETURNED_TO_HAND,), extra_tags=extra)
            moved = board.cards[card.uid]
            again = Card(*moved_values(card, Zone.HAND, None, Position.FACE_UP, extra))
            assert moved == again and moved.tags == again.tags


def test_a_move_with_other_tags_is_not_the_kept_one() -> None:
    start = STARTS[0]
    card = _field_card(start)
    assert id(card) in start.tables.moves or start.tables.interned.get(card) is None  # its moves are kept
    plain, tagged = Board(start, Cause.END_PHASE), Board(start, Cause.END_PHASE)
    plain._move(card.uid, Zone.GY, (EventKind.SENT_TO_GY,))
    tagged._move(card.uid, Zone.GY, (EventKind.SENT_TO_GY,), extra_tags=frozenset({"milled_this_turn"}))
    assert "milled_this_turn" in tagged.cards[card.uid].tags - plain.cards[card.uid].tags


def test_only_cards_the_tables_keep_have_their_moves_kept() -> None:
    start = STARTS[0]
    tables = start.tables
    card = _field_card(start)
    copy = dataclasses.replace(card)  # an equal card of another object (as a remembered change makes)
    board = Board(start, Cause.END_PHASE)
    board.cards[card.uid] = copy
    Board._move(board, card.uid, Zone.GY, (EventKind.SENT_TO_GY,))
    board._move(card.uid, Zone.HAND, ())  # the GY card it became is interned: kept
    assert id(copy) not in tables.moves or tables.interned.get(copy) is copy
    assert id(board.cards[card.uid]) in tables.moves
    for uid in tables.moves:
        assert any(id(c) == uid for c in tables.interned), "a kept move of a card the tables do not hold"


def test_links_and_waiting_triggers_hash_as_their_compared_fields() -> None:
    item = Lingering("エフェクト・ヴェーラー", "B", "negate", 3, Duration.UNTIL_END_OF_TURN)
    link = Link(1, "a", "b", "c", "A", 1, Cause.END_PHASE, subjects=(2,), process=(1, "c"), lingering=item,
                negated=True, negated_by="x")
    waiting = WaitingTrigger(1, "k", "A", True, "lab", Cause.ADJUSTMENT, (3,))
    for value in (link, waiting, dataclasses.replace(link, negated=False, negated_by=None)):
        compared = tuple(getattr(value, f.name) for f in dataclasses.fields(value) if f.compare)
        assert hash(value) == hash(compared)
        again = pickle.loads(pickle.dumps(value))
        assert again == value and hash(again) == hash(value)
    assert dataclasses.replace(link, negated_by="y") == link
