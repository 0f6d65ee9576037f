"""Errors the engine raises on purpose (all are ToolkitErrors)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.errors import ToolkitError

if TYPE_CHECKING:
    from toolkit.core.game import GameState


class IllegalActionError(ToolkitError, ValueError):
    """An action that is not legal in the state it was applied to (``legal``:
    the actions that are, when the caller knows them)."""

    def __init__(self, action: object, state: GameState, legal: tuple[object, ...] | None = None) -> None:
        self.action = action
        self.state = state
        shown = "" if legal is None else f"; legal: {', '.join(repr(a) for a in legal) or 'none'}"
        super().__init__(f"{action!r} is not legal here ({state.describe()}){shown}")


class AmbiguousActionError(ToolkitError, ValueError):
    """Text that could name several legal actions that print differently."""


class SearchBudgetExceeded(ToolkitError, RuntimeError):
    """A search visited more states (or steps) than its budget allows."""

