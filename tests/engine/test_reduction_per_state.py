"""The reduction decided per position, where a card that could act at the start can act no more.

A set 《強制脱出装置》 may return any monster to the hand in any open game state or chain: while it is
set, every order of the processes can end differently (the monster it returns may or may not have
had its process first), and nothing is grouped.  Once it is used it lies in the GY, and its effect is
activated only from the field: from those positions on, the processes that move only their own card
are followed in one order again (``independence.cards_are_known_at``), and ``explain`` says why.
Each case compares the reduced search with the full one — outcomes, lines per outcome and per first
action, tree size, example lines and who can force each outcome.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from engine_positions import HORUS6, HORUS8, LYLA, OHKA, card, player, scenario
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_reduction import _same

from toolkit.core.game import game_of
from toolkit.core.graph import Graph
from toolkit.core.limits import Limits
from toolkit.core.search import play
from toolkit.ocg import independence
from toolkit.ocg.procedure import explain, legal_actions, transition
from toolkit.ocg.setup import initial_state
from toolkit.ocg.values import Zone

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from families import DIFFERENT, position  # noqa: E402

EVACUATION = "強制脱出装置"


def _merged_positions(start: Any) -> list[Any]:
    """The positions of the reduced graph where some action stands for others."""
    game = game_of(start)
    graph = Graph(Limits(100_000, None, None, None), game, reduce=True)
    seen, todo, merged = {start}, [start], []
    while todo:
        state = todo.pop()
        if state.is_over:
            continue
        edges = graph.edges(state)
        if any(weight > 1 for *_rest, weight in edges):
            merged.append(state)
        for _action, child, _events, _weight in edges:
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return merged


def test_different_interacting_cards_are_reduced_only_once_the_trap_is_used() -> None:
    start = initial_state(position(DIFFERENT, 5))
    reduced, full = _same(start)
    assert reduced.states < full.states
    merged = _merged_positions(start)
    trap = next(c.uid for c in start.cards if c.name == EVACUATION)
    assert merged and all(state.cards[trap].zone is Zone.GY for state in merged)


def test_explain_names_the_trap_that_can_no_longer_act() -> None:
    ohkas = [card(f"{OHKA}#{i}", "tribute_less_summoned") for i in (1, 2, 3)]
    start = initial_state(scenario(player(field=ohkas), player(field=[card(EVACUATION, position="set")])))
    state = play(start, "Pass()", f"Activate('{EVACUATION}', target='{OHKA}#1')")
    while state.priority != "A" or len(legal_actions(state)) < 3:  # the chain resolves
        state = transition(state, legal_actions(state)[0]).state
    text = explain(state, legal_actions(state)[1]).text
    assert "the search follows one order and counts every order" in text
    assert f"《{EVACUATION}》 cannot act: it lies in the GY, and its effect is activated only from the field" in text
    _same(start)


_INTERACTING = [
    ("月読命", ("summoned_this_turn",)), ("阿修羅", ("summoned_this_turn",)), (OHKA, ("tribute_less_summoned",)),
    ("堕天使ゼラート", ("effect_used_this_turn",)), ("ミストデーモン", ("tribute_less_summoned",)),
    (HORUS6, ("destroyed_monster_by_battle",)),
]
_TRAP_PLACES = ["field", "graveyard", "graveyard", "banished", "hand", "deck", None]


@st.composite
def interacting_positions(draw: st.DrawFn) -> Any:
    """Both players' processes that move their own card, controls taken until the End Phase, an optional
    level-up or a mill competing for the deck, and B's 《強制脱出装置》 set, used (in the GY, banished), in
    the hand or deck, or absent — so that it may answer every process, or none."""
    from dataclasses import replace

    from toolkit.ocg.scenario import CardSpec

    sides = {}
    lingering = []
    for p, most in (("A", 2), ("B", 1)):
        picks = draw(st.lists(st.sampled_from(_INTERACTING), max_size=most, unique=True))
        field = [card(f"{name}#{p}", *tags) for name, tags in picks]
        taken = draw(st.booleans())
        if taken:
            field.append(card(f"ブラッド・ヴォルス#t{p}", "control_taken"))
            lingering.append(("エネミーコントローラー", p, f"ブラッド・ヴォルス#t{p}", "control"))
        if p == "A" and draw(st.booleans()):
            field.append(card(LYLA))
        sides[p] = player(field=field, graveyard=["エネミーコントローラー"] if taken else [], deck=[f"{HORUS8}#d{p}"],
                          filler=3)
    trap = draw(st.sampled_from(_TRAP_PLACES))
    b = sides["B"]
    if trap == "field":
        b = replace(b, field=(*b.field, card(EVACUATION, position="set")))
    elif trap == "graveyard":
        b = replace(b, graveyard=(*b.graveyard, CardSpec(EVACUATION)))
    elif trap == "banished":
        b = replace(b, banished=(CardSpec(EVACUATION),))
    elif trap == "hand":
        b = replace(b, hand=(EVACUATION,))
    elif trap == "deck":
        b = replace(b, deck=(*b.deck, EVACUATION))
    return scenario(sides["A"], b, lingering=lingering)


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(interacting_positions())
def test_property_random_interacting_positions_explore_the_same_reduced(position: Any) -> None:
    reduced, full = _same(position)
    event("reduced" if reduced.states < full.states else "not reduced")


def _own_trap(activated_from: str) -> dict[str, Any]:
    """A Trap of the user's own: return a monster on the field to the hand, activated from ``activated_from``."""
    return {"name": "テスト用帰還罠", "type": "trap", "subtype": "normal", "texts": [{"quick": [{
        "key": "return a monster to the hand", "spell_speed": 2, "zones": activated_from,
        "can_activate": {"exists": {"side": "both", "monster": True}},
        "choose": {"target": {"side": "both", "monster": True}},
        "do": {"return_to_hand": {"card": "target", "if_in": "field"}}}]}]}


