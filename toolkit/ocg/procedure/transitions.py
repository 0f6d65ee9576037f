"""Applying one action: :func:`transition` and :func:`apply`.

Each kind of action has its function: a pass (R7, R5), performing a process
(R7, R8), activating a quick effect (R5, P1) or a trigger, declining
triggers, discarding (R2), the end of the turn (E1), the damage calculation
(P1) and the turn player's game actions.  After the action,
:func:`~toolkit.ocg.procedure.flow.advance` runs what follows by itself.
"""

from __future__ import annotations

from dataclasses import replace

from toolkit.core.actions import Action, Activate, Attack, Pass, Perform, Proceed, Respond
from toolkit.core.durations import Lingering
from toolkit.core.errors import IllegalActionError
from toolkit.core.game import Note, Successor, Transition
from toolkit.core.rules import implements
from toolkit.core.values import Event, other
from toolkit.ocg.actions import ChangePosition, Discard, EnterPhase
from toolkit.ocg.board import Board
from toolkit.ocg.cards import USER_CARD_RULE
from toolkit.ocg.cards.base import (
    NO_CHOICE,
    Activation,
    CardType,
    Choice,
    EndPhaseEffect,
    LingeringEffect,
    QuickEffect,
    Trigger,
)
from toolkit.ocg.negation import DRAIN
from toolkit.ocg.procedure import remembered, remembered_quick
from toolkit.ocg.procedure._shared import (
    EventLog,
    SearchMemo,
    cause_of,
    evolved,
    find_lingering,
    flush_events,
    lingering_effect,
    monsters_of,
    phase_named,
)
from toolkit.ocg.procedure.adjustment import r2_discard
from toolkit.ocg.procedure.chains import r5_resolve_chain, resolve_chain_on, resolve_links
from toolkit.ocg.procedure.flow import (
    advance,
    p3_declaration_names_phase,
    p3_name_phase,
    p_enter_phase,
    r7_both_passed,
    v1_decline,
)
from toolkit.ocg.procedure.legal import answers_declaration, legal_actions, nobody_can_respond
from toolkit.ocg.procedure.pending import PENDING_FACTS, pending_facts, settle, state_checks
from toolkit.ocg.procedure.triggers import collect_triggers
from toolkit.ocg.rules import GAME_ACTION
from toolkit.ocg.state import PHASE_END, STEP_CHAIN, STEP_FORCED, STEP_OPEN, Cause, Link, Phase, State, Step
from toolkit.ocg.stats import atk_def_now
from toolkit.ocg.tables import PositionTables
from toolkit.ocg.values import ZONE_FIELD, Card, EventKind, Position, Process, ProcessKind, Zone

# --------------------------------------------------------------------------
# Passing and performing processes (R7)
# --------------------------------------------------------------------------


@implements("R7", game="ocg")
def r7_priority_after_process(state: State, performer: str, *, forced: bool) -> str:
    """R7: who holds priority after a process — one ruleset flag (see the
    doubts recorded in ``rulesets.FLAG_HISTORY``); default: the performer."""
    rule = state.ruleset.priority_after_forced_process if forced else state.ruleset.priority_after_voluntary_process
    if rule == "turn_player":
        return state.turn_player
    if rule == "opponent":
        return other(performer)
    return performer


@implements("R7", "P1", game="ocg")
def r7_pass(state: State, log: EventLog, named: Phase | None = None) -> State:
    """R7: the holder gives up priority; two passes in succession = both passed.
    (Under the P3 reversal the turn player's pass in Main Phase 1 declares the
    End Phase, or the ``named`` phase.)"""
    holder = state.priority or state.turn_player
    if holder == state.turn_player and state.phase is not PHASE_END and state.attacker < 0:
        detail = state.phase.value
        if p3_declaration_names_phase(state):
            target = named or Phase.END
            detail = target.value
            state = p3_name_phase(state, target)
            log[1].append(Note("P3", f"reversed: {holder}'s declaration names {phase_named(target)}"))
        log[0].append(Event(EventKind.DECLARED, player=holder, detail=detail))
        log[1].append(Note("P1", f"{holder} declares the end of {phase_named(state.phase)}: the declaration "
                                 f"includes its pass; the phase ends only if {other(holder)} passes too"))
    notes = state.tables.notes
    if state.passes + 1 >= 2:
        note = notes.get((holder, "both"))
        if note is None:
            note = notes[(holder, "both")] = Note("R7", f"{holder} passes: both players passed in succession")
        log[1].append(note)
        return r7_both_passed(state, log)
    mandatory = state.holds_mandatory(holder)
    note = notes.get((holder, mandatory))
    if note is None:
        why = " (holding a mandatory process does not oblige doing it first, 19/10/26)" if mandatory else ""
        note = notes[(holder, mandatory)] = Note("R7", f"{holder} passes; priority to {other(holder)}{why}")
    log[1].append(note)
    return state.passed_to(other(holder))


