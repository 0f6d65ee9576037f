"""Names as people write them: the TCG English name, other English names (aliases), the
kana reading of a kanji name — the card data says them, a user card may too, and one
folding (toolkit.fields.fold) reads them all.  A name with a comma split by a YAML flow
list is refused with the hint to quote it."""

from __future__ import annotations

import pytest

from toolkit.errors import ScenarioError
from toolkit.fields import CardNames
from toolkit.ocg.cards import shipped_catalogue
from toolkit.ocg.cards.data.compile import CardFileError, compile_card
from toolkit.ocg.scenario import parse_scenario, scenario_from_dict


@pytest.mark.parametrize(("typed", "key"), [
    ("Cyclone", "サイクロン"), ("cyclone", "サイクロン"), ("Mystical Space Typhoon", "サイクロン"),
    ("ししゃそせい", "死者蘇生"), ("シシャソセイ", "死者蘇生"), ("ごうよくなつぼ", "強欲な壺"),
    ("Sasuke Samurai #2", "言語道断侍"),  # an English name holding the copy mark is the whole name
    ("TG Striker", "ＴＧ ストライカー"),
])
def test_the_catalogue_finds_a_card_by_any_name_people_use(typed: str, key: str) -> None:
    assert shipped_catalogue().lookup(typed).name == key


def test_a_scenario_reads_an_alias_and_a_reading_as_the_card() -> None:
    s = scenario_from_dict({"title": "t", "turn_player": "A",
                            "players": {"A": {"hand": ["Cyclone", "ししゃそせい"]}}})
    assert s.players["A"].hand == ("サイクロン", "死者蘇生")


def test_every_kanji_name_has_a_kana_reading() -> None:
    catalogue = shipped_catalogue()
    missing = [n for n in catalogue.names()
               if any("\u4e00" <= ch <= "\u9fff" for ch in n) and not catalogue.behaviour(n).reading]
    assert not missing


def test_suggestions_rank_by_reading_and_alias() -> None:
    names = shipped_catalogue().card_names
    assert names.nearest("ししゃそせ")[0] == "死者蘇生"
    assert names.nearest("Cyclon")[0] == "サイクロン"


def test_a_user_card_declares_its_aliases_and_reading() -> None:
    mine = compile_card({"name": "試験竜", "type": "monster", "english": "Test Dragon",
                         "aliases": ["Testy"], "reading": "しけんりゅう"})
    names = shipped_catalogue().with_cards([mine]).card_names
    assert names.lookup("testy") == names.lookup("しけんりゅう") == "試験竜"


def test_a_reading_is_kana() -> None:
    with pytest.raises(CardFileError, match="kana"):
        compile_card({"name": "試験竜", "type": "monster", "reading": "shiken"})


def test_a_user_alias_that_reads_as_a_shipped_card_is_refused() -> None:
    mine = compile_card({"name": "試験竜", "type": "monster", "aliases": ["cyclone"]})
    with pytest.raises(CardFileError, match="other name reads as the shipped card サイクロン"):
        shipped_catalogue().with_cards([mine])


def test_merged_tables_keep_the_aliases() -> None:
    one = CardNames(["サイクロン"], {"サイクロン": "Mystical Space Typhoon"}, {"サイクロン": ["Cyclone"]})
    two = CardNames(["死者蘇生"], {}, {"死者蘇生": ["ししゃそせい"]})
    merged = CardNames.merge([one, two])
    assert merged.lookup("Cyclone") == "サイクロン" and merged.lookup("ししゃそせい") == "死者蘇生"


def test_a_name_with_a_comma_in_a_flow_list_says_to_quote_it() -> None:
    text = """title: t
turn_player: A
cards:
  - {name: 試験ルミナス, english: "Lumina, Lightsworn Summoner", type: monster}
players:
  A:
    field: [Lumina, Lightsworn Summoner]
"""
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text)
    message = str(caught.value)
    assert "「Lumina, Lightsworn Summoner」 is one card" in message
    assert "a name with a comma must be quoted" in message
    quoted = text.replace("[Lumina, Lightsworn Summoner]", '["Lumina, Lightsworn Summoner"]')
    assert parse_scenario(quoted).players["A"].field[0].name == "試験ルミナス"


def test_the_tables_read_the_same_names() -> None:
    """The data layer (rulings_about, a question's 《》) reads the card files' aliases and readings
    too, without the engine."""
    from toolkit.data import rulings_about
    from toolkit.data.queries import resolve_card

    assert resolve_card("ししゃそせい") == "死者蘇生" and resolve_card("Cyclone") == "サイクロン"
    assert len(rulings_about("Cyclone")) == len(rulings_about("サイクロン")) >= 1
