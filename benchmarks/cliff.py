"""The cliff: one card that can never act, added to a position the reduction handles.

Families (n = the number of tribute-less 《光神機−桜火》 of the turn player; ``make bench`` runs the
deck and GY families in ``benchmarks/families.py``, beside python-chess, with their targets):

* ``alone``: the Ohka copies only;
* ``dandelion in deck``: and one 《ダンディライオン》 in the opponent's deck (nothing moves a deck card);
* ``dandelion in GY``: and one in the opponent's graveyard (its trigger is about itself);
* ``dandelion in hand``: and one in the turn player's hand, where the proof does not reach (a card
  in the hand may be discarded by the adjustment: the search stays full, and this row shows what
  that still costs — the Ohka never reach the hand, so a proof reading hand sizes could go further).

For each family and n: CPU seconds of ``explore`` (the reduced search, cold: the memo forgotten),
positions visited, and the ratio to the same n of ``alone``; then the exponent k of a fit
time ~ n^k over the sizes measured (growth per added process), stopping a family at a time cap.

Before the per-position proof (``independence.cards_are_known_at``), ``dandelion in deck`` took
15.0 s at n = 15 (17 copies: 81 s, 500 MB), growing as 3*2^n + 1 positions.

    python benchmarks/cliff.py [--cap SECONDS] [--max-n N]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from _timing import exponent
from families import ohka_copies

FAMILIES = {"alone": ("B", None), "dandelion in deck": ("B", "deck"), "dandelion in GY": ("B", "graveyard"),
            "dandelion in hand": ("A", "hand")}


def position(n: int, family: str) -> Any:
    who, zone = FAMILIES[family]
    return ohka_copies(n, None if zone is None else (who, zone), f"{n} Ohka, {family}")


def timed(n: int, family: str) -> tuple[float, int]:
    from toolkit.core.search import explore
    from toolkit.ocg.procedure.remembered import forget
    from toolkit.ocg.setup import initial_state

    scenario = position(n, family)
    forget(initial_state(scenario).tables)
    start = time.process_time()
    found = explore(scenario, max_states=2_000_000)
    return time.process_time() - start, found.states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cap", type=float, default=5.0, help="stop a family once one size takes longer")
    parser.add_argument("--max-n", type=int, default=40)
    args = parser.parse_args()
    sizes = [n for n in (4, 6, 8, 10, 12, 15, 20, 30, 40) if n <= args.max_n]
    alone: dict[int, float] = {}
    timed(2, "dandelion in GY")  # the first search loads the cards and the engine: not timed
    print("family                 n   CPU s   positions   x alone")
    for family in FAMILIES:
        points = []
        for n in sizes:
            seconds, states = timed(n, family)
            if family == "alone":
                alone[n] = seconds
            ratio = seconds / alone[n] if alone.get(n) else float("nan")
            print(f"{family:20} {n:3} {seconds:7.3f} {states:11,} {ratio:9.1f}")
            points.append((n, seconds))
            if seconds > args.cap:
                break
        print(f"{family:20} time ~ n^{exponent(points):.2f} over n = {points[0][0]}..{points[-1][0]}")


if __name__ == "__main__":
    main()
