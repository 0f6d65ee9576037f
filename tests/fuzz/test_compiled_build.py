"""The optional compiled build (``make compiled``, ``build/compiled/``) finds what the pure package finds.

Runs ``compiled_outcomes.py`` twice, in fresh processes: on the pure package and with
``PYTHONPATH=build/compiled``; the compiled run must really import compiled modules, and both must print
the same positions, transitions, line counts, outcomes and example lines (each family of
``benchmarks/families.py`` with the memo on and off, reduced and full search; a few shipped scenarios:
their default line's trace too).  Under ``make fuzz`` only (``HYPOTHESIS_PROFILE=thorough``); skipped
with the reason when no compiled build exists.  Times are never asserted.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "compiled"
WORKER = Path(__file__).with_name("compiled_outcomes.py")


def _run(compiled: bool) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    if compiled:
        env["PYTHONPATH"] = str(BUILD)
    done = subprocess.run([sys.executable, str(WORKER)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _built() -> bool:
    return any((BUILD / "toolkit").rglob("*.so")) if (BUILD / "toolkit").is_dir() else False


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "thorough",
                    reason="the compiled build is compared under make fuzz (HYPOTHESIS_PROFILE=thorough)")
@pytest.mark.skipif(not _built(), reason="no compiled build: make compiled builds build/compiled/")
def test_compiled_build_finds_what_the_pure_package_finds() -> None:
    pure, compiled = _run(False), _run(True)
    assert pure["compiled"] == []
    assert "toolkit.ocg.procedure.transitions" in compiled["compiled"], compiled["compiled"]
    assert "toolkit.ocg.board" in compiled["compiled"], compiled["compiled"]
    assert pure["cases"].keys() == compiled["cases"].keys()
    assert len(pure["cases"]) == 5 * 4 + 6
    for key, expected in pure["cases"].items():
        assert compiled["cases"][key] == expected, key
