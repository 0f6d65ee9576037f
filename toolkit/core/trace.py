"""Lines as tables: each decision with the rule that governed it.

A :class:`LineStep` is one action on a line: who held priority, who acted,
what they did, which process it concerned, the rule id and the reason, the
notes of the step (including what the rules withheld) and its events.  Every
rule id a step cites must be a registered rule of its game
(:func:`toolkit.core.rules.check_cited`).
:func:`trace_frame` turns steps into a pandas DataFrame (pandas is imported
only when a table is asked for, to keep ``import toolkit`` cheap).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.core.actions import Action, Perform
from toolkit.core.game import Game, GameState, Note, Transition, game_named, game_of
from toolkit.core.rules import check_cited, rule_ref_html
from toolkit.core.values import Event

if TYPE_CHECKING:
    import pandas as pd

COLUMNS = ("step", "priority", "actor", "action", "process", "rule", "reason", "notes", "events", "state")


@dataclass(frozen=True)
class LineStep:
    """One action on a line and why it was possible."""

    step: int
    priority: str | None
    actor: str
    action: Action
    process: str | None
    rule: str
    reason: str
    notes: tuple[Note, ...]
    events: tuple[Event, ...]
    state: str
    situation: str = ""
    """The position after the step in words (``Game.describe_state``); ``state`` is its code-like form."""
    game: str = ""
    """The name of the game the step was played in (whose words and rules phrase it)."""

    def row(self) -> dict[str, object]:
        return {
            "step": self.step,
            "priority": self.priority or "",
            "actor": self.actor,
            "action": repr(self.action),
            "process": self.process or "",
            "rule": self.rule,
            "reason": self.reason,
            "notes": "; ".join(f"{n.rule}: {n.text}" for n in self.notes),
            "events": ", ".join(repr(e) for e in self.events),
            "state": self.state,
        }


def line_step(index: int, before: GameState, action: Action, result: Transition,
              game: Game | None = None) -> LineStep:
    """Describe taking ``action`` in ``before`` (which led to ``result``), a position of ``game``
    (None: the game ``before`` belongs to)."""
    game = game_of(before) if game is None else game
    why = game.explain(before, action)
    check_cited(game.name, why.rule, f"step {index} ({action!r})")
    for note in result.notes:
        check_cited(game.name, note.rule, f"a note of step {index} ({note.text!r})")
    actor = before.acting_player or "game"
    process = action.process if isinstance(action, Perform) else None
    return LineStep(
        step=index,
        priority=before.priority,
        actor=actor,
        action=action,
        process=process,
        rule=why.rule,
        reason=why.text,
        notes=result.notes,
        events=result.events,
        state=result.state.describe(),
        situation=game.describe_state(result.state),
        game=game.name,
    )


def trace_frame(steps: Iterable[LineStep]) -> pd.DataFrame:
    """The steps as a DataFrame with the columns of :data:`COLUMNS`."""
    import pandas as pd

    rows = [s.row() for s in steps]
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    return frame.astype({"step": "int64"}) if rows else frame


WORD_COLUMNS = ("step", "actor", "action", "rule", "reason", "events", "notes", "position")
"""The columns of :func:`words_frame`: a line as people read it."""


def step_words(step: LineStep, game: str | Game) -> dict[str, object]:
    """One step in words (columns :data:`WORD_COLUMNS` plus ``code``, the action's repr):
    the action, events and position phrased by the game (``Game.describe_*``)."""
    g = game_named(game) if isinstance(game, str) else game
    return {
        "step": step.step,
        "actor": step.actor,
        "action": g.describe_action(step.action),
        "rule": step.rule,
        "reason": step.reason,
        "events": "; ".join(g.describe_event(e) for e in step.events),
        "notes": "; ".join(f"{n.rule}: {n.text}" for n in step.notes),
        "position": step.situation,
        "code": repr(step.action),
    }


def words_frame(steps: Iterable[LineStep], game: str | Game | None = None) -> pd.DataFrame:
    """A line as people read it: one row per step, columns :data:`WORD_COLUMNS`
    plus ``code`` (the action's repr, as :func:`trace_frame` has it); ``game``
    defaults to the game the steps were played in."""
    import pandas as pd

    steps = tuple(steps)
    chosen = game if game is not None else next((s.game for s in steps if s.game), "")
    rows = [step_words(s, chosen) for s in steps] if chosen else []
    return pd.DataFrame(rows, columns=[*WORD_COLUMNS, "code"])


def steps_html(steps: Sequence[LineStep], limit: int = 200, *, game: str | Game | None = None) -> str:
    """A small HTML table of steps (for ``_repr_html_``): actions in words with
    their code on hover, rule ids with their statement on hover (``game``: whose
    phrases and rules; None reads actions by their code)."""
    from html import escape as esc
    g = game_named(game) if isinstance(game, str) else game
    name = g.name if g is not None else ""
    head = "".join(f"<th>{c}</th>" for c in ("step", "actor", "action", "rule", "reason", "notes"))
    body = []
    for s in steps[:limit]:
        notes = "<br>".join(f"{rule_ref_html(n.rule, name, link=False)}: {esc(n.text)}" for n in s.notes)
        action = esc(g.describe_action(s.action)) if g is not None else f"<code>{esc(repr(s.action))}</code>"
        body.append(
            f"<tr><td>{s.step}</td><td>{esc(s.actor)}</td><td title=\"{esc(repr(s.action))}\">{action}</td>"
            f"<td>{rule_ref_html(s.rule, name, link=False)}</td><td>{esc(s.reason)}</td><td>{notes}</td></tr>"
        )
    more = f"<p>… {len(steps) - limit} more steps</p>" if len(steps) > limit else ""
    style = ' style="text-align:left;vertical-align:top"'
    return (f"<table class=\"endphase-table\"><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            f"{more}").replace("<td", f"<td{style}").replace("<th>", f"<th{style}>")
