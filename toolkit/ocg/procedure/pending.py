"""Which processes are pending (R4, R6) and settling a board after a change.

:func:`r6_sync_processes` recomputes the pending End Phase processes (of any
phase, P2b); :func:`r4_expiry_processes` adds those lingering effects create.
:func:`_settle` is what every step does after it moved cards: continuous
self-destructs, then the triggers met, then the pending processes.
"""

from __future__ import annotations

import os
from collections.abc import Set as AbstractSet
from dataclasses import replace
from functools import lru_cache
from operator import attrgetter, itemgetter

from toolkit.core.durations import Duration, Lingering
from toolkit.core.rules import implements
from toolkit.ocg.board import Board
from toolkit.ocg.cards.base import ContinuousKind
from toolkit.ocg.procedure._shared import SearchMemo, lingering_effect, x1_card_text
from toolkit.ocg.procedure.triggers import collect_triggers, h5_end_phase_trigger_allowed
from toolkit.ocg.rules import CONTINUOUS
from toolkit.ocg.state import PROCESS_ORDER as PROCESS_ORDER  # (R6's order: a State keeps it, see State.pending)
from toolkit.ocg.state import Applying, Cause, Phase, State, WaitingTrigger
from toolkit.ocg.tables import PositionTables
from toolkit.ocg.values import Card, Process, ProcessKind, Zone


@implements("R4", "X2", game="ocg")
def r4_expiry_processes(board: Board) -> dict[tuple[int, str], Process]:
    """R4 (R6 kinds 3 and 5): processes that lingering effects create —
    the expiry of each UNTIL_END_PHASE effect, and lingering actions (End Phase only)."""
    found: dict[tuple[int, str], Process] = {}
    if board.phase is not Phase.END:
        return found
    memo = board.tables.expiry
    done = board.done
    cards = board.cards
    for item in board.lingering:
        target = cards[item.target] if item.target >= 0 else None
        # r4_ends_in_end_phase, inline (the rule read only for an effect it can end: a run that reads no rule
        # it need not is the same under a rule set one change away, which is then not asked: history.runs)
        key = (item, target, item.duration in _ENDS_WITH_TURN and not board.ruleset.turn_end_effects_end_with_turn)
        created = memo.get(key)
        if created is None:
            created = memo[key] = _expiry_processes(board, item, target)
        for process in created:
            if process.pid not in done:
                found[process.pid] = process
    return found


def _expiry_processes(board: Board, item: Lingering, target: Card | None) -> tuple[Process, ...]:
    """The processes ``item`` creates in the End Phase (its expiry, its lingering
    action), whether done or not; the same for the same item, card and ruleset flag."""
    effect = lingering_effect(board, item)
    if effect is None:
        return ()
    on = f" on {target.shown()}" if target is not None and target.shown() else ""
    created: list[Process] = []
    if item.duration.has_expiry_process or r4_ends_in_end_phase(board, item.duration):
        created.append(Process(item.target, "end:" + item.key, item.controller, ProcessKind.DURATION_END,
                               True, False, f"{item.source}: end {effect.label or item.effect}{on}", lingering=True))
    if effect.process is not None:
        created.append(Process(item.target, item.key, item.controller, ProcessKind.LINGERING,
                               effect.process.mandatory, effect.process.chain_link,
                               f"{item.source}: {effect.process.label}{on}", lingering=True))
    return tuple(created)


_ENDS_WITH_TURN = (Duration.UNTIL_END_OF_TURN, Duration.THIS_TURN)


def r4_ends_in_end_phase(board: Board, duration: Duration) -> bool:
    """R4 reversed (``turn_end_effects_end_with_turn`` False): an effect lasting
    until the end of the turn ends by a process in the End Phase instead."""
    return (duration in _ENDS_WITH_TURN  # (the rule read only where it matters)
            and not board.ruleset.turn_end_effects_end_with_turn)


_SELF_DESTRUCT, _PHASE_TURN_END = ContinuousKind.SELF_DESTRUCT, Phase.TURN_END

_PID, _SOURCE, _TARGET, _FIRST = attrgetter("pid"), attrgetter("source"), attrgetter("target"), itemgetter(0)


PendingFacts = tuple[tuple[Process, ...], PositionTables, dict[tuple[int, str], int], dict[int, int],
                     frozenset[tuple[int, str]]]