def _processes_that_are_no_chain_links(activated_from: str, lies: str, *, mill: bool = False) -> Any:
    """A self-destruct and the end of a control change (no chain links: the Trap, where it can act, may
    return either monster between them), and the user's Trap in the opponent's ``lies`` zone — or, with
    ``mill``, 《ライトロード・マジシャン ライラ》 beside them and the Trap in the turn player's deck (her mill may send
    it to the GY)."""
    from toolkit.ocg.scenario import scenario_from_dict

    a: dict[str, Any] = {"field": [{"name": "堕天使ゼラート", "tags": ["effect_used_this_turn"]},
                                   {"name": "ブラッド・ヴォルス", "tags": ["control_taken"]}],
                         "graveyard": [{"name": "エネミーコントローラー"}]}
    b: dict[str, Any] = {}
    if mill:
        a["field"].append({"name": LYLA})
        a.update(deck=["テスト用帰還罠"], deck_filler=3)
    else:
        b[lies] = [{"name": "テスト用帰還罠"}]
    return scenario_from_dict({
        "title": "a Trap of one's own out of play", "turn_player": "A", "date": "2024-01-01",
        "cards": [_own_trap(activated_from)],
        "lingering": [{"source": "エネミーコントローラー", "controller": "A", "target": "ブラッド・ヴォルス",
                       "effect": "control"}],
        "players": {"A": a, "B": b}})


def test_a_trap_activated_from_where_it_lies_keeps_the_search_full() -> None:
    """Activated from the GY and lying there, the Trap may return either monster before or after the
    other's process: the orders end differently, and nothing is grouped."""
    start = initial_state(_processes_that_are_no_chain_links("gy", "graveyard"))
    assert not independence.cards_are_known_at(start) and independence.idle_here(start) == ()
    reduced, full = _same(start)
    assert reduced.states == full.states and len(full.outcomes) > 1


def test_a_trap_activated_only_from_elsewhere_is_idle_where_it_lies() -> None:
    start = initial_state(_processes_that_are_no_chain_links("banished", "graveyard"))
    assert independence.cards_are_known_at(start)
    assert independence.idle_here(start) == (
        "《テスト用帰還罠》 cannot act: it lies in the GY, and its effect is activated only while banished",)
    reduced, full = _same(start)
    assert reduced.states < full.states


def test_a_trap_a_mill_may_send_where_it_is_activated_from_keeps_the_search_full() -> None:
    """In a deck, the Trap activated from the GY cannot act — until the mill sends it there."""
    start = initial_state(_processes_that_are_no_chain_links("gy", "deck", mill=True))
    assert not independence.cards_are_known_at(start)
    reduced, full = _same(start)
    assert len(full.outcomes) > 1
