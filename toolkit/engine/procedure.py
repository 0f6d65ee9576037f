"""The End Phase procedure: ``legal_actions`` and ``apply``.

Each rule of the spec (END_PHASE_RULES.md §1–§4) is implemented once, in a
function named after it:

======  ==================================================================
R1      :func:`r1_excess` — hand limit 6; how many cards must go
R2      :func:`r2_discard_choices`, :func:`r2_discard` — the whole excess at once
R3      :func:`r3_adjustment` — the adjustment comes last, once nothing
        mandatory is left and both passed
R4      :func:`r4_expiry_processes` — "until the End Phase" ends by a process;
        "until the end of the turn" ends with the turn (``durations.expire``)
R5      :func:`r5_quick_effects`, :func:`r5_resolve_chain` — processes one at a
        time, chains only for activations and responses (spell speed 2+)
R6      :func:`r6_sync_processes` — which processes are pending (six kinds)
R7      :func:`r7_pass`, :func:`r7_both_passed`, :func:`r7_priority_after_process`
R8      :func:`r8_negated` — negated optional effects are not offered; negated
        mandatory ones are performed and resolve as negated (seed 003)
H1      :func:`h1_responses_allowed` — after the adjustment only chaining to a
        trigger it caused
H2      :func:`h2_adjustment_trigger_allowed` (flag ``adjustment_triggers_activate``)
H3      :func:`h3_chained_trigger_allowed` (flag ``post_adjustment_chained_triggers``)
H4      :func:`h4_readjust` — the hand grew: adjust again
H5      :func:`h5_end_phase_trigger_allowed` (flag ``end_phase_triggers_after_adjustment``)
E1      :func:`e1_turn_end` — durations end, continuous effects apply, triggers
        only under flag ``turn_end_triggers_activate``
X1      :func:`x1_card_text` — dated card texts (the 2014-07-10 errata)
X2      the card data: control changes and temporary banishment keep End
        Phase timing (UNTIL_END_PHASE in every text version)
X3      follows from R7 + R8 with pre-errata texts (12/09/16, 12/09/21, 13/02/14)
X4      :func:`x4_process_choices` — the player orders their processes; under
        a video-game ruleset the system does (V1)
P1      :func:`r7_pass` (the turn player's pass is its declaration to move
        on), :func:`p1_phase_continues` (an answer to it keeps the phase
        open), :func:`p1_damage_calculation` (no window there)
P2      :func:`p2_phase_ends` — both passed with nothing left: the phase ends
P3      :func:`p3_next_phase_choices` — after Main Phase 1 the turn player
        picks the Battle or the End Phase, after both passed
V1      :func:`v1_system_process` — the system takes the first pending
        process in the ruleset's ``process_order`` (video_game.py)
V2      :func:`v2_moves_on` — after a response to the declaration the game
        moves on as if both had passed (ruleset flag
        ``phase_continues_after_response`` False)
======  ==================================================================

Phases other than the End Phase (seed 002) follow the same procedure: the
turn player holds priority at the start, its pass is the declaration to move
on, the processes of the phase (e.g. 《黄泉ガエル》's in the Standby Phase) are
performed as in the End Phase (P2b), and both passing with no mandatory
process left ends the phase.  Only the turn player's game actions that the
seed examples need are modelled: changing a monster's battle position in a
Main Phase and a direct attack in the Battle Phase (its damage calculation
has no priority window).  In the End Phase the traces keep their R7 wording
(the turn-end declaration is the turn player's pass).

A transition never mutates its input; :func:`transition` also returns the
events of the step and notes (rule, text) — including what the rules withheld,
e.g. "optional trigger not offered: hand already adjusted (H5)".

Modelling choices the seeds do not settle (each is in one function):

* after an activation or response the *opponent* of the activating player
  gets priority first; the activating player may still chain after the
  opponent passes, and two passes in succession resolve the chain
  (:func:`transition`, ``Step.CHAIN``).  A chain nobody can answer resolves
  at once, with no pass steps (:func:`_nobody_can_respond`);
* after a chain started by a quick effect at open game state resolves, the
  turn player holds priority (P1); after one started by a process, the
  R7 flag decides (:func:`r7_priority_after_process`);
* simultaneous triggers build one chain: TP's mandatory, NTP's mandatory,
  TP's optional, NTP's optional (:func:`r5_trigger_placer`); triggers met by
  a cost wait until the chain being built has resolved;
* after the adjustment there is no open game state: only FORCED processes
  (H5-era), trigger chains (H2/H3) with responses to them (H1), a second
  adjustment (H4) and the end of the turn; as the turn ends nothing may
  respond to a turn-end trigger (the 15/10/26 question was 「調整中」);
* a trigger whose condition says "when" is not modelled as missing its
  timing; effects resolve with their "up to" choices maximised.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import combinations
from operator import attrgetter

from toolkit.engine.actions import (
    Action,
    Activate,
    Attack,
    ChangePosition,
    Discard,
    EnterPhase,
    Pass,
    Perform,
    Proceed,
    Respond,
)
from toolkit.engine.board import Board
from toolkit.engine.cards import behaviour, text_at
from toolkit.engine.cards.base import (
    NO_CHOICE,
    Activation,
    CardText,
    CardType,
    Choice,
    ContinuousKind,
    EndPhaseEffect,
    LingeringEffect,
    QuickEffect,
    Scope,
    Trigger,
)
from toolkit.engine.durations import Lingering
from toolkit.engine.errors import IllegalActionError
from toolkit.engine.game import Note, Transition
from toolkit.engine.state import PHASE_TITLES, Cause, Link, Phase, State, Step, WaitingTrigger
from toolkit.engine.video_game import system_head
from toolkit.engine.values import (
    Card,
    Event,
    EventKind,
    Position,
    Process,
    ProcessKind,
    Zone,
    other,
)

__all__ = [
    "Note",
    "Transition",
    "apply",
    "begin",
    "explain",
    "iter_actions",
    "legal_actions",
    "transition",
    "withheld",
]


_Log = tuple[list[Event], list[Note]]

# --------------------------------------------------------------------------
# Card texts and process lookups
# --------------------------------------------------------------------------


def x1_card_text(state: State | Board, card: Card) -> CardText:
    """X1: the text version of ``card`` in force at the ruleset's date."""
    return state.tables.text_of(card.name)


def _lingering_effect(state: State | Board, item: Lingering) -> LingeringEffect | None:
    return state.tables.text_of(item.source).lingering_effect(item.effect)


def _find_lingering(state: State, process: Process) -> Lingering | None:
    for item in state.lingering:
        if item.target == process.source and process.key in (item.key, "end:" + item.key):
            return item
    return None


def _end_phase_effect(state: State, process: Process) -> EndPhaseEffect | None:
    if process.source < 0:
        return None
    found = state.tables.effect_named(state.cards[process.source].name, process.key)
    return found if isinstance(found, EndPhaseEffect) else None


# --------------------------------------------------------------------------
# R4 / R6: which processes are pending
# --------------------------------------------------------------------------


