"""The OCG End Phase as a :class:`~toolkit.core.game.Game`: everything the
layers above the seam ask of it, in one value.

>>> from toolkit.ocg.game import GAME
>>> GAME.name, GAME.dated, GAME.rules_at("2013-03-30").name
('ocg', True, 'ocg@2013-03-30')
"""

from __future__ import annotations

import datetime
from typing import Any

import toolkit.ocg.rules  # noqa: F401 - registers the OCG's rules (toolkit.core.rules)
from toolkit.core.actions import Action
from toolkit.core.game import (
    Counterfactual,
    DecidingRules,
    Flag,
    Game,
    Interchangeable,
    Note,
    Renaming,
    Stepper,
    Transition,
)
from toolkit.core.later import StepsBeforeGrouping
from toolkit.core.rulesets import RuleChange
from toolkit.core.values import Event
from toolkit.fields import CardNames
from toolkit.ocg import cards, procedure, symmetry
from toolkit.ocg.cards.base import CardBehaviour
from toolkit.ocg.cards.data import service as card_service
from toolkit.ocg.event_fields import EVENT_FIELDS as OCG_EVENT_FIELDS
from toolkit.ocg.procedure import remembered
from toolkit.ocg.renamed_positions import RenamedKeys
from toolkit.ocg.renaming import name_classes
from toolkit.ocg.reversals import REVERSALS
from toolkit.ocg.rulesets import (
    FLAG_HISTORY,
    VIDEO_GAME,
    Ruleset,
    get_ruleset,
    rule_change_dates,
    rule_changes_of,
    ruleset_at,
    ruleset_names,
)
from toolkit.ocg.scenario import TAGS, Scenario, list_seed_scenarios, scenario_from_dict, seed_scenario
from toolkit.ocg.setup import initial_state, with_ruleset
from toolkit.ocg.state import State
from toolkit.ocg.values import EventKind, Zone
from toolkit.ocg.words import EVENT_KIND_NAMES, describe_action, describe_event, describe_state


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


def _catalogue_of(position: State | Scenario) -> cards.Catalogue:
    """The cards a position may use: a state's, or a scenario's (its own cards on the default ones)."""
    return position.tables.catalogue if isinstance(position, State) else position.catalogue


def _reads_no_date(card: CardBehaviour) -> bool:
    """Whether ``card`` reads nothing of a position's date but its text in force: a card written as data
    (the card format has no word for a date) or one of the toolkit's own cards written in Python, whose
    modules read none (``tests/test_rules_read.py`` reads their source); any other card written in Python
    may read ``state.as_of``."""
    if card.written is not None:
        return True
    shipped = cards.shipped_catalogue()
    return shipped.get(card.name) is card


def rule_changes_on(positions: tuple[State | Scenario, ...]) -> tuple[RuleChange, ...]:
    """Every flag change and every text change of a card the positions may use (the shipped cards, the
    user's folder, a scenario's own cards), sorted; no position: the default catalogue's."""
    catalogues = list(dict.fromkeys(_catalogue_of(p) for p in positions))
    if len(catalogues) <= 1:
        return rule_changes_of(catalogues[0] if catalogues else cards.default_catalogue())
    found = list(dict.fromkeys(c for catalogue in catalogues for c in rule_changes_of(catalogue)))
    return tuple(sorted(found, key=lambda c: (c.date, c.kind, c.what)))


def _in_force(as_of: datetime.date | None, day: datetime.date) -> bool:
    return as_of is None or as_of >= day


def _shipped_text_changes() -> tuple[RuleChange, ...]:
    return tuple(c for c in rule_changes_of(cards.shipped_catalogue()) if c.kind == "card_text")


def _own_text_changes(positions: tuple[State | Scenario, ...]) -> dict[datetime.date, list[str]]:
    """The dates on which a card the positions may use, and no shipped card, changes its text (a scenario's
    own card, a card of the user's folder; on a shipped card's date too), each with the names of those cards."""
    shipped = set(_shipped_text_changes())
    found: dict[datetime.date, list[str]] = {}
    for change in rule_changes_on(positions):
        if change.kind == "card_text" and change not in shipped:
            names = found.setdefault(change.date, [])
            names.extend([change.what] if change.what not in names else [])
    return dict(sorted(found.items()))


