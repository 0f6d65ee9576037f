"""Steps left for later where the search groups actions (``remembered.steps_before_grouping``): the
grouping judges a process performed by a remembered change from the change (``toolkit.ocg.quiet_changes``)
exactly as it judges the position the change makes, on every position of the issue-34 families and of
shipped scenarios — so the reduced search is the one it was (tests/engine/test_issue34_families.py and
test_reduction.py compare it with the full search)."""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from families import DIFFERENT, FAMILY_NAMES, MIXED, position  # noqa: E402

from toolkit.core.later import LaterStep  # noqa: E402
from toolkit.core.search import explore  # noqa: E402
from toolkit.ocg import independence, procedure, quiet_changes, symmetry  # noqa: E402
from toolkit.ocg.procedure import remembered  # noqa: E402
from toolkit.ocg.scenario import seed_scenario  # noqa: E402
from toolkit.ocg.setup import initial_state  # noqa: E402
from toolkit.ocg.state import State, Step  # noqa: E402

SCENARIOS = ("lyla_veiler_2011", "arcana_force_ohka_veiler_2012", "mist_archfiend_enemy_controller")


def _positions(start: State, limit: int = 1500) -> list[State]:
    """Positions reached from ``start`` (breadth first, at most ``limit``), after a search has filled the memo."""
    explore(start)
    seen, todo, found = {start}, deque([start]), []
    while todo and len(found) < limit:
        state = todo.popleft()
        found.append(state)
        for action in procedure.legal_actions(state):
            child = procedure.successor(state, action, check=False)[0]
            if isinstance(child, State) and child not in seen:
                seen.add(child)
                todo.append(child)
    return found


def _starts() -> list[tuple[str, State]]:
    starts = [(f"{family} n={n}", initial_state(position(family, n)))
              for family in FAMILY_NAMES for n in ((4,) if family == DIFFERENT else (6, 9) if family == MIXED else (6,))]
    return starts + [(name, initial_state(seed_scenario(name))) for name in SCENARIOS]


STARTS = _starts()
NOTHING_LEFT_FOR_LATER = ("(e) different n=4", "arcana_force_ohka_veiler_2012")
"""Starts none of whose steps is left for later (a card there may answer or watch the processes)."""


def _judged(state: State) -> list[tuple[Any, Any]]:
    """(the change's judgement, the made position's) of each candidate whose step is left for later."""
    actions = procedure.legal_actions(state)
    steps = remembered.steps_before_grouping(state, actions, procedure.successor)
    out = []
    for i, process, at, own, life, mill in independence._candidates(state, actions):
        later = steps[i]
        if not isinstance(later, remembered.Remembered):
            continue
        judged = quiet_changes.judge_change(state, process, at, own, later.reach, later.change, life, mill)
        if judged is None:
            continue
        child = later.made()[0]
        looked: Any = False
        if independence._quiet(state, process, at, own, child, life, mill):
            sent = quiet_changes.milled_between(state, child.decks, child.anonymous) if mill else None
            looked = False if mill and sent is None else (independence._control(child), sent)
        out.append((judged, looked))
    return out


@pytest.mark.parametrize(("name", "start"), STARTS, ids=[name for name, _ in STARTS])
def test_a_change_is_judged_as_the_position_it_makes(name: str, start: State) -> None:
    pairs = [pair for state in _positions(start) for pair in _judged(state)]
    assert all(judged == looked for judged, looked in pairs), name
    if name in NOTHING_LEFT_FOR_LATER:
        assert pairs == [], name  # the controls: no process of theirs is performed by a remembered change
    else:
        assert pairs, name  # (a case judging nothing would pass the check above without checking anything)
    if MIXED in name:  # the family this was made for: candidates judged from their change and grouped
        assert len(pairs) > 50 and any(judged for judged, _ in pairs)


@pytest.mark.parametrize(("name", "start"), STARTS, ids=[name for name, _ in STARTS])
def test_the_groups_are_those_of_the_steps_made(name: str, start: State) -> None:
    later_left = 0
    for state in _positions(start, 600):
        actions = procedure.legal_actions(state)
        if len(actions) < 2:
            continue
        steps = remembered.steps_before_grouping(state, actions, procedure.successor)
        later_left += sum(isinstance(s, LaterStep) for s in steps)
        made = [procedure.successor(state, action, check=False) for action in actions]
        assert symmetry.reduced_groups(state, actions, steps) == symmetry.reduced_groups(state, actions, made)
        # (the grouping wrote back the steps it made; each later one makes the step the procedure makes)
        assert [s.made() if isinstance(s, LaterStep) else s for s in steps] == made
    if MIXED in name:
        assert later_left > 100


