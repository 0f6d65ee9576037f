"""Negating an activation versus negating an effect (rule R8b beside R8), with the two answers of
2011-06-08 brought in as a user would: 《光と闇の竜》 negating a Spirit's mandatory return (the return
is activated again until the Dragon can no longer pay 500 ATK and DEF) and 《スキルドレイン》 negating
its effect (the return is done, the Spirit stays)."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.search import evaluate, explore
from toolkit.data import load_rulings
from toolkit.engine import resolve
from toolkit.history import verify_rulings
from toolkit.ocg.scenario import load_scenario
from toolkit.ocg.stats import atk_def_now

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "datasets" / "scenarios"
SPIRIT, DRAGON, DRAIN = "月読命", "光と闇の竜", "スキルドレイン"
NEGATED = {"event": "negated", "card": SPIRIT, "by": DRAGON}
RETURNED = {"event": "returned_to_hand", "card": SPIRIT}


def _dragon():  # type: ignore[no-untyped-def]
    return load_scenario(SCENARIOS / "light_and_darkness_dragon_spirit_2011.yaml")


def _drain():  # type: ignore[no-untyped-def]
    return load_scenario(SCENARIOS / "skill_drain_spirit_2011.yaml")


def test_r8b_a_mandatory_process_whose_activation_is_negated_is_activated_again() -> None:
    line = resolve(_dragon())
    cited = [n.rule for s in line.steps for n in s.notes]
    assert cited.count("R8b") == 4  # each negated activation leaves the return to be done
    performed = [s for s in line.steps if str(s.action).startswith("Perform")]
    assert len(performed) == 5  # activated five times: four negated, the fifth resolves
    assert evaluate(_dragon(), {"always": RETURNED}).value  # it is never left undone


def test_r8b_does_not_reopen_a_process_whose_effect_was_negated() -> None:
    line = resolve(_drain())
    assert "R8b" not in [n.rule for s in line.steps for n in s.notes]
    assert evaluate(_drain(), {"always": {"zone": "field", "card": SPIRIT}}).value


def test_the_dragon_pays_500_atk_and_def_each_time_and_can_no_longer_negate_below_500() -> None:
    from toolkit.engine import ruleset_at
    from toolkit.history.checks import parse_check, run_check

    state = resolve(_dragon()).final
    dragon = next(c for c in state.cards if c.name == DRAGON)
    assert atk_def_now(dragon, state.tables) == (800, 400)  # 2800/2400 less 4 x 500: DEF below 500
    scenarios = {"dragon": _dragon()}
    five = parse_check({"possible_order": [NEGATED] * 5})
    assert run_check(five, scenarios, ruleset_at("2011-06-08")).answer == "no"
    four = parse_check({"possible_order": [NEGATED] * 4 + [RETURNED]})
    assert run_check(four, scenarios, ruleset_at("2011-06-08")).answer == "yes"


RULINGS = f"""\
- ruling_id: user-110608-ld-dragon-spirit-return
  date: 2011-06-08
  question_ja: 相手の《{DRAGON}》がいる時、エンドフェイズに手札に戻るスピリットモンスターの効果の発動が無効にされた場合、そのスピリットはどうなりますか？
  answer_ja: 手札に戻る効果はもう一度発動します。《{DRAGON}》が無効にできなくなるまで繰り返されます。
  cards: [{DRAGON}, {SPIRIT}]
  source: issue 29 user trial (the card's page; not among the toolkit's source pages)
  scenario: [light_and_darkness_dragon_spirit_2011.yaml]
  check: {{and: [{{always: {{event: returned_to_hand, card: {SPIRIT}}}}}, {{possible_order: [{{event: negated, card: {SPIRIT}, by: {DRAGON}}}, {{event: negated, card: {SPIRIT}, by: {DRAGON}}}, {{event: negated, card: {SPIRIT}, by: {DRAGON}}}, {{event: negated, card: {SPIRIT}, by: {DRAGON}}}, {{event: returned_to_hand, card: {SPIRIT}}}]}}]}}
  expected: "yes"
  check_en: the return is activated again after each negation and Tsukuyomi always ends in the hand
- ruling_id: user-110608-skill-drain-spirit-return
  date: 2011-06-08
  question_ja: 《{DRAIN}》が適用されている時、スピリットモンスターはエンドフェイズに手札に戻りますか？
  answer_ja: 手札に戻る効果は発動しますが、無効になるためフィールドに残ります。
  cards: [{DRAIN}, {SPIRIT}]
  source: issue 29 user trial (the card's page; not among the toolkit's source pages)
  scenario: [skill_drain_spirit_2011.yaml]
  check: {{and: [{{always: {{event: negated, card: {SPIRIT}, by: {DRAIN}}}}}, {{always: {{zone: field, card: {SPIRIT}}}}}]}}
  expected: "yes"
  check_en: the return is activated, negated by Skill Drain, and Tsukuyomi stays on the field
"""


def test_the_2011_06_08_rulings_agree_at_their_date(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(RULINGS, encoding="utf-8")
    table = load_rulings(extra=path)
    mine = table[table["ruling_id"].str.startswith("user-110608")]
    mine.attrs = table.attrs
    frame = verify_rulings(mine, flips=False).set_index("ruling_id")
    assert frame.loc["user-110608-ld-dragon-spirit-return", "ruleset"] == "ocg@2011-06-08"
    assert bool(frame.loc["user-110608-ld-dragon-spirit-return", "agrees"])
    assert bool(frame.loc["user-110608-skill-drain-spirit-return", "agrees"])
    assert frame["verified"].all()


def test_the_stat_change_goes_when_the_dragon_leaves_the_field() -> None:
    from toolkit.core.game import as_state
    from toolkit.ocg.board import Board
    from toolkit.ocg.state import Cause

    state = as_state(_dragon())
    uid = next(c.uid for c in state.cards if c.name == DRAGON)
    board = Board(state, Cause.END_PHASE)
    board.lose_atk_def(uid, 500)
    assert atk_def_now(board.cards[uid], state.tables) == (2300, 1900)
    board.return_to_hand(uid)
    assert atk_def_now(board.cards[uid], state.tables) == (2800, 2400)


def test_every_line_of_the_dragon_ends_with_the_spirit_in_the_hand() -> None:
    found = explore(_dragon())
    assert all(SPIRIT in o.outcome.summary.names("A", "hand") for o in found.outcomes)


def test_a_monster_that_lost_atk_deals_its_atk_now_in_battle() -> None:
    import dataclasses

    from toolkit.core.game import as_state
    from toolkit.core.search import evaluate as ask
    from toolkit.ocg.scenario import scenario_from_dict

    data = {"title": "t", "turn_player": "A", "phase": "main1", "date": "2011-06-08",
            "players": {"A": {"field": [DRAGON]}, "B": {}}}
    fresh = as_state(scenario_from_dict(data))
    assert ask(fresh, {"possible": {"event": "damage", "player": "B", "amount": 2800}}).value
    uid = next(c.uid for c in fresh.cards if c.name == DRAGON)
    cards = list(fresh.cards)
    cards[uid] = dataclasses.replace(cards[uid], tags=cards[uid].tags | {"atk_def_lost:500"})
    paid = fresh.evolve(cards=tuple(cards))
    assert ask(paid, {"possible": {"event": "damage", "player": "B", "amount": 2300}}).value
    assert not ask(paid, {"possible": {"event": "damage", "player": "B", "amount": 2800}}).value
