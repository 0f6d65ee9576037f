"""A card of one's own that adds a card from the Deck to the hand without
targeting it ("add 1 ... from your Deck to your hand"): ``choose: {pick: FILTER}``
and ``card: picked``.

Before ``pick`` the format had ``choose: {target: ...}``, whose trace says
"targeting" (a card in the Deck is never targeted), or ``first:``, which takes
the first match in deck order and leaves the player no choice.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from tests import in_process
from tests.cards.conftest import _forget_loaded_cards  # noqa: F401  (the cards a test loads are its own)
from toolkit.core.game import as_state, game_of
from toolkit.engine import explore, resolve
from toolkit.ocg.scenario import scenario_from_dict

SEEKER = "テスト用サーチャー"
HARPIE, QUEEN = "ハーピィ・レディ", "ハーピィ・クィーン"
SEARCH = {"key": "add a Harpie from the Deck", "mandatory": False, "chain_link": False,
          "when": ["face_up_on_field", "your_end_phase"],
          "choose": {"pick": {"zones": "deck", "name_contains": "ハーピィ"}},
          "do": {"add_to_hand": {"card": "picked", "if_in": "deck"}}}


def scenario(effect: dict[str, Any], name: str = SEEKER) -> dict[str, Any]:
    return {"title": "the seeker face-up in A's End Phase", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"field": [name], "deck": [HARPIE, "死者蘇生", QUEEN]}},
            "cards": [{"name": name, "type": "monster", "subtype": "effect", "texts": [{"end_phase": [effect]}]}]}


def test_the_player_is_offered_each_matching_deck_card_and_nothing_else() -> None:
    state = as_state(scenario_from_dict(scenario(SEARCH)))
    offered = [a for a in game_of(state).legal_actions(state) if repr(a).startswith("Perform")]
    assert [a.picks for a in offered] == [(HARPIE,), (QUEEN,)]
    assert all(a.target is None for a in offered)


def test_the_card_added_is_the_one_chosen_not_the_first_in_deck_order() -> None:
    added = {tuple(e.card for e in o.outcome.events if e.kind == "added_to_hand")
             for o in explore(scenario_from_dict(scenario(SEARCH))).outcomes}
    assert added == {(), (HARPIE,), (QUEEN,)}
    first = dict(SEARCH, do={"add_to_hand": {"first": {"zones": "deck", "name_contains": "ハーピィ"}}})
    del first["choose"]
    added = {tuple(e.card for e in o.outcome.events if e.kind == "added_to_hand")
             for o in explore(scenario_from_dict(scenario(first, name=SEEKER + "(first)"))).outcomes}
    assert added == {(), (HARPIE,)}  # the control: `first:` leaves the Queen out


def test_the_trace_of_a_deck_pick_says_chooses_and_adds_never_targeting() -> None:
    result = resolve(scenario_from_dict(scenario(SEARCH)))
    step = result.trace.iloc[0]
    assert step["action"] == f"Perform('{SEEKER}: add a Harpie from the Deck', picks=('{HARPIE}',))"
    assert f"chooses {HARPIE} (could choose" in step["reason"]
    assert f"could choose: {HARPIE} or {QUEEN}" in step["reason"]
    assert "added_to_hand" in step["events"]
    text = "\n".join(" ".join(map(str, row)) for row in result.trace.itertuples())
    assert "target" not in text
    # the control: the same effect written with `target:` reads "targeting" in words
    targeted = dict(SEARCH, choose={"target": SEARCH["choose"]["pick"]},
                    do={"add_to_hand": {"card": "target", "if_in": "deck"}})
    state = as_state(scenario_from_dict(scenario(targeted, name=SEEKER + "(target)")))
    perform = next(a for a in game_of(state).legal_actions(state) if repr(a).startswith("Perform"))
    assert "targeting" in game_of(state).describe_action(perform)


def test_cards_check_refuses_picked_without_a_pick_in_one_line(tmp_path: Path) -> None:
    bad = dict(SEARCH)
    del bad["choose"]
    card = scenario(bad)["cards"][0]
    path = tmp_path / "seeker.yaml"
    path.write_text(yaml.safe_dump(card, allow_unicode=True), encoding="utf-8")
    done = in_process.endphase(["cards", "--check", str(path)], cwd=tmp_path,
                               env={**os.environ, "ENDPHASE_USER_DIR": str(tmp_path / "user")}, timeout=300)
    line = done.stderr.strip()
    assert done.returncode == 2 and "\n" not in line and "Traceback" not in line
    assert "seeker.yaml" in line and SEEKER in line and "field 'texts[0].end_phase[0].do'" in line
    assert "choose: {pick: ...}" in line
