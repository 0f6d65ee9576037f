"""``cards --show`` / ``--json`` print the card as the engine reads it: a monster's
printed ATK and DEF (read by costs that lower them, conditions on them and battle
damage) and whether an effect is an activation at all, besides its effects."""

from __future__ import annotations

import json

from toolkit.ocg.cards import behaviour, registered_names
from toolkit.ocg.cards.data.schema import card_fields, describe_card


def test_show_gives_atk_and_def_in_text_and_json() -> None:
    card = behaviour("光と闇の竜")
    assert (card.atk, card.defense) == (2800, 2400)
    assert describe_card(card)[0].startswith("光と闇の竜 (Light and Darkness Dragon): monster, effect, ATK 2800, DEF 2400")
    fields = card_fields(card)
    assert (fields["atk"], fields["def"]) == (2800, 2400)
    mist = card_fields(behaviour("ミストデーモン"))
    assert mist["def"] == 0 and "DEF 0" in describe_card(behaviour("ミストデーモン"))[0]  # 0 is a value
    json.dumps(fields)


def test_show_says_an_effect_is_no_activation() -> None:
    quick = card_fields(behaviour("光と闇の竜"))["texts"][0]["effects"][0]
    assert quick["kind"] == "quick effect" and quick["fields"]["card_activation"] is False
    assert "      card_activation: no" in describe_card(behaviour("光と闇の竜"))
    maintenance = card_fields(behaviour("コアキメイル・ドラゴ"))["texts"][0]["effects"][0]
    assert maintenance["fields"]["kind"] == "maintenance_cost" and maintenance["fields"]["activates"] is False
    assert "      activates: no" in describe_card(behaviour("コアキメイル・ドラゴ"))


def test_cards_without_printed_values_show_none() -> None:
    for name in registered_names():
        card = behaviour(name)
        fields = card_fields(card)
        if card.atk is None:
            assert "atk" not in fields and "ATK" not in describe_card(card)[0]
        if card.defense is None:
            assert "def" not in fields and "DEF" not in describe_card(card)[0]
