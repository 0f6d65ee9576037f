"""The contract between a game and everything above it: the one seam.

The search (:mod:`toolkit.core.search`), the traces (:mod:`toolkit.core.trace`),
the ruling checks, the ruling history, comparisons, the command line and the
widgets know no card game: they ask a :class:`Game` for its legal actions, the
transition an action makes and why, its rule sets (today's, by name, at a date
when the game is dated), the variants that can flip an answer, its shipped
scenarios and how to read a scenario file.  A game package builds one
``Game`` and :mod:`toolkit.games` registers it; this module names no game.

A position or scenario of an unregistered type is refused with a clear error:

>>> game_of(42)
Traceback (most recent call last):
...
toolkit.core.game.UnknownGameError: not a position or scenario of a known game: int (known games: duel_masters, ocg)
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from toolkit.core.values import Event, PositionSummary, slot_init
from toolkit.core.words import action_words, event_words, state_words
from toolkit.errors import ToolkitError
from toolkit.fields import CardNames

if TYPE_CHECKING:
    from toolkit.core.actions import Action

__all__ = [
    "Actor",
    "Counterfactual",
    "Flag",
    "Game",
    "GameState",
    "Note",
    "RulesArg",
    "Successor",
    "Transition",
    "UnknownGameError",
    "as_state",
    "game_of",
    "game_named",
    "games",
    "register",
    "registered_games",
    "unregister",
]


class Actor(StrEnum):
    """Who acts in a state."""

    PRIORITY = "priority"
    FORCED = "forced"
    AUTOMATIC = "automatic"
    OVER = "over"


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


class Transition(NamedTuple):
    """The result of one action: the next state, the events, the notes.

    A named tuple: a search makes one per step, and the engine's hot path builds
    it with one call into C, ``tuple.__new__(Transition, (state, events, notes))``
    (what ``Transition(state, events, notes)`` builds)."""

    state: Any
    events: tuple[Event, ...]
    notes: tuple[Note, ...]


Successor = tuple[Any, tuple[Event, ...], tuple[Note, ...]]
"""A Transition's fields in a plain tuple, (state, events, notes): what ``Game.successor`` returns
(a plain tuple comes from Python's free list; a named tuple's ``tuple.__new__`` takes the generic
allocator, about 1,300 machine instructions more per step)."""


@dataclass(frozen=True)
class Flag:
    """One named rule flag of a game, with its provenance.

    ``rule`` is the registered rule id it varies; ``meaning`` says what the
    value in force today means and ``alternative`` what the other value would
    mean.  A dated flag has ``before`` until ``changed`` (exclusive) and
    ``after`` from it; an undated one has ``changed=None``.  ``rulings`` are
    ruling ids that pin it, ``events`` rule-event ids, ``doubts`` what is
    uncertain about it.
    """

    name: str
    rule: str
    meaning: str = ""
    alternative: str = ""
    before: Any = None
    after: Any = None
    changed: datetime.date | None = None
    precision: str = "none"
    rulings: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    doubts: str = ""

    @property
    def dated(self) -> bool:
        """Whether the flag changed on a known date."""
        return self.changed is not None and self.before != self.after


@dataclass(frozen=True)
class Counterfactual:
    """A rule set that differs from another in one named respect: ``label`` says
    which (as verify_rulings reports it), ``rules`` is the rule set, and
    ``key`` a short name that the same respect keeps under any rule set (a
    column of the sensitivity grid; the label when empty)."""

    label: str
    rules: Any
    key: str = ""

    @property
    def column(self) -> str:
        """The short name of the respect in which the rules differ."""
        return self.key or self.label


def _no_counterfactuals(rules: Any) -> tuple[Counterfactual, ...]:
    return ()


def _no_rule_changes() -> tuple[Any, ...]:
    return ()


def _plain_event_text(event: Event) -> str:
    return repr(event)


Interchangeable = Callable[[Any, "tuple[Action, ...]", "tuple[Successor, ...]"], "tuple[tuple[int, ...], ...]"]
"""A game's answer to "which of these actions stand for each other here?" (see ``Game.interchangeable``)."""