"""What :func:`pending_facts` finds of a pending list: (the list, its positions' tables, each process id's
index, how many processes each card (uid) has, the process ids)."""

CHECK_INCREMENTAL = os.environ.get("ENDPHASE_CHECK_INCREMENTAL", "").strip() in ("1", "true", "yes")
"""Whether every incremental R6 update is checked against the full recomputation
(a test switch: ``ENDPHASE_CHECK_INCREMENTAL=1``, or set by tests/engine/test_incremental.py)."""


@implements("R6", "P2b", game="ocg")
def r6_sync_processes(board: Board, pending: tuple[Process, ...], adjusted: bool, *,
                      incremental: bool = False,
                      without: tuple[PendingFacts, Process] | None = None) -> tuple[Process, ...]:
    """R6: the pending End Phase processes after a change.

    A card's process appears when its ``applies`` starts to hold (after the
    adjustment only as H5 allows) and disappears when it stops holding before
    being done — "unless its card left".

    ``incremental``: ``pending`` is the base state's list less processes just
    put in ``board.done``; when every condition of the phase reads only its
    own card (and the turn player) and neither the phase nor the adjustment
    changed, only the cards that changed are looked at again, and the processes
    lingering effects create only when one of those effects or the card it
    applies to changed (:func:`_sync_changed`) — the same answer as looking at
    every card. (``without``: see :func:`_sync_changed`.)
    """
    if incremental and adjusted == board.base.adjusted and _may_sync_changed(board):
        found = _sync_changed(board, pending, adjusted, without)
        if CHECK_INCREMENTAL:
            notes = len(board.notes)
            full = _sync_all(board, pending, adjusted)
            del board.notes[notes:]
            if full != found:  # pragma: no cover - a failing check is a bug in _sync_changed
                raise AssertionError(f"incremental R6 differs: {found!r} != {full!r}")
        return found
    return _sync_all(board, pending, adjusted)


def _may_sync_changed(board: Board) -> bool:
    """Whether every condition of the board's phase reads only its own card (and the turn player), and no
    process a lingering effect creates can share its id with a card's own (asked only with lingering effects)."""
    local, lingering_too, _ = _incremental_facts(board.tables, board.phase)
    return lingering_too or (local and not (board.lingering or board.base.lingering))


@lru_cache(maxsize=256)
def _incremental_facts(tables: PositionTables, phase: Phase) -> tuple[bool, bool, frozenset[int]]:
    """For a position's cards and a phase: whether every condition of the phase reads only its own card,
    whether moreover no lingering effect's process can share its id with a card's own (see
    :func:`_lingering_keys_may_clash`), and the uids of the cards with phase processes (bounded: one answer
    per set of cards and phase)."""
    local = tables.all_local(phase)
    return local, local and not _lingering_keys_may_clash(tables), frozenset(tables.end_phase_uids)


