"""Duel Masters' Turn End Step: ``legal_actions`` and ``transition``.

The rules of spec §7 (seed 004), each in functions named after it and marked
``@implements`` (``toolkit.rules("duel_masters")`` lists them, with the
flags that vary each rule): D1 the attack step, and skipping the rest of the
turn; D2 (1) abilities go waiting; D2 (2), (4) the declarations; D2 (3), (5)
resolving the waiting effects; D2 (6) the end of the turn; D3 cards that
arrive or leave during the step.

The search, traces and ruling checks are the OCG engine's (they reach these
functions through :mod:`toolkit.core.game`).  Modelling choices 004 does
not settle: the attacker breaks the defender's first listed shield; an
optional effect is declined by :class:`~toolkit.duel_masters.actions.Decline`; a
D Switch may be used while its owner resolves its waiting effects.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.actions import Action, Attack, Choice, Pass, Perform, Proceed
from toolkit.core.durations import Moment, expire
from toolkit.core.errors import IllegalActionError
from toolkit.core.game import Note, Transition
from toolkit.core.rules import implements
from toolkit.core.values import Event, other
from toolkit.duel_masters.abilities import ability_of, choice_text, choices, triggered
from toolkit.duel_masters.actions import Declare, Decline
from toolkit.duel_masters.board import DMBoard
from toolkit.duel_masters.cards import EndAbility, behaviour
from toolkit.duel_masters.events import EventKind
from toolkit.duel_masters.rule_ids import ATTACK
from toolkit.duel_masters.state import DMCard, DMState, DMStep, DMZone, Waiting

__all__ = ["explain", "legal_actions", "transition", "withheld"]

_Log = tuple[list[Event], list[Note]]


def _turns_match(turns: str, owner: str, turn_player: str) -> bool:
    """Does an ability for "your" / "the opponent's" / "each" turn trigger at this turn's end?"""
    return turns == "each" or (turns == "yours") == (owner == turn_player)


def _role(state: DMState, player: str) -> str:
    return "TP" if player == state.turn_player else "NTP"


def _resolving_rule(state: DMState) -> str:
    """The rule under which waiting effects resolve now: the turn player's (D2 (3)),
    or the non-turn player's with the turn player's new ones first (D2 (5))."""
    return "D2(5)" if state.step is DMStep.NTP_RESOLVE else "D2(3)"


# --------------------------------------------------------------------------
# D1: the attack step, and skipping the rest of the turn
# --------------------------------------------------------------------------


@implements("D1", game="duel_masters")
def d1_attack_actions(state: DMState) -> Iterator[Action]:
    """The turn player attacks the opponent's shields with an untapped creature
    that can attack, or ends the attack step (then the Turn End Step comes, D1)."""
    tp = state.turn_player
    if state.in_zone(other(tp), DMZone.SHIELD):
        for card in state.in_zone(tp, DMZone.BATTLE):
            if behaviour(card.name).is_creature and not card.tapped and "summoned_this_turn" not in card.tags:
                yield Attack(card.label, ref=card.uid)
    yield Pass()


@implements(ATTACK, game="duel_masters")
def _attack(state: DMState, action: Attack, log: _Log) -> DMState:
    board = DMBoard(state, ATTACK)
    attacker = board.card(action.ref)
    board.set_tapped(attacker.uid, True)
    board.record(EventKind.ATTACKED, attacker, caused=False)
    shield = board.in_zone(state.non_turn_player, DMZone.SHIELD)[0]
    board.break_shield(shield.uid)
    log[1].append(Note(ATTACK, f"{attacker.label} attacks; {state.non_turn_player}'s first shield is broken"))
    _flush(board, log)
    if behaviour(shield.name).shield_trigger:
        return board.freeze(step=DMStep.SHIELD_TRIGGER, broken=shield.uid)
    return board.freeze(step=DMStep.ATTACK)


