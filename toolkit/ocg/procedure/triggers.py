"""Which triggers may be activated: the H rules and the end of the turn.

:func:`collect_triggers` finds the triggers that what just happened has met;
H2 (triggers met by the adjustment), H3 (triggers met by the resolution of
post-adjustment effects) and E1 (as the turn ends) filter them, each under
its rule-set flag; H5 decides whether an 「エンドフェイズ時」 process arising
after the adjustment is still performed (read by :mod:`.pending`).
"""

from __future__ import annotations

from toolkit.core.rules import implements
from toolkit.ocg.board import Board
from toolkit.ocg.cards.base import EndPhaseEffect, Scope, Trigger
from toolkit.ocg.procedure._shared import x1_card_text
from toolkit.ocg.state import Cause, WaitingTrigger
from toolkit.ocg.tables import PositionTables
from toolkit.ocg.values import Card, Zone


@implements("H2", game="ocg")
def h2_adjustment_trigger_allowed(board: Board, label: str) -> bool:
    """H2: triggers whose condition the adjustment met may be activated
    (flag ``adjustment_triggers_activate``: False before 2008-08-03)."""
    if board.ruleset.adjustment_triggers_activate:
        return True
    board.note("H2", f"{label}: not activated — triggers met by the hand-size adjustment could not be "
                     f"activated under these rules (before 2008-08-03)")
    return False


@implements("H3", game="ocg")
def h3_chained_trigger_allowed(board: Board, label: str) -> bool:
    """H3: effects triggered by the resolution of post-adjustment triggers
    (or of effects chained to them) cannot be activated (23/01/16); flag
    ``post_adjustment_chained_triggers`` reverses it before that date."""
    if board.ruleset.post_adjustment_chained_triggers:
        return True
    board.note("H3", f"{label}: not activated — triggered by the resolution of an effect activated "
                     f"after the hand-size adjustment (23/01/16)")
    return False


@implements("H5", game="ocg")
def h5_end_phase_trigger_allowed(board: Board, card: Card, eff: EndPhaseEffect) -> bool:
    """H5: 「エンドフェイズ時」 processes that arise after the adjustment are not
    activated — mandatory ones were until 2016-07-08 (flag
    ``end_phase_triggers_after_adjustment``: Hysteric Sign, yes on 13/03/30,
    no on 16/07/08). Optional ones are not offered on any date: the two the
    sources ask about, Manticore (13/03/30) and T.G. Striker (15/01/17), were
    answered no."""
    label = f"{card.shown()}: {eff.key}"
    if not eff.mandatory and board.ruleset.optional_end_phase_triggers_after_adjustment:
        board.note("H5", f"{label}: reversed — optional 「エンドフェイズ時」 effect still offered after the adjustment")
        return True
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


@implements("E1", game="ocg")
def e1_trigger_allowed(board: Board, label: str) -> bool:
    """E1: as the turn ends, no trigger can be activated (flag
    ``turn_end_triggers_activate`` reverses it before 2017-03)."""
    if board.ruleset.turn_end_triggers_activate:
        board.note("E1", f"{label}: may be activated as the turn ends (before 2017-03; the next Draw Phase waits)")
        return True
    board.note("E1", f"{label}: not activated — the turn has ended (2017-03 FAQ; 17/10/26)")
    return False


_WITH_TRIGGERS: dict[PositionTables, tuple[int, ...]] = {}
"""Per set of cards (its tables), the uids of the cards whose text has a trigger (a uid keeps its name)."""

_WITH_TRIGGERS_KEPT = 256
"""How many sets of cards ``_WITH_TRIGGERS`` keeps (then it starts again)."""


def _uids_with_triggers(board: Board) -> tuple[int, ...]:
    """The uids, in order, of the board's cards whose text has a trigger: the only cards a happening can
    set off (found once per set of cards)."""
    tables = board.tables
    found = _WITH_TRIGGERS.get(tables)
    if found is None:
        if len(_WITH_TRIGGERS) >= _WITH_TRIGGERS_KEPT:
            _WITH_TRIGGERS.clear()
        found = _WITH_TRIGGERS[tables] = tuple(
            uid for uid, card in enumerate(board.cards) if x1_card_text(board, card).triggers)
    return found


def collect_triggers(board: Board, cause: Cause, start: int = 0) -> tuple[WaitingTrigger, ...]:
    """Triggers met by the happenings since ``start``, filtered by R8/H2/H3/E1."""
    watched = board.trigger_events
    if not watched:
        return ()  # no card of the position has a trigger
    happenings = [h for h in board.happenings[start:] if h.kind in watched]
    if not happenings:
        return ()
    found: dict[tuple[int, str], tuple[Card, Trigger, list[int]]] = {}
    cards = board.cards
    with_triggers = _uids_with_triggers(board)
    for h in happenings:
        for uid in with_triggers:
            card = cards[uid]
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
    if not found:
        return ()  # (most happenings meet no trigger)
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
