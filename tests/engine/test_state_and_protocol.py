"""State values, setup errors, durations, the card protocol and the withheld API."""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from engine_positions import FILLERS, HORUS6, HORUS8, LYLA, SIGN, VEILER, card, player, scenario, seed

from toolkit.core.durations import Duration, Lingering, Moment, expire
from toolkit.engine import (
    Actor,
    Discard,
    Pass,
    Step,
    apply,
    initial_state,
    legal_actions,
    transition,
    withheld,
)
from toolkit.errors import ScenarioError
from toolkit.ocg.cards import UnknownCardError, behaviour, register
from toolkit.ocg.cards.base import CardBehaviour, CardText, CardType, vanilla


def test_state_is_hashable_immutable_and_history_free() -> None:
    a = initial_state(seed("lyla_veiler_2011"))
    b = initial_state(seed("lyla_veiler_2011"))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.priority = "B"  # type: ignore[misc]
    assert all(isinstance(getattr(a, f.name), (tuple, frozenset, str, int, bool, type(None), object))
               for f in dataclasses.fields(a))
    assert not any(isinstance(getattr(a, f.name), (list, dict, set)) for f in dataclasses.fields(a))
    # passing twice and performing leaves no trace of the path in the state
    assert "steps" not in {f.name for f in dataclasses.fields(a)}


def test_actor_enum_covers_every_step() -> None:
    s = initial_state(scenario(player(hand=FILLERS, field=(LYLA,))))
    assert s.actor is Actor.PRIORITY
    s = apply(apply(s, Pass()), Pass())
    assert s.actor is Actor.FORCED and s.acting_player == "A"
    s = apply(apply(apply(s, legal_actions(s)[0]), Pass()), Pass())
    assert s.step is Step.ADJUST and s.actor is Actor.FORCED
    s = apply(s, legal_actions(s)[0])
    assert s.actor is Actor.AUTOMATIC and s.acting_player is None
    s = apply(s, legal_actions(s)[0])
    assert s.actor is Actor.OVER and legal_actions(s) == ()


def test_setup_errors_name_the_field() -> None:
    bad_card = scenario(player(field=("ライラ",)))
    with pytest.raises(ScenarioError, match=r"players\.A\.field\[0\].*ライトロード・マジシャン ライラ"):
        initial_state(bad_card)
    bad_effect = scenario(player(field=(LYLA,)), lingering=[(VEILER, "B", LYLA, "banish")])
    with pytest.raises(ScenarioError, match=r"lingering\[0\]\.effect.*negate"):
        initial_state(bad_effect)
    with pytest.raises(ScenarioError, match="phase"):  # every phase of the turn is modelled (issue 6) but main3
        initial_state(dataclasses.replace(scenario(), phase="main3"))
    with pytest.raises(ScenarioError, match="ruleset"):
        initial_state(scenario(), ruleset="ocg-1999")


def test_ruleset_override_and_date() -> None:
    position = seed("horus_lv6_veiler_2011")
    assert initial_state(position).ruleset.as_of == datetime.date(2011, 9, 1)
    assert initial_state(position, ruleset="ocg").ruleset.name == "ocg"


def test_durations_expire_in_one_function() -> None:
    a = Lingering(VEILER, "B", "negate", 1, Duration.UNTIL_END_PHASE)
    b = Lingering("禁じられた聖杯", "A", "negate", 2, Duration.UNTIL_END_OF_TURN)
    c = Lingering("エネミーコントローラー", "B", "control", 3, Duration.PERMANENT)
    assert expire((a, b, c), Moment.PROCESS, which=a) == ((b, c), (a,))
    assert expire((a, b, c), Moment.TURN_END) == ((c,), (a, b))
    assert expire((a, b, c), Moment.CARD_LEFT, left=frozenset({2, 3})) == ((a,), (b, c))


def test_registry_rejects_duplicates_and_suggests_names() -> None:
    from toolkit.ocg.cards import python_cards_with_reasons

    python_card = next(iter(python_cards_with_reasons().values()))[1][0]
    with pytest.raises(ValueError, match="registered twice"):
        register(vanilla(python_card))
    with pytest.raises(UnknownCardError) as err:
        behaviour("ホルスの黒炎竜")
    assert HORUS6 in str(err.value) or HORUS8 in str(err.value)


def test_text_versions_are_ordered_and_validated() -> None:
    early, late = CardText(note="old"), CardText(since=datetime.date(2014, 7, 10), note="new")
    b = CardBehaviour(name="テスト", card_type=CardType.SPELL, texts=(late, early))
    assert b.text_at(datetime.date(2014, 7, 9)).note == "old"
    assert b.text_at(datetime.date(2014, 7, 10)).note == "new" and b.text_at(None).note == "new"
    with pytest.raises(ValueError, match="more than one"):
        CardBehaviour(name="テスト2", card_type=CardType.SPELL, texts=(CardText(), CardText()))


def test_withheld_explains_what_is_not_offered() -> None:
    horus = initial_state(seed("horus_lv6_veiler_2011"))
    notes = withheld(horus)
    assert any(n.rule == "R8" and VEILER in n.text for n in notes)
    forced = apply(apply(initial_state(scenario(player(field=(LYLA, card(HORUS6, "destroyed_monster_by_battle")),
                                                       deck=(HORUS8,)))), Pass()), Pass())
    assert any(n.rule == "R7" and HORUS6 in n.text for n in withheld(forced))


def test_transition_notes_say_why_a_trigger_is_not_offered() -> None:
    s = apply(apply(initial_state(seed("hysteric_sign_adjustment_2016")), Pass()), Pass())
    result = transition(s, next(a for a in legal_actions(s) if isinstance(a, Discard) and a.cards == (SIGN,)))
    h5 = [n for n in result.notes if n.rule == "H5"]
    assert h5 and "hand already adjusted" in h5[0].text


def test_card_text_process_may_declare_its_r6_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.ocg.cards.base import EndPhaseEffect, face_up_on_field
    from toolkit.ocg.values import ProcessKind

    def destroy(board, act):  # type: ignore[no-untyped-def]
        board.destroy(act.card.uid)

    name = "テスト用：残存処理"
    test_card = CardBehaviour(name=name, card_type=CardType.MONSTER, texts=(CardText(end_phase=(
        EndPhaseEffect(key="destroy itself", mandatory=True, chain_link=False, applies=face_up_on_field,
                       resolve=destroy, kind=ProcessKind.LINGERING),)),))
    import dataclasses

    state = initial_state(dataclasses.replace(scenario(player(field=(name,))), cards=(test_card,)))
    assert [(p.kind, p.lingering) for p in state.pending] == [(ProcessKind.LINGERING, False)]
    result = transition(state, legal_actions(state)[1])
    assert result.state.pending == () and any(e.kind == "destroyed" for e in result.events)