@implements(ATTACK, game="duel_masters")
def _shield_trigger(state: DMState, use: bool, log: _Log) -> DMState:
    board = DMBoard(state, ATTACK)
    card = board.card(state.broken)
    if use:
        board.record(EventKind.DECLARED, card, detail="S・トリガー", caused=False)
        board.put_into_battle_zone(card.uid, source="hand (S・トリガー)")
    else:
        board.note(ATTACK, f"{card.label} stays in {card.owner}'s hand")
    board.check_power()
    _flush(board, log)
    nxt = board.freeze(broken=-1, step=DMStep.ATTACK)
    if nxt.rest_skipped:
        return d1_rest_skipped(nxt, log)
    return nxt


@implements("D1", game="duel_masters")
def d1_rest_skipped(state: DMState, log: _Log) -> DMState:
    """The rest of the turn is skipped: straight to the end of the turn, with
    no Turn End Step, so no end-of-turn ability triggers (flag
    ``skip_rest_skips_step``; The Clock Q&A); otherwise the step still comes."""
    if state.ruleset.skip_rest_skips_step:
        lost = [f"{state.card(c.uid).label}: {a.key}" for c in state.cards for a in _end_abilities(state, c)]
        lost += [f"{source}: {behaviour(source).delayed[effect].key}" for source, _who, effect in state.delayed]
        which = f" ({', '.join(lost)} never triggers)" if lost else ""
        log[1].append(Note("D1", "the rest of the turn is skipped: there is no Turn End Step, so no "
                                 f"\"at the end of the turn\" ability triggers{which}; the next turn begins"))
        return state.evolve(step=DMStep.TURN_ENDS)
    log[1].append(Note("D1", "counterfactual: the rest of the turn is skipped but the Turn End Step still comes"))
    return state.evolve(step=DMStep.BEGIN)


# --------------------------------------------------------------------------
# D2 (1): abilities go waiting
# --------------------------------------------------------------------------


def _anchor(state: DMState | DMBoard, card: DMCard, ability: EndAbility) -> DMCard | None:
    if ability.anchor == "equipped":
        return state.card(card.equipped_to) if card.equipped_to >= 0 else None
    return card


def _end_abilities(state: DMState | DMBoard, card: DMCard) -> Iterator[EndAbility]:
    """The end-of-turn abilities of ``card`` that trigger at this turn's end.  D2 (1)
    takes them from the public zones; of those, only the battle zone holds such
    abilities among the modelled cards (a destroyed Gurje Gurje waits for nothing)."""
    if card.zone is not DMZone.BATTLE:
        return
    shown = card.side if card.flipped and card.side else card.name
    for ability in behaviour(shown).end_of_turn:
        if _turns_match(ability.turns, card.owner, state.turn_player):
            yield ability


def _waiting_for(state: DMState | DMBoard, card: DMCard, ability: EndAbility, log: _Log) -> Waiting | None:
    anchor = _anchor(state, card, ability)
    label = f"{card.label}: {ability.key}"
    if anchor is None or anchor.zone is not DMZone.BATTLE:
        log[1].append(Note("D2(1)", f"{label}: not equipped to a creature in the battle zone; it does not trigger"))
        return None
    if not ability.triggers(state, card):
        log[1].append(Note("D2(1)", f"{label}: its condition does not hold as the turn's end comes; "
                                 "it does not trigger"))
        return None
    if ability.ignored is not None:
        reason = ability.ignored(state, card)
        if reason is not None:
            log[1].append(Note("D2(1)", f"{label}: ignored under {reason} as the turn's end comes"))
            return None
    if ability.condition is not None and not state.ruleset.conditions_read_at_resolution:
        why = ability.condition(state, card)
        if why is not None:
            log[1].append(Note("D3", f"counterfactual: {label}: {why} as the step comes; it does not wait"))
            return None
    return Waiting(card.owner, card.uid, ability.key, label, "end_of_turn", ability.mandatory,
                   anchor=anchor.uid, anchor_arrival=anchor.arrival)


