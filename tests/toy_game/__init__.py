"""A deliberately tiny third game, to prove the seam: everything the toolkit
knows of it is the one ``Game`` subclass below, registered in one line
(``register(GAME)``) — no toolkit module is edited for it.

The turn player ends the turn with one mandatory process ("draw": the card
Toy Drawer draws a card) and one optional one ("gain": Toy Healer gains 500
LP). One dated rule flag: before 2020-04-01 the optional process could only be
used after the mandatory one (``optional_after_mandatory``); from that day,
in any order. The non-turn player only passes.
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from toolkit.core.actions import Action, Pass, Perform
from toolkit.core.errors import IllegalActionError
from toolkit.core.game import Counterfactual, DecidingRules, Flag, Game, Note, Transition
from toolkit.core.rulesets import registered
from toolkit.core.values import Event, PositionSummary
from toolkit.fields import as_list as _list
from toolkit.fields import day
from toolkit.fields import fail as _fail
from toolkit.fields import mapping as _mapping
from toolkit.fields import text as _text
from toolkit.files import read_yaml

HERE = Path(__file__).resolve().parent
CHANGED = datetime.date(2020, 4, 1)
PROCESSES = {"draw": ("トイ・ドロワー", True), "gain": ("トイ・ヒーラー", False)}
"""process -> (card, mandatory)"""


class ToyEvent(StrEnum):
    DREW = "drew"
    LP_GAINED = "lp_gained"
    PERFORMED = "performed"
    TURN_ENDED = "turn_ended"


@dataclass(frozen=True)
class ToyRules:
    name: str = "toy"
    as_of: datetime.date | None = None
    optional_after_mandatory: bool = False

    def with_flags(self, **changes: Any) -> ToyRules:
        name = changes.pop("name", None) or self.name + "+" + ",".join(f"{k}={v}" for k, v in sorted(changes.items()))
        return dataclasses.replace(self, name=name, **changes)

    def flags(self) -> dict[str, bool]:
        return {"optional_after_mandatory": self.optional_after_mandatory}


def rules_at(when: datetime.date | str | None) -> ToyRules:
    day = when if isinstance(when, datetime.date) or when is None else datetime.date.fromisoformat(str(when))
    if day is None:
        return ToyRules()
    return ToyRules(name=f"toy@{day.isoformat()}", as_of=day, optional_after_mandatory=day < CHANGED)


RULES = {"toy": ToyRules(), "toy-2019": dataclasses.replace(rules_at(datetime.date(2019, 1, 1)), name="toy-2019")}


@dataclass(frozen=True)
class ToyScenario:
    title: str
    turn_player: str = "A"
    pending: tuple[str, ...] = ("draw", "gain")
    date: datetime.date | None = None
    ruleset: str | None = None
    source: str | None = None
    rulings: tuple[str, ...] = ()
    description: str = ""

    def at(self, when: datetime.date | str) -> ToyScenario:
        return dataclasses.replace(self, date=day(when, "date", self.source), ruleset=None)

    def under(self, ruleset: str) -> ToyScenario:
        registered(RULES, ruleset, "toy ruleset")
        return dataclasses.replace(self, ruleset=ruleset, date=None)

    def card_names(self) -> frozenset[str]:
        return frozenset(PROCESSES[p][0] for p in self.pending)


@dataclass(frozen=True)
class ToyState:
    turn_player: str
    pending: frozenset[str]
    done: tuple[str, ...]
    ruleset: ToyRules
    is_over: bool = False
    _hash: int = field(default=0, compare=False, repr=False)

    @property
    def priority(self) -> str | None:
        return None if self.is_over else self.turn_player

    @property
    def acting_player(self) -> str | None:
        return self.priority

    def summary(self) -> PositionSummary:
        life = 8000 + (500 if "gain" in self.done else 0)
        hand = ("トイ・カード",) if "draw" in self.done else ()
        return PositionSummary(zones=((self.turn_player, "hand", hand),), life=((self.turn_player, life),))

    def describe(self) -> str:
        return f"{self.turn_player} to act, pending {sorted(self.pending)}" if not self.is_over else "over"


def legal_actions(state: ToyState) -> tuple[Action, ...]:
    if state.is_over:
        return ()
    actions: list[Action] = []
    for p in sorted(state.pending):
        card, mandatory = PROCESSES[p]
        if not mandatory and state.ruleset.optional_after_mandatory and "draw" in state.pending:
            continue
        actions.append(Perform(f"{card}: {p}"))
    if not any(PROCESSES[p][1] for p in state.pending):
        actions.append(Pass())
    return tuple(actions)


def explain(state: ToyState, action: Action) -> Note:
    if isinstance(action, Pass):
        return Note("T1", "no mandatory process is left, so the turn player may end the turn")
    return Note("T2", f"{action!r} is a pending end-of-turn process of the turn player")


def withheld(state: ToyState) -> tuple[Note, ...]:
    if "gain" in state.pending and "draw" in state.pending and state.ruleset.optional_after_mandatory:
        return (Note("T3", "the optional process waits for the mandatory one (rules before 2020-04-01)"),)
    return ()


def transition(state: ToyState, action: Action, *, check: bool = True) -> Transition:
    if check and action not in legal_actions(state):
        raise IllegalActionError(action, state)
    if isinstance(action, Pass):
        return Transition(dataclasses.replace(state, is_over=True), (Event(ToyEvent.TURN_ENDED.value),),
                          (explain(state, action),))
    assert isinstance(action, Perform)
    process = action.process.rsplit(": ", 1)[1]
    card = PROCESSES[process][0]
    kind = ToyEvent.DREW if process == "draw" else ToyEvent.LP_GAINED
    after = dataclasses.replace(state, pending=state.pending - {process}, done=state.done + (process,))
    return Transition(after, (Event(ToyEvent.PERFORMED.value, card=card, player=state.turn_player),
                              Event(kind.value, card=card, player=state.turn_player)),
                      (explain(state, action),))


def rules_for(scenario: ToyScenario, ruleset: Any) -> ToyRules:
    if isinstance(ruleset, ToyRules):
        return ruleset
    if isinstance(ruleset, str):
        return registered(RULES, ruleset, "toy ruleset")
    if scenario.ruleset:
        return registered(RULES, scenario.ruleset, "toy ruleset")
    return rules_at(scenario.date)


def initial_state(scenario: ToyScenario, ruleset: Any) -> ToyState:
    return ToyState(scenario.turn_player, frozenset(scenario.pending), (), rules_for(scenario, ruleset))


def with_ruleset(state: ToyState, ruleset: Any) -> ToyState:
    rules = ruleset if isinstance(ruleset, ToyRules) else registered(RULES, ruleset, "toy ruleset")
    return dataclasses.replace(state, ruleset=rules)


def scenario_from_data(data: Any, source: str | None) -> ToyScenario:
    top = _mapping(data, None, source, ("game", "title", "turn_player", "pending", "date", "ruleset", "rulings",
                                        "description"))
    if "title" not in top:
        raise _fail("missing required key 'title'", "title", source)
    return ToyScenario(
        title=_text(top["title"], "title", source),
        turn_player=_text(top.get("turn_player", "A"), "turn_player", source),
        pending=tuple(_text(p, f"pending[{i}]", source) for i, p in enumerate(_list(top.get("pending", ["draw", "gain"]), "pending", source))),
        date=None if top.get("date") is None else day(top["date"], "date", source),
        ruleset=top.get("ruleset"),
        source=source,
        rulings=tuple(_list(top.get("rulings", []), "rulings", source)),
        description=_text(top.get("description", ""), "description", source),
    )


def scenario_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in (HERE / "scenarios").glob("*.yaml")))


def seed_scenario(name: str) -> ToyScenario:
    stem = name.removesuffix(".yaml")
    path = HERE / "scenarios" / f"{stem}.yaml"
    if not path.is_file():
        raise _fail(f"no shipped toy scenario {name!r}", None, "toy scenarios")
    return scenario_from_data(read_yaml(path).data, f"toy/{stem}.yaml")


def counterfactuals(rules: ToyRules) -> tuple[Counterfactual, ...]:
    current = rules.optional_after_mandatory
    return (Counterfactual(f"T3 optional_after_mandatory={current} (changed {CHANGED.isoformat()})",
                           rules.with_flags(optional_after_mandatory=not current)),)


class ToyRuleChange:
    def __init__(self) -> None:
        self.date, self.kind, self.what, self.rule = CHANGED, "flag", "optional_after_mandatory", "T3"
        self.before, self.after, self.rulings, self.events, self.precision = True, False, ("toy-200401-any-order",), (), "day"


class ToyGame(Game):
    """The toy as a game: its data, the abstract methods and the capabilities it has (dated rules,
    counterfactuals, flags, shipped scenarios); everything else keeps the core's defaults."""

    name, title, step = "toy", "Toy", "End of Turn"
    deciding = DecidingRules(explain=("T3",))  # the note that says why the healer could not go first
    state_type, scenario_type, rules_type = ToyState, ToyScenario, ToyRules
    event_kinds = frozenset(k.value for k in ToyEvent)
    zones = frozenset({"hand"})
    scenario_folder = "toy"

    def legal_actions(self, state: ToyState) -> tuple[Action, ...]:
        return legal_actions(state)

    def transition(self, state: ToyState, action: Action, *, check: bool = True) -> Transition:
        return transition(state, action, check=check)

    def explain(self, state: ToyState, action: Action) -> Note:
        return explain(state, action)

    def withheld(self, state: ToyState) -> tuple[Note, ...]:
        return withheld(state)

    def initial_state(self, scenario: ToyScenario, ruleset: Any) -> ToyState:
        return initial_state(scenario, ruleset)

    def with_ruleset(self, state: ToyState, ruleset: Any) -> ToyState:
        return with_ruleset(state, ruleset)

    def today(self) -> ToyRules:
        return RULES["toy"]

    def ruleset(self, name: str) -> ToyRules:
        return registered(RULES, name, "toy ruleset")

    def ruleset_names(self) -> tuple[str, ...]:
        return tuple(RULES)

    def rules_at(self, date: datetime.date | None) -> ToyRules:
        return rules_at(date)

    def variants(self) -> tuple[str, ...]:
        return ("toy", "toy-2019")

    def counterfactuals(self, rules: ToyRules) -> tuple[Counterfactual, ...]:
        return counterfactuals(rules)

    def flags(self) -> tuple[Flag, ...]:
        return (Flag("optional_after_mandatory", "T3", before=True, after=False, changed=CHANGED,
                     precision="day", rulings=("toy-200401-any-order",)),)

    def rule_changes(self) -> tuple[Any, ...]:
        return (ToyRuleChange(),)

    def scenario_names(self) -> tuple[str, ...]:
        return scenario_names()

    def seed_scenario(self, name: str) -> ToyScenario:
        return seed_scenario(name)

    def scenario_from_data(self, data: Any, source: str | None) -> ToyScenario:
        return scenario_from_data(data, source)


GAME = ToyGame()
