"""What the toolkit's widget panels share: a status line, an output area
written from Python (so nbval sees it), guarded actions and notebook display.

A panel class sets ``status`` (an HTML widget), ``output`` (an Output
widget), ``widget`` (its whole layout) and ``last_error``; a subclass may
override :meth:`RunPanel._after_action` (e.g. to hide a progress bar).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.widgets.messages import StatusKind, error_html, status_html

__all__ = ["RunPanel"]


class RunPanel:
    """Mixin: feedback and display for a panel of widgets."""

    status: Any
    output: Any
    step: Any
    step_view: Any
    widget: Any
    last_error: BaseException | None

    def _build_feedback(self, w: Any, hint: str) -> None:
        """The status line (showing ``hint``), the output area, the step slider
        over a resolved line and the view of the chosen step."""
        self.status = w.HTML(value=status_html(hint, "info"))
        self.status.add_class("endphase-status-line")
        self.output = w.Output()
        self.output.add_class("endphase-output")
        self.step = w.IntSlider(value=0, min=0, max=0, description="Step", disabled=True, continuous_update=True)
        self.step.add_class("endphase-step")
        self.step_view = w.HTML(value="")
        self.step_view.add_class("endphase-step-view")
        self.step.observe(lambda _c: self._show_step(), names="value")

    def _show_step(self) -> None:
        """Show the step the slider points at (the panel says how)."""

    def _reset_feedback(self) -> None:
        """Empty the output area, the slider and the step view."""
        self.output.outputs = ()
        self.step.value = 0
        self.step.min = 0
        self.step.max = 0
        self.step.disabled = True
        self.step_view.value = ""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = repr(self)
        return bundle

    def _say(self, message: str, kind: StatusKind = "info") -> None:
        self.status.value = status_html(message, kind)

    def _after_action(self) -> None:
        """Called once an action has run, whatever its end."""

    def _guarded(self, what: str, action: Callable[[], None]) -> None:
        """Run an action; any error becomes the status line (kept on ``last_error``), never a traceback."""
        self.last_error = None
        try:
            action()
        except KeyboardInterrupt as exc:
            self.last_error = exc
            self._say(f"{what} interrupted; nothing was changed", "error")
        except Exception as exc:  # noqa: BLE001 - shown to the reader, kept on last_error
            self.last_error = exc
            self.status.value = error_html(exc)
        finally:
            self._after_action()

    def _show(self, *items: Any) -> None:
        """Replace what the output widget shows (written from Python, not captured)."""
        self.output.outputs = ()
        for item in items:
            self.output.append_display_data(item)
