"""The example lines of a search up to renaming replay, after each hop, positions that many outcomes' lines
share: what one line found of them (a position's legal actions, the position after an action, a hop's cards
in place) is kept for the others of the same search. Every line is the one found line by line."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

import toolkit.core.search as search
from toolkit.core.renaming import example_actions
from toolkit.games import game_of, shipped_scenario

CASES = (("grimoire_compulsory_cyclone_2014", datetime.date(2014, 6, 2)),
         ("hysteric_sign_adjustment_2013", datetime.date(2013, 3, 30)))
"""Shipped positions whose searches rename (hands of textless cards), at their rulings' dates."""


@pytest.mark.parametrize(("scenario", "day"), CASES)
def test_the_example_lines_are_those_found_line_by_line(scenario: str, day: datetime.date,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    position = shipped_scenario(scenario)
    rules = game_of(position).rules_for(None, day)
    shared = search.explore(position, ruleset=rules)
    lines: list[tuple[Any, ...]] = []

    def one_by_one(*args: Any) -> Any:
        lines.append(found := example_actions(*args[:6]))  # (each line on its own: nothing shared)
        return found

    monkeypatch.setattr(search, "example_actions", one_by_one)
    alone = search.explore(position, ruleset=rules)
    assert [o.outcome for o in shared.outcomes] == [o.outcome for o in alone.outcomes]
    assert [o.example_actions for o in shared.outcomes] == [o.example_actions for o in alone.outcomes]
    assert len(lines) == len(shared.outcomes) > 20  # (lines renamed after hops: every outcome's)


def test_what_the_lines_keep_is_what_each_position_and_action_give(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each position kept with its legal actions, and each (position, action) with the position after it, is
    what the game gives them (checked after each line, while the search's lines are read)."""
    position = shipped_scenario("grimoire_compulsory_cyclone_2014")
    game = game_of(position)
    checked: set[Any] = set()

    placed: dict[Any, list[Any]] = {}  # the position a hop goes to -> the cards in place found for it

    class Noting:
        def __init__(self, renaming: Any) -> None:
            self.renaming = renaming

        def cards_onto(self, rep: Any, child: Any, names: Any) -> Any:
            onto = self.renaming.cards_onto(rep, child, names)
            placed.setdefault(child, []).append(onto)
            return onto

    def checking(*args: Any) -> Any:
        found = example_actions(*args[:5], Noting(args[5]), args[6])
        legal_of, after, onto_of = args[6]
        for state in legal_of.keys() - checked:
            assert legal_of[state] == game.legal_actions(state)
            checked.add(state)
        for key in after.keys() - checked:
            assert game.transition(key[0], key[1], check=False).state == after[key]
            checked.add(key)
        assert all(onto in placed.get(child, ()) for (_hop, child), onto in onto_of.items())
        return found

    monkeypatch.setattr(search, "example_actions", checking)
    search.explore(position, ruleset=game.rules_for(None, datetime.date(2014, 6, 2)))
    assert len(checked) > 10
