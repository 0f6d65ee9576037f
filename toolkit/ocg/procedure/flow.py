"""What the game does by itself between two decisions.

:func:`_advance` runs the automatic parts until a player must decide: a
chain nobody can answer resolves, triggers are put on the chain, the system
of a video-game ruleset reaches its next process (V1), the turn ends.  When
both players have passed, :func:`r7_both_passed` sends the game to a
mandatory process (R7), the hand-size adjustment (R3), the damage
calculation (P1) or the end of the phase (P2), and a new phase begins
(:func:`p_enter_phase`).  These functions call one another, so they live
together.
"""

from __future__ import annotations

from toolkit.core.game import Note
from toolkit.core.rules import implements
from toolkit.core.words import count
from toolkit.ocg.actions import Discard
from toolkit.ocg.board import Board
from toolkit.ocg.procedure._shared import EventLog, evolved, flush_events, phase_named
from toolkit.ocg.procedure.adjustment import h4_readjust, r1_excess, r2_discard
from toolkit.ocg.procedure.chains import r5_resolve_chain
from toolkit.ocg.procedure.legal import nobody_can_respond, process_choices, r5_trigger_placer, r8_negated
from toolkit.ocg.procedure.pending import r6_sync_processes
from toolkit.ocg.state import PHASE_END, STEP_FORCED, Cause, Phase, State, Step
from toolkit.ocg.values import EventKind
from toolkit.ocg.video_game import system_head


def _anyone_can_respond(state: State) -> bool:
    return not nobody_can_respond(state)


def advance(state: State, log: EventLog) -> State:
    """Run the automatic parts until someone must decide."""
    for _ in range(10_000):
        if state.chain and state.step is Step.CHAIN:
            if state.passes >= 2 or not _anyone_can_respond(state):
                state = r5_resolve_chain(state, log)
                continue
            return state
        if state.waiting:
            placer, _mandatory = r5_trigger_placer(state)
            return state.to_step(Step.TRIGGERS, None, placer)
        if state.chain:
            state = state.to_step(Step.CHAIN, state.turn_player, None)
            continue
        if state.phase is Phase.TURN_END:
            log[1].append(Note("E1", "the turn ends; the next turn begins"))
            return evolved(state, step=Step.OVER, phase=Phase.OVER, priority=None, forced=None, passes=0)
        if state.adjusted:
            system = v1_system_process(state, log) if state.ruleset.process_order is not None else None
            if system is not None:
                return system
            for player in (state.turn_player, state.non_turn_player):
                if state.holds_mandatory(player):
                    log[1].append(Note("H5", f"after the adjustment {player} must perform its mandatory process"))
                    return state.to_step(Step.FORCED, None, player)
            window = h1_window_after_adjustment(state, log)
            if window is not None:
                return window
            return h4_or_turn_end(state, log)
        if state.declared:
            return v2_moves_on(state, log)
        if state.ruleset.process_order is not None:  # (V1 asked only under a video-game ruleset)
            system = v1_system_process(state, log)
            if system is not None:
                return system
        return state.to_step(Step.OPEN, state.after_chain or state.turn_player, None, after_chain=None)
    raise RuntimeError("the End Phase procedure did not settle")  # pragma: no cover


def h1_window_after_adjustment(state: State, log: EventLog) -> State | None:
    """H1 / H5 reversed: an open game state after the adjustment, where quick
    effects may be activated (``quick_effects_after_adjustment``) or optional
    「エンドフェイズ時」 processes performed (``optional_end_phase_triggers_after_adjustment``).
    None under the rules as they are: the turn ends."""
    rules = state.ruleset
    if not (rules.quick_effects_after_adjustment
            or (state.pending and rules.optional_end_phase_triggers_after_adjustment)):
        return None
    holder = state.after_chain or state.turn_player
    log[1].append(Note("H1", f"reversed: after the adjustment {holder} holds priority once more"))
    return state.to_step(Step.OPEN, holder, None, after_chain=None)


def h4_or_turn_end(state: State, log: EventLog) -> State:
    """After the adjustment, nothing left to do: adjust again if the hand grew
    past the limit (H4), else the turn ends."""
    again = h4_readjust(state, log)
    if again is not None:
        return again
    return state.to_step(Step.TURN_END, None, None)


def begin(state: State) -> State:
    """The first decision point of a freshly built position (under a
    video-game ruleset the system may have a process to deal with first, V1)."""
    if state.ruleset.process_order is None or state.chain or state.waiting:
        return state
    return advance(state, ([], []))


# --------------------------------------------------------------------------
# Both players passed (R7, R3, P2) and a new phase (P1)
# --------------------------------------------------------------------------