def _sync_changed(board: Board, pending: tuple[Process, ...], adjusted: bool,
                  without: tuple[PendingFacts, Process] | None = None,
                  uids: frozenset[int] | None = None) -> tuple[Process, ...]:
    """R6 for the cards whose object changed since the base state; the others'
    processes are those of ``pending`` (the caller's conditions, see
    :func:`r6_sync_processes`). The processes lingering effects create (R4) are
    those of ``pending`` too while no lingering effect and no card one applies
    to changed, or when the step only ended some of them (:func:`_ended_pids`);
    else they are made again.

    The cards that changed are found among those the board wrote (``Board.changed``: every write
    of its cards is recorded there), in uid order, as a look at every card would find them.

    ``without``: ``pending`` is the base state's list (these facts, :func:`pending_facts`) less this process,
    the one the step performed (then whether every other process stays is asked of the facts); ``uids``: the
    uids of the cards with phase processes (:func:`_incremental_facts`' third answer, when the caller has it)."""
    cards = board.cards
    before = board.base.cards
    written = board.changed
    if written:
        if uids is None:
            uids = _incremental_facts(board.tables, board.phase)[2]
        if len(written) == 1:  # (most steps write one card: no comprehension to make and call)
            uid = written[0]
            changed = [uid] if uid in uids and cards[uid] is not before[uid] else []
        else:
            changed = [uid for uid in set(written) if uid in uids and cards[uid] is not before[uid]]
            if len(changed) > 1:
                changed.sort()
    else:
        changed = []
    lingering, base_lingering = board.lingering, board.base.lingering
    lasting = lingering is base_lingering or (len(lingering) == len(base_lingering) and _same_lingering(board))
    if not changed and lasting:
        return pending
    done = board.done
    dropped = None if lasting else _ended_pids(board)
    if (lasting or dropped is not None) and (
            _all_stay(pending, changed, done, dropped) if without is None
            else _all_stay_without(without[0], without[1], changed, done, dropped)):
        return _with_new(board, pending, changed, adjusted)  # (most steps keep every other process)
    left: list[Process] = []  # the processes of the cards that changed (pending again, or no longer: R6's note)
    if changed:
        kept = []
        gone = set(changed)
        for p in pending:
            if p.source in gone:
                if not p.lingering:
                    left.append(p)
                    continue
                if lasting:
                    continue
            if p.pid not in done and (lasting or not p.lingering or (dropped is not None and p.pid not in dropped)):
                kept.append(p)
    else:
        kept = []
        for p in pending:
            if p.pid not in done and (lasting or not p.lingering or (dropped is not None and p.pid not in dropped)):
                kept.append(p)
    # (a process lingering effects create is never a card's own: see _lingering_keys_may_clash)
    added = dropped is None and not lasting  # (only dropped: what is left of R6's list is in its order)
    again: set[tuple[int, str]] = set()
    for uid in changed:
        card = cards[uid]
        if card.zone is not Zone.DECK:
            for pid, eff, created in _applying(board, uid, card):
                if pid in done:
                    continue
                known = next((p for p in pending if p.pid == pid), None)
                if known is not None:
                    kept.append(known if known.controller == card.controller else replace(known, controller=card.controller))
                elif adjusted and not h5_end_phase_trigger_allowed(board, card, eff):
                    done.add(pid)
                    continue
                else:
                    kept.append(created)
                again.add(pid)
                added = True
    if not lasting and dropped is None:  # R4 makes them again
        created_before = {p.pid: p for p in pending if p.lingering}
        for pid, proc in r4_expiry_processes(board).items():
            kept.append(created_before.get(pid, proc))
    for proc in left:
        if proc.pid not in again:
            board.note("R6", f"{proc.label}: no longer pending ({cards[proc.source].shown()} left or its condition ended)")
    if not added and len(kept) == len(pending):
        return pending
    return tuple(sorted(kept, key=PROCESS_ORDER)) if added else tuple(kept)


def _with_new(board: Board, pending: tuple[Process, ...], changed: list[int], adjusted: bool) -> tuple[Process, ...]:
    """``pending`` (none of whose processes is of a card in ``changed``, done or ended) with the processes of
    the cards in ``changed`` that apply now: what the general path of :func:`_sync_changed` finds then."""
    added: list[Process] | None = None
    cards, done = board.cards, board.done
    for uid in changed:
        card = cards[uid]
        if card.zone is not Zone.DECK:
            seen = board.tables.last_applying(board.turn_player, board.phase, len(cards))[uid]
            applying = seen[1] if seen is not None and seen[0] is card else _applying(board, uid, card)  # (its
            # first lookup, inline)
            for pid, eff, created in applying:
                if pid in done:
                    continue
                if adjusted and not h5_end_phase_trigger_allowed(board, card, eff):
                    done.add(pid)
                    continue
                if added is None:
                    added = []
                added.append(created)
    if added is None:
        return pending
    return tuple(sorted((*pending, *added), key=PROCESS_ORDER))


def _all_stay(pending: tuple[Process, ...], changed: list[int], done: set[tuple[int, str]],
              dropped: AbstractSet[tuple[int, str]] | None) -> bool:
    """Whether no process of ``pending`` is of a card in ``changed``, done or ``dropped`` (asked in C: a
    process id's first item is its card, so only the ids whose card has a pending process are looked up).

    >>> from toolkit.ocg.values import ProcessKind
    >>> pending = (Process(1, "a", "A", ProcessKind.MANDATORY_EFFECT, True, False, "a"),)
    >>> _all_stay(pending, [2], {(1, "b")}, None), _all_stay(pending, [1], set(), None)
    (True, False)
    >>> _all_stay(pending, [], {(1, "a")}, None), _all_stay(pending, [], set(), {(1, "a")})
    (False, False)
    """
    sources = set(map(_SOURCE, pending))
    if changed and not sources.isdisjoint(changed):
        return False
    if done and not sources.isdisjoint(map(_FIRST, done)) and not done.isdisjoint(map(_PID, pending)):
        return False
    return dropped is None or sources.isdisjoint(map(_FIRST, dropped)) or dropped.isdisjoint(map(_PID, pending))


