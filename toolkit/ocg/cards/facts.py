"""What a card's behaviour says about it, in the words of ``datasets/cards.csv``.

The cards table describes each card in a few columns (does it have an End
Phase process of its own, is it mandatory, does it trigger when sent to the
GY, how long do its lingering effects last before and after the 2014-07-10
errata).  Those columns are derived here from the behaviour the engine plays,
so the table and the engine can be checked against each other
(tests/test_card_facts.py): a disagreement is either a mistake in the table
or a part of the card the engine does not model, and the test says which.

>>> card_facts("エフェクト・ヴェーラー")["duration_after_2014"]
'until_end_of_turn'
>>> card_facts("黄泉ガエル")["end_phase_effect"]
'optional'
"""

from __future__ import annotations

import datetime

from toolkit.core.durations import Duration
from toolkit.ocg.cards import behaviour
from toolkit.ocg.cards.base import CardText, Scope
from toolkit.ocg.values import EventKind

__all__ = ["ERRATA_DAY", "FACT_COLUMNS", "card_facts"]

ERRATA_DAY = datetime.date(2014, 7, 10)
"""The day durations 「エンドフェイズ時まで」 printed on many cards became 「ターン終了時まで」."""

FACT_COLUMNS = ("end_phase_effect", "sent_to_gy_trigger", "duration_before_2014", "duration_after_2014")
"""The columns of cards.csv that :func:`card_facts` derives."""

_DURATION_WORDS = {
    Duration.UNTIL_END_PHASE: "until_end_phase",
    Duration.UNTIL_END_OF_TURN: "until_end_of_turn",
    Duration.THIS_TURN: "this_turn",
}


def _processes(text: CardText) -> list[bool]:
    """Whether each process the card has of its own under the End Phase
    procedure is mandatory: its End Phase effects (a Standby Phase effect is
    done under the same procedure, P2b) and its lingering effects that end
    or act in the End Phase."""
    found = [effect.mandatory for effect in text.end_phase]
    for lingering in text.lingering:
        if lingering.process is not None:
            found.append(lingering.process.mandatory)
        elif lingering.duration in (Duration.UNTIL_END_PHASE, Duration.DURING_THIS_END_PHASE):
            found.append(True)
    return found


def _duration(text: CardText) -> str:
    """The duration of the card's first lingering effect that ends with the
    End Phase or the turn, or "none"."""
    for lingering in text.lingering:
        word = _DURATION_WORDS.get(lingering.duration)
        if word is not None:
            return word
    return "none"


def card_facts(name: str) -> dict[str, str | bool]:
    """The :data:`FACT_COLUMNS` of ``name`` as its behaviour has them today
    (durations: the day before and the day of the 2014-07-10 errata)."""
    card = behaviour(name)
    today = card.text_at(None)
    processes = _processes(today)
    kind = "none" if not processes else "mandatory" if any(processes) else "optional"
    to_gy = any(
        trigger.scope is Scope.SELF and (EventKind.SENT_TO_GY in trigger.on or EventKind.DISCARDED in trigger.on)
        for trigger in today.triggers
    )
    return {
        "end_phase_effect": kind,
        "sent_to_gy_trigger": to_gy,
        "duration_before_2014": _duration(card.text_at(ERRATA_DAY - datetime.timedelta(days=1))),
        "duration_after_2014": _duration(card.text_at(ERRATA_DAY)),
    }
