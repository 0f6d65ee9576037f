"""Hostile input for the command line: malformed files of every class, a runner, a tally.

Every case is a file (or a file-system oddity) and the arguments of one
``python -m toolkit`` run. A run ends in one of these outcomes:

``clear``      exit 2, one line on stderr starting ``error:``, no traceback (for
               argparse's own argument errors: its usage lines and one
               ``error:`` line — the command line's convention)
``ok``         exit 0, and the case is a valid file (or may be: ``expect="any"``)
``traceback``  an exception escaped (in-process) or "Traceback" on stderr
``hang``       still running after the timeout (isolated runs only)
``memory``     MemoryError, or killed by the 1 GB address-space cap
``silent``     exit 0 although the case must be refused (data dropped or
               ignored without a word)
``refused``    exit 2 although the case is valid
``unclear``    any other end: another exit status, several lines, no message

Most cases run in-process (``toolkit.__main__.main(argv)``, fast); those that
could hang or eat memory if a guard broke (pipes, devices, alias bombs, deep
nesting, big files) run as a subprocess with a timeout and ``RLIMIT_AS``.

``python tests/fuzz/hostile.py`` runs every case and prints the tally (exit 1
on any bad outcome); ``make fuzz`` runs it and the Hypothesis fuzz tests under
the ``thorough`` profile.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import stat
import subprocess
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hostile_cases import (  # noqa: F401  (the names the fuzz tests take from here)
    BAD,
    GOOD,
    HOSTILE_VALUES,
    MEMORY_CAP,
    OCG_TEXT,
    OUTCOMES,
    ROOT,
    SCENARIOS,
    TIMEOUT,
    Case,
    Prepared,
    Result,
    all_cases,
    args_case,
    dump,
    file_case,
)

# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------


class Hang(Exception):
    """An in-process run outlived its timeout (raised by SIGALRM)."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def run_in_process(argv: Sequence[str], env: dict[str, str] | None = None,
                   timeout: float = TIMEOUT) -> tuple[int | None, str, str, bool, bool]:
    """``main(argv)`` with stdout/stderr captured and a SIGALRM timeout:
    (status, out, err, escaped, timed_out)."""
    from toolkit.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    saved = {k: os.environ.get(k) for k in (env or {})}
    os.environ.update(env or {})
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status: int | None = main(list(argv))
            except SystemExit as exc:  # argparse
                status = exc.code if isinstance(exc.code, int) else 2
            except Hang:
                return None, out.getvalue(), err.getvalue(), False, True
            except BaseException:  # noqa: BLE001 - the point is to see it
                err.write(traceback.format_exc())
                return None, out.getvalue(), err.getvalue(), True, False
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return status, out.getvalue(), err.getvalue(), False, False


_CHILD = """\
import atexit, os, resource, runpy, sys
cap = int(os.environ["FUZZ_MEMORY_CAP"])
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
def report():
    with open("/proc/self/status", encoding="ascii") as status:
        peak = [line.split()[1] for line in status if line.startswith("VmHWM")]
    with open(os.environ["FUZZ_PEAK_FILE"], "w", encoding="ascii") as out:
        out.write(peak[0] if peak else "0")
atexit.register(report)
sys.argv = ["python -m toolkit", *sys.argv[1:]]
runpy.run_module("toolkit", run_name="__main__", alter_sys=True)
"""
"""The child: caps its own address space (RLIMIT_AS) before the toolkit is
imported, runs ``python -m toolkit`` and records its peak resident memory
(VmHWM: the peak of this process image, not of the parent it was forked from)."""


def run_isolated(argv: Sequence[str], env: dict[str, str] | None = None,
                 timeout: float = TIMEOUT, stdin_path: str | None = None) -> tuple[int | None, str, str, bool, float]:
    """``python -m toolkit ARGV`` in a subprocess with a timeout and a 1 GB
    address-space cap: (status or None on timeout, out, err, timed_out, peak MB)."""
    import tempfile

    peak_file = Path(tempfile.mkstemp(prefix="endphase-fuzz-peak-")[1])
    full_env = dict(os.environ, OPENBLAS_NUM_THREADS="1", FUZZ_MEMORY_CAP=str(MEMORY_CAP),
                    FUZZ_PEAK_FILE=str(peak_file), **(env or {}))
    with open(stdin_path or os.devnull, "rb") as stdin, _spool() as out_file, _spool() as err_file:
        proc = subprocess.Popen([sys.executable, "-c", _CHILD, *argv], stdin=stdin, stdout=out_file,
                                stderr=err_file, env=full_env, cwd=ROOT)
        deadline = time.monotonic() + timeout
        status: int | None = None
        while time.monotonic() < deadline:
            pid, wait_status, _usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                status = os.waitstatus_to_exitcode(wait_status)
                proc.returncode = status
                break
            time.sleep(0.02)
        timed_out = status is None
        if timed_out:
            proc.kill()
            os.wait4(proc.pid, 0)
            proc.returncode = -signal.SIGKILL
        out_file.seek(0)
        err_file.seek(0)
        out = out_file.read().decode("utf-8", "replace")
        err = err_file.read().decode("utf-8", "replace")
    text = peak_file.read_text(encoding="ascii").strip() if peak_file.exists() else ""
    peak_file.unlink(missing_ok=True)
    peak = int(text) / 1024 if text.isdigit() else float("nan")
    return status, out, err, timed_out, peak


