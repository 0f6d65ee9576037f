"""Refusing a check whose query names a card the scenario it runs on can never show (see
:mod:`toolkit.core.absent_cards`): ``{possible: {event: activated, card: サイクロン}}`` of a scenario
without 《サイクロン》 would answer a silent "no"."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toolkit.core.absent_cards import absent_card, cards_read, zone_cards_read
from toolkit.core.game import Game, Position, game_of
from toolkit.fields import CardNames


def _queries(check: object) -> Iterator[Any]:
    """Every query of ``check`` (inside ``and``, ``or`` and ``not``), in order."""
    from toolkit.history.checks import NotCheck, QueryCheck

    stack = [check]
    while stack:
        item = stack.pop()
        if isinstance(item, NotCheck):
            stack.append(item.inner)
        elif isinstance(item, QueryCheck):
            yield item
        else:
            stack.extend(reversed(getattr(item, "items", ())))


def cards_asked(check: object) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards the queries of ``check`` read (their ``without`` too: a card it can never name would leave
    it silently holding), and those its zone predicates read."""
    predicates = [p for q in _queries(check) for p in (q.predicate, *q.order, q.without) if p is not None]
    return tuple(dict.fromkeys(c for p in predicates for c in cards_read(p))), zone_cards_read(predicates)


def refuse_absent_cards(check: object, scenarios: Mapping[str, Position], cards: CardNames | None,
                        game: Game | None = None, default: str | None = None) -> None:
    """Raise :class:`~toolkit.history.checks.CheckError` for the first query of ``check`` naming a card
    (read as its key among ``cards``, the names every scenario may use: None, any name) that no event of
    the scenario it runs on can name, or asking one in a zone that no zone of it ever holds; its
    ``scenario`` key, else ``default``, else the first of ``scenarios``. A scenario not given is left to
    the run to refuse."""
    from toolkit.history.checks import CheckError

    first = default if default is not None else next(iter(scenarios), None)
    for item in _queries(check):
        if (position := scenarios.get(item.on or first or "")) is not None:
            played = game if game is not None else game_of(position)
            named, in_zones = cards_asked(item)
            absent = absent_card(named, position, played, cards, in_zones)
            if absent is not None:
                raise CheckError(f"{item.where}: {absent}")
