"""Duel Masters' rules in the registry (:mod:`toolkit.core.rules`): D1, D2 (1)
to D2 (6) and D3 — the Turn End Step of seed 004 (spec §7) — and one kind of
step, ``attack``.

The statements are this toolkit's own summaries; the procedure functions
carry ``@implements(...)`` marks; ``flags`` and part of ``rulings`` come from
:data:`toolkit.duel_masters.rules.FLAGS` (``rules.py`` there holds the rule
sets, hence this module's name).

Every note cites one of these ids.  The notes that used other labels now cite
the rule of the moment they arise in: what a card's effect reports while it
resolves, and the power check after it ("power"), cite the rule under which it
resolves — D2 (3) for the turn player's waiting effects, D2 (5) for the
non-turn player's (and the turn player's that jump ahead), D2 (6) as the turn
ends; the note that abilities go waiting as the step comes (a bare "D2") is
D2 (1).  The attack step before the Turn End Step (an attack, its broken
shield, a shield trigger) is no part of seed 004: its notes cite the kind of
step ``attack``, while choosing to end it is D1.

D4 (the official Q&A) and D5 (stray lines of seed 004) are not rules: the Q&A
are rows of ``datasets/rulings.csv`` and ground the rules below.
"""

from __future__ import annotations

from toolkit.core.rules import Rule, register_rule
from toolkit.duel_masters.rules import FLAGS

__all__ = ["ATTACK"]

GAME = "duel_masters"
ATTACK = "attack"
"""The kind of step the attack step's notes cite (seed 004 does not describe that step)."""
_S7 = "§7 Duel Masters: the Turn End Step"
_KINDS = "Kinds of step (no numbered rule)"

_RULES: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("D1", "The Turn End Step closes the turn",
     "The Turn End Step is the last step of the turn: it follows the attack step, and the turn is not over "
     "while it lasts. When the rest of the turn is skipped (The Clock) the step never comes, so nothing "
     "that acts at the end of the turn triggers.",
     ()),
    ("D2(1)", "End-of-turn abilities start waiting",
     "As the step begins, every ability of a card in a public zone that acts at the end of this turn "
     "(the owner's, the opponent's or each turn) is put in a waiting state. Whether an ability triggered "
     "is settled then: a condition that changes later cannot undo it (Oodate Nyudo).",
     ()),
    ("D2(2)", "The turn player declares",
     "Next the turn player declares those of its abilities that need a declaration to be used at the end "
     "of the turn; a declared ability waits like the others.",
     ()),
    ("D2(3)", "The turn player's waiting effects resolve",
     "The turn player then resolves all of its waiting effects, one at a time in the order it chooses, "
     "deciding for each optional one whether to use it.",
     ()),
    ("D2(4)", "Then the non-turn player declares",
     "Only when the turn player's waiting effects are all resolved does the non-turn player declare its "
     "own abilities, so a card it gained meanwhile can be declared (ZERO Hand after Heaven's Heaven, or "
     "drawn through McGuffin).",
     ()),
    ("D2(5)", "The non-turn player's effects, and new turn-player triggers",
     "The non-turn player resolves its waiting effects in any order; should an ability of the turn player "
     "trigger meanwhile, it is resolved straight after the current effect, and the non-turn player then "
     "goes on.",
     ()),
    ("D2(6)", "Durations end and the next turn starts",
     "When nothing is left waiting, every effect lasting for this turn or until a turn's end stops, and "
     "at that same moment the opponent's turn begins with its untap: an effect ending with the turn "
     "still applies while the end-of-turn abilities resolve (Ga-Ryuzak), and the untap happens together "
     "with its end (Zanjibar and Moffle).",
     ()),
    ("D3", "Arrivals and departures during the step",
     "A waiting ability resolves only if its card stayed where it was when the step came; for a card that "
     "comes into a triggering zone during the step, or leaves and returns, the end-of-turn ability is "
     "simply lost. For a card that was there all along, the ability's condition is read when it "
     "resolves.",
     ()),
    (ATTACK, "The attack step (before the Turn End Step)",
     "Before the Turn End Step the turn player may attack with an untapped creature that can attack: the "
     "opponent's first listed shield is broken, and a broken shield with a shield trigger may be used for "
     "free. The wiki page 「ターン終了ステップ」 does not describe this step; it is modelled so that a "
     "scenario can reach the Turn End Step the way the Q&A describe (The Clock).",
     ("dm-qa-the-clock-extra-turn",)),
)


def _flags(rule_id: str) -> tuple[str, ...]:
    return tuple(name for name, flag in FLAGS.items() if flag.rule == rule_id)


def _rulings(rule_id: str, own: tuple[str, ...]) -> tuple[str, ...]:
    found = list(own) + [r for flag in FLAGS.values() if flag.rule == rule_id for r in flag.rulings]
    return tuple(dict.fromkeys(found))


_EXPLICIT_FUNCTIONS: dict[str, tuple[str, ...]] = {
    "D2(5)": ("toolkit.duel_masters.state.DMState.acting_player",),
}
"""Implementations outside the procedure: who chooses while the non-turn player resolves."""

for _id, _title, _statement, _own in _RULES:
    register_rule(Rule(_id, GAME, _S7 if _id != ATTACK else _KINDS, _title, _statement, functions=_EXPLICIT_FUNCTIONS.get(_id, ()),
                       flags=_flags(_id), rulings=_rulings(_id, _own)))