PENDING_FACTS: SearchMemo[PendingFacts] = SearchMemo(4096)
"""id of a position's pending list -> :data:`PendingFacts`: found once per list and read by each step from
a position that shares it (a position's steps perform each of its processes in turn). The entry holds the
list, so its id names no other object while it is kept; bounded, one search's tables at a time
(``SearchMemo``)."""


def pending_facts(state: State) -> PendingFacts:
    """The facts of ``state``'s pending list (:data:`PendingFacts`), found once per list.

    >>> from toolkit.ocg.positions import FAMILIES
    >>> from toolkit.ocg.setup import initial_state
    >>> state = initial_state(FAMILIES["mandatory"](2))
    >>> facts = pending_facts(state)
    >>> facts[2] == {p.pid: i for i, p in enumerate(state.pending)}, sum(facts[3].values()), facts is pending_facts(state)
    (True, 2, True)
    """
    every, tables = state.pending, state.tables
    found = PENDING_FACTS.get(id(every))
    if found is not None and found[0] is every and found[1] is tables:
        return found
    at: dict[tuple[int, str], int] = {}
    per_card: dict[int, int] = {}
    for i, process in enumerate(every):
        at[process.pid] = i
        source = process.source
        per_card[source] = per_card.get(source, 0) + 1
    PENDING_FACTS.make_room(tables)
    made = PENDING_FACTS[id(every)] = (every, tables, at, per_card, frozenset(at))
    return made


def _all_stay_without(facts: PendingFacts, performed: Process, changed: list[int], done: set[tuple[int, str]],
                      dropped: AbstractSet[tuple[int, str]] | None) -> bool:
    """:func:`_all_stay` of the facts' list less ``performed`` (one of its processes), read from the facts:
    no card in ``changed`` has another process there, and no other process id there is done or dropped.

    >>> from toolkit.ocg.positions import FAMILIES
    >>> from toolkit.ocg.setup import initial_state
    >>> state = initial_state(FAMILIES["mandatory"](2))
    >>> first, second = state.pending
    >>> facts = pending_facts(state)
    >>> _all_stay_without(facts, first, [first.source], {first.pid}, None), _all_stay_without(facts, first, [second.source], set(), None)
    (True, False)
    >>> _all_stay_without(facts, first, [], {second.pid}, None), _all_stay_without(facts, first, [], set(), {second.pid})
    (False, False)
    """
    per_card, pids = facts[3], facts[4]
    gone = performed.source
    for uid in changed:
        if per_card.get(uid, 0) > (uid == gone):
            return False
    if done and not pids.isdisjoint(done):
        common = pids & done
        if len(common) > 1 or performed.pid not in common:
            return False
    if dropped is not None and not pids.isdisjoint(dropped):
        common = pids & dropped
        if len(common) > 1 or performed.pid not in common:
            return False
    return True


def _same_lingering(board: Board) -> bool:
    """Whether the board's lingering effects (as many as the base state's) are the base state's, and every
    card one of them applies to the base state's object (then they create the same processes, R4)."""
    lingering, base = board.lingering, board.base.lingering
    if lingering is not base and tuple(lingering) != base:
        return False  # (a tuple compares its items by identity first)
    cards, before = board.cards, board.base.cards
    for uid in board.changed:  # (every card the board wrote: the others are the base state's objects)
        if cards[uid] is not before[uid] and uid in map(_TARGET, lingering):
            return False
    return True


def _ended_pids(board: Board) -> AbstractSet[tuple[int, str]] | None:
    """After a step that only ended some lingering effects, the others and the cards they apply to being
    the base state's objects: the ids of the processes the ended ones created (the processes lingering
    effects create, R4, are then those of the base state's pending list but these and the done) — None
    when the step did anything else (then R4 makes them again)."""
    lingering, base = board.lingering, board.base.lingering
    if len(lingering) >= len(base) or board.phase is not Phase.END:
        return None
    last = board.last_ended
    ended: list[Lingering] | tuple[Lingering, ...]
    if last is not None and last[0] is base and last[1] is lingering:
        ended = last[2]  # (one end_lingering from the base state's, nothing since: what it ended)
        if len(ended) == 1:
            return _one_ended(board, base, ended[0])
    else:
        ended = []
        at, size = 0, len(lingering)
        for item in base:
            if at < size and lingering[at] is item:
                at += 1
            else:
                ended.append(item)
        if at != size:
            return None  # an effect was added or changed, not only ended
    cards, before = board.cards, board.base.cards
    for uid in board.changed:  # (every card the board wrote: the others are the base state's objects)
        if cards[uid] is not before[uid] and uid in map(_TARGET, lingering):
            return None
    for gone in ended:
        target = gone.target
        if target in map(_TARGET, lingering):  # (asked in C: most ended effects applied to a card no other does)
            for item in lingering:
                if item.target == target and item.key == gone.key:
                    return None  # (two effects whose processes share their ids)
    dropped = set()
    for gone in ended:
        dropped.add((gone.target, gone.key))
        dropped.add((gone.target, "end:" + gone.key))
    return dropped