@dataclass(frozen=True)
class DecidingRules:
    """Which of a game's rules decide a ruling's answer, for saying why it is what it is: the trace
    notes looked for, in this order (a game's own knowledge: the history layer names no rule id).

    >>> DecidingRules(explain=("H5",)).about_cards
    ('H5',)
    """

    explain: tuple[str, ...] = ()
    """Rules whose notes in a trace explain why something did or did not happen (the flags' rules first)."""
    about_card: tuple[str, ...] = ()
    """More rules whose note about a card the check names decides it (after ``explain``)."""
    card_text: str | None = None
    """The rule of a card's text changing with the date (its counterfactuals are tried last)."""
    card_text_notes: tuple[str, ...] = ()
    """The rules whose notes show what a card's text did (looked for when a text change flips the answer)."""
    procedure: tuple[str, ...] = ()
    """The procedure's rules whose notes decide a check that names no card."""

    @property
    def about_cards(self) -> tuple[str, ...]:
        """``explain`` then ``about_card``: the notes about a named card that decide a check."""
        return self.explain + self.about_card


@dataclass(frozen=True)
class Game:
    """One game's rules and everything the layers above must know of it.

    Procedure: ``legal_actions(state)``, ``transition(state, action)`` (and,
    optionally, ``successor(state, action)``: the same as a plain tuple),
    ``explain(state, action)``, ``withheld(state)``, ``never_acts(state, card)``
    (optional); ``initial_state(scenario,
    ruleset)`` builds the first position of a scenario (``ruleset``: a rule
    set, a registered name, or None for the scenario's own) and
    ``with_ruleset(state, ruleset)`` re-reads a position under other rules.

    Rule sets: ``today()``, ``ruleset(name)``, ``ruleset_names()``,
    ``rules_at(date)`` (None for an undated game), ``variants()`` (names of the
    counterfactual rule sets a comparison contrasts by default),
    ``counterfactuals(rules)`` (the one-change variants that can flip an
    answer), ``flags()`` (flag provenance) and ``rule_changes()`` (dated games:
    every date where a flag or a card text changes).

    Scenarios: ``scenario_folder`` (under the shipped ``scenarios/`` folder;
    ``""`` for the top level), ``scenario_names()``, ``seed_scenario(name)``,
    ``scenario_from_data(data, source)`` (a scenario from a parsed YAML
    mapping whose ``game:`` key names this game).

    Words: ``event_kinds`` and ``zones`` (what predicates may name),
    ``event_text(event)`` (an event in words); for people reading a trace,
    ``describe_action(action)``, ``describe_event(event)`` and
    ``describe_state(state)`` give short phrases ("Pass", "Discard
    ヒステリック・サイン", "A: 1 card") — a game that gives none gets the
    neutral phrasing of :mod:`toolkit.core.words`; the code stays in ``repr``.
    ``card_names()`` (optional) the cards the game knows as read now, so a card
    a person names in a question is read as its key or refused with the nearest names.
    ``event_kind_names`` (optional) names each kind of event as a group, for summaries.

    Cards: ``cards`` (optional) reads and shows card files written as data.

    Search: ``interchangeable(state, actions, results)`` (optional) names
    groups of indices of ``actions`` (with their ``results``) that stand for
    each other: every line through one member has, one for one, a line
    through each other member with the same outcome.  The search then
    follows the first member of a group only and counts it once per member
    (:mod:`toolkit.core.graph`); a game that cannot tell returns no group.
    """

    name: str
    title: str
    """The game's name in words ("Yu-Gi-Oh! OCG", "Duel Masters")."""
    step: str
    """The part of the turn it plays ("End Phase", "Turn End Step")."""
    state_type: type
    scenario_type: type
    rules_type: type
    legal_actions: Callable[[Any], tuple[Action, ...]]
    transition: Callable[..., Transition]
    explain: Callable[[Any, Action], Note]
    withheld: Callable[[Any], tuple[Note, ...]]
    initial_state: Callable[[Any, Any], Any]
    with_ruleset: Callable[[Any, Any], Any]
    today: Callable[[], Any]
    ruleset: Callable[[str], Any]
    ruleset_names: Callable[[], tuple[str, ...]]
    scenario_names: Callable[[], tuple[str, ...]]
    seed_scenario: Callable[[str], Any]
    scenario_from_data: Callable[[Any, str | None], Any]
    event_kinds: frozenset[str]
    zones: frozenset[str]
    scenario_folder: str = ""
    rules_at: Callable[[datetime.date | None], Any] | None = None
    variants: Callable[[], tuple[str, ...]] = tuple
    counterfactuals: Callable[[Any], tuple[Counterfactual, ...]] = _no_counterfactuals
    flags: Callable[[], tuple[Flag, ...]] = tuple
    rule_changes: Callable[[], tuple[Any, ...]] = _no_rule_changes
    event_text: Callable[[Event], str] = _plain_event_text
    describe_action: Callable[[Action], str] = action_words
    describe_event: Callable[[Event], str] = event_words
    describe_state: Callable[[Any], str] = state_words
    interchangeable: Interchangeable | None = None
    cards: Any = None
    """The game's card format, if it has one: an object with ``check_card_files(paths)``,
    ``card_report(name)``, ``card_record(name)``, ``card_schema()`` and ``card_counts()`` (the OCG's
    ``toolkit.ocg.cards.data.service``); None for a game whose cards are code only."""
    card_names: Callable[[], CardNames] | None = None
    position_card_names: Callable[[Any], CardNames] | None = None
    """The cards a position (a scenario or a state) may use, with their English names (optional): a
    scenario's own cards among them, so a question about it may name them. None: ``card_names()``."""
    event_kind_names: Mapping[str, str] | None = None
    """What a sentence calls the events of each kind, as a group ("cards discarded",
    "Special Summons"): how a summary of outcomes names what they differ in. A kind
    left out reads as its words ("hand adjusted")."""
    successor: Callable[..., Successor] | None = None
    """``transition`` as a plain tuple, (state, events, notes) (optional): what the search asks of every
    edge (:mod:`toolkit.core.graph`), the same values as ``transition``'s without building a Transition."""
    never_acts: Callable[[Any, str], str | None] | None = None
    """Why a card named in a question can do nothing itself from a position on, in words ("its text
    … has no process of a phase, no quick effect and no trigger …"), or None when it may act (whether
    it does depends on the position): what an answer says of a card no line mentions. None: a game
    that cannot tell (the answer then says only that no effect of the card is offered)."""
    event_fields: Mapping[str, tuple[str, ...]] | None = None
    """Event kind -> the fields (card, player, amount, detail) some event of that kind carries
    (optional; the OCG's and Duel Masters' are generated from their code by
    ``scripts/event_fields.py``): a question naming a field its kind never carries is refused.
    None: any field may be asked about."""
    deciding: DecidingRules = DecidingRules()
    """The rules whose trace notes say why a ruling's answer is what it is (none: the deciding
    step or flag is named instead)."""
    listed_first: int = 100
    """Where the game stands when games are listed (lower first; then by name): the shipped OCG is 0,
    Duel Masters 1, so lists of games and of their scenarios keep one order however they were found."""
    scenario_tags: Mapping[str, str] | None = None
    """The tags a scenario may set on a card (what happened to it earlier this
    turn, e.g. ``destroyed_this_turn``), each with what it means: the game's
    scenario reader accepts these and no other (None: a game whose scenarios
    set none)."""

    @property
    def dated(self) -> bool:
        """Whether the game's rules change with the date (``rules_at`` exists)."""
        return self.rules_at is not None

    def rules_for(self, ruleset: Any = None, date: datetime.date | None = None) -> Any:
        """A rule set of this game: ``ruleset`` itself or by name, else the rules
        at ``date`` (dated games), else today's."""
        if isinstance(ruleset, self.rules_type):
            return ruleset
        if isinstance(ruleset, str) and ruleset:
            return self.ruleset(ruleset)
        if date is not None and self.rules_at is not None:
            return self.rules_at(date)
        return self.today()

    def shipped_name(self, stem: str) -> str:
        """How a shipped scenario is named across games (``folder/stem``)."""
        return f"{self.scenario_folder}/{stem}" if self.scenario_folder else stem