def r4_expiry_processes(board: Board) -> dict[tuple[int, str], Process]:
    """R4 (R6 kinds 3 and 5): processes that lingering effects create —
    the expiry of each UNTIL_END_PHASE effect, and lingering actions (End Phase only)."""
    found: dict[tuple[int, str], Process] = {}
    if board.phase is not Phase.END:
        return found
    for item in board.lingering:
        effect = _lingering_effect(board, item)
        if effect is None:
            continue
        target = board.cards[item.target].shown() if item.target >= 0 else ""
        on = f" on {target}" if target else ""
        if item.duration.has_expiry_process:
            pid = (item.target, "end:" + item.key)
            if pid not in board.done:
                found[pid] = Process(item.target, "end:" + item.key, item.controller, ProcessKind.DURATION_END,
                                     True, False, f"{item.source}: end {effect.label or item.effect}{on}",
                                     lingering=True)
        if effect.process is not None:
            pid = (item.target, item.key)
            if pid not in board.done:
                found[pid] = Process(item.target, item.key, item.controller, ProcessKind.LINGERING,
                                     effect.process.mandatory, effect.process.chain_link,
                                     f"{item.source}: {effect.process.label}{on}", lingering=True)
    return found


_PROCESS_ORDER = attrgetter("controller", "source", "key")
"""How R6 lists the pending processes: by controller, then card (uid), then effect key."""


def r6_sync_processes(board: Board, pending: tuple[Process, ...], adjusted: bool) -> tuple[Process, ...]:
    """R6: the pending End Phase processes after a change.

    A card's process appears when its ``applies`` starts to hold (after the
    adjustment only as H5 allows) and disappears when it stops holding before
    being done — "unless its card left".
    """
    current = {p.pid: p for p in pending}
    new: dict[tuple[int, str], Process] = {}
    tables = board.tables
    by_phase = tables.end_phase
    local = tables.end_phase_local
    phase: str = board.phase  # processes of other phases are not looked at (P2b); a StrEnum: keys as its value
    applying = tables.applying(board.turn_player, phase)
    done = board.done
    cards = board.cards
    for uid in tables.end_phase_uids:
        card = cards[uid]
        if card.zone is Zone.DECK:
            continue
        found = applying.get(card)  # the processes whose condition holds, each as it would be created
        if found is None:
            key = (card.name, phase)
            found = tuple(
                ((uid, e.key), e, Process(uid, e.key, card.controller, e.process_kind, e.mandatory, e.chain_link,
                                          f"{card.shown()}: {e.key}"))
                for e in by_phase.get(key, ())
                if (key in local or (uid, e.key) not in done) and e.applies(card, board))  # type: ignore[arg-type]
            if key in local:  # the conditions read the card and the turn player only: asked once per card
                applying[card] = found
        for pid, eff, created in found:
            if pid in done:
                continue
            known = current.get(pid)
            if known is not None:
                new[pid] = known if known.controller == card.controller else replace(known, controller=card.controller)
                continue
            if adjusted and not h5_end_phase_trigger_allowed(board, card, eff):
                board.done.add(pid)
                continue
            new[pid] = created
    for pid, proc in r4_expiry_processes(board).items():
        new[pid] = current.get(pid, proc)
    for pid, proc in current.items():
        if pid not in new and proc.source >= 0 and not proc.lingering:
            board.note("R6", f"{proc.label}: no longer pending ({board.cards[proc.source].shown()} left or its condition ended)")
    return tuple(sorted(new.values(), key=_PROCESS_ORDER))


def _state_checks(board: Board) -> None:
    """Self-destructs that need no chain link (e.g. Farfa (1)) happen as soon as they apply."""
    if ContinuousKind.SELF_DESTRUCT not in board.kinds:
        return
    for _ in range(len(board.cards) + 1):
        victim = None
        for card in board.cards:
            if card.zone is not Zone.FIELD or board.is_negated(card.uid):
                continue
            for eff in x1_card_text(board, card).continuous:
                if eff.kind is ContinuousKind.SELF_DESTRUCT and eff.condition is not None \
                        and eff.active(card, board) and eff.condition(card, board):  # type: ignore[arg-type]
                    victim = card
                    break
            if victim is not None:
                break
        if victim is None:
            return
        board.note("continuous", f"{victim.shown()} destroys itself (no chain link)")
        saved = (board.source, board.by_effect)
        board.source, board.by_effect = victim.uid, True
        board.destroy(victim.uid)
        board.source, board.by_effect = saved


# --------------------------------------------------------------------------
# Triggers and the H rules
# --------------------------------------------------------------------------


def h2_adjustment_trigger_allowed(board: Board, label: str) -> bool:
    """H2: triggers whose condition the adjustment met may be activated
    (flag ``adjustment_triggers_activate``: False before 2008-08-03)."""
    if board.ruleset.adjustment_triggers_activate:
        return True
    board.note("H2", f"{label}: not activated — triggers met by the hand-size adjustment could not be "
                     f"activated under these rules (before 2008-08-03)")
    return False


def h3_chained_trigger_allowed(board: Board, label: str) -> bool:
    """H3: effects triggered by the resolution of post-adjustment triggers
    (or of effects chained to them) cannot be activated (23/01/16); flag
    ``post_adjustment_chained_triggers`` reverses it before that date."""
    if board.ruleset.post_adjustment_chained_triggers:
        return True
    board.note("H3", f"{label}: not activated — triggered by the resolution of an effect activated "
                     f"after the hand-size adjustment (23/01/16)")
    return False


def h5_end_phase_trigger_allowed(board: Board, card: Card, eff: EndPhaseEffect) -> bool:
    """H5: 「エンドフェイズ時」 processes that arise after the adjustment are not
    activated — mandatory ones were until 2016-07-08 (flag
    ``end_phase_triggers_after_adjustment``: Hysteric Sign, yes on 13/03/30,
    no on 16/07/08). Optional ones are not offered on any date: the two the
    sources ask about, Manticore (13/03/30) and T.G. Striker (15/01/17), were
    answered no."""
    label = f"{card.shown()}: {eff.key}"
    if not eff.mandatory:
        board.note("H5", f"{label}: optional 「エンドフェイズ時」 effect not offered — hand already adjusted "
                         f"(never allowed: Manticore 13/03/30, TG Striker 15/01/17)")
        return False
    if board.ruleset.end_phase_triggers_after_adjustment:
        board.note("H5", f"{label}: mandatory 「エンドフェイズ時」 effect still activates after the "
                         f"adjustment under these rules (before 2016-07-08)")
        return True
    board.note("H5", f"{label}: mandatory 「エンドフェイズ時」 effect not activated — hand already adjusted (16/07/08)")
    return False


def e1_trigger_allowed(board: Board, label: str) -> bool:
    """E1: as the turn ends, no trigger can be activated (flag
    ``turn_end_triggers_activate`` reverses it before 2017-03)."""
    if board.ruleset.turn_end_triggers_activate:
        board.note("E1", f"{label}: may be activated as the turn ends (before 2017-03; the next Draw Phase waits)")
        return True
    board.note("E1", f"{label}: not activated — the turn has ended (2017-03 FAQ; 17/10/26)")
    return False


