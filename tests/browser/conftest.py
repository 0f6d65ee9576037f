"""Fixtures for the real-browser tests: a Voilà server and Debian's chromium.

* ``voila_url`` serves a COPY of ``notebooks/`` (in a temporary folder) with
  Voilà on 127.0.0.1, a free port and a random token, in the app's template, so the server can never
  rewrite the repository's notebooks. HOME and the Jupyter folders point into
  the temporary folder too, so nothing the kernel saves lands in the user's
  home.
* ``lab_server`` is JupyterLab (what ``make lab`` starts) on another copy.
* ``page`` drives ``/usr/bin/chromium`` through Playwright: one browser per
  worker, a fresh context (cookies, storage, cache) per test. Playwright
  never downloads a browser here.
* ``screenshot_dir`` is ``test-output/browser/<test name>/`` (git-ignored).

The servers and the browser live as long as the browser tests (package
scope): they are stopped when the last browser file ends, while the worker
goes on with other files, not at the end of the whole run.

Without chromium the tests skip, except when CI=true: then they fail, so CI
can never pass by skipping the browser test.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = PROJECT_ROOT / "notebooks"
TEST_OUTPUT = PROJECT_ROOT / "test-output" / "browser"
CHROMIUM = Path(os.environ.get("ENDPHASE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_TIMEOUT_S = 90.0
VOILA_TEMPLATE = "endphase"
"""share/jupyter/voila/templates/endphase: Voilà's lab template without its CDN links (what `make app` uses)."""


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def _skip_or_fail(reason: str) -> None:
    if _in_ci():
        pytest.fail(reason + "; CI=true, so this is an error, not a skip")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class VoilaServer:
    """A running Voilà server: where it is and how to open a notebook."""

    base_url: str
    token: str
    root: Path
    log: Path

    def notebook_url(self, name: str) -> str:
        return f"{self.base_url}/voila/render/{name}?token={self.token}"


@pytest.fixture(scope="package")
def chromium_path() -> Path:
    """Debian's chromium, or skip (fail in CI) when it is not installed."""
    if not CHROMIUM.is_file():
        _skip_or_fail(
            f"chromium not found at {CHROMIUM} (apt-get install -y chromium; "
            "the browser test never downloads one)"
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _skip_or_fail("the python package playwright is not installed (pip install -e '.[browser]')")
    return CHROMIUM


def _wait_until_answers(proc: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(
                f"the server exited early with {proc.returncode}:\n"
                + log.read_text(encoding="utf-8", errors="replace")[-3000:]
            )
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    pytest.fail(f"the server did not answer within {SERVER_START_TIMEOUT_S:.0f} s; log: {log}")


@dataclass(frozen=True)
class LabServer:
    """A running JupyterLab (what ``make lab`` starts) on a copy of notebooks/."""

    base_url: str
    token: str
    root: Path
    log: Path

    def notebook_url(self, name: str) -> str:
        """The notebook in a workspace of its own: the server is shared by the
        tests, and JupyterLab would otherwise reopen the tabs an earlier test
        left in its default workspace (with their kernels and dialogs)."""
        return f"{self.base_url}/lab/workspaces/t{secrets.token_hex(4)}/tree/{name}?reset&token={self.token}"


@contextmanager
def _served_copy(
    base: Path, name: str, command: Callable[[Path, int, str], list[str]], ready_path: str,
    extra_env: dict[str, str],
) -> Iterator[tuple[str, str, Path, Path]]:
    """Start ``command(root, port, token)`` on a copy of notebooks/ in ``base``.

    HOME, the Jupyter folders and the toolkit's user folder all point into
    ``base``, so the server can never rewrite the repository or the user's
    home. Yields (base URL, token, served root, log file); stops the server.
    """
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (base / "home").mkdir()
    port = _free_port()
    token = secrets.token_hex(16)
    log = base / f"{name}.log"
    env = {
        **os.environ,
        "HOME": str(base / "home"),
        "JUPYTER_RUNTIME_DIR": str(base / "runtime"),
        "JUPYTER_CONFIG_DIR": str(base / "config"),
        "ENDPHASE_USER_DIR": str(base / "user_data"),
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
        **{key: str(base / value) for key, value in extra_env.items()},
    }
    with log.open("wb") as log_file:
        proc = subprocess.Popen(command(root, port, token), cwd=base, env=env,
                                stdout=log_file, stderr=subprocess.STDOUT)
    try:
        base_url = f"http://127.0.0.1:{port}"
        _wait_until_answers(proc, f"{base_url}{ready_path}?token={token}", log)
        yield base_url, token, root, log
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@pytest.fixture(scope="package")
def voila_server(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[VoilaServer]:
    """Voilà serving a copy of notebooks/ on 127.0.0.1 (token auth on)."""

    def command(root: Path, port: int, token: str) -> list[str]:
        return [
            sys.executable, "-m", "voila", str(root), f"--template={VOILA_TEMPLATE}",
            "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            f"--Voila.token={token}", "--Voila.port_retries=0",
            "--show_tracebacks=True",
        ]

    # the app's template, as `make app` finds it (an absolute path: not under the temporary folder)
    extra = {"JUPYTER_DATA_DIR": "data", "JUPYTER_PATH": str(PROJECT_ROOT / "share" / "jupyter")}
    with _served_copy(tmp_path_factory.mktemp("voila"), "voila", command, "/", extra) as (url, token, root, log):
        yield VoilaServer(url, token, root, log)


@pytest.fixture(scope="package")
def lab_server(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[LabServer]:
    """JupyterLab on a copy of notebooks/, as ``make lab`` runs it (token auth on)."""

    def command(root: Path, port: int, token: str) -> list[str]:
        return [
            sys.executable, "-m", "jupyter", "lab", f"--notebook-dir={root}", "--no-browser",
            "--ip=127.0.0.1", f"--port={port}", "--allow-root", f"--IdentityProvider.token={token}",
            "--ServerApp.port_retries=0",
        ]

    extra = {"JUPYTERLAB_SETTINGS_DIR": "lab-settings", "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces"}
    with _served_copy(tmp_path_factory.mktemp("lab"), "lab", command, "/lab", extra) as (url, token, root, log):
        yield LabServer(url, token, root, log)


@pytest.fixture(scope="package")
def browser(chromium_path: Path) -> Iterator[Any]:
    """One chromium for all the browser tests of a worker (starting it is the slow part)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=str(chromium_path), headless=True, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A fresh page in a fresh browser context (its own cookies, storage and
    cache, like a new profile) for every test."""
    context = browser.new_context(viewport={"width": 1280, "height": 2400})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture()
def screenshot_dir(request: pytest.FixtureRequest) -> Path:
    """test-output/browser/<test name>/ — git-ignored, emptied first."""
    folder = TEST_OUTPUT / request.node.name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder
