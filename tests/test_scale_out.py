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
