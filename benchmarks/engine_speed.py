"""How fast the End Phase engine is (prints numbers; asserts nothing).

    python benchmarks/engine_speed.py [--max-n 12] [--repeat 3]

1. Positions with n = 4..12 pending processes split between both players
   (mandatory chain links, mandatory returns, optional level-ups): distinct
   positions, transitions (successors computed: each a real call of the
   procedure's ``transition``, once per edge), cache hits (edges whose
   position was already searched: answered by the transposition table, NOT
   counted as transitions), lines, outcomes, the nodes a naive walk of every
   ordering would visit and the factor to ours, time, positions/s and
   transitions/s.
   Targets (ENGINE.md): n = 10 fully explored in < 2 s on one core; at n = 9
   at least 1000x fewer nodes visited than naive enumeration.
2. ``resolve`` of every worked example in datasets/scenarios (target < 20 ms),
   and ``explore`` of all of them.
3. python-chess perft(4) node visits per second from the start position (a
   node visit = one position reached by pushing a move, plus the root), and
   the ratio of our transitions/s to it (goal >= 1): both count successor
   positions generated from a position.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

from toolkit.engine import explore, initial_state, resolve
from toolkit.ocg.scenario import CardSpec, PlayerSetup, Scenario, load_scenario

ROOT = Path(__file__).resolve().parents[1]

OHKA, LYLA, HORUS6, HORUS8 = "光神機−桜火", "ライトロード・マジシャン ライラ", "ホルスの黒炎竜 LV６", "ホルスの黒炎竜 LV８"
TP_POOL = [
    CardSpec(f"{OHKA}#1", tags=frozenset({"tribute_less_summoned"})),
    CardSpec(LYLA),
    CardSpec("月読命", tags=frozenset({"summoned_this_turn"})),
    CardSpec(f"{HORUS6}#1", tags=frozenset({"destroyed_monster_by_battle"})),
    CardSpec(f"{OHKA}#2", tags=frozenset({"tribute_less_summoned"})),
    CardSpec("阿修羅", tags=frozenset({"flipped_this_turn"})),
]
NTP_POOL = [
    CardSpec(f"{OHKA}#1", tags=frozenset({"tribute_less_summoned"})),
    CardSpec("八俣大蛇", position="face_up_defense", tags=frozenset({"flipped_this_turn"})),
    CardSpec(f"{HORUS6}#1", tags=frozenset({"destroyed_monster_by_battle"})),
    CardSpec(f"{OHKA}#2", tags=frozenset({"tribute_less_summoned"})),
    CardSpec("火之迦具土", position="face_up_defense", tags=frozenset({"flipped_this_turn"})),
    CardSpec(f"{OHKA}#3", tags=frozenset({"tribute_less_summoned"})),
]


def position(n: int) -> Scenario:
    """n pending processes: ceil(n/2) for the turn player, floor(n/2) for the other."""
    return Scenario(
        title=f"{n} pending processes",
        turn_player="A",
        players={
            "A": PlayerSetup(field=tuple(TP_POOL[: (n + 1) // 2]), deck=(HORUS8,)),
            "B": PlayerSetup(field=tuple(NTP_POOL[: n // 2]), deck=(HORUS8,)),
        },
    )


def best_of(repeat: int, job):  # type: ignore[no-untyped-def]
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = job()
        times.append(time.perf_counter() - start)
    return min(times), result


def explore_table(max_n: int, repeat: int) -> dict[int, tuple[float, int]]:
    print("1. Exploring n pending processes (best of %d runs)" % repeat)
    print(f"{'n':>3} {'pending':>7} {'states':>7} {'transitions':>11} {'cache hits':>10} {'lines':>14} "
          f"{'outcomes':>8} {'naive nodes':>15} {'naive/ours':>10} {'seconds':>8} {'states/s':>9} {'trans/s':>8}")
    rates: dict[int, tuple[float, int]] = {}
    for n in range(4, max_n + 1):
        scen = position(n)
        pending = len(initial_state(scen).pending)
        seconds, found = best_of(repeat if n <= 10 else 1, lambda: explore(scen, max_states=5_000_000))
        ratio = found.tree_nodes / found.states
        print(f"{n:>3} {pending:>7} {found.states:>7} {found.transitions:>11} {found.cache_hits:>10} "
              f"{found.total_lines:>14} {len(found.outcomes):>8} {found.tree_nodes:>15} {ratio:>10.0f} "
              f"{seconds:>8.3f} {found.states / seconds:>9.0f} {found.transitions / seconds:>8.0f}")
        rates[n] = (seconds, found.transitions)
        if n == 10:
            verdict = "met" if seconds < 2 else "NOT met"
            print(f"    target n=10 fully explored < 2 s: {verdict} ({seconds:.2f} s)")
        if n == 9:
            verdict = "met" if ratio >= 1000 else "NOT met"
            visits = found.states + found.cache_hits
            print(f"    target n=9 >= 1000x fewer nodes than naive enumeration: {verdict} "
                  f"({ratio:.0f}x by distinct positions; {found.tree_nodes / visits:.0f}x counting every "
                  f"visit, cache hits included)")
        sys.stdout.flush()
    return rates


def resolve_examples(repeat: int) -> None:
    print("\n2. resolve() of every worked example (best of %d, milliseconds)" % repeat)
    worst = 0.0
    scenarios = []
    for path in sorted((ROOT / "datasets" / "scenarios").glob("*.yaml")):
        scen = load_scenario(path)
        scenarios.append(scen)
        seconds, res = best_of(repeat, lambda: resolve(scen))
        worst = max(worst, seconds)
        print(f"   {seconds * 1000:7.2f} ms  {len(res.steps):3d} steps  {path.stem}")
    print(f"   slowest: {worst * 1000:.2f} ms (target < 20 ms: {'met' if worst < 0.020 else 'NOT met'})")

    def explore_all() -> tuple[int, int, int]:
        found = [explore(scen) for scen in scenarios]
        return (sum(f.states for f in found), sum(f.transitions for f in found), sum(f.cache_hits for f in found))

    seconds, (states, transitions, hits) = best_of(repeat, explore_all)
    print(f"   explore() of all {len(scenarios)} (example lines described included): {states} states, "
          f"{transitions} transitions, {hits} cache hits in {seconds:.3f} s = {states / seconds:,.0f} states/s, "
          f"{transitions / seconds:,.0f} transitions/s")


def chess_perft(depth: int = 4, repeat: int = 1) -> float:
    import chess

    board = chess.Board()
    visits = 0

    def perft(d: int) -> int:
        nonlocal visits
        visits += 1
        if d == 0:
            return 1
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += perft(d - 1)
            board.pop()
        return total

    def run() -> int:
        nonlocal visits
        visits = 0
        return perft(depth)

    seconds, leaves = best_of(repeat, run)
    print(f"\n3. python-chess perft({depth}) from the start position (best of {repeat}): {leaves} leaves, "
          f"{visits} node visits in {seconds:.2f} s = {visits / seconds:,.0f} node visits/s")
    return visits / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    gc.collect()
    rates = explore_table(args.max_n, args.repeat)
    resolve_examples(args.repeat)
    chess_rate = chess_perft(4, args.repeat)
    n = max(k for k in rates if k <= 10)
    seconds, transitions = rates[n]
    ours = transitions / seconds
    print(f"   our transitions/s at n={n} (computed successors, cache hits excluded): {ours:,.0f}; "
          f"ratio to python-chess node visits/s: {ours / chess_rate:.3f} "
          f"(goal >= 1: {'met' if ours >= chess_rate else 'NOT met'})")
    print(f"   median transitions/s over n=4..{max(rates)}: "
          f"{statistics.median(t / s for s, t in rates.values()):,.0f}")


if __name__ == "__main__":
    main()
