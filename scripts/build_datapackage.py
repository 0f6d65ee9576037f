"""Write datasets/datapackage.json, the Frictionless descriptor of rulings.csv, cards.csv
and events.csv, from the schema (toolkit/data/schema.py) and the shipped tables.

    python scripts/build_datapackage.py          # rewrite the file
    python scripts/build_datapackage.py --check  # exit 1 if it is not what the schema and tables give

Run it after changing a column of the schema or the tables (tests/test_data_dictionary.py runs --check).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.data.dictionary import DATAPACKAGE, data_package_json  # noqa: E402
from toolkit.data.schema import SCHEMAS  # noqa: E402

TARGET = ROOT / "datasets" / DATAPACKAGE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    args = parser.parse_args(argv)
    texts = {name: (ROOT / "datasets" / schema.file).read_text(encoding="utf-8") for name, schema in SCHEMAS.items()}
    wanted = data_package_json(texts)
    current = TARGET.read_text(encoding="utf-8") if TARGET.is_file() else None
    if args.check:
        if current != wanted:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run python scripts/build_datapackage.py",
                  file=sys.stderr)
            return 1
        return 0
    if current != wanted:
        TARGET.write_text(wanted, encoding="utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