def collect_triggers(board: Board, cause: Cause, start: int = 0) -> tuple[WaitingTrigger, ...]:
    """Triggers met by the happenings since ``start``, filtered by R8/H2/H3/E1."""
    watched = board.trigger_events
    happenings = [h for h in board.happenings[start:] if h.kind in watched]
    if not happenings:
        return ()
    found: dict[tuple[int, str], tuple[Card, Trigger, list[int]]] = {}
    for h in happenings:
        for card in board.cards:
            if card.zone is Zone.DECK:
                continue
            for trig in x1_card_text(board, card).triggers:
                if h.kind not in trig.on or card.zone not in trig.zones:
                    continue
                if trig.scope is Scope.SELF and h.uid != card.uid:
                    continue
                if card.zone is Zone.FIELD and trig.face_up_required and not card.on_field_face_up:
                    continue
                if trig.condition is not None and not trig.condition(card, h, board):  # type: ignore[arg-type]
                    continue
                slot = (card.uid, trig.key)
                if slot in found:
                    if h.uid >= 0 and h.uid not in found[slot][2]:
                        found[slot][2].append(h.uid)
                else:
                    found[slot] = (card, trig, [h.uid] if h.uid >= 0 else [])
    result: list[WaitingTrigger] = []
    for (uid, key), (card, trig, subjects) in sorted(found.items()):
        label = f"{card.shown()}: {trig.key}"
        if card.zone is Zone.FIELD and board.is_negated(uid):
            board.note("R8", f"{label}: not activated — the card is negated")
            continue
        if trig.can_activate is not None and not trig.can_activate(card, board):  # type: ignore[arg-type]
            board.note("R5", f"{label}: cannot be activated now (its condition or cost cannot be met)")
            continue
        if cause is Cause.ADJUSTMENT and not h2_adjustment_trigger_allowed(board, label):
            continue
        if cause is Cause.AFTER_ADJUSTMENT and not h3_chained_trigger_allowed(board, label):
            continue
        if cause is Cause.TURN_END and not e1_trigger_allowed(board, label):
            continue
        result.append(WaitingTrigger(uid, key, card.controller, trig.mandatory, label, cause, tuple(subjects)))
    return tuple(result)


def _settle(board: Board, state: State, cause: Cause, adjusted: bool, mark: int = 0,
            pending: tuple[Process, ...] | None = None) -> tuple[tuple[Process, ...], tuple[WaitingTrigger, ...]]:
    base = state.pending if pending is None else pending
    if not board.touched and not board.happenings and adjusted == state.adjusted:
        return base, ()  # nothing moved: the pending processes cannot have changed
    _state_checks(board)
    waiting = collect_triggers(board, cause, mark)
    if state.phase is Phase.TURN_END:
        return (), waiting
    return r6_sync_processes(board, base, adjusted), waiting


# --------------------------------------------------------------------------
# Legal actions
# --------------------------------------------------------------------------


def r8_negated(state: State, process: Process) -> bool:
    """R8: the card the process belongs to is negated (an optional process is
    then not offered; a mandatory one is performed and resolves as negated)."""
    if process.lingering or process.source < 0 or not state.lingering:
        return False  # nothing lingers: nothing negates
    eff = _end_phase_effect(state, process)
    card = state.card(process.source)
    return eff is not None and eff.activates and card.zone is Zone.FIELD and state.is_negated(card.uid)


def _process_choices(state: State, process: Process) -> Iterator[Choice] | None:
    """The choices to perform ``process``, or None when it cannot be performed now."""
    if process.lingering:
        return iter((NO_CHOICE,))
    eff = _end_phase_effect(state, process)
    if eff is None:
        return None
    card = state.card(process.source)
    if not process.mandatory:
        if r8_negated(state, process):
            return None
        if eff.can_perform is not None and not eff.can_perform(card, state):
            return None
    if eff.choices is None:
        return iter((NO_CHOICE,))
    choices = list(eff.choices(card, state, ()))
    if not choices and not process.mandatory:
        return None
    return iter(choices or [NO_CHOICE])


