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
problem becomes a line beside the control that caused it instead of a
traceback.

Changing the position marks the shown result stale; a changed worked
example no longer claims the example's description and ruling ids:

>>> b.life["B"].value = 4000
>>> b.result_is_stale, b.scenario.title, b.scenario.rulings
(True, 'Based on: Horus LV6 levels up despite Effect Veiler (2011 rules)', ())
"""

from __future__ import annotations

import functools
import html
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from toolkit.errors import ScenarioError, ToolkitError
from toolkit.ocg.scenario import Scenario, load_scenario, save_scenario, seed_scenario
from toolkit.widgets import runs
from toolkit.widgets.card_search import CardCatalogue
from toolkit.widgets.catalogue import default_catalogue, default_examples, default_rulesets
from toolkit.widgets.files import checked_file_name, default_user_folder, list_scenario_files, scenario_file_name
from toolkit.widgets.form import ScenarioForm, button, description_html, row
from toolkit.widgets.messages import error_html, status_html
from toolkit.widgets.origin import Origin, based_on_description, based_on_title, identity, is_edited, position_of
from toolkit.widgets.outcomes import OutcomePanel
from toolkit.widgets.panel import RunPanel
from toolkit.widgets.replacing import Replacing

__all__ = ["CHOOSE_EXAMPLE", "STALE_MESSAGE", "ScenarioBuilder"]

CHOOSE_EXAMPLE = "(choose a worked example)"
"""The example dropdown's first line: choosing it does nothing."""

STALE_MESSAGE = ("This result is for the position before your last edit: "
                 "press Resolve, Explore or Every rules date again for this one.")
"""The line above a result whose position has changed since it was computed."""


