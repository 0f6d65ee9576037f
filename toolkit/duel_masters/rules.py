"""Duel Masters' Turn End Step rules as a value: named flags and a registry.

Seed 004 (spec §7, D1–D4) gives one set of rules, undated.  Each flag below
is one thing those rules decide; its documentation names the rule and the
official Q&A (``datasets/rulings.csv``, ``game = duel_masters``) that pins
it.  Turning a flag off gives a *counterfactual* ruleset — the rules as a
player might wrongly assume them — which is how the toolkit says *why* a Q&A
answers as it does (``toolkit.verify_rulings``' ``deciding_changes``) and
what ``compare`` contrasts.

>>> rules = get_rules("duel_masters")
>>> rules.durations_end_after_abilities, rules.name
(True, 'duel_masters')
>>> rules.with_flags(durations_end_after_abilities=False).name
'duel_masters+durations_end_after_abilities=False'
>>> FLAGS["leaving_cancels_waiting"].rule
'D3'
>>> get_rules("duel_master")
Traceback (most recent call last):
...
toolkit.core.rulesets.UnknownRulesetError: unknown Duel Masters ruleset 'duel_master' (did you mean 'duel_masters'?); known: duel_masters, dm-durations-first, dm-one-declaration-window, dm-turn-starts-later, dm-leaving-keeps-waiting
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass
from typing import Any

from toolkit.core.rulesets import UnknownRulesetError, registered

__all__ = ["FLAGS", "Flag", "TurnEndRules", "RULES", "get_rules", "rules_names"]


@dataclass(frozen=True)
class Flag:
    """What one flag means, the rule it reads and the rulings that pin it."""

    name: str
    rule: str
    when_true: str
    when_false: str
    rulings: tuple[str, ...]


@dataclass(frozen=True)
class TurnEndRules:
    """The rules of the Turn End Step; every flag True is seed 004's reading.

    ``as_of`` is always None (the Duel Masters rulings of 004 are undated); it
    is there so the tools that key runs by (flags, card-text era) treat both
    games alike.
    """

    name: str = "duel_masters"
    ntp_declares_after_tp: bool = True
    tp_triggers_jump_ahead: bool = True
    triggered_cannot_be_ignored: bool = True
    leaving_cancels_waiting: bool = True
    conditions_read_at_resolution: bool = True
    arrivals_do_not_wait: bool = True
    durations_end_after_abilities: bool = True
    next_turn_starts_at_once: bool = True
    skip_rest_skips_step: bool = True
    as_of: datetime.date | None = None

    def with_flags(self, **changes: Any) -> TurnEndRules:
        """A variant with some flags changed (named after them unless ``name`` is given)."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise UnknownRulesetError(f"unknown Turn End Step flag(s): {', '.join(sorted(unknown))}; "
                                      f"known: {', '.join(FLAGS)}")
        name = changes.pop("name", None) or self.name + "+" + ",".join(f"{k}={v}" for k, v in sorted(changes.items()))
        return dataclasses.replace(self, name=name, **changes)

    def flags(self) -> dict[str, bool]:
        """The flag values by name."""
        return {name: bool(getattr(self, name)) for name in FLAGS}


FLAGS: dict[str, Flag] = {
    f.name: f
    for f in (
        Flag("ntp_declares_after_tp", "D2(4)",
             "the non-turn player declares only after the turn player's waiting effects are all resolved (D2 (4))",
             "both players declare as the step begins, before any waiting effect resolves",
             ("dm-qa-zero-hand-after-heavens-heaven", "dm-qa-zero-hand-drawn-by-mcguffin")),
        Flag("tp_triggers_jump_ahead", "D2(5)",
             "a turn-player effect that triggers while the non-turn player's effects resolve is resolved next, "
             "then the non-turn player goes on (D2 (5))",
             "it waits until the non-turn player's effects are all resolved",
             ()),
        Flag("triggered_cannot_be_ignored", "D2(1)",
             "whether an end-of-turn ability triggered is fixed when the step comes; a condition that changes "
             "later (鬼タイム) cannot undo it (D2 (1))",
             "the trigger condition is read again when the ability resolves",
             ("dm-qa-oodate-nyudo-oni-time",)),
        Flag("leaving_cancels_waiting", "D3",
             "a waiting ability resolves only if its card (and the creature it is equipped to) is still where it "
             "was when the step came; a card that left, even if it came back, does not resolve it (D3)",
             "a waiting ability resolves from wherever its card is",
             ("dm-qa-gurje-gurje-welcome-hell", "dm-example-hellfuez-harridelberg-no-flip")),
        Flag("conditions_read_at_resolution", "D3",
             "a waiting ability whose card was there when the step came resolves if its condition holds when it "
             "resolves, even if it did not hold as the step came (D3)",
             "the condition is read as the step comes: an ability whose condition does not hold then never "
             "waits",
             ("dm-example-hellfuez-flips",)),
        Flag("arrivals_do_not_wait", "D3",
             "a card that arrives in a triggering zone during the step does not resolve its end-of-turn ability (D3)",
             "a card arriving during the step has its end-of-turn ability wait too",
             ("dm-example-hellfuez-harridelberg-no-flip",)),
        Flag("durations_end_after_abilities", "D2(6)",
             "effects lasting 'this turn' / 'during the turn' end only after every end-of-turn ability has "
             "resolved (D2 (6), comprehensive rule 511)",
             "they end as the step begins, before the end-of-turn abilities",
             ("dm-qa-ga-ryuzak-kentnark-mana",)),
        Flag("next_turn_starts_at_once", "D2(6)",
             "the durations end and the next turn starts (its untap) at the same moment (D2 (6))",
             "the durations end, the rules are checked (power 0 or less is destroyed), then the next turn starts",
             ("dm-qa-zanjibar-moffle-simultaneous",)),
        Flag("skip_rest_skips_step", "D1",
             "skipping the rest of the turn skips the Turn End Step: no end-of-turn ability triggers",
             "the Turn End Step still comes after the rest of the turn is skipped",
             ("dm-qa-the-clock-extra-turn",)),
    )
}
"""Every flag, in the order of the procedure."""


RULES: dict[str, TurnEndRules] = {
    "duel_masters": TurnEndRules(),
    "dm-durations-first": TurnEndRules().with_flags(
        durations_end_after_abilities=False, name="dm-durations-first"),
    "dm-one-declaration-window": TurnEndRules().with_flags(
        ntp_declares_after_tp=False, name="dm-one-declaration-window"),
    "dm-turn-starts-later": TurnEndRules().with_flags(
        next_turn_starts_at_once=False, name="dm-turn-starts-later"),
    "dm-leaving-keeps-waiting": TurnEndRules().with_flags(
        leaving_cancels_waiting=False, name="dm-leaving-keeps-waiting"),
}
"""``duel_masters`` is seed 004's rules; the others are counterfactual
variants (one flag off each) that show what an answer hangs on."""


def rules_names() -> tuple[str, ...]:
    return tuple(RULES)


def get_rules(name: str) -> TurnEndRules:
    """A registered Turn End Step ruleset by name."""
    return registered(RULES, name, "Duel Masters ruleset")
