"""Findings of the fourth user trial (a judge bringing a card, a ruling and a
question of their own), each with the input that showed it."""

from __future__ import annotations

from pathlib import Path

import pytest

import toolkit
from toolkit.history.asking import ask


def _activated(card: str) -> dict[str, object]:
    return {"possible": {"event": "activated", "card": card}}


@pytest.mark.parametrize("card,says", [
    ("落とし穴", "落とし穴 has no effect of its own in the card data"),
    ("強欲な壺", "強欲な壺 has no effect of its own in the card data"),
    ("生還の宝札", "生還の宝札: none of its effects can be activated or performed in any line"),
])
def test_a_card_that_never_acts_is_not_said_to_be_kept_back_by_h1(card: str, says: str) -> None:
    # before: `ask chain_to_dandelion_2012 '{possible: {event: activated, card: 落とし穴}}'` said
    # "Decided by: H1: no quick effect may be activated after the hand-size adjustment", though
    # H1 reversed does not flip it (Trap Hole has no effect here at all; Card of Safe Return's
    # trigger wants a monster Special Summoned from the GY, which no line has)
    answer = ask(toolkit.seed_scenario("chain_to_dandelion_2012"), _activated(card))
    assert answer.answer == "no" and answer.flipped_by == ()
    assert not answer.decided_by.startswith("H1"), answer.decided_by
    assert answer.decided_by.startswith(says), answer.decided_by


def test_h1_still_decides_a_quick_effect_it_keeps_back() -> None:
    # the control: Cyclone after the adjustment is kept back by H1, and H1 reversed flips it
    answer = ask(toolkit.seed_scenario("quick_effect_after_adjustment_2012"),
                 {"possible_order": [{"event": "hand_adjusted"}, {"event": "activated", "card": "サイクロン"}]})
    assert answer.answer == "no" and any(label.startswith("H1") for label in answer.flipped_by)
    assert answer.decided_by.startswith("H1: no quick effect may be activated after the hand-size adjustment")


def test_verify_ruling_shows_a_duel_masters_flag_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    # before: "would flip with: D2(1) triggered_cannot_be_ignored=True (whether an end-of-turn ability
    # triggered is fixed ...)": the flag's code name, its Python value, and the sentence of the value
    # the rules already have rather than of the change that flips the answer
    from toolkit.cli import main
    from toolkit.duel_masters.rules import FLAGS

    assert main(["verify", "--ruling", "dm-qa-oodate-nyudo-oni-time"]) == 0
    flip = next(line for line in capsys.readouterr().out.splitlines() if "would flip with" in line)
    assert "triggered_cannot_be_ignored" not in flip and "=True" not in flip, flip
    assert flip.strip() == f"would flip with: D2(1) the other way: {FLAGS['triggered_cannot_be_ignored'].when_false}"


def test_every_duel_masters_counterfactual_reads_as_the_sentence_of_its_other_value() -> None:
    from toolkit.cli.output import counterfactual_words
    from toolkit.duel_masters.rules import FLAGS
    from toolkit.games import game_named

    game = game_named("duel_masters")
    for rules in (game.today(), game.today().with_flags(**{name: False for name in FLAGS})):
        for c in game.counterfactuals(rules):
            shown = counterfactual_words(c.label, game)
            rule, flag = c.key.split(" ")
            other = FLAGS[flag].when_false if getattr(rules, flag) else FLAGS[flag].when_true
            assert shown == f"{rule} the other way: {other}", shown


ECCLESIA = """\
name: テスト用エクレシア
type: monster
subtype: effect, tuner
texts:
  - end_phase:
      - key: return to hand
        mandatory: false
        chain_link: true
        when: [{in_zone: gy}, {exists: {zones: gy, kind: fusion, tag: TAG}}]
        do: {add_to_hand: {card: itself, if_in: gy}}
"""