def _spool() -> Any:
    import tempfile

    return tempfile.TemporaryFile()


def classify(expect: str, status: int | None, err: str, escaped: bool, timed_out: bool) -> str:
    if timed_out:
        return "hang"
    if "MemoryError" in err or (status is not None and status < 0):
        return "memory"
    if escaped or "Traceback" in err:
        return "traceback"
    if status == 0:
        return "silent" if expect == "error" else "ok"
    if status == 2:
        lines = err.strip().splitlines()
        one_line = len(lines) == 1 and lines[0].startswith("error: ")
        argparse_style = bool(lines) and lines[0].startswith("usage:") and ": error: " in lines[-1]
        if not (one_line or argparse_style):
            return "unclear"
        return "refused" if expect == "ok" else "clear"
    return "unclear"


def run_case(case: Case, folder: Path) -> Result:
    prepared = case.make(folder)
    context = prepared.during() if prepared.during else contextlib.nullcontext()
    start = time.monotonic()
    peak: float | None = None
    with context:
        if case.isolate:
            status, _out, err, timed_out, peak = run_isolated(prepared.argv, prepared.env, stdin_path=prepared.stdin)
            escaped = False
        else:
            status, _out, err, escaped, timed_out = run_in_process(prepared.argv, prepared.env)
    seconds = time.monotonic() - start
    outcome = classify(case.expect, status, err, escaped, timed_out)
    message = err.strip().splitlines()[-1] if err.strip() else ""
    return Result(case, outcome, status, message, seconds, peak)


def run_all(cases: Sequence[Case], work: Path) -> list[Result]:
    results = []
    for i, case in enumerate(cases):
        folder = work / f"case{i:04d}"
        folder.mkdir(parents=True)
        try:
            results.append(run_case(case, folder))
        finally:
            for path in sorted(folder.rglob("*"), reverse=True):
                with contextlib.suppress(OSError):
                    if path.is_dir() and not path.is_symlink():
                        path.rmdir()
                    else:
                        path.chmod(stat.S_IRUSR | stat.S_IWUSR) if not path.is_symlink() and path.exists() else None
                        path.unlink()
    return results


TALLY: dict[str, Counter[str]] = {}
"""Outcomes recorded by the fuzz tests of this session, per class."""


PEAKS: list[tuple[float, float, str]] = []
"""(peak MB, seconds, "class: case") of each isolated run recorded this session."""


def record(cls: str, outcome: str, result: Result | None = None) -> None:
    TALLY.setdefault(cls, Counter())[outcome] += 1
    if result is not None and result.peak_mb is not None and result.peak_mb == result.peak_mb:
        PEAKS.append((result.peak_mb, result.seconds, f"{cls}: {result.case.name}"))


def peaks_text() -> str:
    if not PEAKS:
        return ""
    mb, _, worst = max(PEAKS)
    seconds, _, slowest = max((s, m, n) for m, s, n in PEAKS)
    return (f"isolated runs: {len(PEAKS)}; peak memory {mb:.0f} MB ({worst}); "
            f"slowest {seconds:.1f} s ({slowest})")


def tally(results: Sequence[Result]) -> dict[str, Counter[str]]:
    table: dict[str, Counter[str]] = {}
    for r in results:
        table.setdefault(r.case.cls, Counter())[r.outcome] += 1
    return table


def tally_table(table: dict[str, Counter[str]]) -> str:
    shown = [o for o in OUTCOMES if any(c[o] for c in table.values()) or o in ("clear", "ok", "traceback",
                                                                                "hang", "silent")]
    lines = [f"{'class':<18}" + "".join(f"{o:>10}" for o in shown)]
    total: Counter[str] = Counter()
    for cls, counts in table.items():
        total.update(counts)
        lines.append(f"{cls:<18}" + "".join(f"{counts[o]:>10}" for o in shown))
    lines.append(f"{'all':<18}" + "".join(f"{total[o]:>10}" for o in shown))
    return "\n".join(lines)


def tally_text(results: Sequence[Result]) -> str:
    lines = [tally_table(tally(results))]
    worst = [r for r in results if r.peak_mb is not None]
    if worst:
        top = max(worst, key=lambda r: r.peak_mb or 0.0)
        slow = max(results, key=lambda r: r.seconds)
        lines.append(f"peak memory of an isolated run: {top.peak_mb:.0f} MB ({top.case.cls}: {top.case.name}); "
                     f"slowest case: {slow.seconds:.1f} s ({slow.case.cls}: {slow.case.name})")
    for r in results:
        if r.outcome in BAD:
            lines.append(f"  {r.outcome.upper()}: [{r.case.cls}] {r.case.name}: status {r.status}: {r.message[:200]}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    import tempfile

    verbose = "--verbose" in (argv if argv is not None else sys.argv[1:])
    with tempfile.TemporaryDirectory(prefix="endphase-fuzz-") as work:
        results = run_all(all_cases(), Path(work))
    if verbose:
        for r in results:
            print(f"{r.outcome:<9} [{r.case.cls}] {r.case.name[:60]}: {r.message[:300]}")
    print(tally_text(results))
    return 1 if any(r.outcome in BAD for r in results) else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
