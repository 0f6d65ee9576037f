"""Resolving a chain, last link first (R5, R8), and whether the phase goes on
after it (P1)."""

from __future__ import annotations

from toolkit.core.rules import implements
from toolkit.core.values import Event
from toolkit.ocg.board import Board
from toolkit.ocg.cards.base import NO_CHOICE, Activation, CardType, EndPhaseEffect, Resolve
from toolkit.ocg.negation import DRAIN
from toolkit.ocg.procedure._shared import (
    EventLog,
    SearchMemo,
    cause_of,
    flush_events,
    lingering_effect,
    phase_named,
)
from toolkit.ocg.procedure.pending import settle
from toolkit.ocg.state import Cause, Link, Phase, State, Step, WaitingTrigger
from toolkit.ocg.tables import PositionTables
from toolkit.ocg.values import Card, EventKind, Process, Zone

_RESOLVED = EventKind.RESOLVED

_MONSTER: str = CardType.MONSTER.value
"""The ``card_type`` of a monster's chain link."""


def resolve_links(board: Board, state: State) -> bool:
    """Resolve every link on ``board``'s chain, last first (R5, R8); True when a mandatory process whose
    activation was negated is to be done again (R8b: the caller looks at every pending process again)."""
    again = False
    while board.chain:
        link = board.chain[-1]
        card = board.cards[link.source] if link.source >= 0 else None
        board.source, board.by_effect, board.by = link.source, True, link.name
        negated_now = (  # nothing lingers or drains: nothing negates (is_negated), no card lookup needed
            link.lingering is None and card is not None and (board.lingering or DRAIN in board.kinds)
            and card.zone is Zone.FIELD and link.card_type == _MONSTER and board.is_negated(card.uid)
        )  # (a card's link carries its card type: a uid keeps its name)
        if link.negated or negated_now:
            negator = link.negated_by if link.negated_by is not None or card is None else board.negated_by(card.uid)
            board.record(board.tables.event(EventKind.NEGATED, card=link.name, player=link.controller, detail=link.key,
                                            by=negator))
            board.note("R8", f"{link.label}: resolves as negated — nothing happens")
            if link.activation_negated and link.process is not None:
                again = r8b_activated_again(board, link) or again
        else:
            known = _LINK_RESOLVERS.get(id(link)) if link.lingering is None else None
            if known is not None and known[0] is link and known[1] is board.tables:
                resolve, resolved = known[2], known[3]
            else:
                resolve, resolved = _link_resolver_and_event(board, state, link, card)
            if resolve is not None and card is not None:
                found = board.tables.activations.get(id(link))  # (_activation's hit, inline)
                resolve(board, found[2] if found is not None and found[0] is link and found[1] is card
                        and link.process is not None and link.choice is NO_CHOICE else _activation(board, link, card))
            board.events.append(resolved)  # (board.record)
        board.chain.pop()
        board.touched = True
        if link.card_activation and link.source >= 0:
            now = board.cards[link.source]
            b = board.tables.behaviour(now.name)
            if now.zone is Zone.FIELD and not b.is_monster and b.subtype not in ("continuous", "field", "equip"):
                board.source, board.by_effect, board.by = -1, False, None
                board.send_to_gy(now.uid)
    return again


_LINK_RESOLVERS: SearchMemo[tuple[Link, PositionTables, Resolve | None, Event]] = SearchMemo(4096)
"""id of a chain link of a card (a process's: ``PositionTables.links``, one object per process, cause and
negation; a quick effect's: ``transitions._QUICK_LINKS``, one per activation) -> (the link, its positions'
tables, what resolves it, the event of its resolving): looked up once per link (a lingering effect's link, made
by each step, is not kept). The entry holds the link, so its id names no other object while it is kept;
bounded, one search's tables at a time (``SearchMemo``)."""


def _link_resolver_and_event(board: Board, state: State, link: Link,
                             card: Card | None) -> tuple[Resolve | None, Event]:
    """What resolves ``link`` (None: nothing) and the event of its resolving; kept for a card's link."""
    tables = board.tables
    if link.lingering is None and card is not None:  # (_link_resolver, inline)
        found = tables.effect_named(state.cards[link.source].name, link.key)
        resolve = found.resolve if found is not None else None
    else:
        resolve = _link_resolver(state, link)
    resolved = tables.event(_RESOLVED, link.name, link.controller, detail=link.key, by=link.name)
    if link.lingering is None:
        _LINK_RESOLVERS.make_room(tables)
        _LINK_RESOLVERS[id(link)] = (link, tables, resolve, resolved)
    return resolve, resolved


@implements("R8b", game="ocg")
def r8b_activated_again(board: Board, link: Link) -> bool:
    """R8b: a mandatory End Phase process whose *activation* was negated was not done: it is pending
    again and must be activated again (《光と闇の竜》 negating a Spirit's return, 2011-06-08); one whose
    *effect* was negated (R8: Veiler, Skill Drain) is done. True when ``link``'s process is pending again."""
    card = board.cards[link.source] if link.source >= 0 else None
    effect = board.tables.effect_named(card.name, link.key) if card is not None else None
    if card is None or link.process not in board.done or not isinstance(effect, EndPhaseEffect) \
            or not effect.mandatory:
        return False
    board.done.discard(link.process)
    board.note("R8b", f"{link.label}: its activation was negated, not its effect — the mandatory process is "
                      "still to be done and is activated again")
    return True


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
        effect = lingering_effect(state, link.lingering)
        return effect.process.resolve if effect is not None and effect.process is not None else None
    found = state.tables.effect_named(state.cards[link.source].name, link.key)
    return found.resolve if found is not None else None


@implements("R5", game="ocg")
def r5_resolve_chain(state: State, log: EventLog) -> State:
    """R5: both passed on a chain (or nobody can respond) — resolve it, last link first."""
    cause = cause_of(state)
    board = Board(state, cause)
    pending, waiting = resolve_chain_on(board, state, cause, log)
    return board.freeze(step=Step.OPEN, chain=(), pending=pending, waiting=state.waiting + waiting, passes=0)


def resolve_chain_on(board: Board, state: State, cause: Cause,
                     log: EventLog) -> tuple[tuple[Process, ...], tuple[WaitingTrigger, ...]]:
    """Resolve the chain on ``board`` (``state``: the position it stands for) and settle what it changed: the
    pending processes and the triggers it met (:func:`r5_resolve_chain` but the next state)."""
    again = resolve_links(board, state)
    pending, waiting = settle(board, state, cause, state.adjusted, full=again)  # R8b: look again
    if state.phase not in (Phase.END, Phase.TURN_END, Phase.OVER) and p1_phase_continues(state):
        todo = f"; still to do in it: {', '.join(p.label for p in pending)}" if pending else ""
        board.note("P1", f"the chain has resolved: {phase_named(state.phase)} goes on{todo}")
    flush_events(board, log)
    return pending, waiting


@implements("P1", game="ocg")
def p1_phase_continues(state: State) -> bool:
    """P1 (seed 002): after an activation that answered the turn player's
    declaration, priority returns to the turn player and the phase goes on —
    the OCG (ruleset flag ``phase_continues_after_response``)."""
    return state.ruleset.phase_continues_after_response
