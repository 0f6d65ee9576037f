"""A State built by hand whose pending processes are not listed in R6's order (controller, card, effect
key) stands for the same position as the one listed in order: every way of building a State from outside
the procedure (``State(...)``, ``dataclasses.replace``, ``evolve(pending=...)``, ``build_state``,
unpickling) puts them in that order, so the search from it reaches the States of the ordinary search — the
steps' fast paths (R6's incremental update keeps the list it is given when no card changed) would
otherwise hand the hand-built order on. R6's order is the procedure's own under every shipped ruleset,
the video game's too: its ``process_order`` (V1) is the order the system performs them in, read at each
step from the list, not the list's order."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest
from engine_positions import reachable
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.core.search import explore
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.procedure import legal_actions, transition
from toolkit.ocg.procedure.pending import PROCESS_ORDER
from toolkit.ocg.rulesets import RULESETS, VIDEO_GAME, Ruleset
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import STATE_FIELDS, State, build_state
from toolkit.ocg.video_game import reversed_kind_order

RULES: dict[str, Ruleset] = {**RULESETS, "video_game/reversed kinds": RULESETS[VIDEO_GAME].with_flags(
    process_order=reversed_kind_order, name="video_game/reversed kinds")}
"""Every shipped ruleset, and the video game under the other system order its module offers."""


def _in_r6_order(state: State) -> bool:
    return list(state.pending) == sorted(state.pending, key=PROCESS_ORDER)


def _outcomes(state: State) -> tuple[object, ...]:
    found = explore(state, max_states=20_000)
    return found.total_lines, tuple((o.outcome, o.lines) for o in found.outcomes)


def test_pending_listed_out_of_order_reaches_the_positions_of_the_ordered_list() -> None:
    start = initial_state(FAMILIES["mixed"](5))
    assert len(start.pending) >= 2 and _in_r6_order(start)
    shuffled = start.evolve(pending=tuple(reversed(start.pending)))
    ordered = set(reachable(start, 3000)) - {start}
    from_shuffled = set(reachable(shuffled, 3000)) - {shuffled}
    assert from_shuffled == ordered


def test_every_way_of_building_a_state_from_outside_lists_its_pending_processes_in_r6_order() -> None:
    start = initial_state(FAMILIES["all distinct"](6))  # (processes of cards and of lingering effects)
    assert len(start.pending) >= 3 and any(p.lingering for p in start.pending) and _in_r6_order(start)
    backwards = tuple(reversed(start.pending))
    values = {name: getattr(start, name) for name in STATE_FIELDS}
    built = {
        "State(...)": State(**{**values, "pending": backwards}, catalogue=start.tables.catalogue),
        "State(...) from a list": State(**{**values, "pending": list(backwards)}, catalogue=start.tables.catalogue),
        "dataclasses.replace": dataclasses.replace(start, pending=backwards),
        "evolve": start.evolve(pending=backwards),
        "evolve with a new ruleset": start.evolve(pending=backwards, ruleset=RULESETS[VIDEO_GAME]).evolve(
            ruleset=start.ruleset),
        "build_state": build_state((backwards if name == "pending" else value for name, value in values.items()),
                                   start.tables),
    }
    unordered = start._evolve_in_order(pending=backwards)  # (the procedure's own, unsorted: only to pickle)
    built["unpickled"] = pickle.loads(pickle.dumps(unordered))
    built["copied"] = copy.deepcopy(unordered)
    for how, state in built.items():
        assert state == start and hash(state) == hash(state.evolve()) == hash(start), how
        assert state.pending == start.pending and type(state.pending) is tuple, how
    assert start.evolve(pending=start.pending).pending is start.pending  # (in order already: the same tuple)


def test_every_public_method_of_a_state_taking_its_fields_puts_the_pending_processes_in_r6_order() -> None:
    """The procedure's own way of building a State that keeps a pending list as given (it is in R6's order
    already) is private: public, ``State.evolve_in_order`` let a caller outside the engine build the unsorted
    State this file's other tests guard against."""
    import inspect

    start = initial_state(FAMILIES["all distinct"](6))
    backwards = tuple(reversed(start.pending))
    taking_fields = [name for name, member in inspect.getmembers(State, callable) if not name.startswith("_")
                     and any(p.kind is p.VAR_KEYWORD for p in inspect.signature(member).parameters.values())]
    assert "evolve" in taking_fields
    for name in taking_fields:
        built = getattr(start, name)(pending=backwards)
        assert built.pending == start.pending and built == start, name


@pytest.mark.parametrize("name", sorted(RULES))
def test_under_every_ruleset_the_search_keeps_r6_order_and_a_shuffled_start_reaches_the_same(name: str) -> None:
    rules = RULES[name]
    start = initial_state(FAMILIES["mixed"](4), ruleset=rules)
    assert len(start.pending) >= 3 and start.ruleset is rules
    states = reachable(start, 3000)
    assert all(_in_r6_order(s) for s in states)  # type: ignore[arg-type]  # the procedure's order is R6's
    rotated = start.pending[1:] + start.pending[:1]
    shuffled = start.evolve(pending=rotated)
    assert set(reachable(shuffled, 3000)) - {shuffled} == set(states) - {start}
    assert _outcomes(shuffled) == _outcomes(start)
    assert shuffled == start


