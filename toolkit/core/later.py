"""Steps a search may not need, made only when read.

Where the search asks a game which actions stand for each other (``Game.grouping``), a game that has a
method ``steps_before_grouping()`` (optional; the OCG's) is asked for a :data:`StepsBeforeGrouping`
instead of calling its stepper on each action: for a position and its legal actions, a list of each
action's step — the successor, or a :class:`LaterStep` whose successor the grouping may not need. The
grouping receives that list; it judges the later steps as it can (the OCG: from a remembered change,
``toolkit.ocg.procedure.remembered``), makes those it must look at (writing them back in the list), and
the search makes those of the actions it keeps (:mod:`toolkit.core.graph`). An action that its group's
first stands for is then never stepped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.core.actions import Action
from toolkit.core.game import Successor

__all__ = ["LaterStep", "StepsBeforeGrouping"]


class LaterStep:
    """A step whose successor is made (:meth:`made`) only when read."""

    __slots__ = ()

    def made(self) -> Successor:
        """The step's (state, events, notes), as the game's stepper gives it."""
        raise NotImplementedError


StepsBeforeGrouping = Callable[[Any, "tuple[Action, ...]"], "list[Successor | LaterStep]"]
"""Each action's step from a position, some perhaps left for later (see ``Game.steps_before_grouping``)."""
