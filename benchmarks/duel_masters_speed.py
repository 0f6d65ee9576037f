"""How fast the Duel Masters Turn End Step runs on the shared engine (prints numbers; asserts nothing).

    python benchmarks/duel_masters_speed.py

1. ``explore`` on n waiting effects of the turn player (n! orders, 2^n + 2
   positions): lines, positions, transitions, seconds, transitions/s.
2. ``explore`` of every shipped Duel Masters scenario under each registered
   Turn End Step ruleset.
3. ``verify_rulings`` restricted to the nine seed-004 rows, and ``compare_games``
   (both games on five questions).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from toolkit import compare_games, explore, load_rulings, verify_rulings  # noqa: E402
from toolkit.duel_masters import RULES, list_seed_scenarios, seed_scenario  # noqa: E402
from toolkit.duel_masters.scenario import scenario_from_dict  # noqa: E402


def waiting(n: int):  # type: ignore[no-untyped-def]
    return scenario_from_dict({"game": "duel_masters", "title": f"{n} waiting", "turn_player": "A",
                               "players": {"A": {"battle_zone": ["グルジェ・グルジェ"] * n}}})


def main() -> None:
    print("1. n waiting effects of the turn player")
    print(f"{'n':>3} {'lines':>10} {'positions':>10} {'transitions':>12} {'seconds':>9} {'transitions/s':>14}")
    for n in range(4, 13):
        start = time.perf_counter()
        found = explore(waiting(n), max_states=2_000_000)
        took = time.perf_counter() - start
        print(f"{n:>3} {found.total_lines:>10} {found.states:>10} {found.transitions:>12} {took:>9.3f} "
              f"{found.transitions / took:>14,.0f}")
    print("\n2. every shipped scenario under every Turn End Step ruleset")
    start = time.perf_counter()
    runs = 0
    for name in list_seed_scenarios():
        for rules in RULES:
            explore(seed_scenario(name), ruleset=rules)
            runs += 1
    print(f"   {runs} explorations in {time.perf_counter() - start:.3f} s")
    print("\n3. the rulings and the side-by-side")
    rulings = load_rulings()
    start = time.perf_counter()
    table = verify_rulings(rulings[rulings["game"] == "duel_masters"])
    print(f"   verify_rulings (9 Duel Masters rows): {time.perf_counter() - start:.3f} s, "
          f"{int(table['verified'].sum())} verified")
    start = time.perf_counter()
    compare_games()
    print(f"   compare_games(): {time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
