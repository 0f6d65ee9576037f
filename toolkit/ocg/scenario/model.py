"""The OCG scenario as data: cards, players, lingering effects, the Scenario value."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from toolkit import fields
from toolkit.errors import ScenarioError, quoted
from toolkit.fields import CARDS_MAX as CARDS_MAX
from toolkit.fields import COPY_MARK as COPY_MARK
from toolkit.fields import NAME_MAX as NAME_MAX

PLAYERS: tuple[str, str] = ("A", "B")
"""The two seats. Either may be the turn player."""

POSITIONS: tuple[str, ...] = ("face_up", "face_up_defense", "face_down", "set")
"""``face_up`` is face-up attack for a monster; ``set`` is a set Spell/Trap."""

PHASES: tuple[str, ...] = ("draw", "standby", "main1", "battle", "main2", "end")
"""Phase names a scenario may start in, in turn order (the Draw Phase: after the normal draw)."""

TAGS: Mapping[str, str] = {
    "summoned_this_turn": "Normal Summoned this turn (Spirits return to the hand)",
    "flipped_this_turn": "flipped face-up this turn (Spirits return to the hand)",
    "tribute_less_summoned": "Normal Summoned without Tributing (Ohka, Mist Archfiend)",
    "special_summoned_this_turn": "Special Summoned this turn",
    "destroyed_monster_by_battle": "destroyed a monster by battle this turn (Horus LV6)",
    "sent_to_gy_this_turn": "sent to the graveyard this turn (Manticore, Hysteric Sign)",
    "discarded_this_turn": "discarded from the hand this turn",
    "destroyed_this_turn": "destroyed and sent to the graveyard this turn (TG Striker)",
    "effect_used_this_turn": "its own effect was activated this turn (Darklord Zerato)",
    "activated_this_turn": "this Spell/Trap was activated this turn (a Spellbook, Pikeru's Circle)",
    "set_this_turn": "set this turn, so it cannot be activated this turn",
    "control_taken": "controlled by the player who does not own it (see lingering 'control')",
    "sent_to_gy_from_hand": "sent to the graveyard from the hand this turn",
    "sent_to_gy_from_field": "sent to the graveyard from the field this turn",
    "sent_to_gy_from_deck": "sent to the graveyard from the deck, not from the hand or field",
    "left_field_face_up": "it was face-up on the field when it left it this turn (destroyed while face-up)",
    "milled_this_turn": "sent to the graveyard from the top of the deck this turn",
    "banished_this_turn": "banished this turn (among the banished cards)",
    "coin_tails": "an Arcana Force monster whose coin toss came up tails",
    "position_changed_this_turn": "its battle position was already changed by its controller this turn",
    "attacked_this_turn": "it attacked this turn (no more attacks or position changes)",
    "banished_face_down": "banished face-down (among the banished cards)",
}
"""What may have happened to a card this turn; the only tags a scenario accepts."""

fail = fields.fail
suggest = fields.suggest

LIFE_MAX = 1_000_000
"""The most life points a scenario may give a player (the builder's bound too)."""

DECK_FILLER_MAX = 200
"""The most unnamed deck cards a player may have (the builder's bound too)."""


TOP_KEYS = (
    "game",
    "title",
    "description",
    "date",
    "ruleset",
    "turn_player",
    "phase",
    "rulings",
    "players",
    "lingering",
    "cards",
)
PLAYER_KEYS = ("hand", "field", "graveyard", "banished", "deck", "deck_filler", "life")
CARD_KEYS = ("name", "position", "tags", "counters")
LINGERING_KEYS = ("source", "controller", "target", "effect")
ZONES = ("hand", "field", "graveyard", "banished", "deck")


class OtherGameScenario(ScenarioError):
    """A scenario that names another game (``game: <name>``) given to the OCG loader."""


def base_name(name: str) -> str:
    """The registry key of a listed card: its name without a copy mark.

    >>> base_name("光神機−桜火#2"), base_name("サイクロン")
    ('光神機−桜火', 'サイクロン')
    """
    return name.split(COPY_MARK, 1)[0].rstrip()


# --------------------------------------------------------------------------
# The data (the contract with the engine)
# --------------------------------------------------------------------------


if TYPE_CHECKING:
    from toolkit.ocg.cards.base import CardBehaviour
    from toolkit.ocg.cards.catalogue import Catalogue
    from toolkit.ocg.cards.data.carried import Carried
    from toolkit.ocg.scenario.builder import ScenarioDraft


@dataclass(frozen=True)
class CardSpec:
    """One physical card in a zone: its name, position, what happened to it and the counters on it."""

    name: str
    position: str = "face_up"
    tags: frozenset[str] = frozenset()
    counters: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.tags, str):
            object.__setattr__(self, "tags", frozenset({self.tags}))
        elif not isinstance(self.tags, frozenset):
            object.__setattr__(self, "tags", frozenset(self.tags))


@dataclass(frozen=True)
class PlayerSetup:
    """What one player holds. ``deck`` lists named cards, top first."""

    hand: tuple[str, ...] = ()
    field: tuple[CardSpec, ...] = ()
    graveyard: tuple[CardSpec, ...] = ()
    banished: tuple[CardSpec, ...] = ()
    deck: tuple[str, ...] = ()
    deck_filler: int = 30
    life: int = 8000

    def __post_init__(self) -> None:
        # Friendly to Python callers: lists become tuples, bare names CardSpecs.
        for zone in ("hand", "deck"):
            value = getattr(self, zone)
            if isinstance(value, list):
                object.__setattr__(self, zone, tuple(value))
        for zone in ("field", "graveyard", "banished"):
            value = getattr(self, zone)
            if isinstance(value, (list, tuple)):
                cards = tuple(CardSpec(c) if isinstance(c, str) else c for c in value)
                object.__setattr__(self, zone, cards)


