"""``make compiled`` (scripts/build_compiled.py) without a C compiler or the Python headers stops with one
line saying what is missing (exit 2), before writing anything; it never builds into the source package.
(The build itself, a few minutes, is not run here: tests/fuzz/test_compiled_build.py compares a build's
results with the pure package's under make fuzz.)"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_compiled", ROOT / "scripts" / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_compiler_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                 tmp_path: Path) -> None:
    script = _script()
    monkeypatch.setattr(script.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit) as stop:
        script.main(["--out", str(tmp_path / "out")])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("build_compiled: no C compiler") and "install gcc" in err[0]
    assert not (tmp_path / "out").exists()


def test_no_python_headers_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    script = _script()
    monkeypatch.setattr(script.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(script.sysconfig, "get_paths", lambda: {"include": str(tmp_path / "no-headers")})
    with pytest.raises(SystemExit) as stop:
        script.main(["--out", str(tmp_path / "out")])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the Python headers are missing" in err[0]
    assert not (tmp_path / "out").exists()


def test_never_builds_into_the_source_package(capsys: pytest.CaptureFixture[str]) -> None:
    assert _script().main(["--out", str(ROOT / "toolkit" / "compiled")]) == 2
    assert "outside the source package" in capsys.readouterr().err
