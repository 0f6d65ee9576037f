"""A viewer for Duel Masters' Turn End Step: pick a shipped scenario and a
ruleset, resolve it step by step or explore every line.

>>> from toolkit.widgets import TurnEndViewer
>>> v = TurnEndViewer("dm_moffle_zanjibar")
>>> v.resolve.click()
>>> v.result.has("destroyed", "夢見がちモッフル"), v.step.max
(False, 2)
>>> v.ruleset.value = "dm-turn-starts-later"
>>> v.explore.click()
>>> [o.outcome.has("destroyed", "夢見がちモッフル") for o in v.result.outcomes]
[True]

Every widget is a public attribute (see :class:`TurnEndViewer`); buttons are
driven with ``.click()``, the engine's answer is kept on ``.result`` and the
table shown on ``.table``; tables are written to the ``.output`` widget from
Python, and every problem becomes the ``.status`` line, never a traceback.
ipywidgets is imported only when a viewer is built.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolkit.errors import ScenarioError
from toolkit.widgets.outcomes import OutcomePanel
from toolkit.widgets.panel import RunPanel

if TYPE_CHECKING:
    import pandas as pd

    from toolkit.duel_masters.scenario import DMScenario
    from toolkit.core.search import Exploration, Resolution

__all__ = ["TurnEndViewer"]

SEED_RULES = "duel_masters"
"""The ruleset chosen at first: seed 004's reading of the Turn End Step."""

TRACE_COLUMNS: tuple[str, ...] = ("step", "actor", "action", "rule", "reason", "events")
"""The columns of the trace table the viewer shows (notes are under the slider)."""

EXPLORE_COLUMNS: tuple[str, ...] = ("outcome", "lines", "events", "final", "example line")
"""The columns of the exploration table the viewer shows."""


def _ipywidgets() -> Any:
    import ipywidgets  # type: ignore[import-untyped]

    return ipywidgets


def ruleset_label(name: str) -> str:
    """A ruleset's name and, for a counterfactual variant, the flags it turns off.

    >>> ruleset_label("duel_masters")
    'duel_masters (the rules of the wiki page 「ターン終了ステップ」)'
    >>> ruleset_label("dm-turn-starts-later")
    'dm-turn-starts-later (D2(6) next_turn_starts_at_once off)'
    """
    from toolkit.duel_masters import FLAGS, RULES

    if name == SEED_RULES:
        return f"{name} (the rules of the wiki page 「ターン終了ステップ」)"
    rules = RULES.get(name)
    if rules is None:
        return name
    seed = RULES[SEED_RULES].flags()
    changed = [f"{FLAGS[flag].rule} {flag} {'on' if value else 'off'}"
               for flag, value in rules.flags().items() if value != seed[flag]]
    return f"{name} ({', '.join(changed)})" if changed else name


def _ruleset_html(name: str) -> str:
    """What the chosen ruleset changes from seed 004's rules, in words."""
    from toolkit.duel_masters import FLAGS, RULES

    esc = html.escape
    rules = RULES.get(name)
    if name == SEED_RULES or rules is None:
        return f"Rules <code>{esc(name)}</code>: seed 004's Turn End Step (spec §7, D1–D3)."
    seed = RULES[SEED_RULES].flags()
    changes = "".join(
        f"<li>{esc(FLAGS[flag].rule)} <code>{esc(flag)}</code>: "
        f"{esc(FLAGS[flag].when_true if value else FLAGS[flag].when_false)}</li>"
        for flag, value in rules.flags().items() if value != seed[flag]
    )
    return f"Rules <code>{esc(name)}</code>, a counterfactual variant of seed 004's:<ul>{changes}</ul>"


