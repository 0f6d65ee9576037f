"""What a panel shows of an exploration: the summary first, then the outcomes
a page at a time, each opening into its example line.

Game-neutral (the builder and the Duel Masters viewer both use it): the
summary is :func:`toolkit.core.summary.summarize`'s; facts are put in words by
:func:`toolkit.core.summary.fact_text` and a line's steps by the same trace
table and step view as Resolve (:func:`toolkit.widgets.runs.step_html`).

:class:`OutcomePanel` is a mixin for a panel with ``output``, ``step`` and
``step_view`` (see :mod:`toolkit.widgets.panel`) that says how it shows a line (``_show_line``): ``outcome_previous`` /
``outcome_next`` (buttons), ``outcome_page`` (the page label), ``outcome``
(a dropdown: the outcome whose example line the step slider walks) and
``outcome_bar`` (the box holding them, hidden until an exploration is shown).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.core.summary import ExploreSummary, Pager, fact_text, short_aspect_text
from toolkit.core.words import count

if TYPE_CHECKING:
    from toolkit.core.search import Exploration
    from toolkit.core.trace import LineStep

__all__ = ["OUTCOME_PAGE_SIZE", "OutcomePanel", "ShownExploration", "explore_roles", "line_rows", "outcomes_page_html",
           "summary_html"]

OUTCOME_PAGE_SIZE = 10
"""Outcomes per page of the outcome table."""

VALUES_SHOWN = 12
"""Values of one difference listed under its row (the rest are counted)."""

_CELL = ' style="text-align:left;vertical-align:top;padding:2px 8px"'
_SCROLL = "max-height:28em;overflow:auto;border:1px solid #ddd"


@dataclass(frozen=True)
class ShownExploration:
    """An exploration, its summary and the page of outcomes shown."""

    found: Exploration
    summary: ExploreSummary
    pager: Pager
    roles: dict[str, str]
    """Each player's label (``A (TP)``)."""


def _forcers(forced_by: frozenset[str], roles: dict[str, str]) -> str:
    return ", ".join(roles[p] for p in roles if p in forced_by) or "neither"


def summary_html(shown: ShownExploration, rules: str) -> str:
    """The summary: counts, what every outcome shares, then one row per difference with who can force its values."""
    esc = html.escape
    s = shown.summary
    roles = shown.roles
    head = f"<b>{esc(s.headline())}</b> under {esc(rules)} ({shown.found.states} positions searched)."
    from toolkit.core.game import game_of

    describe = game_of(shown.found.start).describe_event
    facts = "".join(f"<li>{esc(fact_text(f, describe))}</li>" for f in s.shared)
    # one fact a line, in as many columns as fit (a dozen facts in one run-on line was a wall)
    shared = (f"<ul class='endphase-explore-facts' style='columns:22em;margin:0.2em 0'>{facts}</ul>"
              if facts else " nothing")
    parts = [f"<div class='endphase-explore-summary'><p>{head}</p>",
             f"<div class='endphase-explore-shared'><b>Every outcome</b>:{shared}</div>"]
    if s.differences:
        cols = ["what differs", "ways", *(f"{roles[p]} can force" for p in roles)]
        header = "".join(f"<th{_CELL}>{esc(c)}</th>" for c in cols)
        body = []
        for d in s.differences:
            also = f"<br><small>(the same split: {esc(d.also())})</small>" if d.also() else ""
            values = "".join(
                f"<li>{esc(v.text())} — {count(v.lines, 'line')}; can force: {esc(_forcers(v.forced_by, roles))}</li>"
                for v in d.values[:VALUES_SHOWN])
            more = f"<li>… and {d.count - VALUES_SHOWN} more</li>" if d.count > VALUES_SHOWN else ""
            listing = f"<details><summary>the {d.count} ways</summary><ul>{values}{more}</ul></details>"
            forced = "".join(
                f"<td{_CELL}>{_forced_words(d.forced_count(p), d.count)}</td>" for p in roles)
            body.append(f"<tr><td{_CELL}>{esc(d.text())}{also}{listing}</td><td{_CELL}>{d.count}</td>{forced}</tr>")
        parts.append(f"<table class='endphase-table endphase-differences'><thead><tr>{header}</tr></thead>"
                     f"<tbody>{''.join(body)}</tbody></table>")
    parts.append("</div>")
    return "".join(parts)


