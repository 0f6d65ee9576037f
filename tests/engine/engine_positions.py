"""Small position builders for the engine tests (plain Scenario values)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolkit.ocg.scenario import CardSpec, LingeringSpec, PlayerSetup, Scenario, load_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "datasets" / "scenarios"

LYLA = "ライトロード・マジシャン ライラ"
VEILER = "エフェクト・ヴェーラー"
HORUS6 = "ホルスの黒炎竜 LV６"
HORUS8 = "ホルスの黒炎竜 LV８"
SIGN = "ヒステリック・サイン"
PETEN = "闇・道化師のペーテン"
GRIMOIRE = "暗黒界の書物"
OHKA = "光神機−桜火"
WORLD = "アルカナフォースＸＸＩ−ＴＨＥ ＷＯＲＬＤ"
WORM = "邪悪なるワーム・ビースト"
VORSE = "ブラッド・ヴォルス"
WOLF = "ジェネティック・ワーウルフ"
FILLERS = ("死者蘇生", "強欲な壺", "落とし穴", "おろかな埋葬", "増援", "大嵐", "天使の施し")


def card(name: str, *tags: str, position: str = "face_up") -> CardSpec:
    return CardSpec(name, position=position, tags=frozenset(tags))


def player(hand: Sequence[str] = (), field: Sequence[str | CardSpec] = (),
           graveyard: Sequence[str | CardSpec] = (), deck: Sequence[str] = (), filler: int = 30,
           life: int = 8000) -> PlayerSetup:
    return PlayerSetup(hand=tuple(hand), field=tuple(CardSpec(c) if isinstance(c, str) else c for c in field),
                       graveyard=tuple(CardSpec(c) if isinstance(c, str) else c for c in graveyard),
                       deck=tuple(deck), deck_filler=filler, life=life)


def scenario(a: PlayerSetup | None = None, b: PlayerSetup | None = None, *, turn: str = "A",
             date: str | None = None, ruleset: str | None = None,
             lingering: Sequence[tuple[str, str, str | None, str]] = (), title: str = "test") -> Scenario:
    return Scenario(
        title=title,
        turn_player=turn,
        players={"A": a or PlayerSetup(), "B": b or PlayerSetup()},
        date=datetime.date.fromisoformat(date) if date else None,
        ruleset=ruleset,
        lingering=tuple(LingeringSpec(src, ctl, tgt, eff) for src, ctl, tgt, eff in lingering),
    )


def seed(name: str) -> Scenario:
    """A worked example from datasets/scenarios (checked against the registry)."""
    return load_scenario(SCENARIOS / f"{name}.yaml")


def reachable(start: object, limit: int) -> list[object]:
    """The positions reachable from ``start`` by legal actions (at most about ``limit``: the walk
    stops once it has seen that many), the start included."""
    from toolkit.core.game import game_of

    game = game_of(start)
    seen = {start}
    todo = [start]
    while todo and len(seen) < limit:
        state = todo.pop()
        if state.is_over:
            continue
        for action in game.legal_actions(state):
            child = game.transition(state, action, check=False).state
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return list(seen)


def controls_and_a_way_out(n: int) -> object:
    """The first position of ``all_distinct(n)`` (controls taken until the End Phase, among others) with
    a set 《強制脱出装置》 for B: quick effects activated and answered, and a monster whose control was
    taken may leave the field, ending the lingering effect on it (the processes it created go)."""
    import dataclasses

    from toolkit.ocg.positions import all_distinct
    from toolkit.ocg.setup import initial_state

    base = all_distinct(n)
    b = base.players["B"]
    players = dict(base.players)
    players["B"] = PlayerSetup(field=(*b.field, CardSpec("強制脱出装置", position="set")), graveyard=b.graveyard,
                               deck=b.deck)
    return initial_state(dataclasses.replace(base, players=players))


def replays_to_its_outcome(start: Any, found: Any) -> None:
    """Every example line is legal from ``start`` step by step and ends in the outcome it is listed under."""
    from toolkit.core.game import game_of

    game = game_of(start)
    for lines in found.outcomes:
        state, events = start, set()
        for action in lines.example_actions:
            assert action in game.legal_actions(state), (action, lines.outcome)
            step = game.transition(state, action)
            state, events = step.state, events | set(step.events)
        if lines.outcome.loop is None:
            assert state.is_over and state.summary() == lines.outcome.summary and events == lines.outcome.events
