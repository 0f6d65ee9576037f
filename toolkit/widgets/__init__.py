"""Notebook widgets (ipywidgets): the scenario builder.

``import toolkit`` does not import this package; ipywidgets is imported only
when a widget is built.

In a notebook cell::

    from toolkit.widgets import ScenarioBuilder
    ScenarioBuilder(example="horus_lv6_veiler_2011")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.widgets.turn_end_viewer import TurnEndViewer

if TYPE_CHECKING:
    from toolkit.widgets.builder import ScenarioBuilder

__all__ = ["ScenarioBuilder", "TurnEndViewer"]


def __getattr__(name: str) -> Any:
    if name == "ScenarioBuilder":
        from toolkit.widgets.builder import ScenarioBuilder

        return ScenarioBuilder
    raise AttributeError(f"module 'toolkit.widgets' has no attribute {name!r}")
