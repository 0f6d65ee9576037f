"""The check language of the ruling history (toolkit.ruling_checks): the
engine's quantified queries, ordered events (possible / always / default),
``without``, and/or/not, and ``scenario`` to run one query on another file."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.core.predicates import parse_predicate
from toolkit.history.checks import (
    AllChecks,
    CheckError,
    NotCheck,
    QueryCheck,
    cards_named,
    check_text,
    order_search,
    parse_check,
    predicates_of,
    run_check,
    scenarios_named,
)
from toolkit.ocg.rulesets import get_ruleset, ruleset_at
from toolkit.ocg.scenario import seed_scenario
from toolkit.ocg.setup import as_state

SIGN = "ヒステリック・サイン"
CYCLONE = "サイクロン"


def run(check: Any, *names: str, rules: Any = "ocg") -> Any:
    return run_check(parse_check(check), {n: seed_scenario(n) for n in names}, rules)


# --------------------------------------------------------------------------
# Reading checks
# --------------------------------------------------------------------------


def test_parse_query_and_combinations() -> None:
    check = parse_check({"and": [{"possible": {"event": "activated", "card": SIGN}},
                                 {"not": {"always_order": [{"event": "hand_adjusted"}], "scenario": "x.yaml"}}]})
    assert isinstance(check, AllChecks)
    first, second = check.items
    assert isinstance(first, QueryCheck) and first.quantifier == "possible" and first.on is None
    assert isinstance(second, NotCheck) and isinstance(second.inner, QueryCheck)
    assert second.inner.on == "x.yaml" and len(second.inner.order) == 1
    assert scenarios_named(check) == ("x.yaml",)
    assert cards_named(check) == (SIGN,)
    assert len(predicates_of(check)) == 2


def test_parse_json_text_round_trips_through_check_text() -> None:
    check = parse_check('{"possible_order": [{"event": "hand_adjusted"}, {"event": "activated", "card": "X"}],'
                        ' "without": {"event": "drew"}}')
    assert isinstance(check, QueryCheck) and check.without is not None
    assert parse_check(check_text(check)) == check


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{possible", "check: not valid JSON"),
        ([1, 2], "expected a mapping"),
        ({}, "expected exactly one of"),
        ({"possible": {"event": "activated"}, "always": {"loop": True}}, "expected exactly one of"),
        ({"sometimes": {"loop": True}}, "unknown key 'sometimes'"),
        ({"and": []}, "check.and: expected a non-empty list"),
        ({"possible_order": {"event": "activated"}}, "check.possible_order: expected a non-empty list"),
        ({"possible": {"event": "exploded"}}, "unknown event 'exploded'"),
        ({"possible_order": [{"event": "activated", "colour": "red"}]}, "check.possible_order[0]: an event predicate has no key 'colour'"),
        ({"possible": {"loop": True}, "without": {"event": "drew"}}, "only an order"),
        ({"and": [{"possible": {"loop": True}}], "scenario": "x.yaml"}, "check.scenario: names a scenario file"),
        ({"possible": {"event": "damage", "player": "C"}}, "player must be one of"),
    ],
)
def test_bad_checks_name_the_part(data: Any, message: str) -> None:
    with pytest.raises(CheckError) as info:
        parse_check(data)
    assert message in str(info.value)


# --------------------------------------------------------------------------
# Running checks
# --------------------------------------------------------------------------


def test_engine_quantifiers_follow_the_rules_of_the_date() -> None:
    check = {"possible": {"event": "activated", "card": SIGN}}
    assert run(check, "q_hysteric_sign_adjustment", rules=ruleset_at("2013-03-30")).answer == "yes"
    assert run(check, "q_hysteric_sign_adjustment", rules=ruleset_at("2016-07-08")).answer == "no"


def test_possible_order_distinguishes_before_and_after_the_adjustment() -> None:
    after = {"possible_order": [{"event": "hand_adjusted"}, {"event": "activated", "card": CYCLONE}]}
    before = {"possible_order": [{"event": "activated", "card": CYCLONE}, {"event": "hand_adjusted"}]}
    assert run(after, "quick_effect_after_adjustment_2012").answer == "no"
    result = run(before, "quick_effect_after_adjustment_2012")
    assert result.answer == "yes"
    line = result.parts[0].line
    actions = [repr(s.action) for s in line]
    assert any(CYCLONE in a for a in actions) and line[-1].rule == "E1"  # the witness runs to the end


def test_chaining_to_an_adjustment_trigger_is_ordered_after_it() -> None:
    check = {"possible_order": [{"event": "activated", "card": "暗黒界の書物"}, {"event": "activated", "card": CYCLONE}]}
    assert run(check, "chain_to_grimoire_2012", rules=ruleset_at("2012-08-08")).answer == "yes"
    assert run(check, "chain_to_grimoire_2012", rules=get_ruleset("ocg-2008")).answer == "no"


def test_always_order_and_its_counter_example() -> None:
    ends = {"always_order": [{"event": "effect_ended", "card": "エネミーコントローラー"}, {"event": "hand_adjusted"},
                             {"event": "effect_ended", "card": "禁じられた聖杯"}]}
    assert run(ends, "q_until_end_phase_vs_end_of_turn").answer == "yes"
    reversed_ends = {"always_order": [{"event": "effect_ended", "card": "禁じられた聖杯"}, {"event": "hand_adjusted"}]}
    result = run(reversed_ends, "q_until_end_phase_vs_end_of_turn")
    assert result.answer == "no" and result.parts[0].line  # a counter-example line


def test_default_order_is_the_both_pass_line() -> None:
    tp_first = [{"event": "returned_to_hand", "player": "TP"}, {"event": "returned_to_hand", "player": "TP"},
                {"event": "returned_to_hand", "player": "NTP"}, {"event": "returned_to_hand", "player": "NTP"}]
    assert run({"default_order": tp_first}, "tsukuyomi_asura_vs_yamata_hino").answer == "yes"
    ntp_first = list(reversed(tp_first))
    assert run({"default_order": ntp_first}, "tsukuyomi_asura_vs_yamata_hino").answer == "no"
    assert run({"possible_order": ntp_first}, "tsukuyomi_asura_vs_yamata_hino").answer == "yes"


def test_without_breaks_a_sequence() -> None:
    bounce_then_cyclone = [{"event": "returned_to_hand", "card": "イピリア"}, {"event": "activated", "card": CYCLONE}]
    rules = ruleset_at("2014-06-02")
    assert run({"possible_order": bounce_then_cyclone}, "grimoire_compulsory_cyclone_2014", rules=rules).answer == "yes"
    assert run({"possible_order": bounce_then_cyclone, "without": {"event": "hand_adjusted"}},
               "grimoire_compulsory_cyclone_2014", rules=rules).answer == "no"


def test_loops_end_a_line_in_an_order_search() -> None:
    start = as_state(seed_scenario("worm_beast_grimoire_loop_2013"), ruleset=get_ruleset("ocg-2013"))
    order = [parse_predicate({"event": "returned_to_hand", "card": "邪悪なるワーム・ビースト"})] * 3
    answer, line = order_search(start, order, every=False)
    assert answer and len(line) > 3
    never = [parse_predicate({"event": "banished"})]
    assert order_search(start, never, every=False)[0] is False
    assert order_search(start, never, every=True)[0] is False


def test_scenario_key_runs_a_query_on_another_file_and_all_parts_are_reported() -> None:
    check = {"and": [{"always": {"event": "damage", "card": "死霊の誘い"},
                      "scenario": "farfa_skull_invitation_pikeru_2017.yaml"},
                     {"always": {"event": "damage_prevented", "card": "死霊の誘い"},
                      "scenario": "farfa_skull_invitation_des_wombat_2017.yaml"}]}
    files = ("farfa_skull_invitation_pikeru_2017.yaml", "farfa_skull_invitation_des_wombat_2017.yaml")
    scenarios = {f: seed_scenario(f) for f in files}
    result = run_check(parse_check(check), scenarios, "ocg")
    assert result.value and [p.scenario for p in result.parts] == list(files)
    with pytest.raises(CheckError, match="not among"):
        run_check(parse_check({"possible": {"loop": True}, "scenario": "elsewhere.yaml"}), scenarios, "ocg")
    with pytest.raises(CheckError, match="no scenario"):
        run_check(parse_check({"possible": {"loop": True}}), {}, "ocg")


def test_or_and_not() -> None:
    yes = {"possible": {"event": "activated", "card": SIGN}}
    no = {"possible": {"loop": True}}
    rules = ruleset_at("2013-03-30")
    assert run({"or": [no, yes]}, "q_hysteric_sign_adjustment", rules=rules).answer == "yes"
    assert run({"and": [no, yes]}, "q_hysteric_sign_adjustment", rules=rules).answer == "no"
    assert run({"not": no}, "q_hysteric_sign_adjustment", rules=rules).answer == "yes"


def test_a_check_can_name_a_card_registered_after_an_earlier_check_was_read() -> None:
    """The table of every game's card names is reused between checks, and read
    again once a game's cards change: a card added (here a Duel Masters card)
    is known to the next check, and unknown again once removed."""
    from toolkit.core.predicates import PredicateError
    from toolkit.duel_masters.cards import DMBehaviour, register, unregister

    name = "テスト・あとから登録"
    check = {"event": "destroyed", "card": name}
    with pytest.raises(PredicateError, match=name):
        parse_predicate(check, known_cards_only=True)
    register(DMBehaviour(name, "creature", "test card"))
    try:
        assert parse_predicate(check, known_cards_only=True) == parse_predicate(check)
    finally:
        unregister(name)
    with pytest.raises(PredicateError, match=name):
        parse_predicate(check, known_cards_only=True)