@dataclass(frozen=True)
class LingeringSpec:
    """A resolved effect that still applies, e.g. Veiler's negation of a monster."""

    source: str
    controller: str
    target: str | None = None
    effect: str = ""


class _Players(Mapping[str, PlayerSetup]):
    """An immutable, hashable ``{"A": PlayerSetup, "B": PlayerSetup}``."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, PlayerSetup]) -> None:
        self._items = tuple(sorted(items.items()))

    def __getitem__(self, key: str) -> PlayerSetup:
        for name, setup in self._items:
            if name == key:
                return setup
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return repr(dict(self._items))


@dataclass(frozen=True)
class Scenario:
    """A position (by default at the start of the End Phase) under the rules
    of one date or named ruleset.

    Constructing one checks its shape (players, positions, tags, counts,
    copies, date xor ruleset); :meth:`validate` also checks card names,
    the ruleset name and ruling ids against the registries. ``source`` (where
    it was read from) is used in error messages and is not part of equality.
    """

    title: str
    turn_player: str
    players: Mapping[str, PlayerSetup]
    date: datetime.date | None = None
    ruleset: str | None = None
    lingering: tuple[LingeringSpec, ...] = ()
    phase: str = "end"
    description: str = ""
    source: str | None = field(default=None, compare=False)
    rulings: tuple[str, ...] = ()
    cards: tuple[CardBehaviour, ...] = field(default=(), compare=False, repr=False)
    """The scenario's own cards (its ``cards:`` list, or ``cards=`` given when it was read): they
    stand in this scenario's :attr:`catalogue` only, never beside another scenario's cards."""
    cards_key: tuple[tuple[str, str], ...] = field(default=(), init=False, repr=False)
    """The own cards by content (name, digest of the definition): what equality compares of them."""

    def __post_init__(self) -> None:
        from toolkit.ocg.cards.catalogue import fingerprint

        if not isinstance(self.cards, tuple):
            object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "cards_key", tuple((c.name, fingerprint(c)) for c in self.cards))
        if not isinstance(self.players, Mapping):
            raise fail("players must map 'A' and 'B' to their setups", "players", self.source)
        for player, setup in self.players.items():
            if player not in PLAYERS:
                raise fail(f"players are 'A' and 'B', not {quoted(player)}", f"players.{player}", self.source)
            if not isinstance(setup, PlayerSetup):
                raise fail(f"expected a PlayerSetup, got {type(setup).__name__}", f"players.{player}", self.source)
        players = {p: self.players.get(p, PlayerSetup()) for p in PLAYERS}
        object.__setattr__(self, "players", _Players(players))
        for name in ("lingering", "rulings"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
        if isinstance(self.date, str):
            object.__setattr__(self, "date", fields.day(self.date, "date", self.source))
        from toolkit.ocg.scenario.checks import check_shape

        check_shape(self)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled by its fields, its own :attr:`cards` carried as they were written (compiled closures
        cannot be pickled) and compiled again, once per text, where it is unpickled: a sweep's process pool
        or Dask workers search it with the cards it was read with."""
        from toolkit.ocg.cards.data.carried import carried

        values = tuple((f.name, getattr(self, f.name)) for f in dataclasses.fields(self) if f.init and f.name != "cards")
        return _unpickled_scenario, (values, tuple(carried(card) for card in self.cards))

    def __copy__(self) -> Scenario:
        """This scenario (a value: immutable), its own cards written in Python too, which pickling cannot carry."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Scenario:
        return self

    # -- convenience -----------------------------------------------------

    @staticmethod
    def build(title: str) -> "ScenarioDraft":
        """Start a builder: ``Scenario.build("t").turn_player("A")...done()``."""
        from toolkit.ocg.scenario.builder import ScenarioDraft

        return ScenarioDraft({"title": title})

    def at(self, when: datetime.date | str) -> Scenario:
        """The same position under the rules of another date (drops any ruleset)."""
        day = fields.day(when, "date", self.source)
        return dataclasses.replace(self, date=day, ruleset=None)

    def under(self, ruleset: str) -> Scenario:
        """The same position under a named ruleset (drops any date)."""
        from toolkit.ocg.scenario.checks import check_ruleset_name

        changed = dataclasses.replace(self, ruleset=ruleset, date=None)
        check_ruleset_name(changed)
        return changed

    @property
    def catalogue(self) -> Catalogue:
        """The cards this scenario may use: the default catalogue (shipped cards, the user's card
        folder) with the scenario's own :attr:`cards` on top."""
        from toolkit.ocg.cards import default_catalogue

        return default_catalogue().with_cards(self.cards)

    def validate(self) -> Scenario:
        """Check names against the registries; return ``self`` when all is well."""
        from toolkit.ocg.scenario.checks import check_against_catalogue

        check_against_catalogue(self)
        return self

    @property
    def non_turn_player(self) -> str:
        """The seat that is not the turn player."""
        return "B" if self.turn_player == "A" else "A"

    def card_names(self) -> frozenset[str]:
        """The names of every card in the position (copies as one name)."""
        names: list[str] = []
        for player in self.players.values():
            names += list(player.hand) + list(player.deck)
            names += [c.name for zone in (player.field, player.graveyard, player.banished) for c in zone]
        return frozenset(base_name(n) for n in names)


def _unpickled_scenario(values: tuple[tuple[str, object], ...], own: tuple[Carried, ...]) -> Scenario:
    """The Scenario of these field values whose own cards are ``own`` compiled again (``Scenario.__reduce__``)."""
    from toolkit.ocg.cards.data.carried import compiled_again

    return Scenario(**dict(values), cards=tuple(compiled_again(card) for card in own))  # type: ignore[arg-type]
