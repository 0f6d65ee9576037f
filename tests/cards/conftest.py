"""Helpers for the card-format tests: tiny positions and a card of one's own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.core.generation import definitions_changed
from toolkit.engine import initial_state
from toolkit.ocg.cards import load_card_definitions
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.state import State
from toolkit.ocg.values import Card


def position(turn_player: str = "A", **zones: Any) -> State:
    """A position whose player A holds ``zones`` (field=[...], hand=[...], ...);
    ``b_field`` etc. are player B's."""
    players: dict[str, dict[str, Any]] = {"A": {}, "B": {}}
    for key, cards in zones.items():
        player, zone = ("B", key[2:]) if key.startswith("b_") else ("A", key)
        players[player][zone] = cards
    return initial_state(scenario_from_dict({"title": "t", "turn_player": turn_player, "players": players}))


def card(state: State, name: str) -> Card:
    return next(c for c in state.cards if c.name == name)


def write_cards(folder: Path, cards: Any, name: str = "cards.yaml") -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(cards, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def load(folder: Path, cards: Any, name: str = "cards.yaml") -> Any:
    return load_card_definitions(write_cards(folder, cards, name))


@pytest.fixture(autouse=True)
def _restore_the_registry() -> Iterator[None]:
    """Cards a test registers are gone after it: other tests see the shipped registry."""
    from toolkit.ocg import cards

    cards.registered_names()
    tables = (cards._REGISTRY, cards._ORIGIN, cards.USER_CARD_FILES, cards.INLINE_DEFINITIONS)
    saved = tuple(dict(table) for table in tables)
    yield
    for live, kept in zip(tables, saved):
        live.clear()
        live.update(kept)  # type: ignore[attr-defined]
    cards.text_at.cache_clear()
    definitions_changed()  # a card the test replaced has its shipped text again
