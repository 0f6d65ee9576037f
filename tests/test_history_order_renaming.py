"""An order question asked for its answer alone (``order_search(..., with_line=False)``, what each
counterfactual of ``verify_rulings`` asks of a ``possible_order`` / ``always_order``) walks the
positions the same up to renaming cards once (``toolkit.core.deciding_search.decide_order``): its
answers are the order search's on every order question of every shipped ruling, and a card an item
names is never renamed (a toy game whose renaming ignores that is seen to answer wrong).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from test_history_deciding_search import _queries, ruling_case

from toolkit.core.deciding_search import decide_order
from toolkit.core.limits import Limits
from toolkit.core.predicates import HasEvent
from toolkit.core.values import Event
from toolkit.history.checks import _Order, order_search
from toolkit.history.deciding import today_rules

ORDER_RULINGS = ("ocg-080803-readjust-after-hand-grows", "ocg-120801-next-phase-chosen-after-main-1")
"""Shipped rulings whose checks ask order questions, the first on a position with cards that trade names (``make
fuzz`` asks every ruling's: tests/fuzz/test_fuzz_deciding_search.py)."""


def _renamed_and_plain(ruling_id: str) -> tuple[int, list[str]]:
    """How many order questions (under the ruling's own rules, today's and every counterfactual) the walk up
    to renaming answered, and each it answered otherwise than the order search (as text)."""
    names, scenarios, check, rules, game = ruling_case(ruling_id)
    answered, wrong = 0, []
    for query in _queries(check):
        if not query.order or query.quantifier == "default_order":
            continue
        every = query.quantifier == "always_order"
        for ruleset in [rules, today_rules(rules), *(c.rules for c in game.counterfactuals(rules))]:
            start = game.state_of(scenarios[query.on or names[0]], ruleset)
            seq = _Order(query.order, query.without, start.turn_player)
            renamed = decide_order(game, start, query.order, seq.advance, every=every, without=query.without,
                                   limits=Limits(500_000, None, None, None))
            plain, _line = order_search(start, query.order, every=every, without=query.without, game=game)
            if renamed is not None:
                answered += 1
                if renamed != plain:
                    wrong.append(f"{query.data} under {ruleset.name}: {renamed}, the order search {plain}")
    return answered, wrong


@pytest.mark.parametrize("ruling_id", ORDER_RULINGS)
def test_the_order_walk_up_to_renaming_answers_as_the_order_search(ruling_id: str) -> None:
    answered, wrong = _renamed_and_plain(ruling_id)
    assert wrong == []
    if ruling_id == ORDER_RULINGS[0]:  # (its position holds textless cards: the walk answers, renaming)
        assert answered > 0


# --------------------------------------------------------------------------
# A toy game: two cards X and Y that trade names, one position of each name in hand
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Spot:
    name: str
    is_over: bool = False
    turn_player: str = "A"


@dataclass(frozen=True)
class _Step:
    state: _Spot
    events: tuple[Event, ...]


_MOVES = {"start": ("keep Y", "keep X"), "X in hand": ("discard X",), "Y in hand": ("discard Y",)}
_AFTER = {"keep Y": "Y in hand", "keep X": "X in hand", "discard X": "X gone", "discard Y": "Y gone"}


class _Toy:
    """From the start a player keeps X or Y in hand (nothing happens), then discards it: the positions
    with X and with Y in hand are one position up to the renaming X <-> Y, unless a question reads one
    of the names (``ignore_named``: a renaming that merges them all the same — wrongly)."""

    def __init__(self, ignore_named: bool = False) -> None:
        self.ignore_named = ignore_named

    def legal_actions(self, state: _Spot) -> tuple[str, ...]:
        return _MOVES[state.name]

    def transition(self, state: _Spot, action: str, check: bool = True) -> _Step:
        after = _AFTER[action]
        events = (Event("discarded", action.split()[1]),) if action.startswith("discard") else ()
        return _Step(_Spot(after, after.endswith("gone")), events)

    def renaming(self, start: _Spot, named: frozenset[str]) -> Any:
        if named & {"X", "Y"} and not self.ignore_named:
            return None  # a name the question reads is never renamed: nothing left to rename

        def key(state: _Spot) -> tuple[str, dict[str, str]] | None:
            if state.name in ("X in hand", "Y in hand"):
                return "a card in hand", {"X": "C", "Y": "C"}
            return None

        return key


@pytest.mark.parametrize("ignore_named", [False, True])
def test_a_card_an_item_names_is_never_renamed(ignore_named: bool) -> None:
    """"Some line discards X": yes (keep X, discard it). Walked with X and Y merged, the line that keeps Y
    (walked first, answering no) would answer for the one that keeps X too."""
    items = (HasEvent("discarded", card="X"),)
    seq = _Order(items, None, "A")
    game: Any = _Toy(ignore_named)
    found = decide_order(game, _Spot("start"), items, seq.advance, every=False, limits=Limits(100, None, None, None))
    if ignore_named:
        assert found is False  # (the wrong merge the names read keep out)
    else:
        assert found is None  # nothing renamed: the order search answers
        plain, _line = order_search(_Spot("start"), items, every=False, game=game,  # type: ignore[arg-type]
                                    with_line=False)  # (decide_order gives it back: the plain order search)
        assert plain is True


class _Loop(_Toy):
    """The toy game where keeping Y lets the player go back to the start: a line that loops."""

    def legal_actions(self, state: _Spot) -> tuple[str, ...]:
        return ("back",) + _MOVES[state.name] if state.name == "Y in hand" else _MOVES[state.name]

    def transition(self, state: _Spot, action: str, check: bool = True) -> _Step:
        return _Step(_Spot("start"), ()) if action == "back" else super().transition(state, action, check)


def test_a_line_that_loops_is_left_to_the_order_search() -> None:
    """A loop ends its line in the order search (its position repeats); the walk up to renaming gives the
    question back rather than keep a value that hangs on the path that led to it."""
    items = (HasEvent("discarded"),)  # (any card: X and Y trade names)
    seq = _Order(items, None, "A")
    game: Any = _Loop()
    assert decide_order(game, _Spot("start"), items, seq.advance, every=True,
                        limits=Limits(100, None, None, None)) is None
    assert decide_order(_Toy(), _Spot("start"), items, seq.advance, every=True,  # type: ignore[arg-type]
                        limits=Limits(100, None, None, None)) is True  # (without the loop: renamed, answered)
