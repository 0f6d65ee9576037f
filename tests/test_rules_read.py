"""A counterfactual whose rules differ only in rules the ruling's own run never read is not searched
again (issue 34, item 4: cold ``verify_rulings()``): its answer is the own one.  These tests ask every
counterfactual of a few rulings for real and check that no answer the shortcut gave differs — on the
whole rulings table it is ``tests/fuzz/test_rules_read_everywhere.py`` (``make fuzz``)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from toolkit.core.reads import ALL_FIELDS, recording, unread
from toolkit.data import load_rulings
from toolkit.games import game_of
from toolkit.history import run_ruling
from toolkit.history.checks import run_check
from toolkit.history.runs import check_for, read_check, ruling_ruleset, same_answer, scenarios_of

RULINGS = load_rulings()


def answers_asked_for_real(ruling_id: str) -> list[tuple[str, bool, bool, bool]]:
    """For each counterfactual of the ruling: its label, whether the shortcut vouches for it, its answer
    searched for real and the own answer."""
    row = {str(k): v for k, v in RULINGS[RULINGS["ruling_id"] == ruling_id].iloc[0].to_dict().items()}
    names = tuple(row["scenario"])
    scenarios = scenarios_of(ruling_id, names)
    check = check_for(ruling_id, read_check(ruling_id, row["check"]), scenarios)
    rules = ruling_ruleset(row)
    run_ruling(row)  # records what the own run read
    own = run_check(check, scenarios, rules, default=names[0]).value
    found = []
    for variant in game_of(rules).counterfactuals(rules):
        real = run_check(check, scenarios, variant.rules, default=names[0]).value
        found.append((variant.label, same_answer(row["check"], names, scenarios, rules, variant.rules), real, own))
    return found


@pytest.mark.parametrize("ruling_id", ["ocg-160708-hysteric-sign-adjustment", "ocg-130327-peten-adjustment",
                                       "ocg-120505-mist-archfiend-control-return-order",
                                       "dm-example-hellfuez-flips"])
def test_a_counterfactual_taken_as_unchanged_answers_as_the_own_run(ruling_id: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import toolkit.history.runs as runs

    monkeypatch.setattr(runs, "_RUNS", runs.Memo(4096))  # the own run made here, whatever ran before
    found = answers_asked_for_real(ruling_id)
    wrong = [label for label, vouched, real, own in found if vouched and real != own]
    assert not wrong, f"{ruling_id}: taken as unchanged but the answer differs under {wrong}"
    assert any(vouched for _, vouched, _, _ in found), "the shortcut never applies here: the test shows nothing"
    assert any(real != own for _, _, real, own in found), "no counterfactual flips the answer: the test shows nothing"


def test_the_flips_and_the_table_are_those_of_asking_every_counterfactual() -> None:
    run = run_ruling("ocg-160708-hysteric-sign-adjustment")
    real = [label for label, _vouched, answer, own in answers_asked_for_real(run.ruling_id) if answer != own]
    assert list(run.deciding_changes) == real


@dataclasses.dataclass(frozen=True)
class Rules:
    name: str
    limit: int = 6
    strict: bool = False


def test_the_recording_copy_notes_reads_and_is_the_rule_set_again_after() -> None:
    rules = Rules("today")
    with recording(rules) as (noted, reads):
        assert noted != rules, "inside the block nothing remembered under the original may be found for it"
        assert noted.limit == 6 and not reads - {"limit"}
    assert reads == {"limit"} and type(noted) is Rules and noted == rules and hash(noted) == hash(rules)
    assert unread(rules, Rules("what if", strict=True), reads)
    assert not unread(rules, Rules("what if", limit=7), reads)


def test_a_copy_made_without_naming_fields_counts_as_reading_every_one() -> None:
    import copy

    with recording(Rules("today")) as (noted, reads):
        copy.copy(noted)
    assert ALL_FIELDS in reads
    assert not unread(Rules("today"), Rules("what if", strict=True), reads)


def test_a_rule_set_that_is_no_dataclass_is_never_vouched_for() -> None:
    class Plain:
        limit = 6

    rules: Any = Plain()
    with recording(rules) as (noted, reads):
        assert noted is rules
    assert not unread(rules, Plain(), reads)


@pytest.mark.parametrize(("scenario", "read"), [("q_readjust_after_hand_grows", False),
                                                ("darklord_zerato_veiler_2012", True)])
def test_r4_is_read_only_where_an_effect_it_can_end_lingers(scenario: str, read: bool) -> None:
    """R4 (``turn_end_effects_end_with_turn``) is read only where a lingering effect lasting until the end of
    the turn could end by it: a search of a position with none does not read it, so a ruling on it is not
    asked again under R4 reversed (its answer is the same step by step); one with Effect Veiler's does."""
    from toolkit.core.search import explore
    from toolkit.games import shipped_scenario

    position = shipped_scenario(scenario)
    rules = game_of(position).today()
    with recording(rules) as (noting, reads):
        explore(position, ruleset=noting)
    assert ("turn_end_effects_end_with_turn" in reads) is read


