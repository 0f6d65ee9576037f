"""The contract between a game's rules and the machinery that searches them.

The search (:mod:`toolkit.engine.search`), the traces
(:mod:`toolkit.engine.trace`) and the ruling checks
(:mod:`toolkit.ruling_checks`) know nothing of one card game: they ask the
position's :class:`Game` for its legal actions, the transition an action
makes, and why.  Two games are registered:

* ``ocg`` — the Yu-Gi-Oh! OCG End Phase (:mod:`toolkit.engine.procedure`);
* ``duel_masters`` — Duel Masters' Turn End Step (:mod:`toolkit.duel_masters`).

A game registers the type of its positions and of its scenarios; a position
or scenario of an unregistered type is refused with a clear error.

>>> from toolkit.engine.game import game_of
>>> from toolkit.scenario import seed_scenario
>>> game_of(seed_scenario("lyla_veiler_2011")).name
'ocg'
>>> game_of(42)
Traceback (most recent call last):
...
toolkit.engine.game.UnknownGameError: not a position or scenario of a known game: int (known games: duel_masters, ocg)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from toolkit.engine.values import Event, PositionSummary, slot_init
from toolkit.errors import ToolkitError

if TYPE_CHECKING:
    from toolkit.engine.actions import Action

__all__ = [
    "Game",
    "GameState",
    "Note",
    "RulesArg",
    "Transition",
    "UnknownGameError",
    "as_state",
    "game_of",
    "games",
    "register",
]


RulesArg = Any
"""A ruleset argument: a ruleset of the position's game, its registered name, or
None for the scenario's own (each game checks what it is given)."""


class UnknownGameError(ToolkitError, TypeError):
    """A value that is neither a position nor a scenario of a registered game."""


class RulesLike(Protocol):
    """What every ruleset has: a name (shown in traces and tables)."""

    @property
    def name(self) -> str: ...


class GameState(Protocol):
    """What the search, the traces and the checks read from a position."""

    @property
    def turn_player(self) -> str: ...

    @property
    def priority(self) -> str | None: ...

    @property
    def acting_player(self) -> str | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def ruleset(self) -> Any: ...

    def summary(self) -> PositionSummary: ...

    def describe(self) -> str: ...

    def __hash__(self) -> int: ...


@slot_init
@dataclass(frozen=True, slots=True)
class Note:
    """A rule id and an explanation (what the trace shows)."""

    rule: str
    text: str


@slot_init
@dataclass(frozen=True, slots=True)
class Transition:
    """The result of one action: the next state, the events, the notes."""

    state: Any
    events: tuple[Event, ...]
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class Game:
    """One game's rules, as the functions the search calls.

    ``initial_state(scenario, ruleset)`` builds the first position of a
    scenario (``ruleset``: a ruleset, a registered name, or None for the
    scenario's own); ``with_ruleset(state, ruleset)`` re-reads a position
    under other rules.
    """

    name: str
    state_type: type
    scenario_type: type
    legal_actions: Callable[[Any], tuple[Action, ...]]
    transition: Callable[..., Transition]
    explain: Callable[[Any, Action], Note]
    withheld: Callable[[Any], tuple[Note, ...]]
    initial_state: Callable[[Any, Any], Any]
    with_ruleset: Callable[[Any, Any], Any]

    @classmethod
    def of(cls, name: str, procedure: Any, *, state_type: type, scenario_type: type,
           initial_state: Callable[[Any, Any], Any], with_ruleset: Callable[[Any, Any], Any]) -> Game:
        """A game whose ``procedure`` module defines ``legal_actions``, ``transition``,
        ``explain`` and ``withheld``."""
        return cls(name, state_type, scenario_type, procedure.legal_actions, procedure.transition,
                   procedure.explain, procedure.withheld, initial_state, with_ruleset)


_BY_TYPE: dict[type, Game] = {}
_BY_NAME: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known by its state and scenario types (idempotent)."""
    _BY_TYPE[game.state_type] = game
    _BY_TYPE[game.scenario_type] = game
    _BY_NAME[game.name] = game
    return game


def _load_all() -> None:
    import toolkit.duel_masters  # noqa: F401  (registers itself)
    import toolkit.engine.setup  # noqa: F401  (registers the OCG)


def games() -> tuple[str, ...]:
    """The names of the registered games, sorted."""
    _load_all()
    return tuple(sorted(_BY_NAME))


def game_of(value: object) -> Game:
    """The game a position or scenario belongs to."""
    found = _BY_TYPE.get(type(value))
    if found is None:
        _load_all()
        found = _BY_TYPE.get(type(value))
    if found is None:
        raise UnknownGameError(
            f"not a position or scenario of a known game: {type(value).__name__} (known games: {', '.join(games())})")
    return found


def as_state(position: Any, *, ruleset: Any = None) -> Any:
    """A position of any game: a state (re-read under ``ruleset`` when one is
    given) or the first position of a scenario."""
    game = game_of(position)
    if isinstance(position, game.state_type):
        return position if ruleset is None else game.with_ruleset(position, ruleset)
    return game.initial_state(position, ruleset)
