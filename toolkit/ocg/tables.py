"""The fixed lookups of a position's cards (:class:`PositionTables`), shared by
every State of a search: card texts, pre-check sets and the memos of the
procedure (R6's conditions, the one object per event, chain link and action
value a step hands out again).

>>> t = position_tables(("ライトロード・マジシャン ライラ",), None)
>>> t.event("activated", "ライトロード・マジシャン ライラ") is t.event("activated", "ライトロード・マジシャン ライラ")
True
"""

from __future__ import annotations

import datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from toolkit.core.durations import Lingering, Moment, expire
from toolkit.core.game import Note
from toolkit.core.values import Event
from toolkit.ocg.cards import Catalogue, default_catalogue
from toolkit.ocg.cards.base import (
    Activation,
    CardText,
    ContinuousKind,
    EndPhaseEffect,
    LingeringEffect,
    QuickEffect,
    Resolve,
    Responds,
    Scope,
    Trigger,
    is_card_local,
)
from toolkit.ocg.cards.locality import is_link_local
from toolkit.ocg.values import Card, Process, Zone

if TYPE_CHECKING:
    from toolkit.core.actions import Action, Perform
    from toolkit.ocg.state import Cause, Link


Applying = tuple[tuple[tuple[int, str], EndPhaseEffect, Process], ...]
"""A card's processes whose condition holds: (process id, effect, the Process R6 creates)."""


