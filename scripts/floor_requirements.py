"""Print the base dependencies pinned to their declared minimum, one per line.

    python scripts/floor_requirements.py        # pandas==1.5.3 numpy==... (for pip install)

``make test-floor`` installs these into a fresh virtualenv and runs the data
tests there, so the lower bounds in pyproject.toml are measured, not guessed.
A dependency declared without a ``>=`` bound is an error: it has no floor to
test.

>>> floor_pins(["pandas>=1.5.3", "tqdm >= 4.66, <5"])
['pandas==1.5.3', 'tqdm==4.66']
>>> floor_pins(["pyyaml"])
Traceback (most recent call last):
...
ValueError: pyproject.toml: dependency 'pyyaml' has no lower bound (>=) to test
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOWER = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*)$")


def floor_pins(requirements: Iterable[str]) -> list[str]:
    pins = []
    for requirement in requirements:
        match = LOWER.match(requirement)
        bounds = [b.strip() for b in match.group(2).split(",")] if match else []
        floors = [b[2:].strip() for b in bounds if b.startswith(">=")]
        if not match or not floors:
            raise ValueError(f"pyproject.toml: dependency {requirement!r} has no lower bound (>=) to test")
        pins.append(f"{match.group(1)}=={floors[0]}")
    return pins


def main() -> int:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    try:
        print("\n".join(floor_pins(project["dependencies"])))
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
