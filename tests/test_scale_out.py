"""verify_rulings and changes with an executor give the serial tables."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from toolkit.history import changes, verify_rulings


@pytest.fixture(scope="module")
def pool() -> ProcessPoolExecutor:
    with ProcessPoolExecutor(max_workers=2) as executor:
        yield executor  # type: ignore[misc]


def test_verify_rulings_in_two_processes_is_the_serial_table(pool: ProcessPoolExecutor) -> None:
    serial = verify_rulings()
    parallel = verify_rulings(executor=pool)
    assert len(parallel) == len(serial) > 0
    pd.testing.assert_frame_equal(parallel.drop(columns="seconds"), serial.drop(columns="seconds"))
    assert parallel["seconds"].notna().sum() == serial["seconds"].notna().sum()


@pytest.mark.parametrize("name", ["hysteric_sign_adjustment_2013", "horus_lv6_veiler_2011"])
def test_changes_in_two_processes_is_the_serial_table(pool: ProcessPoolExecutor, name: str) -> None:
    serial = changes(name, all_dates=True)
    parallel = changes(name, all_dates=True, executor=pool)
    assert len(serial) > 1
    pd.testing.assert_frame_equal(parallel, serial)


def test_the_readmes_dask_recipe_runs_as_a_script_as_written(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The README's Dask block, copied into a file and run as a script (it failed as written: a Dask
    client starts worker processes, which needs the ``__main__`` guard it now has)."""
    import os
    import re
    import subprocess
    import sys
    from pathlib import Path

    pytest.importorskip("distributed")
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", readme, flags=re.S) if "from distributed" in b)
    script = tmp_path / "verify_with_dask.py"
    script.write_text(block, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=300,
                          env={**os.environ, "ENDPHASE_USER_DIR": str(tmp_path / "user")})
    assert done.returncode == 0, done.stderr[-2000:]
    assert re.search(r"^\d+ rulings verified$", done.stdout, flags=re.M), done.stdout
