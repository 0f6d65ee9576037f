"""The legal actions of a position, in a fixed order.

Who may perform which process (R8, X4), the quick effects a player may
activate or chain (R5, H1), who puts triggers on the chain (R5), the
discards of the adjustment (R2, from :mod:`.adjustment`), the next phase
after Main Phase 1 (P3) and the turn player's game actions in other phases.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice

from toolkit.core.actions import Action, Activate, Attack, Pass, Perform, Proceed, Respond
from toolkit.core.rules import implements
from toolkit.core.values import other
from toolkit.ocg.actions import ChangePosition, EnterPhase
from toolkit.ocg.board import Board
from toolkit.ocg.cards.base import (
    NO_CHOICE,
    CardType,
    Choice,
    Condition,
    ContinuousKind,
    QuickEffect,
    Trigger,
    is_board_local,
)
from toolkit.ocg.negation import may_negate
from toolkit.ocg.procedure._shared import end_phase_effect, monsters_of, x1_card_text
from toolkit.ocg.procedure.adjustment import r2_discard_choices
from toolkit.ocg.rules import GAME_ACTION
from toolkit.ocg.state import PHASE_END, STEP_FORCED, STEP_OPEN, Cause, Link, Phase, State, Step
from toolkit.ocg.values import ZONE_DECK, ZONE_FIELD, Card, Position, Process
from toolkit.ocg.video_game import system_head

# --------------------------------------------------------------------------
# Processes (R8, X4)
# --------------------------------------------------------------------------


@implements("R8", "X3", game="ocg")
def r8_negated(state: State, process: Process) -> bool:
    """R8: the card the process belongs to is negated (an optional process is
    then not offered; a mandatory one is performed and resolves as negated)."""
    if process.lingering or process.source < 0 or not may_negate(state):
        return False  # nothing lingers and no card drains: nothing negates
    eff = end_phase_effect(state, process)
    card = state.card(process.source)
    return eff is not None and eff.activates and card.zone is ZONE_FIELD and state.is_negated(card.uid)


def process_choices(state: State, process: Process) -> Iterator[Choice] | None:
    """The choices to perform ``process``, or None when it cannot be performed now."""
    if process.lingering:
        return iter((NO_CHOICE,))
    eff = end_phase_effect(state, process)
    if eff is None:
        return None
    card = state.card(process.source)
    if not process.mandatory:
        if r8_negated(state, process):
            return None
        if eff.can_perform is not None and not _may_perform(state, process, eff.can_perform, card):
            return None
    if eff.choices is None:
        return iter((NO_CHOICE,))
    choices = list(eff.choices(card, state, ()))
    if not choices and not process.mandatory:
        return None
    return iter(choices or [NO_CHOICE])


def _may_perform(state: State, process: Process, condition: Condition, card: Card) -> bool:
    """``condition(card, state)``: an optional process's "may be performed only if …", remembered
    per (process, turn player, cards) when the condition reads only those (``board_local``) —
    asked in every position where the process is pending, which mostly differ elsewhere."""
    cards = state.cards
    decks = state.decks
    key = (process.pid, state.turn_player, state._cards_hash)
    memo = state.tables.board_answers
    known = memo.get(key)
    if known is not None and (known[0] is cards or known[0] == cards) and (known[1] is decks or known[1] == decks):
        return known[2]
    answer = condition(card, state)
    if is_board_local(condition):
        memo[key] = (cards, decks, answer)
    return answer


def _labels(state: State, uids: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(state.card(u).shown() for u in uids)


def _target_label(state: State, choice: Choice) -> str | None:
    if not choice.targets:
        return None
    return ", ".join(_labels(state, choice.targets))


@implements("X4", "V1", game="ocg")
def x4_process_choices(state: State, candidates: Iterable[Process]) -> tuple[Process, ...]:
    """X4 / R5 (12/05/05, 13/03/24): the player orders their own processes
    freely, chain link or not.  Under a ruleset with a ``process_order`` (the
    video games, V1) only the process the system reached may be performed."""
    if state.ruleset.process_order is None:
        return tuple(candidates)
    head = system_head(state)
    return tuple(p for p in candidates if head is not None and p.pid == head.pid)


# Members read as module constants in the hot paths (see ``values.ZONE_FIELD``)
_PHASE_TURN_END, _PHASE_BATTLE = Phase.TURN_END, Phase.BATTLE
_TURN_ENDED = frozenset({Phase.TURN_END, Phase.OVER})
_ADJUSTMENT_CAUSES = frozenset({Cause.ADJUSTMENT, Cause.AFTER_ADJUSTMENT})
_SET_POSITIONS = frozenset({Position.SET, Position.FACE_DOWN})

_ASK = Perform("(depends on the position)")
"""``PositionTables.fixed_performs``' mark for a process whose performing depends on the position."""
_UNSEEN = Perform("(not looked at yet)")