@implements("D2(1)", game="duel_masters")
def d2_1_waiting(state: DMState, log: _Log) -> DMState:
    """The step comes: every end-of-turn ability of a card in a public zone
    goes waiting (and the turn's delayed abilities); whether it triggered is
    decided now (D2 (1))."""
    waiting: list[Waiting] = []
    for card in state.cards:
        for ability in _end_abilities(state, card):
            found = _waiting_for(state, card, ability, log)
            if found is not None:
                waiting.append(found)
    for source, controller, effect in state.delayed:
        ability = behaviour(source).delayed[effect]
        waiting.append(Waiting(controller, -1, f"{source}:{effect}", f"{source}: {ability.key}", "delayed",
                               ability.mandatory))
    for w in waiting:
        log[0].append(Event(EventKind.WAITING, card=_source_name(state, w), player=w.controller, detail=w.key))
    listed = ", ".join(f"{w.label} ({_role(state, w.controller)})" for w in waiting) or "nothing"
    log[1].append(Note("D2(1)", f"the Turn End Step comes (the turn has not ended yet): waiting — {listed}"))
    nxt = state.evolve(waiting=tuple(waiting), step=DMStep.TP_DECLARE)
    if not state.ruleset.durations_end_after_abilities:
        nxt = _end_durations(nxt, log, "counterfactual: durations end as the step begins")
    return nxt


def _source_name(state: DMState | DMBoard, w: Waiting) -> str:
    """The card an event names: the face up now (a flipped dragheart's other side)."""
    if w.source < 0:
        return w.key.split(":", 1)[0]
    card = state.card(w.source)
    return card.side if card.flipped and card.side else card.name


# --------------------------------------------------------------------------
# D2 (2), (4): declarations
# --------------------------------------------------------------------------


@implements("D2(2)", "D2(4)", game="duel_masters")
def d2_declarations(state: DMState, player: str) -> Iterator[Declare]:
    """The abilities ``player`` may declare now: from the zone the card says,
    at the end of the turn it names, not declared yet this step — read at
    the moment of the declaration (a card drawn during the step counts)."""
    for card in state.cards:
        if card.owner != player:
            continue
        for decl in behaviour(card.name).declarations:
            if card.zone is decl.zone and _turns_match(decl.turns, player, state.turn_player) \
                    and (card.uid, decl.key) not in state.declared and decl.usable(state, card):
                yield Declare(f"{card.label}: {decl.key}", ref=(card.uid, decl.key))


def _declare(state: DMState, action: Declare, log: _Log) -> DMState:
    uid, key = action.ref
    card = state.card(uid)
    log[0].append(Event(EventKind.DECLARED, card=card.name, player=card.owner, detail=key, by=card.name))
    if card.owner == state.turn_player:
        log[1].append(Note("D2(2)", f"TP declares {card.label}'s {key}: it goes waiting"))
    else:
        after = " after the turn player's waiting effects are all resolved" if state.ruleset.ntp_declares_after_tp else ""
        log[1].append(Note("D2(4)", f"NTP declares {card.label}'s {key}{after}: it goes waiting"))
    w = Waiting(card.owner, uid, key, f"{card.label}: {key}", "declared", False, anchor=uid,
                anchor_arrival=card.arrival)
    return state.evolve(waiting=state.waiting + (w,), declared=state.declared | {(uid, key)})


# --------------------------------------------------------------------------
# D2 (3), (5): resolving waiting effects
# --------------------------------------------------------------------------


@implements("D2(3)", "D2(5)", game="duel_masters")
def d2_resolve_actions(state: DMState, player: str) -> Iterator[Action]:
    """``player`` picks which of its waiting effects resolves next (and how);
    an optional one may be declined; a one-time activation may be used."""
    for w in state.waiting_of(player):
        for choice in choices(state, w):
            target, cost = choice_text(state, choice)
            yield Perform(w.label, target=target, cost=cost, ref=(w.source, w.key), choice=choice)
        if not w.mandatory:
            yield Decline(w.label, ref=(w.source, w.key))
    yield from _activations(state, player)
    if not state.waiting_of(player) and state.acting_player == player:
        yield Pass()  # nothing is waiting: go on without using the activations still open


