"""The deciding search walks positions the same up to renaming cards once (``Game.renaming``, issue 34):
its answers are those it gives without renaming and those of the full search, for every shipped
ruling's questions (``possible`` and ``always`` of each predicate and of its negation) under the
ruling's rules, today's rules and every counterfactual of its rules.

``make test`` asks the rulings below (a textless hand discarded and grown again, a loop, a
Hysteric Sign answer under each counterfactual); ``make fuzz`` asks every shipped ruling
(tests/fuzz/test_fuzz_deciding_search.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_history_deciding_search import _queries, ruling_case

from toolkit.core.deciding_search import decide
from toolkit.core.game import Game, GameState
from toolkit.core.predicates import InZone, Not, Predicate, Query
from toolkit.core.search import explore_in
from toolkit.games import game_of
from toolkit.history.deciding import today_rules

ASKED: dict[str, bool | None] = {"ocg-080803-readjust-after-hand-grows": None, "ocg-undated-wicked-worm-beast-grimoire-loop": True,
         "ocg-130330-catsith-hysteric-sign": False, "ocg-130327-peten-adjustment": True, "ocg-230116-kelbek-tearlaments-merrli": True}
"""The rulings ``make test`` asks: under the ruling's rules and today's (True: and every counterfactual of
its rules; None: its own rules only — the biggest search)."""


def _answers(game: Game, start: GameState, asked: Predicate, found: Any) -> list[str]:
    """Where ``decide`` with renaming, without it and the full search (``found``) disagree (as text)."""
    tp = start.turn_player
    wrong = []
    for predicate, label in ((asked, "P"), (Not(asked), "not P")):
        holding = [predicate.holds(o.outcome, tp) for o in found.outcomes]
        for quantifier, full in (("possible", any(holding)), ("always", all(holding))):
            renamed = decide(game, start, Query(quantifier, predicate))
            plain = decide(game, start, Query(quantifier, predicate), rename=False)
            if renamed != plain or renamed not in (None, full):
                wrong.append(f"{quantifier} {label} ({asked}) under {start.ruleset.name}: renamed {renamed}, "
                             f"not renamed {plain}, the full search {full}")
    return wrong


def _renamed_names(game: Game, start: GameState) -> list[str]:
    """The first two names of each class the game would rename in ``start`` (a question about one
    keeps it out of its class: asked too, under the ruling's own rules)."""
    from toolkit.ocg.renaming import name_classes

    return [name for names in name_classes(start) for name in names[:2]] if game.name == "ocg" else []


def renamed_differently(ruling_id: str, counterfactuals: bool | None) -> tuple[list[str], int]:
    """Each question of the ruling's check answered otherwise with renaming — and, for each starting
    position, whether a card of a class ends in the graveyard — and how many of its starting
    positions the game renames in (so a sweep can tell it met some)."""
    names, scenarios, check, rules, game = ruling_case(ruling_id)
    rule_sets = [rules] + ([] if counterfactuals is None else [today_rules(rules)]) + (
        [c.rules for c in game.counterfactuals(rules)] if counterfactuals else [])
    wrong: list[str] = []
    renamed = 0
    searched: dict[GameState, Any] = {}
    for query in _queries(check):
        if query.predicate is None:
            continue
        for ruleset in rule_sets:
            start = game.state_of(scenarios[query.on or names[0]], ruleset)
            renamed += game.renaming(start, frozenset()) is not None
            if start not in searched:
                searched[start] = explore_in(game, start)
                if ruleset is rules:
                    wrong += [w for name in _renamed_names(game, start)
                              for w in _answers(game, start, InZone("graveyard", name), searched[start])]
            wrong += _answers(game, start, query.predicate, searched[start])
    return wrong, renamed


@pytest.mark.parametrize("ruling_id", sorted(ASKED))
def test_renaming_answers_as_without_it_and_as_the_full_search(ruling_id: str) -> None:
    wrong, renamed = renamed_differently(ruling_id, ASKED[ruling_id])
    assert wrong == []
    assert renamed  # (these positions hold cards that differ only in their names)


def test_a_game_without_renaming_walks_as_before() -> None:
    """Duel Masters keeps the default: no position stands for another up to card names."""
    from toolkit.games import shipped_scenario

    position = shipped_scenario("dm_hellfuez_harridelberg")
    game: Any = game_of(position)
    assert game.renaming(game.state_of(position, None), frozenset()) is None
