"""Resolving a chain, last link first (R5, R8), and whether the phase goes on
after it (P1)."""

from __future__ import annotations

from toolkit.core.rules import implements
from toolkit.ocg.board import Board

from toolkit.ocg.cards.base import NO_CHOICE, Activation
from toolkit.ocg.procedure._shared import _Log, _cause, _flush, _lingering_effect, _the
from toolkit.ocg.procedure.pending import _settle
from toolkit.ocg.state import Link, Phase, State, Step
from toolkit.ocg.values import Card, EventKind, Zone


def _resolve_links(board: Board, state: State) -> None:
    """Resolve every link on ``board``'s chain, last first (R5, R8)."""
    while board.chain:
        link = board.chain[-1]
        card = board.cards[link.source] if link.source >= 0 else None
        board.source, board.by_effect = link.source, True
        negated_now = (  # nothing lingers: nothing negates (is_negated), no card lookup needed
            card is not None and bool(board.lingering) and card.zone is Zone.FIELD
            and board.tables.behaviour(card.name).is_monster and board.is_negated(card.uid) and link.lingering is None
        )
        if link.negated or negated_now:
            board.record(board.tables.event(EventKind.NEGATED, card=link.name, player=link.controller, detail=link.key))
            board.note("R8", f"{link.label}: resolves as negated — nothing happens")
        else:
            resolve = _link_resolver(state, link)
            if resolve is not None and card is not None:
                resolve(board, _activation(board, link, card))
            board.record(board.tables.event(EventKind.RESOLVED, link.name, link.controller, detail=link.key))
        board.chain.pop()
        board.touched = True
        if link.card_activation and link.source >= 0:
            now = board.cards[link.source]
            b = board.tables.behaviour(now.name)
            if now.zone is Zone.FIELD and not b.is_monster and b.subtype not in ("continuous", "field", "equip"):
                board.source, board.by_effect = -1, False
                board.send_to_gy(now.uid)


def _activation(board: Board, link: Link, card: Card) -> Activation:
    """What ``link``'s resolve is told (``card``: its source now); the same object again
    for a process's link of ``PositionTables.links`` resolving for the same card."""
    if link.process is None or link.choice is not NO_CHOICE:
        return Activation(card=card, controller=link.controller, key=link.key, choice=link.choice,
                          subjects=link.subjects, lingering=link.lingering)
    known = board.tables.activations
    found = known.get(id(link))  # such a link lives as long as the tables: its id is its own
    if found is not None and found[0] is link and found[1] is card:
        return found[2]
    act = Activation(card=card, controller=link.controller, key=link.key, choice=link.choice,
                     subjects=link.subjects, lingering=link.lingering)
    known[id(link)] = (link, card, act)
    return act


def _link_resolver(state: State, link: Link):  # type: ignore[no-untyped-def]
    if link.lingering is not None:
        effect = _lingering_effect(state, link.lingering)
        return effect.process.resolve if effect is not None and effect.process is not None else None
    found = state.tables.effect_named(state.cards[link.source].name, link.key)
    return found.resolve if found is not None else None


@implements("R5", game="ocg")
def r5_resolve_chain(state: State, log: _Log) -> State:
    """R5: both passed on a chain (or nobody can respond) — resolve it, last link first."""
    cause = _cause(state)
    board = Board(state, cause)
    _resolve_links(board, state)
    pending, waiting = _settle(board, state, cause, state.adjusted)
    if state.phase not in (Phase.END, Phase.TURN_END, Phase.OVER) and p1_phase_continues(state):
        todo = f"; still to do in it: {', '.join(p.label for p in pending)}" if pending else ""
        board.note("P1", f"the chain has resolved: {_the(state.phase)} goes on{todo}")
    _flush(board, log)
    return board.freeze(step=Step.OPEN, chain=(), pending=pending, waiting=state.waiting + waiting, passes=0)


@implements("P1", game="ocg")
def p1_phase_continues(state: State) -> bool:
    """P1 (seed 002): after an activation that answered the turn player's
    declaration, priority returns to the turn player and the phase goes on —
    the OCG (ruleset flag ``phase_continues_after_response``)."""
    return state.ruleset.phase_continues_after_response
