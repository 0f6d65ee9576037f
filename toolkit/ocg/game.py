"""The OCG End Phase as a :class:`~toolkit.core.game.Game`: everything the
layers above the seam ask of it, in one value.

>>> from toolkit.ocg.game import GAME
>>> GAME.name, GAME.dated, GAME.rules_at("2013-03-30").name
('ocg', True, 'ocg@2013-03-30')
"""

from __future__ import annotations

import datetime
from typing import Any

from toolkit.core.game import Counterfactual, DecidingRules, Flag, Game
import toolkit.ocg.rules  # noqa: F401 - registers the OCG's rules (toolkit.core.rules)
from toolkit.ocg.cards.data import service as card_service
from toolkit.ocg import cards, independence, procedure
from toolkit.ocg.event_fields import EVENT_FIELDS as OCG_EVENT_FIELDS
from toolkit.ocg.reversals import REVERSALS
from toolkit.ocg.rulesets import (
    FLAG_HISTORY,
    VIDEO_GAME,
    Ruleset,
    get_ruleset,
    rule_change_dates,
    ruleset_at,
    ruleset_names,
)
from toolkit.ocg.scenario import TAGS, Scenario, list_seed_scenarios, scenario_from_dict, seed_scenario
from toolkit.ocg.setup import initial_state, with_ruleset
from toolkit.ocg.state import State
from toolkit.ocg.values import EventKind, Zone
from toolkit.ocg.words import EVENT_KIND_NAMES, describe_action, describe_event, describe_state


def _initial_state(scenario: Any, ruleset: Any) -> State:
    return initial_state(scenario, ruleset=ruleset)


def _flags() -> tuple[Flag, ...]:
    return tuple(
        Flag(name=h.flag, rule=h.rule, before=h.before, after=h.after, changed=h.changed, precision=h.precision,
             rulings=tuple(r.id for r in h.rulings) + h.undated, events=h.events, doubts=h.doubts,
             meaning=h.after_means, alternative=h.before_means)
        for h in FLAG_HISTORY)


def _card_text_dates() -> tuple[datetime.date, ...]:
    return tuple(sorted({c.date for c in rule_change_dates() if c.kind == "card_text"}))


def _text_changes_on(day: datetime.date) -> list[str]:
    events: list[str] = []
    for c in rule_change_dates():
        if c.kind == "card_text" and c.date == day:
            events.extend(e for e in c.events if e not in events)
    return events or ["card text versions"]


def counterfactuals(rules: Ruleset) -> tuple[Counterfactual, ...]:
    """The rule sets one change away from ``rules``: each flag that changed
    over time set to its other value, the card texts of each errata date
    taken from the other side of it (X1), and each named reversal of a rule
    that never changed (:data:`toolkit.ocg.reversals.REVERSALS`)."""
    found = []
    for h in FLAG_HISTORY:
        if h.changed is None or h.before == h.after:
            continue
        current = getattr(rules, h.flag)
        other = h.before if current == h.after else h.after
        found.append(Counterfactual(f"{h.rule} {h.flag}={current} (changed {h.changed.isoformat()})",
                                    rules.with_flags(**{h.flag: other}), key=f"{h.rule} {h.flag}"))
    for day in _card_text_dates():
        in_force = rules.as_of is None or rules.as_of >= day
        as_of = day - datetime.timedelta(days=1) if in_force else day
        state = "after" if in_force else "before"
        found.append(Counterfactual(f"X1 card texts {state} {day.isoformat()} ({', '.join(_text_changes_on(day))})",
                                    rules.with_flags(as_of=as_of, name=f"{rules.name}+texts@{as_of.isoformat()}"),
                                    key=f"X1 card texts of {day.isoformat()}"))
    for reversal in REVERSALS:
        variant = reversal.apply(rules)
        if variant is not None:
            found.append(Counterfactual(reversal.label, variant, key=reversal.short))
    return tuple(found)


def _rules_at(when: datetime.date | None) -> Ruleset:
    return ruleset_at(when)


def _today() -> Ruleset:
    return get_ruleset("ocg")


def _variants() -> tuple[str, ...]:
    return ("ocg", VIDEO_GAME)


def _catalogue_of(position: State | Scenario) -> cards.Catalogue:
    """The cards a position may use: a state's, or a scenario's (its own cards on the default ones)."""
    return position.tables.catalogue if isinstance(position, State) else position.catalogue


GAME = Game(
    name="ocg",
    title="Yu-Gi-Oh! OCG",
    step="End Phase",
    state_type=State,
    scenario_type=Scenario,
    rules_type=Ruleset,
    legal_actions=procedure.legal_actions,
    transition=procedure.transition,
    successor=procedure.successor,
    explain=procedure.explain,
    withheld=procedure.withheld,
    never_acts=procedure.never_acts,
    initial_state=_initial_state,
    with_ruleset=with_ruleset,
    today=_today,
    ruleset=get_ruleset,
    ruleset_names=ruleset_names,
    scenario_names=list_seed_scenarios,
    seed_scenario=seed_scenario,
    scenario_from_data=scenario_from_dict,
    event_kinds=frozenset(k.value for k in EventKind),
    zones=frozenset(z.value for z in Zone),
    rules_at=_rules_at,
    variants=_variants,
    counterfactuals=counterfactuals,
    flags=_flags,
    describe_action=describe_action,
    describe_event=describe_event,
    event_kind_names=EVENT_KIND_NAMES,
    describe_state=describe_state,
    rule_changes=rule_change_dates,
    interchangeable=independence.interchangeable,
    cards=card_service,
    card_names=cards.card_names,
    listed_first=0,
    event_fields=OCG_EVENT_FIELDS,
    deciding=DecidingRules(
        explain=("H1", "H2", "H3", "H4", "H5", "E1", "R8", "R4", "X1", "P2", "P1", "P3", "V2", "V1"),
        about_card=("R3",), card_text="X1", card_text_notes=("R8", "R4"),
        procedure=("R1", "R2", "R5", "R6", "R7")),
    position_card_names=lambda position: _catalogue_of(position).card_names,
    scenario_tags=TAGS,
)
