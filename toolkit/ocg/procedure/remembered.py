"""Performing a process that touches only a few known cards, done once and remembered.

Most steps of a search perform a process whose text says what it may touch
(``independence.process_reach``): a Spirit returning or a self-destruct moves
only its own card and perhaps deals damage; a mill moves its own card's deck
top to the GY; the end of a control change gives one card back.  In a position
where nothing can respond to it, trigger on it or watch what it does
(``independence.cards_are_known``), such a process changes the same things
whatever the other cards are: the cards it reaches, their pending processes,
done marks and lingering effects, life points by a fixed amount, and who acts
next.

The first time such a process is performed from given cards (the same card
objects: same zones, positions and tags; the same done marks and lingering
effects on them; for a mill, the same decks), the whole procedure performs it
(:func:`~toolkit.ocg.procedure.transitions._perform`) and the change it made is
kept — only after checking that it changed nothing else and that the change
rebuilds exactly the State the procedure made.  The next times, the change is
applied to the position directly: the same next State, events and notes
(``ENDPHASE_CHECK_REMEMBERED=1`` runs the whole procedure as well and
compares; tests/engine/test_remembered.py does so over every position of the
benchmark families, the shipped scenarios and random positions).  What is kept
lives in the position's tables (one set of cards, one date), one entry per
process and cards reached.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from toolkit.core.actions import NO_CHOICE, Action, Perform
from toolkit.core.durations import Lingering
from toolkit.core.game import Note, Stepper, Successor
from toolkit.core.later import LaterStep
from toolkit.core.values import Event
from toolkit.ocg import independence
from toolkit.ocg.independence import Reach
from toolkit.ocg.procedure.pending import PROCESS_ORDER
from toolkit.ocg.state import PHASE_END, STEP_FORCED, STEP_OPEN, PositionTables, State, Step, make_state
from toolkit.ocg.values import ZONE_HAND, Card, Process

if TYPE_CHECKING:
    from toolkit.ocg.rulesets import Ruleset

CHECK_REMEMBERED = os.environ.get("ENDPHASE_CHECK_REMEMBERED", "").strip() in ("1", "true", "yes")
"""Whether every remembered change is also made by the whole procedure and compared (a test switch)."""

@dataclass(frozen=True, slots=True)
class Change:
    """What performing one process from given cards did (see the module docstring)."""

    ruleset: Ruleset
    cards: tuple[tuple[int, Card], ...]
    """Each card reached that changed, with its new object."""
    cards_hash_change: int
    """The cards' part of the State hash (``State._cards_hash``) after it, exclusive or before it (the same
    wherever it is recalled: the cards it reaches are part of its key)."""
    own_pending: tuple[Process, ...]
    """The pending processes of the cards reached, after it."""
    own_done: frozenset[tuple[int, str]]
    """The done processes of the cards reached, after it."""
    decks: tuple[tuple[int, ...], tuple[int, ...]] | None
    """The decks after it, for a process that reaches them (a mill; else None: unchanged)."""
    anonymous: tuple[tuple[int, int, int], tuple[int, int, int]] | None
    life: tuple[int, int]
    """The change of each player's life points."""
    step: Step
    priority: str | None
    passes: int
    forced: str | None
    after_chain: str | None
    moment: frozenset[str]
    events: tuple[Event, ...]
    notes: tuple[Note, ...]


_NOTHING_DONE: frozenset[tuple[int, str]] = frozenset()
_NO_LIFE_CHANGE = (0, 0)

_NOT_KEPT: Any = object()
"""``PositionTables.remembered``' mark for a process that did more than reach its cards there
(e.g. opened a chain another card could answer): performed by the whole procedure from then on."""


class _Reach(NamedTuple):
    """The cards a process reaches in a position, and what its change is remembered by: the fields of
    the plain tuple ``_reach`` builds for every Perform of a search (a plain tuple is one allocation
    where a named tuple's ``tuple.__new__`` makes two); ``reached_by`` and ``keep`` name them."""

    at: int
    """The index of the process among the pending ones."""
    process: Process
    uids: tuple[int, ...]
    done: frozenset[tuple[int, str]]
    """The done processes of those cards before it."""
    ended: Lingering | None
    ended_at: int
    """The index of ``ended`` among the position's lingering effects (-1: none)."""
    kind: Reach
    """``independence.process_reach``."""
    key: tuple[object, ...]
    """What the change is remembered by: the process's key, whether it is forced (R7; else an open game
    state — a bool rather than the step, whose hash is Python code), the turn player, the cards reached,
    their done marks, the lingering effect ended (for a mill: the decks and counts of unnamed cards)."""


Reached = tuple[int, Process, tuple[int, ...], frozenset[tuple[int, str]], Lingering | None, int, Reach,
                tuple[object, ...]]
