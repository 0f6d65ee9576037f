"""What the engine finds on a few positions, as JSON: run by ``test_compiled_build.py`` once on the pure
package and once on the compiled build (``PYTHONPATH=build/compiled``), which must print the same.

    python tests/fuzz/compiled_outcomes.py

Run as a script (its folder, not the checkout, is first on the import path), so ``PYTHONPATH`` decides
which ``toolkit`` is imported.  Prints one JSON object: ``compiled`` (the toolkit modules imported from
extension modules) and ``cases`` (per position and search: positions, transitions, lines, each
outcome's lines, text and example line digest).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

FAMILY_SIZES = {"(a) Dandelion in deck": 5, "(b) Dandelion in GY": 5, "(c) copies both sides": 6,
                "(d) mixed": 7, "(e) different": 6}
"""Each family of ``benchmarks/families.py`` at a size searched in well under a second."""
SCENARIOS = 6
"""The first shipped scenarios (of both games' seed scenarios, as the golden records list them)."""


def cases() -> dict[str, Any]:
    import families
    from golden_cases import _exploration_digest, scenario_case, scenario_names

    from toolkit.core.search import explore
    from toolkit.ocg.procedure import remembered
    from toolkit.ocg.setup import initial_state

    out: dict[str, Any] = {}
    recall = remembered.recall
    for family, n in FAMILY_SIZES.items():
        start = initial_state(families.position(family, n))
        for memo in (True, False):
            remembered.recall = recall
            families._memo(memo)
            remembered.forget(start.tables)
            for reduce in (False, True):
                out[f"{family} n={n} memo={'on' if memo else 'off'} reduce={reduce}"] = _exploration_digest(
                    explore(start, reduce=reduce, max_states=200_000))
    remembered.recall = recall
    for name in scenario_names()[:SCENARIOS]:
        out[f"scenario {name}"] = scenario_case(name)
    return out


def main() -> None:
    sys.path.append(str(ROOT / "benchmarks"))
    sys.path.append(str(ROOT / "tests" / "engine"))
    sys.path.append(str(ROOT))  # (after PYTHONPATH: a compiled build put there is the one imported)
    found = cases()
    compiled = sorted(name for name, module in sys.modules.items()
                      if name.startswith("toolkit.") and str(getattr(module, "__file__", "")).endswith(".so"))
    print(json.dumps({"compiled": compiled, "cases": found}, ensure_ascii=False, sort_keys=True, default=str))


if __name__ == "__main__":
    main()
