"""``python -m toolkit ARGS`` run inside the test's process, as if it were a new one.

Starting the command line in a subprocess costs about a second of CPU each
time (the interpreter, the toolkit's imports, pandas); the suite started it
~90 times. :func:`endphase` runs :func:`toolkit.cli.run_with_streams` instead
and hands back what :func:`subprocess.run` would: a ``CompletedProcess`` with
the exit status and the text of standard output and error, so the tests'
assertions stay the same, word for word.

What a new process would not share with the one running the tests is put as
a new process has it for the run, and put back after it:

* the environment (``env`` replaces it whole, as ``subprocess.run(env=...)``
  does), the working folder, ``sys.argv`` (the program's name in messages is
  ``python -m toolkit``), standard input (empty unless ``input`` is given);
* the card registry: the shipped cards only, read again from the card files,
  then the user folder of *this* environment (``$ENDPHASE_USER_DIR``) as the
  first look-up reads it; after the run the registry the tests had, exactly;
* whatever is remembered of card definitions: the registry generation
  (:mod:`toolkit.core.generation`) moves on before the run (nothing the tests
  computed is served to it) and after it (nothing it computed with its own
  cards is served to a later test); the scenario files and card texts read
  are forgotten both times;
* the registries of rules and games are left alone: modules fill them when
  they are imported, the same in every process, and a run adds nothing else.

An exception the command line lets escape fails the test with its traceback
(a process would print it and end with status 1): stricter, never weaker.

Not for tests about the process boundary: exit on a broken pipe, Ctrl-C,
progress on a terminal, memory limits, the start-up's imports, or a variable
the toolkit reads when it is imported (:data:`READ_AT_IMPORT` refuses those):
those keep a real subprocess.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import warnings
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

import toolkit

MAIN = str(Path(toolkit.__file__).resolve().parent / "__main__.py")
"""``sys.argv[0]`` of ``python -m toolkit`` (the program names itself from it)."""

READ_AT_IMPORT = ("ENDPHASE_CHECK_REMEMBERED", "ENDPHASE_CHECK_INCREMENTAL")
"""Variables the toolkit reads once, when its modules are imported: a run in this
process cannot see another value of them, so a test that sets one needs a subprocess."""


class _TimedOut(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _TimedOut()


@contextmanager
def _environment(env: Mapping[str, str] | None) -> Iterator[None]:
    saved = dict(os.environ)
    if env is not None:
        changed = [k for k in READ_AT_IMPORT if env.get(k) != saved.get(k)]
        if changed:
            raise AssertionError(f"{', '.join(changed)} is read when the toolkit is imported: "
                                 "run this command in a subprocess")
        os.environ.clear()
        os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _forget_read_files() -> None:
    from toolkit.history import runs

    runs.scenario_named.cache_clear()
    runs._user_scenario_at.cache_clear()


@contextmanager
def _fresh_registries() -> Iterator[None]:
    """What a new process reads afresh: the scenario files (the card catalogues are values,
    read again when the user's card folder changes, so there is no registry to empty)."""
    _forget_read_files()
    try:
        yield
    finally:
        _forget_read_files()


@contextmanager
def _warnings_to(stream: TextIO) -> Iterator[None]:
    """Warnings as a new interpreter shows them: its default filters, printed on standard error."""
    with warnings.catch_warnings():
        warnings.resetwarnings()
        for action, category, module in (("default", DeprecationWarning, "__main__"),
                                         ("ignore", DeprecationWarning, ""),
                                         ("ignore", PendingDeprecationWarning, ""), ("ignore", ImportWarning, ""),
                                         ("ignore", ResourceWarning, "")):
            warnings.filterwarnings(action, category=category, module=module, append=True)  # type: ignore[arg-type]

        def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                 file: TextIO | None = None, line: str | None = None) -> None:
            stream.write(warnings.formatwarning(message, category, filename, lineno, line))

        warnings.showwarning = show
        yield


def endphase(args: Sequence[str], *, cwd: str | os.PathLike[str] | None = None,
             env: Mapping[str, str] | None = None, input: str | None = None,
             timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """What ``subprocess.run([sys.executable, "-m", "toolkit", *args], cwd=cwd, env=env,
    input=input, capture_output=True, text=True, timeout=timeout)`` gives, run in this process."""
    from toolkit.cli import run_with_streams

    words = [str(a) for a in args]
    stdin = io.TextIOWrapper(io.BytesIO((input or "").encode("utf-8")), encoding="utf-8")
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    before, argv = os.getcwd(), sys.argv
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        with _environment(env), _fresh_registries():
            if cwd is not None:
                os.chdir(cwd)
            sys.argv = [MAIN, *words]
            signal.setitimer(signal.ITIMER_REAL, timeout)
            try:
                with _warnings_to(stderr):
                    status = run_with_streams(words, stdin=stdin, stdout=stdout, stderr=stderr)
            except SystemExit as done:  # as the interpreter ends a process that calls sys.exit
                status = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
            except _TimedOut:
                raise subprocess.TimeoutExpired([sys.executable, "-m", "toolkit", *words], timeout) from None
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, previous)
        sys.argv = argv
        os.chdir(before)
    texts = []
    for stream in (stdout, stderr):
        stream.flush()
        text = stream.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
        texts.append(text.replace("\r\n", "\n").replace("\r", "\n"))  # text=True reads universal newlines
    return subprocess.CompletedProcess([sys.executable, "-m", "toolkit", *words], status, texts[0], texts[1])
