"""What bounds the search of family (e) (``benchmarks/families.py``): every card different, a set
《強制脱出装置》 that may return any monster to the hand in any open game state or chain.

Per size n, on the full graph of positions:

* ``outcomes`` — the distinct outcomes (final position + events);
* ``full`` — the positions of the full search; ``reduced`` — those the shipped search visits;
* ``set`` / ``used`` — the full search's positions while the Trap is still set (or on the chain) and after;
* ``best grouping`` — the positions a search that follows one action of every group of actions whose
  subtrees have the same outcomes with the same line counts would visit (an oracle: the most any
  "one order, count the others" reduction can save, whatever its proof);
* ``up to renaming`` — the full search's positions counted up to renaming cards with no text that
  agree on everything else the rules read (owner, controller, zone, position, tags, the processes
  and lingering effects on them): what a symmetry that renames such cards in the outcomes could reach
  (an estimate: nothing here checks that no card reads names);
* ``pairs`` — two processes one player may perform in one position: ``commute`` (both orders reach
  one position), ``same`` (either first: the same outcomes and line counts), ``differ`` (the Trap
  can tell which came first: the monster it returns had, or had not, had its process).

What the reduced search spends its positions on (issue 34; measured with a hook on the search's graph):
after the Trap is used every card is of the kinds ``toolkit.ocg.independence`` knows (the Trap lies in
the GY, activated only from the field: ``cards_are_known_at``), and the per-state reduction does apply
there — no test refuses: every used position where the acting player has two processes is grouped
(n = 8, before the wider classes: 958 positions merged, 761 where the acting player had one process or
none to perform, beside a Pass). That part is
not polynomial for two reasons no per-state test can remove: (1) its entries — the Trap may be
activated in every position while it is set, on any monster — are as many as the set positions,
which hold every subset of the processes done (unreduced, rightly: the Trap tells the orders apart:
the ``differ`` pairs); (2) from each entry the two players' remaining processes interleave through
their passes, a grid of (A's done) x (B's done) x (who acts). What made both exponential was that the
eight monsters whose control was taken were not one class: their kinds, archetypes and monster types
differ. No text of this position reads those (``toolkit.ocg.fields_read``), so they now form one class
and the done subsets collapse to counts: n = 8: 2,656 positions (722 set / 1,920 used) -> 676
(214 / 454); n = 10: 12,724 (2,978 / 9,728) -> 1,980 (552 / 1,418); n = 12: 67,158 (16,194 / 50,944)
-> 10,510 (3,102 / 7,396) — at n = 8 and 10 the ``up to renaming`` column, reached.
What is left is the Trap's real choices (which monster, when) times the counts: the rest is the cost
of each step.

    python benchmarks/family_e_bounds.py [--max-n N]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

Table = dict[tuple[Any, frozenset[Any]], int]


def bounds(n: int) -> dict[str, Any]:
    """The row of size ``n`` (see the module docstring)."""
    from families import DIFFERENT, EVACUATION, position

    from toolkit.core.actions import Perform
    from toolkit.core.game import game_of
    from toolkit.core.graph import search_mode
    from toolkit.core.search import explore
    from toolkit.ocg.setup import initial_state
    from toolkit.ocg.values import Zone

    start = initial_state(position(DIFFERENT, n))
    game = game_of(start)
    step = game.stepper()
    succ: dict[Any, tuple[tuple[Any, Any, frozenset[Any]], ...]] = {}
    tables: dict[Any, Table] = {}

    def edges(state: Any) -> tuple[tuple[Any, Any, frozenset[Any]], ...]:
        found = succ.get(state)
        if found is None:
            results = ((a, step(state, a, check=False)) for a in game.legal_actions(state))
            found = succ[state] = tuple((a, result[0], frozenset(result[1])) for a, result in results)
        return found

    def table(state: Any) -> Table:
        found = tables.get(state)
        if found is None:
            if state.is_over:
                found = {(state.summary(), frozenset()): 1}
            else:
                counts: Counter[tuple[Any, frozenset[Any]]] = Counter()
                for _action, child, events in edges(state):
                    for (summary, evs), lines in table(child).items():
                        counts[(summary, evs | events)] += lines
                found = dict(counts)
            tables[state] = found
        return found

    def through(events: frozenset[Any], child: Any) -> frozenset[tuple[Any, int]]:
        return frozenset(((summary, evs | events), lines) for (summary, evs), lines in table(child).items())

    c0 = time.process_time()
    with search_mode():
        root = table(start)
    trap = next(c.uid for c in start.cards if c.name == EVACUATION)
    used = sum(1 for s in tables if s.cards[trap].zone is not Zone.FIELD)
    seen, todo = {start}, [start]
    while todo:
        state = todo.pop()
        if state.is_over:
            continue
        kept: dict[frozenset[tuple[Any, int]], Any] = {}
        for _action, child, events in edges(state):
            kept.setdefault(through(events, child), child)
        for child in kept.values():
            if child not in seen:
                seen.add(child)
                todo.append(child)
    pairs: Counter[str] = Counter()
    for state, out in succ.items():
        performs = [e for e in out if isinstance(e[0], Perform)]
        for i, (a, ca, ea) in enumerate(performs):
            for b, cb, eb in performs[i + 1:]:
                ab = next((x[1] for x in edges(ca) if x[0] == b), None)
                ba = next((x[1] for x in edges(cb) if x[0] == a), None)
                if ab is None or ba is None:
                    continue
                pairs["commute" if ab == ba else "no diamond"] += 1
                pairs["same" if through(ea, ca) == through(eb, cb) else "differ"] += 1
    return {"n": n, "outcomes": len(root), "full": len(tables), "reduced": explore(start, max_states=5_000_000).states,
            "set": len(tables) - used, "used": used, "best grouping": len(seen),
            "up to renaming": len({_renamed(s) for s in tables}), "pairs": dict(pairs),
            "cpu": time.process_time() - c0}


def _renamed(state: Any) -> tuple[Any, ...]:
    """``state`` with the names of cards that have no text left out (see the module docstring)."""
    texts = state.tables.text
    pending: dict[int, list[tuple[Any, ...]]] = {}
    for p in state.pending:
        pending.setdefault(p.source, []).append((p.key, p.controller, int(p.kind), p.mandatory, p.chain_link))
    done: dict[int, list[str]] = {}
    for uid, key in state.done:
        done.setdefault(uid, []).append(key)
    lingering: dict[int, list[str]] = {}
    for item in state.lingering:
        lingering.setdefault(item.target, []).append(repr((item.source, item.controller, item.effect, item.duration)))
    what: dict[int, tuple[Any, ...]] = {}
    for c in state.cards:
        t = texts[c.name]
        name = c.name if (t.end_phase or t.quick or t.triggers or t.continuous) else ""
        what[c.uid] = (name, c.owner, c.controller, c.zone.value, c.position.value, tuple(sorted(c.tags)),
                       tuple(sorted(pending.get(c.uid, ()))), tuple(sorted(done.get(c.uid, ()))),
                       tuple(sorted(lingering.get(c.uid, ()))))

    def of(uids: tuple[int, ...]) -> tuple[Any, ...]:
        return tuple(what.get(u, u) for u in uids)

    chain = tuple((of((link.source,)), link.key, link.controller, of(link.subjects), of(link.choice.targets),
                   link.negated) for link in state.chain)
    waiting = tuple((of((w.source,)), w.key, w.controller, w.mandatory, of(w.subjects)) for w in state.waiting)
    return (state.step, state.priority, state.passes, state.forced, state.adjusted, state.after_chain, state.skipped,
            state.phase, state.declared, state.life, state.anonymous, tuple(of(d) for d in state.decks), chain,
            waiting, tuple(sorted(what.values(), key=repr)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-n", type=int, default=10, help="the largest size (default 10; 12 takes minutes)")
    args = parser.parse_args()
    print(f"{'n':>3} {'outcomes':>8} {'full':>8} {'set':>7} {'used':>7} {'reduced':>8} {'best grouping':>13} "
          f"{'up to renaming':>14}  pairs (same player's processes)")
    for n in range(4, args.max_n + 1, 2):
        row = bounds(n)
        print(f"{n:>3} {row['outcomes']:>8,} {row['full']:>8,} {row['set']:>7,} {row['used']:>7,} {row['reduced']:>8,} "
              f"{row['best grouping']:>13,} {row['up to renaming']:>14,}  {row['pairs']}", flush=True)


if __name__ == "__main__":
    main()