_BY_TYPE: dict[type, Game] = {}
_BY_NAME: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known by its name and its state, scenario and rules types
    (idempotent; a second game of the same name replaces the first)."""
    old = _BY_NAME.get(game.name)
    if old is not None:
        for t in (old.state_type, old.scenario_type, old.rules_type):
            _BY_TYPE.pop(t, None)
    _BY_TYPE[game.state_type] = game
    _BY_TYPE[game.scenario_type] = game
    _BY_TYPE[game.rules_type] = game
    _BY_NAME[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a registered game (tests register small games of their own)."""
    game = _BY_NAME.pop(name, None)
    if game is not None:
        for t in (game.state_type, game.scenario_type, game.rules_type):
            _BY_TYPE.pop(t, None)


ENTRY_POINT_GROUP = "endphase.games"
"""The entry-point group a game package declares itself in (``[project.entry-points."endphase.games"]``
of its ``pyproject.toml``): each entry names a :class:`Game`, or a tuple of them."""

_DISCOVERED: list[bool] = []


def discover_games() -> tuple[Game, ...]:
    """Register the games installed packages declare as entry points (once per process).  A bare
    source tree has no such metadata: then nothing is found here, and :mod:`toolkit.games`
    registers the shipped games itself when it is imported.  Games are registered in the order
    of their ``listed_first``, then of their names."""
    if _DISCOVERED:
        return ()
    _DISCOVERED.append(True)
    from importlib.metadata import entry_points

    found = list(entry_points(group=ENTRY_POINT_GROUP))
    games: list[Game] = []
    for ep in sorted(found, key=lambda ep: ep.name):
        loaded = ep.load()
        for game in loaded if isinstance(loaded, tuple) else (loaded,):
            if not isinstance(game, Game):
                raise UnknownGameError(f"the entry point {ep.name} = {ep.value} of group {ENTRY_POINT_GROUP} "
                                       f"names a {type(game).__name__}, not a Game")
            games.append(game)
    return tuple(register(game) for game in sorted(games, key=lambda g: (g.listed_first, g.name))
                 if game.name not in _BY_NAME)


