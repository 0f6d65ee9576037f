"""The OCG's rules in the registry (:mod:`toolkit.core.rules`): R1–R8 with R8b, H1–H5,
E1, X1–X4, P1–P3 with P2b, V1–V2, and two kinds of step, ``continuous`` and
``game``.

Ids and sections follow the English rules reading (END_PHASE_RULES.md); the
statements are this toolkit's own summaries.  R8b is not in the reading: it
comes from an answer of 2011-06-08 (a negated activation of a mandatory
process is activated again) and sits beside R8, whose negated *effects* it
sets apart from negated *activations*.  The procedure functions carry
``@implements(...)`` marks (they fill ``functions``); ``flags`` come from
:data:`toolkit.ocg.rulesets.FLAG_HISTORY` and the three undated rule-set
fields below; ``rulings`` are ids of ``datasets/rulings.csv`` — those listed
here plus those that date the rule's flags.

Labels that are not numbered rules, and what they became:

* ``continuous`` (and the former "X-continuous", "E1/X-continuous" and
  "card"): a continuous effect acting with no chain link — a Burning Abyss
  monster's self-destruction, Macro Cosmos, Imperial Iron Wall, Skull
  Invitation's damage, Des Wombat, Warwolf's Trap lock.  The rules reading
  states no general rule for them: E1's 17/10/26 rulings and X4's 13/03/24
  ruling *use* such effects, but what those rules decide is the end of the
  turn and the order of processes.  So these notes cite one registered kind
  of step, ``continuous``, at any moment; at the end of the turn the step
  itself still cites E1.  ("E1/X-continuous" had two labels for one note;
  the effect's application is what the note reports.)
* ``game``: the turn player's own game actions outside the End Phase (a
  change of battle position, a direct attack and its battle damage).  The
  sources never state them — they are the basic game the phase examples of
  seed 002 are played in — so they cite the kind of step ``game``; when the
  phase or step then ends is P1's business, and those notes cite P1.

P4 (the TCG's 40-minute limit in Swiss rounds) is not modelled, so it is not
registered: a trace never cites it.
"""

from __future__ import annotations

from toolkit.core.rules import Rule, register_rule
from toolkit.ocg.rulesets import FLAG_HISTORY

__all__ = ["CONTINUOUS", "GAME_ACTION", "UNDATED_FIELDS"]

GAME = "ocg"

CONTINUOUS = "continuous"
"""The kind of step a continuous effect's note cites."""

GAME_ACTION = "game"
USER_CARD = "user_card"
"""The rule of the trace note naming a card of the user's own (toolkit.ocg.cards.USER_CARD_RULE)."""
"""The kind of step the turn player's game actions outside the End Phase cite."""

UNDATED_FIELDS: dict[str, tuple[str, ...]] = {
    "hand_limit": ("R1",),
    "process_order": ("X4", "V1"),
    "phase_continues_after_response": ("P1", "V2"),
}
"""Rule-set fields that are not dated flags (no FLAG_HISTORY entry), and the rules they vary."""

_S1 = "§1 The OCG End Phase"
_S2 = "§2 Hand-size adjustment and what may follow it"
_S3 = "§3 The end of the turn"
_S4 = "§4 The 2014-07-10 errata"
_S5 = "§5 Phase transitions"
_S6 = "§6 Konami's video games"
_KINDS = "Kinds of step (no numbered rule)"

