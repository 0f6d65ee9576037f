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
import inspect
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

from toolkit.core.plugins import ENTRY_POINT_GROUP as ENTRY_POINT_GROUP
from toolkit.core.plugins import installed_games
from toolkit.core.rule_knowledge import Counterfactual, DecidingRules, Flag
from toolkit.core.rulesets import RuleChange, Rules
from toolkit.core.values import Event, PositionSummary, slot_init
from toolkit.core.words import action_words, event_words, state_words
from toolkit.errors import ToolkitError
from toolkit.fields import CardNames

if TYPE_CHECKING:
    from toolkit.core.actions import Action
    from toolkit.core.later import LaterStep

__all__ = [
    "Actor", "CardFormat", "Counterfactual", "DecidingRules", "Flag", "Game", "DatedScenario", "GameScenario",
    "GameState", "Note", "Position", "RulesArg", "Renaming", "Stepper", "Successor", "Transition",
    "UnknownGameError", "as_state", "game_of", "game_named", "games", "register", "registered_games", "unregister",
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
    def ruleset(self) -> Rules: ...

    def summary(self) -> PositionSummary: ...

    def describe(self) -> str: ...

    def __hash__(self) -> int: ...


class GameScenario(Protocol):
    """What the layers above the seam read of any game's scenario (a frozen value read from a file
    or shipped): its title, whose turn it is, the rule set it names (None: the game's rules of its
    date or today's), where it was read, the rulings it illustrates; ``under`` gives it under a
    named rule set of its game."""

    @property
    def title(self) -> str: ...

    @property
    def turn_player(self) -> str: ...

    @property
    def ruleset(self) -> str | None: ...

    @property
    def source(self) -> str | None: ...

    @property
    def rulings(self) -> tuple[str, ...]: ...

    def under(self, ruleset: str) -> GameScenario: ...

    def __hash__(self) -> int: ...


class DatedScenario(GameScenario, Protocol):
    """A scenario of a dated game (``Game.dated``): ``at`` gives it at another date (its rules then)."""

    def at(self, when: datetime.date | str) -> DatedScenario: ...


Position = GameScenario | GameState
"""A position of any registered game: a scenario (its first position) or a state."""


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
"""A Transition's fields in a plain tuple, (state, events, notes): what a game's ``Game.stepper()`` may return
(a plain tuple comes from Python's free list; a named tuple's ``tuple.__new__`` takes the generic
allocator, about 1,300 machine instructions more per step)."""


class CardFormat(Protocol):
    """A game's card files written as data (``Game.cards``; the OCG's ``toolkit.ocg.cards.data.service``)."""

    def check_card_files(self, paths: Any) -> Any: ...

    def card_report(self, name: str) -> Any: ...

    def card_schema(self) -> Any: ...

    def card_counts(self) -> Any: ...


class Stepper(Protocol):
    """What the search calls for every edge (``Game.stepper()``): the transition's (state, events,
    notes), as a :class:`Transition` or as a plain tuple of the same values."""

    def __call__(self, state: Any, action: Action, /, *, check: bool = ...) -> Successor: ...


Interchangeable = Callable[[Any, "tuple[Action, ...]", "Sequence[Successor | LaterStep]"], "tuple[tuple[int, ...], ...]"]
"""A game's answer to "which of these actions stand for each other here?" (see ``Game.grouping``)."""


class Renaming(Protocol):
    """A game's key of a position up to renaming card names (see ``Game.renaming``): called with a
    position, the position's key and the renaming (name -> the name it stands as) that takes it there
    (None: the position has no key); with what a search needs to carry outcomes and lines across a
    renaming (:mod:`toolkit.core.renaming`)."""

    def __call__(self, state: Any, /) -> tuple[Hashable, Mapping[str, str]] | None: ...

    def rename_summary(self, summary: PositionSummary, renaming: Mapping[str, str]) -> PositionSummary:
        """An outcome's final position with its card names renamed (each zone listed as the game lists it)."""
        ...

    def cards_onto(self, state: Any, other: Any, renaming: Mapping[str, str]) -> Mapping[int, int]:
        """For two positions of one key, ``other`` being ``state`` with the names of ``renaming``
        renamed: each card of ``state`` -> the card of ``other`` in its place (by the ids actions
        name; only those that differ)."""
        ...


_REQUIRED = ("name", "title", "step", "state_type", "scenario_type", "rules_type", "event_kinds", "zones")


class Game(ABC):
    """One game's rules and everything the layers above must know of it: a game subclasses this,
    sets the data below and writes the eight abstract methods; every other method is a capability
    with a neutral default that a game overrides when it can do better (the way a python-chess
    variant overrides a few hooks of its board).

    Required data: ``name``, ``title`` ("Duel Masters"), ``step`` (the part of the turn it plays,
    "Turn End Step"), ``state_type``, ``scenario_type`` and ``rules_type`` (how a value is known to
    be this game's), ``event_kinds`` and ``zones`` (what predicates may name).

    Required methods — the procedure: :meth:`legal_actions`, :meth:`transition`, :meth:`explain`; positions:
    :meth:`initial_state` (``ruleset``: a rule set, a registered name, or None for the scenario's
    own), :meth:`with_ruleset`; rule sets: :meth:`today`, :meth:`ruleset`, :meth:`ruleset_names`;
    scenarios: :meth:`scenario_from_data` (from a parsed YAML mapping whose ``game:`` key names this game).

    Optional capabilities (defaults in brackets): :meth:`withheld` (nothing), :meth:`never_acts` (cannot tell); dated rules: :meth:`rules_at` (today's:
    a game that overrides it is :attr:`dated`), :meth:`rule_changes` (none); :meth:`variants` (none),
    :meth:`counterfactuals` (none), :meth:`flags` (none); shipped scenarios under ``scenario_folder``:
    :meth:`scenario_names`, :meth:`seed_scenario` (none); words: :meth:`describe_action`,
    :meth:`describe_event`, :meth:`describe_state` (the neutral phrasing of :mod:`toolkit.core.words`),
    :meth:`event_text` (the event's repr), ``event_kind_names``, ``event_fields``, ``scenario_tags``,
    ``deciding``; cards: :meth:`card_names`, :meth:`position_card_names` (a question's card names
    read as written), :meth:`names_events_may_carry` and :meth:`never_in_a_zone` (none: cannot tell),
    ``cards`` (card files as data); search: :meth:`stepper` (``transition``) and
    :meth:`grouping` (none: every action searched) — what the search calls for every edge — and
    :meth:`renaming` (none: no position stands for another up to card names).
    """

    name: str
    title: str
    """The game's name in words ("Yu-Gi-Oh! OCG", "Duel Masters")."""
    step: str
    """The part of the turn it plays ("End Phase", "Turn End Step")."""
    state_type: type
    scenario_type: type
    rules_type: type
    event_kinds: frozenset[str]
    zones: frozenset[str]
    scenario_folder: str = ""
    """Where its shipped scenarios are, under the shipped ``scenarios/`` folder (``""``: the top level)."""
    cards: CardFormat | None = None
    """The game's card format, if it has one: an object with ``check_card_files(paths)``,
    ``card_report(name)``, ``card_record(name)``, ``card_schema()`` and ``card_counts()`` (the OCG's
    ``toolkit.ocg.cards.data.service``); None for a game whose cards are code only."""
    event_kind_names: Mapping[str, str] | None = None
    """What a sentence calls the events of each kind, as a group ("cards discarded",
    "Special Summons"): how a summary of outcomes names what they differ in. A kind
    left out reads as its words ("hand adjusted")."""
    event_fields: Mapping[str, tuple[str, ...]] | None = None
    """Event kind -> the fields (card, player, amount, detail) some event of that kind carries
    (the OCG's and Duel Masters' are generated from their code by ``scripts/event_fields.py``):
    a question naming a field its kind never carries is refused. None: any field may be asked about."""
    deciding: DecidingRules = DecidingRules()
    """The rules whose trace notes say why a ruling's answer is what it is (none: the deciding
    step or flag is named instead)."""
    listed_first: int = 100
    """Where the game stands when games are listed (lower first; then by name): the shipped OCG is 0,
    Duel Masters 1, so lists of games and of their scenarios keep one order however they were found."""
    scenario_tags: Mapping[str, str] | None = None
    """The tags a scenario may set on a card (what happened to it earlier this
    turn, e.g. ``destroyed_this_turn``), each with what it means: the game's
    scenario reader accepts these and no other (None: a game whose scenarios set none)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not inspect.isabstract(cls):
            missing = [field for field in _REQUIRED if not hasattr(cls, field)]
            if missing:
                raise TypeError(f"the game {cls.__name__} does not set {', '.join(missing)} "
                                f"(every game sets {', '.join(_REQUIRED)})")

    def __repr__(self) -> str:
        return f"<game {self.name}: {self.title}, {self.step}>"

    # -- the procedure ------------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self, state: Any) -> tuple[Action, ...]:
        """What may be done in ``state`` (none once the turn's step is over)."""

    @abstractmethod
    def transition(self, state: Any, action: Action, *, check: bool = True) -> Transition:
        """What ``action`` makes of ``state``: the next state, the events and the trace notes
        (``check``: refuse an action that is not legal here)."""

    @abstractmethod
    def explain(self, state: Any, action: Action) -> Note:
        """Why ``action`` is offered in ``state``: a rule id and words (what the trace shows)."""

    def withheld(self, state: Any) -> tuple[Note, ...]:
        """Why something one might expect is not offered in ``state`` (default: nothing)."""
        return ()

    def never_acts(self, state: Any, card: str) -> str | None:
        """Why a card named in a question can do nothing itself from ``state`` on, in words ("its text
        … has no process of a phase, no quick effect and no trigger …"), or None when it may act or the
        game cannot tell (the default): what an answer says of a card no line mentions."""
        return None

    # -- positions and rule sets ------------------------------------------------------------------

    @abstractmethod
    def initial_state(self, scenario: Any, ruleset: Any) -> Any:
        """The first position of ``scenario`` under ``ruleset`` (a rule set, a registered name,
        or None for the scenario's own)."""

    @abstractmethod
    def with_ruleset(self, state: Any, ruleset: Any) -> Any:
        """``state`` re-read under other rules."""

    @abstractmethod
    def today(self) -> Rules:
        """The rule set in force today."""

    @abstractmethod
    def ruleset(self, name: str) -> Rules:
        """A registered rule set by name (refused with the nearest names)."""

    @abstractmethod
    def ruleset_names(self) -> tuple[str, ...]:
        """The names of the registered rule sets."""

    def rules_at(self, date: datetime.date | None) -> Rules:
        """The rule set in force on ``date`` (today's for None). A game whose rules do not change
        with the date keeps this default (today's rules) and is not :attr:`dated`."""
        return self.today()

    @property
    def dated(self) -> bool:
        """Whether the game's rules change with the date (it has its own :meth:`rules_at`)."""
        return type(self).rules_at is not Game.rules_at

    def variants(self) -> tuple[str, ...]:
        """Names of the counterfactual rule sets a comparison contrasts by default."""
        return ()

    def counterfactuals(self, rules: Any) -> tuple[Counterfactual, ...]:
        """The rule sets one change away from ``rules`` that can flip an answer."""
        return ()

    def counterfactuals_on(self, rules: Any, positions: tuple[Any, ...]) -> tuple[Counterfactual, ...]:
        """The rule sets one change away from ``rules`` for a check of ``positions``: a game whose positions
        carry cards of their own adds the changes of those cards' texts (default: :meth:`counterfactuals`)."""
        return self.counterfactuals(rules)

    def flags(self) -> tuple[Flag, ...]:
        """The game's rule flags, with their provenance."""
        return ()

    def rule_changes(self) -> tuple[RuleChange, ...]:
        """Every date where a flag or a card text changes (a dated game's)."""
        return ()

    def rule_changes_on(self, positions: tuple[Any, ...]) -> tuple[RuleChange, ...]:
        """:meth:`rule_changes` as ``positions`` read them (none: the game's): a game whose positions carry
        cards of their own adds those cards' text changes. The one list of dates every sweep walks."""
        return self.rule_changes()

    def state_of(self, position: Any, ruleset: Any = None) -> Any:
        """A position of this game as a state: a state (re-read under ``ruleset`` when one is given)
        or the first position of a scenario (under ``ruleset``; None: the scenario's own)."""
        if isinstance(position, self.state_type):
            return position if ruleset is None else self.with_ruleset(position, ruleset)
        return self.initial_state(position, ruleset)

    def rules_for(self, ruleset: Any = None, date: datetime.date | None = None) -> Rules:
        """A rule set of this game: ``ruleset`` itself or by name, else the rules
        at ``date`` (dated games), else today's."""
        if isinstance(ruleset, self.rules_type):
            return cast(Rules, ruleset)  # a game's rules type is one of its rule sets (held to Rules by a test)
        if isinstance(ruleset, str) and ruleset:
            return self.ruleset(ruleset)
        if date is not None and self.dated:
            return self.rules_at(date)
        return self.today()

    # -- scenarios --------------------------------------------------------------------------------

    @abstractmethod
    def scenario_from_data(self, data: Any, source: str | None) -> Any:
        """A scenario from a parsed YAML mapping (``source``: where it was read, for errors)."""

    def scenario_names(self) -> tuple[str, ...]:
        """The shipped scenarios' names (default: none)."""
        return ()

    def seed_scenario(self, name: str) -> Any:
        """A shipped scenario by name."""
        raise UnknownGameError(f"{self.title} ships no scenario {name!r}")

    def shipped_name(self, stem: str) -> str:
        """How a shipped scenario is named across games (``folder/stem``)."""
        return f"{self.scenario_folder}/{stem}" if self.scenario_folder else stem

    # -- words ------------------------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        """An action in a short phrase for people reading a trace ("Pass", "Discard ヒステリック・サイン")."""
        return action_words(action)

    def describe_event(self, event: Event) -> str:
        """An event in a short phrase."""
        return event_words(event)

    def describe_state(self, state: Any) -> str:
        """A position in a short phrase ("A: 1 card")."""
        return state_words(state)

    def event_text(self, event: Event) -> str:
        """An event in words (default: its repr)."""
        return repr(event)

    # -- cards ------------------------------------------------------------------------------------

    def card_names(self) -> CardNames | None:
        """The cards the game knows as read now, so a card a person names in a question is read as
        its key or refused with the nearest names (None: the game cannot list them)."""
        return None

    def position_card_names(self, position: Any) -> CardNames | None:
        """The cards a position (a scenario or a state) may use, with their English names: a
        scenario's own cards among them, so a question about it may name them (default: :meth:`card_names`)."""
        return self.card_names()

    def names_events_may_carry(self, position: Any) -> frozenset[str] | None:
        """Every card key an event or an outcome of a search from ``position`` may name: its cards, the tokens
        they make, their other sides (a question naming another card could never match, so it is refused;
        the default: None, cannot tell, and nothing is refused)."""
        return None

    def never_in_a_zone(self, position: Any, card: str) -> str | None:
        """Why no zone ever holds ``card`` (a key its events may name) in a search from ``position``, in card
        words (a zone question naming it could never match, so it is refused); None: it may, or cannot tell."""
        return None

    def card_of_summary_name(self, text: str) -> str:
        """The card a name in this game's position summary is: a summary may mark a card's state in the name
        it lists ("X (tapped)"), a zone question names the card (default: the name itself)."""
        return text

    # -- what the search asks for every edge ---------------------------------------------------------

    def stepper(self) -> Stepper:
        """The function the search calls for every edge (:mod:`toolkit.core.graph`): ``transition``
        unless the game has a faster one giving the same values as a plain tuple, (state, events,
        notes) — an implementation detail of the game, asked for once per search."""
        return self.transition

    def grouping(self) -> Interchangeable | None:
        """The game's answer to which actions stand for each other (optional; None: the default, every
        action is searched): called as ``grouping(state, actions, results)``, it names groups of indices
        of ``actions`` (with their ``results``) such that every line through one member has, one for one,
        a line through each other member with the same outcome. The search then follows the first member
        of a group only and counts it once per member (:mod:`toolkit.core.graph`)."""
        return None

    def renaming(self, start: Any, named: frozenset[str]) -> Renaming | None:
        """Which positions of a search from ``start`` are the same up to renaming cards (optional; None,
        the default: no renaming): a function giving each position reached from ``start`` a key, such
        that two positions with one key are the same but for a one-to-one renaming of card names (and
        which copy is which) the game's rules commute with — the renamed position's actions lead to the
        renamed successors, their events renamed (:func:`~toolkit.core.values.renamed_event`) — and the
        renaming that takes the position to its key. ``named``: the card names a question reads (never
        renamed: its answer on a renamed outcome is its answer on the outcome). ``explore`` searches
        once the positions of one key (:mod:`toolkit.core.renaming`)."""
        return None

    def text_dates(self, position: Any) -> tuple[datetime.date, ...]:
        """The dates on which the text of a card ``position`` may use changes, sorted: two dates with none
        of them between read the same texts there (a run made at one is the other's). The default: the
        game's card-text changes as ``position`` reads them (:meth:`rule_changes_on`)."""
        return tuple(sorted({c.date for c in self.rule_changes_on((position,)) if c.kind == "card_text"}))

    def same_texts(self, position: Any, rules: Any, other: Any) -> bool:
        """Whether every card a search of ``position`` can read reads the same text under ``rules`` and
        ``other`` (rule sets of two dates whose card texts differ elsewhere): its searches then differ in
        nothing the date decides (optional; False, the default: not known)."""
        return False


_BY_TYPE: dict[type, Game] = {}
_BY_NAME: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known by its name and types (idempotent; a second game of that name replaces the first)."""
    old = _BY_NAME.get(game.name)
    if old is not None:
        for t in (old.state_type, old.scenario_type, old.rules_type):
            _BY_TYPE.pop(t, None)
    for t in (game.state_type, game.scenario_type, game.rules_type):
        _BY_TYPE[t] = game
    _BY_NAME[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a registered game (tests register small games of their own)."""
    game = _BY_NAME.pop(name, None)
    if game is not None:
        for t in (game.state_type, game.scenario_type, game.rules_type):
            _BY_TYPE.pop(t, None)


_DISCOVERED: list[bool] = []  # [True] once the installed games are registered
_DISCOVERY = threading.Lock()  # held only to register: never while importing (see discover_games)
_DISCOVERING = threading.local()  # .now: this thread is importing the installed games


def discover_games() -> tuple[Game, ...]:
    """Register the games installed packages declare as entry points (once per process), in the order
    of their ``listed_first``, then names (a bare source tree has none: :mod:`toolkit.games` registers
    the shipped games itself).  Plug-ins are imported with no lock of ours held (a thread importing a
    module that asks for the games holds its import lock, which a plug-in may need: both would hang);
    only registering is locked, so no thread sees half the games.  A game package imported here asking
    for the games (this thread) gets none.  A plug-in failing to import: one line, and tried again."""
    if _DISCOVERED or getattr(_DISCOVERING, "now", False):
        return ()
    _DISCOVERING.now = True
    try:
        games = installed_games()
    finally:
        _DISCOVERING.now = False
    with _DISCOVERY:
        if _DISCOVERED:
            return ()
        found = tuple(register(game) for game in sorted(games, key=lambda g: (g.listed_first, g.name))
                      if game.name not in _BY_NAME)
        _DISCOVERED.append(True)  # after: a thread seeing it (with no lock) reads every game
        return found


def _load_registry() -> None:
    """The installed games, found by their entry points (this module names no game)."""
    discover_games()  # (nothing once done)


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
    """A position of any game: a state (re-read under ``ruleset`` when one is given) or the first position of a scenario."""
    return game_of(position).state_of(position, ruleset)


def position_card_names(positions: Iterable[Any], game: Game | None = None) -> CardNames | None:
    """The cards ``positions`` (scenarios or states, of any games; of ``game`` when it is given) may
    use, as one table: what a question about them may name. None when a position's game cannot list them."""
    listed: list[CardNames] = []
    for position in positions:
        names = (game_of(position) if game is None else game).position_card_names(position)
        if names is None:
            return None
        listed.append(names)
    return listed[0] if len(listed) == 1 else CardNames.merge(listed)  # other names and readings kept