class PositionTables:
    """Lookups that hold for a position and every position reached from it:
    the cards of a position never change name (a uid keeps its card) and the
    date whose texts apply is the ruleset's.  Built once per set of names and
    date (:func:`position_tables`), shared by every State of a search.

    >>> t = position_tables(("ライトロード・マジシャン ライラ",), None)
    >>> sorted(t.end_phase_names), sorted(t.quick_names)
    (['ライトロード・マジシャン ライラ'], [])
    """

    __slots__ = ("catalogue", "behaviour", "user_files", "known_kinds", "idle_in_decks", "as_of", "text", "continuous_kinds", "trigger_events", "end_phase_names", "quick_names",
                 "mandatory_quick",
                 "end_phase", "quick_uids", "end_phase_uids", "continuous_uids", "effects", "end_phase_local",
                 "_applying", "performs", "interned", "moment_kinds", "quick_zones", "interned_values", "_last_applying",
                 "open_quick_uids", "open_quick_zones", "board_answers",
                 "_all_local", "expiry", "happening_kinds", "fixed_performs", "events",
                 "links", "activations", "remembered", "reaches", "known_lingering", "lingering_scans", "notes",
                 "done_by_card",
                 "chosen_actions", "lingering_effects", "lingering_summaries", "endings", "moves",
                 "lingering_ends", "lingering_tuples", "link_tests",
                 "own_happenings")

    def __init__(self, names: tuple[str, ...], as_of: datetime.date | None, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        """The cards this position may use (shipped, the user's folder, the scenario's own)."""
        self.behaviour = catalogue.behaviour
        """``catalogue.behaviour``: a card's behaviour by its name."""
        self.user_files: dict[str, str] = {name: catalogue.user_files[name] for name in sorted(set(names))
                                           if name in catalogue.user_files}
        """The cards of the user's own in this position, with their files (a trace names them)."""
        self.known_kinds: bool | None = None
        """Whether every card is of the kinds ``independence`` knows (None: not asked yet)."""
        self.idle_in_decks: tuple[tuple[int, frozenset[Zone]], ...] | None | bool = False
        """``independence.cards_are_known_at``: each card that keeps the others from being known, with
        the zones where it can never act (None: the others could move it; False: not asked yet)."""
        self.as_of = as_of
        self.text: dict[str, CardText] = {name: catalogue.text_at(name, as_of) for name in names}
        """The text version in force of each card name of the position."""
        texts = self.text.values()
        self.continuous_kinds: frozenset[ContinuousKind] = frozenset(
            eff.kind for t in texts for eff in t.continuous)
        """The kinds of no-chain-link effect any card of the position has."""
        self.trigger_events: frozenset[str] = frozenset(kind for t in texts for trig in t.triggers for kind in trig.on)
        """The event kinds any card of the position has a trigger for."""
        self.end_phase_names: frozenset[str] = frozenset(n for n, t in self.text.items() if t.end_phase)
        """The names whose text has End Phase (or other phase) processes."""
        self.quick_names: frozenset[str] = frozenset(n for n, t in self.text.items() if t.quick)
        """The names whose text has a quick effect."""
        self.mandatory_quick: bool = any(q.mandatory for t in texts for q in t.quick)
        """Some card of the position has a mandatory quick effect (R5b: its controller may not pass it by)."""
        self.moment_kinds: frozenset[str] = frozenset(k for t in texts for q in t.quick for k in q.moment_kinds)
        """The event kinds whose moment a quick effect of the position answers (``State.moment``)."""
        self.happening_kinds: frozenset[str] = self.trigger_events | self.moment_kinds
        """The kinds of happening something of the position reads (a trigger, a "when …" quick effect)."""
        self.own_happenings: dict[str, frozenset[int]] = own_happenings(names, self.text, self.moment_kinds)
        """The kinds of happening only triggers on their own card read, each with those cards' uids (a happening
        of such a kind to another card meets nothing: ``Board`` does not record it)."""
        self.end_phase: dict[tuple[str, str], tuple[EndPhaseEffect, ...]] = {}
        """``(name, phase) ->`` the card's processes of that phase, in text order."""
        for name, t in self.text.items():
            for eff in t.end_phase:
                key = (name, eff.phase)
                self.end_phase[key] = self.end_phase.get(key, ()) + (eff,)
        self.end_phase_local: frozenset[tuple[str, str]] = frozenset(
            key for key, effs in self.end_phase.items() if all(is_card_local(e.applies) for e in effs))
        """The ``end_phase`` keys whose every ``applies`` reads only the card and the turn player."""
        self._applying: dict[tuple[str, str], dict[Card, Applying]] = {}
        self.performs: dict[Process, Perform] = {}
        self.chosen_actions: dict[tuple[object, ...], Action] = {}
        """(process, choice) or (action kind, uid, effect, choice) -> the action performing or activating it
        with that choice (``procedure.legal``): its labels are the cards' labels, which a uid keeps."""
        """Process -> the action performing it with no choice to make (built once, shared by the positions)."""
        self.fixed_performs: dict[Process, Perform | None] = {}
        """Process -> the one action performing it in every position of these cards (None: it cannot be
        performed), or a mark that it depends on the position (``procedure.legal._fixed_perform``)."""
        self.remembered: dict[tuple[object, ...], Any] = {}
        """What performing a process from given cards changed (``procedure.remembered``)."""
        self.reaches: dict[tuple[int, str], Any] = {}
        """A process's ``pid`` -> what the process reaches, an ``independence.Reach`` or None
        (``procedure.remembered``; a uid keeps its card name in these positions)."""
        self.done_by_card: dict[frozenset[tuple[int, str]], dict[int, frozenset[tuple[int, str]]]] = {}
        """A set of done processes -> the same marks by the uid of their card (``procedure.remembered``)."""
        self.notes: dict[tuple[str, object], Note] = {}
        """The notes of passes (``procedure.transitions``, ``procedure.flow``), the same in every position:
        (player, holds a mandatory process) -> that player's pass; (player, "both") -> the pass that
        makes both players pass; (player, role) -> both passed, that player must perform."""
        self.board_answers: dict[tuple[object, ...], tuple[tuple[Card, ...], tuple[tuple[int, ...], ...], bool]] = {}
        """(process pid, turn player, ``State.cards_hash``) -> (the cards, the decks, the answer) of a
        process's board-local "may be performed only if …" (``procedure.legal._may_perform``)."""
        self.known_lingering: dict[str, str | None] = {}
        """A lingering effect's key -> the key of the process that ends it when ``independence`` knows its
        kind, else None (``procedure.remembered``: one string object, compared again and again)."""
        self.lingering_scans: dict[int, tuple[tuple[Lingering, ...], dict[int, tuple[int, str] | None] | None]] = {}
        """id of a position's lingering tuple -> (that tuple, for each uid a lingering effect applies to: the
        effect's index and its ending's process key, or None when several apply; None when one is of a kind
        ``independence`` does not know) (``procedure.remembered``: the performs of a position and of the
        positions its passes lead to share the tuple). The entry holds the tuple, so its id names no other
        object while it is kept; bounded like ``core.graph``'s events tuples."""
        self.events: dict[tuple[str, str | None, str | None, int | None, str | None, str | None], Event] = {}
        """One Event object per value (:meth:`event`): a step records the same events again and again."""
        self.links: dict[tuple[Process, Cause, bool, str | None], tuple[Link, Event]] = {}
        """(process, cause, negated, the card negating it) -> the chain link performing the process with
        nothing to choose, and its activation's event (``procedure.transitions._perform``: the same in every
        position where the same card negates it)."""
        self.activations: dict[int, tuple[Link, Card, Activation]] = {}
        """id of a link of ``links`` -> (the link, the card it last resolved for, what its resolve was told
        then): the Activation again when the same link resolves for the same card object."""
        self.interned: dict[Card, Card] = {}
        """One Card object per card value moved in these positions (``Board._move`` interns the cards it
        makes, so positions reached by different orders share them and compare fast)."""
        self.interned_values: dict[tuple[object, ...], Card] = {}
        """The same cards by their field values in order (a tuple hashes and compares in C): ``Board._move``
        finds the card it would build without building it."""
        self.lingering_effects: dict[str, tuple[str, str, LingeringEffect | None, frozenset[ContinuousKind], bool]] = {}
        """A lingering effect's ``key`` -> (its source, its effect, what its card's text says it does, the kinds
        of no-chain-link effect it applies, whether it negates): :meth:`lingering_effect_of`."""
        self.lingering_summaries: dict[int, LingeringSummary] = {}
        """id of a position's lingering tuple -> its :class:`LingeringSummary` (:meth:`lingering_summary`;
        the entry holds the tuple, so its id names no other object while it is kept; bounded)."""
        self.endings: dict[int, tuple[Lingering, Card | None, Resolve | None, Activation, tuple[str, str] | None]] = {}
        """id of a lingering effect -> (the effect, the card it applied to, its ``on_end``, the Activation
        ``on_end`` is told, the note of its end): :meth:`ending`."""
        self.lingering_ends: dict[tuple[int, object], tuple[tuple[Lingering, ...], object, tuple[Lingering, ...],
                                                           tuple[Lingering, ...]]] = {}
        """(id of a lingering tuple, the effect ended or the uid of the card that left) -> (the tuple, that effect
        or uid, the effects kept, the ended ones): :meth:`ended`'s memo (the entry holds the tuple and the effect,
        so their ids name no other object while it is kept; bounded like ``lingering_summaries``)."""
        self.lingering_tuples: dict[tuple[Lingering, ...], tuple[Lingering, ...]] = {}
        """A lingering tuple :meth:`ended` made -> the one object of its value: positions reached by ending effects
        in different orders share it, and with it every memo kept per tuple (``lingering_summaries``, the
        procedure's; bounded like ``lingering_summaries``)."""
        self.moves: dict[int, dict[tuple[object, ...], Card]] = {}
        """id of an interned card (``interned``, kept as long as these tables) -> (zone, controller, position,
        extra tags) -> the card it becomes when moved so: ``Board._move``'s memo (a card not interned, e.g.
        one a remembered change made, is not kept: its id could name another object later)."""
        self._last_applying: dict[tuple[str, str], list[tuple[Card, Applying] | None]] = {}
        self._all_local: dict[str, bool] = {}
        self.expiry: dict[tuple[Lingering, Card | None, bool], tuple[Process, ...]] = {}
        """R4's memo: (lingering effect, the card it applies to, whether effects "until the end of the
        turn" end by a process) -> the processes it creates in the End Phase."""
        self.quick_uids: tuple[int, ...] = tuple(u for u, n in enumerate(names) if n in self.quick_names)
        """The uids (in order) of the cards that have a quick effect."""
        self.quick_zones: dict[str, frozenset[Zone]] = {
            n: frozenset(z for q in self.text[n].quick for z in q.zones if z is not Zone.DECK) for n in self.quick_names}
        """name -> the zones (other than the deck) where one of its quick effects may be activated: a card
        elsewhere has nothing to activate (e.g. 《ホルスの黒炎竜 LV８》 in the graveyard)."""
        self.link_tests: dict[str, tuple[tuple[frozenset[Zone], int, bool, Responds | None], ...]] = {
            n: tuple((q.zones, q.spell_speed, q.card_activation,
                      q.responds_to if is_link_local(q.responds_to) else None)
                     for q in self.text[n].quick) for n in self.quick_names}
        """name -> per quick effect, (its zones, its spell speed, whether it activates the card, its chain-link
        test when marked link-local — ``cards.locality.link_local``: it reads the card and the link only —,
        else None): what ``procedure.legal.nobody_can_respond`` asks first."""
        open_quick = {n: [q for q in self.text[n].quick if q.responds_to is None or q.at_moment is not None]
                      for n in self.quick_names}
        self.open_quick_uids: tuple[int, ...] = tuple(u for u in self.quick_uids if open_quick[names[u]])
        """The uids (in order) of the cards that have a quick effect which may be activated with no chain link
        to respond to (one that only "responds to" something needs a link, or a moment it answers)."""
        self.open_quick_zones: dict[str, frozenset[Zone]] = {
            n: frozenset(z for q in qs for z in q.zones if z is not Zone.DECK) for n, qs in open_quick.items()}
        """``quick_zones`` of those effects only."""
        self.end_phase_uids: tuple[int, ...] = tuple(u for u, n in enumerate(names) if n in self.end_phase_names)
        """The uids (in order) of the cards that have phase processes."""
        self.continuous_uids: tuple[int, ...] = tuple(u for u, n in enumerate(names) if self.text[n].continuous)
        """The uids (in order) of the cards that have no-chain-link effects."""
        self.effects: dict[tuple[str, str], EndPhaseEffect | Trigger | QuickEffect] = {}
        """``(name, key) ->`` the effect ``CardText.effect_named`` finds."""
        for name, t in self.text.items():
            for group in (t.end_phase, t.triggers, t.quick):
                for item in group:
                    self.effects.setdefault((name, item.key), item)

    def applying(self, turn_player: str, phase: str) -> dict[Card, Applying]:
        """A memo for R6: card -> its ``phase`` processes whose ``applies`` holds
        (process id, effect, the Process R6 creates for it), for the cards whose ``(name, phase)`` is in ``end_phase_local`` (their
        answer depends on the card and the turn player only)."""
        key = (turn_player, phase)
        found = self._applying.get(key)
        if found is None:
            found = self._applying[key] = {}
        return found

    def all_local(self, phase: str) -> bool:
        """Whether every process condition of ``phase`` of the position's cards reads
        only its own card and the turn player (``end_phase_local``)."""
        found = self._all_local.get(phase)
        if found is None:
            found = self._all_local[phase] = all(
                key in self.end_phase_local for key in self.end_phase if key[1] == phase)
        return found

    def last_applying(self, turn_player: str, phase: str, size: int) -> list[tuple[Card, Applying] | None]:
        """Per uid, the last (card, entry of :meth:`applying`) R6 looked up: the same card object is
        recognised by identity, without hashing it (``size``: the number of cards)."""
        key = (turn_player, phase)
        found = self._last_applying.get(key)
        if found is None:
            found = self._last_applying[key] = [None] * size
        return found

    def event(self, kind: str, card: str | None = None, player: str | None = None, amount: int | None = None,
              detail: str | None = None, by: str | None = None) -> Event:
        """``Event(kind, card, player, amount, detail, by)``, one object per value (its cause ``by`` too)."""
        key = (kind, card, player, amount, detail, by)
        found = self.events.get(key)
        if found is None:
            found = self.events[key] = Event(kind, card, player, amount, detail, by)
        return found

    def lingering_effect_of(self, item: Lingering) -> LingeringEffect | None:
        """``text_of(item.source).lingering_effect(item.effect)``, looked up once per effect."""
        return self._lingering_facts(item)[2]

    def _lingering_facts(self, item: Lingering) -> tuple[str, str, LingeringEffect | None, frozenset[ContinuousKind], bool]:
        """(source, effect, what its card's text says it does, the kinds of no-chain-link effect it applies,
        whether it negates its target's effects) of a lingering effect, kept by its key."""
        found = self.lingering_effects.get(item.key)
        if found is None or found[0] != item.source or found[1] != item.effect:
            effect = self.text_of(item.source).lingering_effect(item.effect)
            kinds = frozenset(eff.kind for eff in effect.continuous) if effect is not None else NO_KINDS
            found = self.lingering_effects[item.key] = (
                item.source, item.effect, effect, kinds, effect is not None and effect.negates)
        return found

    def ending(self, item: Lingering, card: Card | None) -> tuple[Resolve | None, Activation, tuple[str, str] | None]:
        """What ending ``item`` does (``Board._after_end``): its effect's ``on_end`` (None: nothing), the
        Activation it is told, whose card is ``card``, the card the effect applies to (None: it applies to
        none; a card of its source's name in the GY stands for it), and the note that says it ends (None:
        no card to name) — kept per effect and card, by the effect's id (the entry holds the effect, so the
        id names no other object while it is kept; bounded like ``lingering_summaries``)."""
        found = self.endings.get(id(item))
        if found is not None and found[0] is item and found[1] is card:
            return found[2], found[3], found[4]
        effect = self.lingering_effect_of(item)
        on_end = effect.on_end if effect is not None else None
        act = Activation(card=card if card is not None else Card(-1, item.source, item.controller, item.controller,
                                                                 Zone.GY),
                         controller=item.controller, key=item.key, lingering=item)
        note = ("R4", f"{item.source}'s '{item.effect}' on {card.name} ends") if card is not None else None
        if len(self.endings) >= SUMMARIES_KEPT:
            self.endings.clear()
        self.endings[id(item)] = (item, card, on_end, act, note)
        return on_end, act, note

    def ended(self, lingering: tuple[Lingering, ...], which: Lingering | int) -> tuple[tuple[Lingering, ...],
                                                                                  tuple[Lingering, ...]]:
        """``durations.expire(lingering, …)`` when ``which`` (a lingering effect) has its expiry process performed
        (``Moment.PROCESS``) or the card of uid ``which`` leaves (``Moment.CARD_LEFT``): (kept, ended), the kept
        tuple one object per value (``lingering_tuples``), found once per tuple and ``which``.

        >>> from toolkit.core.durations import Duration
        >>> t = position_tables(("ライトロード・マジシャン ライラ",), None)
        >>> a, b = (Lingering("ライトロード・マジシャン ライラ", "A", e, 1, Duration.UNTIL_END_PHASE) for e in ("a", "b"))
        >>> kept, ended = t.ended((a, b), a)
        >>> (kept, ended) == ((b,), (a,)), t.ended((b, a), a)[0] is kept, t.ended((a, b), 1) == ((), (a, b))
        (True, True, True)
        """
        key = (id(lingering), which if type(which) is int else id(which))
        found = self.lingering_ends.get(key)
        if found is not None and found[0] is lingering and (found[1] is which or found[1] == which):
            return found[2], found[3]
        if type(which) is int:
            kept, ended = expire(lingering, Moment.CARD_LEFT, left=frozenset({which}))
        else:
            assert isinstance(which, Lingering)
            kept, ended = expire(lingering, Moment.PROCESS, which=which)
        if ended:
            tuples = self.lingering_tuples
            if len(tuples) >= SUMMARIES_KEPT:
                tuples.clear()
            kept = tuples.setdefault(kept, kept)
        if len(self.lingering_ends) >= SUMMARIES_KEPT:
            self.lingering_ends.clear()
        self.lingering_ends[key] = (lingering, which, kept, ended)
        return kept, ended

    def lingering_summary(self, lingering: tuple[Lingering, ...] | list[Lingering]) -> LingeringSummary:
        """What the position's lingering effects can do, read at zone moves: the kinds of no-chain-link
        effect they apply, the uids whose effects they negate and the uids they apply to (kept per tuple:
        successive positions share it)."""
        if not lingering:
            return NO_LINGERING
        found = self.lingering_summaries.get(id(lingering))
        if found is not None and found.lingering is lingering:
            return found
        kinds = NO_KINDS
        negating: frozenset[int] = NO_UIDS
        facts = self.lingering_effects
        targets = frozenset(item.target for item in lingering)
        for item in lingering:
            fact = facts.get(item.key)
            if fact is None or fact[0] != item.source or fact[1] != item.effect:
                fact = self._lingering_facts(item)
            if fact[3]:
                kinds = kinds | fact[3]
            if fact[4]:
                negating = negating | {item.target}
        made = LingeringSummary(lingering, kinds, negating, targets)
        if type(lingering) is tuple:  # (a board's list is its own: not kept)
            kept = self.lingering_summaries
            if len(kept) >= SUMMARIES_KEPT:
                kept.clear()
            kept[id(lingering)] = made
        return made

    def text_of(self, name: str) -> CardText:
        """The text in force of ``name`` (any card name, also one not in the position)."""
        found = self.text.get(name)
        return found if found is not None else self.catalogue.text_at(name, self.as_of)

    def effect_named(self, name: str, key: str) -> EndPhaseEffect | Trigger | QuickEffect | None:
        """``text_of(name).effect_named(key)``, looked up once."""
        if name in self.text:
            return self.effects.get((name, key))
        return self.catalogue.text_at(name, self.as_of).effect_named(key)


class LingeringSummary(NamedTuple):
    """What a tuple of lingering effects can do (:meth:`PositionTables.lingering_summary`)."""

    lingering: tuple[Lingering, ...] | list[Lingering]
    """The lingering effects summed up (kept: the summary is found by their tuple's id)."""
    kinds: frozenset[ContinuousKind]
    """The kinds of no-chain-link effect they apply (《ピケルの魔法陣》: no effect damage)."""
    negating: frozenset[int]
    """The uids of the cards whose effects one of them negates (《エフェクト・ヴェーラー》)."""
    targets: frozenset[int]
    """The uids of the cards they apply to (-1: one applies to none): a card that leaves its zone ends
    those applied to it (``Board._card_left`` asks this set rather than reading each effect's target)."""


NO_KINDS: frozenset[ContinuousKind] = frozenset()
NO_UIDS: frozenset[int] = frozenset()
NO_LINGERING = LingeringSummary((), NO_KINDS, NO_UIDS, NO_UIDS)
"""The summary of no lingering effect."""

SUMMARIES_KEPT = 4096
"""How many lingering tuples ``PositionTables.lingering_summaries`` keeps (emptied when full)."""


def own_happenings(names: tuple[str, ...], text: dict[str, CardText],
                   moment_kinds: frozenset[str]) -> dict[str, frozenset[int]]:
    """The kinds of happening that only triggers on their own card (``Scope.SELF``) read — no trigger
    watching any card, no "when …" quick effect (``moment_kinds``) —, each with the uids of the cards with such
    a trigger on it: a happening of that kind to any other card (or to none) meets no trigger.

    >>> from toolkit.ocg.cards.base import CardText, Trigger, Scope
    >>> own = Trigger("own", frozenset({"sent_to_gy"}), True, lambda board, act: None)
    >>> watching = Trigger("any", frozenset({"destroyed"}), True, lambda board, act: None, scope=Scope.ANY)
    >>> destroyed = Trigger("own too", frozenset({"destroyed"}), True, lambda board, act: None)
    >>> text = {"a": CardText(triggers=(own,)), "b": CardText(triggers=(watching,)), "c": CardText(triggers=(destroyed,))}
    >>> own_happenings(("a", "b", "c", "a"), text, frozenset())  # (another card watches any card destroyed)
    {'sent_to_gy': frozenset({0, 3})}
    >>> own_happenings(("a", "b", "c"), text, frozenset({"sent_to_gy"}))  # (a "when …" quick effect reads it)
    {}
    """
    found: dict[str, set[int]] = {}
    anywhere: set[str] = set(moment_kinds)
    for uid, name in enumerate(names):
        for trig in text[name].triggers:
            for kind in trig.on:
                if trig.scope is Scope.SELF:
                    found.setdefault(kind, set()).add(uid)
                else:
                    anywhere.add(kind)
    return {kind: frozenset(uids) for kind, uids in sorted(found.items()) if kind not in anywhere}


def position_tables(names: tuple[str, ...], as_of: datetime.date | None,
                    catalogue: Catalogue | None = None) -> PositionTables:
    """The :class:`PositionTables` of a position whose cards have ``names`` (uid order), their
    texts read from ``catalogue`` (None: the default one, shipped cards and the user's folder)."""
    return _position_tables(names, as_of, default_catalogue() if catalogue is None else catalogue)


@lru_cache(maxsize=1024)
def _position_tables(names: tuple[str, ...], as_of: datetime.date | None, catalogue: Catalogue) -> PositionTables:
    """``position_tables`` remembered by the names, the date and the catalogue's content (bounded)."""
    return PositionTables(names, as_of, catalogue)
