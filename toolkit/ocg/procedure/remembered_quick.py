"""Activating a quick effect nobody can answer, done once and remembered (issue 34, family (e)).

A set 《強制脱出装置》 activated in an open game state of the End Phase, where no other card can
answer it, resolves at once: it returns its target to the hand and goes to the graveyard, whatever
the other cards are.  A search activates it in every such position on every monster, thousands of
times, each through the whole procedure (activation, R5's "who can respond", the chain's
resolution, R6's settling).  As :mod:`toolkit.ocg.procedure.remembered` does for processes, the
first activation from given cards is performed by the whole procedure and the change it made is
kept; the next times it is applied to the position directly: the same next State, events and notes.

A change is remembered only where all of this holds (asked of each position):

* the position: an open game state of the End Phase with no chain, or an answer to a chain whose
  links are processes that read and move only their own card (a Spirit's return: they resolve
  after it); no waiting trigger, declaration, adjustment or attack, the paper rules (no
  ``process_order``); the activation: no cost, no pick, no option, by the only card of its name;
* the effect: listed below (:data:`QUICK_TARGETS_ONLY`, shipped texts that read and move only their
  own card and their targets), and trusted only as shipped;
* every other card of the position is of the kinds :mod:`toolkit.ocg.independence` knows (no
  trigger, no continuous effect, processes that read their own card, quick effects that look only at
  the chain link they answer), and every lingering effect is one it knows: nothing else can answer
  the activation, trigger on it or watch it;
* the change is kept by what it may read: the effect and its targets, who acts and how many passed,
  the chain and who acts after it, the cards reached (its own card, its targets, the chain's cards)
  with their pending processes, done marks and
  lingering effects, the cards that have a quick effect (whether one of them could answer), and —
  while a process that reads its controller's hand and deck is pending (a level-up) — the hands and
  the decks;
* and only when the procedure, the first time, resolved the chain at once into an open game state
  and changed nothing but the cards reached (their processes, done marks, the lingering effects on
  them): the change rebuilds exactly the State the procedure made.

``ENDPHASE_CHECK_REMEMBERED=1`` (:data:`toolkit.ocg.procedure.remembered.CHECK_REMEMBERED`) runs the
whole procedure as well and compares (tests/engine/test_remembered_quick.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.core.actions import Activate, Respond
from toolkit.core.durations import Lingering
from toolkit.core.game import Note, Successor
from toolkit.core.values import Event
from toolkit.ocg import independence
from toolkit.ocg.cards.base import EndPhaseEffect
from toolkit.ocg.procedure.pending import PROCESS_ORDER
from toolkit.ocg.state import PHASE_END, STEP_CHAIN, STEP_OPEN, State, Step, make_state
from toolkit.ocg.values import ZONE_HAND, Card, Process

if TYPE_CHECKING:
    from toolkit.ocg.rulesets import Ruleset

__all__ = ["QUICK_TARGETS_ONLY", "keep", "recall"]

QUICK_TARGETS_ONLY: frozenset[tuple[str, str]] = frozenset({
    ("強制脱出装置", "return a monster to the hand"),
})
"""Shipped quick effects that read and move only their own card and the cards they target (the
target back to the hand, if it is still on the field)."""


@dataclass(frozen=True, slots=True)
class QuickChange:
    """What activating a quick effect from given cards did (see the module docstring)."""

    ruleset: Ruleset
    cards: tuple[tuple[int, Card], ...]
    """Each card reached that changed, with its new object."""
    cards_hash_change: int
    """The cards' part of the State hash after it, exclusive or before it."""
    own_pending: tuple[Process, ...]
    own_done: frozenset[tuple[int, str]]
    own_lingering: tuple[Lingering, ...]
    """The lingering effects on the cards reached that are left after it (in the position's order)."""
    step: Step
    priority: str | None
    passes: int
    forced: str | None
    after_chain: str | None
    moment: frozenset[str]
    events: tuple[Event, ...]
    notes: tuple[Note, ...]


_NOT_KEPT: Any = object()
"""The mark of an activation that did more than reach its cards there: performed in full from then on."""

