"""verify_rulings and changes with a thread pool give the serial tables, in a fresh process (where the
first cards compiled and the games discovered happen in the threads) with threads switching as often as
they can: the card compiler's field path was one shared list (``pop from empty list``) and the game
registry could be read half-discovered (``unknown event 'flipped'`` in a Duel Masters check)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from toolkit.core.memo import Memo

_SCRIPT = """
import sys
from concurrent.futures import ThreadPoolExecutor

import pandas as pd

sys.setswitchinterval(1e-6)
from toolkit.history import changes, verify_rulings

with ThreadPoolExecutor(4) as pool:
    threaded = verify_rulings(executor=pool, flips=False)
    threaded_changes = changes("hysteric_sign_adjustment_2013", all_dates=True, executor=pool)
sys.setswitchinterval(0.005)
serial = verify_rulings(flips=False)
serial_changes = changes("hysteric_sign_adjustment_2013", all_dates=True)
assert len(serial) > 0 and len(serial_changes) > 1
pd.testing.assert_frame_equal(threaded.drop(columns="seconds"), serial.drop(columns="seconds"))
pd.testing.assert_frame_equal(threaded_changes, serial_changes)
print("same tables")
"""


def run_fresh(tmp_path: object) -> None:
    """Run both tables threaded then serially in a fresh interpreter; they must be the same."""
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "ENDPHASE_USER_DIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "same tables"


def test_a_thread_pool_in_a_fresh_process_gives_the_serial_tables(tmp_path: object) -> None:
    run_fresh(tmp_path)


def test_a_memo_shared_by_threads_never_loses_track_of_its_answers() -> None:
    """Threads putting and getting in a small memo: one dropping an answer another has just found
    (or just put) made ``move_to_end`` raise KeyError."""
    memo: Memo[int, int] = Memo(4)
    failures: list[BaseException] = []
    interval = sys.getswitchinterval()
    start = threading.Barrier(4)

    def hammer(offset: int) -> None:
        start.wait(10)  # all at once
        try:
            for i in range(50_000):
                key = (i * 3 + offset) % 9
                found = memo.get(key)
                assert found is None or found == key * 10
                memo.put(key, key * 10)
        except BaseException as exc:  # noqa: BLE001 (reported by the test below)
            failures.append(exc)

    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=hammer, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    assert len(memo) <= 4


def test_a_process_forked_while_another_thread_holds_a_memos_lock_can_use_the_memo() -> None:
    """A process pool forks (Linux): a lock another thread held at that moment would stay held in the
    child for ever, by a thread the child does not have; the child's first use of the memo hung."""
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this system")
    memo: Memo[int, int] = Memo(4)
    memo.put(1, 10)
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with memo._lock:
            held.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    held.wait(10)
    try:
        pid = os.fork()
        if pid == 0:  # the child: a hang is ended by the alarm (killed by SIGALRM)
            import signal

            signal.alarm(5)
            os._exit(0 if memo.get(1) == 10 and memo.put(2, 20) == 20 else 1)
        _, status = os.waitpid(pid, 0)
    finally:
        release.set()
        holder.join(10)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
