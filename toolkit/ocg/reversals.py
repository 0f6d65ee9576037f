"""Named reversals of OCG rules that never changed over time.

A dated flag (:data:`toolkit.ocg.rulesets.FLAG_HISTORY`) or a card-text era
is one kind of counterfactual: the rules on the other side of a real change.
A rule no source ever changed can still be *reversed*, to ask whether a
ruling's check depends on it: if no variant flips a check, the check would
pass whatever the engine did.  Each reversal is a rule-set flag the
procedure consults (its default is the rule as the sources give it) or an
existing variant such as the video games' order.

>>> [r.label for r in REVERSALS][:2]
['H1 reversed: quick effects may still be activated after the hand-size adjustment', 'R7 reversed: a player holding a mandatory process may not pass (as ygopro-core plays it)']
>>> from toolkit.ocg.rulesets import get_ruleset
>>> variant = REVERSALS[0].apply(get_ruleset("ocg"))
>>> variant.name, variant.quick_effects_after_adjustment
('ocg+H1-reversed', True)
>>> REVERSALS[0].apply(variant) is None  # already reversed: no variant
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toolkit.ocg.rulesets import Ruleset
from toolkit.ocg.video_game import video_game_process_order

__all__ = ["REVERSALS", "Reversal"]


@dataclass(frozen=True)
class Reversal:
    """One rule turned the other way: ``rule`` (its id), a ``short`` name,
    what the variant says (``reading``), the flag values that make it
    (``changes``) and what the sources say instead (``why``)."""

    rule: str
    short: str
    reading: str
    changes: Mapping[str, Any] = field(hash=False)
    why: str = ""

    @property
    def label(self) -> str:
        """How verify_rulings names the variant (``flipped_by``)."""
        return f"{self.rule} reversed: {self.reading}"

    @property
    def slug(self) -> str:
        return f"{self.rule.replace('(', '').replace(')', '')}-reversed" + (
            "" if self.rule not in _REPEATED else "-" + "-".join(sorted(self.changes)).replace("_", "-"))

    def apply(self, rules: Ruleset) -> Ruleset | None:
        """``rules`` with this rule reversed; None when they already read it so."""
        if all(getattr(rules, k) == v for k, v in self.changes.items()):
            return None
        return rules.with_flags(name=f"{rules.name}+{self.slug}", **self.changes)


REVERSALS: tuple[Reversal, ...] = (
    Reversal("H1", "H1 quick effects after the adjustment", "quick effects may still be activated after the hand-size adjustment",
             {"quick_effects_after_adjustment": True},
             "12/08/08 says no; both players get priority once more after the adjustment"),
    Reversal("R7", "R7 no pass with a mandatory process", "a player holding a mandatory process may not pass (as ygopro-core plays it)",
             {"pass_with_mandatory_pending": False},
             "19/10/26 says a player may pass first; the simulator makes it process first"),
    Reversal("R7", "R7 opponent's mandatory processes first", "when both pass, the non-turn player's mandatory processes come first",
             {"turn_player_forced_first": False},
             "the rulebook and 19/10/26 put the turn player first"),
    Reversal("R7", "R7 priority to the other player after a forced process", "after a forced process the other player holds priority",
             {"priority_after_forced_process": "opponent"},
             "12/09/21: 「自壊後、優先権は自分にあります」; the walk-through on the wiki page 「エンドフェイズ」 is doubted by its editors"),
    Reversal("R7", "R7 priority to the other player after a voluntary process", "after a voluntary process the other player holds priority",
             {"priority_after_voluntary_process": "opponent"},
             "the rulebook lets the turn player do its processes one after another"),
    Reversal("R4", "R4 turn-end effects end in the End Phase", "effects lasting until the end of the turn end by a process in the End Phase",
             {"turn_end_effects_end_with_turn": False},
             "rulebook v1.1 p.75: 「ターン終了時」 effects end together with the turn"),
    Reversal("H5", "H5 optional triggers after the adjustment", "optional 「エンドフェイズ時」 triggers are still offered after the adjustment",
             {"optional_end_phase_triggers_after_adjustment": True},
             "13/03/30 (Manticore) and 15/01/17 (TG Striker) say never"),
    Reversal("H4", "H4 no second adjustment", "a hand that grew after the adjustment is not adjusted again",
             {"readjust_after_hand_grows": False}, "08/08/03 says adjust again"),
    Reversal("R1", "R1 hand limit 7", "the hand limit is 7, not 6",
             {"hand_limit": 7}, "the rulebook: 「手札が７枚以上ある場合、６枚になるように捨てます」"),
    Reversal("P2", "P2 a pass for the moment", "the turn player's first pass of a phase is only for the moment; the phase goes on",
             {"phase_ends_on_both_passing": False}, "11/12/22 and 12/10/04 say both passing ends the phase"),
    Reversal("P3", "P3 the declaration names the phase", "the declaration to leave Main Phase 1 names the next phase (a plain pass: the End Phase)",
             {"next_phase_chosen_after_passes": False}, "08/07/14 and 12/08/01: the choice comes after both pass"),
    Reversal("V1", "V1 the system orders the processes", "the system orders the End Phase processes (the video games)",
             {"process_order": video_game_process_order}, "wiki page 「エンドフェイズ」: the video games order them partly by themselves"),
    Reversal("V2", "V2 the phase moves on after a response", "the phase moves on after a response to the declaration (the video games)",
             {"phase_continues_after_response": False}, "wiki page 「フェイズ」: in the OCG priority returns to the turn player"),
)
"""Every named reversal of a rule that never changed, in rule order."""

_REPEATED = frozenset({"R7"})
"""Rules with more than one reversal: their variants are named after the flags."""