_new_tuple = tuple.__new__
"""``tuple.__new__``: builds a Transition (a named tuple) in one call into C."""

_PHASE_TURN_END, _PHASE_END = Phase.TURN_END, PHASE_END
_CAUSE_TURN_END, _CAUSE_AFTER_ADJUSTMENT, _CAUSE_END_PHASE = Cause.TURN_END, Cause.AFTER_ADJUSTMENT, Cause.END_PHASE
_KIND_LINGERING, _PERFORMED = ProcessKind.LINGERING, EventKind.PERFORMED
"""Members read as module constants in the hot paths (see ``values.ZONE_FIELD``)."""

_TYPE_NAME: dict[CardType, str] = {t: t.value for t in CardType}
"""A chain link's ``card_type`` (the plain string) of each card type."""


def _process_link(state: State, process: Process, card: Card, cause: Cause, choice: Choice,
                  negated: bool) -> tuple[Link, Event]:
    """The chain link of a process of ``card``'s text and the event of its activation
    (with nothing to choose, the same objects in every position of these cards negated by the same card)."""
    links = state.tables.links
    negator = state.negated_by(card.uid) if negated else None
    key = (process, cause, negated, negator)  # (the negator too: it is the position's, not the cards')
    if choice is NO_CHOICE:
        found = links.get(key)
        if found is not None:
            return found
    link = Link(card.uid, card.name, process.label, process.key, process.controller, 1, cause, choice=choice,
                card_type=_TYPE_NAME[state.tables.behaviour(card.name).card_type], process=process.pid, negated=negated,
                negated_by=negator)
    made = (link, state.tables.event(EventKind.ACTIVATED, card.name, process.controller, detail=process.key,
                                     by=card.name))
    if choice is NO_CHOICE:
        links[key] = made
    return made


_LINGERING_PERFORMS: SearchMemo[tuple[tuple[Lingering, ...], PositionTables,
                                     dict[Process, tuple[Lingering, LingeringEffect | None, Event] | None]]] = \
    SearchMemo(4096)
"""id of a position's lingering tuple -> (that tuple, its positions' tables, per process a lingering effect
creates: (the effect, what its card's text says it does, the event of its performing), or None when no
lingering effect of the tuple is the process's): what :func:`_perform` looks up for such a process, the same
for every position sharing the tuple (successive positions do). The entry holds the tuple, so its id names no
other object while it is kept; bounded, one search's tables at a time (``SearchMemo``)."""


def _lingering_perform(state: State, process: Process) -> tuple[Lingering, LingeringEffect | None, Event] | None:
    """The lingering effect whose process ``process`` is, what its card's text says it does and the event of
    its performing (None: no lingering effect of the position is the process's), found once per lingering tuple."""
    lingering = state.lingering
    entry = _LINGERING_PERFORMS.get(id(lingering))
    if entry is None or entry[0] is not lingering or entry[1] is not state.tables:
        _LINGERING_PERFORMS.make_room(state.tables)
        entry = _LINGERING_PERFORMS[id(lingering)] = (lingering, state.tables, {})
    known = entry[2]
    if process in known:
        return known[process]
    item = find_lingering(state, process)
    found = None if item is None else (
        item, lingering_effect(state, item),
        state.tables.event(_PERFORMED, card=item.source, player=process.controller, detail=process.key,
                           by=item.source))
    known[process] = found
    return found


_CARD_PERFORMS: SearchMemo[tuple[Process, PositionTables, Cause, EndPhaseEffect, tuple[Link, Event] | None, Event]] = \
    SearchMemo(4096)
