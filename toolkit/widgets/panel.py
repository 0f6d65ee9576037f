"""What the toolkit's widget panels share: status lines, an output area
written from Python (so nbval sees it), guarded actions, the step slider over
a trace and notebook display.

A panel class sets ``status`` (an HTML widget), ``output`` (an Output
widget), ``widget`` (its whole layout) and ``last_error``; a subclass may
override :meth:`RunPanel._after_action` (e.g. to hide a progress bar).

Each action says where its message goes (:meth:`RunPanel._guarded`'s
``where``: the status line beside the control that caused it); the step
slider is shown only while a trace is, and highlights the trace row it points
at by row index (:meth:`RunPanel._highlight_row`), whatever the row shows.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from toolkit.widgets.messages import StatusKind, error_html, status_html

__all__ = ["HIGHLIGHT_COLOUR", "RunPanel"]

HIGHLIGHT_COLOUR = "#fff3c4"
"""The background of the trace row the step slider points at."""

_SCOPES = itertools.count(1)
"""Numbers the panels of one kernel, so one panel's styles never touch another's."""


class RunPanel:
    """Mixin: feedback and display for a panel of widgets."""

    status: Any
    output: Any
    step: Any
    step_view: Any
    step_style: Any
    widget: Any
    last_error: BaseException | None
    highlighted_row: int | None
    """The 0-based index of the trace row the slider highlights (None: none)."""

    def _build_feedback(self, w: Any, hint: str) -> None:
        """The status line (showing ``hint``), the output area, the step slider
        over a resolved line (hidden until there is one) and the view of the
        chosen step."""
        self.scope = f"endphase-panel-{next(_SCOPES)}"
        self._speaking_to: Any = None
        self.highlighted_row = None
        self.status = w.HTML(value=status_html(hint, "info") if hint else "")
        self.status.add_class("endphase-status-line")
        self.output = w.Output(layout=w.Layout(width="100%", overflow="auto"))
        self.output.add_class("endphase-output")
        self.output.add_class(self.scope)
        self.step = w.IntSlider(
            value=0, min=0, max=0, description="Step", disabled=True, continuous_update=True,
            layout=w.Layout(width="100%", display="none"),
        )
        self.step.add_class("endphase-step")
        self.step_view = w.HTML(value="")
        self.step_view.add_class("endphase-step-view")
        self.step_style = w.HTML(value="", layout=w.Layout(height="0px", margin="0px"))
        self.step_style.add_class("endphase-step-style")
        self.step.observe(lambda _c: self._show_step(), names="value")

    def _show_step(self) -> None:
        """Show the step the slider points at (the panel says how)."""

    def _show_slider(self, low: int, high: int, value: int) -> None:
        """Show the step slider over ``low`` … ``high`` at ``value``."""
        self.step.min = 0
        self.step.max = high
        self.step.min = low
        self.step.value = value
        self.step.disabled = False
        self.step.layout.display = None

    def _highlight_row(self, index: int | None) -> None:
        """Highlight row ``index`` (0-based) of the trace table in ``output``."""
        self.highlighted_row = index
        if index is None:
            self.step_style.value = ""
            return
        self.step_style.value = (
            f"<style>.{self.scope} .endphase-trace > tbody > tr:nth-child({index + 1}) > td"
            f" {{ background: {HIGHLIGHT_COLOUR}; }}</style>"
        )

    def _reset_feedback(self) -> None:
        """Empty the output area; hide the slider; empty the step view."""
        self.output.outputs = ()
        self.step.value = 0
        self.step.min = 0
        self.step.max = 0
        self.step.disabled = True
        self.step.layout.display = "none"
        self.step_view.value = ""
        self._highlight_row(None)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = repr(self)
        return bundle

    def _say(self, message: str, kind: StatusKind = "info", where: Any = None) -> None:
        """Show ``message`` beside the control acting now (or in ``where``)."""
        target = where if where is not None else (self._speaking_to or self.status)
        target.value = status_html(message, kind)

    def _after_action(self) -> None:
        """Called once an action has run, whatever its end."""

    def _guarded(self, what: str, action: Callable[[], None], where: Any = None) -> None:
        """Run an action; any error becomes a status line (kept on ``last_error``), never a traceback.

        ``where`` is the status line beside the control that started the
        action (default: ``status``); the action's own messages go there too.
        """
        self.last_error = None
        target = where if where is not None else self.status
        previous, self._speaking_to = self._speaking_to, target
        try:
            action()
        except KeyboardInterrupt as exc:
            self.last_error = exc
            self._say(f"{what} interrupted; nothing was changed", "error", target)
        except Exception as exc:  # noqa: BLE001 - shown to the reader, kept on last_error
            self.last_error = exc
            target.value = error_html(exc)
        finally:
            self._speaking_to = previous
            self._after_action()

    def _show(self, *items: Any) -> None:
        """Replace what the output widget shows (written from Python, not captured)."""
        self.output.outputs = ()
        for item in items:
            self.output.append_display_data(item)
