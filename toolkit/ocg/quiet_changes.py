"""Whether a remembered change did nothing but move its own card, read off the change (the search's
reduction, :mod:`toolkit.ocg.independence`, without the position the change makes).

A process performed by a remembered change (``toolkit.ocg.procedure.remembered``) is left unstepped by
the search where it asks which actions stand for each other (``Game.steps_before_grouping``): the change
says what the position after it would be — no chain and no waiting trigger; the pending processes less
the one performed (at the index the change reaches) plus the ones it adds to its cards; the lingering
effects less the one a lingering process ends; the cards it lists changed, life points, decks and the
counts of unnamed cards as it says, who acts as it says — so :func:`judge_change` answers as
``independence._quiet`` and ``_control`` do on that position, or says it cannot (None: the position
is made and looked at). ``tests/engine/test_quiet_changes.py`` checks both answers agree on every
candidate of the benchmark families and the shipped scenarios.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.ocg.state import State
from toolkit.ocg.values import Process

if TYPE_CHECKING:
    from toolkit.ocg.procedure.remembered import Change, Reached

__all__ = ["judge_change", "milled_between"]


def milled_between(state: State, decks: tuple[tuple[int, ...], tuple[int, ...]],
            anonymous: tuple[tuple[int, int, int], tuple[int, int, int]]) -> tuple[int, int] | None:
    """How many unnamed cards went from each deck to the GY between ``state`` and a position with these
    ``decks`` and counts of unnamed cards, when that is all that changed in them (None otherwise)."""
    if decks != state.decks:
        return None
    (d0, h0, g0), (d1, h1, g1) = state.anonymous
    (e0, i0, f0), (e1, i1, f1) = anonymous
    if h0 != i0 or h1 != i1 or d0 - e0 != f0 - g0 or d1 - e1 != f1 - g1 or e0 > d0 or e1 > d1:
        return None
    return d0 - e0, d1 - e1


def judge_change(state: State, process: Process, at: int, own: int, reach: Reached, change: Change, life_ok: bool,
                 mill: bool) -> tuple[tuple[object, ...], tuple[int, int] | None] | Literal[False] | None:
    """What ``independence.interchangeable`` finds of a candidate (``process``, at index ``at`` among the
    pending ones, moving its card ``own``) whose step is the remembered ``change`` reaching ``reach``:
    False (it may not join a group), (its position's control fields, the unnamed cards a mill sent from
    each deck — None for another process), or None where the change alone does not say (a lingering
    effect ended, a process listed twice, another card changed: the position is made and looked at).

    As ``independence._quiet`` reads the position the change makes: it has no chain and no waiting
    trigger; its pending processes are those here less the one at ``reach``'s index plus the ones the
    change adds; its lingering effects are those here but the one a lingering process ends; only the
    cards the change lists differ."""
    if process.lingering or reach[0] != at:
        return None
    if change.own_pending:
        return False  # (one process more than the one performed left pending)
    decks, anonymous = change.decks, change.anonymous
    if not mill and ((decks is not None and decks != state.decks) or (anonymous is not None and anonymous != state.anonymous)):
        return False
    if not life_ok and change.life != (0, 0):
        return False
    for uid, _card in change.cards:
        if uid != own:
            return None
    sent = None
    if mill:
        sent = milled_between(state, state.decks if decks is None else decks,
                              state.anonymous if anonymous is None else anonymous)
        if sent is None:
            return False
    return (change.step, change.priority, change.passes, change.forced, (), (), state.adjusted, change.after_chain,
            state.declared, state.phase, state.attacker, state.skipped), sent
