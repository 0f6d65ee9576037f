"""Refusing a check whose query names a card the scenario it runs on can never show (see
:mod:`toolkit.core.absent_cards`): ``{possible: {event: activated, card: サイクロン}}`` of a scenario
without 《サイクロン》 would answer a silent "no"."""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.core.absent_cards import absent_card, zone_cards_read
from toolkit.core.game import Game, Position, game_of
from toolkit.fields import CardNames


def refuse_absent_cards(check: object, scenarios: Mapping[str, Position], cards: CardNames | None,
                        game: Game | None = None, default: str | None = None) -> None:
    """Raise :class:`~toolkit.history.checks.CheckError` for the first query of ``check`` naming a card
    (read as its key among ``cards``, the names every scenario may use: None, any name) that no event of
    the scenario it runs on can name; its ``scenario`` key, else ``default``, else the first of
    ``scenarios``. A scenario not given is left to the run to refuse."""
    from toolkit.history.checks import CheckError, NotCheck, QueryCheck, cards_named

    first = default if default is not None else next(iter(scenarios), None)
    stack = [check]
    while stack:
        item = stack.pop()
        if isinstance(item, NotCheck):
            stack.append(item.inner)
        elif not isinstance(item, QueryCheck):
            stack.extend(reversed(getattr(item, "items", ())))
        elif (position := scenarios.get(item.on or first or "")) is not None:
            played = game if game is not None else game_of(position)
            in_zones = zone_cards_read(p for p in (item.predicate, *item.order, item.without) if p is not None)
            absent = absent_card(cards_named(item), position, played, cards, in_zones)
            if absent is not None:
                raise CheckError(f"{item.where}: {absent}")


def zone_cards_named(check: object) -> tuple[str, ...]:
    """The cards the zone predicates of every query of ``check`` read (:func:`zone_cards_read`)."""
    from toolkit.history.checks import NotCheck, QueryCheck

    predicates: list[object] = []
    stack = [check]
    while stack:
        item = stack.pop()
        if isinstance(item, NotCheck):
            stack.append(item.inner)
        elif isinstance(item, QueryCheck):
            predicates.extend(p for p in (item.predicate, *item.order, item.without) if p is not None)
        else:
            stack.extend(reversed(getattr(item, "items", ())))
    return zone_cards_read(predicates)
