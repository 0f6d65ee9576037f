"""A process-wide count of changes to what the games' pieces mean.

A game's registry of pieces (the OCG's cards) calls :func:`definitions_changed`
when the user registers definitions of their own (a card file, a scenario's
``cards:`` list, possibly replacing a shipped card); whatever is remembered
from the definitions — a position's tables of card texts, the answers of
ruling checks — is remembered under :func:`definitions_generation`, so an
answer given with the old definitions is never handed out for the new ones.

>>> before = definitions_generation()
>>> definitions_changed()
>>> definitions_generation() == before + 1
True
"""

from __future__ import annotations

__all__ = ["definitions_changed", "definitions_generation"]

_generation = 0


def definitions_changed() -> None:
    """Say that definitions were registered (remembered answers no longer apply)."""
    global _generation
    _generation += 1


def definitions_generation() -> int:
    """The number of times :func:`definitions_changed` was called in this process."""
    return _generation
