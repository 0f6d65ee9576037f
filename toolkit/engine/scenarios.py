"""The engine's door for every registered game: scenarios loaded and shipped, first positions,
legal actions and transitions, rule sets by name — each goes to the game of the position,
scenario or file it is given (a file's ``game:`` key; none: the OCG), so Duel Masters and a
game of a package of its own come in through the same names as the OCG.

For the OCG each is exactly the OCG's own function (:mod:`toolkit.ocg.scenario`,
:mod:`toolkit.ocg.setup`, :mod:`toolkit.ocg.procedure`, :mod:`toolkit.ocg.rulesets`).

>>> dm = seed_scenario("duel_masters/dm_moffle_zanjibar")
>>> type(initial_state(dm)).__name__, type(initial_state(seed_scenario("q_hysteric_sign_adjustment"))).__name__
('DMState', 'State')
>>> get_ruleset("duel_masters").name, get_ruleset("ocg").name
('duel_masters', 'ocg')
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

from toolkit.core.actions import Action
from toolkit.core.game import Game, Note, Transition, UnknownGameError, game_of
from toolkit.errors import FileError, ScenarioError, quoted
from toolkit.ocg.rulesets import Ruleset as OcgRuleset
from toolkit.ocg.rulesets import get_ruleset as ocg_ruleset
from toolkit.ocg.scenario import Scenario as OcgScenario
from toolkit.ocg.scenario import load_scenario as ocg_load_scenario
from toolkit.ocg.scenario import parse_scenario as ocg_parse_scenario

__all__ = ["apply", "get_ruleset", "initial_state", "legal_actions", "load_scenario", "seed_scenario",
           "transition", "withheld"]


def _game(value: object) -> Game:
    """The game of a position or scenario; the OCG for a value of no registered game (what the
    OCG's functions were given before they dispatched: its own errors name what is wrong)."""
    try:
        return game_of(value)
    except UnknownGameError:
        from toolkit.ocg.game import GAME  # (imported when used: it loads the card format)

        return GAME


def load_scenario(path: str | os.PathLike[str], *, check_registry: bool = True,
                  cards: Iterable[Any] = ()) -> Any:
    """Read and validate a scenario YAML file of any registered game (a regular file of at most
    :func:`toolkit.files.max_file_bytes` bytes, UTF-8; its ``game:`` key picks the game, none: the
    OCG, read by :func:`toolkit.ocg.scenario.load_scenario`). ``cards``: OCG cards of your own
    (``load_card_definitions``) it may use besides its ``cards:`` list. As on the command line, a
    shipped example's name that is not a file here reads that example."""
    if not isinstance(path, (str, os.PathLike)):
        return ocg_load_scenario(path, check_registry=check_registry, cards=cards)  # refused, as the OCG's
    file = os.fspath(path)
    if isinstance(path, str) and not os.path.lexists(file):  # a shipped example's name, or said missing
        return _shipped_or_missing(path, check_registry=check_registry, cards=cards)
    try:
        from toolkit.files import read_text  # loads PyYAML on first use
        text = read_text(file, what="scenario file")
    except FileError as exc:
        raise exc.as_scenario_error() from None
    named = _game_named_in(text, file)
    if named is None or named.scenario_type is OcgScenario:
        return ocg_parse_scenario(text, source=file, check_registry=check_registry, cards=cards)
    if tuple(cards):
        raise ScenarioError(f"cards of your own are OCG cards; this is a {named.title} scenario",
                            field="game", file=file)
    from toolkit.games import parse_any_scenario  # the registry, when another game is asked for

    return parse_any_scenario(text, file)


def _shipped_or_missing(name: str, *, check_registry: bool, cards: Iterable[Any]) -> Any:
    """The shipped scenario of any game ``name`` names (``stem``, ``stem.yaml``, ``folder/stem``),
    a name that is no file here: the OCG's own are read by its reader (its messages); another
    game's by :func:`toolkit.games.shipped_scenario`; a name close to a shipped one is refused
    with that name; anything else is a missing file, as the OCG's reader says."""
    import difflib

    from toolkit.games import shipped_scenario, shipped_scenario_names

    names = shipped_scenario_names()
    stem = name.removesuffix(".yaml")
    others = {n.rpartition("/")[2]: n for n in names if "/" in n}
    if stem in names and "/" not in stem:
        return ocg_load_scenario(name, check_registry=check_registry, cards=cards)
    if stem in names or stem in others:
        if tuple(cards):
            raise ScenarioError("cards of your own are OCG cards; this is a shipped scenario of another game",
                                file=name)
        return shipped_scenario(others.get(stem, stem))
    looks_shipped = len(stem) <= 200 and re.fullmatch(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)?", stem)
    close = difflib.get_close_matches(stem, names, n=1, cutoff=0.8) if looks_shipped else []
    if close:
        raise ScenarioError(f"no such scenario file, nor a shipped scenario of that name "
                            f"(did you mean {quoted(close[0])}?)", file=name)
    return ocg_load_scenario(name, check_registry=check_registry, cards=cards)


def _game_named_in(text: str, file: str) -> Game | None:
    """The registered game a scenario text's ``game:`` key names (None: no such key, or a text the
    OCG's reader refuses with its own words)."""
    from toolkit.files import parse_yaml

    try:
        data = parse_yaml(text, file).data
    except FileError:
        return None
    name = data.get("game") if isinstance(data, Mapping) else None
    if not isinstance(name, str):
        return None
    try:
        from toolkit.core.game import game_named

        return game_named(name)
    except UnknownGameError:
        return None  # the OCG's reader names the game it does not know


def seed_scenario(name: str) -> Any:
    """A shipped scenario of any game by name (``stem``, ``stem.yaml`` or ``folder/stem``, e.g.
    ``duel_masters/dm_moffle_zanjibar``); an unknown name is refused with the closest name."""
    from toolkit.games import shipped_scenario  # (imported when used: importing the engine loads no other game)

    return shipped_scenario(name)


def initial_state(scenario: Any, *, ruleset: Any = None) -> Any:
    """The first position of ``scenario`` (any game's) under ``ruleset`` (a rule set or a name of
    its game; None: the scenario's date or rule set)."""
    return _game(scenario).initial_state(scenario, ruleset)


def legal_actions(state: Any) -> tuple[Action, ...]:
    """Every legal action in ``state`` (any game's position; empty when the turn is over)."""
    return _game(state).legal_actions(state)


def transition(state: Any, action: Action, *, check: bool = True) -> Transition:
    """What ``action`` makes of ``state`` (any game's position): the next state, events and notes."""
    return _game(state).transition(state, action, check=check)


def apply(state: Any, action: Action) -> Any:
    """The state after ``action`` (a new state; ``state`` is unchanged)."""
    return _game(state).stepper()(state, action)[0]


def withheld(state: Any) -> tuple[Note, ...]:
    """What the acting player may not do now in ``state``, and which rule says so."""
    return _game(state).withheld(state)


def get_ruleset(name: str) -> Any:
    """A registered rule set of any game by name (``ocg``, ``ocg-2013``, ``duel_masters``, ...);
    an unknown name is refused with the closest of the OCG's names."""
    from toolkit.games import rules_game

    game = rules_game(name)
    return ocg_ruleset(name) if game.rules_type is OcgRuleset else game.ruleset(name)
