"""Helpers for the card-format tests: tiny positions and a card of one's own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.engine import initial_state
from toolkit.ocg.cards import load_card_definitions
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.state import State
from toolkit.ocg.values import Card

LOADED: list[Any] = []
"""The cards the running test loaded with :func:`load` (its positions may use them; emptied after each test)."""


def position(turn_player: str = "A", **zones: Any) -> State:
    """A position whose player A holds ``zones`` (field=[...], hand=[...], ...);
    ``b_field`` etc. are player B's; it may use the cards the test loaded."""
    players: dict[str, dict[str, Any]] = {"A": {}, "B": {}}
    for key, cards in zones.items():
        player, zone = ("B", key[2:]) if key.startswith("b_") else ("A", key)
        players[player][zone] = cards
    return initial_state(scenario_from_dict({"title": "t", "turn_player": turn_player, "players": players},
                                            cards=LOADED))


def card(state: State, name: str) -> Card:
    return next(c for c in state.cards if c.name == name)


def write_cards(folder: Path, cards: Any, name: str = "cards.yaml") -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(cards, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def load(folder: Path, cards: Any, name: str = "cards.yaml") -> Any:
    """The cards written to a file and read back; the test's positions may use them."""
    loaded = load_card_definitions(write_cards(folder, cards, name))
    names = {c.name for c in loaded}
    LOADED[:] = [c for c in LOADED if c.name not in names] + list(loaded)
    return loaded


def in_user_folder(monkeypatch: pytest.MonkeyPatch, folder: Path, cards: Any, name: str = "cards.yaml") -> Path:
    """Write ``cards`` into ``folder/cards/`` and make ``folder`` the user's folder for the test
    (``$ENDPHASE_USER_DIR``): the default catalogue, the command line and the builder then know them."""
    (folder / "cards").mkdir(parents=True, exist_ok=True)
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(folder))
    return write_cards(folder / "cards", cards, name)


@pytest.fixture(autouse=True)
def _forget_loaded_cards() -> Iterator[None]:
    """The cards a test loads are its own: the next test starts with none."""
    LOADED.clear()
    yield
    LOADED.clear()