def _activations(state: DMState, player: str) -> Iterator[Declare]:
    """One-time abilities ``player`` may still activate while resolving its effects (a D Switch)."""
    if player != state.turn_player:
        return
    for card in state.in_zone(player, DMZone.BATTLE):
        for act in behaviour(card.name).activations:
            if f"{card.uid}:{act.key}" not in state.used:
                yield Declare(f"{card.label}: {act.key}", ref=(card.uid, act.key))


@implements("D3", game="duel_masters")
def d3_still_there(state: DMState | DMBoard, w: Waiting) -> str | None:
    """Why a waiting ability no longer resolves (None: it still does): its card
    — or the creature a weapon was equipped to — left the zone it was in when
    the ability went waiting, even if it came back (D3, flag
    ``leaving_cancels_waiting``)."""
    if w.anchor < 0 or not state.ruleset.leaving_cancels_waiting:
        return None
    anchor = state.card(w.anchor)
    zone = DMZone.HAND if w.kind == "declared" else DMZone.BATTLE
    if anchor.zone is not zone or (zone is DMZone.BATTLE and anchor.arrival != w.anchor_arrival):
        where = "the hand" if zone is DMZone.HAND else "the battle zone"
        whose = "it" if w.anchor == w.source else f"{anchor.label}, the creature it was equipped to,"
        back = " (it came back, as a new card)" if anchor.zone is zone else ""
        return f"{whose} left {where} during the step{back}"
    if w.anchor != w.source and state.card(w.source).equipped_to != w.anchor:
        return f"it is no longer equipped to {anchor.label}"
    return None


@implements("D2(3)", "D2(5)", game="duel_masters")
def d2_resolve(state: DMState, action: Perform | Decline, log: _Log) -> DMState:
    """Resolve (or decline) one waiting effect; then new triggers go waiting."""
    w = next(x for x in state.waiting if (x.source, x.key) == action.ref)
    rest = tuple(x for x in state.waiting if x is not w)
    board = DMBoard(state.evolve(waiting=rest), _resolving_rule(state))
    name = _source_name(state, w)
    board.by = name
    gone = d3_still_there(state, w)
    if gone is not None:
        board.events.append(Event(EventKind.CANCELLED, card=name, player=w.controller, detail=w.key))
        board.note("D3", f"{w.label} does not resolve: {gone}")
    elif isinstance(action, Decline):
        board.note(board.rule, f"{w.label}: {_role(state, w.controller)} chooses not to use it")
    else:
        _resolve_effect(state, board, w, action.choice, name)
    board.check_power()
    return _after_resolution(state, board, log)


def _resolve_effect(state: DMState, board: DMBoard, w: Waiting, choice: Choice, name: str) -> None:
    if w.kind == "declared":
        card = board.card(w.source)
        decl = next(d for d in behaviour(card.name).declarations if d.key == w.key)
        decl.resolve(board, card)
    elif w.kind == "triggered":
        card = board.card(w.source)
        triggered(card, w.key).resolve(board, card, choice)
    else:
        ability = ability_of(state, w)
        assert ability is not None
        # a delayed ability has no card: it acts for its controller ("your creatures")
        source = board.card(w.source) if w.source >= 0 else DMCard(-1, name, w.controller, DMZone.BATTLE, label=name)
        if w.source >= 0 and ability.ignored is not None and not state.ruleset.triggered_cannot_be_ignored:
            reason = ability.ignored(board, source)
            if reason is not None:
                board.note("D2(1)", f"counterfactual: {w.label} is ignored at resolution under {reason}")
                return
        if w.source >= 0 and ability.ignored is not None:
            reason = ability.ignored(board, source)
            if reason is not None:
                board.note("D2(1)", f"{w.label} triggered as the turn's end came; {reason} applies now, but an "
                                    "ability that has triggered cannot be ignored")
        if w.source >= 0 and ability.condition is not None:
            why = ability.condition(board, source)
            if why is not None:
                board.note("D3", f"{w.label}: {why} when it resolves; nothing happens")
                board.events.append(Event(EventKind.RESOLVED, card=name, player=w.controller, detail=w.key, by=name))
                return
            board.note("D3", f"{w.label}: its card was there when the step came and its condition holds as it "
                             "resolves")
        ability.resolve(board, source, choice)
    board.events.append(Event(EventKind.RESOLVED, card=name, player=w.controller, detail=w.key, by=name))


