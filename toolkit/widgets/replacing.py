"""Replacing the builder's position: a worked example, New, or a file.

Each of them fills the form with what it loads, title, description and
ruling ids included. Over unsaved edits they ask first (the ``confirm`` row:
"Replace your unsaved position?" Replace / Cancel), and ``undo`` brings back,
once, the position the last of them replaced — even one that was not yet a
valid scenario (the form's raw state is kept, not a Scenario).

:class:`Replacing` is a mixin of :class:`~toolkit.widgets.builder.ScenarioBuilder`:
it owns the flow; the builder owns the widgets it names below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.errors import ScenarioError
from toolkit.ocg.scenario import Scenario, seed_scenario
from toolkit.widgets.form import EMPTY_TITLE
from toolkit.widgets.messages import StatusKind, status_html
from toolkit.widgets.origin import Origin

__all__ = ["REPLACE_QUESTION", "Replacing"]

REPLACE_QUESTION = "Replace your unsaved position?"


class Replacing:
    """Mixin: Load example / New / Load over unsaved edits, confirm, one Undo."""

    # set by the builder
    example: Any
    load_example: Any
    undo: Any
    confirm: Any
    confirm_text: Any
    file_name: Any
    keep_rulings: Any
    example_status: Any
    _confirm_slots: dict[str, Any]
    _pending: tuple[Callable[[], None], Any, Any] | None
    _undo_state: dict[str, Any] | None
    _origin: Origin
    _example_name: str
    _untouched: Scenario | None
    _based_on_shown: bool
    _syncing: bool
    _speaking_to: Any

    title: Any

    if TYPE_CHECKING:  # provided by the form, the panel and the builder
        def form_state(self) -> dict[str, Any]: ...
        def restore_form_state(self, state: dict[str, Any]) -> None: ...
        def set_scenario(self, scenario: Scenario) -> None: ...
        def has_unsaved_edits(self) -> bool: ...
        def _current_or_none(self) -> Scenario | None: ...
        def _clear_results(self) -> None: ...
        def _clear_messages(self) -> None: ...
        def _refresh_identity(self) -> None: ...
        def _say(self, message: str, kind: StatusKind = "info", where: Any = None) -> None: ...

    @property
    def asking(self) -> bool:
        """Whether the ``confirm`` row is waiting for Replace or Cancel."""
        return self._pending is not None

    def _example_chosen(self) -> None:
        """Choosing an example loads it (asking first over unsaved edits);
        the "(choose a worked example)" line does nothing."""
        self.load_example.disabled = not self.example.value
        if self._syncing or not self.example.value:
            return
        self._load_example()

    def _load_example(self) -> None:
        name = self.example.value
        if not name:
            raise ScenarioError("choose a worked example in the list first", field="example")
        scenario = seed_scenario(name)
        self._offer(scenario, Origin.of_example(scenario), f"Loaded the worked example “{scenario.title}”.",
                    "", "example", example=name)

    def _new(self) -> None:
        empty = Scenario(title=EMPTY_TITLE, turn_player="A", players={})
        self._offer(empty, Origin.of("new", empty), "Started a new, empty position.", "", "example", example="")

    def _offer(self, scenario: Scenario, origin: Origin, message: str, file_name: str, slot: str,
               example: str | None = None) -> None:
        """Replace the position with ``scenario`` now, or ask first over unsaved edits."""
        status = self._speaking_to

        def apply() -> None:
            self._replace_with(scenario, origin, message, file_name, example)

        if not self.has_unsaved_edits():
            apply()
            return
        self._hide_confirm()
        self._pending = (apply, status, self._confirm_slots[slot])
        self.confirm_text.value = status_html(REPLACE_QUESTION, "info")
        self._confirm_slots[slot].children = [self.confirm]

    def _pending_status(self) -> Any:
        return self._pending[1] if self._pending is not None else self.example_status

    def _hide_confirm(self) -> None:
        self._pending = None
        for slot in self._confirm_slots.values():
            slot.children = []

    def _confirm_replace(self) -> None:
        if self._pending is None:
            raise ScenarioError("nothing is waiting to replace your position", field="replace")
        apply = self._pending[0]
        self._hide_confirm()
        apply()

    def _cancel_replace(self) -> None:
        self._hide_confirm()
        self._show_example_choice(self._origin_example)
        self._say("Kept your position; nothing was loaded.", "info")

    @property
    def _origin_example(self) -> str:
        """The example dropdown's value for what the form was filled from."""
        return self._example_name if self._origin.kind == "example" else ""

    def _show_example_choice(self, name: str) -> None:
        self._syncing = True
        try:
            self.example.value = name
        finally:
            self._syncing = False
        self.load_example.disabled = not name

    def _snapshot(self) -> dict[str, Any]:
        return {
            "form": self.form_state(), "origin": self._origin, "untouched": self._untouched,
            "file_name": self.file_name.value, "keep_rulings": bool(self.keep_rulings.value),
            "example": self._origin_example, "based_on_shown": self._based_on_shown,
        }

    def _restore(self, state: dict[str, Any]) -> None:
        self.restore_form_state(state["form"])
        self._origin = state["origin"]
        self._example_name = state["example"]
        self._untouched = state["untouched"]
        self._based_on_shown = state["based_on_shown"]
        self._syncing = True
        try:
            self.file_name.value = state["file_name"]
            self.keep_rulings.value = state["keep_rulings"]
        finally:
            self._syncing = False
        self._show_example_choice(state["example"])

    def _replace_with(self, scenario: Scenario, origin: Origin, message: str, file_name: str,
                      example: str | None) -> None:
        self._undo_state = self._snapshot()
        self.set_scenario(scenario)
        self._origin = origin
        if example is not None:
            self._example_name = example
            self._show_example_choice(example)
        self.file_name.value = file_name
        self._untouched = self._current_or_none()
        self._clear_results()
        self._refresh_identity()
        self.undo.disabled = False
        self._clear_messages()
        self._say(message, "ok")

    def _undo(self) -> None:
        state = self._undo_state
        if state is None:
            raise ScenarioError("nothing to undo: no Load or New has replaced a position yet", field="undo")
        self._undo_state = None
        self.undo.disabled = True
        self._hide_confirm()
        self._restore(state)
        self._clear_results()
        self._refresh_identity()
        self._clear_messages()
        self._say(f"Undone: “{self.title.value}” is back as it was.", "ok")
