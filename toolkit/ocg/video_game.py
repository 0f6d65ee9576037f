"""Konami's video games (e.g. Master Duel) as a ruleset of the same engine (V1, V2).

The seeds say two things about the video games (000 and 002, spec §6):

V1  End Phase processes are ordered *by the system*, at least partly: the
    player cannot pick the order, which blocks lines that are legal in the
    OCG (the seeds name 《Ｎｏ.８６ Ｈ−Ｃ ロンゴミアント》 and the Branded cards).
V2  After a quick effect activated in answer to the turn player's
    declaration to move on, the game moves on: priority does not come back to
    the turn player (and in the Damage Step the game moves on after a quick
    effect; the engine has no Damage Step timings, so that half is not modelled).

The seeds do NOT give the order the system uses.  This module holds our
assumption about it, as ONE replaceable function — a ruleset's
``process_order`` (see :mod:`toolkit.ocg.rulesets`): any function
``(state, processes) -> processes in the system's order`` can take its place,
e.g. ``RULESETS["video_game"].with_flags(process_order=reversed_kind_order,
name="video_game/reversed kinds")``.

How the engine uses the order (the same under every ordering function):

* whenever the game would reach an open game state and processes are pending,
  the system takes the FIRST process in its order: its controller must
  perform it if it is mandatory, and may perform or decline it (``Pass()``)
  if it is optional; a declined or impossible optional process is gone;
* so every pending process is dealt with before any player gets priority in
  that phase — a quick effect can still be chained to a process that is a
  chain link, and used at the open game state that follows;
* players never perform a process out of the system's order.

Which outcomes depend on the ordering function, and which on the rest of the
model, is computed in notebooks/06_paper_vs_video_game.ipynb by running
:func:`toolkit.compare` under :func:`video_game_process_order` and under
:func:`reversed_kind_order`.

>>> from toolkit.ocg.values import Process, ProcessKind
>>> from types import SimpleNamespace
>>> tp = SimpleNamespace(turn_player="A")
>>> opt = Process(0, "opt", "A", ProcessKind.OPTIONAL_EFFECT, False, True, "A optional")
>>> ntp = Process(1, "m", "B", ProcessKind.MANDATORY_EFFECT, True, True, "B mandatory")
>>> expiry = Process(2, "end:x", "A", ProcessKind.DURATION_END, True, False, "A expiry", lingering=True)
>>> must = Process(3, "m", "A", ProcessKind.MANDATORY_EFFECT, True, True, "A mandatory")
>>> [p.label for p in video_game_process_order(tp, (opt, ntp, expiry, must))]
['A mandatory', 'A expiry', 'A optional', 'B mandatory']
>>> [p.label for p in reversed_kind_order(tp, (opt, ntp, expiry, must))]
['A expiry', 'A optional', 'A mandatory', 'B mandatory']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.core.rules import implements
from toolkit.ocg.values import Process

if TYPE_CHECKING:
    from toolkit.ocg.state import State

ProcessOrder = Callable[[Any, tuple[Process, ...]], tuple[Process, ...]]
"""``(state, pending processes) -> the same processes in the system's order``."""


@implements("V1", game="ocg")
def video_game_process_order(state: State, processes: tuple[Process, ...]) -> tuple[Process, ...]:
    """Our ASSUMED system order (the seeds do not give one):

    1. the turn player's processes before the non-turn player's (as when both
       players keep passing in the OCG, R7);
    2. for one player, mandatory before optional;
    3. then by the six kinds of End Phase process in the order the seed lists
       them (R6: mandatory effect, optional effect, lingering effect,
       maintenance cost, end of an "until the End Phase" effect);
    4. then by the card's place in the position (its uid), then the key.
    """
    tp = state.turn_player
    return tuple(sorted(processes, key=lambda p: (p.controller != tp, not p.mandatory, int(p.kind), p.source, p.key)))


def reversed_kind_order(state: State, processes: tuple[Process, ...]) -> tuple[Process, ...]:
    """An ALTERNATIVE assumption, to test how much hangs on the first one:
    the turn player's processes first, then the six kinds of process in the
    REVERSE of the seed's list (the end of "until the End Phase" effects and
    lingering effects before the cards' own effects, optional before
    mandatory), then by card (uid, key)."""
    tp = state.turn_player
    return tuple(sorted(processes, key=lambda p: (p.controller != tp, -int(p.kind), p.source, p.key)))


def system_head(state: State, processes: tuple[Process, ...] | None = None) -> Process | None:
    """The process the system deals with next under the state's ruleset (None:
    nothing pending, or the players order their own processes)."""
    order = state.ruleset.process_order
    pending = state.pending if processes is None else processes
    if order is None or not pending:
        return None
    ordered = order(state, tuple(pending))
    return ordered[0] if ordered else None


__all__ = ["ProcessOrder", "reversed_kind_order", "system_head", "video_game_process_order"]
