"""Which card names the events of an OCG scenario's search may carry: what a question about it may name.

An event names a card of the position (the card it happened to, or whose effect caused it), the source of a
lingering effect, or a card the board does not hold that a card's text records (the tokens of
``record_special_summon``, e.g. 《ダンディライオン》's 綿毛トークン). A search adds or reveals cards from a
deck, which is a zone of the scenario, so no other name appears. A question naming any other card could never
match: :meth:`OcgGame.names_events_may_carry <toolkit.ocg.game.OcgGame.names_events_may_carry>` answers from
here, and the question is refused rather than answered "no".

>>> from toolkit.ocg.scenario import seed_scenario
>>> carried = names_events_may_carry(seed_scenario("chain_to_dandelion_2012"))
>>> "綿毛トークン" in carried, "サイクロン" in carried, "ホルスの黒炎竜 LV８" in carried
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.memo import Memo
from toolkit.fields import CardNames
from toolkit.ocg.cards.base import CardBehaviour
from toolkit.ocg.cards.catalogue import Catalogue
from toolkit.ocg.scenario.model import Scenario, base_name

RECORDING_VERB = "record_special_summon"
"""The verb whose ``card`` names a card the board does not model (a token, an Extra Deck monster)."""


def _recorded(written: object) -> Iterator[str]:
    """The card names ``written`` (a card as its file wrote it) records with :data:`RECORDING_VERB`.

    >>> list(_recorded({"texts": [{"do": [{"record_special_summon": {"card": "テスト用トークン", "amount": 2}}]}]}))
    ['テスト用トークン']
    """
    stack = [written]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            made = item.get(RECORDING_VERB)
            if isinstance(made, dict) and isinstance(made.get("card"), str):
                yield made["card"]
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


def tokens_of(card: CardBehaviour) -> tuple[str, ...] | None:
    """The names ``card``'s text records beyond the board (its tokens), sorted; None when it cannot be read:
    a card written in Python that is not one of the toolkit's own (whose code records board cards only)."""
    if card.written is None:
        from toolkit.ocg.cards import shipped_catalogue

        return () if shipped_catalogue().get(card.name) is card else None
    return tuple(sorted(set(_recorded(card.written))))


def _catalogue_tokens(catalogue: Catalogue) -> tuple[str, ...]:
    """Every name a card of ``catalogue`` records beyond the board and no card of it has, sorted."""
    found: set[str] = set()
    for name in catalogue:
        found.update(tokens_of(catalogue.behaviour(name)) or ())
    return tuple(sorted(n for n in found if n not in catalogue))


_NAMES: Memo[Catalogue, CardNames] = Memo(16)
"""The names a question may read per catalogue (a value, keyed by its user cards' content)."""


def names_with_tokens(catalogue: Catalogue) -> CardNames:
    """``catalogue``'s card names with the tokens its cards make, so that a question may name a token.

    >>> from toolkit.ocg.cards import default_catalogue
    >>> names_with_tokens(default_catalogue()).lookup("綿毛トークン")
    '綿毛トークン'
    """
    known = _NAMES.get(catalogue)
    if known is not None:
        return known
    tokens = _catalogue_tokens(catalogue)
    names = catalogue.card_names if not tokens else CardNames(
        (*catalogue.names(), *tokens), {n: catalogue.behaviour(n).english for n in catalogue},
        {n: (*catalogue.behaviour(n).aliases, catalogue.behaviour(n).reading) for n in catalogue})
    return _NAMES.put(catalogue, names)


def names_events_may_carry(position: object) -> frozenset[str] | None:
    """The card keys an event of a search from ``position`` may name (see the module docstring); None for a
    position other than a scenario, or one holding a card written in Python whose tokens cannot be read."""
    if not isinstance(position, Scenario):
        return None
    catalogue = position.catalogue
    names = set(position.card_names())
    for effect in position.lingering:
        names.add(base_name(effect.source))
        if effect.target:
            names.add(base_name(effect.target))
    for name in tuple(names):
        card = catalogue.get(name)
        tokens = tokens_of(card) if card is not None else ()
        if tokens is None:
            return None
        names.update(tokens)
    return frozenset(names)


def never_in_a_zone(position: object, card: str) -> str | None:
    """Why no zone of a search from ``position`` (a scenario) ever holds ``card``: the board is set up from
    the scenario's zones and no card enters one from outside it (a token is only recorded, by the event of
    its summon); None when ``card`` is one of its cards, or ``position`` is not a scenario.

    >>> from toolkit.ocg.scenario import seed_scenario
    >>> never_in_a_zone(seed_scenario("chain_to_dandelion_2012"), "綿毛トークン")
    '「ダンディライオン」 makes it and records its summon as an event only (a token, an Extra Deck monster: no zone holds one): ask {event: special_summoned, card: 綿毛トークン}'
    >>> never_in_a_zone(seed_scenario("chain_to_dandelion_2012"), "ダンディライオン") is None
    True
    """
    from toolkit.fields import card_quote

    if not isinstance(position, Scenario):
        return None
    held = position.card_names()
    if card in held:
        return None
    catalogue = position.catalogue
    makers = sorted(n for n in held if (made := catalogue.get(n)) is not None
                    and card in (tokens_of(made) or ()))
    if makers:
        return (f"{card_quote(makers[0])} makes it and records its summon as an event only (a token, an Extra "
                f"Deck monster: no zone holds one): ask {{event: special_summoned, card: {card}}}")
    return "no zone of it holds that card at the start, and no card enters a zone from outside the scenario"
