"""A scratch copy of a State that card effects change through verbs.

``procedure`` opens a :class:`Board` on a State for one transition, lets the
rules and the cards' ``cost``/``resolve`` callables use the verbs, then builds
the next State with :meth:`Board.freeze`.  The input State is never touched.

Every zone move goes through :meth:`Board._move`, the one place where the
no-chain-link continuous effects apply (spec E1, X4):

* 《マクロコスモス》 — a card that would go to the GY is banished instead;
* 《王宮の鉄壁》 — nothing can be banished (a banish does nothing);
* 《死霊の誘い》 — each card sent to the GY costs its owner the amount;
* 《デス・ウォンバット》 / 《ピケルの魔法陣》 — no effect damage to its controller;

and where a card that leaves its zone stops being what lingering effects and
End Phase processes point at.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from toolkit.core.durations import Lingering, Moment, expire
from toolkit.core.rules import implements
from toolkit.core.values import Event, other, player_index
from toolkit.core.words import count
from toolkit.ocg.cards.base import ContinuousKind, Happening
from toolkit.ocg.counters import counters_on, with_counters
from toolkit.ocg.freezing import KEEP as KEEP
from toolkit.ocg.freezing import NO_MOMENT as NO_MOMENT
from toolkit.ocg.freezing import freeze
from toolkit.ocg.moving import BANISHED_FACE_DOWN as BANISHED_FACE_DOWN
from toolkit.ocg.moving import FIELD_ONLY_TAGS as FIELD_ONLY_TAGS
from toolkit.ocg.moving import LEFT_FACE_UP as LEFT_FACE_UP
from toolkit.ocg.moving import moved_values
from toolkit.ocg.rules import CONTINUOUS
from toolkit.ocg.state import (
    Cause,
    Link,
    Phase,
    PositionReader,
    State,
)
from toolkit.ocg.stats import with_atk_def_lost
from toolkit.ocg.values import Card, EventKind, Position, Zone

if TYPE_CHECKING:
    from toolkit.ocg.rulesets import Ruleset

NO_TAGS: frozenset[str] = frozenset()
"""No tags (the default of a move's extra tags)."""


# Members read as module constants in the hot paths (see ``values.ZONE_FIELD``).
_GY, _BANISHED, _DECK, _FIELD = Zone.GY, Zone.BANISHED, Zone.DECK, Zone.FIELD
_FACE_UP, _FACE_UP_DEFENSE = Position.FACE_UP, Position.FACE_UP_DEFENSE
_E_ADDED_TO_HAND, _E_BANISH_PREVENTED, _E_DAMAGE = EventKind.ADDED_TO_HAND, EventKind.BANISH_PREVENTED, EventKind.DAMAGE
_E_DAMAGE_PREVENTED, _E_DESTROYED, _E_DISCARDED = EventKind.DAMAGE_PREVENTED, EventKind.DESTROYED, EventKind.DISCARDED
_E_DREW, _E_LP_GAINED, _E_MILLED = EventKind.DREW, EventKind.LP_GAINED, EventKind.MILLED
_E_POSITION_CHANGED, _E_RETURNED_TO_HAND = EventKind.POSITION_CHANGED, EventKind.RETURNED_TO_HAND
_E_SPECIAL_SUMMONED, _E_TURN_SKIPPED = EventKind.SPECIAL_SUMMONED, EventKind.TURN_SKIPPED
_SENT_TO_GY, _BANISHED_EVENT = EventKind.SENT_TO_GY, EventKind.BANISHED
_BANISH_INSTEAD, _NO_BANISH = ContinuousKind.BANISH_INSTEAD_OF_GY, ContinuousKind.NO_BANISH
_DAMAGE_ON_GY = ContinuousKind.DAMAGE_ON_SENT_TO_GY
_Z_HAND = Zone.HAND
_C_NO_EFFECT_DAMAGE = ContinuousKind.NO_EFFECT_DAMAGE
_CONTROL, _CONTROL_CHANGED, _EFFECT_ENDED = "control", EventKind.CONTROL_CHANGED, EventKind.EFFECT_ENDED
_CONTROL_TAKEN = frozenset({"control_taken"})
_MILLED, _DESTROYED = frozenset({"milled_this_turn"}), frozenset({"destroyed_this_turn"})
_DISCARDED, _SPECIAL_SUMMONED = frozenset({"discarded_this_turn"}), frozenset({"special_summoned_this_turn"})
"""A move's extra tags, one object each (its hash kept: found at once among the moves ``_move`` keeps)."""
_PROCESS, _TURN_END, _CARD_LEFT = Moment.PROCESS, Moment.TURN_END, Moment.CARD_LEFT

class Board(PositionReader):
    """Mutable working copy of a State (see the module docstring)."""

    __slots__ = ("base", "ruleset", "turn_player", "cards", "decks", "anonymous", "life", "lingering", "chain",
                 "skipped", "done", "adjusted", "phase", "cause", "by_effect", "source", "by", "by_adjustment", "events",
                 "happenings", "notes", "tables", "kinds", "trigger_events", "happening_kinds",
                 "end_phase_names", "touched", "changed", "cards_hash", "last_ended")
    """A board per transition: slots are built and freed faster than an attribute dict."""

    def __init__(self, state: State, cause: Cause, *, by_effect: bool = True, source: int = -1) -> None:
        self.base = state
        self.ruleset: Ruleset = state.ruleset
        self.turn_player = state.turn_player
        self.cards: list[Card] = list(state.cards)
        # the decks, unnamed counts, LP, lingering effects and skipped turns are the State's own objects
        # until a verb changes one (most steps change none; ``_decks``, ``_anonymous``, ``_life`` copy it then)
        self.decks: tuple[tuple[int, ...], tuple[int, ...]] | list[list[int]] = state.decks
        self.anonymous: tuple[tuple[int, int, int], tuple[int, int, int]] | list[list[int]] = state.anonymous
        self.life: tuple[int, int] | list[int] = state.life
        self.lingering: tuple[Lingering, ...] = state.lingering  # (replaced, never changed in place)
        self.chain: list[Link] = list(state.chain)
        self.skipped: frozenset[str] | set[str] = state.skipped
        self.done: set[tuple[int, str]] = set(state.done)
        self.adjusted: bool = state.adjusted
        """The base State's (a step does not change it on the board)."""
        self.phase: Phase = state.phase
        """The base State's (a step does not change it on the board)."""
        self.cause = cause
        self.by_effect = by_effect
        self.source = source
        self.by: str | None = state.cards[source].name if source >= 0 else None
        """The card whose effect or process is being applied: each event's ``by`` (None: a rule)."""
        self.by_adjustment = False
        self.events: list[Event] = []
        self.happenings: list[Happening] = []
        self.notes: list[tuple[str, str]] = []
        self.tables = tables = state.tables
        self.kinds = tables.continuous_kinds
        """The kinds of continuous effect any card of the position has."""
        self.trigger_events = tables.trigger_events
        """The event kinds any card of the position has a trigger for."""
        self.happening_kinds = tables.happening_kinds
        """The kinds of happening a trigger or a "when …" quick effect of the position reads (others are not kept)."""
        self.end_phase_names = tables.end_phase_names
        """The names of the position's cards that have End Phase processes."""
        self.touched = False
        """Whether anything but bookkeeping changed (a move, control, LP, a lingering effect)."""
        self.changed: list[int] = []
        """The uids of the cards written since the base State (``set_card``; a uid may repeat)."""
        self.cards_hash: int = state._cards_hash
        """``state.cards_hash(cards)``, kept at each write (``set_card``): the next State's."""
        self.last_ended: tuple[tuple[Lingering, ...], tuple[Lingering, ...], tuple[Lingering, ...]] | None = None
        """What the last ``end_lingering`` (or a card leaving, ``_card_left``) ended: (the lingering effects
        before, after, the ended ones; None: none ended) — R6 reads the ended ones from it while ``lingering``
        is still its tuple."""

    # --- copies made on the first change ---------------------------------

    def _decks(self) -> list[list[int]]:
        decks = self.decks
        if isinstance(decks, tuple):
            decks = self.decks = [list(decks[0]), list(decks[1])]
        return decks

    def _anonymous(self) -> list[list[int]]:
        anonymous = self.anonymous
        if isinstance(anonymous, tuple):
            anonymous = self.anonymous = [list(anonymous[0]), list(anonymous[1])]
        return anonymous

    def _life(self) -> list[int]:
        life = self.life
        if isinstance(life, tuple):
            life = self.life = list(life)
        return life

    # --- recording -------------------------------------------------------

    def record(self, event: Event) -> None:
        self.events.append(event)

    def note(self, rule: str, text: str) -> None:
        self.notes.append((rule, text))

    def _happen(self, kind: str, uid: int = -1, player: str | None = None,
                from_zone: Zone | None = None, amount: int = 0) -> None:
        if kind not in self.happening_kinds:  # no trigger nor quick effect of the position reads it
            self.touched = True  # (still a change: the pending processes are looked at again)
            return
        own = self.tables.own_happenings.get(kind)
        if own is not None and uid not in own:  # only triggers on their own card read it: none is this one's
            self.touched = True
            return
        self.happenings.append(Happening(kind, uid, player, from_zone, self.by_effect, self.by_adjustment, self.source,
                                         amount))  # (kind, uid, player, from_zone, by_effect, by_adjustment, cause,
        # amount: positional, no keywords to match)

    # --- the one zone-move function ----------------------------------------

    @implements(CONTINUOUS, game="ocg")
    def _move(self, uid: int, to: Zone, kinds: tuple[str, ...], *, controller: str | None = None,
              position: Position = _FACE_UP, extra_tags: frozenset[str] = NO_TAGS) -> bool:
        """Move a card; returns False when a continuous effect prevents it."""
        self.touched = True
        card = self.cards[uid]
        origin = card.zone
        if to is _GY or to is _BANISHED:  # (a lingering effect may apply what no card of the position has)
            able = self.kinds
            lingering_kinds = self.tables.lingering_summary(self.lingering).kinds if self.lingering else able
            if to is _GY and (_BANISH_INSTEAD in able or _BANISH_INSTEAD in lingering_kinds) \
                    and self.continuous_active(_BANISH_INSTEAD):
                if not self.continuous_active(_NO_BANISH):
                    self.note(CONTINUOUS, f"{card.shown()} is banished instead (《マクロコスモス》, no chain link)")
                    to = _BANISHED
                    kinds = tuple(k for k in kinds if k != _SENT_TO_GY) + (_BANISHED_EVENT,)
            if to is _BANISHED and (_NO_BANISH in able or _NO_BANISH in lingering_kinds) \
                    and self.continuous_active(_NO_BANISH):
                self.record(self.tables.event(_E_BANISH_PREVENTED, card=card.name, player=card.owner, by=self.by))
                self.note(CONTINUOUS, f"{card.shown()} cannot be banished (《王宮の鉄壁》)")
                return False
        owner = card.owner
        if origin is _DECK:
            self._decks()[player_index(owner)].remove(uid)
        tables = self.tables
        moves = tables.moves.get(id(card))  # (an interned card's moves are kept: see ``PositionTables.moves``)
        if moves is None:
            moves = self._moves_of(card)
        how = (to, controller, position, extra_tags)
        found = moves.get(how) if moves is not None else None
        if found is None:
            found = self._card(moved_values(card, to, controller, position, extra_tags))
            if moves is not None:
                moves[how] = found
        self.cards[uid] = found  # (set_card, inline)
        self.cards_hash ^= card._hash ^ found._hash
        self.changed.append(uid)
        if to is _DECK:
            self._decks()[player_index(owner)].insert(0, uid)
        if origin is not to:
            self._card_left(uid)
        if kinds:
            by = self.by
            events = tables.events
            for kind in kinds:
                event = events.get((kind, card.name, owner, None, None, by))
                self.events.append(event if event is not None else tables.event(kind, card.name, owner, by=by))
                if kind in self.happening_kinds:
                    own = tables.own_happenings.get(kind)  # (what _happen asks first, inline: see there)
                    if own is None or uid in own:
                        self._happen(kind, uid, owner, origin)
        if to is _GY and (_DAMAGE_ON_GY in self.kinds or self.lingering):  # (what _sent_to_gy_damage asks first)
            self._sent_to_gy_damage(owner, 1)
        return True

    def _moves_of(self, card: Card) -> dict[tuple[object, ...], Card] | None:
        """``PositionTables.moves`` of a card not found there: it becomes the interned card of its value when
        its value has none yet (a card of the first position); None when another object is (its moves are
        not kept: a card a remembered change made, see ``procedure.remembered``)."""
        tables = self.tables
        values = (card.uid, card.name, card.owner, card.controller, card.zone, card.position, card.tags, card.label)
        if values in tables.interned_values or card in tables.interned:
            return None
        tables.interned_values[values] = tables.interned[card] = card
        moves: dict[tuple[object, ...], Card] = {}
        tables.moves[id(card)] = moves
        return moves

    def set_card(self, uid: int, card: Card) -> None:
        """Card ``uid`` is now ``card`` (every write of ``cards`` goes through here or does what it does:
        records the uid in ``changed`` and keeps ``cards_hash``)."""
        cards = self.cards
        self.cards_hash ^= cards[uid]._hash ^ card._hash
        cards[uid] = card
        self.changed.append(uid)

    def _card(self, values: tuple[int, str, str, str, Zone, Position, frozenset[str], str]) -> Card:
        """The Card of these field values (in order), one object per value in these positions (see
        ``PositionTables.interned``): found by the tuple of its values, built only the first time
        (what ``_move`` does inline)."""
        tables = self.tables
        found = tables.interned_values.get(values)
        if found is None:
            made = Card(*values)
            found = tables.interned_values[values] = tables.interned.setdefault(made, made)
            tables.moves.setdefault(id(found), {})
        return found

    def _card_left(self, uid: int) -> None:
        """A card that moved is a new card: effects applied to it and its done processes go."""
        lingering = self.lingering
        if lingering and uid in self.tables.lingering_summary(lingering).targets:
            kept, ended = self.tables.ended(lingering, uid)  # (expire(lingering, _CARD_LEFT, left={uid}), kept)
            if ended:
                self.lingering = kept
                self.last_ended = (lingering, kept, ended)
                for item in ended:
                    self.note("R4", f"{item.source}'s '{item.effect}' ends: {self.cards[uid].shown()} left its zone")
        done = self.done  # (the board's own set: the card's done processes are taken out of it)
        if done:
            for pid in tuple(done):  # (a plain loop: no comprehension's function to make and call)
                if pid[0] == uid:
                    done.discard(pid)

    @implements(CONTINUOUS, game="ocg")
    def _sent_to_gy_damage(self, owner: str, count: int) -> None:
        if _DAMAGE_ON_GY not in self.kinds and (
                not self.lingering or _DAMAGE_ON_GY not in self.tables.lingering_summary(self.lingering).kinds):
            return
        for who, card, eff in list(self.continuous_effects(_DAMAGE_ON_GY)):
            source = card.name if card is not None else None
            self.note(CONTINUOUS, f"{source}: {eff.amount * count} damage, no chain link")
            self.damage(owner, eff.amount * count, source=source)

    # --- verbs for card effects -----------------------------------------

    def mill(self, player: str, n: int) -> None:
        idx = player_index(player)
        milled = 0
        while milled < n and self.decks[idx]:
            self._move(self.decks[idx][0], _GY, (_SENT_TO_GY,), extra_tags=_MILLED)
            milled += 1
        unnamed = min(n - milled, self.anonymous[idx][0])
        if unnamed:
            anonymous = self._anonymous()
            anonymous[idx][0] -= unnamed
            anonymous[idx][2] += unnamed
            self._sent_to_gy_damage(player, unnamed)
            milled += unnamed
        self.record(self.tables.event(_E_MILLED, player=player, amount=milled, by=self.by))

    def draw(self, player: str, n: int) -> None:
        idx = player_index(player)
        drawn = 0
        while drawn < n and self.decks[idx]:
            self._move(self.decks[idx][0], _Z_HAND, ())
            drawn += 1
        unnamed = min(n - drawn, self.anonymous[idx][0])
        if unnamed:
            anonymous = self._anonymous()
            anonymous[idx][0] -= unnamed
            anonymous[idx][1] += unnamed
            drawn += unnamed
        if drawn:
            self.record(self.tables.event(_E_DREW, player=player, amount=drawn, by=self.by))
            self._happen(_E_DREW, player=player, amount=drawn)

    def send_to_gy(self, uid: int) -> None:
        self._move(uid, _GY, (_SENT_TO_GY,))

    def destroy(self, uid: int) -> None:
        card = self.cards[uid]
        tables, name, owner, by = self.tables, card.name, card.owner, self.by
        event = tables.events.get((_E_DESTROYED, name, owner, None, None, by))  # (tables.event, inline)
        self.events.append(event if event is not None else tables.event(_E_DESTROYED, card=name, player=owner, by=by))
        if _E_DESTROYED in self.happening_kinds:  # (else ``_happen`` records nothing: ``_move`` sets touched)
            self._happen(_E_DESTROYED, uid, owner, card.zone)
        self._move(uid, _GY, (_SENT_TO_GY,), extra_tags=_DESTROYED)

    def banish(self, uid: int, *, face_down: bool = False) -> None:
        """Banish the card (``face_down``: face-down, tag ``banished_face_down``)."""
        self._move(uid, _BANISHED, (_BANISHED_EVENT,), extra_tags=BANISHED_FACE_DOWN if face_down else frozenset())

    def place_counters(self, uid: int, n: int) -> None:
        """Put ``n`` counters on a card on the field (a card elsewhere keeps none)."""
        card = self.cards[uid]
        if card.zone is not _FIELD or n <= 0:
            return
        self._set_tags(card, with_counters(card.tags, counters_on(card.tags) + n))
        self.note("R6", f"{card.shown()}: {count(n, 'counter')} placed, now {counters_on(self.cards[uid].tags)}")

    def remove_counters(self, uid: int, n: int) -> None:
        """Take up to ``n`` counters off a card (as many as it has)."""
        card = self.cards[uid]
        had = counters_on(card.tags)
        if had == 0 or n <= 0:
            return
        self._set_tags(card, with_counters(card.tags, max(0, had - n)))
        self.note("R6", f"{card.shown()}: {count(min(n, had), 'counter')} removed, now {max(0, had - n)}")

    def _set_tags(self, card: Card, tags: frozenset[str]) -> None:
        self.touched = True
        self.set_card(card.uid, self._card((card.uid, card.name, card.owner, card.controller, card.zone,
                                            card.position, tags, card.label)))

    def return_to_hand(self, uid: int) -> None:
        self._move(uid, _Z_HAND, (_E_RETURNED_TO_HAND,))

    def return_to_field(self, uid: int) -> None:
        """A card banished "until the End Phase" comes back to its owner's field: no summon (its
        own event kind is not recorded; the move itself shows in the trace's board)."""
        self._move(uid, _FIELD, ())

    def add_to_hand(self, uid: int) -> None:
        self._move(uid, _Z_HAND, (_E_ADDED_TO_HAND,))

    def discard(self, uid: int) -> None:
        self._move(uid, _GY, (_E_DISCARDED, _SENT_TO_GY),
                   extra_tags=_DISCARDED)

    def discard_unnamed(self, player: str, n: int) -> None:
        idx = player_index(player)
        anonymous = self._anonymous()
        anonymous[idx][1] -= n
        anonymous[idx][2] += n
        self.record(self.tables.event(_E_DISCARDED, card="(unnamed)", player=player, amount=n, by=self.by))
        self._sent_to_gy_damage(player, n)

    def special_summon(self, uid: int, controller: str | None = None,
                       position: Position = _FACE_UP) -> None:
        who = controller or self.cards[uid].owner
        self._move(uid, _FIELD, (_E_SPECIAL_SUMMONED,), controller=who, position=position,
                   extra_tags=_SPECIAL_SUMMONED)

    def set_control(self, uid: int, player: str) -> None:
        card = self.cards[uid]
        if card.zone is not _FIELD or card.controller == player:
            return
        self.touched = True
        tables = self.tables
        moves = tables.moves.get(id(card))
        if moves is None:
            moves = self._moves_of(card)
        how = (_CONTROL, player)  # kept beside the card's zone moves
        found = moves.get(how) if moves is not None else None
        if found is None:
            tags = card.tags - _CONTROL_TAKEN if player == card.owner else card.tags | _CONTROL_TAKEN
            found = self._card((card.uid, card.name, card.owner, player, card.zone, card.position, frozenset(tags),
                                card.label))
            if moves is not None:
                moves[how] = found
        self.cards[uid] = found  # (set_card, inline)
        self.cards_hash ^= card._hash ^ found._hash
        self.changed.append(uid)
        by = self.by
        event = tables.events.get((_CONTROL_CHANGED, card.name, player, None, None, by))  # (tables.event, inline)
        self.events.append(event if event is not None else tables.event(_CONTROL_CHANGED, card=card.name,
                                                                        player=player, by=by))
        if _CONTROL_CHANGED in self.happening_kinds:  # (else ``_happen`` records nothing: touched is set)
            self._happen(_CONTROL_CHANGED, uid, player, _FIELD)

    @implements(CONTINUOUS, game="ocg")
    def damage(self, player: str, amount: int, *, source: str | None = None) -> None:
        if amount <= 0:
            return
        self.touched = True
        if self.continuous_active(_C_NO_EFFECT_DAMAGE, player):
            self.record(self.tables.event(_E_DAMAGE_PREVENTED, card=source, player=player, amount=amount,
                                          by=self.by))
            self.note(CONTINUOUS, f"{player} takes no effect damage ({amount} prevented)")
            return
        self._life()[player_index(player)] -= amount
        self.record(self.tables.event(_E_DAMAGE, card=source, player=player, amount=amount, by=self.by))
        self._happen(_E_DAMAGE, player=player, amount=amount)

    def gain_life(self, player: str, amount: int) -> None:
        self.touched = True
        self._life()[player_index(player)] += amount
        self.record(self.tables.event(_E_LP_GAINED, player=player, amount=amount, by=self.by))

    def add_lingering(self, item: Lingering) -> None:
        if item not in self.lingering:
            self.touched = True
            self.lingering = (*self.lingering, item)

    def end_lingering(self, item: Lingering) -> None:
        """End one lingering effect now (its expiry process was performed)."""
        before = self.lingering
        kept, ended = self.tables.ended(before, item)  # (expire(before, _PROCESS, which=item), kept)
        self.touched = True
        self.lingering = kept
        self.last_ended = (before, kept, ended)
        for gone in ended:
            self._after_end(gone)

    def end_with_turn(self) -> None:
        """The E1 sweep: every lingering effect that ends with the turn ends now."""
        kept, ended = expire(self.lingering, _TURN_END)
        self.touched = True
        self.lingering = kept
        for gone in ended:
            self._after_end(gone)

    def _after_end(self, item: Lingering) -> None:
        tables = self.tables
        card = self.cards[item.target] if item.target >= 0 else None
        source, controller, effect, by = item.source, item.controller, item.effect, self.by
        event = tables.events.get((_EFFECT_ENDED, source, controller, None, effect, by))  # (tables.event, inline)
        self.events.append(event if event is not None else tables.event(
            _EFFECT_ENDED, card=source, player=controller, detail=effect, by=by))
        on_end, act, note = tables.ending(item, card)
        if note is not None:
            self.notes.append(note)
        if on_end is not None:
            on_end(self, act)

    def skip_next_turn(self, player: str) -> None:
        self.touched = True
        self.skipped = self.skipped | {player}
        self.record(self.tables.event(_E_TURN_SKIPPED, player=player, by=self.by))

    def negate_link(self, index: int) -> None:
        """Negate the activation of a chain link (index into the current chain; -2 = the link below the
        resolving one)."""
        if not self.chain:
            return
        link = self.chain[index] if -len(self.chain) <= index < len(self.chain) else None
        if link is None:
            return
        self.touched = True
        pos = self.chain.index(link)
        self.chain[pos] = replace(link, negated=True, activation_negated=True, negated_by=self.by)

    def change_position(self, uid: int, by: str, *, manual: bool = False) -> None:
        """Turn a face-up monster from attack to defense position or back
        (``by``: the player who changes it; ``manual``: the turn player's own
        once-per-turn change, not an effect)."""
        card = self.cards[uid]
        if card.zone is not _FIELD or card.position not in (_FACE_UP, _FACE_UP_DEFENSE):
            return
        self.touched = True
        new = _FACE_UP_DEFENSE if card.position is _FACE_UP else _FACE_UP
        tags = card.tags | {"position_changed_this_turn"} if manual else card.tags
        self.set_card(uid, self._card((card.uid, card.name, card.owner, card.controller, card.zone, new,
                                       frozenset(tags), card.label)))
        detail = "attack" if new is _FACE_UP else "defense"
        self.record(self.tables.event(_E_POSITION_CHANGED, card=card.name, player=by, detail=detail,
                                      by=self.by))
        self._happen(_E_POSITION_CHANGED, uid, by, _FIELD)

    def battle_damage(self, player: str, amount: int, *, source: str | None = None) -> None:
        """Battle damage (not effect damage: Des Wombat and Pikeru do not stop it)."""
        if amount <= 0:
            return
        self.touched = True
        self._life()[player_index(player)] -= amount
        self.record(self.tables.event(_E_DAMAGE, card=source, player=player, amount=amount, detail="battle",
                                      by=self.by))
        self._happen(_E_DAMAGE, player=player, amount=amount)

    def return_control(self, uid: int) -> None:
        card = self.cards[uid]
        self.set_control(uid, card.owner)

    def lose_atk_def(self, uid: int, amount: int) -> None:
        """A face-up monster on the field loses ``amount`` ATK and as much DEF (《光と闇の竜》's price)."""
        card = self.cards[uid]
        if card.zone is not _FIELD:
            return
        self.touched = True
        self.set_card(uid, self._card((card.uid, card.name, card.owner, card.controller, card.zone, card.position,
                                       with_atk_def_lost(card.tags, amount), card.label)))

    def opponent(self, player: str) -> str:
        return other(player)

    # --- building the next state ---------------------------------------------

    freeze: ClassVar = freeze  # (a class attribute, also when mypyc compiles Board: see scripts/build_compiled.py)
