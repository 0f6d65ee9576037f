"""A list in the card format that lists nothing where that can only be a mistake — a filter's ``name_in: []``
(it matched every card, silently), ``zones: []`` (it looked nowhere), ``any_of: []`` (it never held), a
trigger's ``on: []`` (it never triggered) — is refused with one line naming the file, the card and the
field (exit 2 from ``endphase cards --check``), and the JSON Schema refuses it too (``minItems: 1``). A card's
own lists of names and ids (``aliases: []``, ``archetypes: []``, ``rulings: []``, ``evidence: []``) say "none"
as leaving them out does: both still take them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.cli import main
from toolkit.ocg.cards.data import CardFileError, card_schema, compile_card

CARD = "テスト用：空っぽの灯台守"


def _card(**end_phase: Any) -> dict[str, Any]:
    effect = {"key": "look for a card", "mandatory": True, "chain_link": True,
              "when": ["face_up_on_field", "your_end_phase"], "do": {"draw": 1}, **end_phase}
    return {"name": CARD, "type": "monster", "subtype": "effect", "level": 4, "texts": [{"end_phase": [effect]}]}


def _seeing(**filter: Any) -> dict[str, Any]:
    return _card(when=["face_up_on_field", {"exists": {"zones": "deck", **filter}}])


def _trigger(**fields: Any) -> dict[str, Any]:
    trigger = {"key": "answer a discard", "on": "discarded", "mandatory": True, "do": {"draw": 1}, **fields}
    return {"name": CARD, "type": "monster", "subtype": "effect", "texts": [{"triggers": [trigger]}]}


def _quick(**fields: Any) -> dict[str, Any]:
    quick = {"key": "answer a summon", "spell_speed": 2, "do": {"draw": 1}, **fields}
    return {"name": CARD, "type": "trap", "subtype": "normal", "texts": [{"quick": [quick]}]}


REFUSED = {
    # the word the message names: the card writing a list there (given the list), and a list it takes
    "name_in": (lambda v: _seeing(name_in=v), ["テスト用：灯台の鍵"]),
    "zones": (lambda v: _seeing(zones=v), ["deck", "gy"]),
    "monster_type_in": (lambda v: _seeing(monster_type_in=v), ["beast"]),
    "kind": (lambda v: _seeing(kind=v), ["tuner"]),
    "not_kind": (lambda v: _seeing(not_kind=v), ["tuner"]),
    "destroyed_in": (lambda v: _card(when=[{"destroyed_this_turn": {"destroyed_in": v}}]), ["field"]),
    "not_from": (lambda v: _card(when=[{"sent_to_gy_this_turn": {"not_from": v}}]), ["hand"]),
    "any_of": (lambda v: _card(when=["face_up_on_field", {"any_of": v}]), ["your_end_phase"]),
    "first_of_each": (lambda v: _card(do={"add_to_hand": {"card": {"first_of_each": v}}}), [{"zones": "deck"}]),
    "on": (lambda v: _trigger(on=v), ["discarded"]),
    "if": (lambda v: _trigger(**{"if": v}), ["from_hand"]),
    "moment_kinds": (lambda v: _quick(moment_kinds=v), ["summoned"]),
}

TAKEN = {
    "aliases": {"name": CARD, "type": "monster", "aliases": []},
    "archetypes": {"name": CARD, "type": "monster", "archetypes": []},
    "rulings": {"name": CARD, "type": "monster", "rulings": []},
    "evidence": {"name": CARD, "type": "monster", "texts": [{}, {"since": "2020-01-01", "evidence": []}]},
}


def _schema_errors(card: dict[str, Any]) -> list[str]:
    import jsonschema

    validator = jsonschema.Draft202012Validator(card_schema())
    return [e.message for e in validator.iter_errors(card)]


@pytest.mark.parametrize("word", sorted(REFUSED))
def test_an_empty_list_that_can_only_be_a_mistake_is_refused_by_the_compiler_and_the_schema(word: str) -> None:
    written, listing = REFUSED[word]
    card = written([])
    with pytest.raises(CardFileError) as refused:
        compile_card(card, file="lighthouse.yaml")
    message = str(refused.value)
    assert f"'{word}' lists nothing" in message and CARD in message and "lighthouse.yaml" in message, message
    assert _schema_errors(card), f"the schema takes {word}: []"
    assert compile_card(written(listing)).name == CARD and not _schema_errors(written(listing)), "the fixture"


@pytest.mark.parametrize("word", sorted(TAKEN))
def test_a_cards_own_empty_list_of_names_or_ids_is_taken_by_both(word: str) -> None:
    assert compile_card(TAKEN[word]).name == CARD
    assert not _schema_errors(TAKEN[word])


def test_the_cli_check_exits_2_with_one_line_naming_file_card_and_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lighthouse.yaml"
    path.write_text(json.dumps(REFUSED["name_in"][0]([]), ensure_ascii=False), encoding="utf-8")
    assert main(["cards", "--check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert "lighthouse.yaml" in err and CARD in err and "texts[0].end_phase[0].when" in err and "'name_in'" in err
    assert "Traceback" not in err


def test_a_card_file_listing_no_card_is_refused_and_a_scenarios_empty_cards_list_is_taken(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.ocg.cards.data import read_card_file
    from toolkit.ocg.scenario import scenario_from_dict

    path = tmp_path / "nothing.yaml"
    path.write_text("[]\n", encoding="utf-8")
    assert main(["cards", "--check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "nothing.yaml" in err and "holds no card" in err, err
    with pytest.raises(CardFileError, match="nothing.yaml.*holds no card"):  # (as the user's card folder reads it)
        read_card_file(path)
    assert _schema_errors([])  # (the schema's array of cards: one at least)
    scenario = scenario_from_dict({"title": "no cards of its own", "turn_player": "A",
                                   "players": {"A": {}, "B": {}}, "cards": []})
    assert scenario.cards == ()


def test_a_card_listing_no_text_version_is_refused_by_the_compiler_and_the_schema() -> None:
    """(``texts: []`` was refused by the compiler, "no text version", and taken by the schema)"""
    card = {"name": CARD, "type": "monster", "texts": []}
    with pytest.raises(CardFileError, match="no text version"):
        compile_card(card, file="lighthouse.yaml")
    assert _schema_errors(card), "the schema takes texts: []"


def test_one_filter_written_where_a_list_of_filters_goes_is_taken_by_the_compiler_and_the_schema() -> None:
    """(``first_of_each: {zones: deck}``, one filter for a list of them, was taken by the compiler and
    refused by the schema: an editor flagged a card ``cards --check`` passed)"""
    card = REFUSED["first_of_each"][0]({"zones": "deck"})
    assert compile_card(card).name == CARD
    assert not _schema_errors(card)
