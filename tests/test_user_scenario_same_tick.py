"""A user's scenario file rewritten within one tick of the filesystem's clock (the same size, the same
modification time) is read again by the rulings' runs, not served as it was."""

from __future__ import annotations

import os
from pathlib import Path

from toolkit.history import runs

SCENARIO = """\
title: TITLE
turn_player: A
players:
  A:
    hand: [ハーピィ・レディ]
"""


def test_a_scenario_rewritten_with_the_same_size_and_time_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(SCENARIO.replace("TITLE", "first"), encoding="utf-8")
    found = runs.scenarios_of("user-1", [str(path)])[str(path)]
    assert "first" in repr(found)
    seen = path.stat()
    path.write_text(SCENARIO.replace("TITLE", "again"), encoding="utf-8")  # the same size
    os.utime(path, ns=(seen.st_atime_ns, seen.st_mtime_ns))  # as a write within the same tick leaves it
    again = runs.scenarios_of("user-1", [str(path)])[str(path)]
    assert "again" in repr(again) and "first" not in repr(again)
