"""A ruling's searches leave no reference cycle behind (issue 34, item 4): what they build is freed by
reference counting as soon as they return, not kept (every position a search met) until the cyclic GC
finds it. A closure that calls itself refers to itself through its enclosing cell — such a cycle is what
this test would find again.

The check is run with the GC paused (as a search runs), then one collection with ``gc.DEBUG_SAVEALL``
lists what only the cyclic GC could free: no function of the toolkit, no object of a toolkit class (a
position, an action, a card, ...) may be among it. (A class is a cycle by itself: the rule set copies
that note what they read, :func:`toolkit.core.reads.recording`, make one each and are not counted.)
"""

from __future__ import annotations

import gc
import types
from collections.abc import Iterator
from typing import Any

import pytest
from test_history_deciding_search import ruling_case

from toolkit.history.checks import run_check

RULING = "ocg-140601-grimoire-summon-torrential-tribute"
"""A small ruling whose check walks every kind of search: ``decide`` with renaming, ``order_search``
with and without renaming, ``explore``, the discards a hand adjustment may pick."""


def _garbage_after(run: Any) -> list[Any]:
    """What only the cyclic GC would free of what ``run()`` left (the GC paused while it runs)."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        run()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found = list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()
    return found


def _toolkit_objects(found: list[Any]) -> Iterator[str]:
    """The toolkit's functions and instances of its classes among ``found`` (the classes themselves and
    their methods left out)."""
    for obj in found:
        if isinstance(obj, types.FunctionType):
            if obj.__module__.startswith("toolkit") and "<locals>" in obj.__qualname__ \
                    and not obj.__qualname__.startswith("recording.<locals>."):
                yield f"function {obj.__qualname__}"
        elif not isinstance(obj, type) and type(obj).__module__.startswith("toolkit"):
            yield f"{type(obj).__qualname__} object"


@pytest.mark.parametrize("lines", [True, False])
def test_a_rulings_check_leaves_no_cycle(lines: bool) -> None:
    _names, scenarios, check, rules, _game = ruling_case(RULING)
    budget = 499_999  # (a budget no other run asks for: the check searches, not a remembered exploration)
    found = _garbage_after(lambda: run_check(check, scenarios, rules, max_states=budget, lines=lines))
    left = sorted(set(_toolkit_objects(found)))
    assert left == [], f"the check's searches left reference cycles: {left[:12]}"