@implements("D3", game="duel_masters")
def d3_arrivals(before: DMState, board: DMBoard) -> None:
    """A card that arrived in the battle zone during the step: its end-of-turn
    ability does not wait (D3, flag ``arrivals_do_not_wait``)."""
    for card in board.cards:
        old = before.card(card.uid)
        if card.zone is DMZone.BATTLE and (old.zone is not DMZone.BATTLE or old.arrival != card.arrival):
            for ability in _end_abilities(board, card):
                if before.ruleset.arrivals_do_not_wait:
                    board.note("D3", f"{card.label} arrived during the step: its \"{ability.key}\" does not resolve")
                else:
                    found = _waiting_for(board, card, ability, (board.events, board.notes))  # logs on the board
                    if found is not None:
                        board.triggered.append(found)
                        board.note("D3", f"counterfactual: {card.label} arrived during the step and its "
                                   f"\"{ability.key}\" goes waiting")


def _after_resolution(before: DMState, board: DMBoard, log: _Log, **changes: object) -> DMState:
    d3_arrivals(before, board)
    waiting = board.state.waiting + tuple(board.triggered)
    for t in board.triggered:
        board.note(board.rule, f"{t.label} triggers during the step and goes waiting ({_role(before, t.controller)})")
    _flush(board, log)
    return _advance(board.freeze(waiting=waiting, **changes), log)


def _activate(state: DMState, action: Declare, log: _Log) -> DMState:
    uid, key = action.ref
    board = DMBoard(state, _resolving_rule(state))
    card = board.card(uid)
    board.by = card.name
    act = next(a for a in behaviour(card.name).activations if a.key == key)
    board.record(EventKind.ACTIVATED, card, detail=key)
    board.note(board.rule, f"{_role(state, card.owner)} uses {card.label}'s {key}")
    act.resolve(board, card)
    board.check_power()
    return _after_resolution(state, board, log, used=state.used | {f"{uid}:{key}"})


# --------------------------------------------------------------------------
# D2 (6): the turn ends
# --------------------------------------------------------------------------


def _end_durations(state: DMState, log: _Log, why: str) -> DMState:
    kept, ended = expire(state.lingering, Moment.TURN_END)
    for item in ended:
        log[0].append(Event(EventKind.EFFECT_ENDED, card=item.source, player=item.controller, detail=item.effect))
    if ended:
        log[1].append(Note("D2(6)", f"{why}: " + ", ".join(f"{i.source} ({i.effect}, {i.duration.value})"
                                                          for i in ended)))
    return state.evolve(lingering=kept)


@implements("D2(6)", game="duel_masters")
def d2_6_turn_ends(state: DMState, log: _Log) -> DMState:
    """Nothing is left to resolve: every duration ends and, at the same moment,
    the next turn starts with its untap (flag ``next_turn_starts_at_once``);
    then the rules are checked (power 0 or less is destroyed)."""
    nxt_player = state.non_turn_player
    kept, ended = expire(state.lingering, Moment.TURN_END)
    board = DMBoard(state.evolve(lingering=kept), "D2(6)")
    for item in ended:
        board.events.append(Event(EventKind.EFFECT_ENDED, card=item.source, player=item.controller,
                                  detail=item.effect))
    untap = [c for c in board.in_zone(nxt_player, DMZone.BATTLE) + board.in_zone(nxt_player, DMZone.MANA)
             if c.tapped]
    durations = ", ".join(f"{i.source} ({i.effect}, {i.duration.value})" for i in ended)
    untapped = ", ".join(c.label for c in untap)
    ending = f"durations end ({durations})" if ended else "no duration is left to end"
    starting = f"{nxt_player}'s turn starts" + (f" and its cards untap ({untapped})" if untap else "")

    def start_turn() -> None:
        for c in untap:
            board.set_tapped(c.uid, False)
        board.events.append(Event(EventKind.TURN_STARTED, player=nxt_player))

    if state.ruleset.next_turn_starts_at_once:
        start_turn()
        board.note("D2(6)", f"{ending}; at the same moment {starting}; then the rules are checked")
        board.check_power()
    else:
        board.note("D2(6)", f"counterfactual: {ending}; the rules are checked; only then {starting}")
        board.check_power()
        start_turn()
    _flush(board, log)
    return board.freeze(step=DMStep.OVER, waiting=(), delayed=())


