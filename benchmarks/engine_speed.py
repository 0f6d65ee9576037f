"""How fast the End Phase engine is, at scale (prints numbers; asserts nothing).

    python benchmarks/engine_speed.py [--max-n 20] [--repeat 5] [--quick]

Every time is the min and the median of ``--repeat`` runs (at least 5), in
CPU seconds of this process (``time.process_time``) and wall seconds
(``time.perf_counter``): on a shared machine the wall time also counts the
other programs.

Definitions (the columns of section 1):

* ``positions``: distinct positions the search expanded (its transposition
  table, plus the ends of the turn);
* ``transitions``: successor positions computed — each a real call of the
  procedure's ``transition``, once per edge of the graph;
* ``hits``: edges whose position had been searched already (answered by the
  transposition table, no successor computed);
* ``visits`` = positions + hits: every time the search reached a position;
* ``lines``: distinct lines of play (counted exactly, never enumerated);
* ``naive nodes``: the nodes a walk of every line without a table would visit;
* ``lines/visit`` = lines / visits: how many lines each position visit stands
  for (the issue's "naive lines / positions visited, cache hits included");
* ``trans/s`` = transitions / CPU seconds (min).

Section 1 runs each family of positions (``toolkit.ocg.positions``) with the
reduction (``reduce=True``, the default) and — while it takes under two CPU
seconds — the full search (``reduce=False``); both give the same outcomes and
lines (tests/engine/test_reduction.py).  Then: peak memory per position, the
shipped scenarios, python-chess perft(4) in this process and the ratio of our
transitions/s to its node visits/s (the legal actions + apply rates are measured
here and again in a fresh process: the target is judged there, as what the
earlier searches leave in memory slows this process by 5-7%; both time
python-chess and every family in the same rounds, one run of each per round, so
a slower stretch of a shared machine slows both sides of the ratio), a 100-card
hand, verify_rulings cold (a new process) and warm, the builder's Explore, and
one table of the targets.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _timing import Targets, Timing, cold_verify, measure, rounds, walk  # noqa: E402
from chess_reference import perft_job  # noqa: E402

from toolkit.core.game import game_of  # noqa: E402
from toolkit.engine import explore, resolve  # noqa: E402
from toolkit.ocg.positions import FAMILIES  # noqa: E402
from toolkit.ocg.scenario import PlayerSetup, Scenario, load_scenario  # noqa: E402
from toolkit.ocg.setup import initial_state  # noqa: E402

MAX_N = {"mixed": 12, "other cards": 12, "all distinct": 17, "mandatory": 24}
TARGETS = Targets()
"""The rows of the final table."""


def target(name: str, reached: str, met: bool) -> None:
    TARGETS.add(name, reached, met)


def families(max_n: int, repeat: int) -> dict[tuple[str, int, bool], tuple[Timing, Any]]:
    print("1. Exploring n pending processes (reduced search, then the full one while it is under 2 CPU s)")
    head = (f"{'family':>12} {'n':>3} {'search':>7} {'positions':>9} {'transitions':>11} {'hits':>7} {'lines':>30} "
            f"{'outcomes':>8} {'lines/visit':>11} {'cpu min':>8} {'cpu med':>8} {'wall min':>8} {'trans/s':>8}")
    print(head)
    results: dict[tuple[str, int, bool], tuple[Timing, Any]] = {}
    for family, make in FAMILIES.items():
        full_ok = True
        for n in range(4, min(max_n, MAX_N[family]) + 1):
            scen = make(n)
            for reduce in (True, False):
                if not reduce and not full_ok:
                    continue
                timing, found = measure(repeat, lambda: explore(scen, reduce=reduce, max_states=3_000_000))
                results[(family, n, reduce)] = (timing, found)
                visits = found.states + found.cache_hits
                print(f"{family:>12} {n:>3} {'reduced' if reduce else 'full':>7} {found.states:>9} "
                      f"{found.transitions:>11} {found.cache_hits:>7} {found.total_lines:>30} {len(found.outcomes):>8} "
                      f"{found.total_lines / visits:>11.3g} {timing.cpu_min:>8.3f} {timing.cpu_median:>8.3f} "
                      f"{timing.wall_min:>8.3f} {found.transitions / timing.cpu_min:>8.0f}")
                if not reduce and timing.cpu_min > 2.0:
                    full_ok = False
            sys.stdout.flush()
    return results


def memory(family: str, n: int, reduce: bool) -> tuple[float, int]:
    """Peak traced memory (bytes) of one search and its positions, the cards' texts and tables
    already built by a first search (what a process keeps between searches is not counted).
    ``gc.collect()`` also empties the interpreter's free lists, so the peak counts the small
    tuples the search frees and a free list keeps (under Python 3.11 a freed tuple of 20
    items is kept and never reused: tests/engine/test_memory_sharing.py holds the two
    reduced rows to 2 KB a position)."""
    scen = FAMILIES[family](n)
    explore(scen, reduce=reduce, max_states=3_000_000)
    gc.collect()
    tracemalloc.start()
    found = explore(scen, reduce=reduce, max_states=3_000_000)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak, found.states


def state_bytes(family: str, n: int) -> tuple[float, int]:
    """Bytes per state of every position reachable from the family's start (the
    full graph, walked with legal_actions + apply): the State object and every
    object it holds — tuples, frozensets, cards, processes, lingering effects —
    each object counted once however many states share it; strings, numbers,
    enum members, the rule set and the position tables (shared by the whole
    search) are not counted."""
    seen = walk(initial_state(FAMILIES[family](n))).reached
    counted: set[int] = set()
    total = 0

    def add(value: Any) -> None:
        nonlocal total
        if value is None or isinstance(value, (str, int, float, Enum)) or id(value) in counted:
            return
        counted.add(id(value))
        total += sys.getsizeof(value)
        if isinstance(value, (tuple, frozenset, list)):
            for item in value:
                add(item)
        elif dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                if f.compare and f.name != "ruleset":  # shared by the search; cached hashes do not compare
                    add(getattr(value, f.name))

    for state in seen:
        add(state)
    return total / len(seen), len(seen)


def memory_section(max_n: int) -> None:
    print("\n2. Memory. (a) A state and the objects it holds, shared ones counted once (bytes per state, "
          "every state of the full graph):")
    largest = ("", 0.0)
    for family, n in (("mixed", min(max_n, 10)), ("mandatory", min(max_n, 12)), ("all distinct", min(max_n, 9))):
        per_state, count = state_bytes(family, n)
        print(f"   {family:>12} n={n:>2}: {count:>7} states, {per_state:6.0f} bytes/state")
        if per_state > largest[1]:
            largest = (f"{family} n={n}", per_state)
    target("a state (with what it holds): <= 2 KB", f"{largest[1]:,.0f} B at most ({largest[0]})",
           largest[1] <= 2048)
    print("   (b) Peak memory of a search (tracemalloc: Python allocations: the states, the graph of their "
          "edges and the outcome tables), per position expanded")
    worst = ("", 0.0)
    for family, n, reduce in (("mixed", min(max_n, 10), False), ("mandatory", min(max_n, 12), False),
                              ("all distinct", min(max_n, 9), False), ("mandatory", min(max_n, 20), True),
                              ("all distinct", min(max_n, 17), True)):
        peak, states = memory(family, n, reduce)
        print(f"   {family:>12} n={n:>2} {'reduced' if reduce else 'full':>7}: {peak / 2**20:8.1f} MB peak, "
              f"{states:>7} positions, {peak / states:8.0f} bytes/position")
        if peak / states > worst[1]:
            worst = (f"{family} n={n} {'reduced' if reduce else 'full'}", peak / states)
        if family == "mandatory" and reduce and n == 20:
            target("n = 20 independent (mandatory family): < 200 MB", f"{peak / 2**20:.1f} MB", peak < 200 * 2**20)
    target("peak search memory per position expanded: <= 2 KB in every row of section 2 (b)",
           f"{worst[1]:,.0f} B at most ({worst[0]})", worst[1] <= 2048)


def shipped(repeat: int) -> None:
    print(f"\n3. The shipped scenarios (min/median of {repeat})")
    scenarios = [load_scenario(p) for p in sorted((ROOT / "datasets" / "scenarios").glob("*.yaml"))]
    timing, _ = measure(repeat, lambda: [resolve(s) for s in scenarios])
    print(f"   resolve() of all {len(scenarios)}: {timing.text()}")
    timing, found = measure(repeat, lambda: [explore(s) for s in scenarios])
    states = sum(f.states for f in found)
    print(f"   explore() of all {len(scenarios)}: {states} positions; {timing.text()}")


def chess_perft(repeat: int, depth: int = 4) -> float:
    timing, (leaves, visits) = measure(repeat, perft_job(depth))
    rate: float = visits / timing.cpu_min
    print(f"\n4. python-chess perft({depth}) from the start position: {leaves} leaves, {visits} node visits "
          f"(a position reached by pushing a move, plus the root); {timing.text()} = {rate:,.0f} node visits/s")
    return rate


def big_hand(repeat: int) -> None:
    names = ["ブラッド・ヴォルス", "ジェネティック・ワーウルフ", "死者蘇生", "強欲な壺", "落とし穴"]
    hand = tuple(f"{names[i % 5]}#{i // 5 + 1}" for i in range(100))
    scen = Scenario(title="100 cards in hand", turn_player="A", players={"A": PlayerSetup(hand=hand), "B": PlayerSetup()})
    timing, res = measure(repeat, lambda: resolve(scen))
    print(f"\n5. A 100-card hand (5 names, 20 copies each; 94 to discard): resolve {timing.text()}")
    target("a 100-card hand resolves: < 1 s", f"{timing.cpu_min:.3f} s cpu", timing.cpu_min < 1)
    timing, found = measure(repeat, lambda: explore(scen))
    print(f"   explore: {found.states} positions, {len(found.outcomes)} outcomes; {timing.text()}")


def verify(repeat: int) -> None:
    cold = cold_verify(max(2, repeat // 2))
    from toolkit import history

    history.verify_rulings()
    warm, _ = measure(repeat, history.verify_rulings)

    from toolkit.history import runs

    def uncached() -> Any:
        runs._RUNS.clear()  # the memo of check runs verify_rulings keeps between calls
        return history.verify_rulings()

    fresh, _ = measure(repeat, uncached)
    print(f"\n6. verify_rulings: cold (a new process, imports included) {cold.text()}; warm (same process, memo of check runs "
          f"kept) {warm.text()}; warm with that memo emptied {fresh.text()}")


def builder(repeat: int) -> None:
    from toolkit.widgets import ScenarioBuilder

    panel = ScenarioBuilder(example="hysteric_sign_adjustment_2013")
    timing, _ = measure(repeat, lambda: panel.explore.click())
    from toolkit.widgets.runs import ExploreView

    view = panel.view
    assert isinstance(view, ExploreView) and panel.last_error is None, panel.status.value
    print(f"\n7. The builder's Explore button on hysteric_sign_adjustment_2013 ({len(view.result.outcomes)} outcomes; "
          f"search, summary with who can force each difference, first page shown): {timing.text()}")
    target("the builder's Explore (hysteric_sign_adjustment_2013): < 0.5 s", f"{timing.cpu_min:.3f} s cpu",
           timing.cpu_min < 0.5)


CHESS = "python-chess perft(4)"
WALK_SECONDS = 0.3
"""About how long one timing of a family's legal actions + apply lasts: its graph is walked as many
times as that takes (each walk cold), so a timing is not a few tens of milliseconds that one pause
of the machine doubles."""
LEGAL_AND_APPLY_SIZES = {"mixed": 10, "other cards": 10, "all distinct": 9, "mandatory": 10}


def legal_and_apply(repeat: int) -> tuple[dict[str, float], float]:
    """The issue's "transitions/s (legal actions + apply)" per family, as a ratio to python-chess,
    and the same for the full search of the mixed family (n = 10).

    * a family's rate = edges of its full graph / CPU seconds (min) of ``legal_actions`` on every
      position plus the step on every edge as the search takes it (``Game.stepper()``: ``transition``'s
      next state, events and notes as a plain tuple), with what performing a process changed forgotten
      before each walk (cold; benchmarks/transition_split.py prints the parts); one timing walks the
      graph as many times as about ``WALK_SECONDS`` takes, and counts each walk's edges;
    * python-chess's rate = perft(4) node visits / CPU seconds (min);
    * a round's ratio = a family's rate in that round / python-chess's rate in that round (``rounds``:
      the two runs are seconds apart, so a slower stretch of the shared machine slows both);
    * the ratio = the median of the rounds' ratios (a round one pause slowed on one side does not
      move it); beside it, the lowest and highest round, and the ratio of the two minimums.

    Returns ({family: ratio}, the cold search's ratio)."""
    from toolkit.ocg.procedure.remembered import forget

    jobs: dict[str, Callable[[], Any]] = {CHESS: perft_job(4)}
    edges_of: dict[str, int] = {}
    walks_of: dict[str, int] = {"search": 1}

    def family_job(family: str, n: int) -> Callable[[], None]:
        start = initial_state(FAMILIES[family](n))
        game = game_of(start)
        graph = walk(start)
        live, edges = graph.live, graph.edges

        step = game.stepper()  # what core.graph calls for every edge

        def walk_once() -> None:
            forget(start.tables)  # cold: each walk starts with nothing remembered
            for x in live:
                game.legal_actions(x)
            for x, a in edges:
                step(x, a, check=False)

        c0 = time.process_time()
        walk_once()
        walks = max(1, round(WALK_SECONDS / max(time.process_time() - c0, 1e-6)))
        edges_of[family] = len(edges) * walks
        walks_of[family] = walks

        def job() -> None:
            for _ in range(walks):
                walk_once()

        return job

    for family, n in LEGAL_AND_APPLY_SIZES.items():
        jobs[family] = family_job(family, n)
    search_start = initial_state(FAMILIES["mixed"](10))

    def search() -> Any:
        forget(search_start.tables)  # cold: nothing of an earlier search of these cards remembered
        return explore(search_start, reduce=False)

    jobs["search"] = search
    _leaves, visits = perft_job(4)()
    edges_of["search"] = search().transitions
    timings = rounds(repeat, jobs)
    chess = timings[CHESS]
    chess_rate = visits / chess.cpu_min
    print(f"   {CHESS}: {visits} node visits, {chess_rate:,.0f}/s (cpu min {chess.cpu_min:.3f} s, median "
          f"{chess.cpu_median:.3f} s; {repeat} rounds, each timing python-chess and then every row below once)")
    print("   transitions/s (legal actions + apply: every edge of the full graph, cold), per family:")
    ratios = {}
    for name in [*LEGAL_AND_APPLY_SIZES, "search"]:
        timing = timings[name]
        rate = edges_of[name] / timing.cpu_min
        each = sorted(edges_of[name] / t / (visits / c) for c, t in zip(chess.cpu, timing.cpu))
        ratios[name] = statistics.median(each)
        label = f"{name} n = {LEGAL_AND_APPLY_SIZES[name]:>2}" if name != "search" else "the full search, mixed n = 10"
        walked = f"{edges_of[name] // walks_of[name]} edges x {walks_of[name]}" if name != "search" else \
            f"{edges_of[name]} trans"
        print(f"   {label:>30}: {walked:>14}, {rate:>8,.0f}/s; ratio {ratios[name]:.3f} x (the rounds' ratios "
              f"{each[0]:.2f}-{each[-1]:.2f}; of the minimums {rate / chess_rate:.3f} x; cpu min "
              f"{timing.cpu_min:.3f} s, median {timing.cpu_median:.3f} s)")
    search_ratio = ratios.pop("search")
    return ratios, search_ratio


def fresh_legal_and_apply(repeat: int) -> tuple[float, float]:
    """``legal_and_apply`` in a new process (a pyperf-style worker: nothing the earlier sections
    searched is in its memory), at least 11 rounds; prints its lines, returns the worst family's
    ratio and the cold search's ratio."""
    out = subprocess.run([sys.executable, str(Path(__file__)), "--legal-and-apply-only", "--repeat", str(repeat)],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    lines = out.stdout.strip().splitlines()
    print("   in a fresh process:")
    for line in lines[:-1]:
        print("   " + line)
    worst, cold = lines[-1].split()
    return float(worst), float(cold)


def cold_transitions(repeat: int) -> float:
    """Transitions/s of the full search of the mixed family (n = 10) with what performing each
    process changed forgotten before each run (``procedure.remembered``: the first search of a
    set of cards pays for it)."""
    from toolkit.ocg.procedure.remembered import forget

    start = initial_state(FAMILIES["mixed"](10))

    def job() -> Any:
        forget(start.tables)
        return explore(start, reduce=False)

    timing, found = measure(repeat, job)
    return float(found.transitions / timing.cpu_min)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="n up to 10, and skip verify_rulings")
    parser.add_argument("--legal-and-apply-only", action="store_true",
                        help="only python-chess perft(4), the legal actions + apply rates and the cold search "
                             "(last line: the worst ratio and the cold search's)")
    args = parser.parse_args()
    repeat = max(5, args.repeat)
    if args.legal_and_apply_only:
        ratios, search_ratio = legal_and_apply(max(11, repeat))
        print(min(ratios.values()), search_ratio)
        return
    max_n = 10 if args.quick else args.max_n
    results = families(max_n, repeat)
    memory_section(max_n)
    shipped(repeat)
    chess_rate = chess_perft(repeat)
    timing, found = results[("mixed", 10, False)]
    ours = found.transitions / timing.cpu_min
    print(f"   our transitions/s (full search, mixed family n = 10, cache hits excluded): {ours:,.0f}; "
          f"ratio to python-chess: {ours / chess_rate:.3f}")
    cold_rate = cold_transitions(repeat)
    print(f"   the same searched cold (nothing remembered of an earlier search of these cards, "
          f"procedure.remembered): {cold_rate:,.0f}/s; ratio {cold_rate / chess_rate:.3f}")
    here = min(legal_and_apply(repeat)[0].values())
    print(f"   (that is in this process, after sections 1-3: at worst {here:.3f} x; what those searches leave "
          "in memory slows it, so the targets are judged in a fresh process:)")
    worst, cold_ratio = fresh_legal_and_apply(repeat)
    target("search transitions/s >= 0.5 x python-chess perft (cold, fresh process)",
           f"{cold_ratio:.3f} x (here: {cold_rate / chess_rate:.3f} x)", cold_ratio >= 0.5)
    target("transitions/s (legal actions + apply) >= 0.5 x python-chess perft (this script's families, "
           "per-card memo on, forgotten before each walk; fresh process; memo off: families.py)",
           f"{worst:.3f} x at worst", worst >= 0.5)
    target("transitions/s (legal actions + apply) >= 1.0 x python-chess perft (this script's families, "
           "per-card memo on, forgotten before each walk; fresh process; memo off: families.py)",
           f"{worst:.3f} x at worst", worst >= 1.0)
    big_hand(repeat)
    if not args.quick:
        verify(repeat)
    builder(repeat)

    def reached(family: str, n: int, limit: float, label: str) -> None:
        key = (family, n, True)
        if key in results:
            t, f = results[key]
            target(label, f"{t.cpu_min:.3f} s cpu ({f.states} positions)", t.cpu_min < limit)

    reached("all distinct", 10, 0.1, "n = 10 all-distinct: < 0.1 s")
    reached("mandatory", 20, 1.0, "n = 20 independent (mandatory family): < 1 s")
    reached("all distinct", 17, 1.0, "n = 17 all-distinct (the family's largest): < 1 s")
    reached("mixed", 12, 1.0, "n = 12 current (mixed) family: < 1 s")
    reached("mandatory", 18, 2.0, "18 mandatory processes: < 2 s")
    _t, f9 = results[("all distinct", 9, True)]
    ratio = f9.total_lines / (f9.states + f9.cache_hits)
    target("n = 9 all-distinct: lines / positions visited >= 10,000", f"{ratio:,.0f}", ratio >= 10_000)

    print()
    TARGETS.print("Targets (printed, not asserted; times are CPU min of the runs above)", reached_width=34)


if __name__ == "__main__":
    main()
