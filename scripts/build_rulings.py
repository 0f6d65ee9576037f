"""Build datasets/rulings.csv from the seed pages and the hand-curated annotations.

The seeds are read with :mod:`toolkit.wiki` wherever they carry markup: the
Ｑ/Ａ entries of 000 (End Phase page) and 002 (Phase page) come from
``parse_faq``; the plain-text copy 001 is read with ``parse_plain`` and only
confirms rulings of 000 (``; also 001_…`` in ``source``). What no parser can
know — ids, topics the headings do not give, our English summaries, verdicts,
history — is in ``scripts/ruling_annotations.yaml``, along with the rulings
that live in page prose, quoted exactly and checked against the seeds, and the
machine form of each End Phase ruling: the scenario(s) it is checked on, the
ruleset an undated ruling describes, the check (a query in the language of
:mod:`toolkit.history.checks`, written to the CSV as JSON), the expected answer
and our English reading of the check — or the reason it is not modelled.

The build is deterministic and strict: an annotation that no longer matches
exactly one seed entry, a seed entry that no annotation claims, a quote that
is not in its seed, or a broken history link stops it with the full list of
problems (exit status 2).

Usage::

    python scripts/build_rulings.py            # write datasets/rulings.csv
    python scripts/build_rulings.py --check    # exit 1 if the committed CSV differs
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
PROJECT_ROOT = SCRIPTS.parent
for _folder in (PROJECT_ROOT, SCRIPTS):  # run as a script from a clone: the toolkit, and rulings_build beside it
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from rulings_build.table import DEFAULT_ANNOTATIONS, DEFAULT_OUTPUT, DEFAULT_SEEDS, build_csv, render_csv  # noqa: E402
from rulings_build.validation import validate  # noqa: E402
from rulings_build.vocabulary import COLUMNS, KINDS, PAGE_IMPORT_COLUMNS, BuildError  # noqa: E402

__all__ = ["COLUMNS", "KINDS", "PAGE_IMPORT_COLUMNS", "BuildError", "build_csv", "main", "render_csv", "validate"]
"""What the tests and other callers read of this script (the work is done in ``scripts/rulings_build/``)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=Path, default=DEFAULT_SEEDS, help="folder of the seed pages")
    parser.add_argument("--annotations", type=Path, default=DEFAULT_ANNOTATIONS)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true", help="compare with --output instead of writing it")
    args = parser.parse_args(argv)
    try:
        text = build_csv(args.seeds, args.annotations)
    except BuildError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.is_file() else ""
        if current != text:
            print(f"{args.output} is out of date: run scripts/build_rulings.py", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.write_text(text, encoding="utf-8", newline="")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
