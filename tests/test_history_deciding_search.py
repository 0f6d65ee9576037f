"""The search that stops once a question is settled (``toolkit.core.deciding_search``) answers every
shipped ruling's ``possible`` / ``always`` questions exactly as the full search does.

``answer_once`` (what each counterfactual of ``verify_rulings`` is asked) uses it: an answer that
differs from ``explore``'s would change which rule is named as deciding a ruling.  Each question of
each shipped ruling's check is asked both ways (``possible`` and ``always`` of its predicate, and of
its negation) under the ruling's own rules, today's rules and, for a ruling whose searches are small,
every counterfactual of its rules.  ``make fuzz`` asks every counterfactual of every ruling
(tests/fuzz/test_fuzz_deciding_search.py, about a minute).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from toolkit.core.deciding_search import decide
from toolkit.core.game import Game, GameState
from toolkit.core.predicates import Not, Query
from toolkit.core.search import explore_in
from toolkit.data import load_rulings
from toolkit.games import game_of
from toolkit.history.checks import QueryCheck, parse_check, read_for
from toolkit.history.deciding import today_rules
from toolkit.history.runs import ruling_ruleset, scenarios_of

RULINGS = load_rulings()
MODELLED = sorted(RULINGS.loc[RULINGS["check"].notna(), "ruling_id"])
WITH_COUNTERFACTUALS = ("ocg-130330-catsith-hysteric-sign", "dm-qa-gurje-gurje-welcome-hell")
"""The rulings whose every counterfactual is asked in ``make test`` (small searches, of both games)."""


def _queries(check: Any) -> Iterator[QueryCheck]:
    stack = [check]
    while stack:
        item = stack.pop()
        if isinstance(item, QueryCheck):
            yield item
        else:
            stack.extend(getattr(item, "items", ()) or (item.inner,))


def _row(ruling_id: str) -> dict[str, Any]:
    found = RULINGS[RULINGS["ruling_id"] == ruling_id]
    return {str(k): v for k, v in found.iloc[0].to_dict().items()}


def _same_answers(game: Game, start: GameState, query: QueryCheck) -> list[str]:
    """What ``decide`` answers differently from the full search (as text; empty: nothing)."""
    assert query.predicate is not None
    found = explore_in(game, start)
    tp = start.turn_player
    wrong = []
    for predicate, label in ((query.predicate, "P"), (Not(query.predicate), "not P")):
        holding = [predicate.holds(o.outcome, tp) for o in found.outcomes]
        full = {"possible": any(holding), "always": all(holding)}
        for quantifier, answer in full.items():
            decided = decide(game, start, Query(quantifier, predicate))
            if decided is not None and decided != answer:
                wrong.append(f"{quantifier} {label} ({query.data}) under {start.ruleset.name}: "
                             f"{decided}, the full search {answer}")
    return wrong


def ruling_case(ruling_id: str) -> tuple[tuple[str, ...], dict[str, Any], Any, Any, Game]:
    """A shipped ruling's scenario names, scenarios (by name), check read for them, rule set and game."""
    row = _row(ruling_id)
    names = tuple(str(n) for n in row["scenario"])
    scenarios = scenarios_of(ruling_id, names)
    check = read_for(parse_check(row["check"], f"{ruling_id}: check"), scenarios)
    rules = ruling_ruleset(row)
    return names, scenarios, check, rules, game_of(rules)


def asked_differently(ruling_id: str, counterfactuals: bool) -> list[str]:
    """Each question of the ruling's check that ``decide`` answers otherwise than the full search
    (under its own and today's rules, and every counterfactual of its rules when asked)."""
    names, scenarios, check, rules, game = ruling_case(ruling_id)
    rule_sets = [rules, today_rules(rules)]
    if counterfactuals:
        rule_sets += [c.rules for c in game.counterfactuals(rules)]
    wrong: list[str] = []
    for query in _queries(check):
        if query.predicate is None:
            continue
        for ruleset in rule_sets:
            start = game.state_of(scenarios[query.on or names[0]], ruleset)
            wrong += _same_answers(game, start, query)
    return wrong