_LINGERING_COUNTS: SearchMemo[tuple[tuple[Lingering, ...], dict[int, int], dict[tuple[int, str], int]]] = \
    SearchMemo(4096)
"""id of a lingering tuple -> (the tuple, how many of its effects apply to each uid, how many have each (uid,
key)): what :func:`_one_ended` reads, found once per tuple (a position's steps end each of its effects in
turn, and its successors keep the tuple). The entry holds the tuple, so its id names no other object while it
is kept; bounded, one search's tables at a time (``SearchMemo``)."""

_DROPPED: SearchMemo[tuple[Lingering, frozenset[tuple[int, str]]]] = SearchMemo(4096)
"""id of a lingering effect -> (the effect, the ids of the processes it creates: its expiry and its lingering
action), made once per effect (the same object in every position holding it); bounded like the above."""


def _one_ended(board: Board, base: tuple[Lingering, ...], gone: Lingering) -> AbstractSet[tuple[int, str]] | None:
    """``_ended_pids`` when one ``end_lingering`` ended ``gone``, one of ``base`` (the base state's), the board's
    lingering effects being the others: read from counts found once per tuple."""
    tables = board.tables
    counts = _LINGERING_COUNTS.get(id(base))
    if counts is None or counts[0] is not base:
        per_target: dict[int, int] = {}
        per_pid: dict[tuple[int, str], int] = {}
        for item in base:
            per_target[item.target] = per_target.get(item.target, 0) + 1
            pid = (item.target, item.key)
            per_pid[pid] = per_pid.get(pid, 0) + 1
        _LINGERING_COUNTS.make_room(tables)
        counts = _LINGERING_COUNTS[id(base)] = (base, per_target, per_pid)
    per_target = counts[1]
    target = gone.target
    cards, before = board.cards, board.base.cards
    for uid in board.changed:  # (every card the board wrote: the others are the base state's objects)
        if cards[uid] is not before[uid] and per_target.get(uid, 0) > (uid == target):
            return None  # (another effect applies to a card that changed)
    if counts[2][(target, gone.key)] > 1:
        return None  # (two effects whose processes share their ids)
    dropped = _DROPPED.get(id(gone))
    if dropped is None or dropped[0] is not gone:
        _DROPPED.make_room(tables)
        dropped = _DROPPED[id(gone)] = (gone, frozenset({(target, gone.key), (target, "end:" + gone.key)}))
    return dropped[1]


@lru_cache(maxsize=256)
def _lingering_keys_may_clash(tables: PositionTables) -> bool:
    """Whether a card of the position has a process whose key has a colon: a process a lingering
    effect creates (key ``"<card>:<effect>"`` or ``"end:<card>:<effect>"``) could then share its id
    with a card's own, and R6 looks at every card (bounded: one answer per set of cards)."""
    return any(":" in effect.key for effects in tables.end_phase.values() for effect in effects)



def _applying(board: Board, uid: int, card: Card) -> Applying:
    """``card``'s processes of the board's phase whose ``applies`` holds, each
    as R6 creates it (memoised per card object for card-local conditions)."""
    tables = board.tables
    phase: str = board.phase  # a StrEnum: keys as its value
    last = tables.last_applying(board.turn_player, phase, len(board.cards))
    seen = last[uid]
    if seen is not None and seen[0] is card:  # the card R6 last saw for this uid: its entry, unhashed
        return seen[1]
    applying = tables.applying(board.turn_player, phase)
    cached = applying.get(card)  # the processes whose condition holds, each as it would be created
    if cached is not None:
        last[uid] = (card, cached)
        return cached
    key = (card.name, phase)
    local = key in tables.end_phase_local
    done = board.done
    found = tuple(
        ((uid, e.key), e, Process(uid, e.key, card.controller, e.process_kind, e.mandatory, e.chain_link,
                                  f"{card.shown()}: {e.key}"))
        for e in tables.end_phase.get(key, ())
        if (local or (uid, e.key) not in done) and e.applies(card, board))  # type: ignore[arg-type]
    if local:  # the conditions read the card and the turn player only: asked once per card
        applying[card] = found
        last[uid] = (card, found)
    return found


