"""The two games' end of turn side by side, on the same abstract questions.

Each :class:`GameQuestion` asks one thing of both games — who resolves
first, when "this turn" effects end, whether something that happens during
the end of the turn still resolves — and answers it in each game by running a
check (the language of :mod:`toolkit.history.checks`) on a shipped scenario of
that game.  Nothing is hard-coded: the answers, the rule that decides them
(the trace note, as ``toolkit.verify_rulings`` reads it) and the rule changes
that would flip them come from the engines.  The OCG side runs under the
rules of ``date`` (today's when None), so a question whose OCG answer changed
over the years shows it.

>>> table = compare_games()
>>> table.loc["nontp_first", ["ocg", "duel_masters"]].tolist()
['yes', 'no']
>>> compare_games("2013-03-30").loc["arrival_end_ability", "ocg"]
'yes'
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["GameQuestion", "QUESTIONS", "Side", "compare_games"]


@dataclass(frozen=True)
class Side:
    """How one game answers a question: a shipped scenario and a check on it."""

    scenario: str
    check: Mapping[str, Any]
    reading: str
    """Our English reading of the check on this scenario."""


@dataclass(frozen=True)
class GameQuestion:
    """One abstract question and how each game answers it."""

    key: str
    question: str
    ocg: Side
    duel_masters: Side


QUESTIONS: tuple[GameQuestion, ...] = (
    GameQuestion(
        "nontp_first",
        "Who resolves first: can the non-turn player's end-of-turn effect come before the turn player's?",
        Side("q_both_players_end_phase.yaml",
             {"possible_order": [{"event": "activated", "player": "NTP"}, {"event": "activated", "player": "TP"}]},
             "B's Hysteric Sign is activated before A's Lyla in some line"),
        Side("duel_masters/dm_zero_hand_heavens_heaven.yaml",
             {"possible_order": [{"event": "declared", "card": "ZERO ハンド"},
                                 {"event": "resolved", "card": "天獄の正義 ヘブンズ・ヘブン"}]},
             "B declares ZERO Hand before A's Heaven's Heaven resolves in some line"),
    ),
    GameQuestion(
        "this_turn_outlasts_end",
        "When do 'this turn' effects end: does one still apply after every end-of-turn effect is done?",
        Side("q_until_end_phase_vs_end_of_turn.yaml",
             {"always_order": [{"event": "effect_ended", "card": "エネミーコントローラー"},
                               {"event": "effect_ended", "card": "禁じられた聖杯"}]},
             "Forbidden Chalice's until-the-end-of-the-turn negation ends after Enemy Controller's "
             "until-the-End-Phase control, in every line"),
        Side("duel_masters/dm_ga_ryuzak_kentnark.yaml",
             {"possible_order": [{"event": "put_into_mana", "card": "卍月 ガ・リュザーク 卍"},
                                 {"event": "effect_ended", "card": "スパダチ ケントナークR"}]},
             "Kentnark R's during-the-turn effect still sends Ga-Ryuzak, summoned at the end of the turn, "
             "to the mana zone and ends only afterwards"),
    ),
    GameQuestion(
        "duration_ends_midway",
        "Can an effect of the turn end partway through, while other end-of-turn effects are still to come?",
        Side("q_until_end_phase_vs_end_of_turn.yaml",
             {"possible_order": [{"event": "effect_ended", "card": "エネミーコントローラー"},
                                 {"event": "hand_adjusted"}]},
             "Enemy Controller's control ends before the hand-size adjustment"),
        Side("duel_masters/dm_moffle_zanjibar.yaml",
             {"possible_order": [{"event": "effect_ended"}, {"event": "turn_started"}]},
             "Moffle's +4000 ends at an earlier step than the moment the next turn starts"),
    ),
    GameQuestion(
        "trigger_during_end",
        "Is an effect that triggers during the end of the turn still resolved?",
        Side("q_graff_milled_in_end_phase.yaml",
             {"possible": {"event": "activated", "card": "彼岸の悪鬼 グラバースニッチ"}},
             "Graff, milled by Lyla during the End Phase, activates its sent-to-the-graveyard effect"),
        Side("duel_masters/dm_gurje_gurje_welcome_hell.yaml",
             {"possible": {"event": "resolved", "card": "極・魔壊王 デスゴロス"}},
             "Desgoros' flip ability, triggered while A resolves Welcome Hell, is resolved"),
    ),
    GameQuestion(
        "arrival_end_ability",
        "Does a card that arrives during the end of the turn still use its own end-of-turn effect?",
        Side("q_hysteric_sign_adjustment.yaml",
             {"possible": {"event": "activated", "card": "ヒステリック・サイン"}},
             "Hysteric Sign discarded by the hand-size adjustment activates its End Phase effect"),
        Side("duel_masters/dm_d3_arrival_d_switch.yaml",
             {"possible": {"event": "drew", "player": "NTP"}},
             "McGuffin, brought back by a D Switch during the Turn End Step, makes B draw"),
    ),
)
"""The questions :func:`compare_games` asks, in order."""


def _as_day(when: datetime.date | str | None) -> datetime.date | None:
    from toolkit import fields

    return None if when is None else fields.day(when, "date", None)


def _answer(side: Side, game: str, day: datetime.date | None, key: str) -> tuple[str, str, str]:
    """(answer, the note that decides it, the rule changes that would flip it)."""
    import pandas as pd

    from toolkit.games import game_named
    from toolkit.history import run_ruling

    dated = game_named(game).dated
    row = {
        "ruling_id": f"{game}:{key}",
        "game": game,
        "check": json.dumps(dict(side.check), ensure_ascii=False),
        "expected": "yes",
        "scenario": [side.scenario],
        "ruleset": pd.NA,
        "date": pd.Timestamp(day) if (day is not None and dated) else pd.NaT,
    }
    run = run_ruling(row)
    return run.own.answer, run.decided_by, "; ".join(run.deciding_changes)


def compare_games(date: datetime.date | str | None = None) -> pd.DataFrame:
    """Every question of :data:`QUESTIONS` answered in both games: one row per
    question (indexed by its key) with each game's answer (yes/no), the
    trace note that decides it (``*_because``), the rule changes that would
    flip it (``*_flips_if``), the scenario and our reading of the check, and
    whether the games agree.  The OCG runs under the rules of ``date``."""
    import pandas as pd

    day = _as_day(date)
    rows = []
    for q in QUESTIONS:
        ocg = _answer(q.ocg, "ocg", day, q.key)
        dm = _answer(q.duel_masters, "duel_masters", None, q.key)
        rows.append({
            "key": q.key, "question": q.question,
            "ocg": ocg[0], "duel_masters": dm[0], "same": ocg[0] == dm[0],
            "ocg_because": ocg[1], "duel_masters_because": dm[1],
            "ocg_flips_if": ocg[2], "duel_masters_flips_if": dm[2],
            "ocg_scenario": q.ocg.scenario, "duel_masters_scenario": q.duel_masters.scenario,
            "ocg_reading": q.ocg.reading, "duel_masters_reading": q.duel_masters.reading,
        })
    frame = pd.DataFrame(rows).set_index("key")
    strings = [c for c in frame.columns if c != "same"]
    return frame.astype({**{c: "string" for c in strings}, "same": "bool"})
