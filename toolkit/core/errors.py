"""Errors the engine raises on purpose (all are ToolkitErrors)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.errors import ToolkitError

if TYPE_CHECKING:
    from toolkit.core.game import GameState


class IllegalActionError(ToolkitError, ValueError):
    """An action that is not legal in the state it was applied to."""

    def __init__(self, action: object, state: GameState) -> None:
        self.action = action
        self.state = state
        super().__init__(f"{action!r} is not legal here ({state.describe()})")


class SearchBudgetExceeded(ToolkitError, RuntimeError):
    """A search visited more states (or steps) than its budget allows."""

