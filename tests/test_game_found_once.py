"""An entry point finds the position's game once and tells the layers below it: a question
(``ask``), ``explore``, ``resolve`` and ``evaluate`` look the game up in the registry
(``toolkit.core.game.game_of``) once, however many steps, lines and modules they go through
(a question looked it up 15 times, 224 with its why — once per counterfactual run and more —
and a resolve once per step)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import toolkit
from toolkit.core import game as core_game
from toolkit.history.asking import ask

QUESTION = {"possible": {"event": "activated", "card": "ヒステリック・サイン"}}


def _look_ups(call: Callable[[], Any]) -> int:
    code, found = core_game.game_of.__code__, [0]

    def count(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is code:
            found[0] += 1

    sys.setprofile(count)
    try:
        call()
    finally:
        sys.setprofile(None)
    return found[0]


def test_a_question_finds_its_game_once() -> None:
    sign = toolkit.seed_scenario("q_hysteric_sign_adjustment")
    question = {"always": {"not": {"event": "activated", "card": "ヒステリック・サイン"}}}  # asked nowhere else
    assert _look_ups(lambda: ask(sign, question, "2013-03-31", why=False)) == 1


def test_a_question_with_its_why_does_not_look_the_game_up_per_counterfactual() -> None:
    sign = toolkit.seed_scenario("q_hysteric_sign_adjustment")
    question = {"possible": {"not": {"event": "activated", "card": "ヒステリック・サイン"}}}  # asked nowhere else
    answer: list[Any] = []
    found = _look_ups(lambda: answer.append(ask(sign, question, "2013-04-01")))
    assert len(answer[0].tried) > 10 and found <= 6  # a few (naming the deciding rule), not one per run


def test_the_engine_entry_points_find_the_game_once() -> None:
    sign = toolkit.seed_scenario("q_hysteric_sign_adjustment")
    assert _look_ups(lambda: toolkit.resolve(sign)) == 1  # not once per step
    assert _look_ups(lambda: toolkit.explore(sign).outcomes[0].example) == 1  # nor per example line
    assert _look_ups(lambda: toolkit.evaluate(sign, QUESTION)) == 1