@pytest.mark.parametrize("condition,field", [
    ("{exists: {zones: gy, kind: fusion, tag: sent_to_grave_this_turn}}", "texts[0].end_phase[0].when"),
    ("{has_tag: summoned_this_trun}", "texts[0].end_phase[0].when"),
    ("{lacks_tag: sent_to_gy_this_turns}", "texts[0].end_phase[0].when"),
])
def test_a_misspelt_tag_in_a_card_file_is_refused_with_the_nearest_tag(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], condition: str, field: str) -> None:
    # before: `cards --check` said OK for {exists: {..., tag: sent_to_grave_this_turn}}; the condition
    # then never held, and `ask` answered "no" without a word of the misspelling
    from toolkit.cli import main

    path = tmp_path / "ecclesia.yaml"
    path.write_text(ECCLESIA.replace("{exists: {zones: gy, kind: fusion, tag: TAG}}", condition), encoding="utf-8")
    assert main(["cards", "--check", str(path)]) == 2
    line = capsys.readouterr().err.strip()
    assert "\n" not in line and "ecclesia.yaml" in line and f"field '{field}'" in line, line
    assert "unknown tag" in line and "did you mean: " in line, line


def test_a_tag_a_scenario_may_set_is_accepted_in_a_card_file(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli import main

    path = tmp_path / "ecclesia.yaml"
    path.write_text(ECCLESIA.replace("TAG", "sent_to_gy_this_turn"), encoding="utf-8")
    assert main(["cards", "--check", str(path)]) == 0
    assert "OK" in capsys.readouterr().out


SIGN = "ヒステリック・サイン"


@pytest.mark.parametrize("day,cited,not_cited", [
    ("2016-07-08", "ocg-160708-hysteric-sign-adjustment (2016-07-08)", "ocg-130330-hysteric-sign-adjustment"),
    ("2013-03-30", "ocg-130330-hysteric-sign-adjustment (2013-03-30)", "ocg-160708-hysteric-sign-adjustment"),
])
def test_ask_names_the_rulings_and_dates_behind_the_deciding_rule(day: str, cited: str, not_cited: str) -> None:
    # before: "Decided by: H5: ヒステリック・サイン: ..." named the rule but neither the ruling it
    # rests on nor its date; a judge had to look H5 up. The rulings cited are those in force on the day
    answer = ask(toolkit.seed_scenario("q_hysteric_sign_adjustment"),
                 {"possible": {"event": "activated", "card": SIGN}}, day)
    assert answer.decided_by.startswith("H5")
    assert any(g.startswith(cited) for g in answer.grounds), answer.grounds
    assert not any(not_cited in g for g in answer.grounds), answer.grounds


def test_ask_prints_the_rulings_behind_the_deciding_rule(capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli import main

    assert main(["ask", "chain_to_dandelion_2012", "{possible: {event: activated, card: ダンディライオン}}"]) == 0
    out = capsys.readouterr().out
    decided = out.split("Decided by: ", 1)[1].splitlines()
    assert decided[0].startswith("step 4 (H2)"), decided[0]
    assert decided[1] == "  H2 rests on these rulings, as they stood on 2012-08-08:", decided[1]
    cited = [line.strip() for line in decided[2:decided.index(next(x for x in decided if x.startswith("The answer")))]]
    assert "ocg-120808-chain-to-adjustment-trigger (2012-08-08): " in "\n".join(cited), cited
    assert all(c.startswith("ocg-") and (" (20" in c or " (undated)" in c) for c in cited), cited


def test_an_answer_shown_in_a_notebook_names_the_rule_changes_in_words() -> None:
    # before: repr(ask(...)) listed "H5 end_phase_triggers_after_adjustment=True (changed 2016-07-08)",
    # the flag's code name and Python value, where `endphase ask` says what the change means
    from toolkit.core.flag_words import counterfactual_words
    from toolkit.games import game_named

    answer = ask(toolkit.seed_scenario("q_hysteric_sign_adjustment"),
                 {"possible": {"event": "activated", "card": SIGN}}, "2013-03-30")
    shown = repr(answer)
    assert "end_phase_triggers_after_adjustment" not in shown and "=True" not in shown, shown
    for label in answer.flipped_by:
        assert f"  - {counterfactual_words(label, game_named('ocg'))}" in shown
    assert "  - H5 as from 2016-07-08: no 「エンドフェイズ時」 trigger activates after the hand-size adjustment" in shown


def test_a_misspelt_event_in_a_question_is_answered_with_the_nearest_event(
        capsys: pytest.CaptureFixture[str]) -> None:
    # before: "unknown event 'activate'; known: activated, added_to_hand, ... (36 names)", nothing nearer
    from toolkit.cli import main

    assert main(["ask", "chain_to_dandelion_2012", "{possible: {event: activate, card: ダンディライオン}}"]) == 2
    line = capsys.readouterr().err.strip()
    assert "\n" not in line and "unknown event 'activate' (did you mean: activated" in line, line


def test_a_card_asked_to_be_summoned_is_not_said_to_do_nothing_when_a_rule_keeps_it_back() -> None:
    # before: `ask horus_lv6_veiler_2015 '{possible: {event: special_summoned, card: ホルスの黒炎竜 LV８}}'`
    # said "ホルスの黒炎竜 LV８ does nothing in any line of this position: no process or effect of it is
    # offered here" — true of LV8, which has nothing to do here, but not why it is not summoned:
    # LV6's level-up is negated by Effect Veiler, whose negation lasts past the End Phase since the errata
    answer = ask(toolkit.seed_scenario("horus_lv6_veiler_2015"),
                 {"possible": {"event": "special_summoned", "card": "ホルスの黒炎竜 LV８"}})
    assert answer.answer == "no" and answer.flipped_by
    assert "does nothing in any line" not in answer.decided_by, answer.decided_by
    assert "エフェクト・ヴェーラー" in answer.decided_by, answer.decided_by


def test_a_verb_written_with_its_parameters_beside_it_is_told_where_they_go(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # before: "a verb is a name or a mapping of one name to its parameters, not {'add_to_hand':
    # 'itself', 'if_in': 'gy'}" — a Python dict, and no word of what to write instead
    from toolkit.cli import main

    path = tmp_path / "ecclesia.yaml"
    path.write_text(ECCLESIA.replace("TAG", "sent_to_gy_this_turn").replace(
        "do: {add_to_hand: {card: itself, if_in: gy}}", "do: {add_to_hand: itself, if_in: gy}"), encoding="utf-8")
    assert main(["cards", "--check", str(path)]) == 2
    line = capsys.readouterr().err.strip()
    assert "{'" not in line and "':" not in line, line
    assert "not {add_to_hand: itself, if_in: gy}" in line, line
    assert "write its parameters inside it: {add_to_hand: {...}}" in line, line


RULING_CSV = """\
ruling_id,date,question_ja,answer_ja,source,scenario,check,expected
user-240101-dandelion-activates,DATE,《ダンディライオン》の効果を発動できますか？,はい。,https://example.org/n,dandelion.yaml,\
"{possible: {event: activated, card: ダンディライオン}}",EXPECTED
"""


def test_validate_lists_every_problem_of_a_rulings_file_of_ones_own(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # before: `validate my_rulings.csv` printed one problem "(and 1 more problem(s): `python -m toolkit
    # validate FILE` lists them)" — the command the judge had just run, which never listed them
    from toolkit.cli import main
    from toolkit.resources import dataset_path

    (tmp_path / "dandelion.yaml").write_text(
        dataset_path("scenarios", "chain_to_dandelion_2012.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    rulings = tmp_path / "my_rulings.csv"
    rulings.write_text(RULING_CSV.replace("DATE", "24/01/01").replace("EXPECTED", "はい"), encoding="utf-8")
    assert main(["validate", str(rulings)]) == 2
    out = capsys.readouterr().out
    assert "validate FILE` lists them" not in out, out
    assert "column 'date'" in out and "column 'expected'" in out, out
    # each problem once, as written: no derived date_precision, no "needs its expected answer" beside
    # "unknown value 'はい'", and the wiki's own date form is told in the form the file wants
    assert "date_precision" not in out and "needs its expected answer" not in out, out
    assert "the wiki's YY/MM/DD 24/01/01 is written 2024-01-01" in out, out
    assert len(out.strip().splitlines()) == 2, out


def test_an_english_name_with_a_comma_unquoted_in_a_question_is_told_to_be_quoted(
        capsys: pytest.CaptureFixture[str]) -> None:
    # before: "{..., card: Incredible Ecclesia, the Virtuous}" gave "an event predicate has no key
    # 'the Virtuous'", which a judge cannot read as "quote the name"
    from toolkit.cli import main

    assert main(["ask", "chain_to_dandelion_2012", "{possible: {event: activated, card: Vorse Raider, the Brute}}",
                 "--no-why"]) == 2
    line = capsys.readouterr().err.strip()
    assert "\n" not in line and "has no key 'the Brute'" in line, line
    assert 'quote a name that holds a comma: card: "Vorse Raider, the Brute"' in line, line