def _fixed_perform(state: State, process: Process) -> Perform | None:
    """The one action performing ``process`` in every position of these cards, None
    when it cannot be performed in any, or ``_ASK``: a lingering effect's process, or a
    mandatory one with nothing to choose, is performed the same way wherever it is
    pending (``_process_choices`` asks R8 and ``can_perform`` of optional ones only)."""
    if not process.lingering:
        eff = end_phase_effect(state, process)
        if eff is None:
            return None
        if not process.mandatory or eff.choices is not None:
            return _ASK
    return state.tables.performs.setdefault(process, Perform(process.label, ref=process.pid, choice=NO_CHOICE))


def _performs(state: State, player: str | None, *, only_mandatory: bool, out: list[Action]) -> list[Action]:
    """``out`` with the actions performing ``player``'s pending processes added (only the mandatory
    ones when ``only_mandatory``), in the order of the pending processes."""
    if only_mandatory:
        own = [p for p in state.pending if p.controller == player and p.mandatory]
    else:
        own = [p for p in state.pending if p.controller == player]
    if not own:
        return out
    tables = state.tables
    made = tables.performs
    fixed = tables.fixed_performs
    # X4: the player orders their own processes freely (x4_process_choices, asked only under a
    # rule set whose system orders them: the video games, V1)
    for process in own if state.ruleset.process_order is None else x4_process_choices(state, own):
        known = fixed.get(process, _UNSEEN)
        if known is _UNSEEN:
            known = fixed[process] = _fixed_perform(state, process)
        if known is not _ASK:
            if known is not None:
                out.append(known)
            continue
        choices = process_choices(state, process)
        if choices is None:
            continue
        for choice in choices:
            if choice.targets or choice.cost or choice.picks or choice.option:
                chosen = tables.chosen_actions.get((process, choice))
                if chosen is None:  # the same action wherever this process is performed with this choice
                    chosen = tables.chosen_actions[(process, choice)] = Perform(
                        process.label, target=_target_label(state, choice), cost=_labels(state, choice.cost),
                        ref=process.pid, choice=choice, picks=_labels(state, choice.picks),
                        option=choice.option or None)
                out.append(chosen)
                continue
            action = made.get(process)  # nothing to choose: the same action in every position
            if action is None:
                action = made[process] = Perform(process.label, ref=process.pid, choice=choice)
            out.append(action)
    return out


# --------------------------------------------------------------------------
# Quick effects and triggers (R5, H1)
# --------------------------------------------------------------------------


@implements("H1", game="ocg")
def h1_responses_allowed(state: State | Board) -> bool:
    """H1: after the adjustment no quick effect may be activated, except
    chained to a trigger effect (12/08/08: Grimoire, Dandelion).  As the
    turn ends (E1) nothing may respond (15/10/26 was 「調整中」: our choice)."""
    if state.phase is _PHASE_TURN_END:
        return False
    if not state.adjusted or state.ruleset.quick_effects_after_adjustment:
        return True  # (the reversal: quick effects may follow the adjustment)
    return bool(state.chain) and state.chain[0].cause in _ADJUSTMENT_CAUSES


def _in_chain(state: State | Board, uid: int) -> bool:
    return any(link.source == uid and link.card_activation for link in state.chain)


