"""The memos of a step, kept per object by its id: ``transitions._LINGERING_PERFORMS`` (what performing a
process a lingering effect creates looks up: the effect, its text, the event; per lingering tuple),
``transitions._QUICK_LINKS`` (a quick effect's chain link and its event; per action) and
``chains._LINK_RESOLVERS`` (what resolves a card's chain link, and the event; per link). A step gives the
same answer whether a memo is empty, warm or holds an entry left by another object under the same id; each
stays within its bound."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from engine_positions import controls_and_a_way_out, reachable

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from families import COPIES, MIXED, position  # noqa: E402

from toolkit.core.actions import Activate, Perform, Respond  # noqa: E402
from toolkit.core.game import game_of  # noqa: E402
from toolkit.ocg.procedure import chains, remembered, transitions  # noqa: E402
from toolkit.ocg.setup import initial_state  # noqa: E402
from toolkit.ocg.state import Cause  # noqa: E402


@pytest.fixture(autouse=True)
def _memo_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every process performed by the whole procedure (the per-card memo would answer for most)."""
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))


def _cold_then_warm(edges: list[tuple[Any, Any]], *memos: Any) -> list[Any]:
    """Each edge's step with ``memos`` emptied first (cold); asserts that stepping them all again with the
    memos as those steps left them (warm) gives the same, and returns the cold steps."""
    cold = []
    for state, action in edges:
        for memo in memos:
            memo.clear()
        cold.append(transitions.successor(state, action))
    assert [transitions.successor(state, action) for state, action in edges] == cold
    return cold


def _stays_bounded(monkeypatch: pytest.MonkeyPatch, memo: Any, edges: list[tuple[Any, Any]]) -> None:
    """``memo``, bounded to two entries, holds no more after each of ``edges``' steps."""
    monkeypatch.setattr(memo, "kept", 2)
    memo.clear()
    for state, action in edges:
        transitions.successor(state, action)
        assert len(memo) <= 2


def _lingering_performs() -> list[tuple[Any, Perform]]:
    """Every perform of a process a lingering effect creates, from the positions of ``controls_and_a_way_out``."""
    start = controls_and_a_way_out(4)
    game = game_of(start)
    edges = [(state, action) for state in reachable(start, 3_000) for action in game.legal_actions(state)
             if isinstance(action, Perform) and any(p.pid == action.ref and p.lingering for p in state.pending)]
    assert len(edges) > 20
    return edges


def test_a_lingering_perform_is_the_same_with_the_memo_cold_warm_or_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    edges = _lingering_performs()
    cold = _cold_then_warm(edges, transitions._LINGERING_PERFORMS)
    for state, action in edges:  # an entry under the tuple's id, left by another tuple (an id handed on): ignored
        other = tuple(state.lingering)[:-1]
        transitions._LINGERING_PERFORMS.clear()
        transitions._LINGERING_PERFORMS[id(state.lingering)] = (other, state.tables, dict.fromkeys(state.pending))
        assert transitions.successor(state, action) == cold[edges.index((state, action))]


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transitions._LINGERING_PERFORMS, "kept", 3)
    transitions._LINGERING_PERFORMS.clear()
    tuples = {id(state.lingering): state.lingering for state, _ in _lingering_performs()}
    assert len(tuples) > 3
    for state, action in _lingering_performs():
        transitions.successor(state, action)
        assert len(transitions._LINGERING_PERFORMS) <= 3


def _link_resolutions() -> list[tuple[Any, Perform]]:
    """Every perform of a process whose chain link resolves at once (nobody can respond), from copies of a
    tribute-less 《光神機−桜火》 and a mixed family (a mill, a level-up, Spirits)."""
    edges = []
    for start in (initial_state(position(COPIES, 4)), initial_state(position(MIXED, 5))):
        game = game_of(start)
        edges += [(state, action) for state in reachable(start, 2_000) for action in game.legal_actions(state)
                  if isinstance(action, Perform) and any(p.pid == action.ref and p.chain_link for p in state.pending)]
    assert len(edges) > 20
    return edges


def test_a_link_resolves_the_same_with_the_memo_cold_warm_or_stale() -> None:
    edges = _link_resolutions()
    cold = _cold_then_warm(edges, chains._LINK_RESOLVERS)
    links = [link for link, _ in state_tables_links(edges)]
    assert links
    for (state, action), expected in zip(edges, cold):  # entries under the links' ids, left by other objects
        chains._LINK_RESOLVERS.clear()
        for link in links:
            chains._LINK_RESOLVERS[id(link)] = (replace(link, key="stale"), state.tables, None, cold[0][1][0])
        assert transitions.successor(state, action) == expected


