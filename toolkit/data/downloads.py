"""The three tables as files of one's own: CSV (the shipped files as they are) or
Parquet, with the ``datapackage.json`` that describes every column.

Everything is written into the one folder named, atomically and as one change
(:func:`toolkit.files.write_files`): a file of that name already there is an
error unless ``overwrite=True``, and a symbolic link in the folder is replaced,
never followed.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as folder:
...     [p.name for p in export_data(folder)]
['rulings.csv', 'cards.csv', 'events.csv', 'datapackage.json']
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any, Literal

from toolkit.data.dictionary import DATAPACKAGE, data_package
from toolkit.data.schema import SCHEMAS
from toolkit.errors import FileError, describe, quoted
from toolkit.files import write_files
from toolkit.resources import dataset_path

FORMATS = ("csv", "parquet")
"""The formats :func:`export_data` writes."""

PARQUET_HINT = "Parquet needs pyarrow: pip install 'endphase-toolkit[parquet]'"


def _parquet_bytes(name: str) -> bytes:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise FileError(PARQUET_HINT) from None
    from toolkit.data.reading import load_cards, load_events, load_rulings

    frame = {"rulings": load_rulings, "cards": load_cards, "events": load_events}[name]()
    table = pa.Table.from_pandas(frame, preserve_index=False)
    out = io.BytesIO()
    pq.write_table(table, out)
    return out.getvalue()


def _parquet_package(package: dict[str, Any]) -> dict[str, Any]:
    """The descriptor for the Parquet files: the same fields, each resource a Parquet file."""
    for resource in package["resources"]:
        schema = SCHEMAS[resource["name"]]
        for spec in resource["schema"]["fields"]:
            kind = schema.column(spec["name"]).kind
            if kind in ("date", "list"):  # typed in the file: a timestamp, a list of texts
                spec["type"] = "datetime" if kind == "date" else "array"
                spec.get("constraints", {}).pop("pattern", None)
        resource["path"] = resource["path"].removesuffix(".csv") + ".parquet"
        resource["format"] = "parquet"
        resource["mediatype"] = "application/vnd.apache.parquet"
        resource.pop("encoding", None)
        resource["profile"] = "data-resource"
    return package


def export_data(folder: str | os.PathLike[str], format: Literal["csv", "parquet"] = "csv", *,
                overwrite: bool = False) -> list[Path]:
    """Write rulings, cards and events into ``folder`` as ``format`` files, with their
    ``datapackage.json``; return the paths written.

    ``csv`` writes the shipped files byte for byte; ``parquet`` writes the tables as
    the loaders type them (categories, dates, lists of card names), and needs the
    ``parquet`` extra (pyarrow). The folder is made if it is missing (its parent must exist).
    """
    if not isinstance(format, str):
        raise FileError(f"the format is csv or parquet, not {describe(format)}", file=os.fspath(folder))
    if format not in FORMATS:
        raise FileError(f"unknown format {quoted(format)}: write csv or parquet", file=os.fspath(folder))
    if not os.fspath(folder).strip():  # ("" is the working folder, "  " a folder named so: neither was meant)
        raise FileError("export_data: the folder name is empty; name the folder to write into")
    target = Path(folder).expanduser()
    from toolkit.resources import in_packaged_datasets

    if in_packaged_datasets(target):  # (a link to it too)
        raise FileError("refusing to write into the packaged datasets folder; name a folder of your own",
                        file=os.fspath(folder))
    if not target.is_dir():
        if target.exists():
            raise FileError("not a folder (a file of that name is there): name a folder to write into",
                            file=os.fspath(folder))
        if target.parent.exists() and not target.parent.is_dir():
            raise FileError("cannot make the folder: its parent is a file, not a folder", file=os.fspath(folder))
        if not target.parent.is_dir():
            raise FileError("the folder is missing, and so is its parent folder to make it in",
                            file=os.fspath(folder))
        try:
            target.mkdir()
        except OSError as exc:
            raise FileError(f"cannot make the folder ({exc.strerror or exc})", file=os.fspath(folder)) from None
    texts = {name: dataset_path(schema.file).read_text(encoding="utf-8") for name, schema in SCHEMAS.items()}
    package = data_package(texts)
    files: list[tuple[Path, str | bytes]] = []
    if format == "csv":
        files += [(target / SCHEMAS[name].file, text) for name, text in texts.items()]
    else:
        package = _parquet_package(package)
        files += [(target / f"{name}.parquet", _parquet_bytes(name)) for name in SCHEMAS]
    files.append((target / DATAPACKAGE, json.dumps(package, ensure_ascii=False, indent=2) + "\n"))
    return write_files(files, overwrite=overwrite)
