"""A question that can never match is refused, never answered with a silent "no": a field its
event kind never carries (the table generated from the code, also in docs/questions.md) and a
copy mark (an outcome names cards, not copies)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from toolkit.core.predicates import HasEvent, PredicateError, event_fields, parse_predicate
from toolkit.games import game_of

ROOT = Path(__file__).resolve().parent.parent


def _generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("event_fields_script", ROOT / "scripts" / "event_fields.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_event_table_and_its_docs_are_generated_from_the_current_code() -> None:
    generator = _generator()
    for game, target in generator.TARGETS.items():
        assert generator.render(game) == target.read_text(encoding="utf-8")
    assert generator.main(["--check"]) == 0
    assert generator.scan("ocg")["milled"] == ("player", "amount", "by")  # board.mill: player, amount, its cause
    assert generator.scan("ocg")["hand_adjusted"] == ("player", "amount")  # a rule: no card causes it


def test_a_field_no_event_of_the_kind_carries_is_refused_naming_the_fields_it_has() -> None:
    from toolkit.ocg.scenario import load_scenario

    ocg = game_of(load_scenario(ROOT / "datasets" / "scenarios" / "lyla_veiler_2011.yaml"))
    with pytest.raises(PredicateError) as caught:
        parse_predicate({"event": "milled", "card": "ライトロード・マジシャン ライラ"}, game=ocg)
    message = str(caught.value)
    assert "never carries a card" in message and "(it has player, amount, by)" in message
    assert "{event: milled, by: ...}" in message  # where the card whose effect milled is
    assert "sent_to_gy" in message  # where the cards milled are
    assert parse_predicate({"event": "milled", "player": "TP", "amount": 3}, game=ocg) == \
        HasEvent("milled", player="TP", amount=3)
    assert parse_predicate({"event": "activated", "card": "ヒステリック・サイン"}, game=ocg).card == "ヒステリック・サイン"


def test_a_kind_the_table_lacks_is_not_checked() -> None:
    assert event_fields("no_such_kind") == ("card", "player", "amount", "detail", "by")
    from toolkit.games import registered_games

    assert all(g.event_fields for g in registered_games() if g.name in ("ocg", "duel_masters"))  # each game's own


def test_a_copy_mark_in_a_question_is_refused_naming_the_scenarios_copies() -> None:
    from toolkit.core.search import evaluate
    from toolkit.ocg.scenario import load_scenario

    zerato = load_scenario(ROOT / "datasets" / "scenarios" / "darklord_zerato_veiler_2012.yaml")
    with pytest.raises(PredicateError) as caught:
        evaluate(zerato, {"possible": {"zone": "field", "card": "堕天使ゼラート#1"}})
    assert "this scenario's copies are 堕天使ゼラート#1, 堕天使ゼラート#2" in str(caught.value)
    assert "write card: 堕天使ゼラート" in str(caught.value)
    with pytest.raises(PredicateError, match="names one copy"):
        parse_predicate({"event": "activated", "card": "堕天使ゼラート#2"})