"""id of a card's pending process (one object wherever it is pending: ``PositionTables.applying``) -> (the
process, its positions' tables, the cause it is performed with, its effect, its chain link with nothing to
choose and not negated and that link's event (None: no chain link), the event of its performing): what
:func:`_perform` looks up for it. The entry holds the process, so its id names no other object while it is
kept; bounded, one search's tables at a time (``SearchMemo``)."""


def _card_perform(state: State, process: Process, card: Card,
                  cause: Cause) -> tuple[EndPhaseEffect, tuple[Link, Event] | None, Event]:
    """The effect of ``card``'s ``process``, its chain link and event with nothing to choose and not negated
    (``_process_link``; None: no chain link) and the event of its performing, found once per process."""
    tables = state.tables
    known = _CARD_PERFORMS.get(id(process))
    if known is not None and known[0] is process and known[1] is tables and known[2] is cause:
        return known[3], known[4], known[5]
    eff = tables.effect_named(card.name, process.key)  # (end_phase_effect, inline)
    assert isinstance(eff, EndPhaseEffect)
    linked = _process_link(state, process, card, cause, NO_CHOICE, False) if process.chain_link else None
    performed = tables.event(_PERFORMED, card=card.name, player=process.controller, detail=process.key, by=card.name)
    _CARD_PERFORMS.make_room(tables)
    _CARD_PERFORMS[id(process)] = (process, tables, cause, eff, linked, performed)
    return eff, linked, performed


def _perform(state: State, action: Perform, forced: bool, log: EventLog) -> State:
    every = state.pending
    facts = PENDING_FACTS.get(id(every))  # (pending_facts, its hit inline: found once per pending list, a
    if facts is None or facts[0] is not every or facts[1] is not state.tables:  # position's steps perform each
        facts = pending_facts(state)  # process)
    at = facts[2].get(action.ref)
    if at is None:
        raise StopIteration  # pragma: no cover - the action was listed for this state
    process = every[at]
    performer = process.controller
    rules = state.ruleset
    system = rules.process_order is not None
    # V1: after the system's processes the open game state starts with the turn player
    if system:
        after = state.turn_player
    elif (rules.priority_after_forced_process if forced else rules.priority_after_voluntary_process) == "performer":
        after = performer  # (R7's default, without the call)
    else:
        after = r7_priority_after_process(state, performer, forced=forced)
    phase = state.phase
    adjusted = state.adjusted
    cause = _CAUSE_TURN_END if phase is _PHASE_TURN_END else _CAUSE_AFTER_ADJUSTMENT if adjusted \
        else _CAUSE_END_PHASE  # (cause_of, inline)
    board = Board(state, cause, source=process.source)
    pending = every[:at] + every[at + 1:]  # the others (a pid is listed once); slices make a tuple of its exact size
    board.done.add(process.pid)
    if process.lingering:
        found = _lingering_perform(state, process)
        if found is not None:
            item, effect, performed = found
            board.by = item.source  # the card whose lingering effect this process is
            board.events.append(performed)  # (board.record)
            if process.kind is _KIND_LINGERING and effect is not None and effect.process is not None:
                target = board.cards[item.target] if item.target >= 0 else Card(-1, item.source, performer, performer, Zone.GY)
                if effect.process.chain_link:
                    board.chain.append(Link(item.target, item.source, process.label, item.key, performer, 1, cause,
                                            lingering=item))
                    board.record(board.tables.event(EventKind.ACTIVATED, card=item.source, player=performer,
                                                    detail=process.key, by=item.source))
                else:
                    effect.process.resolve(board, Activation(card=target, controller=performer, key=item.key,
                                                             lingering=item))
                    board.end_lingering(item)
            else:
                board.end_lingering(item)
    else:
        card = state.cards[process.source]
        known = _CARD_PERFORMS.get(id(process))  # (_card_perform, its hit inline)
        if known is not None and known[0] is process and known[1] is state.tables and known[2] is cause:
            eff, linked, performed = known[3], known[4], known[5]
        else:
            eff, linked, performed = _card_perform(state, process, card, cause)
        negated = bool(state.lingering or DRAIN in state.tables.continuous_kinds) and process.source >= 0 \
            and eff.activates and card.zone is ZONE_FIELD and state.is_negated(card.uid)  # (r8_negated, inline)
        if process.chain_link:
            if eff.cost is not None:
                board.by_effect = False
                eff.cost(board, Activation(card=card, controller=performer, key=process.key, choice=action.choice))
                board.by_effect = True
            link, activated = linked if linked is not None and action.choice is NO_CHOICE and not negated \
                else _process_link(state, process, card, cause, action.choice, negated)  # (a negated link is
            # keyed by its negator too)
            board.chain.append(link)
            board.events.append(activated)  # (board.record)
            if negated:
                log[1].append(Note("R8", f"{process.label}: mandatory, so it is performed although negated"))
        else:
            act = Activation(card=card, controller=performer, key=process.key, choice=action.choice)
            if eff.cost is not None:
                board.by_effect = False
                eff.cost(board, act)
                board.by_effect = True
            board.events.append(performed)  # (board.record)
            if negated and eff.activates:
                board.record(board.tables.event(EventKind.NEGATED, card=card.name, player=performer, detail=process.key,
                                                by=state.negated_by(card.uid)))
                log[1].append(Note("R8", f"{process.label}: performed while negated — nothing happens"))
            else:
                eff.resolve(board, act)
    again = False
    if board.chain and not state.chain and (not board.tables.quick_uids or nobody_can_respond(board)):  # (no card
        # with a quick effect: nobody can respond, as nobody_can_respond finds first)
        again = resolve_links(board, state)  # R5: no one can respond — the link resolves at once
    pending, waiting = settle(board, state, cause, adjusted, pending=pending, full=again,  # R8b: look again
                              without=(facts, process))
    if board.notes:
        flush_events(board, log)
    elif board.events:  # (flush_events without notes, inline: the board goes with this step, nothing to empty)
        log[0].extend(board.events)
    if not board.chain and not waiting and not state.waiting and not adjusted and phase is _PHASE_END \
            and not system:
        # nothing automatic follows: straight back to the open game state (R7)
        return board.freeze(pending=pending, passes=0, forced=None, step=STEP_OPEN, priority=after,
                            after_chain=None)
    nxt = board.freeze(pending=pending, waiting=state.waiting + waiting, passes=0, forced=None,
                       step=Step.CHAIN if board.chain else Step.OPEN,
                       priority=other(performer) if board.chain else None, after_chain=after)
    return advance(nxt, log)


