"""Building a scenario in code: ``Scenario.build("title")...done()``."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from toolkit.fields import CARDS_MAX as CARDS_MAX
from toolkit.fields import COPY_MARK as COPY_MARK
from toolkit.fields import NAME_MAX as NAME_MAX
from toolkit.ocg.scenario.model import CardSpec, Scenario
from toolkit.ocg.scenario.read import scenario_from_dict
from toolkit.ocg.scenario.write import card_to

# --------------------------------------------------------------------------
# The builder
# --------------------------------------------------------------------------


def _card_data(card: str | CardSpec | Mapping[str, Any]) -> str | dict[str, Any]:
    if isinstance(card, CardSpec):
        return card_to(card)
    if isinstance(card, Mapping):
        return dict(card)
    return card


class ScenarioDraft:
    """An unfinished scenario; every method returns a NEW draft.

    Zone methods replace that zone's contents. :meth:`done` validates exactly
    as a YAML file is validated and returns the :class:`Scenario`.
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data: dict[str, Any] = dict(data)

    def _with(self, key: str, value: Any) -> ScenarioDraft:
        data = dict(self._data)
        data[key] = value
        return ScenarioDraft(data)

    def _with_player(self, player: str, key: str, value: Any) -> ScenarioDraft:
        players = {p: dict(v) for p, v in self._data.get("players", {}).items()}
        players.setdefault(player, {})[key] = value
        return self._with("players", players)

    def turn_player(self, player: str) -> ScenarioDraft:
        return self._with("turn_player", player)

    def hand(self, player: str, cards: Sequence[str]) -> ScenarioDraft:
        return self._with_player(player, "hand", list(cards))

    def field(self, player: str, cards: Sequence[str | CardSpec | Mapping[str, Any]]) -> ScenarioDraft:
        return self._with_player(player, "field", [_card_data(c) for c in cards])

    def graveyard(self, player: str, cards: Sequence[str | CardSpec | Mapping[str, Any]]) -> ScenarioDraft:
        return self._with_player(player, "graveyard", [_card_data(c) for c in cards])

    def banished(self, player: str, cards: Sequence[str | CardSpec | Mapping[str, Any]]) -> ScenarioDraft:
        return self._with_player(player, "banished", [_card_data(c) for c in cards])

    def deck(self, player: str, cards: Sequence[str], *, filler: int | None = None) -> ScenarioDraft:
        draft = self._with_player(player, "deck", list(cards))
        return draft if filler is None else draft._with_player(player, "deck_filler", filler)

    def life(self, player: str, points: int) -> ScenarioDraft:
        return self._with_player(player, "life", points)

    def lingering(
        self, source: str, controller: str, *, target: str | None = None, effect: str = ""
    ) -> ScenarioDraft:
        item = {"source": source, "controller": controller, "target": target, "effect": effect}
        return self._with("lingering", [*self._data.get("lingering", []), item])

    def on(self, when: datetime.date | str) -> ScenarioDraft:
        data = {k: v for k, v in self._data.items() if k != "ruleset"}
        data["date"] = when
        return ScenarioDraft(data)

    def under(self, ruleset: str) -> ScenarioDraft:
        data = {k: v for k, v in self._data.items() if k != "date"}
        data["ruleset"] = ruleset
        return ScenarioDraft(data)

    def phase(self, name: str) -> ScenarioDraft:
        return self._with("phase", name)

    def describe(self, text: str) -> ScenarioDraft:
        return self._with("description", text)

    def rulings(self, *ids: str) -> ScenarioDraft:
        return self._with("rulings", list(ids))

    def as_dict(self) -> dict[str, Any]:
        """The draft as the plain data a YAML file would hold."""
        return dict(self._data)

    def done(self, *, check_registry: bool = True) -> Scenario:
        """Validate and return the Scenario (raises ScenarioError naming the field)."""
        data = dict(self._data)
        data.setdefault("players", {})
        return scenario_from_dict(data, source="<builder>", check_registry=check_registry)

    def __repr__(self) -> str:
        return f"ScenarioDraft({self._data!r})"
