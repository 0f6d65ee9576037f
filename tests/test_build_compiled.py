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


def test_a_compile_error_ends_with_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """mypyc refusing a module stops like a missing compiler does: exit 2, the last line says what failed
    (mypy's own error lines above it)."""
    script = _script()
    monkeypatch.setattr(script, "check_toolchain", lambda: None)
    failed = script.subprocess.CompletedProcess([], 1, stdout="toolkit/ocg/board.py:1: error: made up\n",
                                                stderr="")
    monkeypatch.setattr(script.subprocess, "run", lambda *a, **k: failed)
    with pytest.raises(SystemExit) as stop:
        script.main(["--out", str(tmp_path / "out"), "--modules", "toolkit/ocg/board.py"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0] == "toolkit/ocg/board.py:1: error: made up"
    assert err[-1].startswith("build_compiled: mypyc could not compile the modules")


def test_a_file_system_error_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = _script()
    monkeypatch.setattr(script, "check_toolchain", lambda: None)

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(tmp_path / "out"))

    monkeypatch.setattr(script.shutil, "copytree", refuse)
    with pytest.raises(SystemExit) as stop:
        script.main(["--out", str(tmp_path / "out"), "--modules", "toolkit/ocg/board.py"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("build_compiled: cannot build into ") and "Permission denied" in err[0]