class TurnEndViewer(RunPanel, OutcomePanel):
    """An ipywidgets viewer of the shipped Duel Masters scenarios; display it in a cell.

    Widgets: ``scenario`` (dropdown of the shipped scenarios, labelled by
    title; value: the scenario name), ``ruleset`` (dropdown of the Turn End
    Step rulesets of :data:`toolkit.duel_masters.RULES`), ``about`` (the
    scenario's description, its rulings and what the ruleset changes),
    ``file`` and ``open_file`` (a Duel Masters scenario YAML file of your own,
    read with the safe loader and added to the ``scenario`` dropdown),
    ``resolve`` and ``explore`` (buttons), ``status`` (one line), ``output``
    (the trace table or the exploration table), ``step`` (a slider over the
    resolved line, 1 … number of steps, shown only with a trace; it highlights
    its row of the trace, ``highlighted_row``) and ``step_view`` (that step's
    rule, reason, notes and events, then the position after it).

    Results: ``result`` (the engine's last Resolution or Exploration, None
    after a change of scenario or ruleset and after a failed run, which also
    empties ``output``), ``table`` (the DataFrame shown in ``output``),
    ``last_error``.  ``widget`` is the whole layout.

    ``scenarios`` / ``rulesets`` restrict the dropdowns (default: every shipped
    scenario, every ruleset); ``max_states`` is Explore's search budget.
    """

    def __init__(
        self,
        scenario: str | None = None,
        ruleset: str = SEED_RULES,
        *,
        scenarios: Sequence[str] | None = None,
        rulesets: Sequence[str] | None = None,
        max_states: int = 500_000,
    ) -> None:
        from toolkit.duel_masters import RULES, list_seed_scenarios

        w = _ipywidgets()
        self.max_states = max_states
        self.result: Resolution | Exploration | None = None
        self.table: pd.DataFrame | None = None
        self.last_error: BaseException | None = None
        self._step_rows: list[dict[str, Any]] = []
        self._positions: list[str] = []
        self._opened: dict[str, DMScenario] = {}
        """Scenarios read from the user's files, by their dropdown value ``file:<path>``."""

        names = list(scenarios if scenarios is not None else list_seed_scenarios())
        ruleset_names = list(rulesets if rulesets is not None else RULES)
        self.scenario = w.Dropdown(
            options=[(self._title(name), name) for name in names],
            value=names[0] if names else None,
            description="Scenario",
            layout=w.Layout(width="44em"),
        )
        self.scenario.add_class("endphase-dm-scenario")
        self.ruleset = w.Dropdown(
            options=[(ruleset_label(name), name) for name in ruleset_names],
            value=ruleset if ruleset in ruleset_names else (ruleset_names[0] if ruleset_names else None),
            description="Rules",
            layout=w.Layout(width="44em"),
        )
        self.ruleset.add_class("endphase-dm-ruleset")
        self.file = w.Text(value="", placeholder="your_position.yaml (game: duel_masters)", description="File",
                           layout=w.Layout(width="36em"))
        self.open_file = w.Button(description="Open file", icon="folder-open")
        self.open_file.add_class("endphase-open-file")
        self.about = w.HTML(value="")
        self.about.add_class("endphase-dm-about")
        self.resolve = w.Button(description="Resolve", button_style="primary", icon="play")
        self.resolve.add_class("endphase-resolve")
        self.explore = w.Button(description="Explore", icon="sitemap")
        self.explore.add_class("endphase-explore")
        self._build_feedback(w, "Choose a scenario and a ruleset, then Resolve or Explore.")
        self._build_outcome_bar(w)

        self.resolve.on_click(lambda _b: self._guarded("resolve", self._resolve))
        self.explore.on_click(lambda _b: self._guarded("explore", self._explore))
        self.open_file.on_click(lambda _b: self._guarded("open", self._open))
        self.scenario.observe(lambda _c: self._guarded("choose", self._chosen), names="value")
        self.ruleset.observe(lambda _c: self._guarded("choose", self._chosen), names="value")

        self.widget = self._layout()
        self._show_about()
        if scenario is not None:
            if scenario in names:
                self.scenario.value = scenario
            else:
                self._guarded("choose", lambda: self._unknown_scenario(scenario, names))
        if ruleset not in ruleset_names:
            self._guarded("choose", lambda: self._unknown_ruleset(ruleset))

    # ------------------------------------------------------------------
    # Display
    # ------------------------------------------------------------------

    def _layout(self) -> Any:
        w = _ipywidgets()
        box = w.VBox(
            [
                w.HTML("<h3>Duel Masters: the Turn End Step</h3>"),
                self.scenario,
                self.ruleset,
                w.HBox([self.file, self.open_file]),
                self.about,
                w.HBox([self.resolve, self.explore]),
                self.status,
                self.output,
                self.outcome_bar,
                self.step_style,
                self.step,
                self.step_view,
            ]
        )
        box.add_class("endphase-turn-end-viewer")
        return box

    def __repr__(self) -> str:
        return f"TurnEndViewer({self.scenario.value!r}, ruleset={self.ruleset.value!r})"

    # ------------------------------------------------------------------
    # Feedback
    # ------------------------------------------------------------------

    @staticmethod
    def _title(name: str) -> str:
        from toolkit.duel_masters import seed_scenario

        try:
            return seed_scenario(name).title
        except ScenarioError:
            return name  # resolving it reports the error in the status line

    def _lookup(self, name: str) -> DMScenario:
        """A scenario of the dropdown: one opened from a file, else a shipped one."""
        from toolkit.duel_masters import seed_scenario

        opened = self._opened.get(name)
        return opened if opened is not None else seed_scenario(name)

    def _open(self) -> None:
        """Read the file named in ``file`` (safe YAML only) and choose it."""
        from pathlib import Path

        from toolkit.duel_masters import load_scenario

        path = self.file.value.strip()
        if not path:
            raise ScenarioError("type the path of a Duel Masters scenario file first", field="file")
        scenario = load_scenario(Path(path).expanduser())
        key = f"file:{path}"
        self._opened[key] = scenario
        options = [o for o in self.scenario.options if o[1] != key]
        self.scenario.options = [*options, (f"{scenario.title} (file {Path(path).name})", key)]
        self.scenario.value = key
        self._say(f"Opened {path}: {scenario.title}. Press Resolve or Explore.", "ok")

    def _unknown_scenario(self, name: str, names: Sequence[str]) -> None:
        from toolkit.fields import suggest as _suggest

        raise ScenarioError(f"no shipped Duel Masters scenario {name!r}" + _suggest(name, names)
                            + f"; showing {self.scenario.value!r}", field="scenario")

    def _unknown_ruleset(self, name: str) -> None:
        from toolkit.duel_masters import get_rules

        get_rules(name)  # raises with the known names and a suggestion
        raise ScenarioError(f"ruleset {name!r} is not in this viewer's list", field="ruleset")

    def _show_about(self) -> None:
        esc = html.escape
        parts = []
        name = self.scenario.value
        if name:
            try:
                scenario: DMScenario | None = self._lookup(name)
            except ScenarioError:
                scenario = None
            if scenario is not None:
                rulings = ", ".join(f"<code>{esc(r)}</code>" for r in scenario.rulings) or "none"
                parts.append(f"<b>{esc(scenario.title)}</b> (<code>{esc(name)}</code>). "
                             f"{esc(scenario.description)}<br>Rulings: {rulings}")
        if self.ruleset.value:
            parts.append(_ruleset_html(self.ruleset.value))
        self.about.value = "<div class='endphase-dm-about'>" + "<br>".join(parts) + "</div>"

    # ------------------------------------------------------------------
    # Running
    # ------------------------------------------------------------------

    def _clear_results(self) -> None:
        self.result = None
        self.table = None
        self._step_rows = []
        self._positions = []
        self._reset_feedback()
        self._hide_outcomes()

    def _chosen(self) -> None:
        self._clear_results()
        self._show_about()
        self._say(f"{self.scenario.value} under {self.ruleset.value}: press Resolve or Explore.", "info")

    def _scenario(self) -> DMScenario:
        from toolkit.duel_masters import get_rules

        name = self.scenario.value
        if not name:
            raise ScenarioError("choose a scenario first", field="scenario")
        if not self.ruleset.value:
            raise ScenarioError("choose a ruleset first", field="ruleset")
        get_rules(self.ruleset.value)  # an unknown name is reported before any work
        return self._lookup(name)

    def _resolve(self) -> None:
        from toolkit.core.game import game_of
        from toolkit.core.search import resolve
        from toolkit.present.citations import note_html
        from toolkit.widgets.runs import HtmlBlock, steps_trace_html

        self._clear_results()  # a failed run must not leave the previous trace under its error
        scenario = self._scenario()
        rules = self.ruleset.value
        result = resolve(scenario, ruleset=rules)
        game = game_of(result.start)
        trace = result.trace.assign(
            code=result.trace["action"], action=[game.describe_action(s.action) for s in result.steps],
            events=["; ".join(game.describe_event(e) for e in s.events) for s in result.steps])
        table = trace[list(TRACE_COLUMNS)]
        transition = game.transition
        state = result.start
        positions = []
        for s in result.steps:
            state = transition(state, s.action, check=False).state
            positions.append(state._repr_html_())
        self.result = result
        self.table = table
        self._step_rows = [{str(k): v for k, v in row.items()} for row in trace.to_dict("records")]
        for row, s in zip(self._step_rows, result.steps):
            row["notes_html"] = "; ".join(note_html(n.rule, n.text, game.name) for n in s.notes)
        self._positions = positions
        self._show(HtmlBlock(steps_trace_html(result.steps, game)))
        if self._step_rows:
            self._show_slider(1, len(self._step_rows), 1)
        self._show_step()
        self._say(
            f"Resolved {scenario.title} under {rules}: {len(result.steps)} steps. "
            f"Final: {result.outcome.summary.text()}",
            "ok",
        )

    def _show_step(self) -> None:
        if not self._step_rows:
            self.step_view.value = ""
            self._highlight_row(None)
            return
        from toolkit.widgets.runs import step_html

        index = min(max(self.step.value, 1), len(self._step_rows)) - 1
        self.step_view.value = step_html(self._step_rows[index], self._positions[index], "duel_masters")
        self._highlight_row(index)  # step k is row k of the trace table

    def _explore(self) -> None:
        import pandas as pd

        from toolkit.core.game import game_of
        from toolkit.core.search import explore
        from toolkit.core.summary import Pager, summarize
        from toolkit.core.values import PLAYERS
        from toolkit.widgets.outcomes import OUTCOME_PAGE_SIZE, ShownExploration, explore_roles
        from toolkit.core.values import sorted_events


        self._clear_results()  # a failed run must not leave the previous table under its error
        scenario = self._scenario()
        rules = self.ruleset.value
        result = explore(scenario, ruleset=rules, max_states=self.max_states)
        game = game_of(scenario)
        table = pd.DataFrame(
            {
                "outcome": range(1, len(result.outcomes) + 1),
                "lines": [o.lines for o in result.outcomes],
                "events": ["; ".join(game.describe_event(e) for e in sorted_events(o.outcome.events))
                           for o in result.outcomes],
                "final": [o.outcome.summary.text() for o in result.outcomes],
                "example line": [" ; ".join(game.describe_action(s.action) for s in o.example) for o in result.outcomes],
            },
            columns=list(EXPLORE_COLUMNS),
        )
        self.result = result
        self.table = table
        roles = explore_roles(result.start.turn_player, PLAYERS)
        shown = ShownExploration(result, summarize(result, max_states=self.max_states),
                                 Pager(len(result.outcomes), OUTCOME_PAGE_SIZE), roles)
        self._show_exploration(shown, rules)
        self._say(
            f"{len(result.outcomes)} distinct outcomes over {result.total_lines} lines "
            f"({result.states} positions) of {scenario.title} under {rules}",
            "ok",
        )

    def _show_line(self, rows: list[dict[str, Any]], positions: list[str]) -> None:
        """An outcome's example line under the step slider (1 … its steps), as Resolve's."""
        self._step_rows = rows[1:]
        self._positions = positions[1:]
        if self._step_rows:
            self._show_slider(1, len(self._step_rows), len(self._step_rows))
        self._show_step()
