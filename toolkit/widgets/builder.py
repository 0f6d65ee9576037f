"""The scenario builder: edit a position, resolve it, explore it, save it.

>>> from toolkit.widgets import ScenarioBuilder
>>> b = ScenarioBuilder(example="horus_lv6_veiler_2011")
>>> b.date.value = __import__("datetime").date(2012, 1, 1)
>>> b.resolve.click()
>>> b.result.outcome.has("special_summoned", "ホルスの黒炎竜 LV８")
True

Every widget is a public attribute (see :class:`ScenarioBuilder`); buttons
are driven with ``.click()``, results are kept on ``.result`` and written to
the ``.output`` widget from Python (so saved notebooks keep them), and every
problem becomes a line in ``.status`` instead of a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from toolkit.errors import ScenarioError, ToolkitError
from toolkit.ocg.scenario import Scenario, load_scenario, save_scenario, seed_scenario
from toolkit.widgets import runs
from toolkit.widgets.card_search import CardCatalogue
from toolkit.widgets.catalogue import default_catalogue, default_examples, default_rulesets
from toolkit.widgets.files import checked_file_name, default_user_folder, list_scenario_files, scenario_file_name
from toolkit.widgets.form import ScenarioForm
from toolkit.widgets.messages import error_html
from toolkit.widgets.panel import RunPanel

__all__ = ["ScenarioBuilder"]


class ScenarioBuilder(ScenarioForm, RunPanel):
    """An ipywidgets scenario builder; display it in a notebook cell.

    Editing widgets (from :class:`~toolkit.widgets.form.ScenarioForm`):
    ``title``, ``date``, ``ruleset``, ``turn_player``, ``zones[player][zone]``
    (zone: hand, field, graveyard, banished, deck), ``life[player]``,
    ``deck_filler[player]``, ``card_search`` / ``card_matches`` / ``add_to`` /
    ``add_card``, ``detail_card`` / ``detail_position`` / ``detail_tags``,
    ``lingering_*``.

    Examples: ``example`` (dropdown of the shipped worked examples) and
    ``load_example``.
    Running: ``policy``, ``resolve``, ``explore``, ``sweep`` (every date where
    the rules changed), ``progress``; ``step`` (a slider over the trace) and
    ``step_view`` (the position at that step and the reason).
    Files: ``folder``, ``file_name``, ``overwrite``, ``save``, ``saved_files``,
    ``refresh_files``, ``load``.
    Feedback: ``status`` (one line), ``output`` (tables), ``result`` (the
    engine's last Resolution or Exploration, or the SweepView of a sweep),
    ``view`` (what is shown of it: ``runs.ResolveView`` / ``ExploreView`` /
    ``SweepView``, each with a ``table``), ``last_error``.
    """

    def __init__(
        self,
        scenario: Scenario | None = None,
        *,
        example: str | None = None,
        catalogue: CardCatalogue | None = None,
        examples: Sequence[str] | None = None,
        rulesets: Sequence[str] | None = None,
        folder: str | Path | None = None,
    ) -> None:
        super().__init__(
            catalogue if catalogue is not None else default_catalogue(),
            rulesets if rulesets is not None else default_rulesets(),
        )
        self.result: Any = None
        self.view: runs.ResolveView | runs.ExploreView | runs.SweepView | None = None
        self.last_error: BaseException | None = None
        self._trace_positions: list[str] = []
        self._trace_rows: list[dict[str, Any]] = []

        example_names = list(examples if examples is not None else default_examples())
        self.example = w.Dropdown(
            options=[("(choose a worked example)", "")] + [(name, name) for name in example_names],
            value="",
            description="Example",
            layout=w.Layout(width="32em"),
        )
        self.example.add_class("endphase-example")
        self.load_example = w.Button(description="Load example", icon="folder-open")
        self.load_example.add_class("endphase-load-example")

        self.policy = w.Dropdown(
            options=[(label, key) for key, label in runs.POLICY_LABELS.items()],
            value=runs.DEFAULT_POLICY,
            description="Players",
            layout=w.Layout(width="32em"),
        )
        self.resolve = w.Button(description="Resolve", button_style="primary", icon="play")
        self.resolve.add_class("endphase-resolve")
        self.explore = w.Button(description="Explore", icon="sitemap")
        self.explore.add_class("endphase-explore")
        self.sweep = w.Button(description="Every rules date", icon="calendar")
        self.sweep.add_class("endphase-sweep")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="", layout=w.Layout(visibility="hidden"))

        self.folder = w.Text(
            value=str(folder if folder is not None else default_user_folder()),
            description="Folder",
            layout=w.Layout(width="40em"),
        )
        self.file_name = w.Text(value="", placeholder="name.yaml (default: from the title)", description="File")
        self.overwrite = w.Checkbox(value=False, description="Overwrite", indent=False)
        self.save = w.Button(description="Save", icon="save")
        self.save.add_class("endphase-save")
        self.saved_files = w.Dropdown(options=[], description="Saved")
        self.load = w.Button(description="Load", icon="upload")
        self.refresh_files = w.Button(description="", icon="refresh", tooltip="list the folder again",
                                      layout=w.Layout(width="3em"))
        self.load.add_class("endphase-load")

        self._build_feedback(w, "Choose a worked example or build a position.")

        self.load_example.on_click(lambda _b: self._guarded("load example", self._load_example))
        self.example.observe(lambda _c: self._guarded("load example", self._example_chosen), names="value")
        self.resolve.on_click(lambda _b: self._guarded("resolve", self._resolve))
        self.explore.on_click(lambda _b: self._guarded("explore", self._explore))
        self.sweep.on_click(lambda _b: self._guarded("sweep", self._sweep))
        self.save.on_click(lambda _b: self._guarded("save", self._save))
        self.load.on_click(lambda _b: self._guarded("load", self._load))
        self.folder.observe(lambda _c: self._refresh_saved_files(), names="value")
        self.refresh_files.on_click(lambda _b: self._refresh_saved_files())
        self._refresh_saved_files()

        self.widget = self._layout()
        self._untouched: Scenario | None = self._current_or_none()
        """What the form held when last loaded, set or saved: choosing an
        example replaces the form at once only while it still holds that."""
        if scenario is not None:
            self.set_scenario(scenario)
        elif example:
            self.example.value = example

    # ------------------------------------------------------------------
    # Display
    # ------------------------------------------------------------------

    def _layout(self) -> w.Widget:
        files = w.VBox(
            [
                w.HBox([self.folder]),
                w.HBox([self.file_name, self.overwrite, self.save]),
                w.HBox([self.saved_files, self.refresh_files, self.load]),
            ]
        )
        box = w.VBox(
            [
                w.HTML("<h3>End Phase scenario builder</h3>"),
                w.HBox([self.example, self.load_example]),
                self.form_widget(),
                w.HTML("<b>Run</b>"),
                w.HBox([self.policy, self.resolve, self.explore, self.sweep]),
                self.progress,
                self.status,
                self.output,
                self.step,
                self.step_view,
                w.HTML("<b>Save / load</b> (your own folder; the shipped examples are never changed)"),
                files,
            ]
        )
        box.add_class("endphase-builder")
        return box

    def __repr__(self) -> str:
        return f"ScenarioBuilder({self.title.value!r})"

    # ------------------------------------------------------------------
    # Feedback
    # ------------------------------------------------------------------

    def _report_form_error(self, exc: ScenarioError) -> None:
        self.last_error = exc
        self.status.value = error_html(exc)

    def _after_action(self) -> None:
        self.progress.layout.visibility = "hidden"

    def _checked_scenario(self) -> Scenario:
        return self.scenario.validate()

    # ------------------------------------------------------------------
    # Examples and files
    # ------------------------------------------------------------------

    def _current_or_none(self) -> Scenario | None:
        try:
            return self.scenario
        except ToolkitError:
            return None

    def set_scenario(self, scenario: Scenario) -> None:
        super().set_scenario(scenario)
        self._untouched = self._current_or_none()

    def _example_chosen(self) -> None:
        """One action to start from an example: choosing it loads it, unless
        the form holds edits (then Load example replaces them on purpose)."""
        if not self.example.value:
            return
        if self._current_or_none() != self._untouched:
            self._say("You have changed the position: press Load example to replace it with "
                      f"{self.example.value}.", "info")
            return
        self._load_example()

    def _load_example(self) -> None:
        name = self.example.value
        if not name:
            raise ScenarioError("choose a worked example in the list first", field="example")
        self.set_scenario(seed_scenario(name))
        self.file_name.value = ""
        self._clear_results()
        self._say(f"Loaded the worked example {name}: {self.title.value}", "ok")

    def _target_path(self) -> Path:
        folder = Path(self.folder.value).expanduser()
        typed = self.file_name.value
        name = checked_file_name(typed) if typed.strip() else scenario_file_name(self.title.value)
        return folder / name

    def _save(self) -> None:
        scenario = self._checked_scenario()
        path = self._target_path()
        if os.path.lexists(path) and not self.overwrite.value:
            raise ScenarioError(
                "a file with this name exists; tick Overwrite or choose another name", file=str(path)
            )
        _refuse_packaged_datasets(path)  # before mkdir: never create folders in datasets/
        path.parent.mkdir(parents=True, exist_ok=True)
        written = save_scenario(scenario, path, overwrite=bool(self.overwrite.value))
        self._refresh_saved_files()
        self.saved_files.value = written.name
        self._untouched = self._current_or_none()
        self._say(f"Saved {written}", "ok")

    def _load(self) -> None:
        name = self.saved_files.value
        if not name:
            raise ScenarioError("no saved scenario chosen", field="saved", file=self.folder.value)
        path = Path(self.folder.value).expanduser() / name
        scenario = load_scenario(path)  # raises before anything in the form changes
        self.set_scenario(scenario)
        self.file_name.value = name
        self._clear_results()
        self._say(f"Loaded {path}", "ok")

    def _refresh_saved_files(self) -> None:
        kept = self.saved_files.value
        files = list_scenario_files(Path(self.folder.value).expanduser())
        self.saved_files.options = files
        self.saved_files.value = kept if kept in files else (files[0] if files else None)

    # ------------------------------------------------------------------
    # Running
    # ------------------------------------------------------------------

    def _clear_results(self) -> None:
        self.result = None
        self.view = None
        self._trace_rows = []
        self._trace_positions = []
        self._reset_feedback()

    def _start_progress(self, label: str) -> runs.ProgressReport:
        """Show the progress bar; the returned callable moves it (done, total)."""
        self.progress.value = 0
        self.progress.max = 1
        self.progress.description = label
        self.progress.layout.visibility = "visible"

        def advance(done: int, total: int) -> None:
            self.progress.max = max(total, 1)
            self.progress.value = min(done, self.progress.max)

        return advance

    def _rules_text(self, scenario: Scenario) -> str:
        return runs.rules_label(scenario)

    def _resolve(self) -> None:
        scenario = self._checked_scenario()
        self._clear_results()
        self._say(f"Resolving under {self._rules_text(scenario)} …", "busy")
        resolution = runs.resolve_scenario(scenario, self.policy.value)
        self.result = resolution.result
        self.view = resolution
        self._trace_rows = resolution.rows
        self._trace_positions = resolution.positions
        self._show(
            runs.HtmlBlock(resolution.summary_html),
            runs.HtmlBlock(resolution.trace_html),
        )
        self.step.max = max(len(self._trace_rows) - 1, 0)
        self.step.disabled = not self._trace_rows
        self.step.value = self.step.max
        self._show_step()
        self._say(
            f"Resolved under {self._rules_text(scenario)}: {len(resolution.result.steps)} steps. {resolution.headline}",
            "ok",
        )

    def _show_step(self) -> None:
        if not self._trace_rows:
            self.step_view.value = ""
            return
        index = min(self.step.value, len(self._trace_rows) - 1)
        self.step_view.value = runs.step_html(self._trace_rows[index], self._trace_positions[index])

    def _explore(self) -> None:
        scenario = self._checked_scenario()
        self._clear_results()
        self._say(f"Exploring every line under {self._rules_text(scenario)} …", "busy")
        advance = self._start_progress("Exploring")
        exploration = runs.explore_scenario(scenario, progress=advance)
        self.result = exploration.result
        self.view = exploration
        self._show(
            runs.HtmlBlock(exploration.summary_html),
            runs.HtmlBlock(runs.table_html(exploration.table, "endphase-outcomes")),
        )
        self._say(exploration.headline, "ok")

    def _sweep(self) -> None:
        scenario = self._checked_scenario()
        dates = runs.sweep_dates()
        self._clear_results()
        advance = self._start_progress("Dates")
        self._say(f"Resolving on {len(dates)} dates …", "busy")
        sweep = runs.sweep_scenario(scenario, self.policy.value, dates, progress=advance)
        self.result = sweep
        self.view = sweep
        self._show(
            runs.HtmlBlock(sweep.summary_html),
            runs.HtmlBlock(runs.table_html(sweep.table, "endphase-sweep-table")),
        )
        self._say(sweep.headline, "ok")


def _refuse_packaged_datasets(path: Path) -> None:
    from toolkit.resources import dataset_root

    datasets = Path(str(dataset_root())).resolve()
    target = path.expanduser().resolve()
    if target == datasets or datasets in target.parents:
        raise ScenarioError(
            "refusing to write into the packaged datasets folder; choose a folder of your own",
            file=str(target),
        )