def _forced_words(forced: int, ways: int) -> str:
    if forced == 0:
        return "none"
    if forced == ways:
        return "any of them" if ways > 1 else "yes"
    return f"{forced} of the {ways}"


def outcome_values(shown: ShownExploration, index: int) -> list[str]:
    """Outcome ``index``'s value of each difference, in words (one per column of the outcome table)."""
    return [next(v for v in d.values if index in v.outcomes).text() for d in shown.summary.differences]


def outcomes_page_html(shown: ShownExploration, opened: int | None = None) -> str:
    """The page of outcomes ``shown.pager`` points at, in a scroll box: number,
    lines, how it differs, who can force it, and its example line's actions."""
    esc = html.escape
    roles = shown.roles
    differs = [short_aspect_text(d.aspects[0]) for d in shown.summary.differences] or ["what it is"]
    cols = ["outcome", "lines", *differs, *(f"{roles[p]} can force" for p in roles), "example line"]
    header = "".join(f"<th{_CELL}>{esc(c)}</th>" for c in cols)
    body = []
    for i in shown.pager.rows:
        o = shown.found.outcomes[i]
        forced = shown.summary.outcome_forced_by[i]
        can = "".join(f"<td{_CELL}>{'yes' if p in forced else 'no'}</td>" for p in roles)
        mark = " class='endphase-outcome-open'" if i == opened else ""
        example = f"{len(o.example)} steps: " + " → ".join(esc(step_words(s)) for s in o.example)
        values = outcome_values(shown, i) or ["the only outcome: what every outcome shares, above"]
        cells = "".join(f"<td{_CELL}>{esc(v)}</td>" for v in values)
        body.append(f"<tr{mark}><td{_CELL}>{i + 1}</td><td{_CELL}>{o.lines}</td>{cells}{can}"
                    f"<td{_CELL}><details><summary>{len(o.example)} steps</summary>{example}</details></td></tr>")
    table = (f"<table class='endphase-table endphase-outcomes'><thead><tr>{header}</tr></thead>"
             f"<tbody>{''.join(body)}</tbody></table>")
    return (f"<div class='endphase-outcome-page'><p>Outcomes {esc(shown.pager.label())}</p>"
            f"<div class='endphase-scroll' style='{_SCROLL}'>{table}</div></div>")


def step_words(step: LineStep) -> str:
    """One step of an example line in the outcome table, in the game's words."""
    from toolkit.core.game import game_named

    return f"{step.actor}: {game_named(step.game).describe_action(step.action)}" if step.game else \
        f"{step.actor}: {step.row()['action']}"