# --------------------------------------------------------------------------
# Activations (R5, P1)
# --------------------------------------------------------------------------


def _activate_quick(state: State, action: Activate | Respond, *, responding: bool, log: EventLog) -> State:
    player = state.priority or state.turn_player
    uid, key = action.ref
    card = state.cards[uid]
    q = state.tables.effect_named(card.name, key)
    assert isinstance(q, QuickEffect)
    cause = Cause.TURN_END if state.phase is Phase.TURN_END else Cause.AFTER_ADJUSTMENT if state.adjusted \
        else Cause.END_PHASE  # (cause_of, inline)
    board = Board(state, cause, by_effect=False, source=uid)
    if q.card_activation and card.zone is Zone.HAND:
        board.set_card(uid, board._card((uid, card.name, card.owner, player, Zone.FIELD, Position.FACE_UP,
                                         card.tags, card.label)))
    elif q.card_activation and card.zone is Zone.FIELD:
        board.set_card(uid, board._card((uid, card.name, card.owner, card.controller, card.zone, Position.FACE_UP,
                                         card.tags, card.label)))
    if q.cost is not None:
        q.cost(board, Activation(card=board.cards[uid], controller=player, key=key, choice=action.choice))
    link, activated = _quick_link(state, action, card, q, player, cause)
    board.chain.append(link)
    board.events.append(activated)  # (board.record)
    at_once = resolves_on_this_board(board, card)
    pending, waiting = settle(board, state, cause, state.adjusted)
    flush_events(board, log)
    after = state.after_chain if responding else state.turn_player
    answers = not responding and answers_declaration(state, player)
    if answers and state.phase is not Phase.END and state.ruleset.phase_continues_after_response:
        log[1].append(Note("P1", f"{card.shown()} answers {state.turn_player}'s declaration: the phase does not end; "
                                 f"after the chain, priority returns to {state.turn_player}"))
    declared = state.declared or (answers and not state.ruleset.phase_continues_after_response)
    if not nobody_can_respond(board):  # (what advance asks first, R5) the opponent may respond: the chain waits
        return board.freeze(step=Step.CHAIN, priority=other(player), passes=0, pending=pending,
                            waiting=state.waiting + waiting, after_chain=after, declared=declared)
    if at_once:  # nobody can respond: the chain resolves (R5), on this board rather than a copy of it
        pending, resolved = resolve_chain_on(board, state, cause, log)
        waiting = state.waiting + resolved
        if not waiting and not declared and not state.adjusted and state.phase is not Phase.TURN_END \
                and state.ruleset.process_order is None:  # what advance does next: the open game state (R7)
            return board.freeze(step=Step.OPEN, chain=(), priority=after or state.turn_player, forced=None, passes=0,
                                pending=pending, waiting=waiting, after_chain=None, declared=declared)
        return advance(board.freeze(step=Step.OPEN, chain=(), priority=other(player), passes=0, pending=pending,
                                    waiting=waiting, after_chain=after, declared=declared), log)
    nxt = board.freeze(step=Step.CHAIN, priority=other(player), passes=0, pending=pending,
                       waiting=state.waiting + waiting, after_chain=after, declared=declared)
    return advance(r5_resolve_chain(nxt, log), log)


