"""What the benchmarks share: how a job is timed, python-chess's rate, the growth exponent, the walk
of a position's graph whose edges are timed, and the closing table of targets.

Times are CPU seconds of this process (``time.process_time``), the garbage collector's leftovers
collected before each run; wall seconds (``time.perf_counter``) are kept beside them (on a shared
machine they also count the other programs). A benchmark imports this module by name: the folder of
the script that runs is on ``sys.path`` (``python benchmarks/NAME.py``).
"""

from __future__ import annotations

import gc
import math
import statistics
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chess_reference import perft_job

ROOT = Path(__file__).resolve().parents[1]


class Timing:
    """min / median of CPU and wall seconds over repeated runs."""

    def __init__(self, cpu: list[float], wall: list[float]) -> None:
        self.cpu_min, self.cpu_median = min(cpu), statistics.median(cpu)
        self.wall_min, self.wall_median = min(wall), statistics.median(wall)
        self.runs = len(cpu)
        self.cpu = cpu

    def text(self) -> str:
        return (f"cpu {self.cpu_min:.3f}/{self.cpu_median:.3f} s, wall {self.wall_min:.3f}/{self.wall_median:.3f} s "
                f"(min/median of {self.runs})")


def _once(job: Callable[[], Any], cpu: list[float], wall: list[float]) -> Any:
    gc.collect()
    c0, w0 = time.process_time(), time.perf_counter()
    result = job()
    cpu.append(time.process_time() - c0)
    wall.append(time.perf_counter() - w0)
    return result


def measure(repeat: int, job: Callable[[], Any], *, warm_up: bool = False) -> tuple[Timing, Any]:
    """``job`` run ``repeat`` times (after one untimed run with ``warm_up``): its timing and its last result."""
    if warm_up:
        job()
    cpu: list[float] = []
    wall: list[float] = []
    result = None
    for _ in range(repeat):
        result = _once(job, cpu, wall)
    return Timing(cpu, wall), result


def best_cpu(job: Callable[[], Any], repeat: int, *, warm_up: bool = False) -> float:
    """The least CPU seconds of ``repeat`` runs of ``job``."""
    return measure(repeat, job, warm_up=warm_up)[0].cpu_min


def rounds(repeat: int, jobs: dict[str, Callable[[], Any]]) -> dict[str, Timing]:
    """Each job timed ``repeat`` times, interleaved: every round runs every job once, in order (a
    slower stretch of a shared machine then slows all of them, where timing one job's runs and then
    the next's would charge it to whichever ran then)."""
    cpu: dict[str, list[float]] = {name: [] for name in jobs}
    wall: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(repeat):
        for name, job in jobs.items():
            _once(job, cpu[name], wall[name])
    return {name: Timing(cpu[name], wall[name]) for name in jobs}


def chess_rate(repeat: int = 3, depth: int = 4) -> tuple[float, Timing, int]:
    """python-chess perft(``depth``) node visits per CPU second (the best of ``repeat``), with the
    timing and the node visits it is made of."""
    timing, (_leaves, visits) = measure(repeat, perft_job(depth))
    return visits / timing.cpu_min, timing, visits


def exponent(points: Sequence[tuple[int, float]]) -> float:
    """The least-squares slope of log(time) on log(n): time ~ n^k.

    >>> round(exponent([(2, 4.0), (4, 16.0), (8, 64.0)]), 6)
    2.0
    >>> exponent([(3, 1.0)])
    nan
    """
    xs = [math.log(n) for n, t in points if t > 0]
    ys = [math.log(t) for n, t in points if t > 0]
    if len(xs) < 2:
        return float("nan")
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


@dataclass
class Walk:
    """What a walk of a position's graph met: every position reached, the positions whose actions
    were listed (reached and not over), and the (position, action) edges."""

    reached: list[Any] = field(default_factory=list)
    live: list[Any] = field(default_factory=list)
    edges: list[tuple[Any, Any]] = field(default_factory=list)


def walk(start: Any, max_edges: float = math.inf) -> Walk:
    """The full search's graph from ``start``, breadth first, until ``max_edges`` edges are met."""
    from toolkit.core.game import game_of

    game = game_of(start)
    seen = {start}
    todo = deque([start])
    met = Walk(reached=[start])
    while todo and len(met.edges) < max_edges:
        state = todo.popleft()
        if state.is_over:
            continue
        met.live.append(state)
        for action in game.legal_actions(state):
            met.edges.append((state, action))
            child = game.transition(state, action, check=False).state
            if child not in seen:
                seen.add(child)
                met.reached.append(child)
                todo.append(child)
    return met


def cold_verify(runs: int) -> Timing:
    """CPU and wall seconds of ``import toolkit; toolkit.verify_rulings()`` in a new process, ``runs`` times
    (a new process: nothing imported, loaded or remembered; the CPU seconds are the child's own, so the
    other programs of a shared machine do not count in them)."""
    code = ("import time; c, t = time.process_time(), time.perf_counter(); import toolkit; toolkit.verify_rulings(); "
            "print(time.process_time() - c, time.perf_counter() - t)")
    cpu: list[float] = []
    wall: list[float] = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
        seconds = done.stdout.strip().splitlines()[-1].split()
        cpu.append(float(seconds[0]))
        wall.append(float(seconds[1]))
    return Timing(cpu, wall)


@dataclass
class Targets:
    """The rows of a closing table of targets: what is aimed at (with its definition), the number
    measured, met or not.

    >>> t = Targets()
    >>> t.add("a search: < 1 s", "0.500 s", True)
    >>> t.add("a longer name: < 2 s", "not reached", False)
    >>> t.add("an exponent", "n^1.50", None)
    >>> t.print("Targets")
    Targets
      target                reached      verdict
      a search: < 1 s       0.500 s      met
      a longer name: < 2 s  not reached  NOT met
      an exponent           n^1.50       printed
    """

    rows: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, name: str, reached: str, met: bool | None) -> None:
        """A row; ``met`` None: a number the target asks to print, with no bound to judge it by."""
        self.rows.append((name, reached, "printed" if met is None else "met" if met else "NOT met"))

    def print(self, title: str, *, reached_width: int = 0) -> None:
        width = max(len(r[0]) for r in self.rows)
        value_width = max(reached_width, *(len(r[1]) for r in self.rows))
        print(title)
        print(f"  {'target':<{width}}  {'reached':<{value_width}}  verdict")
        for name, value, verdict in self.rows:
            print(f"  {name:<{width}}  {value:<{value_width}}  {verdict}")
