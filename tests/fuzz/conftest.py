"""The fuzz suite's tally: every fuzz test records the outcome of each run,
and the terminal summary prints them per class (``make fuzz`` shows it)."""

from __future__ import annotations

from typing import Any

import hostile
import sandbox


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if hostile.TALLY:
        terminalreporter.write_sep("=", "hostile input: outcomes per class")
        terminalreporter.write_line(hostile.tally_table(hostile.TALLY))
        if hostile.PEAKS:
            terminalreporter.write_line(hostile.peaks_text())
    if sandbox.SURFACE_TALLY:
        terminalreporter.write_sep("=", "user files: outcomes per surface (outside: a read or write outside the folder)")
        terminalreporter.write_line(sandbox.surface_table())
