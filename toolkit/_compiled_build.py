"""Whether the optional compiled build (``make compiled``, ``scripts/build_compiled.py``) is older than
the sources it was built from.

The build is a copy of the checkout's ``toolkit/`` taken when it was built, beside a manifest of those
sources (:data:`MANIFEST`: each file's size, modification time and SHA-256).  A source edited since
would go on running as it was under ``PYTHONPATH=build/compiled``; the copy's ``toolkit/__init__.py``
calls :func:`warn_if_stale`, which says so in one line on stderr.  The pure package never calls it.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     sources, build = Path(folder, "checkout"), Path(folder, "build")
...     (sources / "toolkit").mkdir(parents=True)
...     _ = (sources / "toolkit" / "rules.py").write_text("A = 1\\n")
...     write_manifest(build, sources)
...     before = stale_sources(build)
...     _ = (sources / "toolkit" / "rules.py").write_text("A = 2\\n")
...     after = stale_sources(build)
>>> before, after
([], ['toolkit/rules.py'])
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from stat import S_ISREG

MANIFEST = ".endphase-compiled-build.json"
"""The manifest's name, at the top of a build (beside its ``toolkit/``); it also marks the folder as a
build that a new build may replace."""

SKIPPED_DIRS = frozenset({"__pycache__", "_datasets"})
SKIPPED_SUFFIXES = (".so", ".pyc")
"""What a build does not copy (bytecode, compiled files, the wheel's datasets), nor the manifest list."""


def source_files(checkout: Path) -> Iterator[tuple[str, os.stat_result]]:
    """The files of ``checkout/toolkit`` a build copies, each as ``toolkit/…`` with its stat, in a fixed
    order (``os.walk``, which skips the bytecode folders without listing them)."""
    for folder, dirs, files in os.walk(checkout / "toolkit"):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
        relative = Path(folder).relative_to(checkout).as_posix()
        for name in sorted(files):
            if not name.endswith(SKIPPED_SUFFIXES):
                path = os.path.join(folder, name)
                stat = os.stat(path)
                if S_ISREG(stat.st_mode):
                    yield f"{relative}/{name}", stat


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_manifest(build: Path, checkout: Path) -> None:
    """Record in ``build`` the sources of ``checkout`` as they are now."""
    files = {name: [stat.st_size, stat.st_mtime_ns, _sha256(checkout / name)]
             for name, stat in source_files(checkout)}
    build.mkdir(parents=True, exist_ok=True)
    (build / MANIFEST).write_text(json.dumps({"built_from": str(checkout), "files": files}, indent=0) + "\n",
                                  encoding="utf-8")


def stale_sources(build: Path) -> list[str]:
    """The sources (``toolkit/…``) added, removed or changed in content since ``build`` was built from
    them; empty when it is up to date, has no manifest, or its checkout is gone.  Files whose size and
    modification time are unchanged are not read again."""
    try:
        manifest = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
        checkout, recorded = Path(manifest["built_from"]), dict(manifest["files"])
    except (OSError, ValueError, KeyError, TypeError):
        return []
    if not (checkout / "toolkit").is_dir():
        return []
    changed = []
    for name, stat in source_files(checkout):
        was = recorded.pop(name, None)
        if was is None or (was[:2] != [stat.st_size, stat.st_mtime_ns] and was[2] != _sha256(checkout / name)):
            changed.append(name)
    return sorted(changed + list(recorded))


def warn_if_stale(build: Path) -> None:
    """One line on stderr when ``build`` is older than its sources (called by the build's copy of
    ``toolkit/__init__.py``)."""
    changed = stale_sources(build)
    if changed:
        more = f" and {len(changed) - 1} more" if len(changed) > 1 else ""
        print(f"endphase: the compiled build in {build} is older than its sources ({changed[0]}{more} changed "
              "since): it runs the code as it was when built; make compiled rebuilds it (without "
              "PYTHONPATH=build/compiled the sources run)", file=sys.stderr)
