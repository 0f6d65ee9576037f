"""The text of rulings.csv: built from the seeds and the annotations, written as RFC 4180 CSV; and where
those inputs are by default."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from rulings_build.builder import Builder
from rulings_build.inputs import Seeds, load_annotations
from rulings_build.vocabulary import COLUMNS, PROJECT_ROOT

DEFAULT_SEEDS = Path(os.environ.get("ENDPHASE_SEEDS", PROJECT_ROOT.parent / "shared" / "seeds"))
DEFAULT_ANNOTATIONS = PROJECT_ROOT / "scripts" / "ruling_annotations.yaml"
DEFAULT_OUTPUT = PROJECT_ROOT / "datasets" / "rulings.csv"


def render_csv(rows: Iterable[Mapping[str, str]]) -> str:
    """RFC 4180 CSV, header first, ``\\n`` line ends, columns in contract order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([row[c] for c in COLUMNS])
    return out.getvalue()


def build_csv(seeds_dir: Path = DEFAULT_SEEDS, annotations_path: Path = DEFAULT_ANNOTATIONS) -> str:
    """The text of rulings.csv built from ``seeds_dir`` and the annotations."""
    annotations = load_annotations(annotations_path)
    seeds = Seeds.read(seeds_dir, annotations.get("seeds") or {}, annotations.get("pages") or {})
    return render_csv(Builder(seeds, annotations).build())
