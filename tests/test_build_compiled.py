"""``make compiled`` (scripts/build_compiled.py) without a C compiler or the Python headers stops with one
line saying what is missing (exit 2), before writing anything; it never builds into the source package.
(The build itself, a few minutes, is not run here: tests/fuzz/test_compiled_build.py compares a build's
results with the pure package's under make fuzz.)"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
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


def _exit_code(script: ModuleType, argv: list[str]) -> object:
    """What main returns, or the code it exits with."""
    try:
        code: object = script.main(argv)
    except SystemExit as stop:
        code = stop.code
    return code


def _no_compiling(monkeypatch: pytest.MonkeyPatch, script: ModuleType) -> None:
    monkeypatch.setattr(script, "check_toolchain", lambda: None)
    monkeypatch.setattr(script, "compile_modules", lambda out, modules: None)


def _users_folder(folder: Path) -> Path:
    """A folder of the user's, with a file the build must leave as it is."""
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me", encoding="utf-8")
    return folder


def test_never_replaces_a_folder_it_did_not_build(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--out is replaced only when it is an earlier build (or empty): a folder of the user's is left as it is."""
    script = _script()
    _no_compiling(monkeypatch, script)
    mine = _users_folder(tmp_path / "mine")
    assert _exit_code(script, ["--out", str(mine), "--modules", "toolkit/ocg/board.py"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is not a build of make compiled" in err[0]
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]
    # an earlier build is replaced
    built = tmp_path / "built"
    assert script.main(["--out", str(built), "--modules", "toolkit/ocg/board.py"]) == 0
    (built / "toolkit" / "stale.py").write_text("", encoding="utf-8")
    assert script.main(["--out", str(built), "--modules", "toolkit/ocg/board.py"]) == 0
    assert not (built / "toolkit" / "stale.py").exists() and (built / "toolkit" / "ocg" / "board.py").is_file()
    # as is one made before builds were marked (the copy, mypy's cache and the group's shared library)
    (built / script.MARKER).unlink()
    (built / ".mypy_cache").mkdir()
    (built / "toolkit" / "_compiled__mypyc.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    assert script.main(["--out", str(built), "--modules", "toolkit/ocg/board.py"]) == 0


def test_never_builds_through_a_symbolic_link(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = _script()
    _no_compiling(monkeypatch, script)
    elsewhere = _users_folder(tmp_path / "elsewhere")
    link = tmp_path / "compiled"
    link.symlink_to(elsewhere, target_is_directory=True)
    assert _exit_code(script, ["--out", str(link), "--modules", "toolkit/ocg/board.py"]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert sorted(p.name for p in elsewhere.iterdir()) == ["notes.txt"]


def test_never_replaces_a_folder_holding_the_checkout(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = _script()
    _no_compiling(monkeypatch, script)
    checkout = tmp_path / "checkout"
    (checkout / "toolkit" / "ocg").mkdir(parents=True)
    (checkout / "toolkit" / "ocg" / "board.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(script, "ROOT", checkout)
    for out in (checkout, tmp_path):
        assert _exit_code(script, ["--out", str(out), "--modules", "toolkit/ocg/board.py"]) == 2
        assert "outside the source package" in capsys.readouterr().err
    assert (checkout / "toolkit" / "ocg" / "board.py").is_file()


@pytest.mark.parametrize("stop", [SystemExit(2), KeyboardInterrupt()])
def test_a_failed_build_leaves_no_half_built_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                    stop: BaseException) -> None:
    """A build that fails or is interrupted leaves no copy to be imported (and an earlier build as it was)."""
    script = _script()
    _no_compiling(monkeypatch, script)
    out = tmp_path / "build" / "compiled"
    assert script.main(["--out", str(out), "--modules", "toolkit/ocg/board.py"]) == 0
    (out / "toolkit" / "earlier.txt").write_text("the earlier build", encoding="utf-8")

    def fail(where: Path, modules: list[str]) -> None:
        assert (where / "toolkit" / "ocg" / "board.py").is_file()
        raise stop

    monkeypatch.setattr(script, "compile_modules", fail)
    with pytest.raises(type(stop)):
        script.main(["--out", str(out), "--modules", "toolkit/ocg/board.py"])
    assert (out / "toolkit" / "earlier.txt").is_file()
    assert sorted(p.name for p in (tmp_path / "build").iterdir()) == ["compiled"]
    # no earlier build: nothing at all
    fresh = tmp_path / "fresh"
    with pytest.raises(type(stop)):
        script.main(["--out", str(fresh), "--modules", "toolkit/ocg/board.py"])
    assert not fresh.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["build"]


def _import_toolkit(build: Path, cwd: Path) -> str:
    """stderr of ``import toolkit`` in a fresh process with ``PYTHONPATH=build``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    env["PYTHONPATH"] = str(build)
    done = subprocess.run([sys.executable, "-c", "import toolkit; print(toolkit.__file__)"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == str(build / "toolkit" / "__init__.py")
    return done.stderr


def test_a_build_older_than_its_sources_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A source edited after the build: importing the build says in one line that it runs the code as it
    was (naming the file); touched without a change, or rebuilt, it says nothing."""
    script = _script()
    _no_compiling(monkeypatch, script)
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT / "toolkit", checkout / "toolkit", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (checkout / "datasets").mkdir()
    shutil.copy2(ROOT / "pyproject.toml", checkout / "pyproject.toml")
    monkeypatch.setattr(script, "ROOT", checkout)
    build = tmp_path / "build"
    assert script.main(["--out", str(build), "--modules", "toolkit/ocg/board.py"]) == 0
    assert _import_toolkit(build, tmp_path) == ""
    board = checkout / "toolkit" / "ocg" / "board.py"
    os.utime(board, ns=(board.stat().st_atime_ns, board.stat().st_mtime_ns + 10**9))  # as git checkout may
    assert _import_toolkit(build, tmp_path) == ""
    board.write_text(board.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    said = _import_toolkit(build, tmp_path).strip().splitlines()
    assert len(said) == 1 and "older than its sources (toolkit/ocg/board.py changed since)" in said[0]
    assert "make compiled" in said[0]
    (checkout / "toolkit" / "ocg" / "added.py").write_text("", encoding="utf-8")
    assert "(toolkit/ocg/added.py and 1 more changed since)" in _import_toolkit(build, tmp_path)
    assert script.main(["--out", str(build), "--modules", "toolkit/ocg/board.py"]) == 0
    assert _import_toolkit(build, tmp_path) == ""


def test_the_benchmark_does_not_measure_a_build_older_than_its_sources(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    """benchmarks/families.py measures the compiled build only when it is the sources' own."""
    from toolkit._compiled_build import write_manifest

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import families
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    checkout, build = tmp_path / "checkout", tmp_path / "build"
    (checkout / "toolkit").mkdir(parents=True)
    (checkout / "toolkit" / "rules.py").write_text("A = 1\n", encoding="utf-8")
    (build / "toolkit").mkdir(parents=True)
    (build / "toolkit" / "rules.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    write_manifest(build, checkout)
    monkeypatch.setattr(families, "COMPILED", build)
    assert families.compiled_built() and families.compiled_stale() == []
    (checkout / "toolkit" / "rules.py").write_text("A = 2\n", encoding="utf-8")
    assert families.compiled_stale() == ["toolkit/rules.py"] and not families.compiled_built()


def test_the_build_names_its_folder_absolute(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """The closing line's PYTHONPATH is absolute: a relative one is read from each process's own folder
    (a notebook's kernel starts in notebooks/, where build/compiled is not: it would run pure, silently)."""
    script = _script()
    _no_compiling(monkeypatch, script)
    monkeypatch.chdir(tmp_path)
    assert script.main(["--out", "built", "--modules", "toolkit/ocg/board.py"]) == 0
    assert f"PYTHONPATH={tmp_path / 'built'}" in capsys.readouterr().out


def test_the_mypyc_experiment_still_prepares_its_copy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """scripts/mypyc_experiment.py (benchmarks/mypyc.md's measurements) gets as far as compiling: the edits
    a compiled build needs are in the sources now, no patch of them has to apply."""
    spec = importlib.util.spec_from_file_location("mypyc_experiment", ROOT / "scripts" / "mypyc_experiment.py")
    assert spec is not None and spec.loader is not None
    experiment = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(experiment)

    class Compiling(Exception):
        pass

    def build(dest: Path, modules: list[str]) -> float:
        assert (dest / "toolkit" / "ocg" / "procedure" / "legal.py").is_file()
        raise Compiling

    def copy_checkout(dest: Path) -> None:  # (the engine's sources suffice: the whole checkout is 13 MB)
        shutil.copytree(ROOT / "toolkit", dest / "toolkit", ignore=shutil.ignore_patterns("__pycache__"))

    monkeypatch.setattr(experiment, "copy_checkout", copy_checkout)
    monkeypatch.setattr(experiment, "build", build)
    with pytest.raises(Compiling):
        experiment.main(["--keep", str(tmp_path / "copy")])
