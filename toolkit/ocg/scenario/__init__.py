"""Scenarios: a position written down, as YAML or with a builder.

A :class:`Scenario` is what the engine consumes: who is the turn player, what
each player holds (hand, field, graveyard, banished cards, deck), which
resolved effects still linger, the phase it starts in (the End Phase unless
``phase`` names another: the engine then plays the turn to its end), and the
date (or named ruleset, e.g. ``video_game``) whose rules apply. It is plain
frozen data; the engine never writes to it.

Physical copies. Every card a scenario lists is one physical card, named by
its Japanese name (the key of the card registry). Two copies of the same card
held by the same player are told apart with a copy mark: ``光神機−桜火#1`` and
``光神機−桜火#2`` (any text after ``#``). The same name listed twice for one
player without a mark is refused as "a card in two places". The two players
may each list a card of the same name: they are different cards.
:func:`base_name` strips the mark.

>>> s = (Scenario.build("Lyla and Veiler")
...      .turn_player("A")
...      .field("A", ["ライトロード・マジシャン ライラ"])
...      .lingering("エフェクト・ヴェーラー", "B", target="ライトロード・マジシャン ライラ", effect="negate")
...      .on("2011-09-01")
...      .done(check_registry=False))
>>> s.turn_player, s.date.isoformat(), s.players["A"].field[0].name
('A', '2011-09-01', 'ライトロード・マジシャン ライラ')
>>> load = parse_scenario(dump_scenario(s), check_registry=False)
>>> load == s
True
"""

from __future__ import annotations

import os  # noqa: F401  (tests patch toolkit.ocg.scenario.os.replace)

from toolkit.errors import ScenarioError as ScenarioError
from toolkit.fields import CARDS_MAX as CARDS_MAX
from toolkit.fields import COPY_MARK as COPY_MARK
from toolkit.fields import NAME_MAX as NAME_MAX
from toolkit.ocg.scenario.builder import ScenarioDraft
from toolkit.ocg.scenario.checks import known_card_names, known_ruleset_names, known_ruling_ids
from toolkit.ocg.scenario.model import DECK_FILLER_MAX as DECK_FILLER_MAX
from toolkit.ocg.scenario.model import LIFE_MAX as LIFE_MAX
from toolkit.ocg.scenario.model import (
    PHASES,
    PLAYERS,
    POSITIONS,
    TAGS,
    CardSpec,
    LingeringSpec,
    OtherGameScenario,
    PlayerSetup,
    Scenario,
    base_name,
)
from toolkit.ocg.scenario.read import load_scenario, parse_scenario, scenario_from_dict
from toolkit.ocg.scenario.write import (
    dump_scenario,
    list_seed_scenarios,
    save_scenario,
    scenario_to_dict,
    seed_scenario,
)

__all__ = [
    "OtherGameScenario",
    "PHASES",
    "PLAYERS",
    "POSITIONS",
    "TAGS",
    "CardSpec",
    "LingeringSpec",
    "PlayerSetup",
    "Scenario",
    "ScenarioDraft",
    "ScenarioError",
    "base_name",
    "dump_scenario",
    "known_card_names",
    "known_ruleset_names",
    "known_ruling_ids",
    "list_seed_scenarios",
    "load_scenario",
    "parse_scenario",
    "save_scenario",
    "scenario_from_dict",
    "scenario_to_dict",
    "seed_scenario",
]
