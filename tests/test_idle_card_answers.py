"""A question about a card that no line mentions says why it does nothing (user trial 5: "Effect
Veiler in hand: no why").  A card whose text has nothing that can act from the position — no process
of a phase, no quick effect, no trigger — is answered with that (``Game.never_acts``); a card whose
text has something is answered with "no process or effect of it is offered here"; a game that
cannot tell says the latter."""

from __future__ import annotations

import datetime

import pytest

from toolkit.core.game import Game, as_state, game_of
from toolkit.duel_masters.game import GAME as DM_GAME
from toolkit.history.asking import ask
from toolkit.ocg.game import GAME as OCG_GAME
from toolkit.ocg.scenario import PlayerSetup, Scenario
from toolkit.ocg.scenario.model import CardSpec

VEILER = "エフェクト・ヴェーラー"
DANDELION = "ダンディライオン"


def _position(b_hand: tuple[str, ...], date: str | None = None) -> Scenario:
    return Scenario(title="held cards", turn_player="A", date=None if date is None else datetime.date.fromisoformat(date),
                    players={"A": PlayerSetup(field=(CardSpec("ブラッド・ヴォルス"),)), "B": PlayerSetup(hand=b_hand)})


def test_a_card_with_nothing_that_acts_here_is_answered_with_its_text() -> None:
    answer = ask(_position((VEILER,)), {"possible": {"event": "activated", "card": VEILER}})
    assert answer.answer == "no"
    assert answer.decided_by.startswith(f"{VEILER} does nothing in any line of this position: its text"), \
        answer.decided_by
    assert "no quick effect and no trigger" in answer.decided_by
    assert "its conditions do not hold" not in answer.decided_by


def test_the_text_named_is_the_one_in_force_on_the_scenarios_date() -> None:
    answer = ask(_position((VEILER,), "2013-03-30"), {"possible": {"event": "activated", "card": VEILER}})
    assert "as in force on 2013-03-30" in answer.decided_by, answer.decided_by


def test_a_card_whose_text_has_a_trigger_is_not_said_to_have_none() -> None:
    # 《ダンディライオン》 has a trigger (when it is sent to the GY): in hand it is offered nothing here
    answer = ask(_position((DANDELION,)), {"possible": {"event": "activated", "card": DANDELION}})
    assert answer.answer == "no"
    assert answer.decided_by.startswith(f"{DANDELION} does nothing in any line"), answer.decided_by
    assert "no process or effect of it is offered here" in answer.decided_by
    assert "no trigger" not in answer.decided_by


def test_two_idle_cards_are_each_answered_for() -> None:
    answer = ask(_position((VEILER, DANDELION)),
                 {"possible": {"any": [{"event": "activated", "card": VEILER},
                                       {"event": "activated", "card": DANDELION}]}})
    assert answer.answer == "no"
    assert f"{DANDELION} does nothing in any line" in answer.decided_by
    assert f"{VEILER} does nothing in any line of this position: its text" in answer.decided_by


def test_never_acts_reads_the_card_text() -> None:
    state = as_state(_position((VEILER, DANDELION)))
    assert game_of(state) is OCG_GAME and OCG_GAME.never_acts(state, VEILER) is not None
    assert OCG_GAME.never_acts(state, DANDELION) is None
    assert OCG_GAME.never_acts(state, "ブラッド・ヴォルス") is not None  # a normal monster


def test_a_game_that_cannot_tell_says_only_that_nothing_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.core import game as core_game

    class Blind(type(OCG_GAME)):  # type: ignore[misc]
        def never_acts(self, state: object, card: str) -> str | None:
            return None  # the core's default: a game that cannot tell

    blind = Blind()
    usual = core_game.game_of
    monkeypatch.setattr(core_game, "game_of", lambda state: blind if isinstance(state, OCG_GAME.state_type)
                        else usual(state))
    assert type(DM_GAME).never_acts is Game.never_acts  # the Duel Masters game is one that cannot tell
    answer = ask(_position((VEILER,)), {"possible": {"event": "activated", "card": VEILER}})
    assert "no process or effect of it is offered here" in answer.decided_by, answer.decided_by