@pytest.mark.parametrize("ruling_id", MODELLED)
def test_the_settled_answer_is_the_full_searchs(ruling_id: str) -> None:
    assert asked_differently(ruling_id, ruling_id in WITH_COUNTERFACTUALS) == []


def test_every_kind_of_question_is_asked() -> None:
    """The shipped checks ask both quantifiers, of outcomes that hold and that fail, so the
    comparison above meets answers settled early and answers found only after every line."""
    settled = {"early": 0, "full": 0}
    row = _row("ocg-080803-readjust-after-hand-grows")
    names = tuple(str(n) for n in row["scenario"])
    scenarios = scenarios_of(row["ruling_id"], names)
    check = read_for(parse_check(row["check"], "check"), scenarios)
    game = game_of(ruling_ruleset(row))
    start = game.state_of(scenarios[names[0]], ruling_ruleset(row))
    for query in _queries(check):
        if query.predicate is not None:
            for quantifier in ("possible", "always"):
                answer = decide(game, start, Query(quantifier, query.predicate))
                settled["early" if answer == (quantifier == "possible") else "full"] += 1
    assert settled["early"] and settled["full"]


def asked_of_events(scenario: str) -> list[str]:
    """Each question "possible / always (not) <event>" about an event some line of ``scenario``
    (a shipped one, under today's rules) sees, that ``decide`` answers otherwise than the full search."""
    from toolkit.core.predicates import HasEvent
    from toolkit.games import shipped_scenario

    position = shipped_scenario(scenario)
    game = game_of(position)
    start = game.state_of(position, None)
    found = explore_in(game, start)
    tp = start.turn_player
    events = sorted({(e.kind, e.card) for o in found.outcomes for e in o.outcome.events}, key=str)
    wrong = []
    for kind, card in events:
        for predicate in (HasEvent(kind, card), Not(HasEvent(kind, card))):
            holding = [predicate.holds(o.outcome, tp) for o in found.outcomes]
            for quantifier, answer in (("possible", any(holding)), ("always", all(holding))):
                decided = decide(game, start, Query(quantifier, predicate))
                if decided is not None and decided != answer:
                    wrong.append(f"{quantifier} {predicate} on {scenario}: {decided}, the full search {answer}")
    return wrong


@pytest.mark.parametrize("scenario", ["dm_hellfuez_harridelberg.yaml", "q_readjust_after_hand_grows.yaml"])
def test_events_seen_on_the_way_settle_as_in_the_full_search(scenario: str) -> None:
    """A position reached by lines that saw different events is walked once per set of events
    seen (in the Duel Masters position, a line where Hellfuez's effect resolved and one where it
    was cancelled meet in one position)."""
    assert asked_of_events(scenario) == []


def test_a_predicate_of_a_kind_the_merge_does_not_know_reads_every_event() -> None:
    """A predicate whose type derives from one the merge knows (here a hand count) but which also reads
    the line's events: the merge knows only the predicates it was written for, so lines with different
    events are not walked as one for it (the inherited ``relevant`` says nothing of what it reads)."""
    from dataclasses import dataclass

    from toolkit.core.predicates import Count, HasEvent
    from toolkit.core.values import Outcome
    from toolkit.games import shipped_scenario

    position = shipped_scenario("q_readjust_after_hand_grows.yaml")
    game = game_of(position)
    start = game.state_of(position, None)
    found = explore_in(game, start)
    seen = sorted({(e.kind, e.card) for o in found.outcomes for e in o.outcome.events}, key=str)

    @dataclass(frozen=True)
    class CountAfterEvent(Count):
        seen: HasEvent = HasEvent("")

        def holds(self, outcome: Outcome, turn_player: str) -> bool:
            return super().holds(outcome, turn_player) and self.seen.holds(outcome, turn_player)

    asked = 0
    for kind, card in seen:
        predicate = CountAfterEvent("hand", "TP", at_least=0, seen=HasEvent(kind, card))
        holding = [predicate.holds(o.outcome, start.turn_player) for o in found.outcomes]
        for quantifier, answer in (("possible", any(holding)), ("always", all(holding))):
            decided = decide(game, start, Query(quantifier, predicate))
            assert decided is None or decided == answer, (quantifier, kind, card)
            asked += decided is not None
    assert asked
