"""Hostile input through standard input, the tables ``validate`` reads, card
files and the options of the other commands (see entry_points.py): each
attack ends in one clear line that says what is wrong, or in a valid run.

The default (ci) profile runs the attacks marked fast; ``make fuzz``
(``HYPOTHESIS_PROFILE=thorough``) runs every one.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import entry_points
import hostile
import pytest

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE", "ci") == "thorough"
ATTACKS = [a for a in entry_points.all_attacks() if THOROUGH or a.fast]


@pytest.mark.parametrize("attack", ATTACKS, ids=[f"{a.case.cls}: {a.case.name}" for a in ATTACKS])
def test_attack(attack: entry_points.Attack, tmp_path: Path) -> None:
    result = entry_points.run_attack(attack, tmp_path)
    hostile.record(attack.case.cls, result.outcome, result)
    assert entry_points.passed(attack, result), (result.outcome, result.status, result.message, attack.says)
    if result.peak_mb is not None and result.peak_mb == result.peak_mb:
        assert result.peak_mb < 400, f"peak memory {result.peak_mb:.0f} MB"


def test_every_class_has_a_fast_attack_and_a_valid_control() -> None:
    """The ci subset touches every class, and the classes hold valid runs (a
    runner that refuses everything would pass the error cases)."""
    attacks = entry_points.all_attacks()
    classes = {a.case.cls for a in attacks}
    assert classes == {a.case.cls for a in attacks if a.fast}
    assert {a.case.cls for a in attacks if a.case.expect == "ok"} >= {"standard input", "card files", "options"}


def test_passed_can_fail() -> None:
    """A clear error whose message lacks what the attack expects is a failure."""
    attack = entry_points.all_attacks()[0]
    vague = hostile.Result(attack.case, "clear", 2, "error: something", 0.0)
    assert not entry_points.passed(attack, vague)
    assert entry_points.passed(attack, hostile.Result(attack.case, "clear", 2, f"error: {attack.says}", 0.0))


@pytest.mark.skipif(not THOROUGH, reason="a few seconds per run: the thorough profile (make fuzz)")
@pytest.mark.parametrize("command", [["explore", "BOOM", "--time-limit", "60"], ["can-force", "BOOM", "TP", "{loop: true}"],
                                     ["verify"], ["resolve", "-"]], ids=lambda c: c[0] + (" -" if "-" in c else ""))
def test_ctrl_c_ends_a_run_with_one_word(command: list[str], tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) during a long search, the rulings' verification or a read
    of standard input: status 130 (or death by SIGINT, which a shell shows as
    130) and ``interrupted`` alone on stderr."""
    boom = tmp_path / "boom.yaml"
    boom.write_text(entry_points.exploding_scenario(), encoding="utf-8")
    argv = [str(boom) if a == "BOOM" else a for a in command]
    proc = subprocess.Popen([sys.executable, "-m", "toolkit", *argv], cwd=hostile.ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # past the imports: inside the search (or the wait for standard input); a cold verify takes ~2 s of CPU now,
    # so it is interrupted sooner (a Ctrl-C during the imports says the same word: the test below)
    time.sleep(1.0 if command == ["verify"] else 3.0)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode in (130, -signal.SIGINT), (proc.returncode, err[-500:])
    assert err.decode("utf-8").strip() == "interrupted", err[-500:]


# Ctrl-C while the command line is still importing its modules. The child
# sends SIGINT to itself from an import hook the moment the command line's
# own modules start loading (toolkit.cli.app), so the interrupt lands inside
# the imports on every run: no timing guess, no flakiness.
_INTERRUPT_WHILE_IMPORTING = """
import os, signal, sys

class InterruptOnImport:
    def find_spec(self, name, path=None, target=None):
        if name == "toolkit.cli.app":
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, InterruptOnImport())
if sys.argv[1] == "module":
    import runpy
    sys.argv = [sys.argv[0], "scenarios"]
    runpy.run_module("toolkit", run_name="__main__", alter_sys=True)
else:
    sys.argv = ["endphase", "scenarios"]
    from toolkit.__main__ import main
    sys.exit(main())
"""


@pytest.mark.parametrize("entry", ["module", "script"], ids=["python -m toolkit", "endphase"])
def test_ctrl_c_while_the_command_line_imports_is_the_same_one_word(entry: str) -> None:
    proc = subprocess.run([sys.executable, "-c", _INTERRUPT_WHILE_IMPORTING, entry], cwd=hostile.ROOT,
                          capture_output=True, timeout=120,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.returncode == 130, (proc.returncode, proc.stderr[-500:])
    assert proc.stderr.decode("utf-8").strip() == "interrupted", proc.stderr[-500:]
    assert proc.stdout == b""


def test_a_program_importing_the_command_line_keeps_its_own_ctrl_c() -> None:
    """Importing toolkit.__main__ (a test, the docs build) installs nothing:
    Ctrl-C stays a KeyboardInterrupt, and main() leaves a caller's handler alone."""
    import toolkit.__main__ as cli

    assert signal.getsignal(signal.SIGINT) is not cli._interrupted_while_starting
    mine = signal.signal(signal.SIGINT, lambda signum, frame: None)
    try:
        handler = signal.getsignal(signal.SIGINT)
        assert cli.main(["--version"]) == 0
        assert signal.getsignal(signal.SIGINT) is handler
    finally:
        signal.signal(signal.SIGINT, mine)
