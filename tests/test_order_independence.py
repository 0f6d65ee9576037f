"""The same scenario gives the same answer whatever else the process read before it.

A scenario's own cards (its ``cards:`` list, or ``cards=``) stand in that
scenario's catalogue only: a second scenario that names such a card without
defining it is refused as on its own, and a scenario that replaces a shipped
card (``shadows: true``) changes no other scenario's answer.  Each case below
is read and answered in seeded random orders, every order in this one
process, and the answers must be the same in every order.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

import toolkit
from toolkit.errors import ToolkitError

OWN_SPIRIT = {"name": "順序テスト精霊", "english": "Order Test Spirit", "type": "monster", "subtype": "spirit",
              "texts": [{"end_phase": [{"key": "return to the hand", "mandatory": True, "chain_link": True,
                                        "when": ["face_up_on_field", "summoned_this_turn"],
                                        "do": {"return_to_hand": {"card": "itself", "if_in": "field"}}}]}]}
"""A card of the user's own, defined by one scenario only."""

OTHER_SPIRIT = dict(OWN_SPIRIT, texts=[{"end_phase": [dict(OWN_SPIRIT["texts"][0]["end_phase"][0],  # type: ignore[index]
                                                            do={"banish": "itself"})]}])
"""The same name defined differently by another scenario."""

BANISHING_TSUKUYOMI = {"name": "月読命", "type": "monster", "shadows": True, "texts": [{"end_phase": [
    {"key": "banish itself", "mandatory": True, "chain_link": True, "when": ["face_up_on_field"],
     "do": {"banish": "itself"}}]}]}
"""A shipped card replaced by one scenario."""


def _position(title: str, field: list[Any], cards: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"title": title, "turn_player": "A", "date": "2024-01-01",
                            "players": {"A": {"field": field, "hand": ["黄泉ガエル"]}}}
    if cards:
        data["cards"] = cards
    return data


def _files(folder: Path) -> dict[str, Path]:
    summoned = ["summoned_this_turn"]
    cases = {
        "defines": _position("defines its own card", [{"name": OWN_SPIRIT["name"], "tags": summoned}], [OWN_SPIRIT]),
        "names only": _position("names a card it does not define", [{"name": OWN_SPIRIT["name"], "tags": summoned}]),
        "by English": _position("names it in English", [{"name": "Order Test Spirit", "tags": summoned}]),
        "defines otherwise": _position("defines the same name otherwise",
                                       [{"name": OWN_SPIRIT["name"], "tags": summoned}], [OTHER_SPIRIT]),
        "replaces shipped": _position("replaces a shipped card", [{"name": "月読命", "tags": summoned}],
                                      [BANISHING_TSUKUYOMI]),
        "shipped": _position("the shipped card", [{"name": "月読命", "tags": summoned}]),
    }
    out = {}
    for name, data in cases.items():
        path = folder / f"{name.replace(' ', '_')}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        out[name] = path
    return out


SHIPPED = ("q_hysteric_sign_adjustment", "horus_lv6_veiler_2011")


def _answer(case: str, files: dict[str, Path]) -> str:
    """What the toolkit says about one case, as text: refused (and why), or every outcome with its lines."""
    try:
        position = toolkit.seed_scenario(case) if case in SHIPPED else toolkit.load_scenario(files[case])
        found = toolkit.explore(position)
        asked = toolkit.ask(position, "{possible: {event: banished}}", why=False).answer
    except ToolkitError as exc:
        return "refused: " + str(exc).split(" — ")[0].split(": ", 1)[-1]
    outcomes = sorted(f"{o.lines}x{sorted(str(e.kind) for e in o.outcome.events)}" for o in found.outcomes)
    return f"{asked} {outcomes}"


@pytest.mark.parametrize("seed", range(4))
def test_every_order_of_reading_gives_the_same_answers(tmp_path: Path, seed: int) -> None:
    files = _files(tmp_path)
    cases = list(files) + list(SHIPPED)
    first = {case: _answer(case, files) for case in cases}
    order = cases[:]
    random.Random(seed).shuffle(order)
    again = {case: _answer(case, files) for case in order}
    assert again == first, order
    # and what each says is what it says on its own
    assert first["names only"].startswith("refused: Unknown card") and first["by English"].startswith("refused:")
    assert first["defines"] != first["defines otherwise"] and first["replaces shipped"] != first["shipped"]
    assert first["defines otherwise"].startswith("yes") and first["defines"].startswith("no")


def test_a_card_given_to_one_scenario_is_not_known_to_the_next(tmp_path: Path) -> None:
    card_file = tmp_path / "mine.yaml"
    card_file.write_text(yaml.safe_dump([OWN_SPIRIT], allow_unicode=True), encoding="utf-8")
    mine = toolkit.load_card_definitions(card_file)
    files = _files(tmp_path)
    with_cards = toolkit.load_scenario(files["names only"], cards=mine)
    assert len(toolkit.explore(with_cards).outcomes) == 1  # it returns to the hand
    with pytest.raises(ToolkitError, match="Unknown card 「順序テスト精霊」"):
        toolkit.load_scenario(files["names only"])  # the cards went with that scenario, not into the process