def _labels(state: State, uids: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(state.card(u).shown() for u in uids)


def _target_label(state: State, choice: Choice) -> str | None:
    if not choice.targets:
        return None
    return ", ".join(_labels(state, choice.targets))


def x4_process_choices(state: State, candidates: Iterable[Process]) -> tuple[Process, ...]:
    """X4 / R5 (12/05/05, 13/03/24): the player orders their own processes
    freely, chain link or not.  Under a ruleset with a ``process_order`` (the
    video games, V1) only the process the system reached may be performed."""
    if state.ruleset.process_order is None:
        return tuple(candidates)
    head = system_head(state)
    return tuple(p for p in candidates if head is not None and p.pid == head.pid)


def _performs(state: State, player: str | None, *, only_mandatory: bool) -> Iterator[Perform]:
    own = [p for p in state.pending if p.controller == player and (p.mandatory or not only_mandatory)]
    if not own:
        return
    made = state.tables.performs
    for process in x4_process_choices(state, own):
        choices = _process_choices(state, process)
        if choices is None:
            continue
        for choice in choices:
            if choice.targets or choice.cost:
                yield Perform(process.label, target=_target_label(state, choice),
                              cost=_labels(state, choice.cost), ref=process.pid, choice=choice)
                continue
            action = made.get(process)  # nothing to choose: the same action in every position
            if action is None:
                action = made[process] = Perform(process.label, ref=process.pid, choice=choice)
            yield action


def h1_responses_allowed(state: State) -> bool:
    """H1: after the adjustment no quick effect may be activated, except
    chained to a trigger effect (12/08/08: Grimoire, Dandelion).  As the
    turn ends (E1) nothing may respond (15/10/26 was 「調整中」: our choice)."""
    if state.phase is Phase.TURN_END:
        return False
    if not state.adjusted:
        return True
    return bool(state.chain) and state.chain[0].cause in (Cause.ADJUSTMENT, Cause.AFTER_ADJUSTMENT)


def _in_chain(state: State, uid: int) -> bool:
    return any(link.source == uid and link.card_activation for link in state.chain)


def r5_quick_effects(state: State, player: str | None, *, responding: bool) -> Iterator[Activate | Respond]:
    """R5 / R6 kind 6: quick effects ``player`` may activate now (spell speed
    2+, and at least the speed of the link responded to)."""
    if player is None:
        return
    quick_names = state.tables.quick_names
    if not quick_names:
        return  # no card of the position has a quick effect
    if responding:
        if not h1_responses_allowed(state):
            return
    elif state.adjusted or state.phase in (Phase.TURN_END, Phase.OVER):
        return
    top = state.chain[-1] if (responding and state.chain) else None
    min_speed = max(2, top.speed) if top is not None else 2
    no_traps = state.phase is Phase.BATTLE and state.continuous_active(
        ContinuousKind.NO_OPPONENT_TRAPS_IN_BATTLE, other(player))
    cards = state.cards
    for uid in state.tables.quick_uids:
        card = cards[uid]
        if card.controller != player or card.zone in (Zone.DECK,):
            continue
        if no_traps and behaviour(card.name).card_type is CardType.TRAP:
            continue  # 《漆黒の戦士 ワーウルフ》: no Traps for its opponent in the Battle Phase
        for q in x1_card_text(state, card).quick:
            if card.zone not in q.zones or q.spell_speed < min_speed:
                continue
            if card.zone is Zone.FIELD:
                if q.card_activation and (card.position not in (Position.SET, Position.FACE_DOWN)
                                          or "set_this_turn" in card.tags):
                    continue
                if not q.card_activation and not card.on_field_face_up:
                    continue
                if state.lingering and behaviour(card.name).is_monster and state.is_negated(card.uid):
                    continue
            if q.card_activation and _in_chain(state, card.uid):
                continue
            if q.responds_to is not None and (top is None or not q.responds_to(card, state, top)):
                continue
            if q.can_activate is not None and not q.can_activate(card, state):
                continue
            choices = list(q.choices(card, state, ())) if q.choices is not None else [NO_CHOICE]
            kind = Respond if responding else Activate
            label = card.shown() if q.card_activation else f"{card.shown()}: {q.key}"
            for choice in choices:
                yield kind(label, target=_target_label(state, choice), cost=_labels(state, choice.cost),
                           ref=(card.uid, q.key), choice=choice)


def r5_trigger_placer(state: State) -> tuple[str, bool]:
    """R5 (simultaneous triggers build one chain): who puts triggers on the
    chain now, and whether it is their mandatory ones — TP's mandatory, NTP's
    mandatory, TP's optional, NTP's optional."""
    tp, ntp = state.turn_player, state.non_turn_player
    for player, mandatory in ((tp, True), (ntp, True), (tp, False), (ntp, False)):
        if any(w.controller == player and w.mandatory == mandatory for w in state.waiting):
            return player, mandatory
    return tp, False


def _trigger_activations(state: State) -> Iterator[Activate]:
    _player, mandatory = r5_trigger_placer(state)
    for w in state.waiting:
        if w.controller != state.forced or w.mandatory != mandatory:
            continue
        card = state.card(w.source)
        trig = state.tables.effect_named(card.name, w.key)
        if not isinstance(trig, Trigger):
            continue
        choices = list(trig.choices(card, state, w.subjects)) if trig.choices is not None else [NO_CHOICE]
        for choice in choices:
            yield Activate(w.label, target=_target_label(state, choice), cost=_labels(state, choice.cost),
                           ref=(w.source, w.key), choice=choice)


def r1_excess(state: State) -> int:
    """R1: how many cards the turn player must discard (hand limit 6)."""
    return max(0, state.hand_size(state.turn_player) - state.ruleset.hand_limit)


def r2_discard_choices(state: State) -> Iterator[Discard]:
    """R2: every distinct multiset of ``r1_excess`` cards (discarded at once)."""
    k = r1_excess(state)
    tp = state.turn_player
    named = [c for c in state.cards if c.zone is Zone.HAND and c.controller == tp]
    unnamed = state.anonymous[0 if tp == "A" else 1][1]
    pool: list[tuple[str, int]] = [(c.name, c.uid) for c in named] + [("(unnamed)", -1)] * unnamed
    seen: set[tuple[str, ...]] = set()
    for combo in combinations(range(len(pool)), k):
        names = tuple(pool[i][0] for i in combo)
        key = tuple(sorted(names))
        if key in seen:
            continue
        seen.add(key)
        yield Discard(names, ref=tuple(pool[i][1] for i in combo))


def iter_actions(state: State) -> Iterator[Action]:
    """The legal actions, lazily, in a fixed order (Pass first where legal)."""
    step = state.step
    if step is Step.OPEN:
        yield Pass()
        yield from _performs(state, state.priority, only_mandatory=False)
        yield from r5_quick_effects(state, state.priority, responding=False)
        yield from game_actions(state)
    elif step is Step.CHAIN:
        yield Pass()
        yield from r5_quick_effects(state, state.priority, responding=True)
    elif step is Step.FORCED:
        if state.ruleset.process_order is not None:
            head = system_head(state)
            if head is not None and not head.mandatory:
                yield Pass()
            yield from _performs(state, state.forced, only_mandatory=False)
        else:
            yield from _performs(state, state.forced, only_mandatory=True)
    elif step is Step.NEXT_PHASE:
        yield from p3_next_phase_choices(state)
    elif step is Step.DAMAGE:
        yield Proceed()
    elif step is Step.TRIGGERS:
        if not any(w.mandatory for w in state.waiting if w.controller == state.forced):
            yield Pass()
        yield from _trigger_activations(state)
    elif step is Step.ADJUST:
        yield from r2_discard_choices(state)
    elif step is Step.TURN_END:
        yield Proceed()


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action in ``state`` (empty when the turn is over)."""
    return tuple(iter_actions(state))


# --------------------------------------------------------------------------
# Applying actions
# --------------------------------------------------------------------------


def _with(state: State, **changes: object) -> State:
    return state.evolve(**changes)


def r7_priority_after_process(state: State, performer: str, *, forced: bool) -> str:
    """R7: who holds priority after a process — one ruleset flag (see the
    doubts recorded in ``rulesets.FLAG_HISTORY``); default: the performer."""
    rule = state.ruleset.priority_after_forced_process if forced else state.ruleset.priority_after_voluntary_process
    if rule == "turn_player":
        return state.turn_player
    if rule == "opponent":
        return other(performer)
    return performer


def r7_pass(state: State, log: _Log) -> State:
    """R7: the holder gives up priority; two passes in succession = both passed."""
    holder = state.priority or state.turn_player
    if holder == state.turn_player and state.phase is not Phase.END and state.attacker < 0:
        log[0].append(Event(EventKind.DECLARED, player=holder, detail=state.phase.value))
        log[1].append(Note("P1", f"{holder} declares the end of {_the(state.phase)}: the declaration "
                                 f"includes its pass; the phase ends only if {other(holder)} passes too"))
    if state.passes + 1 >= 2:
        log[1].append(Note("R7", f"{holder} passes: both players passed in succession"))
        return r7_both_passed(state, log)
    mandatory = state.pending_of(holder, mandatory=True)
    why = " (holding a mandatory process does not oblige doing it first, 19/10/26)" if mandatory else ""
    log[1].append(Note("R7", f"{holder} passes; priority to {other(holder)}{why}"))
    return _with(state, priority=other(holder), passes=state.passes + 1)


def r7_both_passed(state: State, log: _Log) -> State:
    """R7: both passed — TP must perform one of its mandatory processes, else
    NTP one of theirs, else the hand-size adjustment (R3) in the End Phase,
    the damage calculation during an attack (P1), the end of any other phase (P2)."""
    tp, ntp = state.turn_player, state.non_turn_player
    for player, role in ((tp, "turn player"), (ntp, "non-turn player")):
        if state.pending_of(player, mandatory=True):
            log[1].append(Note("R7", f"both passed: the {role} ({player}) must perform one of its mandatory processes"))
            return _with(state, step=Step.FORCED, forced=player, priority=None, passes=0)
    if state.phase is Phase.END:
        return r3_adjustment(state, log)
    if state.attacker >= 0:
        log[1].append(Note("P1", "both passed: the Damage Step — no priority at damage calculation"))
        return _with(state, step=Step.DAMAGE, priority=None, passes=0, forced=None, after_chain=None)
    return p2_phase_ends(state, log)


def r3_adjustment(state: State, log: _Log) -> State:
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
        return _with(state, step=Step.ADJUST, forced=state.turn_player)
    log[1].append(Note("R1", f"hand-size adjustment: {state.turn_player} holds "
                             f"{state.hand_size(state.turn_player)} cards, nothing to discard"))
    return _advance(r2_discard(state, Discard(()), log), log)


def r2_discard(state: State, action: Discard, log: _Log) -> State:
    """R2: the whole excess is discarded at once; then H2 triggers, H5."""
    tp = state.turn_player
    board = Board(state, Cause.ADJUSTMENT, by_effect=False)
    board.by_adjustment = True
    unnamed = 0
    for uid in action.ref:
        if uid < 0:
            unnamed += 1
        else:
            board.discard(uid)
    if unnamed:
        board.discard_unnamed(tp, unnamed)
    board.record(Event(EventKind.HAND_ADJUSTED, player=tp, amount=len(action.ref)))
    pending, waiting = _settle(board, state, Cause.ADJUSTMENT, True)
    _flush(board, log)
    return board.freeze(step=Step.OPEN, adjusted=True, pending=pending, waiting=state.waiting + waiting,
                        forced=None, priority=None, passes=0)


def h4_readjust(state: State, log: _Log) -> State | None:
    """H4 (08/08/03): after the adjustment the hand grew past the limit — adjust again."""
    if r1_excess(state) == 0:
        return None
    log[1].append(Note("H4", f"{state.turn_player}'s hand grew to {state.hand_size(state.turn_player)} after "
                             f"the adjustment: adjust again"))
    return _with(state, step=Step.ADJUST, forced=state.turn_player, priority=None, passes=0)


def _flush(board: Board, log: _Log) -> None:
    log[0].extend(board.events)
    log[1].extend(Note(rule, text) for rule, text in board.notes)
    board.events.clear()
    board.notes.clear()


def _cause(state: State) -> Cause:
    if state.phase is Phase.TURN_END:
        return Cause.TURN_END
    return Cause.AFTER_ADJUSTMENT if state.adjusted else Cause.END_PHASE


def _anyone_can_respond(state: State) -> bool:
    return not _nobody_can_respond(state)


def _advance(state: State, log: _Log) -> State:
    """Run the automatic parts until someone must decide."""
    for _ in range(10_000):
        if state.chain and state.step is Step.CHAIN:
            if state.passes >= 2 or not _anyone_can_respond(state):
                state = r5_resolve_chain(state, log)
                continue
            return state
        if state.waiting:
            placer, _mandatory = r5_trigger_placer(state)
            return _with(state, step=Step.TRIGGERS, forced=placer, priority=None, passes=0)
        if state.chain:
            state = _with(state, step=Step.CHAIN, priority=state.turn_player, passes=0, forced=None)
            continue
        if state.phase is Phase.TURN_END:
            log[1].append(Note("E1", "the turn ends; the next turn begins"))
            return _with(state, step=Step.OVER, phase=Phase.OVER, priority=None, forced=None, passes=0)
        if state.adjusted:
            system = v1_system_process(state, log)
            if system is not None:
                return system
            for player in (state.turn_player, state.non_turn_player):
                if state.pending_of(player, mandatory=True):
                    log[1].append(Note("H5", f"after the adjustment {player} must perform its mandatory process"))
                    return _with(state, step=Step.FORCED, forced=player, priority=None, passes=0)
            again = h4_readjust(state, log)
            if again is not None:
                return again
            return _with(state, step=Step.TURN_END, forced=None, priority=None, passes=0)
        if state.declared:
            return v2_moves_on(state, log)
        system = v1_system_process(state, log)
        if system is not None:
            return system
        holder = state.after_chain or state.turn_player
        return _with(state, step=Step.OPEN, priority=holder, passes=0, forced=None, after_chain=None)
    raise RuntimeError("the End Phase procedure did not settle")  # pragma: no cover


def begin(state: State) -> State:
    """The first decision point of a freshly built position (under a
    video-game ruleset the system may have a process to deal with first, V1)."""
    if state.ruleset.process_order is None or state.chain or state.waiting:
        return state
    return _advance(state, ([], []))


def _resolve_links(board: Board, state: State) -> None:
    """Resolve every link on ``board``'s chain, last first (R5, R8)."""
    while board.chain:
        link = board.chain[-1]
        card = board.cards[link.source] if link.source >= 0 else None
        board.source, board.by_effect = link.source, True
        negated_now = (  # nothing lingers: nothing negates (is_negated), no card lookup needed
            card is not None and bool(board.lingering) and card.zone is Zone.FIELD
            and behaviour(card.name).is_monster and board.is_negated(card.uid) and link.lingering is None
        )
        if link.negated or negated_now:
            board.record(Event(EventKind.NEGATED, card=link.name, player=link.controller, detail=link.key))
            board.note("R8", f"{link.label}: resolves as negated — nothing happens")
        else:
            resolve = _link_resolver(state, link)
            if resolve is not None and card is not None:
                resolve(board, Activation(card=board.cards[link.source], controller=link.controller, key=link.key,
                                          choice=link.choice, subjects=link.subjects, lingering=link.lingering))
            board.record(Event(EventKind.RESOLVED, card=link.name, player=link.controller, detail=link.key))
        board.chain.pop()
        board.touched = True
        if link.card_activation and link.source >= 0:
            now = board.cards[link.source]
            b = behaviour(now.name)
            if now.zone is Zone.FIELD and not b.is_monster and b.subtype not in ("continuous", "field", "equip"):
                board.source, board.by_effect = -1, False
                board.send_to_gy(now.uid)


def _nobody_can_respond(board: Board | State) -> bool:
    """No player has a legal response to the chain on ``board`` (R5, H1).

    A cheap pre-check first: ``r5_quick_effects`` offers a player nothing
    unless they control a card outside the decks that has a quick effect."""
    cards = board.cards
    tp = board.turn_player
    tp_holds = ntp_holds = False
    for uid in board.tables.quick_uids:
        card = cards[uid]
        if card.zone is not Zone.DECK:
            if card.controller == tp:
                tp_holds = True
            else:
                ntp_holds = True
    if tp_holds:
        for _ in r5_quick_effects(board, tp, responding=True):  # type: ignore[arg-type]
            return False
    if ntp_holds:
        for _ in r5_quick_effects(board, other(tp), responding=True):  # type: ignore[arg-type]
            return False
    return True


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


def _link_resolver(state: State, link: Link):  # type: ignore[no-untyped-def]
    if link.lingering is not None:
        effect = _lingering_effect(state, link.lingering)
        return effect.process.resolve if effect is not None and effect.process is not None else None
    card = state.card(link.source)
    found = state.tables.effect_named(card.name, link.key)
    return found.resolve if found is not None else None


_TYPE_NAME: dict[CardType, str] = {t: t.value for t in CardType}
"""A chain link's ``card_type`` (the plain string) of each card type."""


def _perform(state: State, action: Perform, *, forced: bool, log: _Log) -> State:
    ref = action.ref
    for process in state.pending:
        if process.pid == ref:
            break
    else:
        raise StopIteration  # pragma: no cover - the action was listed for this state
    performer = process.controller
    system = state.ruleset.process_order is not None
    # V1: after the system's processes the open game state starts with the turn player
    after = state.turn_player if system else r7_priority_after_process(state, performer, forced=forced)
    cause = _cause(state)
    board = Board(state, cause, source=process.source)
    pending = tuple(p for p in state.pending if p.pid != process.pid)
    board.done.add(process.pid)
    if process.lingering:
        item = _find_lingering(state, process)
        if item is not None:
            effect = _lingering_effect(state, item)
            board.record(Event(EventKind.PERFORMED, card=item.source, player=performer, detail=process.key))
            if process.kind is ProcessKind.LINGERING and effect is not None and effect.process is not None:
                target = board.cards[item.target] if item.target >= 0 else Card(-1, item.source, performer, performer, Zone.GY)
                if effect.process.chain_link:
                    board.chain.append(Link(item.target, item.source, process.label, item.key, performer, 1, cause,
                                            lingering=item))
                    board.record(Event(EventKind.ACTIVATED, card=item.source, player=performer, detail=process.key))
                else:
                    effect.process.resolve(board, Activation(card=target, controller=performer, key=item.key,
                                                             lingering=item))
                    board.end_lingering(item)
            else:
                board.end_lingering(item)
    else:
        card = state.card(process.source)
        eff = _end_phase_effect(state, process)
        assert eff is not None
        negated = r8_negated(state, process)
        if process.chain_link:
            if eff.cost is not None:
                board.by_effect = False
                eff.cost(board, Activation(card=card, controller=performer, key=process.key, choice=action.choice))
                board.by_effect = True
            board.chain.append(Link(card.uid, card.name, process.label, process.key, performer, 1, cause,
                                    choice=action.choice, card_type=_TYPE_NAME[behaviour(card.name).card_type],
                                    process=process.pid, negated=negated))
            board.record(Event(EventKind.ACTIVATED, card=card.name, player=performer, detail=process.key))
            if negated:
                log[1].append(Note("R8", f"{process.label}: mandatory, so it is performed although negated"))
        else:
            act = Activation(card=card, controller=performer, key=process.key, choice=action.choice)
            if eff.cost is not None:
                board.by_effect = False
                eff.cost(board, act)
                board.by_effect = True
            board.record(Event(EventKind.PERFORMED, card=card.name, player=performer, detail=process.key))
            if negated and eff.activates:
                board.record(Event(EventKind.NEGATED, card=card.name, player=performer, detail=process.key))
                log[1].append(Note("R8", f"{process.label}: performed while negated — nothing happens"))
            else:
                eff.resolve(board, act)
    if board.chain and not state.chain and _nobody_can_respond(board):
        _resolve_links(board, state)  # R5: no one can respond — the link resolves at once
    pending, waiting = _settle(board, state, cause, state.adjusted, pending=pending)
    _flush(board, log)
    if not board.chain and not waiting and not state.waiting and not state.adjusted and state.phase is Phase.END \
            and not system:
        # nothing automatic follows: straight back to the open game state (R7)
        return board.freeze(pending=pending, passes=0, forced=None, step=Step.OPEN, priority=after,
                            after_chain=None)
    nxt = board.freeze(pending=pending, waiting=state.waiting + waiting, passes=0, forced=None,
                       step=Step.CHAIN if board.chain else Step.OPEN,
                       priority=other(performer) if board.chain else None, after_chain=after)
    return _advance(nxt, log)


def _activate_quick(state: State, action: Activate | Respond, *, responding: bool, log: _Log) -> State:
    player = state.priority or state.turn_player
    uid, key = action.ref
    card = state.card(uid)
    q = state.tables.effect_named(card.name, key)
    assert isinstance(q, QuickEffect)
    cause = _cause(state)
    board = Board(state, cause, by_effect=False, source=uid)
    if q.card_activation and card.zone is Zone.HAND:
        board.cards[uid] = replace(card, zone=Zone.FIELD, position=Position.FACE_UP, controller=player)
    elif q.card_activation and card.zone is Zone.FIELD:
        board.cards[uid] = replace(card, position=Position.FACE_UP)
    act = Activation(card=board.cards[uid], controller=player, key=key, choice=action.choice)
    if q.cost is not None:
        q.cost(board, act)
    b = behaviour(card.name)
    board.chain.append(Link(uid, card.name, action.effect, key, player, q.spell_speed, cause, choice=action.choice,
                            card_activation=q.card_activation, card_type=_TYPE_NAME[b.card_type]))
    board.record(Event(EventKind.ACTIVATED, card=card.name, player=player, detail=key))
    pending, waiting = _settle(board, state, cause, state.adjusted)
    _flush(board, log)
    after = state.after_chain if responding else state.turn_player
    answers = not responding and _answers_declaration(state, player)
    if answers and state.phase is not Phase.END and state.ruleset.phase_continues_after_response:
        log[1].append(Note("P1", f"{card.shown()} answers {state.turn_player}'s declaration: the phase does not end; "
                                 f"after the chain, priority returns to {state.turn_player}"))
    declared = state.declared or (answers and not state.ruleset.phase_continues_after_response)
    nxt = board.freeze(step=Step.CHAIN, priority=other(player), passes=0, pending=pending,
                       waiting=state.waiting + waiting, after_chain=after, declared=declared)
    return _advance(nxt, log)


def _answers_declaration(state: State, player: str) -> bool:
    """``player`` activates right after the turn player's pass at an open game
    state: an answer to its declaration to move on (P1, V2)."""
    return (state.step is Step.OPEN and not state.chain and state.passes == 1
            and player == state.non_turn_player)


def _activate_trigger(state: State, action: Activate, log: _Log) -> State:
    w = next(x for x in state.waiting if (x.source, x.key) == action.ref and x.controller == state.forced)
    card = state.card(w.source)
    trig = state.tables.effect_named(card.name, w.key)
    assert isinstance(trig, Trigger)
    board = Board(state, w.cause, by_effect=False, source=card.uid)
    act = Activation(card=card, controller=w.controller, key=w.key, choice=action.choice, subjects=w.subjects)
    if trig.cost is not None:
        trig.cost(board, act)
    board.chain.append(Link(card.uid, card.name, w.label, w.key, w.controller, 1, w.cause, choice=action.choice,
                            subjects=w.subjects, card_type=_TYPE_NAME[behaviour(card.name).card_type]))
    board.record(Event(EventKind.ACTIVATED, card=card.name, player=w.controller, detail=w.key))
    rest = tuple(x for x in state.waiting if x is not w)
    pending, waiting = _settle(board, state, _cause(state), state.adjusted)
    _flush(board, log)
    nxt = board.freeze(step=Step.TRIGGERS, waiting=rest + waiting, pending=pending)
    return _advance(nxt, log)


def _decline_triggers(state: State, log: _Log) -> State:
    mine = [w for w in state.waiting if w.controller == state.forced and not w.mandatory]
    for w in mine:
        log[1].append(Note("R5", f"{w.label}: optional trigger not activated"))
    rest = tuple(w for w in state.waiting if w.controller != state.forced)
    return _advance(_with(state, waiting=rest), log)


def e1_turn_end(state: State, log: _Log) -> State:
    """E1: the turn ends — effects "until the end of the turn" / "this turn"
    end in one sweep (``Board.end_with_turn``), self-destructs happen with no
    trigger activated (flag ``turn_end_triggers_activate`` before 2017-03),
    and effects needing no chain link still apply (Macro Cosmos, Skull
    Invitation; Des Wombat prevents, Pikeru's "this turn" has ended)."""
    board = Board(state, Cause.TURN_END)
    board.end_with_turn()
    _state_checks(board)
    waiting = collect_triggers(board, Cause.TURN_END)
    _flush(board, log)
    nxt = board.freeze(phase=Phase.TURN_END, step=Step.OPEN, pending=(), waiting=waiting, priority=None, forced=None)
    return _advance(nxt, log)


def transition(state: State, action: Action, *, check: bool = True) -> Transition:
    """Apply ``action`` to ``state``: the next state, its events and notes."""
    if check and action not in legal_actions(state):
        raise IllegalActionError(action, state)
    log: _Log = ([], [])
    step = state.step
    if isinstance(action, Pass):
        if step is Step.OPEN:
            nxt = r7_pass(state, log)
        elif step is Step.CHAIN:
            holder = state.priority or state.turn_player
            log[1].append(Note("R5", f"{holder} does not respond"))
            nxt = _advance(_with(state, priority=other(holder), passes=state.passes + 1), log)
        elif step is Step.FORCED:
            nxt = v1_decline(state, log)
        else:
            nxt = _decline_triggers(state, log)
    elif isinstance(action, Perform):
        nxt = _perform(state, action, forced=step is Step.FORCED, log=log)
    elif isinstance(action, Respond):
        nxt = _activate_quick(state, action, responding=True, log=log)
    elif isinstance(action, Activate):
        if step is Step.TRIGGERS:
            nxt = _activate_trigger(state, action, log)
        else:
            nxt = _activate_quick(state, action, responding=False, log=log)
    elif isinstance(action, Discard):
        nxt = _advance(r2_discard(state, action, log), log)
    elif isinstance(action, Proceed):
        nxt = p1_damage_calculation(state, log) if step is Step.DAMAGE else e1_turn_end(state, log)
    elif isinstance(action, EnterPhase):
        log[1].append(Note("P3", f"{state.turn_player} chooses {_the(Phase(action.phase))}"))
        nxt = p_enter_phase(state, Phase(action.phase), log)
    elif isinstance(action, ChangePosition):
        nxt = _change_position(state, action, log)
    elif isinstance(action, Attack):
        nxt = _declare_attack(state, action, log)
    else:  # pragma: no cover
        raise IllegalActionError(action, state)
    return Transition(nxt, tuple(log[0]), tuple(log[1]))


def apply(state: State, action: Action) -> State:
    """The state after ``action`` (a new State; ``state`` is unchanged)."""
    after: State = transition(state, action).state
    return after


# --------------------------------------------------------------------------
# Phases (P1–P3) and the video games (V1, V2)
# --------------------------------------------------------------------------

def _the(phase: Phase) -> str:
    """'the Standby Phase', 'Main Phase 1' (how a phase is named in a note)."""
    title = PHASE_TITLES[phase]
    return title if title.startswith("Main") else f"the {title}"


NEXT_PHASE: dict[Phase, Phase] = {
    Phase.DRAW: Phase.STANDBY,
    Phase.STANDBY: Phase.MAIN1,
    Phase.BATTLE: Phase.MAIN2,
    Phase.MAIN2: Phase.END,
}
"""The phase that follows each phase (after Main Phase 1 the turn player chooses, P3)."""

P3_CHOICES: tuple[Phase, ...] = (Phase.BATTLE, Phase.END)


def p2_phase_ends(state: State, log: _Log) -> State:
    """P2 (11/12/22, 12/10/04): both players passed with no mandatory process
    left — the phase ends, whatever the turn player meant by its pass;
    optional processes not performed in it are gone.  After Main Phase 1 the
    turn player now chooses the next phase (P3)."""
    title = _the(state.phase)
    log[1].append(Note("P2", f"both players passed: {title} ends"))
    for proc in state.pending:
        log[1].append(Note("P2", f"{proc.label}: optional process not performed in {title} — gone"))
    if state.phase is Phase.MAIN1:
        log[1].append(Note("P3", f"{state.turn_player} now chooses the Battle Phase or the End Phase (08/07/14, 12/08/01)"))
        return _with(state, step=Step.NEXT_PHASE, pending=(), priority=None, forced=None, passes=0,
                     after_chain=None)
    return p_enter_phase(state, NEXT_PHASE[state.phase], log)


def p3_next_phase_choices(state: State) -> Iterator[EnterPhase]:
    """P3 (08/07/14, 12/08/01): once Main Phase 1 has ended, the turn player
    picks the Battle Phase or the End Phase — the declaration to leave Main
    Phase 1 did not name it."""
    for phase in P3_CHOICES:
        yield EnterPhase(phase.value)


def p_enter_phase(state: State, phase: Phase, log: _Log) -> State:
    """A new phase begins: the turn player holds priority, the processes of
    that phase are pending (R6 as in the End Phase, P2b)."""
    fresh = _with(state, phase=phase, step=Step.OPEN, pending=(), done=frozenset(), priority=state.turn_player,
                  passes=0, forced=None, after_chain=None, declared=False, attacker=-1)
    board = Board(fresh, Cause.END_PHASE)
    board.record(Event(EventKind.PHASE_STARTED, player=state.turn_player, detail=phase.value))
    pending = r6_sync_processes(board, (), adjusted=False)
    log[1].append(Note("P1", f"{_the(phase)} begins: {state.turn_player} holds priority"))
    _flush(board, log)
    return _advance(board.freeze(pending=pending), log)


def p1_damage_calculation(state: State, log: _Log) -> State:
    """P1's exception (seed 002): damage calculation has no priority window —
    nobody may activate anything or declare a move; the damage is dealt and
    the Battle Phase goes on with the turn player's priority."""
    board = Board(state, Cause.END_PHASE, by_effect=False)
    attacker = board.cards[state.attacker]
    defender = state.non_turn_player
    still = (attacker.zone is Zone.FIELD and attacker.controller == state.turn_player
             and attacker.position is Position.FACE_UP)
    if still and not _monsters(state, defender):
        amount = behaviour(attacker.name).atk or 0
        board.battle_damage(defender, amount, source=attacker.name)
        board.note("game", f"damage calculation: {attacker.shown()} deals {amount} battle damage to {defender}")
    else:
        board.note("game", f"damage calculation: {attacker.shown()}'s attack no longer applies — no damage")
    pending, waiting = _settle(board, state, Cause.END_PHASE, False)
    _flush(board, log)
    return _advance(board.freeze(step=Step.OPEN, attacker=-1, pending=pending, waiting=state.waiting + waiting,
                                 priority=None, passes=0, after_chain=None), log)


def v1_system_process(state: State, log: _Log) -> State | None:
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
        if head.mandatory or _process_choices(state, head) is not None:
            return _with(state, step=Step.FORCED, forced=head.controller, priority=None, passes=0)
        why = "negated (R8)" if r8_negated(state, head) else "its condition or cost cannot be met"
        log[1].append(Note("V1", f"{head.label}: the system passes it by — {why}"))
        state = _with(state, pending=tuple(p for p in state.pending if p.pid != head.pid),
                      done=state.done | {head.pid})


def v1_decline(state: State, log: _Log) -> State:
    """V1: the controller declines the optional process the system reached; it is gone."""
    head = system_head(state)
    assert head is not None and not head.mandatory
    log[1].append(Note("V1", f"{head.label}: declined when the system reached it — gone"))
    nxt = _with(state, pending=tuple(p for p in state.pending if p.pid != head.pid), done=state.done | {head.pid},
                forced=None, passes=0)
    return _advance(nxt, log)


def p1_phase_continues(state: State) -> bool:
    """P1 (seed 002): after an activation that answered the turn player's
    declaration, priority returns to the turn player and the phase goes on —
    the OCG (ruleset flag ``phase_continues_after_response``)."""
    return state.ruleset.phase_continues_after_response


def v2_moves_on(state: State, log: _Log) -> State:
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
    return r7_both_passed(_with(state, declared=False, passes=0, after_chain=None, priority=None, pending=kept,
                                done=state.done | {p.pid for p in dropped}), log)


def _monsters(state: State | Board, player: str) -> list[Card]:
    return [c for c in state.cards_in(player, Zone.FIELD) if behaviour(c.name).is_monster]


_NO_POSITION_CHANGE = frozenset({"summoned_this_turn", "special_summoned_this_turn", "flipped_this_turn",
                                 "position_changed_this_turn", "attacked_this_turn"})


def game_actions(state: State) -> Iterator[ChangePosition | Attack]:
    """The turn player's own game actions at an open game state with no chain
    (only those the seed examples need): change a monster's battle position in
    a Main Phase (once per turn, not the turn it was summoned or after it
    attacked), declare a direct attack in the Battle Phase (a face-up attack
    position monster with known ATK, once, when the opponent has no monster)."""
    tp = state.turn_player
    if state.priority != tp or state.chain or state.attacker >= 0 or state.adjusted:
        return
    if state.phase in (Phase.MAIN1, Phase.MAIN2):
        for card in _monsters(state, tp):
            if card.on_field_face_up and not (card.tags & _NO_POSITION_CHANGE):
                yield ChangePosition(card.shown(), ref=card.uid)
    elif state.phase is Phase.BATTLE and not _monsters(state, other(tp)):
        for card in _monsters(state, tp):
            if (card.position is Position.FACE_UP and "attacked_this_turn" not in card.tags
                    and behaviour(card.name).atk is not None):
                yield Attack(card.shown(), ref=card.uid)


def _change_position(state: State, action: ChangePosition, log: _Log) -> State:
    board = Board(state, Cause.END_PHASE, by_effect=False)
    board.change_position(action.ref, state.turn_player, manual=True)
    pending, waiting = _settle(board, state, Cause.END_PHASE, False)
    _flush(board, log)
    return _advance(board.freeze(pending=pending, waiting=state.waiting + waiting, passes=0, step=Step.OPEN,
                                 after_chain=state.turn_player), log)


def _declare_attack(state: State, action: Attack, log: _Log) -> State:
    board = Board(state, Cause.END_PHASE, by_effect=False)
    card = board.cards[action.ref]
    board.cards[action.ref] = replace(card, tags=card.tags | {"attacked_this_turn"})
    board.record(Event(EventKind.ATTACKED, card=card.name, player=state.turn_player))
    board.note("game", f"{card.shown()} attacks directly; both must pass before the Damage Step")
    _flush(board, log)
    return _advance(board.freeze(attacker=action.ref, passes=0, step=Step.OPEN, after_chain=state.turn_player), log)


# --------------------------------------------------------------------------
# Explanations
# --------------------------------------------------------------------------


def explain(state: State, action: Action) -> Note:
    """The rule under which ``action`` is taken in ``state``, and why."""
    who = state.acting_player or "game"
    in_phase = state.phase not in (Phase.END, Phase.TURN_END, Phase.OVER)
    if isinstance(action, Pass):
        if state.step is Step.OPEN:
            if in_phase and who == state.turn_player and state.attacker < 0:
                return Note("P1", f"{who} declares the end of {_the(state.phase)} (includes its pass)")
            return Note("R7", f"{who} passes priority")
        if state.step is Step.CHAIN:
            return Note("R5", f"{who} does not respond")
        if state.step is Step.FORCED:
            return Note("V1", f"{who} declines the optional process the system reached")
        return Note("R5", f"{who} declines its optional triggers")
    if isinstance(action, EnterPhase):
        return Note("P3", f"both passed: {who} chooses {_the(Phase(action.phase))}")
    if isinstance(action, ChangePosition):
        return Note("game", f"{who} changes {action.monster}'s battle position (Main Phase, once per turn)")
    if isinstance(action, Attack):
        return Note("game", f"{who} declares a direct attack with {action.monster}")
    if isinstance(action, Proceed) and state.step is Step.DAMAGE:
        return Note("P1", "damage calculation: no player may act")
    if isinstance(action, Perform):
        if state.step is Step.FORCED and state.ruleset.process_order is not None:
            return Note("V1", f"the system reached this process: {who} performs it (no choice of order)")
        if state.step is Step.FORCED:
            rule = "H5" if state.adjusted else "R7"
            return Note(rule, f"both passed: {who} must perform a mandatory process")
        return Note("R7", f"{who} performs a process of its choice (any order, X4)")
    if isinstance(action, Respond):
        return Note("H1" if state.adjusted else "R5", f"{who} chains a quick effect")
    if isinstance(action, Activate):
        if state.step is Step.TRIGGERS:
            w = next((x for x in state.waiting if (x.source, x.key) == action.ref), None)
            rule = {Cause.ADJUSTMENT: "H2", Cause.AFTER_ADJUSTMENT: "H3", Cause.TURN_END: "E1"}.get(
                w.cause if w else Cause.END_PHASE, "R5")
            return Note(rule, f"{who} activates a trigger effect")
        if in_phase:
            if _answers_declaration(state, who):
                return Note("P1", f"{who} activates a quick effect in answer to the declaration to move on")
            return Note("R5", f"{who} activates a quick effect")
        return Note("R6", f"{who} activates a quick effect (kind 6)")
    if isinstance(action, Discard):
        return Note("H4" if state.adjusted else "R2", f"{who} discards down to {state.ruleset.hand_limit}, all at once")
    return Note("E1", "the turn ends")


def withheld(state: State) -> tuple[Note, ...]:
    """What the acting player may NOT do now, and which rule says so."""
    notes: list[Note] = []
    player = state.acting_player
    if state.step in (Step.OPEN, Step.FORCED):
        for proc in state.pending:
            if proc.controller != player:
                continue
            if state.step is Step.FORCED and not proc.mandatory and state.ruleset.process_order is None:
                notes.append(Note("R7", f"{proc.label}: optional — after both passed only a mandatory process may be performed"))
            elif not proc.mandatory and r8_negated(state, proc):
                source = next((x.source for x in state.lingering if x.target == proc.source), "an effect")
                notes.append(Note("R8", f"{proc.label}: not offered — negated by {source}"))
            elif _process_choices(state, proc) is None:
                notes.append(Note("R6", f"{proc.label}: its condition or cost cannot be met now"))
    if state.adjusted and state.step is not Step.OVER:
        notes.append(Note("H1", "no quick effect may be activated after the hand-size adjustment "
                                "(except chained to a trigger it caused)"))
    if state.phase is Phase.TURN_END:
        notes.append(Note("E1", "the turn has ended: no trigger may be activated"))
    if state.step is Step.DAMAGE:
        notes.append(Note("P1", "damage calculation: no quick effect and no move to the next step"))
    if state.step is Step.NEXT_PHASE:
        notes.append(Note("P2", "both players passed: Main Phase 1 has ended, nothing more is done in it"))
        notes.append(Note("P3", "the next phase is chosen now, after both passed (08/07/14, 12/08/01)"))
    if state.step is Step.FORCED and state.ruleset.process_order is not None:
        head = system_head(state)
        others = [p.label for p in state.pending if head is not None and p.pid != head.pid]
        if others:
            notes.append(Note("V1", f"the system orders the processes: not yet {', '.join(others)}"))
    if state.phase is Phase.BATTLE and player is not None and state.continuous_active(
            ContinuousKind.NO_OPPONENT_TRAPS_IN_BATTLE, other(player)):
        notes.append(Note("card", f"{player} cannot activate Traps in the Battle Phase (《漆黒の戦士 ワーウルフ》)"))
    return tuple(notes)
