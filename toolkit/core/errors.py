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
        super().__init__(f"{action!r} is not legal here ({_where(state)}){shown}")


def _where(state: GameState) -> str:
    """The position in its game's words ("Main Phase 1: A chooses the next phase; ..."), else its own description."""
    from toolkit.core.game import game_of

    try:
        return str(game_of(state).describe_state(state))
    except (ToolkitError, LookupError, TypeError):  # a state of no registered game
        return str(state.describe())


class AmbiguousActionError(ToolkitError, ValueError):
    """Text that could name several legal actions that print differently."""


class SearchBudgetExceeded(ToolkitError, RuntimeError):
    """A search visited more states (or steps) than its budget allows."""

