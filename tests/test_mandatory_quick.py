"""Mandatory quick effects (rule R5b, the card-file word ``mandatory`` of a quick effect): an effect its
card obliges its controller to use is activated as soon as it can be — no pass, nothing else first.
《光と闇の竜》 is the shipped card that needs it (its negation answers any activation, its own side's
too); the cards below are written in this file, in the wiki's manner, to set mandatory against optional."""

from __future__ import annotations

from typing import Any

from toolkit.core.actions import Pass, Perform, Respond
from toolkit.core.search import evaluate
from toolkit.engine import resolve
from toolkit.ocg.cards.base import QuickEffect
from toolkit.ocg.procedure import apply, legal_actions, withheld
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state

SPIRIT, DRAGON = "月読命", "光と闇の竜"
WARDEN = "試験用の番竜"
"""A card of this file: the Dragon's negation without its price, mandatory or not as a test asks."""


def _warden(mandatory: bool | None) -> dict[str, Any]:
    quick: dict[str, Any] = {"key": "negate an activation", "spell_speed": 2, "zones": "field",
                             "can_activate": ["face_up_on_field", "not_in_chain"], "responds_to": "any_link",
                             "do": "negate_activation", "card_activation": False}
    if mandatory is not None:
        quick["mandatory"] = mandatory
    return {"name": WARDEN, "type": "monster", "subtype": "effect", "texts": [{"quick": [quick]}]}


def _scenario(a_field: list[str], b_field: list[str], cards: tuple[dict[str, Any], ...] = ()) -> Any:
    data: dict[str, Any] = {
        "title": "a Spirit's return and a negation", "date": "2011-06-08", "turn_player": "A",
        "players": {"A": {"field": [{"name": n, "tags": ["summoned_this_turn"]} if n == SPIRIT else n
                                    for n in a_field]},
                    "B": {"field": b_field}}}
    if cards:
        data["cards"] = list(cards)
    return scenario_from_dict(data)


def _after_the_return_is_activated(scenario: Any) -> Any:
    """The position right after A activates Tsukuyomi's return (a chain of one link)."""
    state = initial_state(scenario)
    perform = next(a for a in legal_actions(state) if isinstance(a, Perform))
    return apply(state, perform)


def test_the_card_word_mandatory_of_a_quick_effect_is_read_and_defaults_to_optional() -> None:
    def quick_of(mandatory: bool | None) -> QuickEffect:
        scenario = _scenario([SPIRIT], [WARDEN], (_warden(mandatory),))
        state = initial_state(scenario)
        return state.tables.text_of(WARDEN).quick[0]

    assert quick_of(True).mandatory is True
    assert quick_of(False).mandatory is False
    assert quick_of(None).mandatory is False


def test_r5b_a_mandatory_response_leaves_no_pass() -> None:
    state = _after_the_return_is_activated(_scenario([SPIRIT], [WARDEN], (_warden(True),)))
    actions = legal_actions(state)
    assert state.priority == "B"
    assert [type(a) for a in actions] == [Respond]  # the negation only: no pass
    assert [n.rule for n in withheld(state)].count("R5b") == 1
    optional = _after_the_return_is_activated(_scenario([SPIRIT], [WARDEN], (_warden(False),)))
    assert [type(a) for a in legal_actions(optional)] == [Pass, Respond]  # optional: B may let it be
    assert "R5b" not in [n.rule for n in withheld(optional)]


def test_r5b_every_line_negates_when_the_negation_is_mandatory() -> None:
    negated = {"event": "negated", "card": SPIRIT, "by": WARDEN}
    must = _scenario([SPIRIT], [WARDEN], (_warden(True),))
    may = _scenario([SPIRIT], [WARDEN], (_warden(False),))
    assert evaluate(must, {"always": negated}).value
    assert not evaluate(may, {"always": negated}).value and evaluate(may, {"possible": negated}).value


def test_the_dragon_negates_an_activation_of_its_own_side_too() -> None:
    own = _scenario([SPIRIT, DRAGON], [])  # the real card: any_link, mandatory
    negated = {"event": "negated", "card": SPIRIT, "by": DRAGON}
    assert evaluate(own, {"always": negated}).value
    assert evaluate(own, {"always": {"event": "returned_to_hand", "card": SPIRIT}}).value


TITHE = "試験用の献上竜"
"""A card of this file: a quick effect with no link to answer, paid with 500 ATK and DEF, that must be used."""


def test_r5b_a_mandatory_quick_effect_at_an_open_game_state_comes_before_anything_else() -> None:
    quick = {"key": "pay 500 ATK and DEF, gain 500 LP", "spell_speed": 2, "zones": "field",
             "can_activate": ["face_up_on_field", {"atk_def_at_least": 500}], "cost": {"lose_atk_def": 500},
             "do": {"gain_life": 500}, "card_activation": False, "mandatory": True}
    card = {"name": TITHE, "type": "monster", "subtype": "effect", "atk": 1000, "def": 1000,
            "texts": [{"quick": [quick]}]}
    scenario = _scenario([SPIRIT, TITHE], [], (card,))
    state = initial_state(scenario)
    assert [type(a).__name__ for a in legal_actions(state)] == ["Activate"]  # not the pass, not the Spirit's return
    line = resolve(scenario)
    activated = [e for s in line.steps for e in s.events if e.kind == "activated" and e.card == TITHE]
    assert len(activated) == 2  # 1000 ATK and DEF pay twice; then the obligation ends
    assert line.final.lp("A") == 9000


def test_the_shipped_dragon_scenario_has_one_outcome_negated_four_times_then_returned() -> None:
    from pathlib import Path

    from toolkit.engine import explore
    from toolkit.ocg.scenario import load_scenario

    scenarios = Path(__file__).resolve().parent.parent / "datasets" / "scenarios"
    exploration = explore(load_scenario(scenarios / "light_and_darkness_dragon_spirit_2011.yaml"))
    assert len(exploration.outcomes) == 1  # the Dragon may not let the return through while it can pay
    assert exploration.total_lines == 32  # five activations, each performed at once or after both passed: 2**5


def test_a_mandatory_answer_to_every_link_its_own_too_is_refused_in_one_sentence() -> None:
    """A warden with no once-per-chain limit answers its own negation, and that answer, without end:
    every position of the line is new, so it is no loop. The search says so (before: 145 s, then a
    RecursionError 20,000 frames deep)."""
    import pytest

    from toolkit.core.errors import SearchBudgetExceeded
    from toolkit.core.limits import MAX_LINE_STEPS
    from toolkit.engine import explore

    endless = _warden(True)
    endless["texts"][0]["quick"][0]["can_activate"] = ["face_up_on_field"]
    with pytest.raises(SearchBudgetExceeded) as refused:
        explore(_scenario([SPIRIT], [WARDEN], (endless,)))
    message = str(refused.value)
    assert f"{MAX_LINE_STEPS:,} steps" in message and "never repeats a position" in message
    assert "\n" not in message