@implements("R7", "X3", game="ocg")
def r7_both_passed(state: State, log: EventLog) -> State:
    """R7: both passed — TP must perform one of its mandatory processes, else
    NTP one of theirs, else the hand-size adjustment (R3) in the End Phase,
    the damage calculation during an attack (P1), the end of any other phase (P2)."""
    tp, ntp = state.turn_player, state.non_turn_player
    order = ((tp, "turn player"), (ntp, "non-turn player"))
    holding = [entry for entry in order if state.holds_mandatory(entry[0])]
    if len(holding) == 2 and not state.ruleset.turn_player_forced_first:  # (read only where it can matter)
        holding.reverse()  # the reversal: the non-turn player's mandatory processes first
    if holding:
        player, role = holding[0]
        notes = state.tables.notes
        note = notes.get((player, role))
        if note is None:
            note = notes[(player, role)] = Note(
                "R7", f"both passed: the {role} ({player}) must perform one of its mandatory processes")
        log[1].append(note)
        return state.to_step(STEP_FORCED, None, player)
    if state.phase is PHASE_END:
        if state.adjusted:  # H1 reversed: both passed in the window after the adjustment
            return h4_or_turn_end(state, log)
        return r3_adjustment(state, log)
    if state.attacker >= 0:
        log[1].append(Note("P1", "both passed: the Damage Step — no priority at damage calculation"))
        return evolved(state, step=Step.DAMAGE, priority=None, passes=0, forced=None, after_chain=None)
    temporary = p2_temporary_pass(state, log)
    if temporary is not None:
        return temporary
    return p2_phase_ends(state, log)


P2_MARK = -1
"""The source of the marker in ``done`` for a phase whose first double pass
did not end it (the reversal of P2)."""


def p2_temporary_pass(state: State, log: EventLog) -> State | None:
    """P2 reversed (``phase_ends_on_both_passing`` False): the first time both
    pass in a phase, the turn player's pass was only "for the moment" and the
    phase goes on with its priority; None under the rules as they are."""
    if state.ruleset.phase_ends_on_both_passing:
        return None
    mark = (P2_MARK, f"p2:{state.phase.value}")
    if mark in state.done:
        return None
    log[1].append(Note("P2", f"reversed: {state.turn_player}'s pass was not meant as a move on — "
                             f"{phase_named(state.phase)} goes on with {state.turn_player}'s priority"))
    return evolved(state, done=state.done | {mark}, step=Step.OPEN, priority=state.turn_player, passes=0,
                 forced=None, after_chain=None)


@implements("R3", game="ocg")
def r3_adjustment(state: State, log: EventLog) -> State:
    """R3: no mandatory process left and both passed — the hand-size
    adjustment, at the very end; processes not performed are gone."""
    board = Board(state, Cause.ADJUSTMENT, by_effect=False)
    for proc in state.pending:
        board.done.add(proc.pid)
        log[1].append(Note("R3", f"{proc.label}: optional process not performed before the adjustment — gone"))
    state = board.freeze(pending=(), done=frozenset(board.done), passes=0, priority=None)
    if r1_excess(state) > 0:
        log[1].append(Note("R1", f"{state.turn_player} holds {state.hand_size(state.turn_player)} cards: "
                                 f"must discard {r1_excess(state)} (all at once, R2)"))
        return evolved(state, step=Step.ADJUST, forced=state.turn_player)
    log[1].append(Note("R1", f"hand-size adjustment: {state.turn_player} holds "
                             f"{count(state.hand_size(state.turn_player), 'card')}, nothing to discard"))
    return advance(r2_discard(state, Discard(()), log), log)


NEXT_PHASE: dict[Phase, Phase] = {
    Phase.DRAW: Phase.STANDBY,
    Phase.STANDBY: Phase.MAIN1,
    Phase.BATTLE: Phase.MAIN2,
    Phase.MAIN2: Phase.END,
}
"""The phase that follows each phase (after Main Phase 1 the turn player chooses, P3)."""


@implements("P2", game="ocg")
def p2_phase_ends(state: State, log: EventLog) -> State:
    """P2 (11/12/22, 12/10/04): both players passed with no mandatory process
    left — the phase ends, whatever the turn player meant by its pass;
    optional processes not performed in it are gone.  After Main Phase 1 the
    turn player now chooses the next phase (P3)."""
    title = phase_named(state.phase)
    log[1].append(Note("P2", f"both players passed: {title} ends"))
    for proc in state.pending:
        log[1].append(Note("P2", f"{proc.label}: optional process not performed in {title} — gone"))
    if state.phase is Phase.MAIN1 and p3_declaration_names_phase(state):
        named = p3_named_phase(state)
        log[1].append(Note("P3", f"reversed: {state.turn_player}'s declaration named {phase_named(named)}; it begins"))
        return p_enter_phase(state, named, log)
    if state.phase is Phase.MAIN1:
        log[1].append(Note("P3", f"{state.turn_player} now chooses the Battle Phase or the End Phase (08/07/14, 12/08/01)"))
        return evolved(state, step=Step.NEXT_PHASE, pending=(), priority=None, forced=None, passes=0,
                     after_chain=None)
    return p_enter_phase(state, NEXT_PHASE[state.phase], log)


