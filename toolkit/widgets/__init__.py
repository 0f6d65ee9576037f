"""Notebook widgets (ipywidgets): the scenario builder and the game viewers.

``import toolkit`` does not import this package; ipywidgets is imported only
when a widget is built.

In a notebook cell::

    from toolkit.widgets import ScenarioBuilder, viewer_for
    ScenarioBuilder(example="horus_lv6_veiler_2011")
    viewer_for("duel_masters")      # a game's own viewer, or the game viewer for a game without one
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.widgets.game_viewer import GameViewer
from toolkit.widgets.turn_end_viewer import TurnEndViewer

if TYPE_CHECKING:
    from toolkit.core.game import Game
    from toolkit.widgets.builder import ScenarioBuilder

__all__ = ["GameViewer", "ScenarioBuilder", "TurnEndViewer", "viewer_for"]

_OWN_VIEWERS: dict[str, str] = {"ocg": "ScenarioBuilder", "duel_masters": "TurnEndViewer"}
"""The games that have a widget of their own (front ends written for them); any other game is shown
with the :class:`GameViewer`."""


def viewer_for(game: str | Game, **options: Any) -> Any:
    """The widget to study ``game``'s positions with: its own (the OCG's scenario builder, Duel Masters'
    Turn End Step viewer), else the :class:`GameViewer`, which needs nothing of the game but its ``Game``.

    >>> type(viewer_for("duel_masters")).__name__
    'TurnEndViewer'
    """
    from toolkit.games import game_named

    found = game_named(game) if isinstance(game, str) else game
    own = _OWN_VIEWERS.get(found.name)
    if own is None:
        return GameViewer(found, **options)
    if own == "ScenarioBuilder":
        from toolkit.widgets.builder import ScenarioBuilder

        return ScenarioBuilder(**options)
    return TurnEndViewer(**options)


def __getattr__(name: str) -> Any:
    if name == "ScenarioBuilder":
        from toolkit.widgets.builder import ScenarioBuilder

        return ScenarioBuilder
    raise AttributeError(f"module 'toolkit.widgets' has no attribute {name!r}")
