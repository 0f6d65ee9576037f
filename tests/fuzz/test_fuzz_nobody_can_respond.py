"""R5's shortcut against R5's full listing on random positions (hl2's review).

``procedure.legal.nobody_can_respond`` first asks each held card's quick effects what
``_quick_offers`` would ask of the card and the link alone (zone, spell speed, set or face-up,
once per chain, a chain-link test marked link-local); when that refuses every effect it answers
"nobody" without the full listing.  Here every such answer, met while searching random positions
(cards that respond and trigger, a face-up or set 《ホルスの黒炎竜 LV８》, a set 《天罰》 with a hand
to pay its cost, a 《サイクロン》 in a hand, under every rule set, either player's turn), is checked
against the full listing: neither player may be offered anything.  ``make fuzz`` (HYPOTHESIS_PROFILE=thorough)
runs a few hundred positions.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_positions import HORUS8, card  # noqa: E402
from test_properties import positions  # noqa: E402

from toolkit.core.limits import SearchBudgetExceeded  # noqa: E402
from toolkit.core.search import explore  # noqa: E402
from toolkit.ocg.procedure import legal  # noqa: E402
from toolkit.ocg.scenario import CardSpec  # noqa: E402

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
CYCLONE = "サイクロン"  # a Quick-Play Spell whose effect answers any link (no chain-link test)
WRATH = "天罰"  # a Counter Trap whose link-local test takes a monster's link (and a hand card as its cost)


@st.composite
def answering_positions(draw: st.DrawFn) -> Any:  # type: ignore[no-untyped-def]
    """A random position (``test_properties.positions``) with, for either player, maybe a 《ホルスの黒炎竜
    LV８》 face-up or set, maybe a set 《天罰》 and maybe a 《サイクロン》 in the hand."""
    base = draw(positions(max_field=3, max_hand=3))
    players = dict(base.players)
    for side in ("A", "B"):
        extra: list[CardSpec] = []
        horus = draw(st.sampled_from(["none", "face_up", "set"]))
        if horus != "none":
            extra.append(card(f"{HORUS8}#f{side}", position=horus))
        if draw(st.booleans()):
            extra.append(card(f"{WRATH}#{side}", position="set"))
        hand = (*players[side].hand, f"{CYCLONE}#h{side}") if draw(st.booleans()) else players[side].hand
        players[side] = dataclasses.replace(players[side], field=(*players[side].field, *extra), hand=hand)
    return dataclasses.replace(base, players=players)


@settings(max_examples=300 if THOROUGH else 6, deadline=None, derandomize=not THOROUGH,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(answering_positions())
def test_the_shortcut_answers_nobody_only_where_the_full_listing_offers_nothing(position: Any) -> None:
    first_look = legal._no_link_answered

    def checked(board: Any, top: Any, held: list[int]) -> bool:
        nobody = first_look(board, top, held)
        if nobody:
            for player in ("A", "B"):
                offered = [(c.name, q.key) for c, q, _ in legal._quick_offers(board, player, top, held)]
                assert not offered, f"the shortcut said nobody can answer {top.label}; {player} may: {offered}"
        return nobody

    with pytest.MonkeyPatch.context() as patch, contextlib.suppress(SearchBudgetExceeded):
        patch.setattr(legal, "_no_link_answered", checked)
        explore(position, max_states=1_500, reduce=False)
