"""datasets/cards.csv's behaviour columns agree with the behaviours the engine plays.

Each of the derived columns (toolkit.ocg.cards.facts) is compared, for every
OCG card the table and the engine both know.  A blank cell makes no claim
(for example a card printed after the 2014 errata has no duration before it).
A difference the engine does not model is listed below with its reason; any
other difference fails, naming the card and the column.
"""

from __future__ import annotations

import pandas as pd
import pytest

from toolkit.data import load_cards
from toolkit.ocg.cards import shipped_catalogue
from toolkit.ocg.cards.facts import FACT_COLUMNS, card_facts

NOT_MODELLED = {
    ("彼岸の悪鬼 ファーファレル", "end_phase_effect"):
        "the engine models whether its (3) can be activated (the rulings' question), not the return of the "
        "monster it banishes",
    ("彼岸の悪鬼 ファーファレル", "duration_after_2014"):
        "the banished monster's return is not modelled (see end_phase_effect)",
    ("ＴＧ ラッシュ・ライノ", "sent_to_gy_trigger"):
        "a scenario filler for T.G. Striker's search: its own trigger is on no ruling's path",
}


def _table() -> pd.DataFrame:
    cards = load_cards()
    return cards[cards["game"] == "ocg"]


def _claim(value: object, column: str) -> str | bool | None:
    if value is None or pd.isna(value):  # type: ignore[call-overload]
        return None
    return bool(value) if column == "sent_to_gy_trigger" else str(value)


CARDS = sorted(str(n) for n in _table()["name_ja"])


def test_every_listed_card_is_usable_and_every_usable_card_is_listed() -> None:
    """One catalogue: a card `endphase cards` lists can be used in a scenario, and a card a
    scenario can use is in the table (the user trial found 12 listed cards unknown and two
    usable cards unlisted)."""
    listed = set(CARDS)
    usable = set(shipped_catalogue().names())
    assert not sorted(listed - usable), f"listed in cards.csv but Unknown card: {sorted(listed - usable)}"
    assert not sorted(usable - listed), f"usable but not in cards.csv: {sorted(usable - listed)}"
    assert len(CARDS) >= 80


@pytest.mark.parametrize("name", CARDS)
def test_card_columns_agree_with_the_behaviour(name: str) -> None:
    row = _table().set_index("name_ja").loc[name]
    facts = card_facts(name)
    wrong = []
    for column in FACT_COLUMNS:
        claim = _claim(row[column], column)
        if claim is None or (name, column) in NOT_MODELLED:
            continue
        if claim != facts[column]:
            wrong.append(f"{column}: the table says {claim!r}, the behaviour {facts[column]!r}")
    assert not wrong, f"cards.csv row {name}: " + "; ".join(wrong)


@pytest.mark.parametrize("key", sorted(NOT_MODELLED))
def test_every_listed_difference_is_still_a_difference(key: tuple[str, str]) -> None:
    name, column = key
    row = _table().set_index("name_ja").loc[name]
    assert _claim(row[column], column) != card_facts(name)[column], (
        f"{name}'s {column} now agrees with the behaviour: drop it from NOT_MODELLED")


def test_a_wrong_cell_is_caught() -> None:
    """The counterfactual: Treeborn Frog's optional Standby process stated as none."""
    facts = card_facts("黄泉ガエル")
    assert facts["end_phase_effect"] == "optional"
    assert _claim("none", "end_phase_effect") != facts["end_phase_effect"]


def test_the_card_type_column_agrees_with_the_behaviour() -> None:
    """《生還の宝札》 is a Continuous Spell (it was typed trap in both the table and the card data)."""
    catalogue = shipped_catalogue()
    wrong = [f"{row.name_ja}: table {row.card_type}, behaviour {catalogue.behaviour(str(row.name_ja)).card_type.value}"
             for row in _table().itertuples()
             if catalogue.behaviour(str(row.name_ja)).card_type.value != str(row.card_type)]
    assert not wrong
    assert catalogue.behaviour("生還の宝札").card_type.value == "spell"
