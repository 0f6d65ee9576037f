"""Write docs/glossary.md from the rule registry (``--check``: fail if the committed page differs).

    python scripts/build_glossary.py          # rewrite the page
    python scripts/build_glossary.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "glossary.md"


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT))
    from toolkit.present.glossary import glossary

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the committed page is current")
    args = parser.parse_args(argv)
    text = glossary().markdown()
    if args.check:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != text:
            print(f"{PAGE} is out of date: run python scripts/build_glossary.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
