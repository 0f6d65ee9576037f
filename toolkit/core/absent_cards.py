"""Refusing a question about a card its scenario cannot show.

A question is answered from the events and outcomes of a search. A card that no event of that search can
name (《サイクロン》 asked of a scenario without it) would make the question a silent "no" (or, under
``not``, a silent "yes"): it could never match. Each game says which names its events may carry
(:meth:`~toolkit.core.game.Game.names_events_may_carry`: the position's cards, the tokens they make, their
other sides); a known card outside them is refused here, in card words. A name that is no card at all is
left to the existing "Unknown card" error, and a game that cannot tell refuses nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePath
from typing import Any

from toolkit.fields import CardNames, card_quote


def scenario_label(position: Any) -> str:
    """How a message names a scenario: its file's stem (``horus_lv6_veiler_2011``), else its title, else
    "this scenario"."""
    source = getattr(position, "source", None)
    if isinstance(source, str) and source:
        return PurePath(source).stem
    title = getattr(position, "title", None)
    return title if isinstance(title, str) and title else "this scenario"


def absent_card(names: Iterable[str], position: Any, game: Any, known: CardNames | None = None,
                in_zones: Iterable[str] = ()) -> str | None:
    """The message refusing the first of ``names`` (card keys a question reads) that is a card
    (``known``: the names it is read among, None: any name counts as one) but that no event of a search
    from ``position`` can name, then of ``in_zones`` (the cards zone predicates read) one no zone of it
    ever holds (a token, a lingering effect's source: :meth:`~toolkit.core.game.Game.never_in_a_zone`);
    None when every one may appear, or ``game`` cannot tell.

    >>> from toolkit.core.game import game_named
    >>> ocg = game_named("ocg")
    >>> horus = ocg.seed_scenario("horus_lv6_veiler_2011")
    >>> absent_card(["サイクロン"], horus, ocg, ocg.position_card_names(horus))
    '「サイクロン」 (Mystical Space Typhoon) is not in horus_lv6_veiler_2011: no event of it can name that card'
    >>> absent_card(["エフェクト・ヴェーラー", "no such card"], horus, ocg, ocg.position_card_names(horus)) is None
    True
    """
    asked = tuple(names)
    told = game.names_events_may_carry(position) if asked else None
    carried: frozenset[str] = frozenset(asked) if told is None else told  # None: cannot tell, none refused
    for name in asked:
        if name in carried or (known is not None and known.lookup(name) != name):
            continue
        shown = known.show(name) if known is not None else card_quote(name)
        return f"{shown} is not in {scenario_label(position)}: no event of it can name that card"
    for name in dict.fromkeys(in_zones):
        never = game.never_in_a_zone(position, name)
        if never is not None and (known is None or known.lookup(name) == name):
            shown = known.show(name) if known is not None else card_quote(name)
            return f"{shown} is never in a zone of {scenario_label(position)}: {never}"
    return None


def cards_read(predicate: Any) -> tuple[str, ...]:
    """The cards a predicate reads (``card`` and ``by``, inside ``not``, ``all`` and ``any`` too), in order.

    >>> from toolkit.core.predicates import parse_predicate
    >>> cards_read(parse_predicate({"not": {"any": [{"event": "activated", "card": "サイクロン"},
    ...                                             {"zone": "graveyard", "card": "ダンディライオン"}]}}))
    ('サイクロン', 'ダンディライオン')
    """
    found: list[str] = []
    stack = [predicate]
    while stack:
        part = stack.pop()
        found.extend(c for c in (getattr(part, "card", None), getattr(part, "by", None))
                     if isinstance(c, str) and c not in found)
        inner = getattr(part, "inner", None)
        stack.extend(reversed([*(() if inner is None else (inner,)), *(getattr(part, "items", ()) or ())]))
    return tuple(found)


def zone_cards_read(predicates: Iterable[Any]) -> tuple[str, ...]:
    """The cards the zone predicates among ``predicates`` read (inside ``not``, ``all`` and ``any`` too).

    >>> from toolkit.core.predicates import parse_predicate
    >>> zone_cards_read([parse_predicate({"any": [{"event": "activated", "card": "サイクロン"},
    ...                                           {"not": {"zone": "field", "card": "綿毛トークン"}}]})])
    ('綿毛トークン',)
    """
    found: list[str] = []
    stack = list(predicates)
    while stack:
        part = stack.pop()
        card = getattr(part, "card", None)
        if isinstance(getattr(part, "zone", None), str) and isinstance(card, str) and card not in found:
            found.append(card)
        inner = getattr(part, "inner", None)
        stack.extend(reversed([*(() if inner is None else (inner,)), *(getattr(part, "items", ()) or ())]))
    return tuple(found)


def refuse_absent(predicate: Any, position: Any, game: Any, known: CardNames | None, where: str) -> None:
    """Raise :class:`~toolkit.core.predicates.PredicateError` (``where``: the field it names) when
    ``predicate`` reads a card no event of a search from ``position`` can name (:func:`absent_card`)."""
    from toolkit.core.predicates import PredicateError

    absent = absent_card(cards_read(predicate), position, game, known, zone_cards_read([predicate]))
    if absent is not None:
        raise PredicateError(f"{where}: {absent}")
