"""A mutable working copy of a :class:`DMState` while one action resolves.

Card behaviours act on a :class:`DMBoard` (move, destroy, draw, flip …); the
board records the events and notes of the step, collects the abilities that
trigger meanwhile, applies replacement effects (a lingering 「…マナゾーンに置く」
effect) and the rule that destroys a creature whose power is 0 or less.
``freeze`` gives the next immutable state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from toolkit.core.durations import Lingering
from toolkit.core.game import Note
from toolkit.core.values import Event, other
from toolkit.duel_masters.events import EventKind
from toolkit.duel_masters.rules import TurnEndRules
from toolkit.duel_masters.state import DMCard, DMState, DMZone, Waiting

__all__ = ["DMBoard"]

TO_MANA_INSTEAD = "opponents_creatures_to_mana"
"""The lingering effect whose controller's opponent puts creatures into the mana zone instead."""


class DMBoard:
    """What one action changes (see the module docstring)."""

    def __init__(self, state: DMState, rule: str) -> None:
        self.state = state
        self.rule = rule
        """The rule under which this action's effects happen: the notes of card
        effects and of the power check cite it."""
        self.cards: list[DMCard] = list(state.cards)
        self.decks: list[list[int]] = [list(state.decks[0]), list(state.decks[1])]
        self.lingering: list[Lingering] = list(state.lingering)
        self.destroyed: set[int] = set(state.destroyed_this_turn)
        self.left_weapons: dict[int, int] = dict(state.left_weapons)
        """creature uid -> the Dragheart Weapon left unequipped when it last left the battle zone."""
        self.events: list[Event] = []
        self.notes: list[Note] = []
        self.triggered: list[Waiting] = []
        self.rest_skipped = state.rest_skipped
        self.by: str | None = None
        """The card whose ability is being used or resolved: the ``by`` of the events it makes (None: a rule)."""

    # --- reading --------------------------------------------------------------

    @property
    def turn_player(self) -> str:
        return self.state.turn_player

    @property
    def ruleset(self) -> TurnEndRules:
        return self.state.ruleset

    def card(self, uid: int) -> DMCard:
        return self.cards[uid]

    def in_zone(self, player: str | None, zone: DMZone) -> list[DMCard]:
        return [c for c in self.cards if c.zone is zone and (player is None or c.owner == player)]

    def creatures(self, player: str | None) -> list[DMCard]:
        from toolkit.duel_masters.cards import behaviour

        return [c for c in self.in_zone(player, DMZone.BATTLE) if behaviour(c.name).is_creature]

    def lingering_active(self, effect: str, controller: str) -> Lingering | None:
        for item in self.lingering:
            if item.effect == effect and item.controller == controller:
                return item
        return None

    def power(self, uid: int) -> int | None:
        """The creature's power now (None when the scenario gives none): printed
        power, lingering bonuses on it, and continuous modifiers of cards in play."""
        from toolkit.duel_masters.cards import behaviour

        card = self.cards[uid]
        base = card.power if card.power is not None else behaviour(card.name).power
        if base is None or card.zone is not DMZone.BATTLE:
            return None
        total = base
        for item in self.lingering:
            if item.target == uid:
                total += behaviour(item.source).lingering_power.get(item.effect, 0)
        for other_card in self.cards:
            if other_card.zone is DMZone.BATTLE:
                modifier = behaviour(other_card.name).power_modifier
                if modifier is not None:
                    total += modifier(self, other_card, card)
        return total

    # --- recording ------------------------------------------------------------

    def record(self, kind: str, card: DMCard | None = None, player: str | None = None,
               detail: str | None = None, *, caused: bool = True) -> None:
        """Record an event; ``caused``: it is the doing of the ability being used or resolved (its
        ``by``, when one is); False for a rule's or a player's own move (``scripts/event_fields.py`` reads it)."""
        self.events.append(Event(kind, card=card.name if card is not None else None,
                                 player=player if player is not None else (card.owner if card else None),
                                 detail=detail, by=self.by if caused else None))

    def note(self, rule: str, text: str) -> None:
        self.notes.append(Note(rule, text))

    # --- changing -------------------------------------------------------------

    def _put(self, card: DMCard) -> None:
        self.cards[card.uid] = card

    def set_tapped(self, uid: int, tapped: bool) -> None:
        self._put(dataclasses.replace(self.cards[uid], tapped=tapped))

    def _left_battle_zone(self, uid: int) -> None:
        """Weapons equipped to it stay, unequipped; effects on it end."""
        for c in self.cards:
            if c.equipped_to == uid:
                self._put(dataclasses.replace(c, equipped_to=-1))
                self.left_weapons[uid] = c.uid
        self.lingering = [item for item in self.lingering if item.target != uid]

    def destroy(self, uid: int) -> None:
        """Destroy a card in the battle zone; its "when destroyed" abilities trigger (they go waiting)."""
        from toolkit.duel_masters.cards import behaviour

        card = self.cards[uid]
        if card.zone is not DMZone.BATTLE:
            return
        self._left_battle_zone(uid)
        self._put(card.moved(DMZone.GRAVEYARD))
        self.destroyed.add(uid)
        self.record(EventKind.DESTROYED, card)
        for ability in behaviour(card.name).on_destroyed:  # it works from the graveyard: no anchor (D3)
            self._trigger(self.cards[uid], card.name, ability.key, ability.mandatory, anchored=False)

    def _trigger(self, card: DMCard, shown: str, key: str, mandatory: bool, *, anchored: bool = True) -> None:
        self.triggered.append(Waiting(card.owner, card.uid, key, f"{shown}: {key}", "triggered", mandatory,
                                      anchor=card.uid if anchored else -1, anchor_arrival=card.arrival))
        self.events.append(Event(EventKind.WAITING, card=shown, player=card.owner, detail=key, by=self.by))

    def _move(self, uid: int, zone: DMZone) -> DMCard:
        """Move a card (out of the battle zone: weapons stay, effects on it end); returns it as it was."""
        card = self.cards[uid]
        if card.zone is DMZone.BATTLE:
            self._left_battle_zone(uid)
        self._put(card.moved(zone))
        return card

    def break_shield(self, uid: int) -> None:
        self.record(EventKind.BROKEN, self._move(uid, DMZone.HAND), detail="to hand")

    def to_graveyard(self, uid: int) -> None:
        self._move(uid, DMZone.GRAVEYARD)

    def to_mana(self, uid: int) -> None:
        self.record(EventKind.PUT_INTO_MANA, self._move(uid, DMZone.MANA))

    def draw(self, player: str, n: int = 1) -> None:
        deck = self.decks[0 if player == "A" else 1]
        for _ in range(n):
            if not deck:
                self.note(self.rule, f"{player} has no card left to draw")
                return
            uid = deck.pop(0)
            self._put(self.cards[uid].moved(DMZone.HAND))
            self.record(EventKind.DREW, self.cards[uid], player=player)

    def put_into_battle_zone(self, uid: int, *, source: str, under: Iterable[int] = ()) -> bool:
        """Put a creature into the battle zone (with the cards that go under it);
        a lingering effect of the opponent may send them all to the mana zone
        instead.  Returns whether it entered the battle zone."""
        card = self.cards[uid]
        owner = card.owner
        instead = self.lingering_active(TO_MANA_INSTEAD, other(owner))
        if instead is not None:
            self.note("D2(6)", f"{card.label} would enter the battle zone, but {instead.source}'s effect "
                      f"(lasting {instead.duration.value}) is still in force: it and the cards under it "
                      "go to the mana zone instead")
            for u in (uid, *under):
                self.to_mana(u)
            return False
        self._put(card.moved(DMZone.BATTLE))
        for u in under:
            tool = self.cards[u]
            self._put(tool.moved(DMZone.BATTLE, tags=tool.tags | {f"under {card.label}"}))
        self.record(EventKind.ENTERED, self.cards[uid], detail=source)
        from toolkit.duel_masters.cards import behaviour

        entered = behaviour(card.name).on_enter
        if entered is not None:
            entered(self, self.cards[uid])
        return True

    def equip(self, weapon: int, creature: int) -> None:
        self._put(dataclasses.replace(self.cards[weapon], equipped_to=creature))

    def flip(self, uid: int) -> None:
        """A dragheart flips (龍解): the other side is face up; "when flipped" abilities trigger."""
        from toolkit.duel_masters.cards import behaviour

        card = self.cards[uid]
        side = behaviour(card.name).flip_side or card.name
        self._put(dataclasses.replace(card, flipped=True, side=side))
        self.record(EventKind.FLIPPED, card, detail=side)
        for ability in behaviour(side).on_flip:
            self._trigger(card, side, ability.key, ability.mandatory)

    def skip_rest_of_turn(self, card: DMCard) -> None:
        self.rest_skipped = True
        self.record(EventKind.REST_SKIPPED, card, player=self.turn_player)

    def check_power(self) -> None:
        """A creature whose power is 0 or less is destroyed (checked after each action)."""
        for card in self.creatures(None):
            value = self.power(card.uid)
            if value is not None and value <= 0:
                self.note(self.rule, f"{card.label}'s power is {value}: destroyed")
                self.destroy(card.uid)

    def freeze(self, **changes: object) -> DMState:
        values: dict[str, object] = {
            "cards": tuple(self.cards),
            "decks": (tuple(self.decks[0]), tuple(self.decks[1])),
            "lingering": tuple(self.lingering),
            "destroyed_this_turn": frozenset(self.destroyed),
            "left_weapons": tuple(sorted(self.left_weapons.items())),
            "rest_skipped": self.rest_skipped,
        }
        values.update(changes)
        return self.state.evolve(**values)
