"""Hypothesis properties on random card definitions: every generated card loads
or is refused with one clear ToolkitError; the loaded ones play through explore."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.core.limits import SearchBudgetExceeded
from toolkit.engine import explore
from toolkit.errors import ToolkitError
from toolkit.ocg.cards import shipped_catalogue
from toolkit.ocg.cards.data.conditions import CONDITIONS
from toolkit.ocg.cards.data.reading import compile_cards
from toolkit.ocg.scenario import scenario_from_dict

_names = (f"乱数札{i}" for i in itertools.count())
BARE_CONDITIONS = sorted(name for name, t in CONDITIONS.terms.items() if not any(p.required for p in t.params))
ZONES = ["hand", "field", "gy", "deck", "banished", "yard"]  # "yard" is not a zone: refused
FILTERS = st.fixed_dictionaries({}, optional={
    "zones": st.sampled_from(ZONES), "side": st.sampled_from(["you", "opponent", "both", "them"]),
    "monster": st.booleans(), "face_up": st.booleans(), "not_itself": st.booleans(),
    "kind": st.sampled_from(["tuner", "synchro", "normal", "tunr"]) | st.just(["synchro", "tuner"]),
    "not_kind": st.sampled_from(["tuner", "effect"]), "level_at_most": st.integers(0, 12) | st.just("four")})
KINDS = ["effect", "normal", "tuner, effect", "synchro, tuner", "fusion", "tunner"]  # "tunner" is no kind: refused
CONDITION = st.one_of(
    st.sampled_from(BARE_CONDITIONS + ["face_up_on_feld", "sometimes"]),
    st.builds(lambda z: {"in_zone": z}, st.sampled_from(ZONES)),
    st.builds(lambda f: {"exists": f}, FILTERS),
    st.builds(lambda f: {"none": f}, FILTERS),
    st.builds(lambda z, up: {"destroyed_this_turn": {"destroyed_in": z, "face_up": up}}, st.sampled_from(ZONES),
              st.booleans() | st.just("yes")),
)
SELECTOR = st.one_of(st.sampled_from(["itself", "target", "cost", "lingering_target", "picked", "everyone"]),
                     st.builds(lambda f: {"first": f}, FILTERS), st.builds(lambda f: {"each": f}, FILTERS))
CARD_VERBS = ["send_to_gy", "destroy", "banish", "return_to_hand", "add_to_hand", "discard", "special_summon",
              "change_position", "return_control"]
SIMPLE_STEP = st.one_of(
    st.builds(lambda v, s: {v: s}, st.sampled_from(CARD_VERBS + ["destory"]), SELECTOR),
    st.builds(lambda v, n: {v: n}, st.sampled_from(["mill", "draw", "damage", "gain_life"]),
              st.integers(min_value=-1, max_value=3) | st.just("two")),
    st.sampled_from(["skip_next_turn", "negate_activation"]),
)
ALTERNATIVE = st.fixed_dictionaries({"label": st.sampled_from(["one", "two", "three"]), "do": SIMPLE_STEP},
                                    optional={"can_choose": CONDITION})
STEP = SIMPLE_STEP | st.builds(lambda options: {"either": options}, st.lists(ALTERNATIVE, min_size=1, max_size=3))
CHOOSE = st.one_of(st.builds(lambda f: {"target": f}, FILTERS), st.builds(lambda f: {"pick": f}, FILTERS),
                   st.builds(lambda f, n: {"pick": {"filter": f, "count": n}}, FILTERS, st.integers(0, 2)))
END_PHASE = st.fixed_dictionaries(
    {"key": st.just("effect"), "mandatory": st.booleans(), "chain_link": st.booleans(),
     "when": st.lists(CONDITION, min_size=1, max_size=3), "do": st.lists(STEP, min_size=1, max_size=2)},
    optional={"choose": CHOOSE,
              "timing": st.sampled_from(["when", "during_end_phase", "later"])})
TRIGGER = st.fixed_dictionaries(
    {"key": st.just("trigger"), "on": st.sampled_from(["sent_to_gy", "destroyed", "discarded", "milled", "born"]),
     "mandatory": st.booleans(), "do": st.lists(STEP, min_size=1, max_size=2)},
    optional={"zones": st.sampled_from(ZONES), "scope": st.sampled_from(["self", "any"])})
CARD = st.fixed_dictionaries(
    {"type": st.sampled_from(["monster", "spell", "trap", "token"])},
    optional={"subtype": st.sampled_from(KINDS), "level": st.integers(1, 12), "texts": st.lists(st.fixed_dictionaries({}, optional={
        "end_phase": st.lists(END_PHASE, max_size=2), "triggers": st.lists(TRIGGER, max_size=1)}),
        min_size=1, max_size=1)})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CARD)
def test_random_cards_load_or_are_refused_clearly(card: dict[str, Any]) -> None:
    name = next(_names)
    try:
        [behaviour] = _own([dict(card, name=name)])
    except ToolkitError as exc:
        message = str(exc)
        assert "\n" not in message and "random.yaml" in message and name in message
        return
    assert behaviour.name == name
    position = scenario_from_dict({"title": "random", "turn_player": "A", "date": "2024-01-01", "players": {
        "A": {"field": [name, "光神機−桜火"], "hand": ["黄泉ガエル"], "deck": ["イピリア", "サイクロン"],
              "graveyard": ["ダンディライオン"]},
        "B": {"field": ["ミストデーモン"], "deck": ["黄泉ガエル"]}}}, cards=[behaviour])
    try:
        found = explore(position, max_states=3_000)
    except SearchBudgetExceeded:
        return
    assert found.total_lines >= 1


def _own(cards: list[dict[str, Any]]) -> list[Any]:
    """The cards compiled as a scenario's ``cards:`` list and checked beside the shipped ones."""
    compiled = [loaded.behaviour for loaded in compile_cards(cards, "random.yaml", where="cards")]
    shipped_catalogue().with_cards(compiled)
    return compiled


def _first(condition: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """A card of the grammar that meets ``condition`` (hypothesis.find's 2000 tries, or NoSuchExample), as
    generated: not shrunk to the smallest such card, which re-loaded cards for ~40 s and checks nothing more."""
    from hypothesis import Phase, find

    return find(CARD, condition, settings=settings(max_examples=2000, phases=(Phase.generate,)))


def test_the_generator_makes_cards_that_load() -> None:
    """The property above is only worth something if many random cards do load."""
    card = _first(lambda c: bool(c.get("texts")) and bool(c["texts"][0].get("end_phase")) and _loads(c))
    assert card["texts"][0]["end_phase"]


def test_the_generator_hits_either_pick_and_kind_filters_that_load() -> None:
    """The grammar reaches the vocabulary added for alternatives, non-targeting picks, kinds and how a
    card got to the GY."""
    def uses(card: dict[str, Any], *words: str) -> bool:
        text = repr(card)
        return all(w in text for w in words)

    for words in (("'either'",), ("'pick'",), ("'kind'",), ("'subtype'",), ("'destroyed_in'",)):
        card = _first(lambda c, w=words: uses(c, *w) and _loads(c))
        assert uses(card, *words)


def _loads(card: dict[str, Any]) -> bool:
    try:
        _own([dict(card, name=next(_names))])
    except ToolkitError:
        return False
    return True
