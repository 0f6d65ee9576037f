"""A check on several scenarios reads its card names among the cards of all of them: the merged
table ``toolkit.history.checks`` remembers is the one of those very positions (a scenario's own
cards included), in any order, and never another pair's."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from toolkit.core.game import position_card_names
from toolkit.games import scenario_from_data, shipped_scenario
from toolkit.history.checks import CheckError, cards_named, parse_check, read_for

OWN = "ノートの試作騎士"  # an invented card, written for this test

SCENARIO = f"""\
title: A position with a card of its own
turn_player: A
players:
  A:
    field: [{OWN}]
cards:
  - name: {OWN}
    english: Notebook Prototype Knight
    type: monster
    subtype: normal
"""


def _own() -> Any:
    return scenario_from_data(yaml.safe_load(SCENARIO), "own.yaml")


def test_a_card_of_one_scenario_is_read_among_both() -> None:
    shipped, own = shipped_scenario("grimoire_ipiria_2014"), _own()
    check = parse_check({"possible": {"event": "destroyed", "card": "Notebook Prototype Knight"}, "scenario": "b.yaml"})
    for scenarios in ({"a.yaml": shipped, "b.yaml": own}, {"b.yaml": own, "a.yaml": shipped}):
        read = read_for(check, scenarios)
        assert cards_named(read) == (OWN,)  # the English name found the card the other scenario brings
        merged = position_card_names(scenarios.values())
        assert merged is not None and OWN in merged.keys
        with pytest.raises(CheckError, match="is not in grimoire_ipiria_2014"):  # asked of the scenario without it
            read_for(parse_check({"possible": {"event": "destroyed", "card": OWN}, "scenario": "a.yaml"}), scenarios)


def test_another_pair_is_not_given_the_remembered_table() -> None:
    own = _own()
    check = parse_check({"possible": {"event": "destroyed", "card": "Notebook Prototype Knight"}, "scenario": "b.yaml"})
    read_for(check, {"a.yaml": shipped_scenario("grimoire_ipiria_2014"), "b.yaml": own})
    others = {"a.yaml": shipped_scenario("grimoire_ipiria_2014"), "c.yaml": shipped_scenario("grimoire_ipiria_2023")}
    with pytest.raises(CheckError):
        read_for(check, others)