def _texts_words(day: datetime.date, names: list[str]) -> str:
    return f"the card texts of {'・'.join(f'《{n}》' for n in names)} changed on {day.isoformat()}"


def _texts_of_a_day_unread(variant: Counterfactual, read: set[datetime.date]) -> bool:
    """Whether ``variant`` moves the card texts across a day on which no card the positions read changes
    its text (a card of the user's folder a scenario's own card of that name stands over)."""
    day = variant.key.removeprefix("X1 card texts of ")
    return day != variant.key and datetime.date.fromisoformat(day) not in read


def counterfactuals_on(rules: Ruleset, positions: tuple[State | Scenario, ...]) -> tuple[Counterfactual, ...]:
    """:func:`counterfactuals`, and for each date on which a card the positions may use (and no shipped
    card) changes its text, those texts taken from the other side of it; a card-text counterfactual that
    also crosses such a date of another card says so (its cards read other texts for that reason too: a
    card of one's own changing its text on a shipped card's date is named by that date's counterfactual)."""
    own = _own_text_changes(positions)
    read = {c.date for c in rule_changes_on(positions) if c.kind == "card_text"}
    base = tuple(v for v in counterfactuals(rules) if not _texts_of_a_day_unread(v, read))
    if not own:
        return base
    shipped_days = {c.date for c in _shipped_text_changes()}

    def crossing(as_of: datetime.date, day: datetime.date | None) -> str:
        crossed = [_texts_words(d, names) for d, names in own.items()
                   if d != day and _in_force(rules.as_of, d) != _in_force(as_of, d)]
        return f"; also across {' and '.join(crossed)}" if crossed else ""

    texts_at = next((i for i, v in enumerate(base) if v.key.startswith("X1 ")), len(base))
    found = list(base[:texts_at])  # the rule changes, then the cards' own text changes (named first: why)
    for day, names in own.items():
        if day in shipped_days:
            continue  # the shipped cards' counterfactual of that day reads their other texts: it names them
        in_force = _in_force(rules.as_of, day)
        as_of = day - datetime.timedelta(days=1) if in_force else day
        evidence = sorted({e for p in positions for n in names if n in _catalogue_of(p).names()
                           for since, ids in _catalogue_of(p).behaviour(n).version_dates() if since == day
                           for e in ids})
        side = "before" if in_force else "from"
        label = (f"X1 {_texts_words(day, names)}, read as {side} that change"
                 + (f" ({', '.join(evidence)})" if evidence else "") + crossing(as_of, day))
        moved_rules = rules.with_flags(as_of=as_of, name=f"{rules.name}+texts@{as_of.isoformat()}")
        found.append(Counterfactual(label, moved_rules,
                                    key=f"X1 card texts of {'・'.join(names)} on {day.isoformat()}"))
    for variant in base[texts_at:]:
        day_of = variant.key.removeprefix("X1 card texts of ")
        if day_of != variant.key and datetime.date.fromisoformat(day_of) in own.keys() - shipped_days:
            continue  # a date of a card of the user's folder alone: named by its cards above
        moved = variant.rules.as_of
        also = crossing(moved, None) if variant.key.startswith("X1 ") and moved is not None else ""
        found.append(Counterfactual(variant.label + also, variant.rules, key=variant.key) if also else variant)
    return tuple(found)


