"""A sweep large enough to matter, serially, with a process pool and with a Dask LocalCluster (issue 34,
item 5): every shipped scenario × every rules date of its game (each date where a rule or a card text
changed, and today) × the rules of that date and every counterfactual one change away from them.

One task is one scenario at one date: its searches under the date's rules and each counterfactual
(about twenty), so one slow scenario is spread over its dates rather than capping the sweep. Each
search's answer is summed up (outcomes, lines, positions); the three runs must give the same table.
Prints the tasks, the searches, the wall-clock seconds of each way and the speed-ups.

    python benchmarks/sweep_scale_out.py [--workers 2] [--limit N] [--scenario FILE ...]

``--scenario FILE`` adds a scenario file of one's own (its own ``cards:`` too): its tasks carry the
scenario itself, pickled to the workers with its cards as written.
"""

from __future__ import annotations

import argparse
import datetime
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

Task = tuple[str, Any, str]
"""(game, shipped scenario name or a scenario of one's own, date in ISO form or "today")."""


def tasks(limit: int | None = None, files: tuple[str, ...] = ()) -> list[Task]:
    """Every (game, shipped scenario, rules date) of the sweep, in a fixed order (``limit``: the first N),
    then those of the scenario ``files`` of one's own (each task carrying the scenario itself)."""
    import toolkit.games

    shipped = [task for name in toolkit.games.shipped_scenario_names()
               for task in _dated(name, toolkit.games.shipped_scenario(name))]
    own = [task for loaded in map(toolkit.games.load_any_scenario, files) for task in _dated(loaded, loaded)]
    return (shipped[:limit] if limit else shipped) + own


def _dated(name: Any, scenario: Any) -> list[Task]:
    """The tasks of one scenario: today and each date where its game's rules changed."""
    from toolkit.core.game import game_of

    game = game_of(scenario)
    dates = sorted({c.date for c in game.rule_changes() if getattr(c, "date", None) is not None})
    days = ["today", *(d.isoformat() for d in dates)] if game.rules_at is not None else ["today"]
    return [(game.name, name, day) for day in days]


def run_task(task: Task) -> tuple[Task, tuple[tuple[str, int, str, int], ...]]:
    """The task's searches: (rules label, outcomes, lines, positions) under the date's rules and each
    counterfactual."""
    import toolkit.games
    from toolkit.core.game import game_of
    from toolkit.core.search import explore

    _game, name, day = task
    scenario = toolkit.games.shipped_scenario(name) if isinstance(name, str) else name
    game = game_of(scenario)
    rules = game.today() if day == "today" or game.rules_at is None else \
        game.rules_at(datetime.date.fromisoformat(day))
    found = []
    for label, variant in [("as of the date", rules), *((c.label, c.rules) for c in game.counterfactuals(rules))]:
        result = explore(scenario, ruleset=variant, max_states=300_000)
        found.append((label, len(result.outcomes), str(result.total_lines), result.states))
    return task, tuple(found)


def sweep(executor: Executor | None, todo: list[Task]) -> tuple[float, list[Any]]:
    """Wall-clock seconds and results of the sweep (serially when ``executor`` is None)."""
    start = time.perf_counter()
    results = list(map(run_task, todo)) if executor is None else list(executor.map(run_task, todo))
    return time.perf_counter() - start, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=int, default=None, help="only the first N tasks of the shipped scenarios")
    parser.add_argument("--scenario", action="append", default=[], metavar="FILE",
                        help="add a scenario file of one's own (its own cards too); repeatable")
    args = parser.parse_args()
    todo = tasks(args.limit, tuple(args.scenario))
    run_task(todo[0])  # the engine and the cards loaded in this process before timing
    serial, expected = sweep(None, todo)
    searches = sum(len(found) for _task, found in expected)
    print(f"{len(todo)} tasks (scenario x rules date), {searches} searches; {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f} (a speed-up needs idle cores: on a loaded machine the pool only adds work)")
    print(f"{'serial':32} {serial:8.2f} s   1.00 x")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        pool_seconds, results = sweep(pool, todo)
    assert results == expected, "the process pool's table differs from the serial one"
    print(f"{f'ProcessPoolExecutor({args.workers})':32} {pool_seconds:8.2f} s {serial / pool_seconds:6.2f} x "
          f"(worker start-up included)")
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("Dask LocalCluster: not installed (pip install 'dask[distributed]', the [bench] extra)")
        return
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call,unused-ignore]
                      dashboard_address=None) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call,unused-ignore]
        dask_seconds, results = sweep(client.get_executor(), todo)
    assert results == expected, "the Dask cluster's table differs from the serial one"
    print(f"{f'Dask LocalCluster({args.workers})':32} {dask_seconds:8.2f} s {serial / dask_seconds:6.2f} x "
          f"(cluster start-up not included)")


if __name__ == "__main__":
    main()
