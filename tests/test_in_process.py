"""tests/in_process.py: the command line run in the test's process answers as a new process does,
and leaves nothing behind for the tests that come after."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests import in_process
from toolkit.ocg import cards

CARD = """\
name: インプロセス・ラビット
english: In-process Rabbit
type: monster
subtype: spirit
texts:
  - end_phase:
      - key: return to the hand
        mandatory: true
        chain_link: true
        when: [face_up_on_field, summoned_this_turn]
        do: {return_to_hand: {card: itself, if_in: field}}
"""


def test_a_run_reads_its_own_user_folder_and_leaves_the_tests_registry_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "user" / "cards").mkdir(parents=True)
    (tmp_path / "user" / "cards" / "rabbit.yaml").write_text(CARD, encoding="utf-8")
    env = {**os.environ, "ENDPHASE_USER_DIR": str(tmp_path / "user"), "ENDPHASE_TEST_MARK": "1"}
    known = cards.registered_names()  # the tests' own cards: the run must not add its folder's to them
    before = dict(os.environ), os.getcwd(), sys.argv

    done = in_process.endphase(["cards", "--show", "In-process Rabbit"], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("インプロセス・ラビット (In-process Rabbit): monster, spirit — your card, from ")

    assert (dict(os.environ), os.getcwd(), sys.argv) == before
    assert cards.registered_names() == known and "ENDPHASE_TEST_MARK" not in os.environ
    again = in_process.endphase(["cards", "--show", "In-process Rabbit"], cwd=tmp_path)  # the tests' own folder
    assert again.returncode == 2 and "Unknown card" in again.stderr, again


@pytest.mark.parametrize("argv", [
    ["resolve", "lyla_veiler_2011", "--policy", "pass"],  # an answer on standard output
    ["resolve", "no_such_example"],  # bad input: exit 2, one line on standard error naming the program
], ids=["resolve", "unknown-example"])
def test_a_run_in_process_says_what_a_new_process_says(argv: list[str], tmp_path: Path) -> None:
    real = subprocess.run([sys.executable, "-m", "toolkit", *argv], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    here = in_process.endphase(argv, cwd=tmp_path, timeout=300)
    assert (here.returncode, here.stdout, here.stderr) == (real.returncode, real.stdout, real.stderr)
    assert here.stdout or here.stderr


def test_a_variable_read_when_the_toolkit_is_imported_needs_a_subprocess(tmp_path: Path) -> None:
    before = dict(os.environ)
    env = {**os.environ, in_process.READ_AT_IMPORT[0]: "1"}
    with pytest.raises(AssertionError, match="read when the toolkit is imported"):
        in_process.endphase(["scenarios"], cwd=tmp_path, env=env)
    assert dict(os.environ) == before


def test_every_variable_the_toolkit_reads_when_imported_is_named() -> None:
    """A module-level read of the environment (not inside a function) is one a run here cannot change."""
    root = Path(in_process.MAIN).parent
    read = set()
    for path in root.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith((" ", "#")) and "os.environ" in line:
                read.update(re.findall(r"os\.environ\.get\(\"([A-Z_]+)\"", line))
    assert read and read <= set(in_process.READ_AT_IMPORT), read
