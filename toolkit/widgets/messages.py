"""Status lines for the builder: short HTML, escaped, one style per kind.

The builder never lets a traceback reach the reader: a toolkit error becomes
an error line naming the field and file, anything else an "unexpected error"
line with the exception type.

>>> print(status_html("Saved horus.yaml", "ok"))
<div class="endphase-status endphase-status-ok" style="color:#1b5e20">✔ Saved horus.yaml</div>
>>> from toolkit.errors import ScenarioError
>>> print(error_html(ScenarioError("unknown card 'X'", field="players.A.hand[0]")))
<div class="endphase-status endphase-status-error" style="color:#b00020">✘ field &#x27;players.A.hand[0]&#x27;: unknown card &#x27;X&#x27;</div>
"""

from __future__ import annotations

import html
from typing import Literal

from toolkit.errors import ToolkitError

StatusKind = Literal["ok", "info", "error", "busy"]

_STYLE: dict[str, tuple[str, str]] = {
    "ok": ("#1b5e20", "✔"),
    "info": ("#37474f", "ℹ"),
    "busy": ("#37474f", "…"),
    "error": ("#b00020", "✘"),
}


def status_html(message: str, kind: StatusKind = "info") -> str:
    """One status line; ``message`` is plain text (it is escaped here)."""
    colour, mark = _STYLE[kind]
    return (
        f'<div class="endphase-status endphase-status-{kind}" style="color:{colour}">'
        f"{mark} {html.escape(message)}</div>"
    )


def error_message(exc: BaseException) -> str:
    """Plain text for an exception: the toolkit's own message, else type + text."""
    if isinstance(exc, ToolkitError):
        return str(exc)
    return f"unexpected {type(exc).__name__}: {exc}"


def error_html(exc: BaseException) -> str:
    """An error status line for ``exc``."""
    return status_html(error_message(exc), "error")
