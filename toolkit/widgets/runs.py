"""What the builder's Run buttons do, as plain functions (no widgets here).

Each function takes a :class:`~toolkit.ocg.scenario.Scenario`, asks the engine,
and returns the result together with the HTML / tables the builder shows, so
notebooks and tests can call them directly.

Policies (who does what when a choice is open) are the named ones of
:mod:`toolkit.core.policies`, the same list and default as ``resolve()`` and
the command line's ``--policy``.
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from toolkit.core import policies
from toolkit.core.words import count
from toolkit.ocg.scenario import PLAYERS, Scenario
from toolkit.present.tables import CELL_STYLE
from toolkit.present.tables import table_html as shared_table_html

Progress = Callable[[int], None]

DEFAULT_POLICY = policies.DEFAULT_POLICY
"""The builder's policy unless one is chosen: the same as ``resolve()``'s and the command line's."""

POLICY_LABELS: dict[str, str] = {p.name: p.label for p in policies.POLICIES}
"""The builder's policy choices (name -> label): :data:`toolkit.core.policies.POLICIES`."""

policy_for = policies.policy_for
acting_policy = policies.acting_policy


@dataclass(frozen=True)
class HtmlBlock:
    """A piece of HTML for an Output widget (displays as HTML, reprs as text)."""

    html: str

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return "HtmlBlock(...)"


_CELL = CELL_STYLE


def table_html(frame: pd.DataFrame, css_class: str) -> str:
    """A full (never truncated) HTML table of ``frame``, cells escaped, no index,
    missing values blank (:func:`toolkit.present.tables.table_html`).

    >>> table_html(pd.DataFrame({"a": ["<x>"]}), "t")
    '<table class="endphase-table t"><thead><tr><th style="text-align:left;vertical-align:top">a</th></tr></thead><tbody><tr><td style="text-align:left;vertical-align:top">&lt;x&gt;</td></tr></tbody></table>'
    """
    return shared_table_html(frame, css_class)


ProgressReport = Callable[[int, int], None]
"""``(done, total)``: called as work advances (the builder moves its bar)."""


def _no_progress(_done: int, _total: int) -> None:
    return None


def event_text(event: Any) -> str:
    """An engine event in its compact form: ``special_summoned: ホルスの黒炎竜 LV８ (A)``
    (:func:`toolkit.core.values.event_code_text`).

    >>> from toolkit.engine import Event
    >>> event_text(Event("damage", player="B", amount=300))
    'damage: B 300'
    """
    from toolkit.core.values import event_code_text

    return event_code_text(event)


QUIET_EVENTS = frozenset({"performed", "resolved"})
"""Bookkeeping events left out of headlines (they stay in the trace)."""


def events_text(events: Any, *, quiet: bool = False) -> str:
    """Events sorted and joined with "; " (``quiet`` drops bookkeeping ones)."""
    from toolkit.core.values import sorted_events

    chosen = [e for e in sorted_events(tuple(events)) if not (quiet and e.kind in QUIET_EVENTS)]
    chosen = [e for e in chosen if not (quiet and e.kind == "hand_adjusted" and not e.amount)]
    return "; ".join(event_text(e) for e in chosen)


def rules_label(scenario: Scenario) -> str:
    """"ruleset ocg-2011", "the rules of 2012-01-01" or "today's rules"."""
    if scenario.ruleset is not None:
        return f"ruleset {scenario.ruleset}"
    if scenario.date is not None:
        return f"the rules of {scenario.date.isoformat()}"
    return "today's rules"


# --------------------------------------------------------------------------
# Resolve
# --------------------------------------------------------------------------

TRACE_COLUMNS: tuple[str, ...] = ("step", "priority", "actor", "action", "rule", "reason", "events", "notes", "code")
"""The columns of the trace table the builder shows (``code``: the action's repr, shown on hover)."""


@dataclass(frozen=True)
class ResolveView:
    """A resolution and what the builder shows of it.

    ``rows[i]`` / ``positions[i]``: the decision of step ``i`` and the position
    after it (HTML); row 0 is the starting position, before any decision.
    ``trace_html``: the trace as HTML — actions in words with their code on
    hover, rule ids with their statement as a tooltip linking to the "Rules
    cited" list, notes naming the rulings they rest on, whose rows open below.
    """

    result: Any
    table: pd.DataFrame
    rows: list[dict[str, Any]]
    positions: list[str]
    summary_html: str
    headline: str
    trace_html: str = ""


def _game(result: Any) -> Any:
    from toolkit.games import game_of

    return game_of(result.start)