def _sync_all(board: Board, pending: tuple[Process, ...], adjusted: bool) -> tuple[Process, ...]:
    """R6 looking at every card of the position."""
    current = {p.pid: p for p in pending}
    new: dict[tuple[int, str], Process] = {}
    cards = board.cards
    done = board.done
    for uid in board.tables.end_phase_uids:
        card = cards[uid]
        if card.zone is Zone.DECK:
            continue
        found = _applying(board, uid, card)
        if not found:
            continue
        for pid, eff, created in found:
            if pid in done:
                continue
            known = current.get(pid)
            if known is not None:
                new[pid] = known if known.controller == card.controller else replace(known, controller=card.controller)
                continue
            if adjusted and not h5_end_phase_trigger_allowed(board, card, eff):
                board.done.add(pid)
                continue
            new[pid] = created
    for pid, proc in r4_expiry_processes(board).items():
        new[pid] = current.get(pid, proc)
    for pid, proc in current.items():
        if pid not in new and proc.source >= 0 and not proc.lingering:
            board.note("R6", f"{proc.label}: no longer pending ({board.cards[proc.source].shown()} left or its condition ended)")
    return tuple(sorted(new.values(), key=PROCESS_ORDER))


@implements(CONTINUOUS, game="ocg")
def state_checks(board: Board) -> None:
    """Self-destructs that need no chain link (e.g. Farfa (1)) happen as soon as they apply."""
    if ContinuousKind.SELF_DESTRUCT not in board.kinds:
        return
    for _ in range(len(board.cards) + 1):
        victim = None
        for card in board.cards:
            if card.zone is not Zone.FIELD or board.is_negated(card.uid):
                continue
            for eff in x1_card_text(board, card).continuous:
                if eff.kind is ContinuousKind.SELF_DESTRUCT and eff.condition is not None \
                        and eff.active(card, board) and eff.condition(card, board):  # type: ignore[arg-type]
                    victim = card
                    break
            if victim is not None:
                break
        if victim is None:
            return
        board.note(CONTINUOUS, f"{victim.shown()} destroys itself (no chain link)")
        saved = (board.source, board.by_effect, board.by)
        board.source, board.by_effect, board.by = victim.uid, True, victim.name
        board.destroy(victim.uid)
        board.source, board.by_effect, board.by = saved


def settle(board: Board, state: State, cause: Cause, adjusted: bool, mark: int = 0,
            pending: tuple[Process, ...] | None = None,
            full: bool = False, without: tuple[PendingFacts, Process] | None = None,
            ) -> tuple[tuple[Process, ...], tuple[WaitingTrigger, ...]]:
    """The pending processes and the triggers waiting after ``board``'s change (``full``: every card
    looked at again — a process done is pending again though no card of it changed, R8b; ``without``:
    ``pending`` is ``state``'s less the process the step performed, see :func:`_sync_changed`)."""
    base = state.pending if pending is None else pending
    if not board.touched and not board.happenings and adjusted == state.adjusted:
        return base, ()  # nothing moved: the pending processes cannot have changed
    if _SELF_DESTRUCT in board.kinds:  # (what state_checks asks first)
        state_checks(board)
    waiting = collect_triggers(board, cause, mark) if board.trigger_events else ()  # (no card has a trigger: none)
    if state.phase is _PHASE_TURN_END:
        return (), waiting
    if not full and not CHECK_INCREMENTAL and adjusted == board.base.adjusted:
        local, lingering_too, uids = _incremental_facts(board.tables, board.phase)  # (_may_sync_changed, inline)
        if lingering_too or (local and not (board.lingering or board.base.lingering)):
            return _sync_changed(board, base, adjusted, without, uids), waiting  # (r6_sync_processes's incremental path,
        # inline)
    return r6_sync_processes(board, base, adjusted, incremental=not full, without=without), waiting