# --------------------------------------------------------------------------
# Moving between steps
# --------------------------------------------------------------------------


def _flush(board: DMBoard, log: _Log) -> None:
    log[0].extend(board.events)
    log[1].extend(board.notes)
    board.events, board.notes = [], []


def _order(state: DMState) -> tuple[DMStep, ...]:
    if state.ruleset.ntp_declares_after_tp:
        return (DMStep.TP_DECLARE, DMStep.TP_RESOLVE, DMStep.NTP_DECLARE, DMStep.NTP_RESOLVE, DMStep.TURN_ENDS)
    return (DMStep.TP_DECLARE, DMStep.NTP_DECLARE, DMStep.TP_RESOLVE, DMStep.NTP_RESOLVE, DMStep.TURN_ENDS)


def _has_choice(state: DMState) -> bool:
    step = state.step
    if step is DMStep.TP_DECLARE:
        return any(True for _ in d2_declarations(state, state.turn_player))
    if step is DMStep.NTP_DECLARE:
        return any(True for _ in d2_declarations(state, state.non_turn_player))
    if step is DMStep.TP_RESOLVE:
        return bool(state.waiting_of(state.turn_player)) or any(True for _ in _activations(state, state.turn_player))
    if step is DMStep.NTP_RESOLVE:
        return bool(state.waiting)
    return True


def _advance(state: DMState, log: _Log) -> DMState:
    """Skip the steps where nobody has anything to do (with a note saying so)."""
    order = _order(state)
    while state.step in order and not _has_choice(state):
        i = order.index(state.step)
        if state.step in (DMStep.TP_DECLARE, DMStep.NTP_DECLARE):
            who = "TP" if state.step is DMStep.TP_DECLARE else "NTP"
            log[1].append(Note("D2(2)" if who == "TP" else "D2(4)", f"{who} has no ability to declare"))
        state = state.evolve(step=order[i + 1])
    return state


# --------------------------------------------------------------------------
# The public face: legal_actions, transition, explain, withheld
# --------------------------------------------------------------------------


def legal_actions(state: DMState) -> tuple[Action, ...]:
    """Every action of the player who chooses now (or ``Proceed()`` when the game goes on by itself)."""
    step = state.step
    if step is DMStep.OVER:
        return ()
    if step in (DMStep.BEGIN, DMStep.TURN_ENDS):
        return (Proceed(),)
    if step is DMStep.ATTACK:
        return tuple(d1_attack_actions(state))
    if step is DMStep.SHIELD_TRIGGER:
        card = state.card(state.broken)
        return (Declare(f"{card.label}: S・トリガー", ref=(card.uid, "S・トリガー")), Pass())
    if step in (DMStep.TP_DECLARE, DMStep.NTP_DECLARE):
        player = state.turn_player if step is DMStep.TP_DECLARE else state.non_turn_player
        return (*d2_declarations(state, player), Pass())
    chooser = state.acting_player
    assert chooser is not None
    return tuple(d2_resolve_actions(state, chooser))