def test_no_step_is_left_for_later_with_the_memo_switched_off(monkeypatch: Any) -> None:
    start = initial_state(position(MIXED, 6))
    explore(start)  # the memo filled
    state = next(s for s in _positions(start) if len(procedure.legal_actions(s)) > 2)
    actions = procedure.legal_actions(state)
    assert any(isinstance(s, LaterStep) for s in remembered.steps_before_grouping(state, actions, procedure.successor))
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))
    assert not any(isinstance(s, LaterStep)
                   for s in remembered.steps_before_grouping(state, actions, procedure.successor))


def _mutations(state: State, process: Any, change: Any) -> list[Any]:
    """Changes a shipped card's remembered change never is, each making the position differ from a quiet
    one in one way: a process left pending, life points lost, a deck or the unnamed cards' counts changed
    (a card milled, or one drawn: a mill may not say so), another card changed, each control field the
    change sets changed."""
    import dataclasses

    (d0, h0, g0), other = state.anonymous
    another = next(uid for uid in range(len(state.cards)) if uid != process.source)
    return [dataclasses.replace(change, own_pending=(process,)), dataclasses.replace(change, life=(-500, 0)),
            dataclasses.replace(change, decks=(state.decks[0] + (another,), state.decks[1])),
            dataclasses.replace(change, anonymous=((d0 - 1, h0, g0 + 1), other)),
            dataclasses.replace(change, cards=(*change.cards, (another, state.cards[another]))),
            dataclasses.replace(change, passes=change.passes + 1),
            dataclasses.replace(change, step=Step.CHAIN if change.step is Step.OPEN else Step.OPEN),
            dataclasses.replace(change, priority="B" if change.priority == "A" else "A"),
            dataclasses.replace(change, forced=None if change.forced else "A"),
            dataclasses.replace(change, after_chain=None if change.after_chain else "A"),
            dataclasses.replace(change, anonymous=((d0 - 1, h0 + 1, g0), other))]


@pytest.mark.parametrize("start", [initial_state(position(MIXED, 6)), initial_state(seed_scenario("lyla_veiler_2011"))],
                         ids=["mixed", "lyla"])
def test_a_change_of_any_kind_is_judged_as_the_position_it_makes(start: State) -> None:
    checked = unsure = mills = 0
    for state in _positions(start, 300):
        actions = procedure.legal_actions(state)
        steps = remembered.steps_before_grouping(state, actions, procedure.successor)
        for i, process, at, own, life, mill in independence._candidates(state, actions):
            later = steps[i]
            if not isinstance(later, remembered.Remembered):
                continue
            for life_ok in (life, not life):
                for change in _mutations(state, process, later.change):
                    judged = quiet_changes.judge_change(state, process, at, own, later.reach, change, life_ok, mill)
                    if judged is None:
                        unsure += 1
                        continue
                    child = remembered.Remembered(state, later.reach, change).made()[0]
                    looked: Any = False
                    if independence._quiet(state, process, at, own, child, life_ok, mill):
                        sent = quiet_changes.milled_between(state, child.decks, child.anonymous) if mill else None
                        looked = False if mill and sent is None else (independence._control(child), sent)
                    assert judged == looked
                    checked += 1
                    mills += mill
    assert checked > 20 and unsure > 0
    assert mills > 10  # (mills judged from their change: the decks and counts they leave read)


def test_a_change_remembered_under_another_rule_set_of_the_day_is_not_left_for_later() -> None:
    """Rule sets of one day share the position tables, so the memo: a change kept under the rules of the
    day is not handed to a search under the same day with a rule changed (who holds priority after a
    process), whose step gives another position."""
    import dataclasses

    start = initial_state(position(MIXED, 6))
    changed = dataclasses.replace(start.ruleset, priority_after_forced_process="opponent",
                                  priority_after_voluntary_process="opponent")
    assert start.evolve(ruleset=changed).tables is start.tables
    differ = 0
    for state in _positions(start, 300):
        actions = procedure.legal_actions(state)
        kept = [procedure.successor(state, action, check=False) for action in actions]  # the day's changes kept
        there = state.evolve(ruleset=changed)
        steps = remembered.steps_before_grouping(there, actions, procedure.successor)
        made = [procedure.successor(there, action, check=False) for action in actions]
        assert [s.made() if isinstance(s, LaterStep) else s for s in steps] == made
        differ += sum(a[0].priority != b[0].priority for a, b in zip(kept, made) if isinstance(a[0], State))
    assert differ > 50  # (the changed rule gives other positions)