def p3_declaration_names_phase(state: State) -> bool:
    """P3 reversed (``next_phase_chosen_after_passes`` False): the turn
    player's declaration to leave Main Phase 1 names the next phase."""
    return state.phase is Phase.MAIN1 and not state.ruleset.next_phase_chosen_after_passes


_P3_BATTLE = (P2_MARK, "p3:battle")
"""The marker in ``done`` of a declaration that named the Battle Phase (P3 reversed)."""


def p3_named_phase(state: State) -> Phase:
    """The phase the turn player's last declaration named (P3 reversed): the
    Battle Phase when it said so, else the End Phase."""
    return Phase.BATTLE if _P3_BATTLE in state.done else Phase.END


def p3_name_phase(state: State, phase: Phase) -> State:
    """Remember the phase a declaration named (P3 reversed)."""
    done = state.done - {_P3_BATTLE}
    return evolved(state, done=done | {_P3_BATTLE} if phase is Phase.BATTLE else done)


@implements("P1", "P2b", game="ocg")
def p_enter_phase(state: State, phase: Phase, log: EventLog) -> State:
    """A new phase begins: the turn player holds priority, the processes of
    that phase are pending (R6 as in the End Phase, P2b)."""
    fresh = evolved(state, phase=phase, step=Step.OPEN, pending=(), done=frozenset(), priority=state.turn_player,
                  passes=0, forced=None, after_chain=None, declared=False, attacker=-1)
    board = Board(fresh, Cause.END_PHASE)
    board.record(board.tables.event(EventKind.PHASE_STARTED, player=state.turn_player, detail=phase.value))
    pending = r6_sync_processes(board, (), adjusted=False)
    log[1].append(Note("P1", f"{phase_named(phase)} begins: {state.turn_player} holds priority"))
    flush_events(board, log)
    return advance(board.freeze(pending=pending), log)


# --------------------------------------------------------------------------
# The video games (V1, V2)
# --------------------------------------------------------------------------


@implements("V1", game="ocg")
def v1_system_process(state: State, log: EventLog) -> State | None:
    """V1: under a ruleset with a ``process_order`` (the video games) the
    system deals with the first pending process before any open game state:
    its controller performs it (or declines an optional one).  An optional
    process that cannot be performed when the system reaches it is passed by
    and gone.  None when the players order their own processes or nothing is
    pending."""
    while True:
        head = system_head(state)
        if head is None:
            return None
        if head.mandatory or process_choices(state, head) is not None:
            return evolved(state, step=Step.FORCED, forced=head.controller, priority=None, passes=0)
        why = "negated (R8)" if r8_negated(state, head) else "its condition or cost cannot be met"
        log[1].append(Note("V1", f"{head.label}: the system passes it by — {why}"))
        state = evolved(state, pending=tuple(p for p in state.pending if p.pid != head.pid),
                      done=state.done | {head.pid})


@implements("V1", game="ocg")
def v1_decline(state: State, log: EventLog) -> State:
    """V1: the controller declines the optional process the system reached; it is gone."""
    head = system_head(state)
    assert head is not None and not head.mandatory
    log[1].append(Note("V1", f"{head.label}: declined when the system reached it — gone"))
    nxt = evolved(state, pending=tuple(p for p in state.pending if p.pid != head.pid), done=state.done | {head.pid},
                forced=None, passes=0)
    return advance(nxt, log)


@implements("V2", game="ocg")
def v2_moves_on(state: State, log: EventLog) -> State:
    """V2: in the video games, once the chain that answered the turn player's
    declaration has resolved, the game moves on as if both had passed: the
    optional processes of the phase are gone, mandatory ones are still done
    (R7), then the phase ends."""
    log[1].append(Note("V2", f"the chain answered {state.turn_player}'s declaration to move on: under this ruleset "
                             f"the game moves on — priority does not return to {state.turn_player}"))
    dropped = tuple(p for p in state.pending if not p.mandatory)
    for proc in dropped:
        log[1].append(Note("V2", f"{proc.label}: optional process not offered — the game moved on"))
    kept = tuple(p for p in state.pending if p.mandatory)
    return r7_both_passed(evolved(state, declared=False, passes=0, after_chain=None, priority=None, pending=kept,
                                done=state.done | {p.pid for p in dropped}), log)
