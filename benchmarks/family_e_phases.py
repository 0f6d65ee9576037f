"""Where the reduced search of family (e) spends its positions and its time, by phase of the set
《強制脱出装置》 (``benchmarks/families.py``; issue 34, target "12 different interacting cards < 0.5 s").

Each position the shipped search (``explore``: independence reduction, copies, renaming) expands is
put in one phase:

* ``set`` — the Trap still set (it may answer any open game state of its controller, or a chain link);
  ``set chain`` the part of them where a chain link waits for an answer;
* ``entry`` — the first positions after the Trap resolved (a position with the Trap in the GY whose
  parent had it on the field): one per set position, monster returned and window, up to renaming;
* ``tail`` — after the Trap, every pending process mandatory (the level-up done or declined): what is
  left is the players' own-card processes interleaved through their passes, a single outcome;
* ``after`` — the other positions after the Trap (the level-up still open).

Columns: positions expanded, edges kept and edges standing for several actions (``merged``: the
independence reduction and copies) per phase; CPU seconds spent expanding them (legal actions, steps,
grouping) and, of it, in the steps; CPU seconds keying their children up to renaming (``keys``) and
how many children the renaming answered (``hops``: a searched position renamed). The timers add
their own cost: the total is above ``families.py``'s. Then three bounds, in positions, on
what a further reduction could save (each an estimate; nothing here is a proof):

* ``one line per tail`` — the positions a search would still expand if every tail were answered by
  following one line of it (the line counts found in closed form, for the tail's shape): each entry
  must still be followed to its own final position;
* ``inert renamed`` — the positions up to renaming, besides today's classes, the cards that can no
  longer act and that nothing reads (no process pending on them, no lingering effect on them, not a
  《ホルスの黒炎竜》 while the level-up is open, not the Trap; 《ホルスの黒炎竜 LV８》's quick effect negates
  a Spell, and there is none), names and tags left out — what sharing the rest of the End Phase
  across positions that differ only in which monster went back to the hand could reach;
* ``set + entries`` — the set positions and the entries searched: what a search still expands if it
  expands each entry that is not another renamed, however it then answers the rest of the End Phase.

Why the existing reductions leave these (n = 12): while the Trap is set nothing is grouped (it may
answer after either of two processes and tell the orders apart); the renaming already counts the
done processes of the eight monsters whose control was taken, and answers 8,106 of the Trap's
landings as a searched entry renamed. After it the independence reduction applies per position
(5,444 edges merged), and what is left differs in which processes remain — a Spirit's return,
《堕天使ゼラート》's self-destruct, a return of control, the level-up — which no renaming makes alike.

    python benchmarks/family_e_phases.py [--max-n N]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

PHASES = ("set", "set chain", "entry", "tail", "after")


@contextmanager
def _watched(record: dict[Any, Any], cpu: dict[str, float], counts: Counter[str],
             phase_of: Any) -> Iterator[None]:
    """``Graph.edges`` (and within it the steps) and ``Renamer.hop`` timed per phase of the position
    (restored on exit)."""
    from toolkit.core import graph, renaming
    from toolkit.ocg import procedure

    edges, hop, step = graph.Graph.edges, renaming.Renamer.hop, procedure.successor

    def timed_step(state: Any, action: Any, check: bool = True) -> Any:
        t = time.process_time()
        found = step(state, action, check=check)
        cpu["step " + phase_of(state)] += time.process_time() - t
        return found

    def timed_edges(self: Any, state: Any) -> Any:
        if state in self.succ:
            return self.succ[state]
        t = time.process_time()
        found = edges(self, state)
        cpu[phase_of(state)] += time.process_time() - t
        record[state] = found
        return found

    def timed_hop(self: Any, child: Any, memo: Any) -> Any:
        t = time.process_time()
        found = hop(self, child, memo)
        cpu["keys " + phase_of(child)] += time.process_time() - t
        counts["hops " + phase_of(child)] += found is not None
        return found

    graph.Graph.edges, renaming.Renamer.hop = timed_edges, timed_hop  # type: ignore[method-assign]
    procedure.successor = timed_step  # (the OCG's stepper hands it to the graph)
    try:
        yield
    finally:
        graph.Graph.edges, renaming.Renamer.hop = edges, hop  # type: ignore[method-assign]
        procedure.successor = step


def phases(n: int) -> dict[str, Any]:
    """The row of size ``n`` (see the module docstring)."""
    from families import DIFFERENT, EVACUATION, position

    from toolkit.core.search import explore
    from toolkit.ocg.setup import initial_state
    from toolkit.ocg.values import Zone

    start = initial_state(position(DIFFERENT, n))
    trap = next(c.uid for c in start.cards if c.name == EVACUATION)

    def used(state: Any) -> bool:
        return bool(state.cards[trap].zone is not Zone.FIELD)

    expanded: dict[Any, Any] = {}
    entries: set[Any] = set()

    def phase_of(state: Any) -> str:
        if not used(state):
            return "set chain" if state.chain else "set"
        if state in entries:
            return "entry"
        return "tail" if all(p.mandatory for p in state.pending) else "after"

    cpu: dict[str, float] = defaultdict(float)
    counts: Counter[str] = Counter()
    c0 = time.process_time()
    with _watched(expanded, cpu, counts, phase_of):
        # entries are known only once their parent is expanded: a first search finds them, the second is timed
        explore(start)
        for state, edges in expanded.items():
            if not used(state):
                entries.update(child for _a, child, _e, _w in edges if used(child))
        expanded.clear()
        cpu.clear()
        counts.clear()
        c1 = time.process_time()
        found = explore(start)
        total = time.process_time() - c1
    for state, edges in expanded.items():
        counts["positions " + phase_of(state)] += 1
        counts["edges " + phase_of(state)] += len(edges)
        counts["merged " + phase_of(state)] += sum(1 for edge in edges if edge[3] > 1)
    tails = [s for s in expanded if phase_of(s) == "tail"]
    tail_entries = {child for s, edges in expanded.items() if phase_of(s) != "tail"
                    for _a, child, _e, _w in edges if child in expanded and phase_of(child) == "tail"}
    followed: set[Any] = set()
    for state in tail_entries:
        while state is not None and state not in followed and state in expanded:
            followed.add(state)
            edges = expanded[state]
            state = edges[0][1] if edges and not edges[0][1].is_over else None
    return {"n": n, "positions": found.states, "cpu": total, "phases": {p: (counts["positions " + p],
            counts["edges " + p], counts["merged " + p], cpu[p], cpu["step " + p], cpu["keys " + p],
            counts["hops " + p]) for p in PHASES},
            "one line per tail": len(expanded) - len(tails) + len(followed.intersection(tails)),
            "inert renamed": len({_inert_key(s) for s in expanded}),
            "floor": sum(counts["positions " + p] for p in ("set", "set chain", "entry")),
            "setup": time.process_time() - c0 - total}


def _inert_key(state: Any) -> tuple[Any, ...]:
    """``state`` up to renaming with the cards that can no longer act and that nothing reads left
    nameless (see the module docstring; the monsters whose control was taken named alike, as today)."""
    from families import EVACUATION

    from toolkit.ocg.positions import _TAKEN

    active = {p.source for p in state.pending} | {item.target for item in state.lingering}
    level_up = any(p.key == "level up to LV8" for p in state.pending)

    def name(uid: int) -> str:
        named = state.cards[uid].name
        return "taken" if named in _TAKEN else named

    cards = []
    for c in state.cards:
        inert = (c.uid not in active and not (level_up and c.name.startswith("ホルスの黒炎竜"))
                 and c.name != EVACUATION)  # (LV8's quick effect negates a Spell: none here)
        cards.append(("", c.zone.value, c.controller, c.owner, c.position.value, ()) if inert else
                     (name(c.uid), c.zone.value, c.controller, c.owner, c.position.value, tuple(sorted(c.tags))))
    pending = tuple(sorted((name(p.source), p.key, p.controller, p.mandatory, p.chain_link) for p in state.pending))
    chain = tuple((name(link.source), link.key, tuple(name(u) for u in link.choice.targets)) for link in state.chain)
    return (state.step, state.priority, state.passes, state.forced, state.adjusted, state.after_chain, state.skipped,
            state.life, chain, pending, tuple(sorted(cards)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-n", type=int, default=12, help="the largest size (default 12)")
    args = parser.parse_args()
    print(f"{'n':>3} {'phase':>9} {'positions':>9} {'edges':>7} {'merged':>6} {'expand s':>8} {'of it steps':>11} "
          f"{'keys s':>6} {'hops':>6}")
    for n in range(4, args.max_n + 1, 2):
        row = phases(n)
        for phase, (positions, edges, merged, expand, steps, keys, hops) in row["phases"].items():
            print(f"{n:>3} {phase:>9} {positions:>9,} {edges:>7,} {merged:>6,} {expand:>8.2f} {steps:>11.2f} {keys:>6.2f} "
                  f"{hops:>6,}")
        rest = row["cpu"] - sum(v[3] + v[5] for v in row["phases"].values())
        print(f"{n:>3} {'all':>9} {row['positions']:>9,}  CPU {row['cpu']:.2f} s (search bookkeeping outside "
              f"expanding and keying: {rest:.2f} s); bounds in positions: one line per tail "
              f"{row['one line per tail']:,}, inert cards renamed {row['inert renamed']:,}, "
              f"set + entries {row['floor']:,}", flush=True)


if __name__ == "__main__":
    main()
