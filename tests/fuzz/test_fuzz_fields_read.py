"""The printed fields a position leaves unread (``toolkit.ocg.fields_read``) against the full search, on
random positions of the test's own cards.

A's vanilla monsters of random Level, attribute, kind, monster type and archetype (on the field, in
the hand over the hand-size limit); B's set Trap that returns a monster matching a random filter
(by Level, attribute, kind, monster type, archetype — or nothing), now and then a set
《強制脱出装置》 (any monster), a 《スキルドレイン》 (a continuous effect: every field read) or A's
《エネミーコントローラー》.  The search up to renaming must give the full search's outcomes, line counts
(per outcome and first action), tree size, example lines (the same ones) and forcing answers.
``make test`` runs a few examples; ``make fuzz`` (HYPOTHESIS_PROFILE=thorough) a few hundred.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_positions import FILLERS, replays_to_its_outcome  # noqa: E402

from toolkit.core.limits import SearchBudgetExceeded  # noqa: E402
from toolkit.core.search import explore  # noqa: E402
from toolkit.ocg.renaming import name_classes  # noqa: E402
from toolkit.ocg.scenario import scenario_from_dict  # noqa: E402
from toolkit.ocg.setup import initial_state  # noqa: E402

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
TRAP = "テスト用の選別装置"
RULES: tuple[dict[str, Any], ...] = (
    {}, {"level_at_most": 4}, {"level_at_least": 5}, {"attribute": "DARK"}, {"kind": ["normal"]},
    {"not_kind": ["tuner"]}, {"monster_type_in": ["beast"]}, {"archetype": "テスト族"}, {"not_archetype": "テスト族"},
)

monsters = st.lists(st.tuples(st.sampled_from((3, 4, 7)), st.sampled_from(("LIGHT", "DARK")),
                              st.sampled_from(("normal", "effect", "effect, tuner")),
                              st.sampled_from(("warrior", "beast")), st.booleans()),
                    min_size=2, max_size=5)


def _card(i: int, level: int, attribute: str, subtype: str, race: str, archetype: bool) -> dict[str, Any]:
    return {"name": f"テスト用の兵{'ABCDEFGH'[i]}", "type": "monster", "subtype": subtype, "level": level,
            "attribute": attribute, "race": race, "archetypes": ["テスト族"] if archetype else []}


@st.composite
def positions(draw: st.DrawFn) -> Any:
    made = [_card(i, *spec) for i, spec in enumerate(draw(monsters))]
    rule = draw(st.sampled_from(RULES))
    trap = {"name": TRAP, "type": "trap", "subtype": "normal", "texts": [{"quick": [{
        "key": "return a monster", "spell_speed": 2, "zones": "field",
        "can_activate": ["set_trap_ready", {"exists": {"side": "opponent", "monster": True, **rule}}],
        "choose": {"target": {"side": "opponent", "monster": True, **rule}},
        "do": {"return_to_hand": {"card": "target", "if_in": "field"}}}]}]}
    on_field = draw(st.integers(1, len(made)))
    field_a: list[Any] = [c["name"] for c in made[:on_field]]
    hand_a = [c["name"] for c in made[on_field:]]
    if draw(st.booleans()):
        hand_a += list(FILLERS[:7 - len(hand_a)])  # (over the limit by one: an adjustment)
    if draw(st.integers(0, 3)) == 0:
        field_a.append({"name": "エネミーコントローラー", "position": "set"})
    field_b: list[Any] = [{"name": TRAP, "position": "set"}]
    if draw(st.integers(0, 3)):  # (mostly: after it returns one monster or another, the Trap tells them apart)
        field_b.append({"name": "強制脱出装置", "position": "set"})
    if draw(st.integers(0, 4)) == 0:
        field_b.append("スキルドレイン")
    return scenario_from_dict({"title": "fields", "turn_player": "A", "date": "2024-01-01", "cards": [trap, *made],
                               "players": {"A": {"hand": hand_a, "field": field_a, "deck_filler": 1},
                                           "B": {"field": field_b, "deck_filler": 1}}})


def _outcomes(found: Any) -> dict[object, int]:
    return {o.outcome: o.lines for o in found.outcomes}  # (as values: equal events may print in other orders)


@settings(max_examples=200 if THOROUGH else 3, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(positions())
def test_the_search_renaming_across_unread_fields_answers_as_the_full_search(position: Any) -> None:
    start = initial_state(position)
    assume(name_classes(start))
    try:
        found = explore(position, max_states=20_000)
        full = explore(position, max_states=20_000, reduce=False)
    except SearchBudgetExceeded:
        assume(False)
        raise
    assert _outcomes(found) == _outcomes(full)
    assert found.total_lines == full.total_lines and found.first_actions == full.first_actions
    assert found.tree_nodes == full.tree_nodes
    replays_to_its_outcome(found.start, found)
    assert {o.outcome: o.example_actions for o in found.outcomes} == \
        {o.outcome: o.example_actions for o in full.outcomes}  # (the very lines the full search finds)
    assert found.forcing() == full.forcing(reduce=False)
