"""The games installed packages declare as entry points, imported (:func:`toolkit.core.game.discover_games`
registers them, in order, under its lock; importing happens with no lock of ours held)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolkit.core.game import Game

ENTRY_POINT_GROUP = "endphase.games"
"""The entry-point group a game package declares itself in (``[project.entry-points."endphase.games"]``
of its ``pyproject.toml``): each entry names a :class:`~toolkit.core.game.Game`, or a tuple of them."""


def installed_games() -> list[Game]:
    """Every Game the installed entry points name, in the order of the entry points' names.  A plug-in failing
    to import, or naming something that is no Game, is one line (``UnknownGameError``), not its traceback."""
    from importlib.metadata import entry_points

    from toolkit.core.game import Game, UnknownGameError

    games: list[Game] = []
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name):
        where = f"the entry point {ep.name} = {ep.value} of group {ENTRY_POINT_GROUP}"
        try:
            loaded = ep.load()
        except Exception as exc:  # a plug-in failing to import: one line, not its traceback
            raise UnknownGameError(f"{where} could not be loaded: {str(exc) or type(exc).__name__}") from None
        for game in loaded if isinstance(loaded, tuple) else (loaded,):
            if not isinstance(game, Game):
                raise UnknownGameError(f"{where} names a {type(game).__name__}, not a Game")
            games.append(game)
    return games
