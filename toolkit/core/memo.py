"""A bounded memo: answers remembered by the content of what they were asked about.

>>> memo: Memo[str, int] = Memo(2)
>>> memo.put("a", 1), memo.put("b", 2), memo.get("a"), memo.put("c", 3)
(1, 2, 1, 3)
>>> memo.get("b") is None, len(memo)  # the least recently used went first
(True, 2)
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import OrderedDict
from typing import Any, Generic, Hashable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

__all__ = ["Memo"]


class Memo(Generic[K, V]):
    """At most ``size`` answers, the least recently used dropped first; threads may share one (a
    lock keeps another thread from dropping an answer between finding it and marking it used)."""

    __slots__ = ("size", "_items", "_lock", "__weakref__")

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        _MEMOS.add(self)

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> V:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


_MEMOS: weakref.WeakSet[Memo[Any, Any]] = weakref.WeakSet()
"""Every memo alive: a child process forked while another thread held a memo's lock would inherit it held, by a
thread the child does not have (a process pool forks on Linux): the child gets every memo with a fresh lock."""


def _fresh_locks_in_child() -> None:
    for memo in list(_MEMOS):
        memo._lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_fresh_locks_in_child)
