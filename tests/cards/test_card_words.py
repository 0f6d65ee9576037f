"""``cards --show`` reads a card in the card format's own words: what it shows
of a condition, a choice or a verb step is YAML a card file could hold, and
reads back as the same terms (the user trial found ``mandatory: False``,
``applies: sent_to_gy_this_turn and has_tag(tag=...)``, ``process_kind: ...``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml

from toolkit.ocg.cards import behaviour, card_origin, registered_names
from toolkit.ocg.cards.data.conditions import build_conditions
from toolkit.ocg.cards.data.schema import describe_card
from toolkit.ocg.cards.data.terms import words
from toolkit.ocg.cards.data.verbs import CHOICES, build_steps

READ_BACK: dict[str, Callable[[Any], Any]] = {
    "when": build_conditions, "can_perform": build_conditions, "do": build_steps, "cost": build_steps,
    "choose": CHOICES.build}


def _shipped_data_cards() -> list[str]:
    return sorted(n for n in registered_names() if card_origin(n).startswith("data:"))


def test_shown_terms_read_back_as_the_same_terms() -> None:
    checked = 0
    for name in _shipped_data_cards():
        for line in describe_card(behaviour(name)):
            field, _, shown = line.strip().partition(": ")
            if field not in READ_BACK or "one of:" in shown:
                continue
            shown = shown.split(", only_if: ")[0]
            assert words(READ_BACK[field](yaml.safe_load(shown))) == shown, f"{name}: {line.strip()}"
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("name,expected", [
    ("ライトロード・マジシャン ライラ", ["mandatory: yes", "chain_link: yes", "kind: mandatory_effect",
                                     "timing: during_end_phase", "when: [face_up_on_field, your_end_phase]",
                                     "do: {mill: 3}"]),
    ("ヒステリック・サイン", ["when: {sent_to_gy_this_turn: [deck]}"]),
])
def test_a_card_is_shown_with_the_card_formats_field_names_and_yes_or_no(name: str, expected: list[str]) -> None:
    shown = [line.strip() for line in describe_card(behaviour(name))]
    for line in expected:
        assert line in shown
    assert not any(line.split(": ")[0] in ("applies", "resolve", "process_kind", "condition") for line in shown)
    assert not any(v in line for line in shown for v in (": True", ": False", "(count=", "(tag="))