_QUICK_LINKS: SearchMemo[tuple[Activate | Respond, PositionTables, str, Cause, Link, Event]] = SearchMemo(4096)
"""id of an action activating a quick effect (``PositionTables.chosen_actions``: one object per activation and
choice) -> (the action, its positions' tables, the player and the cause it was activated with, its chain link,
the event of its activation): the same link and event again for the same activation. The entry holds the
action, so its id names no other object while it is kept; bounded, one search's tables at a time
(``SearchMemo``)."""


def _quick_link(state: State, action: Activate | Respond, card: Card, q: QuickEffect, player: str,
                cause: Cause) -> tuple[Link, Event]:
    """The chain link of ``player``'s activation of ``q`` on ``card`` (``action``) and its event."""
    tables = state.tables
    known = _QUICK_LINKS.get(id(action))
    if known is not None and known[0] is action and known[1] is tables and known[2] == player and known[3] is cause:
        return known[4], known[5]
    link = Link(card.uid, card.name, action.effect, action.ref[1], player, q.spell_speed, cause, choice=action.choice,
                card_activation=q.card_activation, card_type=_TYPE_NAME[tables.behaviour(card.name).card_type])
    activated = tables.event(EventKind.ACTIVATED, card=card.name, player=player, detail=action.ref[1], by=card.name)
    _QUICK_LINKS.make_room(tables)
    _QUICK_LINKS[id(action)] = (action, tables, player, cause, link, activated)
    return link, activated


def resolves_on_this_board(board: Board, card: Card) -> bool:
    """Whether a chain nobody can respond to, on ``board`` just after ``card``'s activation, may resolve on the
    board itself rather than on a copy of the state it makes (the same next state, events and notes): when the
    activation moved nothing (settling it finds nothing to look at) and the card has no End Phase process (R6
    compares the board with the position before the activation, where the card may have been face-down)."""
    return not board.touched and not board.happenings and card.name not in board.end_phase_names


def _activate_trigger(state: State, action: Activate, log: EventLog) -> State:
    w = next(x for x in state.waiting if (x.source, x.key) == action.ref and x.controller == state.forced)
    card = state.card(w.source)
    trig = state.tables.effect_named(card.name, w.key)
    assert isinstance(trig, Trigger)
    board = Board(state, w.cause, by_effect=False, source=card.uid)
    act = Activation(card=card, controller=w.controller, key=w.key, choice=action.choice, subjects=w.subjects)
    if trig.cost is not None:
        trig.cost(board, act)
    board.chain.append(Link(card.uid, card.name, w.label, w.key, w.controller, 1, w.cause, choice=action.choice,
                            subjects=w.subjects, card_type=_TYPE_NAME[board.tables.behaviour(card.name).card_type]))
    board.record(board.tables.event(EventKind.ACTIVATED, card=card.name, player=w.controller, detail=w.key,
                                    by=card.name))
    rest = tuple(x for x in state.waiting if x is not w)
    pending, waiting = settle(board, state, cause_of(state), state.adjusted)
    flush_events(board, log)
    nxt = board.freeze(step=Step.TRIGGERS, waiting=rest + waiting, pending=pending)
    return advance(nxt, log)


