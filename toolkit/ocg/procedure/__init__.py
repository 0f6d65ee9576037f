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

The functions carry ``@implements(...)`` marks, so ``toolkit.rules("ocg")``
lists the same mapping (with each rule's flags and rulings); the rule ids
themselves are registered by :mod:`toolkit.ocg.rules`.

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

The procedure is split by job; every name below is importable from this
package, as it was before the split:

=================  =========================================================
``_shared``        card texts and process lookups (X1), small helpers
``triggers``       which met triggers may be activated (H2, H3, H5, E1)
``pending``        which processes are pending (R4, R6); settling a board
``adjustment``     the hand-size adjustment (R1, R2, H4)
``legal``          the legal actions (R5, R8, X4, H1, P3, game actions)
``chains``         resolving a chain (R5, R8; P1 after it)
``flow``           what runs by itself between decisions (R7 both passed,
                   R3, P1, P2, V1, V2)
``transitions``    applying one action (R7 pass and process, E1, P1)
``explanations``   ``explain`` and ``withheld``
=================  =========================================================

Each module imports only the ones above it in this table.
"""

from __future__ import annotations

from toolkit.core.game import Note, Transition
from toolkit.ocg.procedure._shared import x1_card_text
from toolkit.ocg.procedure.adjustment import h4_readjust, r1_excess, r2_discard, r2_discard_choices
from toolkit.ocg.procedure.chains import p1_phase_continues, r5_resolve_chain
from toolkit.ocg.procedure.explanations import explain, never_acts, withheld
from toolkit.ocg.procedure.flow import (
    NEXT_PHASE,
    begin,
    p2_phase_ends,
    p_enter_phase,
    r3_adjustment,
    r7_both_passed,
    v1_decline,
    v1_system_process,
    v2_moves_on,
)
from toolkit.ocg.procedure.legal import (
    P3_CHOICES,
    game_actions,
    h1_responses_allowed,
    iter_actions,
    legal_actions,
    p3_next_phase_choices,
    r5_quick_effects,
    r5_trigger_placer,
    r8_negated,
    x4_process_choices,
)
from toolkit.ocg.procedure.pending import r4_expiry_processes, r6_sync_processes
from toolkit.ocg.procedure.transitions import (
    apply,
    e1_turn_end,
    p1_damage_calculation,
    r7_pass,
    r7_priority_after_process,
    successor,
    transition,
)
from toolkit.ocg.procedure.triggers import (
    collect_triggers,
    e1_trigger_allowed,
    h2_adjustment_trigger_allowed,
    h3_chained_trigger_allowed,
    h5_end_phase_trigger_allowed,
)

__all__ = [
    "NEXT_PHASE",
    "Note",
    "P3_CHOICES",
    "Transition",
    "apply",
    "begin",
    "collect_triggers",
    "e1_trigger_allowed",
    "e1_turn_end",
    "explain",
    "game_actions",
    "h1_responses_allowed",
    "h2_adjustment_trigger_allowed",
    "h3_chained_trigger_allowed",
    "h4_readjust",
    "h5_end_phase_trigger_allowed",
    "iter_actions",
    "legal_actions",
    "p1_damage_calculation",
    "p1_phase_continues",
    "p2_phase_ends",
    "p3_next_phase_choices",
    "p_enter_phase",
    "r1_excess",
    "r2_discard",
    "r2_discard_choices",
    "r3_adjustment",
    "r4_expiry_processes",
    "r5_quick_effects",
    "r5_resolve_chain",
    "r5_trigger_placer",
    "r6_sync_processes",
    "r7_both_passed",
    "r7_pass",
    "r7_priority_after_process",
    "r8_negated",
    "transition",
    "v1_decline",
    "v1_system_process",
    "v2_moves_on",
    "withheld",
    "never_acts",
    "successor",
    "x1_card_text",
    "x4_process_choices",
]