Reach = tuple[tuple[int, ...], frozenset[tuple[int, str]], tuple[object, ...]]
"""The uids reached, their done marks, and the key the change is kept by."""


def _trusted(state: State, name: str) -> bool:
    """Whether the position lets ``name``'s quick effects be remembered: a shipped card, the only card
    of its name, and every other card of the kinds ``independence`` knows (kept on the tables: the same
    for every position of a search — a uid keeps its card's name there)."""
    tables = state.tables
    mark = ("quick effects remembered", name)
    found = tables.remembered.get(mark)
    if found is None:
        found = (not tables.catalogue.is_user_card(name) and sum(1 for c in state.cards if c.name == name) == 1
                 and all(independence.name_known(tables, other) for other in tables.text if other != name))
        tables.remembered[mark] = found
    return bool(found)


_NOTHING_DONE: frozenset[tuple[int, str]] = frozenset()


def _level_ups(state: State) -> frozenset[tuple[int, str]]:
    """The processes of the position's cards that read their controller's hand and deck
    (``independence.OTHER_PROCESSES``: a level-up), by (uid, key) — a process's ``pid`` (kept on the
    tables: a uid keeps its card's name in these positions)."""
    tables = state.tables
    found = tables.remembered.get(("quick effects: level-ups",))
    if found is None:
        found = frozenset((card.uid, key) for card in state.cards for name, key in independence.OTHER_PROCESSES
                          if card.name == name)
        tables.remembered[("quick effects: level-ups",)] = found
    return found


def _chain_sources(state: State) -> tuple[int, ...] | None:
    """The cards of the chain's links when each is a process of a card that reads and moves only its own
    card (``independence.own_card_only``: a Spirit's return), with no choice or subject (else None)."""
    tables = state.tables
    sources: list[int] = []
    for link in state.chain:
        if link.process is None or link.lingering is not None or link.subjects or link.choice.targets \
                or link.negated or link.activation_negated or link.source < 0:
            return None
        effect = tables.effect_named(state.cards[link.source].name, link.key)
        if not isinstance(effect, EndPhaseEffect) or independence.own_card_only(effect) is None:
            return None
        sources.append(link.source)
    return tuple(sources)


def _reach(state: State, action: Activate | Respond) -> Reach | None:
    """What the activation reaches here and the key of its change (None: nothing remembered here)."""
    if (state.waiting or state.adjusted or state.declared or state.phase is not PHASE_END or state.attacker >= 0
            or state.moment or state.ruleset.process_order is not None):
        return None
    if type(action) is Activate:
        if state.step is not STEP_OPEN or state.chain:
            return None
        links: tuple[int, ...] = ()
    elif state.step is not STEP_CHAIN or not state.chain:
        return None
    else:  # an answer to a chain of processes that move only their own card: they resolve after it
        found = _chain_sources(state)
        if found is None:
            return None
        links = found
    choice = action.choice
    if choice.cost or choice.picks or choice.option:
        return None
    uid, effect = action.ref
    cards = state.cards
    card = cards[uid]
    tables = state.tables
    if (card.name, effect) not in QUICK_TARGETS_ONLY or not _trusted(state, card.name):
        return None
    if state.lingering and not independence.lingering_known(tables, state.lingering):
        return None
    reached = tuple(dict.fromkeys((uid, *choice.targets, *links)))
    on = frozenset(reached)
    done = frozenset([d for d in state.done if d[0] in on]) if state.done else _NOTHING_DONE
    # (lists, not generators: no frame per item)
    watching = tuple([cards[u] for u in tables.quick_uids if u not in on])
    pending = state.pending
    # a pending process that reads its controller's hand and deck (a level-up) may read where a target goes
    hands = (tuple([c for c in cards if c.zone is ZONE_HAND]), state.decks, state.anonymous) \
        if not _level_ups(state).isdisjoint([p.pid for p in pending]) else None
    key = ("quick", type(action), action.ref, choice, state.turn_player, state.priority, state.passes,
           state.chain, state.after_chain, tuple([cards[u] for u in reached]),
           tuple([p for p in pending if p.source in on]), done,
           tuple([item for item in state.lingering if item.target in on]), watching, hands)
    return reached, done, key


