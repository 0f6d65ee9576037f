"""The games the toolkit plays: the one module that names them.

Each game package builds one :class:`~toolkit.core.game.Game`; registering it
here (one line) makes it known to the search, the ruling history,
comparisons, the command line, exports and widgets, none of which names a
game.  Below, the cross-game helpers everything above the seam uses: a
shipped scenario by name, a scenario file of any game, the game of a rule set.

>>> [g.name for g in registered_games()]
['ocg', 'duel_masters']
>>> type(shipped_scenario("duel_masters/dm_moffle_zanjibar")).__name__
'DMScenario'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from toolkit.core.game import Game, discover_games, game_named, game_of, register, registered_games
from toolkit.errors import FileError, ScenarioError, describe


def shipped_games() -> tuple[Game, ...]:
    """The games this distribution ships, in the order they are listed: what its entry points
    (``[project.entry-points."endphase.games"]`` in ``pyproject.toml``) name."""
    import toolkit.duel_masters.game
    import toolkit.ocg.game

    return (toolkit.ocg.game.GAME, toolkit.duel_masters.game.GAME)


discover_games()
_found = {g.name for g in registered_games()}
for _game in shipped_games():  # a bare source tree (no package metadata, so no entry points): the one fallback
    if _game.name not in _found:
        register(_game)

__all__ = [
    "Game",
    "game_named",
    "game_of",
    "game_of_rules_type",
    "game_of_scenario_data",
    "load_any_scenario",
    "parse_any_scenario",
    "register",
    "registered_games",
    "rules_game",
    "scenario_from_data",
    "shipped_scenario",
    "shipped_scenario_names",
]

DEFAULT_GAME = "ocg"
"""The game of a scenario file with no ``game:`` key."""


def shipped_scenario_names() -> tuple[str, ...]:
    """Every shipped scenario of every game, as ``folder/stem`` (a game's folder)
    or ``stem`` (the top-level folder), game by game in registration order."""
    return tuple(g.shipped_name(n) for g in registered_games() for n in g.scenario_names())


def _owner(name: str) -> tuple[Game, str]:
    """The game a shipped scenario name belongs to, and the name its game knows it by."""
    folder, _, rest = name.rpartition("/")
    for game in registered_games():
        if folder and game.scenario_folder == folder:
            return game, rest
    if not folder:
        owners = [g for g in registered_games() if name.removesuffix(".yaml") in g.scenario_names()]
        if owners:
            return owners[0], name
    return game_named(DEFAULT_GAME), name


def shipped_scenario(name: str) -> Any:
    """A shipped scenario of any game by name (``stem``, ``stem.yaml`` or
    ``folder/stem``); an unknown name raises ScenarioError with the closest name."""
    if not isinstance(name, str):
        raise ScenarioError(f"a shipped scenario is named by text (e.g. 'lyla_veiler_2011'), "
                            f"not {describe(name)}")
    game, stem = _owner(name)
    return game.seed_scenario(stem)


def game_of_scenario_data(data: object, *, file: str | None = None) -> Game:
    """The game a parsed scenario mapping belongs to (its ``game:`` key)."""
    name = data.get("game", DEFAULT_GAME) if isinstance(data, Mapping) else DEFAULT_GAME
    if not isinstance(name, str):
        raise ScenarioError(f"game must be a name such as {DEFAULT_GAME!r}, not a {type(name).__name__}",
                            field="game", file=file)
    for game in registered_games():
        if game.name == name:
            return game
    known = ", ".join(g.name for g in registered_games())
    raise ScenarioError(f"unknown game {name!r}; known games: {known}", field="game", file=file)


def scenario_from_data(data: object, source: str | None = None) -> Any:
    """A scenario of any game from parsed YAML data (its ``game:`` key picks the game)."""
    return game_of_scenario_data(data, file=source).scenario_from_data(data, source)


def parse_any_scenario(text: str, source: str | None = None) -> Any:
    """A scenario of any game from YAML text, read once by the guarded YAML
    reader (:func:`toolkit.files.parse_yaml`); its ``game:`` key picks the
    game, and an error names the line and column of the field at fault."""
    try:
        from toolkit.files import parse_yaml  # loads PyYAML on first use
        document = parse_yaml(text, source)
    except FileError as exc:
        raise exc.as_scenario_error() from None
    if document.data is None:
        raise ScenarioError("the file is empty", file=source)
    try:
        return scenario_from_data(document.data, source)
    except ScenarioError as exc:
        raise exc.located(*(document.position(exc.field) or (None, None))) from None


def load_any_scenario(path: str | os.PathLike[str]) -> Any:
    """A scenario file of any game (a regular UTF-8 file within the size limit)."""
    file = os.fspath(path)
    try:
        from toolkit.files import read_text  # loads PyYAML on first use
        text = read_text(file, what="scenario file")
    except FileError as exc:
        raise exc.as_scenario_error() from None
    return parse_any_scenario(text, file)


def game_of_rules_type(rules_type: type) -> Game:
    """The game whose rule sets are of ``rules_type``."""
    for game in registered_games():
        if game.rules_type is rules_type:
            return game
    raise TypeError(f"no registered game has rule sets of type {rules_type.__name__}")


def rules_game(rules: object) -> Game:
    """The game a rule set (or a registered rule set name) belongs to."""
    if isinstance(rules, str):
        for game in registered_games():
            if rules in game.ruleset_names():
                return game
        return game_named(DEFAULT_GAME)
    return game_of(rules)
