"""How far a search may go, and how it reports how far it has got.

A search (``explore``, ``can_force``, ``Exploration.forcing``) stops with a
:class:`~toolkit.core.errors.SearchBudgetExceeded` when it has visited
``max_states`` positions or run ``time_limit`` seconds; the message names the
limit that was hit, the scenario's file when it is known, and the option that
raises it.  Limits must be positive:

>>> Limits(max_states=0)
Traceback (most recent call last):
...
toolkit.core.limits.LimitError: max_states must be a positive whole number of positions, not 0
>>> Limits(time_limit=-1.0)
Traceback (most recent call last):
...
toolkit.core.limits.LimitError: time_limit must be a positive number of seconds (or None for no limit), not -1.0

While it runs, a search calls ``progress`` (if given) with a
:class:`Progress` about four times a second and once at the end;
:func:`notebook_progress` shows that as a tqdm bar and :func:`stderr_progress`
as a line on stderr, both only for searches longer than a second.

``DEFAULT_MAX_STATES`` keeps a search's peak memory under 1 GB: a position of
the End Phase benchmarks costs 5.5-7.5 KB of peak memory with its successors'
edges and memo entries (``benchmarks/engine_speed.py`` measures it), so
120,000 positions stay under 0.9 GB.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from toolkit.core.errors import SearchBudgetExceeded
from toolkit.errors import ToolkitError

__all__ = [
    "DEFAULT_MAX_STATES",
    "MAX_LINE_STEPS",
    "LimitError",
    "Limits",
    "Progress",
    "ProgressCallback",
    "notebook_progress",
    "stderr_progress",
]

DEFAULT_MAX_STATES = 120_000
"""The default position limit (under 0.9 GB at the measured 5.5-7.5 KB per position)."""

MAX_LINE_STEPS = 3_000
"""The longest line a search follows: an End Phase line is tens of steps (hundreds with dozens of
pending processes), and a position repeated on a line is a loop, found as such; a line longer than
this is one that never ends without repeating a position (e.g. a chain whose every link forces
another), where going on would only exhaust the stack."""

REPORT_EVERY = 0.25
"""Seconds between two progress reports."""


class LimitError(ToolkitError, ValueError):
    """A search limit that is not a positive number."""


@dataclass(frozen=True)
class Progress:
    """How far a search has got: ``positions`` visited in ``seconds``; ``done``
    on the last report."""

    positions: int
    seconds: float
    done: bool = False

    @property
    def rate(self) -> float:
        """Positions per second so far."""
        return self.positions / self.seconds if self.seconds > 0 else 0.0

    def text(self) -> str:
        """The report in words.

        >>> Progress(12_000, 2.0).text()
        '12,000 positions in 2.0 s (6,000 positions/s)'
        """
        return f"{self.positions:,} positions in {self.seconds:.1f} s ({self.rate:,.0f} positions/s)"


ProgressCallback = Callable[[Progress], None]


def _positive_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise LimitError(f"{name} must be a positive whole number of positions, not {value!r}")
    return value


def _positive_seconds(name: str, value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0 or value != value:
        raise LimitError(f"{name} must be a positive number of seconds (or None for no limit), not {value!r}")
    return float(value)


class Limits:
    """The limits of one search and its progress reports (see the module docstring).

    ``source`` is the scenario's file (named in the message when a limit is hit).
    """

    __slots__ = ("max_states", "time_limit", "progress", "source", "started", "deadline", "next_report")

    def __init__(self, max_states: int = DEFAULT_MAX_STATES, time_limit: float | None = None,
                 progress: ProgressCallback | None = None, source: str | None = None) -> None:
        self.max_states = _positive_int("max_states", max_states)
        self.time_limit = _positive_seconds("time_limit", time_limit)
        self.progress = progress
        self.source = source
        self.started = time.perf_counter()
        self.deadline = self.started + self.time_limit if self.time_limit is not None else float("inf")
        self.next_report = self.started + REPORT_EVERY

    def _where(self) -> str:
        return f" of {self.source}" if self.source else ""

    def too_many(self) -> SearchBudgetExceeded:
        """The error for a search that reached ``max_states``."""
        return SearchBudgetExceeded(
            f"the search{self._where()} stopped at its limit of {self.max_states:,} positions (max_states) "
            f"before every line was followed; raise max_states (--max-states on the command line) to search further")

    def too_long(self) -> SearchBudgetExceeded:
        """The error for a line longer than :data:`MAX_LINE_STEPS` that repeats no position."""
        return SearchBudgetExceeded(
            f"the search{self._where()} stopped on a line of more than {MAX_LINE_STEPS:,} steps that never "
            f"repeats a position: something here forces a new step without end (e.g. a mandatory quick effect "
            f"that answers every chain link, its own too); such a position has no end to search")

    def check(self, positions: int) -> None:
        """Called at each new position when watched: the time limit and the progress report."""
        now = time.perf_counter()
        if now >= self.deadline:
            raise SearchBudgetExceeded(
                f"the search{self._where()} stopped at its time limit of {self.time_limit:g} s (time_limit) "
                f"after {positions:,} positions; raise time_limit (--time-limit on the command line) "
                f"to search further")
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + REPORT_EVERY
            self.progress(Progress(positions, now - self.started))

    def finish(self, positions: int) -> None:
        """The last progress report."""
        if self.progress is not None:
            self.progress(Progress(positions, time.perf_counter() - self.started, done=True))


def source_of(position: Any) -> str | None:
    """The file a scenario was read from, when it records one."""
    source = getattr(position, "source", None)
    return source if isinstance(source, str) and source else None


def notebook_progress(after: float = 1.0) -> ProgressCallback:
    """A progress callback that shows a tqdm bar (``tqdm.auto``: a widget in
    a notebook) once a search has run ``after`` seconds; quick searches show nothing."""
    bar: list[Any] = []

    def report(p: Progress) -> None:
        if not bar:
            if p.seconds < after:
                return
            from tqdm.auto import tqdm

            bar.append(tqdm(desc="positions searched", unit=" positions", leave=False))
        shown = bar[0]
        shown.update(p.positions - shown.n)
        shown.set_postfix_str(f"{p.rate:,.0f}/s", refresh=False)
        if p.done:
            shown.close()

    return report


def _is_terminal(out: TextIO) -> bool:
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


def stderr_progress(after: float = 1.0, stream: TextIO | None = None) -> ProgressCallback:
    """A progress callback that writes one updating line to stderr once a
    search has run ``after`` seconds (the command line's). Standard error that
    is not a terminal (a log file, a pipe) gets no progress line: its one line
    is the error, if any."""
    shown = [False]

    def report(p: Progress) -> None:
        out = stream if stream is not None else sys.stderr
        if stream is None and not _is_terminal(out):
            return
        if not shown[0] and p.seconds < after:
            return
        shown[0] = True
        out.write(f"\rsearching: {p.text()}" + ("\n" if p.done else ""))
        out.flush()

    return report