def _quiet(events: Any) -> list[Any]:
    from toolkit.core.values import sorted_events

    return [e for e in sorted_events(tuple(events))
            if e.kind not in QUIET_EVENTS and not (e.kind == "hand_adjusted" and not e.amount)]


def trace_table(result: Any) -> pd.DataFrame:
    """The resolution's trace in words (columns :data:`TRACE_COLUMNS`): actions
    and events phrased by the game, the action's repr kept in ``code``."""
    game = _game(result)
    frame = result.trace
    shown = pd.DataFrame(
        {
            "step": frame["step"].astype("int64"),
            "priority": frame["priority"],
            "actor": frame["actor"],
            "action": [game.describe_action(step.action) for step in result.steps],
            "rule": frame["rule"],
            "reason": frame["reason"],
            "events": ["; ".join(game.describe_event(e) for e in step.events) for step in result.steps],
            "notes": frame["notes"],
            "code": frame["action"],
        },
        columns=list(TRACE_COLUMNS),
    )
    return shown


def steps_trace_html(steps: Sequence[Any], game: Any, *, css_class: str = "endphase-trace") -> str:
    """A line as HTML for people (see :attr:`ResolveView.trace_html`); any game."""
    from toolkit.present.citations import (
        TOOLTIP_CSS,
        cited_rules_html,
        cited_rulings_html,
        note_html,
        note_rulings,
        rule_tip_html,
    )

    esc = html.escape
    name = game.name
    head = "".join(f"<th{_CELL}>{c}</th>" for c in ("step", "actor", "action", "rule", "reason", "events", "notes"))
    body = []
    rules: list[str] = []
    rulings: list[str] = []
    for s in steps:
        rules += [s.rule, *(n.rule for n in s.notes)]
        rulings += [r for n in s.notes for r in note_rulings(n.rule, n.text, name)]
        notes = "<br>".join(note_html(n.rule, n.text, name) for n in s.notes)
        events = "<br>".join(esc(game.describe_event(e)) for e in s.events)
        body.append(
            f"<tr><td{_CELL}>{s.step}</td><td{_CELL}>{esc(s.actor)}</td>"
            f'<td{_CELL} title="{esc(repr(s.action))}" class="endphase-action">{esc(game.describe_action(s.action))}</td>'
            f"<td{_CELL}>{rule_tip_html(s.rule, name)}</td><td{_CELL}>{esc(s.reason)}</td>"
            f"<td{_CELL}>{events}</td><td{_CELL}>{notes}</td></tr>")
    table = (f'<table class="endphase-table {css_class}"><thead><tr>{head}</tr></thead>'
             f"<tbody>{''.join(body)}</tbody></table>")
    return TOOLTIP_CSS + table + cited_rulings_html(rulings) + cited_rules_html(rules, name)


def _positions(result: Any) -> list[str]:
    from toolkit.ocg.procedure import transition

    state = result.start
    shown = [state._repr_html_()]
    for step in result.steps:
        state = transition(state, step.action, check=False).state
        shown.append(state._repr_html_())
    return shown


def final_position_text(result: Any) -> str:
    """Where the line ends, each copy with its mark (光神機−桜火#2) as the steps and the
    position view name it; the outcome itself keeps names only (copies are not told apart).
    Display only."""
    import inspect

    summary = getattr(result.final, "summary", None)
    if summary is not None and "labelled" in inspect.signature(summary).parameters:
        return str(summary(labelled=True).text())
    return str(result.outcome.summary.text())  # a game whose positions name no copies


def resolve_scenario(scenario: Scenario, policy: str = DEFAULT_POLICY) -> ResolveView:
    """Resolve ``scenario`` with a builder policy key; see :class:`ResolveView`."""
    from toolkit.engine import resolve

    result = resolve(scenario, policy_for(policy))
    game = _game(result)
    table = trace_table(result)
    start_row = {
        "step": 0, "priority": result.start.turn_player, "actor": "", "action": "(start)", "rule": "",
        "reason": "the position as the End Phase begins", "events": "", "notes": "", "code": "",
    }
    rows: list[dict[str, Any]] = [start_row]
    rows += [{str(k): v for k, v in record.items()} for record in table.to_dict("records")]
    from toolkit.present.citations import note_html

    for row, step in zip(rows[1:], result.steps):
        row["notes_html"] = "; ".join(note_html(n.rule, n.text, game.name) for n in step.notes)
    events = "; ".join(game.describe_event(e) for e in _quiet(result.events)) or "no events"
    loop = f"Loop: {' -> '.join(result.loop)}. " if result.loop else ""
    headline = f"{loop}Events: {events}."
    summary = (
        f"<div class='endphase-summary'><b>{html.escape(scenario.title)}</b> — {html.escape(rules_label(scenario))} "
        f"(<code>{html.escape(result.start.ruleset.name)}</code>), players: {html.escape(policies.label(policy))}."
        f"<br><b>{html.escape(headline)}</b><br>Final position: {html.escape(final_position_text(result))}</div>"
    )
    return ResolveView(result, table, rows, _positions(result), summary, headline,
                       steps_trace_html(result.steps, game))