def state_tables_links(edges: list[tuple[Any, Perform]]) -> list[Any]:
    """The process links the tables of ``edges``' positions hold."""
    return [made for tables in {id(s.tables): s.tables for s, _ in edges}.values() for made in tables.links.values()]


def test_the_link_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    _stays_bounded(monkeypatch, chains._LINK_RESOLVERS, _link_resolutions())


def _quick_activations() -> list[tuple[Any, Any]]:
    """Every activation of a quick effect (a set 《強制脱出装置》, answered or not) from ``controls_and_a_way_out``."""
    start = controls_and_a_way_out(3)
    game = game_of(start)
    edges = [(state, action) for state in reachable(start, 3_000) for action in game.legal_actions(state)
             if isinstance(action, (Activate, Respond))]
    assert len(edges) > 20
    return edges


def test_a_quick_effect_activates_the_same_with_the_memos_cold_warm_or_stale() -> None:
    edges = _quick_activations()
    cold = _cold_then_warm(edges, transitions._QUICK_LINKS, chains._LINK_RESOLVERS)
    for (state, action), expected in zip(edges, cold):  # entries under the actions' ids, left by other objects
        transitions._QUICK_LINKS.clear()
        link, event = transitions._quick_link(state, action, state.cards[action.ref[0]],
                                              state.tables.effect_named(state.cards[action.ref[0]].name,
                                                                        action.ref[1]),
                                              state.priority or state.turn_player, Cause.END_PHASE)
        transitions._QUICK_LINKS[id(action)] = (replace(action), state.tables, link.controller, link.cause,
                                                replace(link, key="stale"), event)
        assert transitions.successor(state, action) == expected


def test_the_quick_link_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    _stays_bounded(monkeypatch, transitions._QUICK_LINKS, _quick_activations())


def test_a_card_process_is_performed_the_same_with_the_memo_cold_warm_or_stale() -> None:
    edges = [(state, action) for state, action in _lingering_performs_and_others() if not _is_lingering(state, action)]
    assert any(not p.chain_link for state, action in edges for p in state.pending if p.pid == action.ref)
    cold = _cold_then_warm(edges, transitions._CARD_PERFORMS)
    for (state, action), expected in zip(edges, cold):  # entries under the processes' ids, left by other objects
        transitions._CARD_PERFORMS.clear()
        for process in state.pending:
            known = transitions._card_perform(state, process, state.cards[process.source], Cause.END_PHASE)
            stale = None if known[1] is None else (replace(known[1][0], key="stale"), known[1][1])
            transitions._CARD_PERFORMS[id(process)] = (replace(process), state.tables, Cause.END_PHASE, known[0],
                                                       stale, cold[0][1][0])
        assert transitions.successor(state, action) == expected


def _is_lingering(state: Any, action: Perform) -> bool:
    return any(p.pid == action.ref and p.lingering for p in state.pending)


def _lingering_performs_and_others() -> list[tuple[Any, Perform]]:
    """Every perform from the positions of ``controls_and_a_way_out`` (Spirits' returns, lingering effects'
    processes) and of a mixed family (a mill, a level-up, a self-destruct that is no chain link)."""
    edges = []
    for start in (controls_and_a_way_out(4), initial_state(position(MIXED, 10))):
        game = game_of(start)
        edges += [(state, action) for state in reachable(start, 3_000) for action in game.legal_actions(state)
                  if isinstance(action, Perform)]
    return edges


def test_the_card_perform_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    _stays_bounded(monkeypatch, transitions._CARD_PERFORMS, _link_resolutions())


def test_the_memos_keep_one_search_s_tables_at_a_time() -> None:
    """After steps in the positions of other cards, no entry is left of the first ones (their tables are
    not kept alive by a memo)."""
    for state, action in _link_resolutions() + _quick_activations() + _lingering_performs():
        transitions.successor(state, action)
        for memo in (transitions._LINGERING_PERFORMS, transitions._QUICK_LINKS, transitions._CARD_PERFORMS,
                     chains._LINK_RESOLVERS):
            assert all(entry[1] is memo.tables for entry in memo.values())
    assert transitions._LINGERING_PERFORMS and transitions._LINGERING_PERFORMS.tables is state.tables
