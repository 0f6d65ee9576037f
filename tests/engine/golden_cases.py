"""What the golden files record: for every shipped scenario, the trace of
the line where both players pass whenever they may and a digest of its full
exploration; for the benchmark positions of benchmarks/engine_speed.py (n = 4..8), the exploration counts.

The files under ``tests/engine/golden/`` are written ONLY by
``python tests/engine/golden/regenerate.py`` (run it on purpose, after a
behaviour change that is meant); ``test_golden.py`` compares against them.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from toolkit.core.search import Exploration
from toolkit.duel_masters import list_seed_scenarios as dm_seed_scenarios
from toolkit.duel_masters import seed_scenario as dm_seed_scenario
from toolkit.engine import explore, resolve
from toolkit.ocg.scenario import CardSpec, PlayerSetup, Scenario, list_seed_scenarios, seed_scenario

OHKA, LYLA, HORUS6, HORUS8 = "光神機−桜火", "ライトロード・マジシャン ライラ", "ホルスの黒炎竜 LV６", "ホルスの黒炎竜 LV８"
TP_POOL = (
    CardSpec(f"{OHKA}#1", tags=frozenset({"tribute_less_summoned"})),
    CardSpec(LYLA),
    CardSpec("月読命", tags=frozenset({"summoned_this_turn"})),
    CardSpec(f"{HORUS6}#1", tags=frozenset({"destroyed_monster_by_battle"})),
    CardSpec(f"{OHKA}#2", tags=frozenset({"tribute_less_summoned"})),
    CardSpec("阿修羅", tags=frozenset({"flipped_this_turn"})),
)
NTP_POOL = (
    CardSpec(f"{OHKA}#1", tags=frozenset({"tribute_less_summoned"})),
    CardSpec("八俣大蛇", position="face_up_defense", tags=frozenset({"flipped_this_turn"})),
    CardSpec(f"{HORUS6}#1", tags=frozenset({"destroyed_monster_by_battle"})),
    CardSpec(f"{OHKA}#2", tags=frozenset({"tribute_less_summoned"})),
    CardSpec("火之迦具土", position="face_up_defense", tags=frozenset({"flipped_this_turn"})),
    CardSpec(f"{OHKA}#3", tags=frozenset({"tribute_less_summoned"})),
)
BENCHMARK_NS = (4, 5, 6, 7, 8)

WITHOUT_CAUSE = [False]
"""True: every record leaves out the events' causes (``, by='…'``), so a snapshot taken before events
had a ``by`` compares with one taken after (``scripts/behaviour_diff.py compare --without-by``)."""
_CAUSE = re.compile(r", by='[^']*'")


def _plain(value: Any) -> Any:
    """``value`` (text, or rows of text) without the events' causes when ``WITHOUT_CAUSE`` says so."""
    if not WITHOUT_CAUSE[0]:
        return value
    if isinstance(value, str):
        return _CAUSE.sub("", value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def benchmark_position(n: int) -> Scenario:
    """n pending processes: ceil(n/2) for the turn player, floor(n/2) for the other
    (the positions of benchmarks/engine_speed.py)."""
    return Scenario(
        title=f"{n} pending processes",
        turn_player="A",
        players={
            "A": PlayerSetup(field=TP_POOL[: (n + 1) // 2], deck=(HORUS8,)),
            "B": PlayerSetup(field=NTP_POOL[: n // 2], deck=(HORUS8,)),
        },
    )


def _digest(rows: list[dict[str, object]]) -> str:
    """A fingerprint of trace rows (every column: notes, events, state) — the
    explorations' example lines are many, so only the default line is stored whole."""
    text = _plain(json.dumps(rows, ensure_ascii=False, sort_keys=True, default=str))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _exploration_digest(found: Exploration) -> dict[str, Any]:
    return {
        "states": found.states,
        "transitions": found.transitions,
        "tree_nodes": found.tree_nodes,
        "total_lines": found.total_lines,
        "first_actions": [[a, n] for a, n in found.first_actions],
        "outcomes": [
            {
                "lines": o.lines,
                "outcome": _plain(o.outcome.text()),
                "example_sha256": _digest([s.row() for s in o.example]),
            }
            for o in found.outcomes
        ],
    }


def scenario_case(name: str) -> dict[str, Any]:
    """The golden record of one shipped scenario (of either game)."""
    scen = dm_seed_scenario(name) if name in dm_seed_scenarios() else seed_scenario(name)
    res = resolve(scen, "pass")  # the line where both pass whenever they may (not resolve()'s default)
    frame = res.trace
    return {
        "scenario": name,
        "trace": _plain([{str(k): (int(v) if k == "step" else str(v)) for k, v in row.items()}
                         for row in frame.to_dict(orient="records")]),
        "outcome": _plain(res.outcome.text()),
        "loop": list(res.loop) if res.loop is not None else None,
        "explore": _exploration_digest(explore(scen, reduce=False)),
    }


def benchmark_case(n: int) -> dict[str, Any]:
    found = explore(benchmark_position(n), reduce=False)
    digest = _exploration_digest(found)
    digest["outcomes"] = [{k: v for k, v in o.items() if k != "example_sha256"}
                         for o in digest["outcomes"]]
    return {"n": n, "explore": digest}


def scenario_names() -> tuple[str, ...]:
    return list_seed_scenarios() + dm_seed_scenarios()