def step_html(row: dict[str, Any], position: str, game: str = "ocg") -> str:
    """The step slider's view: the decision in words (its code on hover), its
    rule (statement on hover) and reason, then the position."""
    from toolkit.present.citations import TOOLTIP_CSS, rule_tip_html

    esc = html.escape
    if row["step"] == 0:
        head = "<b>Start</b>: the position as the End Phase begins."
    else:
        head = (
            f"<b>Step {row['step']}</b>: {esc(str(row['actor']))} — "
            f"<span class='endphase-action' title=\"{esc(str(row.get('code', '')))}\">{esc(str(row['action']))}</span> "
            f"(rule {rule_tip_html(str(row['rule']), game)}: {esc(str(row['reason']))})"
        )
        if row.get("events"):
            head += f"<br>Events: {esc(str(row['events']))}"
        if row.get("notes_html"):
            head += f"<br>Notes: {row['notes_html']}"
        elif row.get("notes"):
            head += f"<br>Notes: {esc(str(row['notes']))}"
    return f"{TOOLTIP_CSS}<div class='endphase-step-detail'>{head}{position}</div>"


# --------------------------------------------------------------------------
# Explore
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ExactOutcome:
    """A predicate that holds on exactly one outcome (final position and events)."""

    target: Any

    def holds(self, outcome: Any, turn_player: str) -> bool:
        return bool(
            outcome.summary == self.target.summary
            and outcome.events == self.target.events
            and outcome.loop == self.target.loop
        )

    def relevant(self, event: Any, turn_player: str) -> bool:
        return True

    def __repr__(self) -> str:
        return "ExactOutcome(...)"


@dataclass(frozen=True)
class ExploreView:
    """Every outcome of a scenario, its summary and which player can force each.

    ``shown``: what the builder displays (:mod:`toolkit.widgets.outcomes`: the
    summary, then the outcomes a page at a time); ``table``: every outcome as
    one row, for code and tests.
    """

    result: Any
    table: pd.DataFrame
    force: dict[tuple[int, str], bool]
    summary_html: str
    headline: str
    shown: Any = None


def explore_scenario(scenario: Scenario, progress: ProgressReport = _no_progress,
                     page_size: int | None = None) -> ExploreView:
    """Every distinct outcome, the number of lines to it, what tells them apart and who can force it.

    ``force[(i, player)]`` says whether ``player`` can force outcome ``i``; one
    minimax search answers every outcome and every value of every difference
    (:func:`toolkit.core.summary.summarize`).
    """
    from toolkit.core.summary import Pager, summarize
    from toolkit.engine import explore
    from toolkit.widgets.outcomes import OUTCOME_PAGE_SIZE, ShownExploration, explore_roles, summary_html

    progress(0, 2)
    result = explore(scenario)
    progress(1, 2)
    summary = summarize(result)
    forcers = summary.outcome_forced_by
    force: dict[tuple[int, str], bool] = {
        (i, player): player in forcers[i] for i in range(len(result.outcomes)) for player in PLAYERS}
    progress(2, 2)
    roles = explore_roles(scenario.turn_player, PLAYERS)
    table = pd.DataFrame(
        {
            "outcome": range(1, len(result.outcomes) + 1),
            "lines": [o.lines for o in result.outcomes],
            "events": [events_text(o.outcome.events, quiet=True) for o in result.outcomes],
            "final": [o.outcome.summary.text() for o in result.outcomes],
            "loop": [" -> ".join(o.outcome.loop) if o.outcome.loop else "" for o in result.outcomes],
            **{
                f"{roles[p]} can force": [bool(force[(i, p)]) for i in range(len(result.outcomes))]
                for p in PLAYERS
            },
            "example line": [" ; ".join(repr(a) for a in o.example_actions) for o in result.outcomes],
        }
    )
    headline = (
        f"{count(len(result.outcomes), 'distinct outcome')} over {count(result.total_lines, 'line')} "
        f"({count(result.states, 'position')}) under {rules_label(scenario)}"
    )
    shown = ShownExploration(result, summary, Pager(len(result.outcomes), page_size or OUTCOME_PAGE_SIZE), roles)
    return ExploreView(result, table, force, summary_html(shown, rules_label(scenario)), headline, shown)


