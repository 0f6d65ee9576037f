"""`make lab` must start a JupyterLab whose URL answers.

We start the same command the Makefile runs (on a free port, with a known
token so we can authenticate), wait for the server to answer on 127.0.0.1,
and check that token authentication is on: without the token the lab page
redirects to the login page.
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_makefile_lab_target_runs_jupyterlab_on_notebooks_with_token_auth() -> None:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    lab_rule = re.search(r"^lab:.*?(?=^\S|\Z)", text, re.S | re.M)
    assert lab_rule is not None, "Makefile has no lab target"
    body = lab_rule.group(0)
    assert "jupyter lab" in body and "--notebook-dir=notebooks" in body
    # token authentication must stay on: no empty token, no disabled auth
    assert "token=''" not in body and 'token=""' not in body
    assert "disable_check_xsrf" not in body and "--IdentityProvider.token=" not in body


def test_jupyterlab_starts_and_its_url_answers(tmp_path: Path) -> None:
    port = _free_port()
    token = "endphase-test-token"
    cmd = [
        sys.executable, "-m", "jupyter", "lab",
        f"--notebook-dir={ROOT / 'notebooks'}", "--no-browser", "--ip=127.0.0.1",
        f"--port={port}", "--allow-root", f"--IdentityProvider.token={token}",
        "--ServerApp.port_retries=0",
    ]
    env_home = tmp_path / "home"
    env_home.mkdir()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp_path,
        env={"HOME": str(env_home), "PATH": "/usr/bin:/bin", "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt")},
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        status = None
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                out = proc.stdout.read().decode("utf-8", "replace") if proc.stdout else ""
                pytest.fail(f"jupyter lab exited early with {proc.returncode}:\n{out[-3000:]}")
            try:
                with urllib.request.urlopen(f"{base}/lab?token={token}", timeout=5) as resp:
                    status = resp.status
                    page = resp.read().decode("utf-8", "replace")
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.5)
        assert status == 200, "JupyterLab did not answer within 90 s"
        assert "JupyterLab" in page or "jupyter" in page.lower()
        # without the token we are sent to the login page: auth is on
        opener = urllib.request.build_opener(urllib.request.HTTPRedirectHandler())
        with opener.open(f"{base}/lab", timeout=5) as resp:
            assert "/login" in resp.geturl()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