"""What ``_reach`` builds: ``_Reach``'s fields in order, in a plain tuple."""

_KEY: Final = 7
"""The index of ``_Reach.key`` in a ``Reached``."""


def _reach(state: State, action: Perform) -> Reached | None:
    """What ``action`` reaches here, when this position is one where a change may be remembered:
    an open game state or a forced process of the End Phase, no chain, trigger or declaration,
    nothing chosen (the rest is the same for every position of the tables — the cards' texts and
    the rule set — and checked when the change is kept)."""
    if action.choice is not NO_CHOICE or not _may_remember(state):
        return None
    return _reach_here(state, action, None)


def _may_remember(state: State) -> bool:
    """Whether a change may be remembered in this position (see :func:`_reach`)."""
    step = state.step
    return not ((step is not STEP_OPEN and step is not STEP_FORCED) or state.chain or state.waiting or state.adjusted
                or state.declared or state.phase is not PHASE_END or state.attacker >= 0)


def _reach_here(state: State, action: Perform, first_at: dict[tuple[int, str], int] | None) -> Reached | None:
    """:func:`_reach` in a position where a change may be remembered, of an action with nothing chosen
    (``first_at``: each pending process's pid -> its first index, when found already)."""
    ref = action.ref
    if first_at is None:
        at = 0
        for process in state.pending:
            if process.pid == ref:
                break
            at += 1
        else:
            return None
    else:
        found = first_at.get(ref)
        if found is None:
            return None
        at = found
        process = state.pending[at]
    step = state.step
    uid = process.source
    if uid < 0:
        return None
    tables = state.tables
    kind = tables.reaches.get(ref, _UNKNOWN)
    if kind is _UNKNOWN:
        kind = tables.reaches[ref] = _reach_kind(state, process)
    if kind is None or (tables.known_kinds is not True and not independence.cards_are_known_at(state)):
        return None  # a card here could respond, trigger or watch
    ended = None
    ended_at = -1
    lingering = state.lingering
    if lingering:
        scan = tables.lingering_scans.get(id(lingering))
        if scan is None or scan[0] is not lingering:
            scan = _scan_lingering(tables, lingering)
        on = scan[1]
        if on is None:
            return None  # a lingering effect of a kind that may watch or change what the process does
        on_it = on.get(uid, _NONE_ON_IT)
        if process.lingering:
            if on_it is None or on_it is _NONE_ON_IT or process.key != on_it[1]:
                return None  # its card has another lingering effect, or none that this process ends
            ended_at = on_it[0]
            ended = lingering[ended_at]
        elif on_it is not _NONE_ON_IT:
            return None
    elif process.lingering:
        return None
    cards = state.cards
    done = state.done
    if kind == "itself" or kind == "target":
        if done:
            by_card = tables.done_by_card.get(done)
            if by_card is None:
                by_card = tables.done_by_card[done] = _by_card(done)
            own_done = by_card.get(uid, _NOTHING_DONE)
        else:
            own_done = _NOTHING_DONE
        return (at, process, (uid,), own_done, ended, ended_at, kind,
                (process.key, step is STEP_FORCED, state.turn_player, cards[uid], own_done, ended))
    decks = state.decks
    uids = (uid, *decks[0], *decks[1])  # a mill may reach the named deck cards
    if kind == "hands and decks":  # a level-up: a card from the hand or the deck
        uids += tuple([c.uid for c in cards if c.zone is ZONE_HAND])
    own_done = frozenset([d for d in done if d[0] in uids]) if done else _NOTHING_DONE
    # (list comprehensions and map: no generator frame per item)
    key: tuple[object, ...] = (process.key, step is STEP_FORCED, state.turn_player, tuple(map(cards.__getitem__, uids)),
                               own_done, None, decks, state.anonymous)
    return (at, process, uids, own_done, ended, ended_at, kind, key)


def reached_by(state: State, action: Perform) -> _Reach | None:
    """What ``action`` reaches here, with the fields named (None: nothing this module remembers)."""
    reach = _reach(state, action)
    return None if reach is None else _Reach._make(reach)


_NONE_ON_IT = (-1, "")
"""``_scan_lingering``'s answer for a uid no lingering effect applies to."""

_SCANS_KEPT = 256
"""How many lingering tuples ``PositionTables.lingering_scans`` keeps (emptied when full)."""