def _load_registry() -> None:
    """The installed games, found by their entry points (this module names no game)."""
    if not _DISCOVERED:
        discover_games()


def games() -> tuple[str, ...]:
    """The names of the registered games, sorted."""
    _load_registry()
    return tuple(sorted(_BY_NAME))


def registered_games() -> tuple[Game, ...]:
    """Every registered game, in the order it was registered."""
    _load_registry()
    return tuple(_BY_NAME.values())


def game_named(name: str) -> Game:
    """A registered game by name."""
    _load_registry()
    try:
        return _BY_NAME[name]
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r} (known games: {', '.join(games())})") from None


def game_of(value: object) -> Game:
    """The game a position, scenario or rule set belongs to."""
    found = _BY_TYPE.get(type(value))
    if found is None:
        _load_registry()
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


def position_card_names(positions: Iterable[Any]) -> CardNames | None:
    """The cards ``positions`` (scenarios or states, of any games) may use, as one table: what a
    question about them may name. None when a position's game cannot list them."""
    listed: list[CardNames] = []
    for position in positions:
        game = game_of(position)
        if game.position_card_names is not None:
            listed.append(game.position_card_names(position))
        elif game.card_names is not None:
            listed.append(game.card_names())
        else:
            return None
    return listed[0] if len(listed) == 1 else CardNames.merge(listed)  # other names and readings kept
