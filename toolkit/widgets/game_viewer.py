"""A viewer of any registered game's End Phase (or end of turn): pick a shipped scenario and a
ruleset, resolve it step by step or explore every line.  A game with no viewer of its own is shown
with this one (``toolkit.widgets.viewer_for``); the OCG has its scenario builder, Duel Masters the
Turn End Step viewer, which is this one with words of its own.

Every widget is a public attribute; buttons are driven with ``.click()``, the engine's answer is
kept on ``.result`` and the table shown on ``.table``; every problem becomes the ``.status`` line,
never a traceback.  ipywidgets is imported only when a viewer is built.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolkit.core.game import Game
from toolkit.core.words import count
from toolkit.errors import ScenarioError
from toolkit.widgets.outcomes import OutcomePanel
from toolkit.widgets.panel import RunPanel

if TYPE_CHECKING:
    import pandas as pd

    from toolkit.core.search import Exploration, Resolution

__all__ = ["GameViewer"]

TRACE_COLUMNS: tuple[str, ...] = ("step", "actor", "action", "rule", "reason", "events")
"""The columns of the trace table the viewer shows (notes are under the slider)."""

EXPLORE_COLUMNS: tuple[str, ...] = ("outcome", "lines", "events", "final", "example line")
"""The columns of the exploration table the viewer shows."""


def _ipywidgets() -> Any:
    import ipywidgets  # type: ignore[import-untyped]

    return ipywidgets


def _position_html(state: Any, game: Game) -> str:
    """A position as HTML: its own view when it has one, else the game's words for it."""
    own = getattr(state, "_repr_html_", None)
    return str(own()) if callable(own) else f"<p>{html.escape(str(game.describe_state(state)))}</p>"