@implements("R5", game="ocg")
def r5_quick_effects(state: State, player: str | None, *, responding: bool) -> Iterator[Activate | Respond]:
    """R5 / R6 kind 6: quick effects ``player`` may activate now (spell speed
    2+, and at least the speed of the link responded to)."""
    if player is None:
        return
    tables = state.tables
    if not tables.quick_names:
        return  # no card of the position has a quick effect
    top = state.chain[-1] if (responding and state.chain) else None
    if top is None:  # only the effects that need no chain link to respond to
        uids, zones = tables.open_quick_uids, tables.open_quick_zones
    else:
        uids, zones = tables.quick_uids, tables.quick_zones
    cards = state.cards
    for uid in uids:
        card = cards[uid]
        if card.controller == player and card.zone in zones[card.name]:
            break
    else:
        return  # the player holds no card with a quick effect where it may be activated
    if responding:
        if not h1_responses_allowed(state):
            return
    elif (state.adjusted and not state.ruleset.quick_effects_after_adjustment) \
            or state.phase in _TURN_ENDED:
        return
    kind = Respond if responding else Activate
    chosen_actions = tables.chosen_actions
    for card, q, choices in _quick_offers(state, player, top, uids):
        for choice in choices:
            key = (kind, card.uid, q.key, choice)
            action = chosen_actions.get(key)
            if action is None:  # the same action wherever this card activates this effect with this choice
                label = card.shown() if q.card_activation else f"{card.shown()}: {q.key}"
                action = chosen_actions[key] = kind(
                    label, target=_target_label(state, choice), cost=_labels(state, choice.cost),
                    ref=(card.uid, q.key), choice=choice, picks=_labels(state, choice.picks),
                    option=choice.option or None)
            yield action  # type: ignore[misc]


@implements("R5b", game="ocg")
def r5b_must_activate(state: State, offers: list[Activate | Respond]) -> list[Activate | Respond]:
    """R5b: the offers among ``offers`` (quick effects the player may activate now) whose effect is
    mandatory — when there is one, the player must activate one of them: no pass, nothing else first.
    Asked only where some card of the position has a mandatory quick effect."""
    cards = state.cards
    out: list[Activate | Respond] = []
    for action in offers:
        uid, key = action.ref
        if any(q.key == key and q.mandatory for q in x1_card_text(state, cards[uid]).quick):
            out.append(action)
    return out


def _quick_or_forced(state: State, *, responding: bool) -> tuple[bool, list[Activate | Respond]]:
    """The quick effects the acting player may activate now, and whether they must (R5b): then only the
    mandatory ones are listed."""
    offers = list(r5_quick_effects(state, state.priority, responding=responding))
    forced = r5b_must_activate(state, offers) if offers else offers
    return (True, forced) if forced else (False, offers)


def _quick_offers(state: State | Board, player: str, top: Link | None, uids: tuple[int, ...] | list[int], *,
                  first_choice: bool = False) -> Iterator[tuple[Card, QuickEffect, list[Choice]]]:
    """The quick effects ``player`` may activate now, each with its choices (R5:
    spell speed 2+, and at least the speed of ``top``, the link responded to),
    once the calls above found that the player may act at all; ``uids``: the cards looked at (those
    with a quick effect, or with one that needs no link when ``top`` is None); ``first_choice``: only
    the first of each effect's choices (whether there is one is what the caller asks)."""
    min_speed = max(2, top.speed) if top is not None else 2
    no_traps = state.phase is _PHASE_BATTLE and state.continuous_active(
        ContinuousKind.NO_OPPONENT_TRAPS_IN_BATTLE, other(player))
    negating = may_negate(state)
    cards = state.cards
    text_of = state.tables.text_of  # (x1_card_text, inline)
    for uid in uids:
        card = cards[uid]
        if card.controller != player or card.zone is ZONE_DECK:
            continue
        if no_traps and state.tables.behaviour(card.name).card_type is CardType.TRAP:
            continue  # 《漆黒の戦士 ワーウルフ》: no Traps for its opponent in the Battle Phase
        for q in text_of(card.name).quick:
            if card.zone not in q.zones or q.spell_speed < min_speed:
                continue
            if card.zone is ZONE_FIELD:
                if q.card_activation and (card.position not in _SET_POSITIONS
                                          or "set_this_turn" in card.tags):
                    continue
                if not q.card_activation and not card.on_field_face_up:
                    continue
                if negating and state.tables.behaviour(card.name).is_monster and state.is_negated(card.uid):
                    continue
            if q.card_activation and _in_chain(state, card.uid):
                continue
            if q.responds_to is not None and not (
                    q.responds_to(card, state, top) if top is not None  # type: ignore[arg-type]
                    else q.at_moment is not None and q.at_moment(card, state)):  # type: ignore[arg-type]
                continue
            if q.can_activate is not None and not q.can_activate(card, state):  # type: ignore[arg-type]
                continue
            if q.choices is None:
                choices = [NO_CHOICE]
            elif first_choice:
                choices = list(islice(q.choices(card, state, ()), 1))  # type: ignore[arg-type]
            else:
                choices = list(q.choices(card, state, ()))  # type: ignore[arg-type]
            if choices:
                yield card, q, choices