def _decline_triggers(state: State, log: EventLog) -> State:
    mine = [w for w in state.waiting if w.controller == state.forced and not w.mandatory]
    for w in mine:
        log[1].append(Note("R5", f"{w.label}: optional trigger not activated"))
    rest = tuple(w for w in state.waiting if w.controller != state.forced)
    return advance(evolved(state, waiting=rest), log)


# --------------------------------------------------------------------------
# The end of the turn (E1), the damage calculation (P1), game actions
# --------------------------------------------------------------------------


@implements("E1", game="ocg")
def e1_turn_end(state: State, log: EventLog) -> State:
    """E1: the turn ends — effects "until the end of the turn" / "this turn"
    end in one sweep (``Board.end_with_turn``), self-destructs happen with no
    trigger activated (flag ``turn_end_triggers_activate`` before 2017-03),
    and effects needing no chain link still apply (Macro Cosmos, Skull
    Invitation; Des Wombat prevents, Pikeru's "this turn" has ended)."""
    board = Board(state, Cause.TURN_END)
    board.end_with_turn()
    state_checks(board)
    waiting = collect_triggers(board, Cause.TURN_END)
    flush_events(board, log)
    nxt = board.freeze(phase=Phase.TURN_END, step=Step.OPEN, pending=(), waiting=waiting, priority=None, forced=None)
    return advance(nxt, log)


@implements("P1", GAME_ACTION, game="ocg")
def p1_damage_calculation(state: State, log: EventLog) -> State:
    """P1's exception (seed 002): damage calculation has no priority window —
    nobody may activate anything or declare a move; the damage is dealt and
    the Battle Phase goes on with the turn player's priority."""
    board = Board(state, Cause.END_PHASE, by_effect=False)
    attacker = board.cards[state.attacker]
    defender = state.non_turn_player
    still = (attacker.zone is Zone.FIELD and attacker.controller == state.turn_player
             and attacker.position is Position.FACE_UP)
    if still and not monsters_of(state, defender):
        amount = atk_def_now(attacker, board.tables)[0] or 0  # its ATK now (what it lost is not dealt)
        board.battle_damage(defender, amount, source=attacker.name)
        board.note(GAME_ACTION, f"damage calculation: {attacker.shown()} deals {amount} battle damage to {defender}")
    else:
        board.note(GAME_ACTION, f"damage calculation: {attacker.shown()}'s attack no longer applies — no damage")
    pending, waiting = settle(board, state, Cause.END_PHASE, False)
    flush_events(board, log)
    return advance(board.freeze(step=Step.OPEN, attacker=-1, pending=pending, waiting=state.waiting + waiting,
                                 priority=None, passes=0, after_chain=None), log)


@implements(GAME_ACTION, game="ocg")
def _change_position(state: State, action: ChangePosition, log: EventLog) -> State:
    board = Board(state, Cause.END_PHASE, by_effect=False)
    board.change_position(action.ref, state.turn_player, manual=True)
    pending, waiting = settle(board, state, Cause.END_PHASE, False)
    flush_events(board, log)
    return advance(board.freeze(pending=pending, waiting=state.waiting + waiting, passes=0, step=Step.OPEN,
                                 after_chain=state.turn_player), log)


@implements(GAME_ACTION, game="ocg")
def _declare_attack(state: State, action: Attack, log: EventLog) -> State:
    board = Board(state, Cause.END_PHASE, by_effect=False)
    card = board.cards[action.ref]
    board.set_card(action.ref, replace(card, tags=card.tags | {"attacked_this_turn"}))
    board.record(board.tables.event(EventKind.ATTACKED, card=card.name, player=state.turn_player))
    board.note(GAME_ACTION, f"{card.shown()} attacks directly; both must pass before the Damage Step")
    flush_events(board, log)
    return advance(board.freeze(attacker=action.ref, passes=0, step=Step.OPEN, after_chain=state.turn_player), log)


# --------------------------------------------------------------------------
# One action
# --------------------------------------------------------------------------


def transition(state: State, action: Action, *, check: bool = True) -> Transition:
    """Apply ``action`` to ``state``: the next state, its events and notes."""
    return _new_tuple(Transition, successor(state, action, check=check))


