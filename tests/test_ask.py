"""``toolkit.history.asking.ask`` and ``endphase ask``: any question of one
scenario, with the line that shows the answer and the rule that decides it.

Each answer is checked against the engine run apart: the rule sets named as
flipping the answer must give the other answer when asked directly, and one
not named must give the same.
"""

from __future__ import annotations

import json

import pytest

from toolkit import seed_scenario
from toolkit.cli import main
from toolkit.history.asking import ask
from toolkit.history.checks import parse_check, run_check

SIGN_ACTIVATES = {"possible": {"event": "activated", "card": "ヒステリック・サイン"}}
VEILER_ENDS_BEFORE_LV8 = {"possible_order": [{"event": "effect_ended", "card": "Effect Veiler"},
                                             {"event": "special_summoned", "card": "ホルスの黒炎竜 LV８"}]}
VEILER_ENDS_FIRST = ("{possible_order: [{event: effect_ended, card: Effect Veiler}, "
                     "{event: special_summoned, card: ホルスの黒炎竜 LV８}]}")

Capture = pytest.CaptureFixture[str]


def test_hysteric_sign_after_the_adjustment_is_decided_by_h5() -> None:
    sign = seed_scenario("q_hysteric_sign_adjustment")
    before = ask(sign, SIGN_ACTIVATES, "2013-03-30")
    assert before.answer == "yes" and before.rules.as_of.isoformat() == "2013-03-30"
    assert before.decided_by.startswith("H5: ヒステリック・サイン")
    flips = [label for label in before.flipped_by if label.startswith("H5 ")]
    assert flips and len(before.tried) > len(before.flipped_by)
    assert any(s.events for s in before.line)
    assert ask(sign, SIGN_ACTIVATES, "2016-07-08", why=False).answer == "no"


def test_every_named_flip_flips_and_every_other_rule_set_does_not() -> None:
    """The flips are not taken on trust: the engine is run under each rule set
    one change away (without ask's memo of runs), and only those named give
    the other answer."""
    from toolkit.core.game import as_state
    from toolkit.games import game_of

    horus = seed_scenario("horus_lv6_veiler_2011").at("2012-01-01")
    answer = ask(horus, VEILER_ENDS_BEFORE_LV8)
    question = parse_check(VEILER_ENDS_BEFORE_LV8)
    rules = as_state(horus).ruleset
    variants = game_of(rules).counterfactuals(rules)
    assert tuple(v.label for v in variants) == answer.tried
    for variant in variants:
        other = run_check(question, {"horus": horus}, variant.rules)  # the engine itself, not ask's memo
        assert (other.value != answer.value) == (variant.label in answer.flipped_by), variant.label
    assert answer.flipped_by  # the errata of 2014-07-10 flips it


def test_without_why_the_question_is_asked_once() -> None:
    answer = ask(seed_scenario("horus_lv6_veiler_2011"), '{"possible": {"event": "activated"}}', why=False)
    assert answer.answer == "yes" and answer.tried == () and answer.flipped_by == () and answer.decided_by == ""
    assert answer.line and not answer.why_asked


def test_the_command_answers_with_the_line_and_the_deciding_rule(capsys: Capture) -> None:
    status = main(["ask", "horus_lv6_veiler_2011", VEILER_ENDS_FIRST, "--date", "2012-01-01"])
    out = capsys.readouterr().out
    assert status == 0
    assert "Answer: yes" in out and "Decided by: R4: エフェクト・ヴェーラー" in out
    assert "  - X1 card texts before 2014-07-10" in out and "A line that shows it:" in out
    assert main(["ask", "horus_lv6_veiler_2011", VEILER_ENDS_FIRST, "--date", "2015-01-01", "--no-why"]) == 1
    out = capsys.readouterr().out
    assert "Answer: no" in out and "Decided by" not in out and "flips" not in out


def test_the_command_prints_json_with_every_part(capsys: Capture) -> None:
    question = "{and: [{possible: {event: activated, card: ヒステリック・サイン}}, {not: {always: {loop: true}}}]}"
    status = main(["ask", "q_hysteric_sign_adjustment", question, "--date", "2013-03-30", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data["answer"] == "yes"
    assert [p["answer"] for p in data["parts"]] == ["yes", "no"]
    assert data["parts"][0]["line"] and data["decided_by"].startswith("H5")
    assert any(f.startswith("H5 ") for f in data["flipped_by"])


@pytest.mark.parametrize("question, said", [
    ("{possible: {event: activated, card: Efect Veiler}}", "Effect Veiler"),
    ("{possibly: {event: activated}}", "possibly"),
    ("{possible: {event: activated}, scenario: other.yaml}", "other.yaml"),
    ("[1, 2", "QUESTION"),
])
def test_a_bad_question_is_one_line_naming_what_is_wrong(capsys: Capture, question: str, said: str) -> None:
    status = main(["ask", "horus_lv6_veiler_2011", question])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and said in err, err
    assert "Traceback" not in err
