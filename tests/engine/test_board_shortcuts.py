"""The Board's shortcuts answer what the plain computation answers.

* ``durations.expire`` at ``Moment.PROCESS`` ends the effect by slicing the tuple: the same split as
  looking at every effect, also when an equal effect is listed twice or the effect is not listed;
* ``PositionTables.ending`` (what ``Board._after_end`` tells an effect's ``on_end``, and its note): kept
  per effect and card — the ``on_end`` of the effect's card text, the Activation and the note built
  afresh, on every effect that ends on the walks of the benchmark families and the shipped scenarios;
* ``Board.cards_hash``, kept at each write of a card, is ``cards_hash`` of the board's cards, and
  ``Board.freeze`` (``toolkit.ocg.freezing``) builds the State in place: the State ``make_state`` builds
  from the same field values, on every edge of the walks of the families and the shipped scenarios.
"""

from __future__ import annotations

from typing import Any

from engine_positions import controls_and_a_way_out, reachable

import toolkit.games
from toolkit.core.durations import Duration, Lingering, Moment, expire
from toolkit.core.game import as_state
from toolkit.ocg.board import Board
from toolkit.ocg.cards.base import Activation
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.procedure import remembered, remembered_quick
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import STATE_FIELDS, State, cards_hash, make_state
from toolkit.ocg.values import Card, Zone


def _plain_split(lingering: tuple[Lingering, ...], which: Lingering) -> tuple[tuple[Lingering, ...], tuple[Lingering, ...]]:
    """Every effect looked at: those equal to ``which`` end."""
    return tuple(x for x in lingering if x != which), tuple(x for x in lingering if x == which)


def test_an_expiry_process_ends_what_looking_at_every_effect_ends() -> None:
    a, b, c = (Lingering("カード", "A", "effect", uid, Duration.UNTIL_END_PHASE) for uid in range(3))
    twin = Lingering("カード", "A", "effect", 1, Duration.UNTIL_END_PHASE)  # equal to b, another object
    cases = [((a, b, c), b), ((a, b, c), a), ((a, b, c), c), ((b,), b), ((), b), ((a, c), b),
             ((a, b, c, twin), b), ((twin, a, b), b), ((a, twin), b), ((b, b), b)]
    for lingering, which in cases:
        kept, ended = expire(lingering, Moment.PROCESS, which=which)
        assert (kept, ended) == _plain_split(lingering, which), (lingering, which)
        assert type(kept) is tuple and type(ended) is tuple


def test_an_ending_is_kept_per_effect_and_card() -> None:
    state = controls_and_a_way_out(3)
    assert isinstance(state, State)
    tables = state.tables
    item = Lingering("強制脱出装置", "B", "nothing", 0, Duration.UNTIL_END_PHASE)
    first, second = state.cards[0], state.cards[1]
    _, act, note = tables.ending(item, first)
    assert note == ("R4", f"強制脱出装置's 'nothing' on {first.name} ends")
    assert tables.ending(item, first)[1] is act
    assert tables.ending(item, second)[1].card is second  # another card: not the kept one
    twin = Lingering("強制脱出装置", "B", "nothing", 0, Duration.UNTIL_END_PHASE)
    assert tables.ending(twin, first)[1].lingering is twin  # an equal effect, another object
    assert tables.ending(item, None)[2] is None
    alone = tables.ending(item, None)[1].card
    assert (alone.uid, alone.name, alone.controller, alone.zone) == (-1, "強制脱出装置", "B", Zone.GY)


def test_every_ending_on_the_walks_tells_on_end_what_a_fresh_activation_tells(monkeypatch: Any) -> None:
    after_end = Board._after_end
    seen: list[int] = []

    def checked(self: Board, item: Lingering) -> None:
        card = self.cards[item.target] if item.target >= 0 else None
        on_end, act, note = self.tables.ending(item, card)
        assert note == (None if card is None else ("R4", f"{item.source}'s '{item.effect}' on {card.name} ends"))
        effect = self.tables.text_of(item.source).lingering_effect(item.effect)
        assert on_end is (effect.on_end if effect is not None else None)
        fresh = Activation(card=card if card is not None else Card(-1, item.source, item.controller,
                                                                   item.controller, Zone.GY),
                           controller=item.controller, key=item.key, lingering=item)
        assert act == fresh and act.lingering is item and (card is None or act.card is card)
        seen.append(on_end is not None)
        after_end(self, item)

    monkeypatch.setattr(Board, "_after_end", checked)
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))  # every step on a board
    monkeypatch.setattr(remembered_quick, "recall", lambda state, action: (None, None))
    starts: list[Any] = [initial_state(FAMILIES[f](5)) for f in sorted(FAMILIES)]
    starts += [controls_and_a_way_out(5)]
    starts += [as_state(toolkit.games.shipped_scenario(n)) for n in toolkit.games.shipped_scenario_names()]
    for start in starts:
        if isinstance(start, State):
            reachable(start, 400)
    assert sum(seen) > 50 and len(seen) > sum(seen)  # effects whose ending does something, and others


SHARED = ("decks", "anonymous", "life", "skipped", "done")
"""Fields ``freeze`` hands on as the base State's own object when the step left them equal (and the
caller gave no value)."""


def test_a_frozen_state_is_the_state_built_from_its_fields_on_every_edge(monkeypatch: Any) -> None:
    """``Board.freeze`` builds the State in place: the same State as ``make_state`` builds from its
    field values (equal, hashed alike, its cards' hash kept right), handing on the base State's
    objects for what the step left as it was — on every edge of the walks of the families and the shipped scenarios."""
    freeze = Board.freeze
    frozen_states: list[State] = []

    def checked(self: Board, **fields: Any) -> State:
        assert self.cards_hash == cards_hash(self.cards)  # kept at each write: the hash from scratch
        frozen = freeze(self, **fields)
        base = self.base
        again = make_state(base.tables, None, *(getattr(frozen, name) for name in STATE_FIELDS))
        assert type(frozen) is State and frozen == again and hash(frozen) == hash(again)
        assert frozen._cards_hash == cards_hash(frozen.cards) and frozen.tables is base.tables
        for name in SHARED:
            if name not in fields and getattr(frozen, name) == getattr(base, name):
                assert getattr(frozen, name) is getattr(base, name), name
        if all(a is b for a, b in zip(frozen.cards, base.cards)):
            assert frozen.cards is base.cards
        if len(frozen.lingering) == len(base.lingering) and all(
                a is b for a, b in zip(frozen.lingering, base.lingering)):
            assert frozen.lingering is base.lingering
        frozen_states.append(frozen)
        return frozen

    monkeypatch.setattr(Board, "freeze", checked)
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))  # every step on a board
    monkeypatch.setattr(remembered_quick, "recall", lambda state, action: (None, None))
    starts: list[Any] = [initial_state(FAMILIES[f](6)) for f in sorted(FAMILIES)] + [controls_and_a_way_out(6)]
    starts += [as_state(toolkit.games.shipped_scenario(n)) for n in toolkit.games.shipped_scenario_names()]
    for start in starts:
        if isinstance(start, State):
            reachable(start, 600)
    assert len(frozen_states) > 2000
    assert any(s.lingering for s in frozen_states) and any(s.chain for s in frozen_states)
