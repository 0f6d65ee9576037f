"""The conditions of the card format: card filters, conditions, trigger and chain-link tests.

A *card filter* names a group of cards relative to the card whose effect it
is (``zones``, ``side``, ``monster``, ``name``, ``archetype``, ``kind``, ``tag``, ...);
conditions, choices and verbs all pick cards through one.  A *condition* is
``(card, state) -> bool``; those that read nothing but the card and the turn
player are marked :func:`~toolkit.ocg.cards.locality.card_local` so the engine
may remember their answers, exactly as for the Python cards.

>>> sorted(CONDITIONS.terms)[:3]
['a_monster_was_just_summoned', 'all_of', 'any_of']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.core.values import other
from toolkit.errors import quoted
from toolkit.ocg.cards.base import (
    Condition,
    ContinuousKind,
    Happening,
    Responds,
    Trigger,
    TriggerTest,
    all_of,
    any_of,
    board_local,
    card_local,
    face_up_on_field,
    has_tag,
    in_zone,
    lacks_tag,
    marked_as,
    never,
    not_set_this_turn,
    own_turn,
    your_end_phase,
)
from toolkit.ocg.cards.data.terms import (
    NESTED,
    PARAM_TYPES,
    WORDS,
    Param,
    Registry,
    TermError,
    check_param,
    did_you_mean,
    words,
)
from toolkit.ocg.cards.locality import link_local
from toolkit.ocg.counters import counters_on
from toolkit.ocg.stats import atk_def_now
from toolkit.ocg.values import Card, EventKind, Position, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import Link, State

Reader = Any
"""A State or a Board (both read the position the same way)."""


@dataclass(frozen=True)
class CardFilter:
    """A group of cards seen from a source card (the card whose effect looks)."""

    zones: tuple[Zone, ...] = (Zone.FIELD,)
    side: str = "you"
    monster: bool | None = None
    face_up: bool | None = None
    name: str | None = None
    name_in: tuple[str, ...] = ()
    name_contains: str | None = None
    not_name: str | None = None
    archetype: str | None = None
    not_archetype: str | None = None
    attribute: str | None = None
    atk_at_least: int | None = None
    atk_at_most: int | None = None
    monster_type_in: tuple[str, ...] = ()
    kind: tuple[str, ...] = ()
    not_kind: tuple[str, ...] = ()
    level_at_least: int | None = None
    level_at_most: int | None = None
    tag: str | None = None
    not_itself: bool = False

    def __post_init__(self) -> None:
        # whether ``matches`` reads the card's text (kind, attribute, ATK, level …), not only its name,
        # zone, position and tags: fixed when the filter is made, asked for every card looked at
        object.__setattr__(self, "_needs_text", bool(
            self.monster is not None or self.archetype or self.not_archetype or self.attribute
            or self.atk_at_least is not None or self.atk_at_most is not None or self.monster_type_in
            or self.kind or self.not_kind or self.level_at_least is not None or self.level_at_most is not None))

    def cards(self, source: Card, reader: Reader, controller: str | None = None) -> list[Card]:
        """The matching cards, zone by zone in the order written, each zone in board order.

        ``controller``: who "you" is (default: the source card's controller; an
        effect that resolves passes the effect's controller)."""
        player = self._player(source, controller)
        return [c for zone in self.zones for c in reader.cards_in(player, zone) if self.matches(c, source, reader)]

    def first(self, source: Card, reader: Reader, controller: str | None = None) -> Card | None:
        """``cards(source, reader, controller)[0]`` (None: no card matches), stopping at the first match."""
        return next(self.iter_cards(source, reader, controller), None)

    def iter_cards(self, source: Card, reader: Reader, controller: str | None = None) -> Iterator[Card]:
        """``cards(source, reader, controller)`` one by one, looked for only as far as they are asked for."""
        player = self._player(source, controller)
        matches = self.matches
        for zone in self.zones:
            for c in reader.cards_in(player, zone):
                if matches(c, source, reader):
                    yield c

    def any(self, source: Card, reader: Reader) -> bool:
        """Whether ``cards(source, reader)`` is not empty (stops at the first match; asked in every
        position where a process's condition reads the board)."""
        return self.first(source, reader) is not None

    def _player(self, source: Card, controller: str | None) -> str | None:
        """The player whose cards the filter looks at (None: both), "you" being ``controller``
        (default: the source card's controller)."""
        you = source.controller if controller is None else controller
        side = self.side
        if side == "you":
            return you
        if side == "opponent":
            return other(you)
        if side == "both":
            return None
        if side == "owner":
            return source.owner
        raise KeyError(side)  # the card format's schema allows only these four sides

    def matches(self, card: Card, source: Card, reader: Reader) -> bool:
        if self.not_itself and card.uid == source.uid:
            return False
        if self.face_up is not None and card.on_field_face_up is not self.face_up:
            return False
        if self.name is not None and card.name != self.name:
            return False
        if self.name_in and card.name not in self.name_in:
            return False
        if self.name_contains is not None and self.name_contains not in card.name:
            return False
        if self.not_name is not None and card.name == self.not_name:
            return False
        if self.tag is not None and self.tag not in card.tags:
            return False
        if not self._needs_text:  # type: ignore[attr-defined]
            return True
        b = reader.tables.behaviour(card.name)
        if self.monster is not None and b.is_monster is not self.monster:
            return False
        if self.archetype is not None and self.archetype not in b.archetypes:
            return False
        if self.not_archetype is not None and self.not_archetype in b.archetypes:
            return False
        if self.attribute is not None and b.attribute != self.attribute:
            return False
        if self.atk_at_least is not None and (b.atk or 0) < self.atk_at_least:
            return False
        if self.atk_at_most is not None and (b.atk is None or b.atk > self.atk_at_most):
            return False
        if self.kind or self.not_kind:
            kinds = subtype_words(b.subtype)
            if not kinds.issuperset(self.kind) or kinds.intersection(self.not_kind):
                return False
        if self.level_at_least is not None and (b.level is None or b.level < self.level_at_least):
            return False
        if self.level_at_most is not None and (b.level is None or b.level > self.level_at_most):
            return False
        if self.monster_type_in:
            from toolkit.ocg.cards.plain import monster_type

            if (b.race or monster_type(card.name)) not in self.monster_type_in:
                return False
        return True


KIND_WORDS = ("normal", "effect", "tuner", "fusion", "synchro", "xyz", "ritual", "link", "pendulum", "spirit",
              "union", "gemini", "flip", "toon", "token", "quick-play", "continuous", "field", "equip", "counter")
"""The words a card's ``subtype`` is written in (a Synchro Tuner: ``synchro, tuner, effect``)."""


def subtype_words(subtype: str) -> frozenset[str]:
    """The kinds a ``subtype`` text names, lower case (``"Synchro, Tuner"`` -> synchro, tuner).

    >>> sorted(subtype_words("synchro, tuner effect"))
    ['effect', 'synchro', 'tuner']
    """
    return frozenset(w for w in subtype.lower().replace(",", " ").split() if w)


def check_subtype(spec: Param, value: object) -> str:
    """A card's ``subtype``: words of :data:`KIND_WORDS`, separated by commas or spaces."""
    if not isinstance(value, str) or not value.strip():
        raise TermError(f"{quoted(spec.name)} must be a text of card kinds ({', '.join(KIND_WORDS[:6])}, ...), "
                        f"not {quoted(value)}")
    for word in subtype_words(value):
        if word not in KIND_WORDS:
            raise TermError(f"{quoted(spec.name)}: unknown card kind {quoted(word)}{did_you_mean(word, KIND_WORDS)} "
                            f"(kinds: {', '.join(KIND_WORDS)})")
    return value


def _kinds(spec: Param, value: object) -> tuple[str, ...]:
    out = []
    for word in value if isinstance(value, list) else [value]:
        if not isinstance(word, str) or word.lower() not in KIND_WORDS:
            raise TermError(f"{quoted(spec.name)}: unknown card kind {quoted(word)}{did_you_mean(str(word), KIND_WORDS)} "
                            f"(kinds: {', '.join(KIND_WORDS)})")
        out.append(word.lower())
    return tuple(out)


_KIND_SCHEMA = {"oneOf": [{"enum": list(KIND_WORDS)}, {"type": "array", "items": {"enum": list(KIND_WORDS)}}]}
PARAM_TYPES["kinds"] = (_kinds, _KIND_SCHEMA)
PARAM_TYPES["subtype"] = (check_subtype, {"type": "string", "minLength": 1})


def check_tag(spec: Param, value: object) -> str:
    """A tag a card may carry: one a scenario may set (``cards --tags``), which the board
    also sets as things happen; a misspelt one would make its condition never hold."""
    from toolkit.ocg.scenario.model import TAGS

    if not isinstance(value, str) or value not in TAGS:
        raise TermError(f"{quoted(spec.name)}: unknown tag {quoted(value)}{did_you_mean(str(value), TAGS)} "
                        "(`python -m toolkit cards --tags` lists them)")
    return value


PARAM_TYPES["tag"] = (check_tag, {"type": "string", "minLength": 1})


FILTER_FIELDS: tuple[Param, ...] = (
    Param("zones", "zones", "where to look (default: the field)", False, ("field",)),
    Param("side", "side", "whose cards: you (default), opponent, both, owner", False, "you"),
    Param("monster", "bool", "true: monsters only; false: Spells/Traps only", False),
    Param("face_up", "bool", "true: face-up on the field only", False),
    Param("name", "str", "exactly this card name", False),
    Param("name_in", "strs", "one of these card names", False, ()),
    Param("name_contains", "str", "the name contains this text (「魔導書」)", False),
    Param("not_name", "str", "any card but this name", False),
    Param("archetype", "str", "a card of this archetype", False),
    Param("not_archetype", "str", "a card not of this archetype", False),
    Param("attribute", "str", "a monster of this attribute (DARK, LIGHT, ...)", False),
    Param("atk_at_least", "int", "a monster with at least this ATK", False),
    Param("atk_at_most", "int", "a monster with a printed ATK of at most this", False),
    Param("monster_type_in", "strs", "a monster of one of these types (beast, ...: the card's race)", False, ()),
    Param("kind", "kinds", "a card of all these kinds (tuner, synchro, ...: words of the card's subtype)", False, ()),
    Param("not_kind", "kinds", "a card of none of these kinds", False, ()),
    Param("level_at_least", "int", "a monster of at least this Level (the card's level)", False),
    Param("level_at_most", "int", "a monster of at most this Level", False),
    Param("tag", "tag", "a card carrying this tag", False),
    Param("not_itself", "bool", "any card but the source card", False, False),
)


def build_filter(written: object) -> CardFilter:
    """A :class:`CardFilter` from its mapping in a card file."""
    if not isinstance(written, dict):
        raise TermError(f"a card filter is a mapping of {', '.join(p.name for p in FILTER_FIELDS[:4])}, ...; "
                        f"not {quoted(written)}")
    known = {p.name: p for p in FILTER_FIELDS}
    values: dict[str, Any] = {}
    for key, value in written.items():
        if key not in known:
            raise TermError(f"a card filter has no field {quoted(key)}{did_you_mean(str(key), known)}")
        values[str(key)] = check_param(known[str(key)], value)
    if "zones" in values:
        values["zones"] = tuple(values["zones"])
    return CardFilter(**values)


# --- conditions -------------------------------------------------------------

CONDITIONS = Registry("condition")


def build_conditions(written: object) -> Condition:
    """A list of conditions (all must hold) or one condition."""
    items = written if isinstance(written, list) else [written]
    if not items:
        raise TermError("a list of conditions may not be empty")
    built: list[Condition] = [CONDITIONS.build(item) for item in items]
    if len(built) == 1:
        return built[0]
    combined = all_of(*built)
    setattr(combined, WORDS, "[" + ", ".join(words(b) for b in built) + "]")
    return combined


NESTED["filter"] = build_filter
NESTED["condition"] = lambda written: CONDITIONS.build(written)
NESTED["conditions"] = build_conditions
NESTED["condition_list"] = lambda written: tuple(
    CONDITIONS.build(item) for item in (written if isinstance(written, list) else [written]))


def _fixed(name: str, description: str, condition: Condition) -> None:
    CONDITIONS.add(name, description)(lambda: condition)


_fixed("face_up_on_field", "the card is face-up on the field", face_up_on_field)
_fixed("your_end_phase", "it is the End Phase (turn) of the card's controller", your_end_phase)
_fixed("your_turn", "it is the turn of the card's controller", own_turn)
_fixed("never", "never holds (an effect that cannot be used in these positions)", never)
_fixed("not_set_this_turn", "the card was not set this turn", not_set_this_turn)


@card_local
def opponents_turn(card: Card, state: State) -> bool:
    return card.controller != state.turn_player


_fixed("opponents_end_phase", "it is the End Phase (turn) of the card controller's opponent", opponents_turn)
_fixed("tribute_less_summoned", "the monster was Normal Summoned without tributing (tag tribute_less_summoned)",
       has_tag("tribute_less_summoned"))
_fixed("destroyed_a_monster_by_battle_this_turn",
       "the monster destroyed a monster by battle this turn (tag destroyed_monster_by_battle)",
       has_tag("destroyed_monster_by_battle"))
_fixed("effect_used_this_turn", "the card's effect was used this turn (tag effect_used_this_turn)",
       has_tag("effect_used_this_turn"))
_fixed("summoned_this_turn", "the monster was summoned or flipped face-up this turn",
       any_of(has_tag("summoned_this_turn"), has_tag("flipped_this_turn")))


@card_local
def _destroyed_this_turn(card: Card, state: State) -> bool:
    return card.zone is Zone.GY and "destroyed_this_turn" in card.tags


@CONDITIONS.add("destroyed_this_turn", "the card is in the GY, destroyed this turn (optionally: where, and "
                "whether it was face-up on the field then)",
                Param("destroyed_in", "zones", "it was destroyed in one of these zones (field: on the field)", False, ()),
                Param("face_up", "bool", "it was face-up on the field when destroyed (tag left_field_face_up)",
                      False, False))
def _destroyed(destroyed_in: tuple[Zone, ...], face_up: bool) -> Condition:
    if not destroyed_in and not face_up:
        return _destroyed_this_turn
    zones = tuple(f"sent_to_gy_from_{z.value}" for z in destroyed_in)

    def test(card: Card, state: State) -> bool:
        tags = card.tags
        return (card.zone is Zone.GY and "destroyed_this_turn" in tags and (not zones or any(t in tags for t in zones))
                and (not face_up or "left_field_face_up" in tags))

    return card_local(test)


@card_local
def _banished_this_turn(card: Card, state: State) -> bool:
    return card.zone is Zone.BANISHED and "banished_this_turn" in card.tags


@CONDITIONS.add("banished_this_turn", "the card is banished, and was banished this turn (tag banished_this_turn); "
                "optionally only face-up or only face-down (tag banished_face_down)",
                Param("face_up", "bool", "it was banished face-up", False, False),
                Param("face_down", "bool", "it was banished face-down", False, False))
def _banished(face_up: bool, face_down: bool) -> Condition:
    if face_up and face_down:
        raise TermError("a card is banished face-up or face-down, not both: give face_up or face_down")
    if not face_up and not face_down:
        return _banished_this_turn
    wanted = face_down

    def test(card: Card, state: State) -> bool:
        return _banished_this_turn(card, state) and ("banished_face_down" in card.tags) is wanted

    return card_local(test)


@CONDITIONS.add("counters_at_least", "the card carries at least n counters (see place_counters)",
                Param("n", "int", "how many"))
def _counters_at_least(n: int) -> Condition:
    def test(card: Card, state: State) -> bool:
        return counters_on(card.tags) >= n

    return card_local(test)


@card_local
def _set_trap_ready(card: Card, state: State) -> bool:
    return card.zone is Zone.FIELD and card.position is Position.SET and "set_this_turn" not in card.tags


_fixed("set_trap_ready", "a Trap may be activated: set on the field before this turn", _set_trap_ready)


@card_local
def _quick_play_ready(card: Card, state: State) -> bool:
    if card.zone is Zone.HAND:
        return card.controller == state.turn_player
    return card.zone is Zone.FIELD and card.position is Position.SET and "set_this_turn" not in card.tags


_fixed("quick_play_ready", "a Quick-Play Spell may be activated: set before this turn, or from the hand "
       "in its controller's turn", _quick_play_ready)


def _can_banish(card: Card, state: State) -> bool:
    return not state.continuous_active(ContinuousKind.NO_BANISH)


_fixed("can_banish", "no effect (《王宮の鉄壁》) stops cards from being banished", _can_banish)


def _not_in_chain(card: Card, state: State) -> bool:
    return all(link.source != card.uid for link in state.chain)


_fixed("not_in_chain", "no link of the current chain is this card's", _not_in_chain)


@CONDITIONS.add("atk_def_at_least", "this card's ATK and DEF now are each at least this much (what it can still "
                "pay: 《光と闇の竜》 can no longer negate below 500)", Param("amount", "int", "ATK and DEF"))
def _atk_def_at_least(amount: int) -> Condition:
    def test(card: Card, state: State) -> bool:
        atk, defense = atk_def_now(card, state.tables)
        return atk is not None and defense is not None and atk >= amount and defense >= amount

    return test


def _just_summoned(card: Card, state: State) -> bool:
    return any(m.split(":", 1)[0] in (EventKind.SUMMONED, EventKind.SPECIAL_SUMMONED) for m in getattr(state, "moment", ()))  # a Board has no moment


_fixed("a_monster_was_just_summoned", "the board's last change summoned a monster", _just_summoned)


@CONDITIONS.add("sent_to_gy_this_turn", "the card is in the GY, sent there this turn (optionally not from a zone)",
                Param("not_from", "zones", "zones it must not have been sent from", False, ()))
def _sent_this_turn(not_from: tuple[Zone, ...]) -> Condition:
    tags = tuple(f"sent_to_gy_from_{z.value}" for z in not_from)

    def test(card: Card, state: State) -> bool:
        return card.zone is Zone.GY and "sent_to_gy_this_turn" in card.tags and not any(
            t in card.tags for t in tags)

    return card_local(test)


CONDITIONS.add("in_zone", "the card is in this zone", Param("zone", "zone", "hand, field, gy, banished, deck"))(
    in_zone)
CONDITIONS.add("has_tag", "the card carries this tag", Param("tag", "tag", "a tag set by the scenario"))(has_tag)
CONDITIONS.add("lacks_tag", "the card does not carry this tag", Param("tag", "tag", "a tag"))(lacks_tag)


@CONDITIONS.add("exists", "at least one card matches the filter", Param("filter", "filter", "the cards"))
def _exists(filter: CardFilter) -> Condition:
    def test(card: Card, state: State) -> bool:
        return filter.any(card, state)

    return board_local(test)  # reads the cards (CardFilter.cards_in) and nothing else


@CONDITIONS.add("none", "no card matches the filter", Param("filter", "filter", "the cards"))
def _none(filter: CardFilter) -> Condition:
    def test(card: Card, state: State) -> bool:
        return not filter.any(card, state)

    return board_local(test)  # reads the cards (CardFilter.cards_in) and nothing else


@CONDITIONS.add("count_at_least", "at least n cards match the filter",
                Param("n", "int", "how many"), Param("filter", "filter", "the cards"))
def _count_at_least(n: int, filter: CardFilter) -> Condition:
    def test(card: Card, state: State) -> bool:
        return len(filter.cards(card, state)) >= n

    return board_local(test)  # reads the cards (CardFilter.cards_in) and nothing else


@CONDITIONS.add("all_of", "every listed condition holds", Param("conditions", "conditions", "the conditions"))
def _all(conditions: Condition) -> Condition:
    return conditions


@CONDITIONS.add("any_of", "at least one listed condition holds",
                Param("conditions", "condition_list", "the conditions"))
def _any(conditions: tuple[Condition, ...]) -> Condition:
    return any_of(*conditions)


def _not(condition: Condition) -> Condition:
    def test(card: Card, state: State) -> bool:
        return not condition(card, state)

    return marked_as(test, (condition,))


CONDITIONS.add("not", "the condition (or all of the listed ones together) does not hold",
               Param("condition", "conditions", "the condition(s)"))(_not)


# --- trigger tests: (card, happening, state) -> bool -----------------------

TRIGGER_TESTS = Registry("trigger condition")


@TRIGGER_TESTS.add("from_hand", "the card left the hand (a discard from the hand)")
def _from_hand() -> TriggerTest:
    def test(card: Card, happening: Happening, state: State) -> bool:
        return happening.from_zone in (None, Zone.HAND)

    return test


@TRIGGER_TESTS.add("by_card_effect", "a card effect did it (not a cost or a rule)")
def _by_effect() -> TriggerTest:
    def test(card: Card, happening: Happening, state: State) -> bool:
        return happening.by_effect

    return test


@TRIGGER_TESTS.add("from_your_gy", "the card came from the GY of this card's controller")
def _from_own_gy() -> TriggerTest:
    def test(card: Card, happening: Happening, state: State) -> bool:
        if happening.from_zone is not Zone.GY or happening.uid < 0:
            return False
        return bool(state.card(happening.uid).owner == card.controller)

    return test


@TRIGGER_TESTS.add("monster_discarded_by_your_adjustment",
                   "a monster discarded by the hand-size adjustment of this card's controller, in their turn")
def _by_adjustment() -> TriggerTest:
    def test(card: Card, happening: Happening, state: State) -> bool:
        if not happening.by_adjustment or happening.player != card.controller:
            return False
        if card.controller != state.turn_player:
            return False
        return state.tables.behaviour(state.card(happening.uid).name).is_monster

    return test


# --- chain-link tests: (card, state, link) -> bool --------------------------

LINK_TESTS = Registry("chain-link test")


@LINK_TESTS.add("nothing", "no chain link (the effect answers only a moment)")
def _nothing() -> Responds:
    def test(card: Card, state: State, link: Link) -> bool:
        return False

    return link_local(test)  # (reads the card and the link only)


@LINK_TESTS.add("opponents_link", "a chain link of the opponent")
def _opponents() -> Responds:
    def test(card: Card, state: State, link: Link) -> bool:
        return link.controller != card.controller

    return link_local(test)  # (reads the card and the link only)


@LINK_TESTS.add("any_link", "any chain link, either player's (optionally only of one card type)",
                Param("card_type", "str", "monster, spell or trap: only a link of such a card", False))
def _any_link(card_type: str | None) -> Responds:
    if card_type is not None and card_type not in ("monster", "spell", "trap"):
        raise TermError(f"'card_type' must be monster, spell or trap, not {card_type!r}"
                        f"{did_you_mean(card_type, ('monster', 'spell', 'trap'))}")

    def test(card: Card, state: State, link: Link) -> bool:
        return card_type is None or link.card_type == card_type

    return link_local(test)  # (reads the card and the link only)


@LINK_TESTS.add("opponents_spell_activation", "the opponent's activation of a Spell card")
def _spell() -> Responds:
    def test(card: Card, state: State, link: Link) -> bool:
        return link.card_activation and link.card_type == "spell" and link.controller != card.controller

    return link_local(test)  # (reads the card and the link only)


@LINK_TESTS.add("summon_trigger", "a trigger effect that a summon set off (《イピリア》's draw)")
def _summon_trigger() -> Responds:
    def test(card: Card, state: State, link: Link) -> bool:
        effect = state.tables.text_of(link.name).effect_named(link.key)
        return isinstance(effect, Trigger) and bool(
            effect.on & {EventKind.SUMMONED, EventKind.SPECIAL_SUMMONED})

    return test

