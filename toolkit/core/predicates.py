"""A small predicate language over outcomes, usable from YAML / CSV data.

Predicates (plain mappings, e.g. parsed from YAML):

==========================================  ==================================
``{event: activated, card: X}``             an event of that kind (and card,
                                            player, amount, detail, by: the
                                            card that caused it) happened
``{not: P}`` / ``{all: [P, ...]}`` /        negation, conjunction, disjunction
``{any: [P, ...]}``
``{loop: true}``                            the line ends in a repeating position
``{zone: banished, card: X, player: A}``    at the end, X is in that zone
``{hand: TP, at_most: 6}``                  at the end, that hand holds ≤ 6
``{life: NTP, equals: 7700}``               at the end, that player's LP
==========================================  ==================================

Players are "A", "B", "TP" or "NTP".  Quantifiers (:func:`parse_query`):
``possible`` (in some line), ``always`` (in every line), ``default`` (on
the line where both pass whenever they may: the "pass" policy of
:mod:`toolkit.core.policies`, whatever ``resolve()`` plays by default), ``force:TP`` / ``force:NTP``
/ ``force:A`` / ``force:B`` (that player can guarantee it).

>>> p = parse_predicate({"event": "activated", "card": "ヒステリック・サイン"})
>>> p
HasEvent(kind='activated', card='ヒステリック・サイン')
>>> parse_query({"force:TP": {"not": {"event": "milled"}}})
Query(quantifier='force:TP', predicate=Not(inner=HasEvent(kind='milled')))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from toolkit.core.summary_names import lists_card
from toolkit.core.values import LOOP, Event, Outcome, other
from toolkit.errors import ToolkitError, quoted
from toolkit.fields import COPY_MARK, CardNames

EVENT_FIELD_NAMES = ("card", "player", "amount", "detail", "by")
"""What an event predicate may narrow: the card it happened to, the player, amount and detail, and
``by``, the card whose effect or process caused it."""
QUANTIFIERS = ("possible", "always", "default", "force:TP", "force:NTP", "force:A", "force:B")
ROLES = ("A", "B", "TP", "NTP")


class PredicateError(ToolkitError, ValueError):
    """A predicate or query that cannot be read; names the offending key."""


def resolve_role(player: str, turn_player: str) -> str:
    """"TP"/"NTP" -> "A"/"B" given the turn player."""
    if player == "TP":
        return turn_player
    if player == "NTP":
        return other(turn_player)
    return player


class Predicate(Protocol):
    def holds(self, outcome: Outcome, turn_player: str) -> bool: ...
    def relevant(self, event: Event, turn_player: str) -> bool: ...


def _short_repr(obj: object, names: Sequence[str]) -> str:
    parts = []
    for i, name in enumerate(names):
        value = getattr(obj, name)
        if i == 0 or value is not None:
            parts.append(f"{name}={quoted(value)}")
    return f"{type(obj).__name__}({', '.join(parts)})"


@dataclass(frozen=True)
class HasEvent:
    kind: str
    card: str | None = None
    player: str | None = None
    amount: int | None = None
    detail: str | None = None
    by: str | None = None

    def relevant(self, event: Event, turn_player: str) -> bool:
        if event.kind != self.kind:
            return False
        if self.card is not None and event.card != self.card:
            return False
        if self.by is not None and event.by != self.by:
            return False
        if self.player is not None and event.player != resolve_role(self.player, turn_player):
            return False
        if self.amount is not None and event.amount != self.amount:
            return False
        return self.detail is None or event.detail == self.detail

    def holds(self, outcome: Outcome, turn_player: str) -> bool:
        return any(self.relevant(e, turn_player) for e in outcome.events)

    def __repr__(self) -> str:
        return _short_repr(self, ("kind", "card", "player", "amount", "detail", "by"))


@dataclass(frozen=True)
class Not:
    inner: Predicate

    def holds(self, outcome: Outcome, turn_player: str) -> bool:
        return not self.inner.holds(outcome, turn_player)

    def relevant(self, event: Event, turn_player: str) -> bool:
        return self.inner.relevant(event, turn_player)


@dataclass(frozen=True)
class AllOf:
    items: tuple[Predicate, ...]

    def holds(self, outcome: Outcome, turn_player: str) -> bool:
        return all(p.holds(outcome, turn_player) for p in self.items)

    def relevant(self, event: Event, turn_player: str) -> bool:
        return any(p.relevant(event, turn_player) for p in self.items)


@dataclass(frozen=True)
class AnyOf:
    items: tuple[Predicate, ...]

    def holds(self, outcome: Outcome, turn_player: str) -> bool:
        return any(p.holds(outcome, turn_player) for p in self.items)

    def relevant(self, event: Event, turn_player: str) -> bool:
        return any(p.relevant(event, turn_player) for p in self.items)


@dataclass(frozen=True)
class IsLoop:
    expected: bool = True

    def holds(self, outcome: Outcome, turn_player: str) -> bool:
        return outcome.is_loop == self.expected

    def relevant(self, event: Event, turn_player: str) -> bool:
        return event.kind == LOOP


@dataclass(frozen=True)
class InZone:
    """At the end, ``card`` is in ``zone``; ``game``: the game whose summaries it reads (a name there may
    carry a mark of the card's state, "X (tapped)"; None: any registered game's)."""

    zone: str
    card: str
    player: str | None = None
    game: str | None = field(default=None, repr=False, compare=False)

    def holds(self, outcome: Outcome, turn_player: str) -> bool:
        players = ("A", "B") if self.player is None else (resolve_role(self.player, turn_player),)
        return any(lists_card(outcome.summary.names(p, self.zone), self.card, self.game) for p in players)

    def relevant(self, event: Event, turn_player: str) -> bool:
        return False


@dataclass(frozen=True)
class Count:
    """A number at the end of the line: ``what`` is "hand" or "life"."""

    what: str
    player: str
    equals: int | None = None
    at_most: int | None = None
    at_least: int | None = None

    def holds(self, outcome: Outcome, turn_player: str) -> bool:
        who = resolve_role(self.player, turn_player)
        if self.what == "hand":
            value = outcome.summary.count(who, "hand")
        else:
            value = dict(outcome.summary.life)[who]
        if self.equals is not None and value != self.equals:
            return False
        if self.at_most is not None and value > self.at_most:
            return False
        return self.at_least is None or value >= self.at_least

    def relevant(self, event: Event, turn_player: str) -> bool:
        return False


@dataclass(frozen=True)
class Query:
    quantifier: str
    predicate: Predicate


def _player(value: Any, key: str) -> str:
    if value not in ROLES:
        raise PredicateError(f"{key}: player must be one of {', '.join(ROLES)}, not {quoted(value)}")
    return str(value)


def _int(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PredicateError(f"{key}: expected a whole number, not {quoted(value)}")
    return value


def _only(keys: set[Any], allowed: set[str], where: str, what: str, example: str) -> None:
    """Refuse a key ``what`` does not read: a misspelt one (``playr``) was dropped without a word, and the
    question answered without it."""
    extra = sorted(str(k) for k in keys - allowed)
    if extra:
        raise PredicateError(f"{where}: {what} has no key {', '.join(map(quoted, extra))} (its keys: "
                             f"{', '.join(sorted(allowed))}; e.g. {example})")


def _possible_bounds(what: str, bounds: dict[str, int], where: str) -> None:
    """Refuse bounds no hand or LP can meet (a question that could never match would answer a silent no):
    below 0, or a least above a most."""
    for key in ("equals", "at_most"):
        if bounds.get(key, 0) < 0:
            raise PredicateError(f"{where}.{key}: {'a hand holds' if what == 'hand' else 'LP are'} 0 or more, so "
                                 f"{key}: {bounds[key]} could never match")
    for low, high in (("at_least", "at_most"), ("equals", "at_most"), ("at_least", "equals")):  # (every pair)
        if low in bounds and high in bounds and bounds[low] > bounds[high]:
            raise PredicateError(f"{where}: {low}: {bounds[low]} and {high}: {bounds[high]} could never both hold")


def _yaml_text(text: str, where: str) -> Any:
    from toolkit.errors import FileError
    from toolkit.files import parse_yaml

    try:
        return parse_yaml(text).data
    except FileError as exc:
        raise PredicateError(f"{where}: cannot read {quoted(text)} as YAML: {exc}") from None


def _known(what: str, game: Any = None) -> frozenset[str]:
    """The event kinds or zones ``game`` has (None: some registered game has), what a predicate may name."""
    from toolkit.core.game import registered_games

    found: set[str] = {LOOP} if what == "event_kinds" else set()
    for one in registered_games() if game is None else (game,):
        found |= getattr(one, what)
    return frozenset(found)


_MERGED: list[tuple[tuple[CardNames, ...], CardNames]] = []
"""The last merge of the games' card names (the games' own tables, kept alive, and the merge)."""


def _every_game_names(listed: tuple[CardNames, ...]) -> CardNames:
    """One table of every game's card names; built again only when a game's
    table is a new one (a card was registered since)."""
    if _MERGED:
        known, merged = _MERGED[0]
        if len(known) == len(listed) and all(a is b for a, b in zip(known, listed)):
            return merged
    merged = CardNames.merge(listed)
    _MERGED[:] = [(listed, merged)]
    return merged


def unknown_card(value: str, cards: CardNames | None = None) -> str | None:
    """The message for a card name no registered game has (with the nearest
    names), or None when a game has it, or when some game cannot list its
    cards (then no name can be refused). Checks call it once their scenarios
    are loaded, with ``cards`` the names their positions may use (a scenario's
    own ``cards:`` among them; None: every registered game's cards).

    >>> unknown_card("ヒステリック・サイン") is None
    True
    >>> unknown_card("ヒステリック・サイソ").startswith("Unknown card 「ヒステリック・サイソ」 — did you mean 「ヒステリック・サイン」")
    True
    """
    if cards is not None:
        names = cards
    else:
        from toolkit.core.game import registered_games

        games = registered_games()
        listed = tuple(known for game in games if (known := game.card_names()) is not None)
        if not listed or len(listed) != len(games):
            return None
        names = _every_game_names(listed)
    if names.lookup(value) is not None or value.partition(COPY_MARK)[0] in names.keys:
        return None
    return names.unknown(value)


def card_key(value: str, cards: CardNames | None = None) -> str:
    """The key of the card ``value`` names (English, kana or width folded),
    among ``cards`` (None: the cards the games know); ``value`` itself when none has it.

    >>> card_key("hysteric sign")
    'ヒステリック・サイン'
    """
    return str(_card(value, "card", False, cards))


def copy_labels(position: Any) -> tuple[str, ...]:
    """The copies a position marks (``異次元の生還者#1``): what a refused copy mark names."""
    return tuple(sorted({str(c.label) for c in getattr(position, "cards", ())
                         if COPY_MARK in str(getattr(c, "label", ""))}))


def _no_copy_mark(name: str, where: str, copies: Sequence[str]) -> None:
    """Refuse a copy mark: an outcome lists its cards (and events) by name, so a question about one
    copy could never match and would answer a silent "no"."""
    if COPY_MARK not in name:
        return
    base = name.partition(COPY_MARK)[0].rstrip()
    these = [c for c in copies if c.partition(COPY_MARK)[0].rstrip() == base]
    there = (f"; this scenario's copies are {', '.join(these)}" if these
             else "; this scenario marks no copy of it" if copies else "")
    raise PredicateError(f"{where}: {quoted(name)} names one copy, but a question's outcome names cards, not "
                         f"copies (they are not told apart), so it could never match; write card: {base}{there}")


def _card(value: Any, where: str, known_only: bool, cards: CardNames | None = None,
          copies: Sequence[str] = ()) -> Any:
    """The card a predicate names, as the games key it: a name written in
    English, hiragana or another width is read as its card. With
    ``known_only``, when every game can list its cards, a name none has is
    refused with the nearest names (a card registered later, e.g. by a
    scenario's own ``cards:``, may be named without it)."""
    if not isinstance(value, str):
        return value
    if cards is not None:
        names, every = cards, True
    else:
        from toolkit.core.game import registered_games

        games = registered_games()
        listed = tuple(known for game in games if (known := game.card_names()) is not None)
        names, every = _every_game_names(listed), bool(listed) and len(listed) == len(games)
    found = names.lookup(value)
    if found is not None:
        _no_copy_mark(found, where, copies)
        return found
    if known_only and every and value.partition(COPY_MARK)[0] not in names.keys:
        raise PredicateError(f"{where}: {names.unknown(value)}")
    _no_copy_mark(value, where, copies)
    return value


_INSTEAD = {("milled", "card"): "the card whose effect milled is its by: {event: milled, by: ...}; the cards "
                                "milled are sent_to_gy events: {event: sent_to_gy, card: ...}",
            ("drew", "card"): "a draw names the player and how many, not the cards drawn; the card whose effect "
                              "drew is its by: {event: drew, by: ...}",
            ("lp_gained", "card"): "the card whose effect gained the LP is its by: {event: lp_gained, by: ...}",
            ("hand_adjusted", "by"): "the hand-size adjustment is a rule of the game, no card's effect",
            ("phase_started", "by"): "a phase starts by the rules, no card's effect",
            ("hand_adjusted", "card"): "the cards discarded are discarded events: {event: discarded, card: ...}"}
"""Where the fact a refused field asks for is recorded instead."""


def event_fields(kind: str, game: Any = None) -> tuple[str, ...]:
    """The fields (card, player, amount, detail, by) some event of ``kind`` carries in ``game`` (None:
    in any registered game), from each game's own table (``Game.event_fields``, generated from its
    code); every field for a kind the table lacks, or a game without a table.

    >>> from toolkit.core.game import game_named
    >>> event_fields("milled", game_named("ocg"))
    ('player', 'amount', 'by')
    >>> event_fields("hand_adjusted", game_named("ocg"))
    ('player', 'amount')
    """
    from toolkit.core.game import registered_games

    every = EVENT_FIELD_NAMES
    tables = [getattr(g, "event_fields", None) for g in ([game] if game is not None else registered_games())]
    found: set[str] = set()
    for table in tables:
        if table is None or (game is not None and kind not in table):
            return every
        found.update(table.get(kind, ()))
    return tuple(f for f in every if f in found) if found else every


def _a(word: str) -> str:
    """``word`` with its indefinite article: "an activated", "a milled"."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _check_fields(kind: str, given: set[str], where: str, game: Any) -> None:
    """Refuse a field no event of ``kind`` carries: the question could never match, so it would
    answer a silent "no"."""
    carried = event_fields(kind, game)
    for field_name in EVENT_FIELD_NAMES:
        if field_name in given and field_name not in carried:
            instead = _INSTEAD.get((kind, field_name))
            raise PredicateError(
                f"{where}.{field_name}: {_a(kind)} event never carries {_a(field_name)} (it has "
                f"{', '.join(carried) or 'no field'}), so this question could never match"
                + (f"; {instead}" if instead else "") + " — see the event table in docs/questions.md")


def parse_predicate(data: Any, where: str = "predicate", *, known_cards_only: bool = False,
                    game: Any = None, cards: CardNames | None = None, copies: Sequence[str] = ()) -> Predicate:
    """Read a predicate from plain data (see the module docstring); card names
    are read as their cards' keys, and with ``known_cards_only`` a name no
    card has is refused. ``game`` (a :class:`~toolkit.core.game.Game`): the
    game the question is about, whose events and zones alone it may name
    (None: any registered game's).

    A string is read as YAML flow text, so a CSV cell can hold a predicate:

    >>> parse_predicate("{event: activated, card: ヒステリック・サイン}")
    HasEvent(kind='activated', card='ヒステリック・サイン')
    """
    if isinstance(data, str):
        if data == "loop":
            return IsLoop()
        data = _yaml_text(data, where)
    if not isinstance(data, Mapping):
        raise PredicateError(f"{where}: expected a mapping such as {{event: activated, card: ...}}, got {quoted(data)}")
    keys = set(data)
    if "not" in keys:
        if keys != {"not"}:
            raise PredicateError(f"{where}: 'not' takes no other keys ({sorted(keys - {'not'})})")
        return Not(parse_predicate(data["not"], f"{where}.not", known_cards_only=known_cards_only, game=game,
                                   cards=cards, copies=copies))
    for name, cls in (("all", AllOf), ("any", AnyOf)):
        if name in keys:
            items = data[name]
            if keys != {name} or not isinstance(items, Sequence) or isinstance(items, str):
                raise PredicateError(f"{where}: '{name}' takes a list and no other keys")
            return cls(tuple(parse_predicate(p, f"{where}.{name}[{i}]", known_cards_only=known_cards_only,
                                             game=game, cards=cards, copies=copies)
                             for i, p in enumerate(items)))
    if "loop" in keys:
        _only(keys, {"loop"}, where, "a loop predicate", "{loop: true}")
        if not isinstance(data["loop"], bool):
            raise PredicateError(f"{where}.loop: write loop: true (the line repeats a position for ever) or "
                                 f"loop: false, not {quoted(data['loop'])}")
        return IsLoop(data["loop"])
    if "event" in keys:
        kind = data["event"]
        known = _known("event_kinds", game)
        if not isinstance(kind, str):
            raise PredicateError(f"{where}.event: an event is one kind, such as activated, not {quoted(kind)}")
        for named in ("card", "by"):
            if data.get(named) is not None and not isinstance(data[named], str):
                raise PredicateError(f"{where}.{named}: a card is one name, such as ヒステリック・サイン, "
                                     f"not {quoted(data[named])}")
        if kind not in known:
            import difflib

            close = difflib.get_close_matches(str(kind), sorted(known), n=3, cutoff=0.6)
            nearest = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise PredicateError(f"{where}.event: unknown event {quoted(kind)}{nearest}; "
                                 f"known: {', '.join(sorted(known))}")
        extra = keys - {"event", *EVENT_FIELD_NAMES}
        if extra:
            rest = sorted(map(str, extra))
            comma = ""
            order = list(data)
            split = [k for k in order[:order.index(min(extra, key=order.index))] if k in ("card", "by")]
            if split and isinstance(data[split[-1]], str) and all(data[k] is None for k in extra):
                # YAML flow text split "card: Incredible Ecclesia, the Virtuous" at its comma
                named = split[-1]
                comma = f'; quote a name that holds a comma: {named}: "{data[named]}, {", ".join(rest)}"'
            raise PredicateError(f"{where}: an event predicate has no key {', '.join(map(quoted, rest))} "
                                 f"(its keys: event, {', '.join(EVENT_FIELD_NAMES)}){comma}")
        _check_fields(kind, {k for k in EVENT_FIELD_NAMES if data.get(k) is not None}, where, game)
        return HasEvent(
            kind=kind,
            card=_card(data.get("card"), f"{where}.card", known_cards_only, cards, copies),
            player=_player(data["player"], f"{where}.player") if "player" in data else None,
            amount=_int(data["amount"], f"{where}.amount") if "amount" in data else None,
            detail=data.get("detail"),
            by=_card(data.get("by"), f"{where}.by", known_cards_only, cards, copies),
        )
    if "zone" in keys:
        zones = _known("zones", game)
        if data["zone"] not in zones:
            raise PredicateError(f"{where}.zone: unknown zone {quoted(data['zone'])}; known: {', '.join(sorted(zones))}")
        if "card" not in data:
            raise PredicateError(f"{where}: a zone predicate needs 'card'")
        _only(keys, {"zone", "card", "player"}, where, "a zone predicate", "{zone: graveyard, card: NAME, player: A}")
        if not isinstance(data["card"], str):
            raise PredicateError(f"{where}.card: a card is one name, such as ヒステリック・サイン, not {quoted(data['card'])}")
        return InZone(data["zone"], _card(data["card"], f"{where}.card", known_cards_only, cards, copies),
                      _player(data["player"], f"{where}.player") if "player" in data else None,
                      None if game is None else str(game.name))
    for what in ("hand", "life"):
        if what in keys:
            example = f"{{{what}: A, at_most: {3 if what == 'hand' else 4000}}}"
            if isinstance(data[what], Mapping):
                raise PredicateError(f"{where}.{what}: '{what}' names the player, and the bounds stand beside it: "
                                     f"write {example}")
            _only(keys, {what, "equals", "at_most", "at_least"}, where, f"a {what} predicate", example)
            bounds = {k: _int(data[k], f"{where}.{k}") for k in ("equals", "at_most", "at_least") if k in data}
            if not bounds:
                raise PredicateError(f"{where}: '{what}' needs equals, at_most or at_least (e.g. {example})")
            _possible_bounds(what, bounds, where)
            return Count(what, _player(data[what], f"{where}.{what}"), **bounds)
    written = f"not {', '.join(quoted(str(k)) for k in list(data)[:5])}" if data else "and this one is empty"
    raise PredicateError(f"{where}: a predicate starts with event, zone, hand, life, loop, not, all or any, "
                         f"{written}")


def parse_query(data: Any, where: str = "query", *, known_cards_only: bool = False, game: Any = None,
                cards: CardNames | None = None, copies: Sequence[str] = ()) -> Query:
    """Read ``{quantifier: predicate}``, e.g. ``{possible: {event: activated, card: X}}``
    (a mapping, or the same as YAML flow text); ``known_cards_only`` and ``game`` as for
    :func:`parse_predicate`."""
    if isinstance(data, str):
        data = _yaml_text(data, where)
    if not isinstance(data, Mapping) or len(data) != 1:
        raise PredicateError(f"{where}: expected one quantifier ({', '.join(QUANTIFIERS)}) mapping to a predicate")
    ((quantifier, body),) = data.items()
    if quantifier not in QUANTIFIERS:
        raise PredicateError(f"{where}: unknown quantifier {quoted(quantifier)}; known: {', '.join(QUANTIFIERS)}")
    return Query(str(quantifier), parse_predicate(body, f"{where}.{quantifier}", known_cards_only=known_cards_only,
                                                  game=game, cards=cards, copies=copies))