def _texts_vouched(ruling_id: str) -> list[tuple[str, bool, bool, bool]]:
    """For each card-text counterfactual (X1) of the ruling: its label, whether the texts shortcut vouches
    for it, its answer searched for real and the own answer."""
    from toolkit.history.runs import positions_key, same_answer_at_other_texts

    row = {str(k): v for k, v in RULINGS[RULINGS["ruling_id"] == ruling_id].iloc[0].to_dict().items()}
    names = tuple(row["scenario"])
    scenarios = scenarios_of(ruling_id, names)
    check = check_for(ruling_id, read_check(ruling_id, row["check"]), scenarios)
    rules = ruling_ruleset(row)
    game = game_of(rules)
    run_ruling(row)  # records what the own run read
    own = run_check(check, scenarios, rules, default=names[0]).value
    at = positions_key(names, scenarios)
    return [(variant.label, same_answer_at_other_texts(row["check"], names, scenarios, rules, variant.rules, game,
                                                       positions=at),
             run_check(check, scenarios, variant.rules, default=names[0]).value, own)
            for variant in game.counterfactuals(rules) if variant.rules.as_of != rules.as_of]


def test_a_date_whose_texts_the_cards_read_alike_answers_as_the_own_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card texts of another date (X1) are not searched again where every card of the position reads
    the same text then (the Cat Sith position: no errata of its cards in between), and are where a card's
    text changed (Effect Veiler's errata of 2014-07-10, which flips the Zerato ruling's answer)."""
    import toolkit.history.runs as runs

    monkeypatch.setattr(runs, "_RUNS", runs.Memo(4096))  # the own run made here, whatever ran before
    alike = _texts_vouched("ocg-130330-catsith-hysteric-sign")
    changed = _texts_vouched("ocg-120916-zerato-veiler")
    assert alike and all(vouched and real == own for _label, vouched, real, own in alike)
    assert any(real != own for _label, _vouched, real, own in changed)
    assert not any(vouched for _label, vouched, _real, _own in changed)


@pytest.mark.parametrize(("hand", "alike"), [(["死者蘇生", "増援"], True), (["エフェクト・ヴェーラー", "増援"], False)])
def test_the_texts_read_alike_at_two_dates_are_those_of_every_card_of_the_position(hand: list[str],
                                                                                    alike: bool) -> None:
    """``Game.same_texts``: Effect Veiler in a hand (no lingering effect of it) reads another text after its
    errata of 2014-07-10; two cards with no errata read the same."""
    import datetime

    from toolkit.ocg.scenario import scenario_from_dict

    position = scenario_from_dict({"title": "a hand", "turn_player": "A", "players": {"A": {"hand": hand}, "B": {}}})
    game = game_of(position)
    before, after = (game.rules_for(None, datetime.date(2014, 7, day)) for day in (9, 10))
    assert game.same_texts(position, before, after) is alike


def test_a_card_written_in_python_is_never_taken_as_reading_the_same_texts_at_two_dates() -> None:
    """``Game.same_texts`` cannot see what a card written in Python reads: its one text is the same at
    every date, yet its code may read the position's date (``state.as_of``). This test card's End Phase
    effect applies only from 2014-07-10 on, so the searches at the two dates differ (one pending process,
    none): the texts are not vouched for as the same."""
    import datetime

    from toolkit.ocg.cards.base import CardBehaviour, CardText, CardType, EndPhaseEffect
    from toolkit.ocg.scenario import CardSpec, PlayerSetup, Scenario
    from toolkit.ocg.setup import initial_state

    def from_the_errata_day(card: Any, state: Any) -> bool:  # (reads the date, as Python may)
        return state.as_of is None or state.as_of >= datetime.date(2014, 7, 10)

    def destroy_itself(board: Any, act: Any) -> None:
        board.destroy(act.card.uid)

    name = "テスト用：日付を読むカード"
    dated = CardBehaviour(name=name, card_type=CardType.MONSTER, texts=(CardText(end_phase=(EndPhaseEffect(
        key="destroy itself", mandatory=True, chain_link=False, applies=from_the_errata_day,
        resolve=destroy_itself),)),))
    position = Scenario(title="a card that reads the date", turn_player="A",
                        players={"A": PlayerSetup(field=(CardSpec(name),)), "B": PlayerSetup()}, cards=(dated,))
    game = game_of(position)
    before, after = (game.rules_for(None, datetime.date(2014, 7, day)) for day in (9, 10))
    assert len(initial_state(position, ruleset=after).pending) == 1  # (the date decides the search)
    assert initial_state(position, ruleset=before).pending == ()
    assert game.same_texts(position, before, after) is False


def test_the_toolkits_own_cards_written_in_python_read_no_date() -> None:
    """``Game.same_texts`` takes the toolkit's own cards written in Python as reading no date: their
    modules name neither the date (``as_of``, ``datetime``, ``date``) nor what holds it (``ruleset``,
    ``tables``, a text read by date: ``text_at``)."""
    import ast
    import importlib
    import inspect

    from toolkit.ocg.cards import shipped_catalogue

    shipped = shipped_catalogue()
    modules = {shipped.origin(name).split(":", 1)[1] for name in shipped.names() if shipped.origin(name).startswith(
        "python:")}
    assert modules  # (the check reads something: 《強烈なはたき落とし》 is written in Python)
    dated = {"as_of", "datetime", "date", "ruleset", "tables", "text_at"}
    for module in sorted(modules):
        tree = ast.parse(inspect.getsource(importlib.import_module(f"toolkit.ocg.cards.{module}")))
        read = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)} \
            | {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} \
            | {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
               for alias in node.names}
        assert not read & dated, (module, sorted(read & dated))
