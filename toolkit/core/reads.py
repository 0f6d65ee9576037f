"""Which rules a search consulted: a rule set that notes every rule read from it.

A search is a function of its position and of the rules it reads: a rule set
that differs from another only in rules a run of a search never read gives that
search the same answer (every read along the way returns the same value, so
every step is the same).  :func:`recording` hands out, for the length of a
``with`` block, the same rule set noting the name of every field read from it;
:func:`unread` says whether two rule sets differ only in fields a run never read.

Anything that could copy the rule set without reading its fields one by one
(``__dict__``, pickling, ``copy``) counts as reading every field, so the answer
errs on the side of "read".

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules:
...     name: str
...     limit: int = 6
...     strict: bool = False
>>> rules = Rules("today")
>>> with recording(rules) as (noted, reads):
...     noted.limit + 1
7
>>> sorted(reads), type(noted) is Rules, noted == rules  # the same rule set again after the block
(['limit'], True, True)
>>> unread(rules, Rules("what if", strict=True), reads), unread(rules, Rules("what if", limit=7), reads)
(True, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["ALL_FIELDS", "is_noting", "recording", "unnoted_values", "unread"]

ALL_FIELDS = "*"
"""The read noted when the rule set may have been copied whole."""

_COPIES = frozenset({"__dict__", "__reduce__", "__reduce_ex__", "__getstate__", "__copy__", "__deepcopy__"})
"""Reads through which a rule set can be copied without naming its fields."""

@contextmanager
def recording(rules: Any) -> Iterator[tuple[Any, frozenset[str] | set[str]]]:
    """A copy of ``rules`` noting every field read from it inside the block, and the set of those
    names (:data:`ALL_FIELDS` among them when it may have been copied whole).  Inside the block the
    copy equals no other rule set, so nothing remembered under ``rules`` (whose reads would go
    unnoted) is found for it; after the block it is a plain ``rules`` again, equal to the original.
    A rule set that is no plain dataclass is handed back as it is, every field counted as read."""
    cls = type(rules)
    if not dataclasses.is_dataclass(rules) or isinstance(rules, type) or "__slots__" in vars(cls):
        yield rules, frozenset({ALL_FIELDS})
        return
    fields = frozenset(f.name for f in dataclasses.fields(rules))
    reads: set[str] = set()
    get = object.__getattribute__

    def noting(self: Any, name: str) -> Any:
        if name in fields:
            reads.add(name)
        elif name in _COPIES:
            reads.add(ALL_FIELDS)
        return get(self, name)

    noting_cls = type(cls.__name__, (cls,), {"__getattribute__": noting, "__module__": cls.__module__,
                                              "__qualname__": cls.__qualname__, _NOTING: True})
    copy: Any = object.__new__(noting_cls)
    for key, value in vars(rules).items():
        object.__setattr__(copy, key, value)
    try:
        yield copy, reads
    finally:
        object.__setattr__(copy, "__class__", cls)


_NOTING = "_notes_its_reads"
"""A class attribute of the copy :func:`recording` hands out (gone with the copy's class after the block)."""


def is_noting(rules: Any) -> bool:
    """Whether ``rules`` is the copy :func:`recording` hands out, inside its block (read from its class:
    nothing is noted).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Rules:
    ...     limit: int = 6
    >>> rules = Rules()
    >>> with recording(rules) as (noted, reads):
    ...     is_noting(noted), is_noting(rules), unnoted_values(noted), sorted(reads)
    (True, False, (6,), [])
    >>> is_noting(noted)  # after the block: a plain rule set again
    False
    """
    return bool(getattr(type(rules), _NOTING, False))


def unnoted_values(rules: Any) -> tuple[Any, ...]:
    """The values of the fields of ``rules`` (a dataclass), in order, read without noting them: what
    decides a run, as the key of what it made (a key is no read of the run's)."""
    read = object.__getattribute__
    return tuple(read(rules, f.name) for f in dataclasses.fields(rules))


def unread(rules: Any, other: Any, reads: frozenset[str] | set[str]) -> bool:
    """Whether ``other`` differs from ``rules`` only in fields that a run which read ``reads``
    never read (a label such as ``name`` only when the run read it)."""
    if ALL_FIELDS in reads or type(rules) is not type(other) or not dataclasses.is_dataclass(rules):
        return False
    return all(getattr(rules, f.name) == getattr(other, f.name)
               for f in dataclasses.fields(rules) if f.name in reads)
