"""Rewrite the golden files (run on purpose only: ``python tests/engine/golden/regenerate.py``).

Every file records behaviour that must not change by accident: the default
line's trace of each shipped scenario and its exploration, and the counts of
the benchmark positions.  test_golden.py compares the engine against them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    sys.path.insert(0, str(HERE.parent))
    from golden_cases import BENCHMARK_NS, benchmark_case, scenario_case, scenario_names

    for old in HERE.glob("*.json"):
        old.unlink()
    for name in scenario_names():
        write(HERE / f"scenario_{name}.json", scenario_case(name))
    for n in BENCHMARK_NS:
        write(HERE / f"benchmark_n{n:02d}.json", benchmark_case(n))
    print(f"wrote {len(list(HERE.glob('*.json')))} golden files to {HERE}")


def write(path: Path, record: object) -> None:
    path.write_text(json.dumps(record, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
