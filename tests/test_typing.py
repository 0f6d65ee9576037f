"""The package type-checks under ``mypy --strict`` (configured in pyproject.toml).

Type hints are part of the toolkit's documentation; this keeps them true.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "test-output" / "mypy-cache"
"""mypy's incremental cache (tests/background.py's MYPY_CACHE), kept between runs
(git-ignored, like .mypy_cache): a fresh clone checks everything (~40 s); a later
run re-checks only the files that changed and what depends on them, with the
same diagnostics."""


def test_toolkit_passes_mypy_strict(background: Callable[[str], tuple[subprocess.CompletedProcess[str], Path]]) -> None:
    """One run over the package, the benchmark scripts, and a user's file that
    imports every public name from ``toolkit`` (the names load lazily; each is
    re-exported for type checkers, so ``from toolkit import explore`` checks).
    Under ``make test`` that run starts with the session (tests/background.py)
    and this test reads its result."""
    import toolkit

    if shutil.which("mypy", path=str(Path(sys.executable).parent)) is None:
        pytest.fail("mypy is not installed: pip install -e '.[test]'")
    result, folder = background("mypy")
    user = folder / "users_notebook_code.py"
    assert user.read_text(encoding="utf-8") == f"from toolkit import {', '.join(sorted(toolkit.__all__))}\n"
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-2000:]
    assert "Success" in result.stdout
    # Every public name is typed, not Any (a lazily loaded name that is not
    # re-exported for type checkers would read as Any and pass anything), and
    # a wrong use in the user's file is an error. The cache makes this second
    # run check only the changed file.
    names = sorted(name for name in toolkit.__all__ if name != "games")
    user.write_text("import pandas as pd\nimport toolkit\nfrom toolkit import verify_rulings\n"
                    "table: int = verify_rulings()\nfine: pd.DataFrame = verify_rulings()\n"
                    + "".join(f"reveal_type(toolkit.{name})\n" for name in names), encoding="utf-8")
    wrong = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(CACHE), str(user)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert wrong.returncode == 1, wrong.stdout[-3000:] + wrong.stderr[-2000:]
    assert "users_notebook_code.py:4: error: Incompatible types in assignment" in wrong.stdout, wrong.stdout[-3000:]
    assert "users_notebook_code.py:5:" not in wrong.stdout, wrong.stdout[-3000:]
    revealed = [line for line in wrong.stdout.splitlines() if "Revealed type is" in line]
    assert len(revealed) == len(names), wrong.stdout[-3000:]
    untyped = [name for name, line in zip(names, revealed) if line.endswith('"Any"')]
    assert not untyped, f"public names typed as Any: {untyped}"