@st.composite
def _positions_with_pending_shuffled(draw: st.DrawFn) -> tuple[State, State]:
    """A position of a family (any ruleset), some random steps in, and the same position with its pending
    processes listed in a random order."""
    family = draw(st.sampled_from(sorted(FAMILIES)))
    rules = RULES[draw(st.sampled_from(sorted(RULES)))]
    state = initial_state(FAMILIES[family](draw(st.integers(3, 6))), ruleset=rules)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    for _ in range(draw(st.integers(0, 8))):  # (while two processes or more stay pending)
        actions = legal_actions(state) if not state.is_over else ()
        if not actions:
            break
        nxt = transition(state, actions[rng.randrange(len(actions))]).state
        if len(nxt.pending) < 2:
            break
        state = nxt
    order = draw(st.permutations(range(len(state.pending))))
    return state, state.evolve(pending=tuple(state.pending[i] for i in order))


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(_positions_with_pending_shuffled())
def test_property_any_order_of_the_pending_processes_reaches_the_same_positions_outcomes_and_lines(
        pair: tuple[State, State]) -> None:
    state, shuffled = pair
    assert set(reachable(shuffled, 3000)) - {shuffled} == set(reachable(state, 3000)) - {state}
    assert _outcomes(shuffled) == _outcomes(state)
    assert shuffled == state and _in_r6_order(shuffled)


def test_a_copy_of_a_state_of_a_scenarios_own_cards_reads_them_and_lists_its_pending_processes_in_r6_order() -> None:
    """``copy.copy``, ``copy.deepcopy`` and ``dataclasses.replace`` keep the cards a State was looked up
    in (a scenario's own cards: not in the default catalogue) — rebuilding it from its fields alone would
    look its cards up in the default catalogue and not find them — and still put the pending processes
    in R6's order."""
    from toolkit.ocg.cards.base import CardBehaviour, CardText, CardType, EndPhaseEffect, face_up_on_field
    from toolkit.ocg.scenario import CardSpec, PlayerSetup, Scenario

    def destroy_itself(board: object, act: object) -> None:
        board.destroy(act.card.uid)  # type: ignore[attr-defined]

    name = "テスト用：自作の残存カード"
    own = CardBehaviour(name=name, card_type=CardType.MONSTER, texts=(CardText(end_phase=tuple(EndPhaseEffect(
        key=key, mandatory=True, chain_link=False, applies=face_up_on_field, resolve=destroy_itself)
        for key in ("first", "second"))),))
    start = initial_state(Scenario(title="own cards", turn_player="A", cards=(own,),
                                   players={"A": PlayerSetup(field=(CardSpec(name),)), "B": PlayerSetup()}))
    assert len(start.pending) == 2 and _in_r6_order(start)
    unordered = start._evolve_in_order(pending=tuple(reversed(start.pending)))  # (the procedure's own, unsorted)
    for how, copied in (("copy", copy.copy(unordered)), ("deepcopy", copy.deepcopy(unordered)),
                        ("dataclasses.replace", dataclasses.replace(unordered, passes=unordered.passes))):
        assert copied == start and copied.pending == start.pending, how
        assert copied.tables.catalogue is start.tables.catalogue and name in copied.tables.catalogue, how


def test_an_unpickled_state_reads_the_scenarios_own_cards_it_was_built_with() -> None:
    """A State pickled with a scenario's own card — here one that takes the place of a shipped card of
    the same name (``shadows: true``) — is unpickled reading that card, not the shipped one, and lists
    its pending processes in R6's order; one of a card written in Python (no data to carry) is refused
    with a line naming it, not rebuilt with other cards."""
    from toolkit.ocg.cards.base import CardBehaviour, CardText, CardType
    from toolkit.ocg.scenario import CardSpec, PlayerSetup, Scenario, scenario_from_dict

    lyla = "ライトロード・マジシャン ライラ"
    start = initial_state(scenario_from_dict({
        "title": "a shipped name of the scenario's own", "turn_player": "A",
        "players": {"A": {"field": [lyla]}, "B": {}},
        "cards": [{"name": lyla, "shadows": True, "type": "monster", "subtype": "normal"}]}))
    assert start.tables.catalogue.is_user_card(lyla) and start.pending == ()
    back = pickle.loads(pickle.dumps(start))
    assert back == start and back.tables.catalogue == start.tables.catalogue, "the shipped card came back"
    assert back.tables.catalogue.is_user_card(lyla) and back.text(back.cards[0]) == start.text(start.cards[0])
    shipped = pickle.loads(pickle.dumps(initial_state(FAMILIES["mixed"](4))))
    assert _in_r6_order(shipped) and not shipped.tables.catalogue.user_files  # (the default cards: as before)
    python_card = CardBehaviour(name="テスト用：Pythonのカード", card_type=CardType.MONSTER, texts=(CardText(),))
    in_python = initial_state(Scenario(title="a card written in Python", turn_player="A", cards=(python_card,),
                                       players={"A": PlayerSetup(field=(CardSpec(python_card.name),)),
                                                "B": PlayerSetup()}))
    with pytest.raises(pickle.PicklingError, match="テスト用：Pythonのカード"):
        pickle.dumps(in_python)
