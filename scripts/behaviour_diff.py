"""Prove a refactoring of the cards changed no behaviour.

``python scripts/behaviour_diff.py record OUT_DIR`` writes a snapshot of
everything the engine says about the shipped cards:

* ``golden.json`` — every golden record (tests/engine/golden_cases.py: each
  shipped scenario's default-line trace, outcome and full exploration digest,
  and the benchmark positions' counts);
* ``perft.json`` — every perft position (tests/perft/positions.yaml): lines,
  outcomes, positions and lines per first action, full and reduced search;
* ``verify_rulings.csv`` — ``verify_rulings()`` without its timing column.

``python scripts/behaviour_diff.py compare BASE_DIR`` computes the same
snapshot now and prints the differences (exit 1 if there are any, 0 and
"no difference" otherwise).  Record on the commit before a migration, compare
after it.  ``compare BASE_DIR --without-by`` leaves the events' causes (``by``) out
of the snapshot taken now: a snapshot recorded before events had a cause then
compares equal when nothing but the causes changed.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# after PYTHONPATH: ``PYTHONPATH=build/compiled`` runs it on the compiled build (scripts/build_compiled.py)
sys.path.append(str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))


def golden() -> dict[str, Any]:
    from golden_cases import BENCHMARK_NS, benchmark_case, scenario_case, scenario_names

    out: dict[str, Any] = {f"scenario_{name}": scenario_case(name) for name in scenario_names()}
    out.update({f"benchmark_n{n:02d}": benchmark_case(n) for n in BENCHMARK_NS})
    return out


def perft() -> dict[str, Any]:
    import yaml

    from toolkit.engine import explore
    from toolkit.ocg.scenario import load_scenario, scenario_from_dict

    entries = yaml.safe_load((ROOT / "tests" / "perft" / "positions.yaml").read_text(encoding="utf-8"))
    out: dict[str, Any] = {}
    for entry in entries:
        if "scenario" in entry:
            position = load_scenario(ROOT / "datasets" / "scenarios" / f"{entry['scenario']}.yaml")
        else:
            position = scenario_from_dict(entry["inline"])
        record = {}
        for reduce in (False, True):
            found = explore(position, ruleset=entry.get("ruleset"), reduce=reduce)
            record["reduced" if reduce else "full"] = {
                "lines": found.total_lines, "outcomes": len(found.outcomes), "states": found.states,
                "first_actions": [[a, n] for a, n in found.first_actions]}
        out[entry["name"]] = record
    return out


def verify_csv() -> str:
    from toolkit.history import verify_rulings

    frame = verify_rulings()
    frame = frame.drop(columns=[c for c in frame.columns if c == "seconds"])
    return str(frame.to_csv(index=False))


def record(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in (("golden.json", golden()), ("perft.json", perft())):
        (folder / name).write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                                   encoding="utf-8")
    (folder / "verify_rulings.csv").write_text(verify_csv(), encoding="utf-8")


def compare(base: Path, *, without_by: bool = False) -> int:
    from golden_cases import WITHOUT_CAUSE

    WITHOUT_CAUSE[0] = without_by
    with tempfile.TemporaryDirectory() as tmp:
        now = Path(tmp)
        record(now)
        differences = 0
        for name in ("golden.json", "perft.json", "verify_rulings.csv"):
            old = (base / name).read_text(encoding="utf-8").splitlines()
            new = (now / name).read_text(encoding="utf-8").splitlines()
            diff = list(difflib.unified_diff(old, new, f"before/{name}", f"after/{name}", lineterm="", n=1))
            differences += len(diff)
            print(f"{name}: {len(old)} lines, " + ("identical" if not diff else f"{len(diff)} diff lines"))
            for line in diff[:40]:
                print(line)
    compiled = sorted(name for name, module in sys.modules.items()
                      if name.startswith("toolkit.") and str(getattr(module, "__file__", "")).endswith(".so"))
    print(f"engine: compiled build ({len(compiled)} compiled modules: {', '.join(compiled)})" if compiled
          else "engine: pure Python")
    print("no difference" if not differences else "DIFFERENT")
    return 0 if not differences else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("record", "compare"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--without-by", action="store_true",
                        help="compare: leave the events' causes (by) out of the snapshot taken now")
    args = parser.parse_args(argv)
    if args.action == "record":
        record(args.folder)
        print(f"recorded golden.json, perft.json and verify_rulings.csv in {args.folder}")
        return 0
    return compare(args.folder, without_by=args.without_by)


if __name__ == "__main__":
    raise SystemExit(main())
