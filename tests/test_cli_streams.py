"""The command line at the edges of its streams, run as a user runs it (a
subprocess): a reader that stops early, a full disk, standard input through a
real pipe, and the program's name in its messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.resources import dataset_path

COMMAND = [sys.executable, "-m", "toolkit"]


BIG = ["explore", "catsith_hysteric_sign_2013", "--all"]
"""A command whose output is larger than a pipe holds, so a reader that stops early breaks the pipe."""


def test_a_reader_that_stops_early_ends_the_run_quietly(tmp_path: Path) -> None:
    """`endphase explore x | head -c 20`: exit status 0, nothing on stderr (no traceback)."""
    whole = subprocess.run([*COMMAND, *BIG], cwd=tmp_path, capture_output=True, timeout=300)
    assert whole.returncode == 0 and len(whole.stdout) > 4 * 65536, "the output must outgrow the pipe"
    with subprocess.Popen([*COMMAND, *BIG], cwd=tmp_path,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as child:
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.read(20)
        child.stdout.close()
        err = child.stderr.read().decode("utf-8")
        status = child.wait(timeout=300)
    assert first and status == 0, err
    assert err == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("json_flag", [(), ("--json",)], ids=["text", "json"])
def test_a_full_disk_is_one_line_and_exit_4(tmp_path: Path, json_flag: tuple[str, ...]) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run([*COMMAND, "scenarios", *json_flag], cwd=tmp_path, stdout=full,
                              stderr=subprocess.PIPE, text=True, encoding="utf-8", timeout=300)
    assert done.returncode == 4, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    message = json.loads(lines[0])["error"] if json_flag else lines[0]
    assert "No space left on device" in message


def test_a_scenario_through_a_pipe(tmp_path: Path) -> None:
    text = dataset_path("scenarios", "duel_masters", "dm_moffle_zanjibar.yaml").read_bytes()
    done = subprocess.run([*COMMAND, "explore", "-", "--json"], cwd=tmp_path, input=text, capture_output=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "duel_masters" and data["source"] == "<stdin>" and data["outcomes"]


def test_not_utf8_on_standard_input_is_bad_input(tmp_path: Path) -> None:
    done = subprocess.run([*COMMAND, "resolve", "-"], cwd=tmp_path, input="title: ＴＧ\n".encode("shift_jis"),
                          capture_output=True, timeout=300)
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert b"<stdin>" in done.stderr and b"not UTF-8" in done.stderr


def test_messages_name_the_program_as_invoked(tmp_path: Path) -> None:
    done = subprocess.run([*COMMAND, "resolve", "no_such_example"], cwd=tmp_path, capture_output=True, text=True,
                          encoding="utf-8", timeout=300)
    assert done.returncode == 2 and "`python -m toolkit scenarios`" in done.stderr
    usage = subprocess.run([*COMMAND, "frobnicate"], cwd=tmp_path, capture_output=True, text=True, encoding="utf-8",
                           timeout=300)
    assert usage.returncode == 2 and usage.stderr.startswith("error: ") and "`python -m toolkit --help`" in usage.stderr
    script = Path(sys.executable).parent / "endphase"
    if script.exists():
        named = subprocess.run([str(script), "--version"], cwd=tmp_path, capture_output=True, text=True,
                               timeout=300, env={**os.environ})
        assert named.returncode == 0 and named.stdout.startswith("endphase ")
