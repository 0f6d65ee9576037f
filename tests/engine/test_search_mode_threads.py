"""The interpreter set-up searches run in (``toolkit.core.graph.search_mode``: the cyclic GC paused, deep
recursion allowed) is the process's, so it is set by the first search under way and put back by the last:
``verify_rulings`` with a thread pool runs rulings (each a ``search_mode`` of its own) side by side."""

from __future__ import annotations

import gc
import sys
import threading

from toolkit.core.graph import search_mode


def test_searches_in_two_threads_leave_the_interpreter_as_they_found_it() -> None:
    limit, enabled = sys.getrecursionlimit(), gc.isenabled()
    second_in, first_out, seen = threading.Event(), threading.Event(), []

    def second() -> None:
        with search_mode():
            second_in.set()
            first_out.wait(10)
            seen.append((sys.getrecursionlimit(), gc.isenabled()))  # still searching: still set up

    with search_mode():
        thread = threading.Thread(target=second)
        thread.start()
        second_in.wait(10)
    first_out.set()
    thread.join(10)
    assert seen == [(max(limit, 20_000), False)]
    assert (sys.getrecursionlimit(), gc.isenabled()) == (limit, enabled)  # (the first left at 20,000 before)


def test_a_search_inside_a_search_and_one_raising_restore_the_interpreter() -> None:
    limit = sys.getrecursionlimit()
    try:
        with search_mode():
            with search_mode():
                pass
            assert not gc.isenabled()  # the outer one is still under way
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        pass
    assert (sys.getrecursionlimit(), gc.isenabled()) == (limit, True)
