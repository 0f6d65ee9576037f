"""Every event says which card's effect or process caused it (``by``), while ``card`` stays the card
the event happened to; ``by`` is no part of an event's (so an outcome's) identity, and a question
may narrow an event by it wherever it may by ``card``, with the same reading of names."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.core.predicates import HasEvent, PredicateError, parse_predicate
from toolkit.core.search import evaluate, explore
from toolkit.core.values import Event
from toolkit.games import game_of
from toolkit.ocg.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "datasets" / "scenarios"
LYLA, VEILER = "ライトロード・マジシャン ライラ", "エフェクト・ヴェーラー"


def _lyla():  # type: ignore[no-untyped-def]
    return load_scenario(SCENARIOS / "lyla_veiler_2011.yaml")


def test_the_mill_names_the_card_whose_effect_milled_and_the_milled_cards_keep_their_own_name() -> None:
    lyla = _lyla()
    assert evaluate(lyla, {"possible": {"event": "milled", "by": LYLA}}).value
    assert not evaluate(lyla, {"possible": {"event": "milled", "by": VEILER}}).value
    # the negation is Veiler's doing, done to Lyla
    assert evaluate(lyla, {"possible": {"event": "negated", "card": LYLA, "by": VEILER}}).value
    assert not evaluate(lyla, {"possible": {"event": "negated", "by": LYLA}}).value


def test_the_line_that_shows_it_is_the_line_where_the_card_mills() -> None:
    verdict = evaluate(_lyla(), {"possible": {"event": "milled", "by": "Lyla"}})  # an English name, read as ever
    assert verdict.value
    caused = [e for step in verdict.line for e in step.events if e.kind == "milled"]
    assert caused and all(e.by == LYLA and e.player == "A" for e in caused)


def test_every_event_a_card_made_names_it_and_rule_events_name_none() -> None:
    found = explore(_lyla())
    events = {e for o in found.outcomes for e in o.outcome.events}
    by_kind: dict[str, set[str | None]] = {}
    for e in events:
        by_kind.setdefault(str(e.kind), set()).add(e.by)
    assert by_kind["milled"] == {LYLA}
    assert by_kind["activated"] == {LYLA}  # an activation is its own card's
    assert by_kind["effect_ended"] == {VEILER}  # Veiler's "until the End Phase" ended by its own process
    assert by_kind["hand_adjusted"] == {None}  # a rule of the game
    assert by_kind["performed"] == {VEILER}  # the expiry process is Veiler's lingering effect's


def test_the_cause_is_not_part_of_an_events_identity() -> None:
    plain = Event("milled", player="A", amount=3)
    caused = Event("milled", player="A", amount=3, by=LYLA)
    assert plain == caused and hash(plain) == hash(caused) and len({plain, caused}) == 1
    assert repr(caused) == f"Event('milled', player='A', amount=3, by='{LYLA}')"
    assert HasEvent("milled", by=LYLA).relevant(caused, "A")
    assert not HasEvent("milled", by=LYLA).relevant(plain, "A")


def test_by_is_read_like_card_and_refused_where_it_could_never_match() -> None:
    ocg = game_of(_lyla())
    assert parse_predicate({"event": "milled", "by": "lyla"}, game=ocg) == HasEvent("milled", by=LYLA)
    with pytest.raises(PredicateError) as caught:
        parse_predicate({"event": "hand_adjusted", "by": LYLA}, game=ocg)
    assert "a hand_adjusted event never carries a by (it has player, amount)" in str(caught.value)
    with pytest.raises(PredicateError, match="names one copy"):
        parse_predicate({"event": "milled", "by": f"{LYLA}#1"})
    with pytest.raises(PredicateError, match=r"Unknown card .*did you mean"):
        parse_predicate({"event": "milled", "by": "ライトロード・マジシャン ライヲ"}, known_cards_only=True)
    with pytest.raises(PredicateError, match='quote a name that holds a comma: by: "Lyla, Lightsworn Sorceress"'):
        parse_predicate("{event: milled, by: Lyla, Lightsworn Sorceress}")


def test_a_check_reads_the_by_names_among_its_scenarios_cards() -> None:
    from toolkit.history.checks import cards_named, parse_check, scenarios_named

    check = parse_check({"possible": {"event": "milled", "by": "Lyla"}})
    assert LYLA in cards_named(check)
    assert scenarios_named is not None


def test_duel_masters_events_name_their_cause_too() -> None:
    from toolkit.duel_masters import seed_scenario

    gurje = seed_scenario("dm_gurje_gurje_welcome_hell")
    found = explore(gurje)
    caused = {(str(e.kind), e.by) for o in found.outcomes for e in o.outcome.events if e.by is not None}
    assert any(kind == "destroyed" for kind, _by in caused)
    assert all(kind not in ("attacked", "turn_started") for kind, _by in caused)
