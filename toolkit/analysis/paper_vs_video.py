"""The OCG on paper against the video games' system order (V1): an analysis
of one game's rule sets, built on :func:`toolkit.analysis.compare.compare`.

This module is about the OCG alone (it names its video-game rule set and
process orders); the comparison machinery it uses knows no game.

>>> [name for name in DEFAULT_ORDERS]
['video_game', 'video_game/reversed kinds']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from toolkit.analysis.compare import compare, line_words
from toolkit.ocg.rulesets import RULESETS, VIDEO_GAME, Ruleset
from toolkit.ocg.scenario import Scenario
from toolkit.ocg.video_game import ProcessOrder, reversed_kind_order, video_game_process_order

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DEFAULT_ORDERS", "ordering_dependence", "video_game_variant"]


def video_game_variant(order: ProcessOrder, name: str) -> Ruleset:
    """The video-game ruleset with another system order (to test the V1 assumption)."""
    return RULESETS[VIDEO_GAME].with_flags(process_order=order, name=name)


DEFAULT_ORDERS: Mapping[str, ProcessOrder] = {
    VIDEO_GAME: video_game_process_order,
    "video_game/reversed kinds": reversed_kind_order,
}
"""The assumed system order and the alternative the notebook tests it against."""


def ordering_dependence(scenario: Scenario | str, orders: Mapping[str, ProcessOrder] = DEFAULT_ORDERS, *,
                        base: str | Ruleset = "ocg") -> pd.DataFrame:
    """Which outcomes reachable under ``base`` (the OCG) are lost in the video
    games, under each candidate system order: one row per outcome lost under
    at least one order, a boolean column per order (True: still reachable),
    and ``depends_on_order`` (lost under some orders only).  Outcomes lost
    under every order do not depend on the ordering assumption."""
    import pandas as pd

    variants = [video_game_variant(order, name) if name != VIDEO_GAME or order is not video_game_process_order
                else RULESETS[VIDEO_GAME] for name, order in orders.items()]
    result = compare(scenario, [base, *variants])
    base_name = result.rulesets[0]
    rows = []
    for o in result.reachable_in(base_name):
        kept = {name: o.reachable(i + 1) for i, name in enumerate(orders)}
        if all(kept.values()):
            continue
        rows.append({"outcome": o.description, **kept, "depends_on_order": any(kept.values()),
                     "example": line_words(o.examples[0] or ())})
    columns = ["outcome", *orders, "depends_on_order", "example"]
    frame = pd.DataFrame(rows, columns=columns)
    return frame.astype({"outcome": "string", "example": "string", "depends_on_order": "bool",
                         **{name: "bool" for name in orders}})