def _scan_lingering(tables: PositionTables, lingering: tuple[Lingering, ...]
                    ) -> tuple[tuple[Lingering, ...], dict[int, tuple[int, str] | None] | None]:
    """``PositionTables.lingering_scans``' entry for ``lingering``, computed and kept."""
    known = tables.known_lingering
    found: dict[int, tuple[int, str] | None] = {}
    on: dict[int, tuple[int, str] | None] | None = found
    for i, item in enumerate(lingering):
        if item.key in known:
            ending = known[item.key]
        else:
            ending = known[item.key] = "end:" + item.key if independence.lingering_known(tables, (item,)) else None
        if ending is None:
            on = None
            break
        target = item.target
        found[target] = (i, ending) if target not in found else None
    scans = tables.lingering_scans
    if len(scans) >= _SCANS_KEPT:
        scans.clear()
    scan = scans[id(lingering)] = (lingering, on)
    return scan


def _by_card(done: frozenset[tuple[int, str]]) -> dict[int, frozenset[tuple[int, str]]]:
    """The done marks ``done`` by the uid of their card."""
    marks: dict[int, list[tuple[int, str]]] = {}
    for mark in done:
        marks.setdefault(mark[0], []).append(mark)
    return {uid: frozenset(own) for uid, own in marks.items()}


_UNKNOWN = object()
"""``PositionTables.reaches``' mark for a process not looked at yet."""


def _reach_kind(state: State, process: Process) -> Reach | None:
    """``independence.process_reach`` of the process when its card has no other process of the phase
    (else None): the same for every position of the tables (whether the position's cards could
    respond, trigger or watch is asked of each position: ``independence.cards_are_known_at``)."""
    kind = independence.process_reach(state, process)
    if kind is None or (kind == "target") != process.lingering:
        return None
    processes = state.tables.end_phase.get((state.cards[process.source].name, str(state.phase)), ())
    if kind == "target":
        return kind if not processes else None  # the card it applies to has no process of its own
    return kind if len(processes) == 1 else None  # the card's one process of the phase: this one


def forget(tables: PositionTables) -> None:
    """Forget every change remembered for the positions of ``tables`` (a benchmark's cold run)."""
    tables.remembered.clear()
    tables.reaches.clear()
    tables.known_lingering.clear()
    tables.lingering_scans.clear()
    tables.done_by_card.clear()
    tables.board_answers.clear()


def recall(state: State, action: Perform) -> tuple[Reached | None, Successor | None]:
    """What ``action`` reaches here (None: nothing this module remembers) and, when it was
    remembered, what performing it does (else None: the procedure performs it, then ``keep``)."""
    reach = _reach(state, action)
    if reach is None:
        return None, None
    change = state.tables.remembered.get(reach[_KEY])
    if change is None or change is _NOT_KEPT or change.ruleset is not state.ruleset:
        return reach, None
    return reach, (_apply(state, reach, change), change.events, change.notes)


class Remembered(LaterStep):
    """A remembered change not applied yet (``steps_before_grouping``): the step from ``state`` of the
    action that reaches ``reach``, made — as :func:`recall` makes it — when read (``made``)."""

    __slots__ = ("state", "reach", "change")

    def __init__(self, state: State, reach: Reached, change: Change) -> None:
        self.state, self.reach, self.change = state, reach, change

    def made(self) -> Successor:
        change = self.change
        return (_apply(self.state, self.reach, change), change.events, change.notes)


def steps_before_grouping(state: State, actions: tuple[Action, ...], step: Stepper) -> list[Successor | LaterStep]:
    """Each action's step (``step``: the procedure's), a process performed by a remembered change left for
    later (:class:`Remembered`: the search's grouping judges it from the change, and a process that its
    group's first stands for is never stepped) — none where the step does more than the change (a user's
    cards noted, ``ENDPHASE_CHECK_REMEMBERED``) or where the memo is switched off."""
    if state.tables.user_files or CHECK_REMEMBERED or recall is not _RECALL or not _may_remember(state):
        return [step(state, action, check=False) for action in actions]  # (recall replaced: the memo switched off)
    kept = state.tables.remembered
    ruleset = state.ruleset
    first_at: dict[tuple[int, str], int] = {}
    for at, process in enumerate(state.pending):
        first_at.setdefault(process.pid, at)
    out: list[Successor | LaterStep] = []
    for action in actions:
        if isinstance(action, Perform) and action.choice is NO_CHOICE:
            reach = _reach_here(state, action, first_at)
            if reach is not None:
                change = kept.get(reach[_KEY])
                if change is not None and change is not _NOT_KEPT and change.ruleset is ruleset:
                    out.append(Remembered(state, reach, change))
                    continue
        out.append(step(state, action, check=False))
    return out


_RECALL = recall
"""The memo's own :func:`recall`: a benchmark or a test that switches the memo off replaces ``recall``
(every process then performed by the whole procedure), and no step is left for later either."""


