"""A scenario with cards of its own (its ``cards:`` list, compiled into closures pickle cannot carry) goes to
a process pool as it was written: ``changes`` over it with ``ProcessPoolExecutor(2)`` gives the serial table
(it failed: "Can't pickle local object"), and the scenario unpickled reads its own cards, not a shipped card
of the same name."""

from __future__ import annotations

import copy
import pickle
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pandas as pd
import pytest

from tests.own_cards import DESTROYS_ITSELF, monster_entry, on_the_field_of_a
from toolkit.history import changes
from toolkit.ocg.scenario import CardSpec, PlayerSetup, Scenario, load_scenario

LAMP = "テスト用：たそがれのランプ"

SCENARIO = on_the_field_of_a("a lamp of the scenario's own on the field in A's End Phase", LAMP) + monster_entry(LAMP, "Twilight Lamp", level=3, attribute="LIGHT") + f"""\
    texts:
      - note: destroys itself in its controller's End Phase
{DESTROYS_ITSELF}"""


@pytest.fixture()
def lamp_file(tmp_path: Path) -> Path:
    path = tmp_path / "lamp.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def test_a_scenario_with_its_own_cards_pickles_and_reads_them_unpickled(lamp_file: Path) -> None:
    scenario = load_scenario(lamp_file)
    back = pickle.loads(pickle.dumps(scenario))
    assert back == scenario and back.cards_key == scenario.cards_key and back.source == scenario.source
    assert back.catalogue.is_user_card(LAMP) and back.catalogue == scenario.catalogue
    text = back.catalogue.behaviour(LAMP).text_at(None)
    assert [e.key for e in text.end_phase] == ["destroy itself"]


def test_a_card_written_in_python_is_refused_by_name_and_copies_keep_it() -> None:
    from toolkit.ocg.cards.base import CardBehaviour, CardText, CardType

    card = CardBehaviour(name="テスト用：Pythonのランプ", card_type=CardType.MONSTER, texts=(CardText(),))
    scenario = Scenario(title="a card written in Python", turn_player="A", cards=(card,),
                        players={"A": PlayerSetup(field=(CardSpec(card.name),)), "B": PlayerSetup()})
    with pytest.raises(pickle.PicklingError, match="テスト用：Pythonのランプ"):
        pickle.dumps(scenario)
    assert copy.copy(scenario).cards[0] is card and copy.deepcopy(scenario).cards[0] is card


def test_changes_over_a_scenario_with_its_own_cards_in_two_processes_is_the_serial_table(lamp_file: Path) -> None:
    scenario = load_scenario(lamp_file)
    serial = changes(scenario, all_dates=True)
    assert len(serial) > 1 and serial["after"].str.contains(LAMP).all()  # (its own card acts at every date)
    with ProcessPoolExecutor(max_workers=2) as pool:
        by_path = changes(str(lamp_file), all_dates=True, executor=pool)
        given = changes(scenario, all_dates=True, executor=pool)
    pd.testing.assert_frame_equal(given, serial)
    pd.testing.assert_frame_equal(by_path, serial)