_RULES: tuple[tuple[str, str, str, str, tuple[str, ...]], ...] = (
    ("R1", _S1, "Hand limit: six cards",
     "A turn player who ends the turn with more than six cards in hand discards until six are left; a hand "
     "of six or fewer is not touched.",
     ("ocg-undated-rulebook-mr3-end-phase-hand-limit",)),
    ("R2", _S1, "The excess goes in one discard",
     "The adjustment removes every card above the limit in a single discard of the player's choice, not "
     "card after card (Konami's video games discard them one by one).",
     ("ocg-undated-rulebook-mr3-end-phase-hand-limit",)),
    ("R3", _S1, "The adjustment closes the End Phase",
     "The hand-size adjustment is the End Phase's last act: it comes once both players have passed in a row "
     "with no mandatory process left, and optional processes not done by then are lost. Whatever the "
     "discard sets off (triggers, chains to them, a second adjustment) may still follow it.",
     ("ocg-undated-rulebook-mr3-end-phase-hand-limit", "ocg-undated-rulebook-mr3-end-phase-vs-end-of-turn")),
    ("R4", _S1, "'Until the End Phase' versus 'until the end of the turn'",
     "An effect worded 'until the End Phase' is ended by a process someone performs in that phase, always "
     "ahead of the adjustment. One worded 'until the end of the turn' or 'this turn' takes no process: it "
     "simply expires with the turn, and from the following Draw Phase the card acts normally again. Old "
     "texts that act 'at the end of the turn' are performed as End Phase processes.",
     ("ocg-undated-rulebook-mr3-end-phase-vs-end-of-turn",)),
    ("R5", _S1, "One process at a time",
     "End Phase processes are carried out one by one and never chain with each other, whether or not a "
     "given process uses a chain link. Chains come only from effects activated together (simultaneous "
     "triggers) and from quick effects of spell speed 2 or more answering an activation.",
     ("ocg-undated-rulebook-mr3-end-phase-processing-order", "ocg-120505-mist-archfiend-control-return-order")),
    ("R6", _S1, "The kinds of End Phase process",
     "The End Phase can hold effects obliged to activate there, optional effects a player may use there, "
     "what lingers from effects already resolved, maintenance costs, the expiry of 'until the End Phase' "
     "effects and quick effects. Each is a separate process with its own place in the order; one whose "
     "card leaves, or whose condition stops holding, before it is done is no longer pending.",
     ("ocg-120505-mist-archfiend-control-return-order", "ocg-130324-rekindling-imperial-iron-wall")),
    ("R7", _S1, "Priority, and both players passing",
     "The turn player has priority first and may perform any of its processes in any order, activate a "
     "quick effect or pass; passing gives the opponent the same choices. A player with a mandatory process "
     "pending is free to pass or act otherwise first, but once both have passed in a row the turn player "
     "must perform one of its mandatory processes, else the opponent one of theirs; with none left the "
     "adjustment follows. The "
     "sources leave open who holds priority after a process: the engine lets the performer keep it, "
     "behind two rule-set flags.",
     ("ocg-191026-both-pass-turn-player-processes-first", "ocg-undated-rulebook-mr3-end-phase-processing-order")),
    ("R8", _S1, "Negated End Phase effects",
     "An optional End Phase effect of a negated card is not offered at all; a mandatory one must still be "
     "performed when its turn comes and then does nothing. So under the 2011 texts Veiler's mandatory "
     "expiry came before Horus LV6's optional level-up, and Lyla's mandatory mill, done first, milled "
     "nothing.",
     ("ocg-undated-2011-horus-lv6-veiler", "ocg-undated-2011-lyla-veiler")),
    ("R8b", _S1, "A negated activation is activated again",
     "Negating the activation of a mandatory End Phase process is not doing it: the process stays pending "
     "and must be activated again, as many times as its activation is negated. So a Spirit's return to "
     "the hand negated by Light and Darkness Dragon comes back each time, the Dragon paying 500 ATK and "
     "DEF for every negation, until the Dragon can no longer pay (an answer of 2011-06-08 outside the "
     "rules reading). Negating the effect instead (R8: Veiler, Skill Drain) leaves the process done.",
     ()),
    ("H1", _S2, "No quick effects after the adjustment",
     "Once the hand is adjusted nobody may activate a quick effect, and Spells and Traps are as a rule shut "
     "out too; the one opening is chaining to a trigger effect that the adjustment's own discard set off "
     "(Dark World Grimoire, Dandelion).",
     ("ocg-120808-chain-to-adjustment-trigger", "ocg-120808-no-quick-effect-after-adjustment")),
    ("H2", _S2, "Triggers met by the adjustment",
     "A trigger effect whose condition the adjustment's discard met may be activated (Peten). It once "
     "could not; the change came with Dark World Grimoire, a card that acts at that very moment.",
     ()),
    ("H3", _S2, "Nothing triggered by post-adjustment resolutions",
     "An effect that would trigger because a post-adjustment trigger, or something chained to it, "
     "resolved cannot be activated (Ipiria summoned by Grimoire, Merrli sent by Kelbek). Older answers, "
     "since hidden, assumed such effects could activate or rested on that premise.",
     ("ocg-140602-grimoire-bounce-before-second-adjustment", "ocg-140604-grimoire-gadget-drastic-drop-off",
      "ocg-140608-grimoire-summon-no-torrential-without-effect")),
    ("H4", _S2, "A hand that grows again is adjusted again",
     "If the hand climbs back above the limit after the adjustment (Card of Safe Return), the turn player "
     "discards down to the limit once more.",
     ("ocg-080803-readjust-after-hand-grows",)),
    ("H5", _S2, "'During the End Phase' triggers after the adjustment",
     "An effect that triggers 'during the End Phase' and arises only after the adjustment is not "
     "activated, mandatory or optional (Manticore of Darkness, Hysteric Sign, TG Striker). Mandatory ones "
     "used to activate, which let The Wicked Worm Beast and Grimoire loop for ever.",
     ()),
    ("E1", _S3, "The end of the turn",
     "As the turn ends, effects lasting until the end of the turn stop, and a card whose self-destruction "
     "they held back is destroyed then; a trigger this sets off cannot be activated and does not wait for "
     "the next Draw Phase (before the March 2017 answer it could). Effects needing no chain link do apply "
     "at that moment: Macro Cosmos banishes instead, Skull Invitation deals its damage, Des Wombat stops "
     "it, Pikeru's Circle, a 'this turn' effect, no longer does.",
     ()),
    ("X1", _S4, "The 2014-07-10 errata",
     "From 2014-07-10 stat changes, negations and similar effects that used to last until the End Phase "
     "were reworded to last until the end of the turn (cards reprinted from the 9th series on already had "
     "the new wording). The engine keeps each card's dated text versions and reads the one in force on "
     "the rule set's date.",
     ("ocg-undated-2011-horus-lv6-veiler", "ocg-undated-2011-lyla-veiler")),
    ("X2", _S4, "What the errata left alone",
     "Not every End Phase timing changed: control changes, temporary banishment and copied names or "
     "effects still end through an End Phase process, on every date (Enemy Controller's return of "
     "control).",
     ("ocg-120505-mist-archfiend-control-return-order",)),
    ("X3", _S4, "The ordering game before the errata",
     "While Veiler-style negations lasted until the End Phase, the order of processes decided games; the "
     "answers of that time (two Zerato, The World with two Ohka, Systie) follow from the priority rule "
     "and the negation rule read with the old texts, and the editors hid them as obsolete rather than "
     "replacing them.",
     ("ocg-120916-zerato-veiler", "ocg-120921-arcana-world-ohka-veiler", "ocg-130214-systie-veiler")),
    ("X4", _S4, "Each player orders their own processes",
     "A player performs its End Phase processes in whatever order it likes, chain link or not: "
     "Rekindling's banishment may be done while Imperial Iron Wall still applies or after Emergency "
     "Provisions has sent the wall away; Mist Archfiend's self-destruction and Enemy Controller's return "
     "of control may come in either order.",
     ("ocg-130324-rekindling-imperial-iron-wall", "ocg-120505-mist-archfiend-control-return-order")),
    ("P1", _S5, "A phase ends only when both pass",
     "The turn player cannot close a phase alone: declaring a move on (or the end of the turn) is its pass, "
     "and the opponent may answer with quick effects; if one is activated, priority returns to the turn "
     "player and the phase continues (Treeborn Frog after Deck Devastation Virus, Warwolf after Zero "
     "Gravity). Steps behave alike, except that damage calculation gives no window at all.",
     ("ocg-undated-treeborn-frog-virus-standby", "ocg-undated-warwolf-zero-gravity-main")),
    ("P2", _S5, "Passing with nothing done still ends the phase",
     "When both players pass the phase ends, even if the turn player had done nothing in it; it cannot "
     "hand priority to the opponent and keep the phase. The opponent should ask whether a bare pass means "
     "moving on; where it stays unclear, the tournament judge decides.",
     ("ocg-111222-both-pass-ends-main-phase", "ocg-121004-no-pass-without-moving-phase",
      "ocg-110409-ask-intent-after-bare-pass", "ocg-120928-pass-for-opponent-trap-call-judge")),
    ("P2b", _S5, "The End Phase procedure in the other phases",
     "Processes of the other phases (Treeborn Frog's in the Standby Phase) are ordered and prioritised as "
     "in the End Phase; an effect meant for the close of a phase is, properly said, activated before the "
     "phase ends.",
     ("ocg-undated-treeborn-frog-virus-standby",)),
    ("P3", _S5, "Battle or End Phase is chosen after Main Phase 1",
     "Leaving Main Phase 1 names no next phase: only after both players have passed does the turn player "
     "choose the Battle Phase or the End Phase.",
     ("ocg-080714-choose-battle-or-end-after-passes", "ocg-120801-next-phase-chosen-after-main-1")),
    ("V1", _S6, "The video games order the processes",
     "Konami's video games take End Phase processes in an order of their own rather than the player's, "
     "which rules out some paper lines. The sources do not give that order; the video-game rule set uses "
     "an assumed one.",
     ()),
    ("V2", _S6, "The video games move on after an answer",
     "In the video games, once a quick effect answering a declaration to move on has resolved, the game "
     "goes to the next phase without returning priority to the turn player; the Damage Step likewise "
     "simply continues.",
     ()),
    (CONTINUOUS, _KINDS, "A continuous effect applies",
     "A continuous effect acts the moment it applies, with no chain link and no priority: a Burning Abyss "
     "monster destroys itself, Macro Cosmos banishes a card bound for the graveyard, Imperial Iron Wall "
     "stops a banishment, Skull Invitation deals damage, Des Wombat prevents effect damage, Warwolf keeps "
     "its opponent's Traps off in the Battle Phase. The same holds as the turn ends (E1).",
     ("ocg-130324-rekindling-imperial-iron-wall", "ocg-171026-farfa-macro-cosmos",
      "ocg-171026-farfa-skull-invitation", "ocg-171026-farfa-damage-pikeru-des-wombat")),
    (GAME_ACTION, _KINDS, "A game action of the turn player",
     "Outside the End Phase the turn player may take the game actions the phase examples need: change a "
     "monster's battle position in a Main Phase, declare a direct attack in the Battle Phase, and deal "
     "its battle damage at damage calculation. They follow the basic game, which the End Phase sources "
     "take for granted; when the phase or step ends is decided by P1.",
     ("ocg-undated-warwolf-zero-gravity-main",)),
    (USER_CARD, _KINDS, "A card of your own",
     "A card the user wrote (a card file, or the cards list of a scenario) acts in this step: the engine "
     "plays it exactly as the text written for it says, and the note names the file it comes from, so a "
     "reader can tell a line about a shipped card from one about a card of the user's own.",
     ()),
)

_EXPLICIT_FUNCTIONS: dict[str, tuple[str, ...]] = {
    "X2": ("toolkit.ocg.cards.data.verbs.give_back_control",),
    USER_CARD: ("toolkit.ocg.procedure.transitions.note_user_cards",),
}
"""Implementations outside the procedure (card modules load lazily, so they carry no mark)."""


def _flags(rule_id: str) -> tuple[str, ...]:
    dated = tuple(h.flag for h in FLAG_HISTORY if h.rule == rule_id)
    return dated + tuple(name for name, ids in UNDATED_FIELDS.items() if rule_id in ids)


def _rulings(rule_id: str, own: tuple[str, ...]) -> tuple[str, ...]:
    found = list(own)
    for h in FLAG_HISTORY:
        if h.rule == rule_id:
            found += [r.id for r in h.rulings] + list(h.undated)
    return tuple(dict.fromkeys(found))


for _id, _section, _title, _statement, _own in _RULES:
    register_rule(Rule(_id, GAME, _section, _title, _statement, functions=_EXPLICIT_FUNCTIONS.get(_id, ()),
                       flags=_flags(_id), rulings=_rulings(_id, _own)))