def keep(state: State, reached: Reached, made: Successor) -> None:
    """Remember what the procedure did (``made``) when the texts say the process reaches only a
    few cards (``independence.process_reach``), the position's cards cannot respond, trigger or
    watch, and the procedure changed only those cards here (``reach``: from ``recall``)."""
    if state.ruleset.process_order is not None:
        return
    reach = _Reach._make(reached)
    kept = state.tables.remembered
    found = kept.get(reach.key)
    if found is _NOT_KEPT:
        return  # it did more here before (a chain a card could answer): not asked again
    process = reach.process
    child, events, notes = made
    if [p for p in state.pending if p.source in reach.uids] != [process] or not isinstance(child, State) \
            or not _only_reached(state, child, reach, decks=reach.kind.endswith("decks")):
        kept[reach.key] = _NOT_KEPT
        return
    reached_uids = frozenset(reach.uids)
    change = Change(
        ruleset=state.ruleset,
        cards=tuple((u, child.cards[u]) for u in reach.uids if child.cards[u] is not state.cards[u]),
        cards_hash_change=state._cards_hash ^ child._cards_hash,
        own_pending=tuple(p for p in child.pending if p.source in reached_uids),
        own_done=frozenset(d for d in child.done if d[0] in reached_uids),
        decks=child.decks if child.decks != state.decks else None,
        anonymous=child.anonymous if child.anonymous != state.anonymous else None,
        life=_life_change(state, child),
        step=child.step, priority=child.priority, passes=child.passes, forced=child.forced,
        after_chain=child.after_chain, moment=child.moment, events=events, notes=notes)
    rebuilt = _apply(state, reach, change)
    kept[reach.key] = change if rebuilt == child and hash(rebuilt) == hash(child) else _NOT_KEPT  # the same State


def _life_change(before: State, after: State) -> tuple[int, int]:
    """Each player's change of life points (``_NO_LIFE_CHANGE``, one object, for none)."""
    change = (after.life[0] - before.life[0], after.life[1] - before.life[1])
    return _NO_LIFE_CHANGE if change == _NO_LIFE_CHANGE else change


def _only_reached(state: State, child: State, reach: _Reach, *, decks: bool) -> bool:
    """The procedure changed nothing but the cards reached (their processes, done marks and the
    lingering effect ended), life points, who acts, and for a mill the decks."""
    if (child.chain or child.waiting or child.adjusted != state.adjusted or child.phase is not state.phase
            or child.declared != state.declared or child.attacker != state.attacker
            or child.skipped != state.skipped or child.step is not Step.OPEN):
        return False
    if not decks and (child.decks != state.decks or child.anonymous != state.anonymous):
        return False
    expected = state.lingering if reach.ended is None else tuple(i for i in state.lingering if i is not reach.ended)
    if child.lingering != expected:
        return False
    reached = frozenset(reach.uids)
    if any(a is not b for i, (a, b) in enumerate(zip(state.cards, child.cards)) if i not in reached):
        return False
    if [p for p in child.pending if p.source not in reached] != [p for p in state.pending if p.source not in reached]:
        return False
    return {d for d in child.done if d[0] not in reached} == {d for d in state.done if d[0] not in reached}


def _apply(state: State, reach: Reached, change: Change) -> State:
    """``state`` changed as ``change`` says (``reach``: what the process reaches here)."""
    at, _process, _uids, done_before, _ended, ended_at, _kind, _key = reach
    cards = state.cards
    hashed = state._cards_hash
    if change.cards:
        hashed ^= change.cards_hash_change
        changed = list(cards)  # (cheaper than two slices and two concatenations)
        for uid, card in change.cards:
            changed[uid] = card
        cards = tuple(changed)
    pending = state.pending
    left = list(pending)
    del left[at]  # the one pending process of the cards reached
    pending = tuple(left)
    if change.own_pending:
        pending = tuple(sorted(pending + change.own_pending, key=PROCESS_ORDER))
    done = state.done
    own_done = change.own_done
    if done_before != own_done:
        done = (done - done_before if done_before else done) | own_done
    lingering = state.lingering
    if ended_at >= 0:  # this position's effect (equal to the one the change was kept with)
        lingering = lingering[:ended_at] + lingering[ended_at + 1:]
    life = state.life
    gained = change.life
    if gained is not _NO_LIFE_CHANGE and gained != _NO_LIFE_CHANGE:
        life = (life[0] + gained[0], life[1] + gained[1])
    return make_state(state.tables, hashed, state.turn_player, state.ruleset, cards,
                      state.decks if change.decks is None else change.decks,
                      state.anonymous if change.anonymous is None else change.anonymous,
                      life, change.step, change.priority, change.passes, change.forced, pending, done,
                      lingering, (), (), state.adjusted, change.after_chain, state.skipped, state.phase,
                      state.declared, state.attacker, change.moment)
