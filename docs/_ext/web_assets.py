"""The site's JavaScript, fetched from the npm registry when the site is built.

The notebook pages need the Jupyter widget manager (to draw the builder and
the other widgets from their saved state) and Vega, Vega-Lite and vega-embed
(to draw the interactive charts). Instead of loading them from a CDN when a
reader opens the page, the build fetches each package at a pinned version with
``npm pack``, checks the tarball against the pinned sha512, keeps only the
files the pages use and serves them from ``_static/offline/``: a site built
once works with no network at all. Nothing of it is committed.

Fetched files are kept in ``build/web-assets/<package>-<version>/`` (git-ignored)
so a second build asks the registry nothing. Without npm the build stops with
one line saying what to install.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("ENDPHASE_WEB_ASSETS", ROOT / "build" / "web-assets"))
OFFLINE = "offline"
"""The folder under ``_static/`` the fetched files are served from."""
NPM_TIMEOUT_S = 300


@dataclass(frozen=True)
class Package:
    """One npm package at a pinned version, and the files the site takes from it."""

    name: str
    version: str
    integrity: str
    """``dist.integrity`` as the registry gives it (``npm view NAME@VERSION dist.integrity``)."""
    files: tuple[str, ...]
    """Paths inside the tarball's ``package/`` folder; each is served under its own base name."""

    @property
    def folder(self) -> str:
        return f"{self.name.replace('@', '').replace('/', '-')}-{self.version}"


WIDGETS = Package(
    "@jupyter-widgets/html-manager", "1.0.15",
    "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
    # the bundle and the Font Awesome fonts its CSS asks for (the woff2 of each; every browser
    # that runs the bundle reads woff2, so the older forms are never requested)
    ("dist/embed.js", "dist/1551f4f60c37af51121f.woff2", "dist/7a3337626410ca2f4071.woff2",
     "dist/d878b0a6a1144760244f.woff2"),
)
VEGA = (
    Package("vega", "5.33.0",
            "sha512-jNAGa7TxLojOpMMMrKMXXBos4K6AaLJbCgGDOw1YEkLRjUkh12pcf65J2lMSdEHjcEK47XXjKiOUVZ8L+MniBA==",
            ("build/vega.min.js",)),
    Package("vega-lite", "5.23.0",
            "sha512-l4J6+AWE3DIjvovEoHl2LdtCUkfm4zs8Xxx7INwZEAv+XVb6kR6vIN1gt3t2gN2gs/y4DYTs/RPoTeYAuEg6mA==",
            ("build/vega-lite.min.js",)),
    Package("vega-embed", "6.29.0",
            "sha512-PmlshTLtLFLgWtF/b23T1OwX53AugJ9RZ3qPE2c01VFAbgt3/GSNI/etzA/GzdrkceXFma+FDHNXUppKuM0U6Q==",
            ("build/vega-embed.min.js",)),
)
PACKAGES = (WIDGETS, *VEGA)


def served_name(member: str) -> str:
    """Where a fetched file is served, relative to ``_static/``.

    >>> served_name("dist/embed.js")
    'offline/embed.js'
    """
    return f"{OFFLINE}/{Path(member).name}"


def integrity_of(data: bytes) -> str:
    """The tarball's digest in npm's ``integrity`` form.

    >>> integrity_of(b"")[:20]
    'sha512-z4PhNX7vuL3xV'
    """
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def _npm_pack(package: Package, into: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise ExtensionError(
            f"npm not found: the docs build fetches {package.name}@{package.version} from the npm registry "
            "(apt-get install -y nodejs npm)")
    spec = f"{package.name}@{package.version}"
    try:
        done = subprocess.run([npm, "pack", spec, "--json", "--pack-destination", str(into)],
                              cwd=into, capture_output=True, text=True, timeout=NPM_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        raise ExtensionError(f"npm pack {spec}: no answer within {NPM_TIMEOUT_S} s") from exc
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise ExtensionError(f"npm pack {spec} failed: {last}")
    return into / str(json.loads(done.stdout)[0]["filename"])


def _unpack(package: Package, tarball: Path, into: Path) -> None:
    """Copy only the listed files out of the tarball (never extract it whole)."""
    data = tarball.read_bytes()
    if integrity_of(data) != package.integrity:
        raise ExtensionError(f"{package.name}@{package.version}: the tarball does not match the pinned sha512")
    with tarfile.open(tarball, "r:gz") as archive:
        for member in package.files:
            entry = archive.getmember(f"package/{member}")
            source = archive.extractfile(entry) if entry.isfile() else None
            if source is None:
                raise ExtensionError(f"{package.name}@{package.version}: {member} is not a file in the package")
            (into / Path(member).name).write_bytes(source.read())


def fetch(package: Package, cache: Path = CACHE) -> Path:
    """The folder holding ``package``'s files, fetched with npm on the first call."""
    folder = cache / package.folder
    if all((folder / Path(member).name).is_file() for member in package.files):
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache, prefix=".fetch-") as work:
        staging = Path(work) / "files"
        staging.mkdir()
        _unpack(package, _npm_pack(package, Path(work)), staging)
        folder.mkdir(exist_ok=True)
        for member in package.files:  # one file at a time, each whole: another build may be reading
            os.replace(staging / Path(member).name, folder / Path(member).name)
    return folder


def _copy_fetched(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder is None or app.builder.format != "html":
        return
    target = Path(app.builder.outdir) / "_static" / OFFLINE
    target.mkdir(parents=True, exist_ok=True)
    for package in PACKAGES:
        folder = fetch(package)
        for member in package.files:
            shutil.copyfile(folder / Path(member).name, target / Path(member).name)


def _fetch_early(app: Sphinx) -> None:
    """Fetch before reading, so a missing npm or registry stops the build at once."""
    if app.builder is not None and app.builder.format == "html":
        for package in PACKAGES:
            fetch(package)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _fetch_early)
    app.connect("build-finished", _copy_fetched)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