def nobody_can_respond(board: Board | State) -> bool:
    """No player has a legal response to the chain on ``board`` (R5, H1).

    A cheap pre-check first: ``r5_quick_effects`` offers a player nothing
    unless they control a card with a quick effect in a zone (not the deck)
    where one of its quick effects may be activated; then what it asks once
    for both players (H1), and each holder's quick effects."""
    cards = board.cards
    tp = board.turn_player
    tp_holds = ntp_holds = False
    tables = board.tables
    top = board.chain[-1] if board.chain else None
    if top is None:
        uids, zones = tables.open_quick_uids, tables.open_quick_zones
    else:
        uids, zones = tables.quick_uids, tables.quick_zones
    held: list[int] = []  # the cards where one of their quick effects may be activated, in uid order
    for uid in uids:
        card = cards[uid]
        if card.zone in zones[card.name]:
            held.append(uid)
            if card.controller == tp:
                tp_holds = True
            else:
                ntp_holds = True
    if not (tp_holds or ntp_holds) or not h1_responses_allowed(board):
        return True
    if top is not None and _no_link_answered(board, top, held):
        return True
    if tp_holds:
        for _ in _quick_offers(board, tp, top, held, first_choice=True):
            return False
    if ntp_holds:
        for _ in _quick_offers(board, other(tp), top, held, first_choice=True):
            return False
    return True


def _no_link_answered(board: Board | State, top: Link, held: list[int]) -> bool:
    """Whether none of the quick effects of the cards ``held`` (uids) could answer the chain link ``top``
    by what ``_quick_offers`` asks of the card and the link alone: each effect that its zone, its spell
    speed, the card's position (a card activated from the field is set; an effect of a card on the field
    that is not its activation needs it face-up) and the chain (a card is activated once) would allow
    has a chain-link test marked link-local (``cards.locality.link_local``: it reads the card and the
    link only) that refuses ``top``. ``_quick_offers`` asks all of these, with its other conditions:
    when this holds, it offers nothing; when it does not, it is asked."""
    cards = board.cards
    tests = board.tables.link_tests
    min_speed = max(2, top.speed)
    for uid in held:
        card = cards[uid]
        zone = card.zone
        for zones, speed, activation, test in tests[card.name]:
            if zone not in zones or speed < min_speed:
                continue
            if zone is ZONE_FIELD and (card.position not in _SET_POSITIONS or "set_this_turn" in card.tags
                                       if activation else not card.on_field_face_up):
                continue  # (what _quick_offers asks of a card on the field first: it would not offer it)
            if activation and _in_chain(board, uid):
                continue
            if test is None or test(card, board, top):  # type: ignore[arg-type]
                return False
    return True


def answers_declaration(state: State, player: str) -> bool:
    """``player`` activates right after the turn player's pass at an open game
    state: an answer to its declaration to move on (P1, V2)."""
    return (state.step is STEP_OPEN and not state.chain and state.passes == 1
            and player == state.non_turn_player)


@implements("R5", game="ocg")
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
                           ref=(w.source, w.key), choice=choice, picks=_labels(state, choice.picks),
                           option=choice.option or None)


# --------------------------------------------------------------------------
# Other phases (P3) and the turn player's game actions
# --------------------------------------------------------------------------


P3_CHOICES: tuple[Phase, ...] = (Phase.BATTLE, Phase.END)


@implements("P3", game="ocg")
def p3_next_phase_choices(state: State) -> Iterator[EnterPhase]:
    """P3 (08/07/14, 12/08/01): once Main Phase 1 has ended, the turn player
    picks the Battle Phase or the End Phase — the declaration to leave Main
    Phase 1 did not name it."""
    for phase in P3_CHOICES:
        yield EnterPhase(phase.value)


