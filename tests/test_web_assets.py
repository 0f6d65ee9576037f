"""The docs build's fetch of JavaScript from npm (docs/_ext/web_assets.py) and the
live-chart blocks (docs/_ext/offline_charts.py), without the network: tarballs
made here stand for the registry's."""

from __future__ import annotations

import doctest
import io
import json
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import offline_charts  # noqa: E402
import web_assets  # noqa: E402
from sphinx.errors import ExtensionError  # noqa: E402


def _tarball(path: Path, files: dict[str, bytes], links: tuple[str, ...] = ()) -> bytes:
    with tarfile.open(path, "w:gz") as archive:
        for name, content in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(content)
            archive.addfile(info, io.BytesIO(content))
        for name in links:
            info = tarfile.TarInfo(f"package/{name}")
            info.type = tarfile.SYMTYPE
            info.linkname = "/etc/passwd"
            archive.addfile(info)
    return path.read_bytes()


def _package(data: bytes, *files: str) -> web_assets.Package:
    return web_assets.Package("@scope/thing", "1.2.3", web_assets.integrity_of(data), files)


def test_the_doctests_of_both_extensions_run() -> None:
    for module in (web_assets, offline_charts):
        assert doctest.testmod(module).failed == 0


def test_only_the_listed_files_are_taken_and_only_from_a_tarball_that_matches(tmp_path: Path) -> None:
    data = _tarball(tmp_path / "t.tgz", {"dist/embed.js": b"js", "dist/other.js": b"no", "../../x": b"x"})
    out = tmp_path / "out"
    out.mkdir()
    web_assets._unpack(_package(data, "dist/embed.js"), tmp_path / "t.tgz", out)
    assert sorted(p.name for p in out.iterdir()) == ["embed.js"]
    assert (out / "embed.js").read_bytes() == b"js"

    tampered = web_assets.Package("@scope/thing", "1.2.3", web_assets.integrity_of(b"other"), ("dist/embed.js",))
    with pytest.raises(ExtensionError, match="does not match the pinned sha512"):
        web_assets._unpack(tampered, tmp_path / "t.tgz", out)


def test_a_link_in_the_package_is_refused_not_followed(tmp_path: Path) -> None:
    data = _tarball(tmp_path / "t.tgz", {}, links=("dist/embed.js",))
    with pytest.raises(ExtensionError, match="is not a file in the package"):
        web_assets._unpack(_package(data, "dist/embed.js"), tmp_path / "t.tgz", tmp_path)


def test_without_npm_the_build_stops_with_one_line_saying_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    package = web_assets.Package("@scope/thing", "1.2.3", "sha512-x", ("dist/embed.js",))
    with pytest.raises(ExtensionError) as error:
        web_assets.fetch(package, cache=tmp_path / "cache")
    assert str(error.value) == ("npm not found: the docs build fetches @scope/thing@1.2.3 from the npm registry "
                                "(apt-get install -y nodejs npm)")


def test_a_fetched_package_is_read_from_the_cache_without_npm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    package = web_assets.Package("@scope/thing", "1.2.3", "sha512-x", ("dist/embed.js",))
    folder = tmp_path / "cache" / package.folder
    folder.mkdir(parents=True)
    (folder / "embed.js").write_text("js", encoding="utf-8")
    assert web_assets.fetch(package, cache=tmp_path / "cache") == folder


def test_every_pinned_package_names_an_exact_version_and_a_sha512() -> None:
    for package in web_assets.PACKAGES:
        assert package.version.count(".") == 2 and package.version.replace(".", "").isdigit(), package
        assert package.integrity.startswith("sha512-") and len(package.integrity) == 95, package


def test_a_chart_block_keeps_its_png_and_its_spec_cannot_end_the_script() -> None:
    spec = {"title": "t", "data": {"values": [{"answer": "</script><b>x</b>"}]}}
    notebook = {"cells": [{"cell_type": "code", "outputs": [{
        "output_type": "display_data",
        "metadata": {offline_charts.VEGA_LITE: {"embed_options": {"renderer": "svg"}}},
        "data": {offline_charts.VEGA_LITE: spec, "image/png": "iVBORw0K\n", "text/plain": "chart"}}]}]}
    output = offline_charts.with_live_charts(notebook)["cells"][0]["outputs"][0]
    block = output["data"]["text/html"]
    assert 'src="data:image/png;base64,iVBORw0K"' in block
    assert block.count("</script>") == 2  # the spec's own and the drawing script's, nothing from the data
    saved = block.split('type="application/json" id="endphase-vega-1-spec">')[1].split("</script>")[0]
    assert json.loads(saved.replace("<\\/", "</")) == {"spec": spec, "options": {"actions": False, "renderer": "svg"}}
    assert offline_charts.VEGA_LITE not in output["metadata"]
