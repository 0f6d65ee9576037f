"""The search up to renaming against the full search on mixed random positions (issue 34's review).

Both players hold textless cards and vanilla monsters (copies among them; monsters of other kinds,
archetypes and monster types, which trade names where no text reads those), in hand, field, graveyard
and deck (a class card in a deck is pointed at: the pinned key), beside cards whose effects point at
class cards (《エネミーコントローラー》, 《強制脱出装置》, 《ヒステリック・サイン》), under several rule
sets, either player's turn.  ``explore`` (renaming) must give the full search's outcomes and line
counts with example lines that replay; ``decide`` must answer as the full search's outcomes do.
``make test`` runs a few examples; ``make fuzz`` (HYPOTHESIS_PROFILE=thorough) a few hundred.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_positions import FILLERS, SIGN, VORSE, WOLF, card, player, replays_to_its_outcome, scenario  # noqa: E402

from toolkit.core.deciding_search import decide  # noqa: E402
from toolkit.core.game import game_of  # noqa: E402
from toolkit.core.limits import SearchBudgetExceeded  # noqa: E402
from toolkit.core.predicates import parse_query  # noqa: E402
from toolkit.core.search import explore_in  # noqa: E402
from toolkit.ocg.renaming import name_classes  # noqa: E402
from toolkit.ocg.setup import initial_state  # noqa: E402

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
PLAIN = (*FILLERS, VORSE, WOLF)
DOG = "フレムベル・ヘルドッグ"  # (an Effect Monster, a Beast: it trades names with the Normal ones where nothing reads that)
MONSTERS = (VORSE, WOLF, "ハーピィ・レディ", DOG)
QUESTIONS = (
    {"always": {"hand": "TP", "at_most": 6}},
    {"possible": {"event": "discarded", "card": "死者蘇生"}},
    {"possible": {"zone": "graveyard", "card": VORSE}},
    {"always": {"not": {"event": "discarded"}}},
    {"possible": {"zone": "hand", "card": WOLF, "player": "NTP"}},
    {"possible": {"all": [{"event": "control_changed"}, {"hand": "NTP", "at_least": 1}]}},
)


def _marked(groups: list[list[Any]]) -> list[list[Any]]:
    """Copies marked ``name#i`` across every group (one physical card per entry)."""
    names = [[getattr(x, "name", x) for x in group] for group in groups]
    total: dict[str, int] = {}
    for group in names:
        for name in group:
            total[name] = total.get(name, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for group, named in zip(groups, names):
        marked = []
        for x, name in zip(group, named):
            seen[name] = seen.get(name, 0) + 1
            label = name if total[name] == 1 else f"{name}#{seen[name]}"
            marked.append(card(label, position=x.position) if hasattr(x, "name") else label)
        out.append(marked)
    return out


@st.composite
def mixed_positions(draw: st.DrawFn) -> Any:
    hand_a = draw(st.lists(st.sampled_from(PLAIN), min_size=7, max_size=9))  # (over the limit: an adjustment)
    hand_b = draw(st.lists(st.sampled_from(PLAIN), max_size=3))
    field_a = [card(x) for x in draw(st.lists(st.sampled_from(MONSTERS), max_size=2))]
    field_b = [card(x) for x in draw(st.lists(st.sampled_from((VORSE, WOLF, DOG)), max_size=2))]
    if draw(st.booleans()):
        field_b.append(card("強制脱出装置", position="set"))
    if draw(st.booleans()):
        field_a.append(card("エネミーコントローラー", position="set"))
    if draw(st.booleans()):
        hand_a.append(SIGN)
    gy_a = draw(st.lists(st.sampled_from(PLAIN), max_size=2))
    deck_a = draw(st.lists(st.sampled_from((*PLAIN, "ハーピィ・レディ")), max_size=2)) if draw(st.booleans()) else []
    hand_a, field_a, gy_a, deck_a, hand_b, field_b = _marked([hand_a, field_a, gy_a, deck_a, hand_b, field_b])
    return scenario(player(hand=hand_a, field=field_a, graveyard=gy_a, deck=deck_a, filler=draw(st.sampled_from((0, 2)))),
                    player(hand=hand_b, field=field_b, filler=2),
                    turn=draw(st.sampled_from("AB")),
                    ruleset=draw(st.sampled_from(("ocg", "ocg-2008", "ocg-2011", "ocg-2013", "ocg-2017", "ocg-2023"))))


@settings(max_examples=300 if THOROUGH else 12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(mixed_positions())
def test_renamed_search_and_decide_answer_as_the_full_search(position: Any) -> None:
    start = initial_state(position)
    assume(name_classes(start))
    game = game_of(start)
    try:
        found = explore_in(game, start, max_states=20_000)
        full = explore_in(game, start, max_states=20_000, reduce=False)
    except SearchBudgetExceeded:
        assume(False)
        raise
    assert Counter((o.outcome, o.lines) for o in found.outcomes) == Counter((o.outcome, o.lines) for o in full.outcomes)
    replays_to_its_outcome(start, found)  # every example line replays to its outcome
    tp = start.turn_player
    for text in QUESTIONS:
        query = parse_query(text, game=game)
        holding = [query.predicate.holds(o.outcome, tp) for o in full.outcomes]
        answer = any(holding) if query.quantifier == "possible" else all(holding)
        assert decide(game, start, query) in (None, answer), text