def transition(state: DMState, action: Action, *, check: bool = True) -> Transition:
    """The next position after ``action``, with the events and notes of the step."""
    if check and action not in legal_actions(state):
        raise IllegalActionError(action, state)
    log: _Log = ([], [])
    step = state.step
    if step is DMStep.BEGIN:
        nxt = _advance(d2_1_waiting(state, log), log)
    elif step is DMStep.TURN_ENDS:
        nxt = d2_6_turn_ends(state, log)
    elif step is DMStep.ATTACK:
        if isinstance(action, Attack):
            nxt = _attack(state, action, log)
        else:
            log[1].append(Note("D1", "the attack step ends: the Turn End Step comes"))
            nxt = state.evolve(step=DMStep.BEGIN)
    elif step is DMStep.SHIELD_TRIGGER:
        nxt = _shield_trigger(state, isinstance(action, Declare), log)
    elif step in (DMStep.TP_DECLARE, DMStep.NTP_DECLARE):
        if isinstance(action, Declare):
            nxt = _declare(state, action, log)
        else:
            who = _role(state, state.acting_player or state.turn_player)
            log[1].append(Note("D2(2)" if who == "TP" else "D2(4)", f"{who} declares nothing more"))
            order = _order(state)
            nxt = _advance(state.evolve(step=order[order.index(step) + 1]), log)
    elif isinstance(action, Declare):
        nxt = _activate(state, action, log)
    elif isinstance(action, Pass):
        log[1].append(Note("D2(3)", "TP has nothing left waiting and uses no more activations"))
        order = _order(state)
        nxt = _advance(state.evolve(step=order[order.index(step) + 1]), log)
    else:
        assert isinstance(action, (Perform, Decline))
        nxt = d2_resolve(state, action, log)
    return Transition(nxt, tuple(log[0]), tuple(log[1]))


def explain(state: DMState, action: Action) -> Note:
    """Why ``action`` was open to its player (the rule behind the choice)."""
    step = state.step
    if step is DMStep.BEGIN:
        return Note("D2(1)", "automatic: the Turn End Step comes and end-of-turn abilities go waiting")
    if step is DMStep.TURN_ENDS:
        return Note("D2(6)", "automatic: nothing is left to resolve; durations end and the next turn starts")
    if step is DMStep.ATTACK:
        if isinstance(action, Attack):
            return Note("D1", "the turn player may attack with an untapped creature")
        return Note("D1", "the turn player ends the attack step; the Turn End Step is the turn's last step")
    if step is DMStep.SHIELD_TRIGGER:
        return Note("D1", "a broken shield with S・トリガー may be used for free")
    if step in (DMStep.TP_DECLARE, DMStep.NTP_DECLARE):
        who = "the turn player" if step is DMStep.TP_DECLARE else "the non-turn player"
        rule = "D2(2)" if step is DMStep.TP_DECLARE else "D2(4)"
        if isinstance(action, Declare):
            return Note(rule, f"{who} declares the abilities that need a declaration")
        return Note(rule, f"{who} ends its declarations")
    player = state.acting_player
    if isinstance(action, Declare):
        return Note(_resolving_rule(state), "a one-time ability its owner may use while resolving its effects")
    if step is DMStep.NTP_RESOLVE and player == state.turn_player:
        return Note("D2(5)", "a turn-player effect that triggered meanwhile is resolved first")
    if player == state.turn_player:
        return Note("D2(3)", "the turn player resolves its waiting effects in the order it chooses")
    return Note("D2(5)", "the non-turn player resolves its waiting effects in the order it chooses")


def withheld(state: DMState) -> tuple[Note, ...]:
    """What the rules do not offer now, and why."""
    notes: list[Note] = []
    ntp = state.non_turn_player
    if state.step in (DMStep.TP_DECLARE, DMStep.TP_RESOLVE) and state.ruleset.ntp_declares_after_tp:
        early = [d.ability for d in d2_declarations(state, ntp)]
        if early:
            notes.append(Note("D2(4)", f"NTP cannot declare {', '.join(early)} yet: the turn player's waiting "
                                       "effects are all resolved first"))
    if state.step is DMStep.NTP_RESOLVE and state.waiting_of(ntp) and state.waiting_of(state.turn_player) \
            and state.ruleset.tp_triggers_jump_ahead:
        notes.append(Note("D2(5)", "NTP's waiting effects wait: the turn player's new ones go first"))
    return tuple(notes)
