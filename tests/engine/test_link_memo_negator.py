"""A chain link remembered in the position tables (``PositionTables.links``) names the card that
negates it in the position at hand: two positions of the same cards negated by different cards
give each its own negator, whichever was searched first in the process."""

from __future__ import annotations

from toolkit.core.search import explore
from toolkit.ocg.scenario import parse_scenario

_SPIRIT = """\
title: a Spirit's mandatory return, negated
date: 2011-06-08
turn_player: A
players:
  A:
    field:
      - {name: 月読命, tags: [summoned_this_turn]}
  B:
"""

DRAINED = _SPIRIT + "    field: [スキルドレイン]\n"
"""Skill Drain face-up negates the return."""

VEILED = _SPIRIT + """\
    hand: [スキルドレイン]
lingering:
  - {source: エフェクト・ヴェーラー, controller: B, target: 月読命, effect: negate}
"""
"""The same cards, Skill Drain in the hand: Effect Veiler's lingering effect negates the return."""


def _negators(text: str) -> set[str | None]:
    result = explore(parse_scenario(text))
    return {event.by for lines in result.outcomes for event in lines.outcome.events if event.kind == "negated"}


def test_a_remembered_link_names_the_negator_of_its_own_position() -> None:
    assert _negators(DRAINED) == {"スキルドレイン"}
    assert _negators(VEILED) == {"エフェクト・ヴェーラー"}  # (the same cards: the same tables as above)
    assert _negators(DRAINED) == {"スキルドレイン"}
