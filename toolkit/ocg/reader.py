"""What card conditions and effects read of a position: :class:`PositionReader`, the read API
that the immutable ``State`` and the mutable ``Board`` share.

>>> from toolkit.ocg.setup import initial_state
>>> from toolkit.ocg.scenario import scenario_from_dict
>>> state = initial_state(scenario_from_dict({"title": "t", "turn_player": "A", "players": {
...     "A": {"hand": ["ライトロード・マジシャン ライラ"]}}}))
>>> state.hand_size("A"), state.lp("B"), state.non_turn_player
(1, 8000, 'B')
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.core.durations import Lingering
from toolkit.core.values import PLAYERS, other, player_index
from toolkit.ocg.cards.base import CardText, Continuous, ContinuousKind
from toolkit.ocg.negation import draining, lingering_negator
from toolkit.ocg.values import ZONE_DECK, ZONE_FIELD, ZONE_HAND, Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.rulesets import Ruleset
    from toolkit.ocg.tables import PositionTables

_DRAIN = ContinuousKind.NEGATE_EFFECT_MONSTERS


class PositionReader:
    """The read API shared by :class:`State` and the mutable ``Board``.

    Card conditions and effects receive either; both expose ``cards``,
    ``decks``, ``anonymous`` (per player: deck, hand, graveyard counts of
    unnamed cards), ``life``, ``lingering``, ``tables``, ``ruleset`` and
    ``turn_player``, and read them only through these methods.
    """

    __slots__ = ()

    cards: "tuple[Card, ...] | list[Card]"
    decks: "tuple[tuple[int, ...], tuple[int, ...]] | list[list[int]]"
    anonymous: "tuple[tuple[int, int, int], tuple[int, int, int]] | list[list[int]]"
    life: "tuple[int, int] | list[int]"
    lingering: "tuple[Lingering, ...] | list[Lingering]"
    ruleset: "Ruleset"
    turn_player: str
    tables: "PositionTables"
    """The position's fixed lookups (card texts, pre-check sets): a slot of each reader."""

    @property
    def non_turn_player(self) -> str:
        return other(self.turn_player)

    @property
    def as_of(self) -> datetime.date | None:
        """The date whose card texts apply (None: today's texts)."""
        return self.ruleset.as_of

    def card(self, uid: int) -> Card:
        return self.cards[uid]

    def text(self, card: Card) -> CardText:
        """The text version of ``card`` in force for this position."""
        return self.tables.text_of(card.name)

    def cards_in(self, player: str | None, zone: Zone) -> list[Card]:
        """Cards of ``player`` (controller; None: both) in ``zone``; a deck in order, top first."""
        if zone is ZONE_DECK:
            players = PLAYERS if player is None else (player,)
            return [self.cards[u] for p in players for u in self.decks[player_index(p)]]
        return [c for c in self.cards if c.zone is zone and (player is None or c.controller == player)]

    def hand_size(self, player: str) -> int:
        named = sum(1 for c in self.cards if c.zone is ZONE_HAND and c.controller == player)
        return named + self.anonymous[player_index(player)][1]

    def lp(self, player: str) -> int:
        return self.life[player_index(player)]

    def is_negated(self, uid: int) -> bool:
        """Whether a lingering effect (e.g. Veiler) or a continuous one (Skill Drain) negates the card's effects."""
        tables = self.tables
        if self.lingering and uid in tables.lingering_summary(self.lingering).negating:
            return True
        if _DRAIN in tables.continuous_kinds:
            return draining(self, uid) is not None
        return False

    def negated_by(self, uid: int) -> str | None:
        """The card whose effect negates the card's effects (a lingering one first; None: none does)."""
        return lingering_negator(self, uid) or draining(self, uid)

    def continuous_effects(self, kind: ContinuousKind) -> Iterator[tuple[str, Card | None, Continuous]]:
        """Every active no-chain-link effect of ``kind``: (controller, card or None, effect).

        Sources: face-up cards' ``continuous`` (unless negated) and lingering
        effects' ``continuous`` (Pikeru's Circle).
        """
        tables = self.tables
        if kind in tables.continuous_kinds:  # (the card texts' kinds: no card has one of another kind)
            for uid in tables.continuous_uids:
                c = self.cards[uid]
                if c.zone is not ZONE_FIELD:
                    continue
                for eff in tables.text[c.name].continuous:
                    if eff.kind is kind and eff.active(c, self) and not self.is_negated(c.uid):  # type: ignore[arg-type]
                        yield c.controller, c, eff
        lingering = self.lingering
        if lingering and kind in tables.lingering_summary(lingering).kinds:
            for item in lingering:
                effect = tables.lingering_effect_of(item)
                if effect is None:
                    continue
                for eff in effect.continuous:
                    if eff.kind is kind:
                        yield item.controller, None, eff

    def continuous_active(self, kind: ContinuousKind, controller: str | None = None) -> bool:
        tables = self.tables
        if kind not in tables.continuous_kinds and (
                not self.lingering or kind not in tables.lingering_summary(self.lingering).kinds):
            return False
        return any(controller is None or who == controller for who, _c, _e in self.continuous_effects(kind))