# --------------------------------------------------------------------------
# Sweep over the dates where the rules changed
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepView:
    """One resolution per era of the rules."""

    table: pd.DataFrame
    summary_html: str
    headline: str

    @property
    def shown(self) -> pd.DataFrame:
        """The table as the builder shows it: each date, what changed in the rules, and how the
        outcome differs from the date above (the first date's outcome in full, then only what
        changed), instead of the whole final position again in every row."""
        rows, previous = [], None
        t = self.table
        for day, what, events, final in zip(t["from"], t["what changed"], t["events"], t["final"]):
            now = (str(events), str(final))
            rows.append({"from": day, "what changed": what, "outcome": outcome_change(previous, now)})
            previous = now
        return pd.DataFrame(rows, columns=["from", "what changed", "outcome"])


def outcome_change(before: tuple[str, str] | None, now: tuple[str, str]) -> str:
    """How an outcome ``(events, final)`` (each "; "-joined) differs from the one before it.

    >>> outcome_change(None, ("A draws", "A.hand: X"))
    'events: A draws; final: A.hand: X'
    >>> outcome_change(("A draws", "A.hand: X"), ("A draws", "A.hand: X"))
    'the same outcome'
    >>> outcome_change(("A draws; B mills", "A.hand: X"), ("A draws", "A.hand: X; B.grave: Y"))
    'no longer: B mills; final now also: B.grave: Y'
    """
    if before is None:
        return f"events: {now[0] or 'none'}; final: {now[1] or 'nothing'}"
    if before == now:
        return "the same outcome"
    parts = []
    for label, was, is_ in (("", before[0], now[0]), ("final ", before[1], now[1])):
        old, new = [p for p in was.split("; ") if p], [p for p in is_.split("; ") if p]
        gone, came = [p for p in old if p not in new], [p for p in new if p not in old]
        if came:
            parts.append(f"{label}now also: {'; '.join(came)}" if label else f"now: {'; '.join(came)}")
        if gone:
            parts.append(f"{label}no longer: {'; '.join(gone)}")
    return "; ".join(parts)


def sweep_dates(scenario: Scenario | None = None) -> list[tuple[datetime.date, str]]:
    """(first day, what changed that day) for each era of the OCG's rules,
    oldest first — the eras ``changes()`` sweeps (toolkit.history.eras), with
    the rulings and events behind each change named; with ``scenario``, the
    eras of what it reads (its own cards' text changes too).

    The first era starts the day before the first recorded change.
    """
    from toolkit.games import game_named
    from toolkit.history.eras import rule_eras
    from toolkit.present.citations import change_words

    out = []
    for era in rule_eras(game_named("ocg"), positions=() if scenario is None else (scenario,)):
        what = "; ".join(sorted({change_words(c) for c in era.changes})) or era.what()
        out.append((era.first_day, what))
    return out


def sweep_scenario(
    scenario: Scenario,
    policy: str = DEFAULT_POLICY,
    dates: Sequence[tuple[datetime.date, str]] | None = None,
    progress: ProgressReport = _no_progress,
) -> SweepView:
    """Resolve the position under the rules of each era; mark where the outcome changes."""
    from toolkit.engine import resolve

    eras = list(dates) if dates is not None else sweep_dates(scenario)
    rows = []
    previous: str | None = None
    for done, (day, what) in enumerate(eras, start=1):
        result = resolve(scenario.at(day), policy_for(policy))
        events = "; ".join(_game(result).describe_event(e) for e in _quiet(result.events))
        outcome = result.outcome.summary.text() + " | " + events
        rows.append(
            {
                "from": day.isoformat(),
                "what changed": what,
                "events": events,
                "final": result.outcome.summary.text(),
                "changed": previous is not None and outcome != previous,
            }
        )
        previous = outcome
        progress(done, len(eras))
    table = pd.DataFrame(rows, columns=["from", "what changed", "events", "final", "changed"])
    changes = int(table["changed"].sum())
    how_often = "never changes" if changes == 0 else "changes once" if changes == 1 else f"changes {changes} times"
    headline = f"Resolved under {len(eras)} eras of the rules; the outcome {how_often}"
    return SweepView(table, f"<div class='endphase-summary'><b>{html.escape(headline)}</b></div>", headline)