def line_rows(steps: Sequence[LineStep], start: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """The step view's rows and positions for a line (row 0: the start), as Resolve shows them."""
    from toolkit.core.game import game_of

    game = game_of(start)
    transition = game.transition
    rows: list[dict[str, Any]] = [{"step": 0, "priority": "", "actor": "", "action": "(start)", "rule": "",
                                   "reason": "the position as the End Phase begins", "events": "", "notes": ""}]
    positions = [start._repr_html_()]
    state = start
    for s in steps:
        row = {str(k): v for k, v in s.row().items()}
        row["action"] = game.describe_action(s.action)
        row["code"] = repr(s.action)
        row["events"] = "; ".join(game.describe_event(e) for e in s.events)
        rows.append(row)
        state = transition(state, s.action, check=False).state
        positions.append(state._repr_html_())
    return rows, positions


class OutcomePanel:
    """Mixin: the paged outcome table and the example line of the chosen outcome."""

    output: Any
    step: Any
    step_view: Any
    outcome_bar: Any
    outcome_previous: Any
    outcome_next: Any
    outcome_page: Any
    outcome: Any
    shown: ShownExploration | None
    _explore_rules: str
    _extra_blocks: tuple[Any, ...]

    def _build_outcome_bar(self, w: Any) -> None:
        self.shown = None
        self._explore_rules = ""
        self._extra_blocks = ()
        self.outcome_previous = w.Button(description="Prev", icon="chevron-left", disabled=True,
                                         layout=w.Layout(width="7em"))
        self.outcome_previous.add_class("endphase-outcomes-previous")
        self.outcome_next = w.Button(description="Next", icon="chevron-right", disabled=True,
                                     layout=w.Layout(width="7em"))
        self.outcome_next.add_class("endphase-outcomes-next")
        self.outcome_page = w.HTML(value="")
        self.outcome = w.Dropdown(options=[], description="Open", layout=w.Layout(width="16em"),
                                  tooltip="show this outcome's example line step by step")
        self.outcome.add_class("endphase-open-outcome")
        self.outcome_bar = w.HBox([self.outcome_previous, self.outcome_page, self.outcome_next, self.outcome],
                                  layout=w.Layout(display="none"))
        self.outcome_bar.add_class("endphase-outcome-bar")
        self.outcome_previous.on_click(lambda _b: self._turn_page(-1))
        self.outcome_next.on_click(lambda _b: self._turn_page(1))
        self.outcome.observe(lambda _c: self._open_outcome(), names="value")

    def _show_exploration(self, shown: ShownExploration, rules: str, *extra: Any) -> None:
        """Show the summary and the first page; the slider walks the first outcome's example line."""
        self.shown = shown
        self._explore_rules = rules
        self._extra_blocks = extra
        self.outcome_bar.layout.display = "flex"
        self._render_page(open_first=True)

    def _hide_outcomes(self) -> None:
        """No exploration shown: the bar hidden, the slider named "Step" again."""
        self.shown = None
        self.outcome_bar.layout.display = "none"
        self.outcome.options = []
        self.step.description = "Step"

    def _turn_page(self, by: int) -> None:
        if self.shown is None:
            return
        pager = self.shown.pager.next() if by > 0 else self.shown.pager.previous()
        self.shown = ShownExploration(self.shown.found, self.shown.summary, pager, self.shown.roles)
        self._render_page(open_first=True)

    def _render_page(self, open_first: bool) -> None:
        from toolkit.widgets.runs import HtmlBlock

        shown = self.shown
        assert shown is not None
        pager = shown.pager
        self.outcome_previous.disabled = not pager.has_previous
        self.outcome_next.disabled = not pager.has_next
        self.outcome_page.value = html.escape(f"page {pager.page + 1} of {pager.pages}")
        options = [(f"outcome {i + 1}", i) for i in pager.rows]
        if open_first:
            self.outcome.options = options
            self.outcome.value = options[0][1] if options else None
        opened = self.outcome.value
        self.output.outputs = ()
        for block in (HtmlBlock(summary_html(shown, self._explore_rules)), *self._extra_blocks,
                      HtmlBlock(outcomes_page_html(shown, opened))):
            self.output.append_display_data(block)
        self._open_outcome(render=False)

    def _open_outcome(self, render: bool = True) -> None:
        """Put the chosen outcome's example line under the step slider (as Resolve's trace)."""
        shown = self.shown
        index = self.outcome.value
        if shown is None or index is None:
            return
        if render:
            self._render_page(open_first=False)
            return
        example = shown.found.outcomes[index].example
        rows, positions = line_rows(example, shown.found.start)
        self._show_line(rows, positions)
        self.step.description = f"Outcome {index + 1}"

    def _show_line(self, rows: list[dict[str, Any]], positions: list[str]) -> None:
        """Put a line (rows and positions from :func:`line_rows`, row 0 the start) under the step slider."""
        raise NotImplementedError


def explore_roles(turn_player: str, players: Sequence[str]) -> dict[str, str]:
    """``{"A": "A (TP)", "B": "B (NTP)"}``."""
    return {p: f"{p} ({'TP' if p == turn_player else 'NTP'})" for p in players}