class GameViewer(RunPanel, OutcomePanel):
    """An ipywidgets viewer of one game's shipped scenarios (any registered game); display it in a cell.

    Widgets: ``scenario`` (dropdown of the game's shipped scenarios, labelled by
    title; value: the scenario name), ``ruleset`` (dropdown of the game's
    rulesets), ``about`` (the scenario's description, its rulings and what the
    ruleset changes), ``file`` and ``open_file`` (a scenario YAML file of your own,
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

    css = "endphase-game"
    """The prefix of the viewer's CSS classes (a game's own viewer keeps its own)."""

    def __init__(
        self,
        game: str | Game,
        scenario: str | None = None,
        ruleset: str | None = None,
        *,
        scenarios: Sequence[str] | None = None,
        rulesets: Sequence[str] | None = None,
        max_states: int = 500_000,
    ) -> None:
        from toolkit.games import game_named

        self.game: Game = game_named(game) if isinstance(game, str) else game
        if ruleset is None:
            ruleset = self.game.today().name
        w = _ipywidgets()
        self.max_states = max_states
        self.result: Resolution | Exploration | None = None
        self.table: pd.DataFrame | None = None
        self.last_error: BaseException | None = None
        self._step_rows: list[dict[str, Any]] = []
        self._positions: list[str] = []
        self._opened: dict[str, Any] = {}
        """Scenarios read from the user's files, by their dropdown value ``file:<path>``."""

        names = list(scenarios if scenarios is not None else self.game.scenario_names())
        ruleset_names = list(rulesets if rulesets is not None else self.game.ruleset_names())
        self.scenario = w.Dropdown(
            options=[(self._title(name), name) for name in names],
            value=names[0] if names else None,
            description="Scenario",
            layout=w.Layout(width="44em"),
        )
        self.scenario.add_class(f"{self.css}-scenario")
        self.ruleset = w.Dropdown(
            options=[(self._ruleset_label(name), name) for name in ruleset_names],
            value=ruleset if ruleset in ruleset_names else (ruleset_names[0] if ruleset_names else None),
            description="Rules",
            layout=w.Layout(width="44em"),
        )
        self.ruleset.add_class(f"{self.css}-ruleset")
        self.file = w.Text(value="", placeholder=f"your_position.yaml (game: {self.game.name})", description="File",
                           layout=w.Layout(width="36em"))
        self.open_file = w.Button(description="Open file", icon="folder-open")
        self.open_file.add_class("endphase-open-file")
        self.about = w.HTML(value="")
        self.about.add_class(f"{self.css}-about")
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
                w.HTML(f"<h3>{html.escape(self.game.title)}: the {html.escape(self.game.step)}</h3>"),
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
        box.add_class(self.box_class)
        return box

    box_class = "endphase-game-viewer"
    """The CSS class of the whole layout."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game.name!r}, {self.scenario.value!r}, ruleset={self.ruleset.value!r})"

    def _ruleset_label(self, name: str) -> str:
        """How the ruleset dropdown names a ruleset (a game's own viewer says more)."""
        return name

    def _ruleset_html(self, name: str) -> str:
        """What the chosen ruleset is, in words (a game's own viewer says what it changes)."""
        return f"Rules <code>{html.escape(name)}</code> of {html.escape(self.game.title)}."

    # ------------------------------------------------------------------
    # Feedback
    # ------------------------------------------------------------------

    def _title(self, name: str) -> str:
        try:
            return str(self.game.seed_scenario(name).title)
        except ScenarioError:
            return name  # resolving it reports the error in the status line

    def _lookup(self, name: str) -> Any:
        """A scenario of the dropdown: one opened from a file, else a shipped one."""
        opened = self._opened.get(name)
        return opened if opened is not None else self.game.seed_scenario(name)

    def _open(self) -> None:
        """Read the file named in ``file`` (safe YAML only) and choose it."""
        from pathlib import Path

        from toolkit.games import game_of, load_any_scenario

        path = self.file.value.strip()
        if not path:
            raise ScenarioError(f"type the path of a {self.game.title} scenario file first", field="file")
        scenario = load_any_scenario(Path(path).expanduser())
        if game_of(scenario) is not self.game:
            raise ScenarioError(f"{path} is a scenario of {game_of(scenario).title}; this viewer shows "
                                f"{self.game.title} (write 'game: {self.game.name}' in the file)", field="file")
        key = f"file:{path}"
        self._opened[key] = scenario
        options = [o for o in self.scenario.options if o[1] != key]
        self.scenario.options = [*options, (f"{scenario.title} (file {Path(path).name})", key)]
        self.scenario.value = key
        self._say(f"Opened {path}: {scenario.title}. Press Resolve or Explore.", "ok")

    def _unknown_scenario(self, name: str, names: Sequence[str]) -> None:
        from toolkit.fields import suggest as _suggest

        raise ScenarioError(f"no shipped {self.game.title} scenario {name!r}" + _suggest(name, names)
                            + f"; showing {self.scenario.value!r}", field="scenario")

    def _unknown_ruleset(self, name: str) -> None:
        self.game.ruleset(name)  # raises with the known names and a suggestion
        raise ScenarioError(f"ruleset {name!r} is not in this viewer's list", field="ruleset")

    def _show_about(self) -> None:
        esc = html.escape
        parts = []
        name = self.scenario.value
        if name:
            try:
                scenario: Any = self._lookup(name)
            except ScenarioError:
                scenario = None
            if scenario is not None:
                rulings = ", ".join(f"<code>{esc(r)}</code>" for r in getattr(scenario, "rulings", ())) or "none"
                parts.append(f"<b>{esc(scenario.title)}</b> (<code>{esc(name)}</code>). "
                             f"{esc(getattr(scenario, 'description', ''))}<br>Rulings: {rulings}")
        if self.ruleset.value:
            parts.append(self._ruleset_html(self.ruleset.value))
        self.about.value = f"<div class='{self.css}-about'>" + "<br>".join(parts) + "</div>"

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

    def _scenario(self) -> Any:
        name = self.scenario.value
        if not name:
            raise ScenarioError("choose a scenario first", field="scenario")
        if not self.ruleset.value:
            raise ScenarioError("choose a ruleset first", field="ruleset")
        self.game.ruleset(self.ruleset.value)  # an unknown name is reported before any work
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
            positions.append(_position_html(state, game))
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
        self.step_view.value = step_html(self._step_rows[index], self._positions[index], self.game.name)
        self._highlight_row(index)  # step k is row k of the trace table

    def _explore(self) -> None:
        import pandas as pd

        from toolkit.core.game import game_of
        from toolkit.core.search import explore
        from toolkit.core.summary import Pager, summarize
        from toolkit.core.values import PLAYERS, sorted_events
        from toolkit.widgets.outcomes import OUTCOME_PAGE_SIZE, ShownExploration, explore_roles


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
            f"{count(len(result.outcomes), 'distinct outcome')} over {count(result.total_lines, 'line')} "
            f"({count(result.states, 'position')}) of {scenario.title} under {rules}",
            "ok",
        )

    def _show_line(self, rows: list[dict[str, Any]], positions: list[str]) -> None:
        """An outcome's example line under the step slider (1 … its steps), as Resolve's."""
        self._step_rows = rows[1:]
        self._positions = positions[1:]
        if self._step_rows:
            self._show_slider(1, len(self._step_rows), len(self._step_rows))
        self._show_step()
