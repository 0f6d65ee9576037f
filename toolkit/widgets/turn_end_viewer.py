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

from toolkit.widgets.game_viewer import EXPLORE_COLUMNS as EXPLORE_COLUMNS
from toolkit.widgets.game_viewer import TRACE_COLUMNS as TRACE_COLUMNS
from toolkit.widgets.game_viewer import GameViewer

__all__ = ["TurnEndViewer"]

SEED_RULES = "duel_masters"
"""The ruleset chosen at first: seed 004's reading of the Turn End Step."""


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


class TurnEndViewer(GameViewer):
    """The viewer of the shipped Duel Masters scenarios (:class:`~toolkit.widgets.game_viewer.GameViewer`
    for Duel Masters), whose ruleset dropdown and notes say what each counterfactual ruleset changes
    from seed 004's reading of the Turn End Step.  Widgets and results as the game viewer's."""

    css = "endphase-dm"
    box_class = "endphase-turn-end-viewer"

    def __init__(
        self,
        scenario: str | None = None,
        ruleset: str = SEED_RULES,
        *,
        scenarios: Sequence[str] | None = None,
        rulesets: Sequence[str] | None = None,
        max_states: int = 500_000,
    ) -> None:
        super().__init__("duel_masters", scenario, ruleset, scenarios=scenarios, rulesets=rulesets,
                         max_states=max_states)

    def __repr__(self) -> str:
        return f"TurnEndViewer({self.scenario.value!r}, ruleset={self.ruleset.value!r})"

    def _ruleset_label(self, name: str) -> str:
        return ruleset_label(name)

    def _ruleset_html(self, name: str) -> str:
        return _ruleset_html(name)
