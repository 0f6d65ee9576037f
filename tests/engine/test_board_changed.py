"""``Board.freeze`` and R6's ``_sync_changed`` look only at the cards a step recorded as written
(``Board.changed``, kept by ``Board.set_card`` and the board's verbs): every card object that differs
from the base State's must have been recorded, and the frozen State's cards and their hash must be
those of the board — on every edge of the benchmark families, the shipped scenarios and a position
where quick effects are activated (from the hand and set on the field) and attacks declared."""

from __future__ import annotations

from typing import Any

from engine_positions import controls_and_a_way_out

from tests.engine.test_successor import _starts
from toolkit.core.game import game_of
from toolkit.ocg.board import Board
from toolkit.ocg.procedure import remembered
from toolkit.ocg.state import cards_hash


def test_every_changed_card_is_recorded_and_frozen(monkeypatch: Any) -> None:
    freeze = Board.freeze
    seen_kinds: set[str] = set()

    def checked(self: Board, **fields: Any) -> Any:
        base = self.base.cards
        differ = {uid for uid, card in enumerate(self.cards) if card is not base[uid]}
        assert differ <= set(self.changed), (self.base, differ, self.changed)
        for uid in differ:
            seen_kinds.update(self.cards[uid].tags - base[uid].tags)
            if self.cards[uid].position is not base[uid].position:
                seen_kinds.add("position")
        frozen = freeze(self, **fields)
        assert frozen.cards == tuple(self.cards)
        assert frozen._cards_hash == cards_hash(frozen.cards)
        return frozen

    monkeypatch.setattr(Board, "freeze", checked)
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))  # every step on a board
    steps = 0
    for start in [controls_and_a_way_out(5)] + [s for s in _starts() if game_of(s).name == "ocg"]:
        game = game_of(start)
        step = game.stepper()
        seen, todo = {start}, [start]
        while todo and len(seen) < 800:
            state = todo.pop()
            for action in game.legal_actions(state):
                child = step(state, action, check=False)[0]
                steps += 1
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
    assert steps > 3000
    assert {"attacked_this_turn", "position"} <= seen_kinds, seen_kinds