def successor(state: State, action: Action, *, check: bool = True) -> Successor:
    """``transition`` as a plain tuple, (next state, events, notes): what the search asks of every edge."""
    if check and action not in legal_actions(state):
        raise IllegalActionError(action, state)
    if isinstance(action, Perform):  # first: most steps of a search perform a process
        reach, known = remembered.recall(state, action)
        if known is not None and not remembered.CHECK_REMEMBERED:
            return known if not state.tables.user_files else note_user_cards(state, known, action)
        log: EventLog = ([], [])
        nxt = _perform(state, action, state.step is STEP_FORCED, log)
        made = (nxt, tuple(log[0]), tuple(log[1]))
        if known is None:
            if reach is not None:
                remembered.keep(state, reach, made)
        elif known != made or hash(known[0]) != hash(nxt):  # pragma: no cover - a bug in remembered
            raise AssertionError(f"a remembered change differs: {known!r} != {made!r}")
        return made if not state.tables.user_files else note_user_cards(state, made, action)
    quick = remembered_quick.recall(state, action) if (type(action) is Activate and state.step is STEP_OPEN) or (
        type(action) is Respond and state.step is STEP_CHAIN) else None
    if quick is not None and quick[1] is not None and not remembered.CHECK_REMEMBERED:
        return quick[1] if not state.tables.user_files else note_user_cards(state, quick[1], action)
    log = ([], [])
    step = state.step
    if isinstance(action, Pass):
        if step is STEP_OPEN:
            nxt = r7_pass(state, log)
        elif step is STEP_CHAIN:
            holder = state.priority or state.turn_player
            log[1].append(Note("R5", f"{holder} does not respond"))
            nxt = advance(evolved(state, priority=other(holder), passes=state.passes + 1), log)
        elif step is STEP_FORCED:
            nxt = v1_decline(state, log)
        else:
            nxt = _decline_triggers(state, log)
    elif isinstance(action, Respond):
        nxt = _activate_quick(state, action, responding=True, log=log)
    elif isinstance(action, Activate):
        if step is Step.TRIGGERS:
            nxt = _activate_trigger(state, action, log)
        else:
            nxt = _activate_quick(state, action, responding=False, log=log)
    elif isinstance(action, Discard):
        nxt = advance(r2_discard(state, action, log), log)
    elif isinstance(action, Proceed):
        nxt = p1_damage_calculation(state, log) if step is Step.DAMAGE else e1_turn_end(state, log)
    elif isinstance(action, EnterPhase) and step is Step.OPEN:
        nxt = r7_pass(state, log, named=Phase(action.phase))  # P3 reversed: a declaration naming the phase
    elif isinstance(action, EnterPhase):
        log[1].append(Note("P3", f"{state.turn_player} chooses {phase_named(Phase(action.phase))}"))
        nxt = p_enter_phase(state, Phase(action.phase), log)
    elif isinstance(action, ChangePosition):
        nxt = _change_position(state, action, log)
    elif isinstance(action, Attack):
        nxt = _declare_attack(state, action, log)
    else:  # pragma: no cover
        raise IllegalActionError(action, state)
    made = (nxt, tuple(log[0]), tuple(log[1]))
    if quick is not None and quick[0] is not None:  # an activation remembered_quick may keep
        if quick[1] is None:
            remembered_quick.keep(state, quick[0], made)
        elif quick[1] != made or hash(quick[1][0]) != hash(nxt):  # pragma: no cover - a bug in remembered_quick
            raise AssertionError(f"a remembered activation differs: {quick[1]!r} != {made!r}")
    return made if not state.tables.user_files else note_user_cards(state, made, action)


def note_user_cards(state: State, result: Successor, action: Action) -> Successor:
    """``result`` with a note naming each card of the user's own the action is about (a trace that
    uses one says so, with its file); ``transition`` asks only in a position holding such cards."""
    text = repr(action)
    notes = tuple(Note(USER_CARD_RULE, f"{name} is a card of your own, from {file}")
                  for name, file in state.tables.user_files.items() if name in text)
    return result if not notes else (result[0], result[1], result[2] + notes)


def apply(state: State, action: Action) -> State:
    """The state after ``action`` (a new State; ``state`` is unchanged)."""
    after: State = successor(state, action)[0]
    return after
