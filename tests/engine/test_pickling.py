"""Values that cache their hash survive a trip through another process.

``str`` hashes are salted per process, so a value pickled with a hash cached
in a process pool's worker must be hashed again here — else an equal value is
not found in a dict or set (tests/engine/test_pickling.py would then fail on
``in``).  Each value is pickled by a child process with another hash seed.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from typing import Any

import pytest

import toolkit.games
from toolkit.core.search import explore

_MAKE = """
import pickle, sys
import toolkit.games
from toolkit.core.search import explore
from toolkit.core.game import as_state
name = sys.argv[1]
start = as_state(toolkit.games.shipped_scenario(name))
found = explore(start)
values = {"state": start, "cards": start.cards, "outcomes": [o.outcome for o in found.outcomes],
          "lingering": getattr(start, "lingering", ())}
sys.stdout.buffer.write(pickle.dumps(values))
"""


def _from_another_process(name: str, seed: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", _MAKE, name], capture_output=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": seed})
    values: dict[str, Any] = pickle.loads(out.stdout)
    return values


def _lingering_scenario(game_code: str) -> str:
    from toolkit.core.game import as_state, game_of

    for name in toolkit.games.shipped_scenario_names():
        start = as_state(toolkit.games.shipped_scenario(name))
        if game_of(start).name == game_code and getattr(start, "lingering", ()):
            return name
    raise AssertionError(f"no shipped scenario of {game_code} with a lingering effect")


@pytest.mark.parametrize("game_code", ["ocg", "duel_masters"])
def test_values_pickled_in_another_process_hash_as_here(game_code: str) -> None:
    from toolkit.core.game import as_state

    name = _lingering_scenario(game_code)
    here_start = as_state(toolkit.games.shipped_scenario(name))
    here = {"state": here_start, "cards": here_start.cards,
            "outcomes": [o.outcome for o in explore(here_start).outcomes], "lingering": here_start.lingering}
    there = _from_another_process(name, "12345")
    assert there["state"] == here["state"] and there["state"] in {here["state"]}
    for kind in ("cards", "lingering"):
        assert there[kind] == here[kind] and all(v in set(here[kind]) for v in there[kind]), kind
    assert there["outcomes"] == here["outcomes"]
    assert all(o in set(here["outcomes"]) for o in there["outcomes"])
    assert all(o.summary in {h.summary for h in here["outcomes"]} for o in there["outcomes"])