class ScenarioBuilder(ScenarioForm, RunPanel, Replacing, OutcomePanel):
    """An ipywidgets scenario builder; display it in a notebook cell.

    Editing widgets (from :class:`~toolkit.widgets.form.ScenarioForm`):
    ``title``, ``description`` (with ``keep_rulings``), ``date``, ``ruleset``,
    ``turn_player``, ``zones[player][zone]`` (zone: hand, field, graveyard,
    banished, deck), ``life[player]``, ``deck_filler[player]``,
    ``card_search`` / ``card_matches`` / ``add_to`` / ``add_card``,
    ``detail_card`` / ``detail_position`` / ``detail_tags``, ``lingering_*``.

    Starting points: ``example`` (dropdown of the shipped worked examples,
    listed by title) and ``load_example``; ``new`` (the empty position);
    ``load`` (a file of yours). Each takes the title, description and ruling
    ids of what it loads. Over unsaved edits they ask first: ``confirm`` (a
    row "Replace your unsaved position?" with ``replace`` and ``cancel``;
    ``asking`` says whether it waits); ``undo`` brings back the position the last of them replaced. Once a
    worked example's position is changed, the scenario is "based on" it and
    drops its ruling ids unless ``keep_rulings`` is ticked.

    Running: ``policy``, ``resolve``, ``explore``, ``sweep`` (every date where
    the rules changed), ``progress``; ``step`` (a slider over the trace, shown
    only with one; it highlights its trace row, ``highlighted_row``) and
    ``step_view`` (the position at that step and the reason).  After Explore:
    the summary and a page of outcomes in ``output``, and ``outcome_bar``
    (:class:`~toolkit.widgets.outcomes.OutcomePanel`: ``outcome_previous``,
    ``outcome_next``, ``outcome`` — the outcome whose example line the slider walks).
    Files: ``folder``, ``file_name``, ``overwrite``, ``save``, ``saved_files``,
    ``refresh_files``, ``load``.

    Feedback, each line beside the controls it speaks of and emptied when the
    position changes: ``example_status`` (Example, New, Undo), ``card_message``
    (Add card), ``lingering_message`` (Add effect), ``status`` (the Run
    buttons), ``save_status``, ``load_status``. ``output`` (tables),
    ``result`` (the engine's last Resolution or Exploration, or the SweepView
    of a sweep; None after a failed run), ``view`` (what is shown of it:
    ``runs.ResolveView`` / ``ExploreView`` / ``SweepView``, each with a
    ``table``), ``result_is_stale`` and ``stale`` (the line saying the result
    is for the position before the last edit), ``last_error``.
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
        self._ready = False
        """False while the widgets are being built: edits are not reported yet."""
        self._origin = Origin("new")
        self._example_name = ""
        """The worked example the form was last filled from ("" for none)."""
        self._based_on_shown = False
        super().__init__(
            catalogue if catalogue is not None else default_catalogue(),
            rulesets if rulesets is not None else default_rulesets(),
        )
        self.result: Any = None
        self.view: runs.ResolveView | runs.ExploreView | runs.SweepView | None = None
        self.last_error: BaseException | None = None
        self.result_is_stale = False
        self._ran_on: tuple[Scenario | None, str | None] | None = None
        """The position (and policy) the shown result was computed for."""
        self._trace_positions: list[str] = []
        self._trace_rows: list[dict[str, Any]] = []
        self._pending: tuple[Callable[[], None], Any, Any] | None = None
        """A replacement waiting for the reader's Replace: (apply, status line, confirm slot)."""
        self._undo_state: dict[str, Any] | None = None

        example_names = list(examples if examples is not None else default_examples())
        self.example = w.Dropdown(
            options=[(CHOOSE_EXAMPLE, "")] + [(_example_title(name), name) for name in example_names],
            value="",
            description="Example",
            layout=w.Layout(width="32em"),
        )
        self.example.add_class("endphase-example")
        self.load_example = button("Load example", "folder-open", disabled=True)
        self.load_example.add_class("endphase-load-example")
        self.new = button("New", "file", tooltip="start from an empty position")
        self.new.add_class("endphase-new")
        self.undo = button("Undo", "undo", disabled=True,
                           tooltip="bring back the position the last Load or New replaced")
        self.undo.add_class("endphase-undo")
        self.example_status = w.HTML(value="")
        self.example_status.add_class("endphase-example-status")
        self.confirm_text = w.HTML(value="")
        self.replace = button("Replace", "check", button_style="warning")
        self.replace.add_class("endphase-replace")
        self.cancel = button("Cancel", "times")
        self.cancel.add_class("endphase-cancel")
        self.confirm = row(self.confirm_text, self.replace, self.cancel)
        self.confirm.add_class("endphase-confirm")
        self._confirm_slots = {"example": w.Box([]), "load": w.Box([])}
        self.keep_rulings = w.Checkbox(value=False, description="Keep the example's ruling ids", indent=False,
                                       layout=w.Layout(display="none", width="auto"))
        self.keep_rulings.add_class("endphase-keep-rulings")

        self.policy = w.Dropdown(
            options=[(label, key) for key, label in runs.POLICY_LABELS.items()],
            value=runs.DEFAULT_POLICY,
            description="Players",
            layout=w.Layout(width="32em"),
        )
        self.resolve = button("Resolve", "play", button_style="primary")
        self.resolve.add_class("endphase-resolve")
        self.explore = button("Explore", "sitemap")
        self.explore.add_class("endphase-explore")
        self.sweep = button("Every rules date", "calendar")
        self.sweep.add_class("endphase-sweep")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="", layout=w.Layout(visibility="hidden"))
        self.stale = w.HTML(value="")
        self.stale.add_class("endphase-stale-note")

        self.folder = w.Text(
            value=str(folder if folder is not None else default_user_folder()),
            description="Folder",
            layout=w.Layout(width="40em"),
        )
        self.file_name = w.Text(value="", placeholder="name.yaml (default: from the title)", description="File")
        self.file_name.add_class("endphase-file-name")
        self.overwrite = w.Checkbox(value=False, description="Overwrite", indent=False,
                                    layout=w.Layout(width="auto"))
        self.save = button("Save", "save")
        self.save.add_class("endphase-save")
        self.save_status = w.HTML(value="")
        self.save_status.add_class("endphase-save-status")
        self.saved_files = w.Dropdown(options=[], description="Saved")
        self.saved_files.add_class("endphase-saved-files")
        self.load = button("Load", "upload")
        self.load.add_class("endphase-load")
        self.refresh_files = w.Button(description="", icon="refresh", tooltip="list the folder again",
                                      layout=w.Layout(width="3em", flex="0 0 auto"))
        self.load_status = w.HTML(value="")
        self.load_status.add_class("endphase-load-status")

        self._build_feedback(w, "")
        self.example_status.value = status_html("Choose a worked example, or build a position from New.", "info")
        self._build_outcome_bar(w)

        self.load_example.on_click(lambda _b: self._guarded("load example", self._load_example, self.example_status))
        self.example.observe(lambda _c: self._guarded("load example", self._example_chosen, self.example_status),
                             names="value")
        self.new.on_click(lambda _b: self._guarded("new", self._new, self.example_status))
        self.undo.on_click(lambda _b: self._guarded("undo", self._undo, self.example_status))
        self.replace.on_click(lambda _b: self._guarded("replace", self._confirm_replace, self._pending_status()))
        self.cancel.on_click(lambda _b: self._guarded("cancel", self._cancel_replace, self._pending_status()))
        self.keep_rulings.observe(lambda _c: self._user_edit(), names="value")
        self.resolve.on_click(lambda _b: self._run("resolve", self._resolve))
        self.explore.on_click(lambda _b: self._run("explore", self._explore))
        self.sweep.on_click(lambda _b: self._run("sweep", self._sweep))
        self.policy.observe(lambda _c: self._refresh_stale(), names="value")
        self.save.on_click(lambda _b: self._guarded("save", self._save, self.save_status))
        self.load.on_click(lambda _b: self._guarded("load", self._load, self.load_status))
        self.folder.observe(lambda _c: self._refresh_saved_files(), names="value")
        self.refresh_files.on_click(lambda _b: self._refresh_saved_files())
        self._refresh_saved_files()

        self.widget = self._layout()
        self._untouched: Scenario | None = self._current_or_none()
        """What the form held when last loaded, set or saved: Load and New ask
        before replacing anything else."""
        self._ready = True
        if scenario is not None:
            self.set_scenario(scenario)
        elif example:
            self.example.value = example

    # ------------------------------------------------------------------
    # Display
    # ------------------------------------------------------------------

    def _layout(self) -> w.Widget:
        examples = w.VBox(
            [
                row(self.example, self.load_example, self.new, self.undo),
                self._confirm_slots["example"],
                self.example_status,
            ]
        )
        files = w.VBox(
            [
                row(self.folder),
                row(self.file_name, self.overwrite, self.save),
                self.save_status,
                row(self.saved_files, self.refresh_files, self.load),
                self._confirm_slots["load"],
                self.load_status,
            ]
        )
        box = w.VBox(
            [
                w.HTML(_style(self.scope)),
                w.HTML("<h3>End Phase scenario builder</h3>"),
                examples,
                self.form_widget(),
                w.HTML("<b>Run</b>"),
                row(self.policy, self.resolve, self.explore, self.sweep),
                self.progress,
                self.status,
                self.stale,
                self.output,
                self.outcome_bar,
                self.step_style,
                self.step,
                self.step_view,
                w.HTML("<b>Save / load</b> (your own folder; the shipped examples are never changed)"),
                files,
            ],
            layout=w.Layout(max_width="100%"),
        )
        box.add_class("endphase-builder")
        return box

    def _identity_widgets(self) -> list[w.Widget]:
        return [self.keep_rulings]

    def __repr__(self) -> str:
        return f"ScenarioBuilder({self.title.value!r})"

    # ------------------------------------------------------------------
    # Feedback
    # ------------------------------------------------------------------

    def _report_form_error(self, exc: ScenarioError, where: Any = None) -> None:
        self.last_error = exc
        (where if where is not None else self.status).value = error_html(exc)

    def _after_action(self) -> None:
        self.progress.layout.visibility = "hidden"

    def _clear_messages(self) -> None:
        for line in (self.example_status, self.card_message, self.lingering_message, self.detail_message, self.status,
                     self.save_status, self.load_status):
            line.value = ""

    def _edited(self) -> None:
        """After every edit: the identity follows, old messages go, old results are marked."""
        if not self._ready:
            return
        self._refresh_identity()
        self._clear_messages()
        self._refresh_stale()

    def _checked_scenario(self) -> Scenario:
        return self.scenario.validate()

    # ------------------------------------------------------------------
    # What the position is, and where it came from
    # ------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        """The scenario the widgets describe, with the description and ruling
        ids it may claim (see :mod:`toolkit.widgets.origin`)."""
        return identity(super().scenario, self._origin, keep_rulings=bool(self.keep_rulings.value))

    def _built_or_none(self) -> Scenario | None:
        try:
            return super().scenario
        except ToolkitError:
            return None

    def _current_or_none(self) -> Scenario | None:
        try:
            return self.scenario
        except ToolkitError:
            return None

    def _refresh_identity(self) -> None:
        """Mark a changed example "based on" it (title, description, ruling ids), or unmark it."""
        origin = self._origin
        edited = is_edited(self._built_or_none(), origin)
        based = based_on_title(origin.title)
        self._syncing = True
        try:
            if edited and not self._based_on_shown and self.title.value == origin.title:
                self.title.value = based
            elif not edited and self._based_on_shown and self.title.value == based:
                self.title.value = origin.title
        finally:
            self._syncing = False
        self._based_on_shown = edited
        self.keep_rulings.layout.display = None if edited and origin.rulings else "none"
        if not edited:
            self.description.value = description_html(origin.description, origin.rulings)
            return
        text = html.escape(based_on_description(origin.title))
        if origin.rulings:
            ids = ", ".join(f"<code>{html.escape(r)}</code>" for r in origin.rulings)
            text += (f"<br>The example's ruling ids ({ids}) are kept: tick off to drop them."
                     if self.keep_rulings.value else
                     f"<br>The example's ruling ids ({ids}) speak of its position, not yours: they are "
                     "dropped unless you keep them.")
        self.description.value = text

    def set_scenario(self, scenario: Scenario) -> None:
        super().set_scenario(scenario)
        self._origin = Origin.of("given", scenario)
        self._syncing = True
        try:
            self.keep_rulings.value = False
        finally:
            self._syncing = False
        self._based_on_shown = False
        self._untouched = self._current_or_none()
        self._refresh_identity()

    def has_unsaved_edits(self) -> bool:
        """Whether the form differs from what was last loaded, started or saved."""
        return self._current_or_none() != self._untouched

    # ------------------------------------------------------------------
    # Files
    # ------------------------------------------------------------------

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
        self._offer(scenario, Origin.of("file", scenario), f"Loaded {path}", name, "load", example="")

    def _refresh_saved_files(self) -> None:
        kept = self.saved_files.value
        files = list_scenario_files(Path(self.folder.value).expanduser())
        self.saved_files.options = files
        self.saved_files.value = kept if kept in files else (files[0] if files else None)

    # ------------------------------------------------------------------
    # Running
    # ------------------------------------------------------------------

    def _run(self, what: str, action: Callable[[], None]) -> None:
        """Run a Run button's action; the old result goes first, so a failed
        run never leaves the previous answer under its error."""
        self._clear_results()
        self._guarded(what, action, self.status)

    def _clear_results(self) -> None:
        self.result = None
        self.view = None
        self._ran_on = None
        self._trace_rows = []
        self._trace_positions = []
        self._reset_feedback()
        self._hide_outcomes()
        self._refresh_stale()

    def _ran(self, scenario: Scenario, policy: str | None) -> None:
        """Remember which position (and policy) the shown result answers."""
        self._ran_on = (position_of(scenario), policy)
        self._refresh_stale()

    def _refresh_stale(self) -> None:
        """Mark the shown result stale when the position (or policy) it answers has changed."""
        stale = False
        if self.result is not None and self._ran_on is not None:
            position, policy = self._ran_on
            built = self._built_or_none()
            now = position_of(built) if built is not None else None
            stale = now != position or (policy is not None and policy != self.policy.value)
        self.result_is_stale = stale
        if stale:
            self.stale.value = status_html(STALE_MESSAGE, "info")
            self.output.add_class("endphase-stale")
        else:
            self.stale.value = ""
            self.output.remove_class("endphase-stale")

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
        last = max(len(self._trace_rows) - 1, 0)
        self._show_slider(0, last, last)
        self._show_step()
        self._ran(scenario, self.policy.value)
        self._say(
            f"Resolved under {self._rules_text(scenario)}: {len(resolution.result.steps)} steps. {resolution.headline}",
            "ok",
        )

    def _show_step(self) -> None:
        if not self._trace_rows:
            self.step_view.value = ""
            self._highlight_row(None)
            return
        index = min(self.step.value, len(self._trace_rows) - 1)
        self.step_view.value = runs.step_html(self._trace_rows[index], self._trace_positions[index])
        # row 0 is the starting position (no trace row); step i is the trace's row i - 1
        self._highlight_row(index - 1 if index > 0 else None)

    def _explore(self) -> None:
        scenario = self._checked_scenario()
        self._say(f"Exploring every line under {self._rules_text(scenario)} …", "busy")
        advance = self._start_progress("Exploring")
        exploration = runs.explore_scenario(scenario, progress=advance)
        self.result = exploration.result
        self.view = exploration
        self._show_exploration(exploration.shown, self._rules_text(scenario))
        self._ran(scenario, None)
        self._say(exploration.headline, "ok")

    def _show_line(self, rows: list[dict[str, Any]], positions: list[str]) -> None:
        """An outcome's example line under the step slider, as Resolve's."""
        self._trace_rows = rows
        self._trace_positions = positions
        last = max(len(rows) - 1, 0)
        self._show_slider(0, last, last)
        self.step.disabled = len(rows) <= 1
        self._show_step()

    def _sweep(self) -> None:
        scenario = self._checked_scenario()
        dates = runs.sweep_dates(scenario)
        advance = self._start_progress("Dates")
        self._say(f"Resolving on {len(dates)} dates …", "busy")
        sweep = runs.sweep_scenario(scenario, self.policy.value, dates, progress=advance)
        self.result = sweep
        self.view = sweep
        self._show(
            runs.HtmlBlock(sweep.summary_html),
            runs.HtmlBlock(runs.table_html(sweep.shown, "endphase-sweep-table")),
        )
        self._ran(scenario, self.policy.value)
        self._say(sweep.headline, "ok")


@functools.lru_cache(maxsize=None)
def _example_title(name: str) -> str:
    """How the example dropdown lists a worked example: by its title (the
    packaged files do not change while the process runs: read once)."""
    try:
        return seed_scenario(name).title
    except ToolkitError:
        return name  # loading it reports the problem beside the dropdown


def _style(scope: str) -> str:
    """The builder's own styles, scoped to its output area."""
    return (
        "<style>"
        f".{scope} table.endphase-table {{ width: 100%; border-collapse: collapse; }}"
        f".{scope} table.endphase-table td {{ white-space: normal; overflow-wrap: anywhere; }}"
        f".{scope}.endphase-stale {{ opacity: 0.45; }}"
        "</style>"
    )


def _refuse_packaged_datasets(path: Path) -> None:
    from toolkit.resources import dataset_root

    datasets = Path(str(dataset_root())).resolve()
    target = path.expanduser().resolve()
    if target == datasets or datasets in target.parents:
        raise ScenarioError(
            "refusing to write into the packaged datasets folder; choose a folder of your own",
            file=str(target),
        )
