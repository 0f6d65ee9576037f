"""Which End Phase processes stand for each other (the search's reduction).

Two mandatory processes of the player who must act commute when each moves
only its own card and nothing else in the position can tell which was done
first.  Then every line that performs one first has, one for one, a line
that performs the other first with the same outcome, and the search follows
one order only and counts the others (:mod:`toolkit.core.graph`).

This module says so only when it can be sure, and otherwise nothing (the
search is then the full one).  It is sure when ALL of these hold:

* the position: the End Phase before the adjustment, an open game state or a
  forced process (R7), no chain and no waiting trigger, the paper rules (no
  ``process_order``: under V1 the system orders the processes);
* every card of the position (in any zone, deck included) has only End
  Phase processes listed below, no trigger effect, no continuous effect, and
  quick effects only of the kinds below (they look at the chain alone); every
  lingering effect is one listed below — so no response window can open on
  these processes, nothing triggers on them, and no later process, quick
  effect or continuous effect reads the cards they move;
* the processes: mandatory (every line that ends the turn performs them:
  R3), of the acting player, with no choice, cost or extra requirement,
  listed as moving only their own card (:data:`OWN_CARD_ONLY`), on different
  cards that no other process or lingering effect points at;
* what they did here: each left the control fields alike (who acts,
  passes, chain, triggers) — a chain link nobody can answer resolves at once
  and leaves them as a process that is no chain link does, so both kinds may
  stand for each other — removed only itself from the pending processes,
  changed no card but its own, no deck and no life points other than those
  :data:`OWN_CARD_ONLY` allows.

A reduced search that meets a loop is run in full (loops remember their path).
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.actions import NO_CHOICE, Action, Perform
from toolkit.core.durations import Lingering
from toolkit.core.game import Transition
from toolkit.ocg.state import PositionTables, Phase, State, Step
from toolkit.ocg.values import Process

__all__ = ["OWN_CARD_ONLY", "OTHER_PROCESSES", "interchangeable"]

SPIRITS = ("月読命", "阿修羅", "八俣大蛇", "火之迦具土")

OWN_CARD_ONLY: dict[tuple[str, str], bool] = {
    **{(name, "return to the hand"): False for name in SPIRITS},
    ("邪悪なるワーム・ビースト", "return to the hand"): False,
    ("光神機−桜火", "send itself to the GY"): False,
    ("堕天使ゼラート", "destroy itself (its effect was used)"): False,
    ("ミストデーモン", "destroy itself, 1000 damage to its controller"): True,
    ("end:エネミーコントローラー:control", ""): False,
    ("end:傀儡虫:control", ""): False,
    ("end:ファントム・オブ・カオス:copy", ""): False,
}
"""Processes that read and move only their own card (a lingering effect's:
the card it applies to), keyed by (card name, process key) — the end of a
lingering effect by ("end:source:effect", "") — with whether they may also change life
points (damage adds up in any order, and nothing listed here reads life points)."""

OTHER_PROCESSES: frozenset[tuple[str, str]] = frozenset({
    ("ライトロード・マジシャン ライラ", "mill 3"),
    ("ホルスの黒炎竜 LV６", "level up to LV8"),
})
"""Processes that may be in the position as well: they read and move their own
card and their controller's deck, never another card on the field, in a hand
or in a graveyard."""

QUICK_ON_CHAIN_ONLY: frozenset[tuple[str, str]] = frozenset({
    ("ホルスの黒炎竜 LV８", "negate a Spell activation"),
})
"""Quick effects that look only at the chain link they answer (a Spell's):
never at the processes above, which are not Spells."""

_SAFE_POSITIONS: dict[tuple[object, ...], bool] = {}
"""(card names, date of the texts) -> whether every card of the position is of the kinds above."""


_LAST_TABLES: dict[PositionTables, bool] = {}
"""The answer for the last tables asked about (every position of a search shares one tables object):
asked at each position, the key of ``_SAFE_POSITIONS`` would be a new tuple of the card names each time."""


def _cards_are_known(tables: PositionTables) -> bool:
    found = _LAST_TABLES.get(tables)  # by identity
    if found is not None:
        return found
    key = (tuple(tables.text), tables.as_of)
    found = _SAFE_POSITIONS.get(key)
    if found is None:
        found = (not tables.trigger_events and not tables.continuous_kinds
                 and all(key in OWN_CARD_ONLY or key in OTHER_PROCESSES
                         for (name, _phase), effects in tables.end_phase.items()
                         for key in ((name, e.key) for e in effects))
                 and all((name, q.key) in QUICK_ON_CHAIN_ONLY for name in tables.quick_names
                         for q in tables.text[name].quick))
        _SAFE_POSITIONS[key] = found
    _LAST_TABLES.clear()
    _LAST_TABLES[tables] = found
    return found


def _lingering_known(items: tuple[Lingering, ...]) -> bool:
    return all(("end:" + item.key, "") in OWN_CARD_ONLY for item in items)


def _key(state: State, process: Process) -> tuple[str, str]:
    if process.lingering:
        return (process.key, "")
    return (state.cards[process.source].name, process.key)


def _own_card(state: State, process: Process) -> int:
    """The card a process moves: its card, or the card its lingering effect applies to."""
    if process.lingering:
        for item in state.lingering:
            if "end:" + item.key == process.key and item.target == process.source:
                return item.target
        return -2
    return process.source


def _plain(state: State, process: Process) -> bool:
    """No choice, cost or extra requirement (always performable while pending)."""
    if process.lingering:
        return True
    text = state.tables.text[state.cards[process.source].name]
    effect = next((e for e in text.end_phase if e.key == process.key), None)
    return effect is not None and effect.cost is None and effect.choices is None and effect.can_perform is None


def _control(state: State) -> tuple[object, ...]:
    return (state.step, state.priority, state.passes, state.forced, state.chain, state.waiting, state.adjusted,
            state.after_chain, state.declared, state.phase, state.attacker, state.skipped)


def _quiet(state: State, process: Process, own: int, child: State, life_ok: bool) -> bool:
    """The process did nothing here but move its own card (see the module docstring)."""
    if child.chain or child.waiting or child.decks != state.decks or child.anonymous != state.anonymous:
        return False
    if child.life != state.life and not life_ok:
        return False
    if set(child.pending) != set(state.pending) - {process}:
        return False
    if process.lingering:
        if set(child.lingering) != {i for i in state.lingering if not ("end:" + i.key == process.key and i.target == own)}:
            return False
    elif child.lingering != state.lingering:
        return False
    return all(a is b or a == b or a.uid == own for a, b in zip(state.cards, child.cards))


def _candidates(state: State, actions: tuple[Action, ...]) -> Iterator[tuple[int, Process, int, bool]]:
    """(index, process, its card, may change life points) of each action that may join a group."""
    acting = state.acting_player
    by_pid = {p.pid: p for p in state.pending}
    pointed: dict[int, int] = {}
    for p in state.pending:
        card = _own_card(state, p)
        pointed[card] = pointed.get(card, 0) + 1
    for item in state.lingering:
        pointed[item.target] = pointed.get(item.target, 0) + 1
    for i, action in enumerate(actions):
        if not isinstance(action, Perform) or action.choice is not NO_CHOICE or action.target or action.cost:
            continue
        process = by_pid.get(action.ref)
        if process is None or not process.mandatory or process.controller != acting:
            continue
        life = OWN_CARD_ONLY.get(_key(state, process))
        if life is None or not _plain(state, process):
            continue
        own = _own_card(state, process)
        # its card is pointed at by this process alone (a lingering process: by it and its effect)
        if own < 0 or pointed.get(own, 0) != (2 if process.lingering else 1):
            continue
        yield i, process, own, life


def interchangeable(state: State, actions: tuple[Action, ...],
                    results: tuple[Transition, ...]) -> tuple[tuple[int, ...], ...]:
    """Groups of indices of ``actions`` that stand for each other (``Game.interchangeable``)."""
    if (state.step not in (Step.OPEN, Step.FORCED) or state.phase is not Phase.END or state.adjusted
            or state.chain or state.waiting or state.declared or state.ruleset.process_order is not None
            or len(state.pending) < 2):
        return ()
    if not _cards_are_known(state.tables) or not _lingering_known(state.lingering):
        return ()
    if not all(_key(state, p) in OWN_CARD_ONLY or _key(state, p) in OTHER_PROCESSES for p in state.pending):
        return ()
    groups: dict[tuple[object, ...], list[int]] = {}
    for i, process, own, life in _candidates(state, actions):
        child = results[i].state
        if not isinstance(child, State) or not _quiet(state, process, own, child, life):
            continue
        groups.setdefault(_control(child), []).append(i)
    return tuple(tuple(g) for g in groups.values() if len(g) > 1)
