"""Playing one line: :func:`play` a few moves, :func:`resolve` a position to the end of the turn
with a policy (a callable or a name of :mod:`toolkit.core.policies`), the :class:`Resolution` it
returns (its steps, final position and outcome).

A position that repeats on the line ends it as a loop: its outcome carries the cycle and a ``loop``
event — never a hang.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.core.actions import Action
from toolkit.core.errors import IllegalActionError, SearchBudgetExceeded
from toolkit.core.finding import find_action
from toolkit.core.game import Game, GameState, RulesArg, as_state, game_of
from toolkit.core.policies import POLICIES, UnknownPolicy, name_of, policy_for
from toolkit.core.trace import LineStep, line_step, steps_html, trace_frame, words_frame
from toolkit.core.values import LOOP, Event, Outcome, sorted_events

if TYPE_CHECKING:
    import pandas as pd

Policy = Callable[[GameState, tuple[Action, ...]], Action]
Position = GameState | Any
LOOP_EVENT = Event(LOOP)


def play(position: Position, *moves: str | Action, ruleset: RulesArg = None) -> GameState:
    """The position after ``moves``, each written as a player would
    (:func:`~toolkit.core.actions.find_action`: ``"Pass()"``, the process or
    card an action names), played from ``position`` (a state or a scenario).

    A move that is not legal where it is played raises
    :class:`~toolkit.core.errors.IllegalActionError` naming the legal ones.

    >>> from toolkit.games import shipped_scenario
    >>> main1 = shipped_scenario("p_main_phase_both_pass")
    >>> after = play(main1, "Pass()", "Pass()")
    >>> game_of(after).legal_actions(after)
    (EnterPhase('battle'), EnterPhase('end'))
    >>> play(main1, "Pass()", "Pass()", "Attack")
    Traceback (most recent call last):
    ...
    toolkit.core.errors.IllegalActionError: 'Attack' is not legal here (Main Phase 1: A chooses the next phase; nothing pending); legal: EnterPhase('battle'), EnterPhase('end')
    """
    state: GameState = as_state(position, ruleset=ruleset)
    game = game_of(state)
    for move in moves:
        if state.is_over:
            raise IllegalActionError(move, state, ())
        state = game.transition(state, find_action(state, move), check=False).state
    return state


# --------------------------------------------------------------------------
# resolve
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Resolution:
    """One line: its steps, final state and outcome."""

    start: GameState
    final: GameState
    steps: tuple[LineStep, ...]
    outcome: Outcome
    policy: str | None = None
    """The name of the policy the line was played with (None: a callable of the caller's)."""

    @property
    def events(self) -> frozenset[Event]:
        return self.outcome.events

    @property
    def loop(self) -> tuple[str, ...] | None:
        return self.outcome.loop

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(s.action for s in self.steps)

    @property
    def trace(self) -> pd.DataFrame:
        """The decisions as a DataFrame (step, priority, actor, action, process, rule, reason, ...)."""
        return trace_frame(self.steps)

    @property
    def words(self) -> pd.DataFrame:
        """The decisions as people read them: actions, events and positions in
        words (:func:`toolkit.core.trace.words_frame`; the action's code in ``code``)."""
        return words_frame(self.steps, game_of(self.start))

    def has(self, kind: str, card: str | None = None) -> bool:
        return self.outcome.has(kind, card)

    def _repr_html_(self) -> str:
        from html import escape as esc
        game = game_of(self.start)
        loop = f"<p><b>Loop:</b> {esc(' → '.join(self.loop))}</p>" if self.loop else ""
        events = "; ".join(esc(game.describe_event(e)) for e in sorted_events(self.events))
        return (
            f"<div><b>Resolution</b> under <code>{esc(self.start.ruleset.name)}</code>, "
            f"{len(self.steps)} steps{loop}{steps_html(self.steps, game=game)}"
            f"<p><b>Final:</b> {esc(self.outcome.summary.text())}</p><p><b>Events:</b> {events}</p></div>"
        )


def resolve(position: Position, policy: Policy | str | None = None, *, ruleset: RulesArg = None,
            max_steps: int = 10_000) -> Resolution:
    """Play ``position`` to the end of the turn with ``policy``.

    ``position`` is a Scenario or a GameState; ``ruleset`` overrides the
    scenario's date/ruleset.  ``policy``: a callable ``(state, actions) ->
    action`` or a name of :mod:`toolkit.core.policies` (``"pass"``,
    ``"use-effects"``, ...); None plays
    :data:`~toolkit.core.policies.DEFAULT_POLICY` (both use their effects when
    they can).  A repeated position ends the line as a loop.
    """
    game = game_of(position)
    return resolve_in(game, game.state_of(position, ruleset), policy, max_steps=max_steps)


def resolve_in(game: Game, start: GameState, policy: Policy | str | None = None, *,
               max_steps: int = 10_000) -> Resolution:
    """:func:`resolve` from ``start``, a state of ``game`` (the layers that found the game pass it on)."""
    legal_actions, transition = game.legal_actions, game.transition
    if policy is None or isinstance(policy, str):
        choose = policy_for(policy)
    elif callable(policy):
        choose = policy
    else:
        raise UnknownPolicy(f"resolve(): the policy is a name ({', '.join(p.name for p in POLICIES)}) or a function "
                            f"(state, actions) -> action, not {type(policy).__name__} {policy!r:.40}")
    named = name_of(choose)
    state = start
    seen: dict[GameState, int] = {state: 0}
    steps: list[LineStep] = []
    events: set[Event] = set()
    loop: tuple[str, ...] | None = None
    while not state.is_over:
        if len(steps) >= max_steps:
            raise SearchBudgetExceeded(f"resolve stopped after {max_steps} steps without ending the turn")
        actions = legal_actions(state)
        action = choose(state, actions)
        if action not in actions:
            raise IllegalActionError(action, state)
        result = transition(state, action, check=False)
        steps.append(line_step(len(steps) + 1, state, action, result, game))
        events.update(result.events)
        if result.state in seen:
            first = seen[result.state]
            loop = tuple(repr(s.action) for s in steps[first:])
            events.add(LOOP_EVENT)
            state = result.state
            break
        state = result.state
        seen[state] = len(steps)
    outcome = Outcome(state.summary(), frozenset(events), loop)
    return Resolution(start, state, tuple(steps), outcome, named)
