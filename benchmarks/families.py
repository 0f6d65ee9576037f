"""The families of issue 34 (item 6) beside python-chess: where the search's cost grows, and how fast.

Families (n = the number of pending End Phase processes):

* ``(a) Dandelion in deck``: n tribute-less 《光神機−桜火》 of the turn player A and one 《ダンディライオン》
  in the opponent's deck (a card that can never act: nothing here sends a deck card to the GY);
* ``(b) Dandelion in GY``: the same with the 《ダンディライオン》 in the opponent's graveyard (its trigger,
  on being sent there, is past);

and, split between the players, the turn player A getting the odd one:

* ``(c) copies both sides``: n copies of tribute-less 《光神機−桜火》, identical but for their copy marks;
* ``(d) mixed``: per player, cycling 《ホルスの黒炎竜 LV６》 (destroyed a monster by battle: an optional
  level-up; A's deck holds two 《ホルスの黒炎竜 LV８》, B's one), 《ライトロード・マジシャン ライラ》 (a mill, a chain
  link; the turn player's only: she mills in her own turn), tribute-less 《ミストデーモン》, a Spirit summoned this turn, 《堕天使ゼラート》 (effect used this turn: a
  self-destruct that is no chain link) and tribute-less 《光神機−桜火》, each copy marked;
* ``(e) different``: every card different and interacting (``toolkit.ocg.positions.all_distinct``:
  controls taken until the End Phase — lingering effects whose return is no chain link —, a
  self-destruct that is no chain link, Spirits (chain links), a copied name, and a mill only from the turn
  player's ninth card, i.e. n = 18) with the turn player's first card a 《ホルスの黒炎竜 LV６》 whose optional
  level-up would compete with that mill for the deck (at the sizes measured it competes with nothing), and the
  opponent with a set 《強制脱出装置》, which may return any monster on the field to the hand in any open
  game state or chain of the End Phase (the cards interact).

Each row runs in a fresh process (nothing remembered from another row): ``explore`` (the default,
reduced search) with the per-card memo on (``procedure.remembered``, ``procedure.remembered_quick``) and then with it off —
positions visited, transitions, CPU seconds, transitions/s, peak memory (tracemalloc, a third run, for
sizes searched in under ``PEAK_UP_TO`` seconds)
— and the generic step alone: ``legal_actions`` on every position plus the step on every edge of
the full graph's first ``EDGES_WALKED`` edges, memo off, as edges/s and as a ratio to python-chess's perft(4) node visits/s measured by the
parent. A family stops once a size takes longer than ``--cap`` seconds (or the next size, at the last
growth, would take more than four times that); its exponent k is the
least-squares fit of CPU time ~ n^k over the sizes measured (memo on).

Then the cost of importing what ``explore`` needs and of being ready to explore, as ratios to ``import
pandas`` (``benchmarks/import_cost.py``), and cold ``verify_rulings()`` in a new process; and last, one
table of every target of issue 34 with its definition, the number measured, met or NOT met (``make
bench`` ends with it).

    python benchmarks/families.py [--cap SECONDS] [--max-n N] [--quick] [--family F] [--no-imports]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _timing import Targets, Timing, best_cpu, chess_rate, cold_verify, exponent, walk  # noqa: E402

OHKA, LYLA, HORUS6, HORUS8 = "光神機−桜火", "ライトロード・マジシャン ライラ", "ホルスの黒炎竜 LV６", "ホルスの黒炎竜 LV８"
MIST, ZERATO, SPIRIT, EVACUATION = "ミストデーモン", "堕天使ゼラート", "月読命", "強制脱出装置"
DANDELION = "ダンディライオン"
IN_DECK, IN_GY, COPIES, MIXED, DIFFERENT = (
    "(a) Dandelion in deck", "(b) Dandelion in GY", "(c) copies both sides", "(d) mixed", "(e) different")
FAMILY_NAMES = (IN_DECK, IN_GY, COPIES, MIXED, DIFFERENT)
DEFINITIONS = {
    IN_DECK: f"n tribute-less 《{OHKA}》 of the turn player, one 《{DANDELION}》 in the opponent's deck",
    IN_GY: f"n tribute-less 《{OHKA}》 of the turn player, one 《{DANDELION}》 in the opponent's graveyard",
    COPIES: f"n tribute-less 《{OHKA}》 split between the players (A the odd one)",
    MIXED: "per player, cycling a 《ホルスの黒炎竜 LV６》 level-up, a mill, a tribute-less 《ミストデーモン》, a Spirit, "
           "《堕天使ゼラート》 and 《光神機−桜火》",
    DIFFERENT: "every card different and interacting, a level-up, and a set 《強制脱出装置》 of the opponent",
}
"""What each family is, as the table's legend prints it (the module's docstring says more)."""
SIZES = (4, 6, 9, 12, 15, 18, 21, 24, 27, 30)
SIZES_OF = {IN_DECK: (4, 6, 9, 12, 15, 20, 30, 40), IN_GY: (4, 6, 9, 12, 15, 20, 30, 40),
            DIFFERENT: (4, 6, 8, 10, 12, 14)}
"""Sizes other than ``SIZES``: the Ohka families up to the 40 copies of a target; (e) grows by a few
times per added process: smaller steps."""


def ohka_copies(n: int, dandelion: tuple[str, str] | None, title: str) -> Any:
    """``n`` tribute-less 《光神機−桜火》 of the turn player A (``#1`` to ``#n``) and, where ``dandelion`` is
    (player, zone), one 《ダンディライオン》 there."""
    from toolkit.ocg.scenario import scenario_from_dict

    players: dict[str, dict[str, Any]] = {
        "A": {"field": [{"name": f"{OHKA}#{i}", "tags": ["tribute_less_summoned"]} for i in range(1, n + 1)]},
        "B": {}}
    if dandelion is not None:
        players[dandelion[0]][dandelion[1]] = [DANDELION]
    return scenario_from_dict({"title": title, "turn_player": "A", "date": "2024-01-01", "players": players})


def position(family: str, n: int) -> Any:
    """The family's scenario with ``n`` pending processes."""
    from toolkit.ocg.positions import all_distinct
    from toolkit.ocg.scenario import scenario_from_dict

    counts = {"A": (n + 1) // 2, "B": n // 2}
    players: dict[str, dict[str, Any]]
    if family in (IN_DECK, IN_GY):
        return ohka_copies(n, ("B", "deck" if family == IN_DECK else "graveyard"), f"{n} pending processes ({family})")
    if family == COPIES:
        players = {p: {"field": [{"name": f"{OHKA}#{i}", "tags": ["tribute_less_summoned"]}
                                 for i in range(1, k + 1)]} for p, k in counts.items()}
    elif family == MIXED:
        cycle = [(HORUS6, ["destroyed_monster_by_battle"]), (LYLA, []), (MIST, ["tribute_less_summoned"]),
                 (SPIRIT, ["summoned_this_turn"]), (ZERATO, ["effect_used_this_turn"]),
                 (OHKA, ["tribute_less_summoned"])]
        players = {}
        for p, k in counts.items():
            own = cycle if p == "A" else [c for c in cycle if c[0] != LYLA]  # Lyla mills in her own turn only
            field = [{"name": f"{own[i % len(own)][0]}#{i // len(own) + 1}", "tags": own[i % len(own)][1]}
                     for i in range(k)]
            players[p] = {"field": field, "deck": [f"{HORUS8}#1", f"{HORUS8}#2"] if p == "A" else [HORUS8]}
    elif family == DIFFERENT:
        if not 1 <= n <= 17:
            raise ValueError("(e) has 1 to 17 processes")
        base = all_distinct(n - 1)
        from toolkit.ocg.scenario import CardSpec, PlayerSetup

        a = base.players["A"]
        horus = CardSpec(HORUS6, tags=frozenset({"destroyed_monster_by_battle"}))
        b = base.players["B"]
        players_setup = dict(base.players)
        players_setup["A"] = PlayerSetup(field=(horus, *a.field), graveyard=a.graveyard, deck=a.deck)
        players_setup["B"] = PlayerSetup(field=(*b.field, CardSpec(EVACUATION, position="set")), graveyard=b.graveyard,
                                         deck=b.deck)
        import dataclasses

        return dataclasses.replace(base, title=f"{n} pending processes (every card different, a level-up)",
                                   players=players_setup)
    else:
        raise ValueError(f"no family {family!r}")
    return scenario_from_dict({"title": f"{n} pending processes ({family})", "turn_player": "A",
                               "date": "2024-01-01", "players": players})


def _memo(on: bool) -> None:
    """The per-card memo on (as shipped) or off (every process and every activation performed by the
    whole procedure: ``procedure.remembered`` and ``procedure.remembered_quick``)."""
    from toolkit.ocg.procedure import remembered, remembered_quick

    if not on:
        remembered.recall = lambda state, action: (None, None)
        remembered_quick.recall = lambda state, action: (None, None)


def worker(family: str, n: int) -> dict[str, Any]:
    """One row, measured in this (fresh) process."""
    from toolkit.core.search import explore
    from toolkit.ocg.procedure import remembered, remembered_quick
    from toolkit.ocg.setup import initial_state

    start = initial_state(position(family, n))
    explore(initial_state(position(family, 2)))  # loads the engine and the cards: not timed
    row: dict[str, Any] = {"family": family, "n": n, "pending": len(start.pending)}
    recall, recall_quick = remembered.recall, remembered_quick.recall
    for memo in (True, False):
        remembered.recall, remembered_quick.recall = recall, recall_quick
        _memo(memo)
        remembered.forget(start.tables)
        c0 = time.process_time()
        found = explore(start, max_states=5_000_000)
        cpu = time.process_time() - c0
        key = "on" if memo else "off"
        row[f"cpu_{key}"], row[f"states_{key}"], row[f"transitions_{key}"] = cpu, found.states, found.transitions
        row[f"lines_{key}"] = str(found.total_lines)
        row[f"outcomes_{key}"] = len(found.outcomes)
    remembered.recall, remembered_quick.recall = recall, recall_quick
    remembered.forget(start.tables)
    row["peak_mb"] = math.nan
    if row["cpu_on"] < PEAK_UP_TO:  # (tracemalloc makes a search a few times slower)
        tracemalloc.start()
        explore(start, max_states=5_000_000)
        row["peak_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    row.update(legal_and_step(start))
    return row


def legal_and_step(start: Any) -> dict[str, Any]:
    """The generic step alone, memo off: ``legal_actions`` on every position plus the step on every edge
    of the full graph's first ``EDGES_WALKED`` edges (edges, best CPU seconds of 3), and which toolkit
    modules this process imported compiled (``make compiled``; none: the pure package)."""
    from toolkit.core.game import game_of

    _memo(False)
    game = game_of(start)
    graph = walk(start, max_edges=EDGES_WALKED)
    step = game.stepper()  # what core.graph calls for every edge

    def run() -> None:
        for x in graph.live:
            game.legal_actions(x)
        for x, a in graph.edges:
            step(x, a, check=False)

    compiled = sorted(name for name, module in sys.modules.items()
                      if name.startswith("toolkit.") and str(getattr(module, "__file__", "")).endswith(".so"))
    return {"generic_edges": len(graph.edges), "generic_cpu": best_cpu(run, 3), "compiled": compiled}


def compiled_worker(family: str, n: int) -> dict[str, Any]:
    """``legal_and_step`` alone, in a fresh process run on the compiled build."""
    from toolkit.core.search import explore
    from toolkit.ocg.setup import initial_state

    start = initial_state(position(family, n))
    explore(initial_state(position(family, 2)))  # loads the engine and the cards: not timed
    return legal_and_step(start)


PEAK_UP_TO = 5.0
"""Peak memory is measured (a third search, under tracemalloc) for sizes searched in less CPU time."""

EDGES_WALKED = 30_000
"""The generic step is timed on the first edges of the full graph, breadth first (a family of
identical copies has 2^n positions unreduced: the rate per edge is what is measured)."""


def _peak(megabytes: float) -> str:
    return f"{megabytes:>8.1f}" if megabytes == megabytes else f"{'-':>8}"  # (NaN: not measured)


COMPILED = HERE.parent / "build" / "compiled"
"""The optional compiled build (``make compiled``, scripts/build_compiled.py): measured beside the pure
package when it exists."""


def run_row(family: str, n: int, *, compiled: bool = False) -> dict[str, Any]:
    """One row measured in a fresh process: the pure package's, or (``compiled``) the compiled build's
    generic step alone (``compiled_worker``), which must really import compiled modules."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if compiled:
        env["PYTHONPATH"] = str(COMPILED)
    out = subprocess.run([sys.executable, str(Path(__file__)), "--compiled-worker" if compiled else "--worker",
                          family, str(n)], capture_output=True, text=True, check=True, env=env)
    row = dict(json.loads(out.stdout.strip().splitlines()[-1]))
    if bool(row["compiled"]) != compiled:
        raise SystemExit(f"families: the {'compiled' if compiled else 'pure'} run imported the other engine")
    return row


def compiled_stale() -> list[str]:
    """The sources changed since ``build/compiled/`` was built (``toolkit._compiled_build``)."""
    from toolkit._compiled_build import stale_sources

    return stale_sources(COMPILED)


def compiled_built() -> bool:
    """Whether ``make compiled`` has built ``build/compiled/`` from the sources as they are (a build
    older than them would time the code as it was)."""
    return (COMPILED / "toolkit").is_dir() and any((COMPILED / "toolkit").rglob("*.so")) and not compiled_stale()


def issue34_targets(rows: dict[tuple[str, int], dict[str, Any]], chess: float, fits: dict[str, float],
                    imports: dict[str, list[float]] | None, verify: Timing | None,
                    compiled: dict[tuple[str, int], dict[str, Any]] | None = None) -> Targets:
    """Every target of issue 34, with its definition, the number measured and met or not. ``rows``: the
    table's rows by (family, n); ``chess``: python-chess's node visits/s; ``fits``: the exponents;
    ``imports``: ``import_cost.timings``; ``verify``: cold ``verify_rulings()`` (``_timing.cold_verify``; None: not measured)."""
    import import_cost

    out = Targets()
    for family, n, limit in ((IN_DECK, 15, 0.1), (IN_DECK, 40, 1.0), (IN_GY, 15, 0.1), (IN_GY, 40, 1.0),
                             (MIXED, 27, 1.0), (DIFFERENT, 12, 0.5)):
        row = rows.get((family, n))
        what = {IN_DECK: f"{n} Ohka copies + one Dandelion in the opponent's deck",
                IN_GY: f"{n} Ohka copies + one Dandelion in the opponent's GY",
                MIXED: f"the mixed level-up / mill / chain-link family at {n} processes",
                DIFFERENT: f"a family of {n} different interacting cards"}[family]
        sizes = [m for f, m in rows if f == family]
        reached = (f"{row['cpu_on']:.3f} s ({row['states_on']:,} positions)" if row else
                   f"not reached (stopped at n = {max(sizes)})" if sizes else "not run")
        out.add(f"{family[:3]} {what}: < {limit:g} s", reached, row is not None and row["cpu_on"] < limit)
    if rows:
        worst, where = min((r["generic_edges"] / r["generic_cpu"] / chess, f"{f[:3]} n = {n}")
                           for (f, n), r in rows.items())
        for bound, why in ((0.5, "required"), (1.0, "the direction beyond")):
            out.add(f"legal actions + transition, memo off ('l+t off/s'): >= {bound:g} x python-chess, every row ({why})",
                    f"{worst:.2f} x at worst ({where})", worst >= bound)
            if compiled:
                worst_c, where_c = min((r["generic_edges"] / r["generic_cpu"] / chess, f"{f[:3]} n = {n}")
                                       for (f, n), r in compiled.items())
                out.add(f"  the same, compiled extra ('l+t cmp/s': make compiled, optional; pure is the default): "
                        f">= {bound:g} x", f"{worst_c:.2f} x at worst ({where_c})", worst_c >= bound)
    for family, k in fits.items():
        shape = " (polynomial expected: its distinct outcomes are)" if family in (IN_DECK, IN_GY, COPIES) else ""
        out.add(f"{family[:3]} growth per added process: k of CPU time ~ n^k{shape}", f"n^{k:.2f}", None)
    if imports is not None:
        for label, name in (("import toolkit; import toolkit.engine", "importing what explore needs"),
                            ("ready to explore (engine, cards loaded)", "ready to explore (engine, cards loaded)")):
            limit = import_cost.TARGETS[label]
            best, middle = import_cost.ratio(imports, label)
            out.add(f"{name}: <= {limit:g} x import pandas (fresh interpreters, CPU, min)",
                    f"{best:.3f} x (median {middle:.3f} x)", best <= limit)
    if verify is not None:
        out.add(f"cold verify_rulings() (a new process, imports included, CPU min of {verify.runs}): <= 2 s",
                f"{verify.cpu_min:.2f} s (wall {verify.wall_min:.2f} s)", verify.cpu_min <= 2.0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cap", type=float, default=15.0, help="stop a family once one size's search takes longer")
    parser.add_argument("--max-n", type=int, default=40)
    parser.add_argument("--quick", action="store_true", help="sizes up to 15, cap 3 s, fewer import and verify runs")
    parser.add_argument("--family", action="append", choices=FAMILY_NAMES, help="only this family (repeatable)")
    parser.add_argument("--no-imports", action="store_true", help="skip the import cost and the cold verify_rulings")
    parser.add_argument("--no-compiled", action="store_true", help="skip the compiled build even if it exists")
    parser.add_argument("--worker", nargs=2, metavar=("FAMILY", "N"), help=argparse.SUPPRESS)
    parser.add_argument("--compiled-worker", nargs=2, metavar=("FAMILY", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker[0], int(args.worker[1]))))
        return
    if args.compiled_worker:
        print(json.dumps(compiled_worker(args.compiled_worker[0], int(args.compiled_worker[1]))))
        return
    with_compiled = compiled_built() and not args.no_compiled
    cap, max_n = (3.0, min(15, args.max_n)) if args.quick else (args.cap, args.max_n)
    chess = chess_rate()[0]
    print("families (n = pending End Phase processes):")
    for family in args.family or FAMILY_NAMES:
        print(f"   {family}: {DEFINITIONS[family]}")
    print(f"python-chess perft(4): {chess:,.0f} node visits/s (CPU, best of 3) — the ratios below are to it")
    stale = [] if args.no_compiled else compiled_stale()
    print("'l+t cmp/s': the same as 'l+t off/s' on the optional compiled build (make compiled, build/compiled/; "
          "identical results, pure Python is the default)" if with_compiled else
          f"(the compiled build is older than the sources ({stale[0]} changed since): not measured; make compiled "
          "rebuilds it)" if stale else
          "(no compiled build: make compiled adds the 'l+t cmp/s' column, the optional compiled extra)")
    head = (f"{'family':22} {'n':>3} {'positions':>9} {'trans':>9} {'CPU on':>8} {'trans/s on':>11} "
            f"{'x chess':>7} {'CPU off':>8} {'trans/s off':>11} {'x chess':>7} {'l+t off/s':>10} {'x chess':>7} "
            f"{'peak MB':>8}" + (f" {'l+t cmp/s':>10} {'x chess':>7}" if with_compiled else ""))
    print(head)
    fits: dict[str, float] = {}
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    compiled_rows: dict[tuple[str, int], dict[str, Any]] = {}
    for family in args.family or FAMILY_NAMES:
        points = []
        for n in (s for s in SIZES_OF.get(family, SIZES) if s <= max_n):
            row = rows[(family, n)] = run_row(family, n)
            on, off = row["transitions_on"] / row["cpu_on"], row["transitions_off"] / row["cpu_off"]
            generic = row["generic_edges"] / row["generic_cpu"]
            print(f"{family:22} {n:>3} {row['states_on']:>9,} {row['transitions_on']:>9,} {row['cpu_on']:>8.3f} "
                  f"{on:>11,.0f} {on / chess:>7.2f} {row['cpu_off']:>8.3f} {off:>11,.0f} {off / chess:>7.2f} "
                  f"{generic:>10,.0f} {generic / chess:>7.2f} {_peak(row['peak_mb'])}", end="", flush=True)
            if with_compiled:
                fast = compiled_rows[(family, n)] = run_row(family, n, compiled=True)
                rate = fast["generic_edges"] / fast["generic_cpu"]
                print(f" {rate:>10,.0f} {rate / chess:>7.2f}", end="")
            print(flush=True)
            points.append((n, row["cpu_on"]))
            growth = row["cpu_on"] / points[-2][1] if len(points) > 1 and points[-2][1] > 0 else 1.0
            if row["cpu_on"] > cap or row["cpu_on"] * growth > 4 * cap:  # (the next size would take far longer)
                break
        fits[family] = exponent(points)
        print(f"{family:22} time ~ n^{fits[family]:.2f} (memo on) over n = {points[0][0]}..{points[-1][0]}")
    imports = verify = None
    if not args.no_imports:
        import import_cost

        imports = import_cost.timings(5 if args.quick else 7)
        verify = cold_verify(2 if args.quick else 3)
    print()
    issue34_targets(rows, chess, fits, imports, verify, compiled_rows).print(
        "targets (issue 34; printed, not asserted): times are CPU seconds of explore (reduced search, memo on, "
        "nothing remembered) in a fresh process; 'l+t off/s' is legal_actions on every position plus the step on "
        f"every edge of the full graph's first {EDGES_WALKED:,} edges, memo off")


if __name__ == "__main__":
    main()
