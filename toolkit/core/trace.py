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

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.core.actions import Action, Perform
from toolkit.core.game import GameState, Note, Transition, game_of
from toolkit.core.rules import check_cited
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


def line_step(index: int, before: GameState, action: Action, result: Transition) -> LineStep:
    """Describe taking ``action`` in ``before`` (which led to ``result``)."""
    game = game_of(before)
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
    )


def trace_frame(steps: Iterable[LineStep]) -> pd.DataFrame:
    """The steps as a DataFrame with the columns of :data:`COLUMNS`."""
    import pandas as pd

    rows = [s.row() for s in steps]
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    return frame.astype({"step": "int64"}) if rows else frame


def steps_html(steps: Sequence[LineStep], limit: int = 200) -> str:
    """A small HTML table of steps (for ``_repr_html_``)."""
    esc = html.escape
    head = "".join(f"<th>{c}</th>" for c in ("step", "actor", "action", "rule", "reason", "notes"))
    body = []
    for s in steps[:limit]:
        notes = "<br>".join(esc(f"{n.rule}: {n.text}") for n in s.notes)
        body.append(
            f"<tr><td>{s.step}</td><td>{esc(s.actor)}</td><td><code>{esc(repr(s.action))}</code></td>"
            f"<td>{esc(s.rule)}</td><td>{esc(s.reason)}</td><td>{notes}</td></tr>"
        )
    more = f"<p>… {len(steps) - limit} more steps</p>" if len(steps) > limit else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{more}"