_NO_POSITION_CHANGE = frozenset({"summoned_this_turn", "special_summoned_this_turn", "flipped_this_turn",
                                 "position_changed_this_turn", "attacked_this_turn"})


@implements(GAME_ACTION, game="ocg")
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
        for card in monsters_of(state, tp):
            if card.on_field_face_up and not (card.tags & _NO_POSITION_CHANGE):
                yield ChangePosition(card.shown(), ref=card.uid)
    elif state.phase is Phase.BATTLE and not monsters_of(state, other(tp)):
        for card in monsters_of(state, tp):
            if (card.position is Position.FACE_UP and "attacked_this_turn" not in card.tags
                    and state.tables.behaviour(card.name).atk is not None):
                yield Attack(card.shown(), ref=card.uid)


# --------------------------------------------------------------------------
# Every legal action
# --------------------------------------------------------------------------


def r7_may_pass(state: State) -> bool:
    """R7 (19/10/26): holding a mandatory process does not oblige a player to
    do it first — it may pass.  Reversed (``pass_with_mandatory_pending``
    False, as ygopro-core plays it): a player holding one may not pass."""
    if not state.pending:  # (the rule is read only where it can matter: toolkit.core.reads)
        return True
    return state.ruleset.pass_with_mandatory_pending or not state.holds_mandatory(state.priority or state.turn_player)


_PASS = Pass()
"""The pass (a value: one object serves every position)."""


def iter_actions(state: State) -> Iterator[Action]:
    """The legal actions, lazily, in a fixed order (Pass first where legal)."""
    step = state.step
    if step is Step.OPEN:
        if state.tables.mandatory_quick:
            must, quick = _quick_or_forced(state, responding=False)
            if must:
                yield from quick  # R5b: a mandatory quick effect is activated before anything else
                return
        if r7_may_pass(state):
            yield _PASS
            if (state.phase is Phase.MAIN1 and not state.ruleset.next_phase_chosen_after_passes
                    and state.priority == state.turn_player and state.attacker < 0):
                yield EnterPhase(Phase.BATTLE.value)  # P3 reversed: the declaration names the Battle Phase
        yield from _performs(state, state.priority, only_mandatory=False, out=[])
        yield from r5_quick_effects(state, state.priority, responding=False)
        yield from game_actions(state)
    elif step is Step.CHAIN:
        if state.tables.mandatory_quick:
            must, quick = _quick_or_forced(state, responding=True)
            if not must:
                yield _PASS  # (R5b: a mandatory response leaves no pass)
            yield from quick
            return
        yield _PASS
        yield from r5_quick_effects(state, state.priority, responding=True)
    elif step is Step.FORCED:
        if state.ruleset.process_order is not None:
            head = system_head(state)
            if head is not None and not head.mandatory:
                yield _PASS
            yield from _performs(state, state.forced, only_mandatory=False, out=[])
        else:
            yield from _performs(state, state.forced, only_mandatory=True, out=[])
    elif step is Step.NEXT_PHASE:
        yield from p3_next_phase_choices(state)
    elif step is Step.DAMAGE:
        yield Proceed()
    elif step is Step.TRIGGERS:
        if not any(w.mandatory for w in state.waiting if w.controller == state.forced):
            yield _PASS
        yield from _trigger_activations(state)
    elif step is Step.ADJUST:
        yield from r2_discard_choices(state)
    elif step is Step.TURN_END:
        yield Proceed()


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action in ``state`` (empty when the turn is over): ``tuple(iter_actions(state))``,
    built as a list for the two steps a search meets most (an open game state of the End Phase,
    a forced process) — tests/engine/test_legal_order.py compares the two everywhere."""
    step = state.step
    if step is STEP_OPEN and state.phase is PHASE_END and not state.tables.mandatory_quick:
        tables = state.tables
        out: list[Action] = [_PASS] if r7_may_pass(state) else []
        _performs(state, state.priority, only_mandatory=False, out=out)
        if tables.open_quick_uids:  # (else R5 finds no card whose quick effect needs no chain link)
            out.extend(r5_quick_effects(state, state.priority, responding=False))
        return tuple(out)  # (no game actions in the End Phase: ``game_actions``)
    if step is STEP_FORCED and state.ruleset.process_order is None:
        return tuple(_performs(state, state.forced, only_mandatory=True, out=[]))
    return tuple(iter_actions(state))