def recall(state: State, action: Activate | Respond) -> tuple[Reach | None, Successor | None]:
    """What the activation reaches here (None: nothing remembered) and, when it was remembered, what
    activating it does (else None: the procedure activates it, then :func:`keep`)."""
    reach = _reach(state, action)
    if reach is None:
        return None, None
    change = state.tables.remembered.get(reach[2])
    if change is None or change is _NOT_KEPT or change.ruleset is not state.ruleset:
        return reach, None
    return reach, (_apply(state, reach, change), change.events, change.notes)


def keep(state: State, reach: Reach, made: Successor) -> None:
    """Remember what the procedure did (``made``) when it changed nothing but the cards reached and
    rebuilt from the change gives exactly its State."""
    kept = state.tables.remembered
    if kept.get(reach[2]) is _NOT_KEPT:
        return
    child, events, notes = made
    reached = frozenset(reach[0])
    if not isinstance(child, State) or not _only_reached(state, child, reached):
        kept[reach[2]] = _NOT_KEPT
        return
    change = QuickChange(
        ruleset=state.ruleset,
        cards=tuple((u, child.cards[u]) for u in reach[0] if child.cards[u] is not state.cards[u]),
        cards_hash_change=state._cards_hash ^ child._cards_hash,
        own_pending=tuple(p for p in child.pending if p.source in reached),
        own_done=frozenset(d for d in child.done if d[0] in reached),
        own_lingering=tuple(item for item in child.lingering if item.target in reached),
        step=child.step, priority=child.priority, passes=child.passes, forced=child.forced,
        after_chain=child.after_chain, moment=child.moment, events=events, notes=notes)
    rebuilt = _apply(state, reach, change)
    kept[reach[2]] = change if rebuilt == child and hash(rebuilt) == hash(child) else _NOT_KEPT


def _only_reached(state: State, child: State, reached: frozenset[int]) -> bool:
    """The procedure resolved the chain at once into an open game state and changed nothing but the
    cards reached (their processes, done marks and the lingering effects on them)."""
    if (child.chain or child.waiting or child.step is not Step.OPEN or child.adjusted != state.adjusted
            or child.phase is not state.phase or child.declared != state.declared
            or child.attacker != state.attacker or child.skipped != state.skipped
            or child.decks != state.decks or child.anonymous != state.anonymous or child.life != state.life):
        return False
    if any(a is not b for i, (a, b) in enumerate(zip(state.cards, child.cards)) if i not in reached):
        return False
    if [i for i in child.lingering if i.target not in reached] != [i for i in state.lingering if i.target not in reached]:
        return False
    if [p for p in child.pending if p.source not in reached] != [p for p in state.pending if p.source not in reached]:
        return False
    return {d for d in child.done if d[0] not in reached} == {d for d in state.done if d[0] not in reached}


def _apply(state: State, reach: Reach, change: QuickChange) -> State:
    """``state`` changed as ``change`` says (``reach``: what the activation reaches here)."""
    uids, done_before, _key = reach
    reached = frozenset(uids)
    cards = state.cards
    hashed = state._cards_hash
    if change.cards:
        hashed ^= change.cards_hash_change
        changed = list(cards)
        for uid, card in change.cards:
            changed[uid] = card
        cards = tuple(changed)
    pending = tuple(p for p in state.pending if p.source not in reached)
    if change.own_pending:
        pending = tuple(sorted(pending + change.own_pending, key=PROCESS_ORDER))
    done = state.done
    if done_before != change.own_done:
        done = (done - done_before if done_before else done) | change.own_done
    lingering = state.lingering
    if any(item.target in reached for item in lingering):
        left = set(change.own_lingering)
        lingering = tuple(item for item in lingering if item.target not in reached or item in left)
    return make_state(state.tables, hashed, state.turn_player, state.ruleset, cards, state.decks, state.anonymous,
                      state.life, change.step, change.priority, change.passes, change.forced, pending, done,
                      lingering, (), (), state.adjusted, change.after_chain, state.skipped, state.phase,
                      state.declared, state.attacker, change.moment)
