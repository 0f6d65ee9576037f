"""Where a search's time goes, per transition (prints numbers; asserts nothing).

    python benchmarks/transition_split.py [--repeat 5]

For each family of positions (``toolkit.ocg.positions``) the full graph of
the full search (``reduce=False``) is walked once to collect its positions
and edges; then, in CPU seconds of this process, min and median of
``--repeat`` runs:

* ``legal``: ``legal_actions`` on every position of the graph;
* ``apply``: the step on every edge as the search takes it,
  ``Game.stepper()(position, action, check=False)`` (``transition``'s next
  state, events and notes as a plain tuple; ``transition`` where a game has no
  ``successor``);
* ``search``: the whole ``explore(..., reduce=False)``.

Definitions of the columns (per edge of the graph, i.e. per transition):

* ``legal µs`` = legal / edges, ``apply µs`` = apply / edges;
* ``rest µs`` = (search - legal - apply) / edges: what the search adds
  (hashing and looking up positions, the outcome tables, the event masks);
  it can come out negative: measured apart, in the graph's order, a
  transition may cost more than inside the search;
* ``la+apply/s`` = edges / (legal + apply): the issue's "transitions/s
  (legal actions + apply)";
* ``ratio`` = that rate / python-chess perft(4) node visits/s measured in
  this process (``benchmarks/chess_reference.py``); ``search ratio`` uses
  the search's own rate, edges / search; ``cold ratio`` the same for a
  search that starts with nothing remembered (``procedure.remembered``:
  what performing a self-contained process changed is kept per set of
  cards, so ``legal``, ``apply`` and ``search``, measured after a warm-up
  run, find it already kept, as any search after the first of these cards).

The engine's states are immutable: each transition builds a new State (its
cards, pending processes, events and notes) where python-chess pushes and
pops one mutable board.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _timing import measure, walk  # noqa: E402
from chess_reference import perft_job  # noqa: E402

from toolkit.core.game import game_of  # noqa: E402
from toolkit.engine import explore  # noqa: E402
from toolkit.ocg.positions import FAMILIES  # noqa: E402
from toolkit.ocg.procedure.remembered import forget  # noqa: E402
from toolkit.ocg.setup import initial_state  # noqa: E402

SIZES = {"mixed": 10, "other cards": 10, "all distinct": 9, "mandatory": 10}


def cpu_times(repeat: int, job: Callable[[], Any]) -> tuple[float, float]:
    """(min, median) CPU seconds of ``repeat`` runs of ``job`` (after one warm-up run)."""
    timing, _ = measure(repeat, job, warm_up=True)
    return timing.cpu_min, timing.cpu_median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    repeat = max(3, args.repeat)
    chess_min, _ = cpu_times(repeat, perft_job(4))
    _leaves, visits = perft_job(4)()
    chess_rate = visits / chess_min
    print(f"python-chess perft(4): {visits} node visits, {chess_min:.3f} s CPU min = {chess_rate:,.0f} node visits/s "
          f"({1e6 / chess_rate:.1f} µs per node visit)\n")
    print(f"{'family':>12} {'n':>3} {'positions':>9} {'edges':>7} {'legal µs':>9} {'apply µs':>9} {'rest µs':>8} "
          f"{'la+apply/s':>11} {'ratio':>6} {'search ratio':>12} {'cold ratio':>10}   "
          f"(CPU min of {repeat}; medians in brackets)")
    for family, n in SIZES.items():
        start = initial_state(FAMILIES[family](n))
        game = game_of(start)
        graph = walk(start)
        states, live, edges = graph.reached, graph.live, graph.edges
        def legal_all() -> None:
            for s in live:
                game.legal_actions(s)

        step = game.stepper()  # what core.graph calls for every edge

        def apply_all() -> None:  # each result dropped at once, as the search drops a position it knows
            for s, a in edges:
                step(s, a, check=False)

        legal = cpu_times(repeat, legal_all)
        apply = cpu_times(repeat, apply_all)
        search = cpu_times(repeat, lambda: explore(start, reduce=False))

        def cold_search() -> None:
            forget(start.tables)
            explore(start, reduce=False)

        cold = cpu_times(repeat, cold_search)
        count = len(edges)
        rate = count / (legal[0] + apply[0])
        rest = search[0] - legal[0] - apply[0]
        print(f"{family:>12} {n:>3} {len(states):>9} {count:>7} {1e6 * legal[0] / count:>9.1f} "
              f"{1e6 * apply[0] / count:>9.1f} {1e6 * rest / count:>8.1f} {rate:>11,.0f} {rate / chess_rate:>6.3f} "
              f"{count / search[0] / chess_rate:>12.3f} {count / cold[0] / chess_rate:>10.3f}   [legal {1e6 * legal[1] / count:.1f}, apply "
              f"{1e6 * apply[1] / count:.1f}, search {1e6 * search[1] / count:.1f} µs]")


if __name__ == "__main__":
    main()
