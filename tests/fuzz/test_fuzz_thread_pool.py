"""A thread pool's verify_rulings and changes, again and again in fresh processes (a race that shows
once in many runs): under ``make fuzz`` only (``HYPOTHESIS_PROFILE=thorough``)."""

from __future__ import annotations

import os

import pytest

from tests.test_thread_pool import run_fresh


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "thorough",
                    reason="a few seconds per run: the thorough profile (make fuzz)")
@pytest.mark.parametrize("run", range(10))
def test_a_thread_pool_gives_the_serial_tables_run_after_run(tmp_path: object, run: int) -> None:
    run_fresh(tmp_path)