class OcgGame(Game):
    """The OCG End Phase: the procedure of :mod:`toolkit.ocg.procedure`, dated rule sets, card files as data."""

    name = "ocg"
    title = "Yu-Gi-Oh! OCG"
    step = "End Phase"
    state_type = State
    scenario_type = Scenario
    rules_type = Ruleset
    event_kinds = frozenset(k.value for k in EventKind)
    zones = frozenset(z.value for z in Zone)
    cards = card_service
    event_kind_names = EVENT_KIND_NAMES
    listed_first = 0
    event_fields = OCG_EVENT_FIELDS
    deciding = DecidingRules(
        explain=("H1", "H2", "H3", "H4", "H5", "E1", "R8", "R4", "X1", "P2", "P1", "P3", "V2", "V1"),
        about_card=("R3",), card_text="X1", card_text_notes=("R8", "R4"),
        procedure=("R1", "R2", "R5", "R6", "R7"))
    scenario_tags = TAGS

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        return procedure.legal_actions(state)

    def transition(self, state: State, action: Action, *, check: bool = True) -> Transition:
        return procedure.transition(state, action, check=check)

    def stepper(self) -> Stepper:
        return procedure.successor  # the plain tuple: no Transition built per edge

    def grouping(self) -> Interchangeable:
        return symmetry.reduced_groups

    def steps_before_grouping(self) -> StepsBeforeGrouping:
        step = procedure.successor
        return lambda state, actions: remembered.steps_before_grouping(state, actions, step)

    def renaming(self, start: State, named: frozenset[str]) -> Renaming | None:
        classes = name_classes(start, named)  # (fixed for a search: see toolkit.ocg.renaming)
        if not classes:
            return None
        return RenamedKeys(start, classes)

    def same_texts(self, position: Scenario, rules: Any, other: Any) -> bool:
        # a search reads texts through its position's tables: those of its cards' names, and of the sources
        # of the lingering effects set up (toolkit.ocg.tables; no step adds a lingering effect or a card)
        state = self.state_of(position, rules)
        names = {card.name for card in state.cards} | {item.source for item in state.lingering} \
            | {link.name for link in state.chain}
        catalogue = state.tables.catalogue
        if not all(_reads_no_date(catalogue.behaviour(name)) for name in names):
            return False  # (a card written in Python has one text at every date, yet may read the date)
        text_at = catalogue.text_at
        return all(text_at(name, rules.as_of) == text_at(name, other.as_of) for name in sorted(names))

    def explain(self, state: State, action: Action) -> Note:
        return procedure.explain(state, action)

    def withheld(self, state: State) -> tuple[Note, ...]:
        return procedure.withheld(state)

    def never_acts(self, state: State, card: str) -> str | None:
        return procedure.never_acts(state, card)

    def initial_state(self, scenario: Scenario, ruleset: Any) -> State:
        return initial_state(scenario, ruleset=ruleset)

    def with_ruleset(self, state: State, ruleset: Any) -> State:
        return with_ruleset(state, ruleset)

    def today(self) -> Ruleset:
        return get_ruleset("ocg")

    def ruleset(self, name: str) -> Ruleset:
        return get_ruleset(name)

    def ruleset_names(self) -> tuple[str, ...]:
        return ruleset_names()

    def rules_at(self, date: datetime.date | None) -> Ruleset:
        return ruleset_at(date)

    def variants(self) -> tuple[str, ...]:
        return ("ocg", VIDEO_GAME)

    def counterfactuals(self, rules: Ruleset) -> tuple[Counterfactual, ...]:
        return counterfactuals(rules)

    def counterfactuals_on(self, rules: Ruleset, positions: tuple[State | Scenario, ...]) -> tuple[Counterfactual, ...]:
        return counterfactuals_on(rules, positions)

    def flags(self) -> tuple[Flag, ...]:
        return _flags()

    def rule_changes(self) -> tuple[RuleChange, ...]:
        return rule_change_dates()

    def rule_changes_on(self, positions: tuple[State | Scenario, ...]) -> tuple[RuleChange, ...]:
        return rule_changes_on(positions)

    def scenario_names(self) -> tuple[str, ...]:
        return list_seed_scenarios()

    def seed_scenario(self, name: str) -> Scenario:
        return seed_scenario(name)

    def scenario_from_data(self, data: Any, source: str | None) -> Scenario:
        return scenario_from_dict(data, source)

    def describe_action(self, action: Action) -> str:
        return describe_action(action)

    def describe_event(self, event: Event) -> str:
        return describe_event(event)

    def describe_state(self, state: Any) -> str:
        return describe_state(state)

    def card_names(self) -> CardNames:
        from toolkit.ocg.names_carried import names_with_tokens  # what a question reads: loaded when asked

        return names_with_tokens(cards.default_catalogue())

    def position_card_names(self, position: State | Scenario) -> CardNames:
        from toolkit.ocg.names_carried import names_with_tokens

        return names_with_tokens(_catalogue_of(position))

    def names_events_may_carry(self, position: State | Scenario) -> frozenset[str] | None:
        from toolkit.ocg.names_carried import names_events_may_carry

        return names_events_may_carry(position)

    def never_in_a_zone(self, position: State | Scenario, card: str) -> str | None:
        from toolkit.ocg.names_carried import never_in_a_zone

        return never_in_a_zone(position, card)


GAME = OcgGame()
