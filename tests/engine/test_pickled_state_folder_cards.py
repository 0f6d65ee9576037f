"""A State whose position holds a card of the user's card folder (``$ENDPHASE_USER_DIR/cards``) carries that
card as written when it is pickled: unpickled where the folder holds another text of the card (a worker after
the user edited the file, a Dask worker on another machine) or no folder at all, it reads the text it was built
with. It carried nothing: unpickled, it read the folder there — another text, searched silently into other
outcomes, or no card at all (a traceback)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from toolkit.core.search import explore
from toolkit.ocg.cards.catalogue import fingerprint
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import State

LAMP = "テスト用：書斎のランプ"

DESTROYS_ITSELF = f"""\
name: {LAMP}
type: monster
subtype: effect
level: 3
texts:
  - end_phase:
      - key: destroy itself
        mandatory: true
        chain_link: true
        when: [face_up_on_field, your_end_phase]
        do: {{destroy: {{card: itself, if_in: field}}}}
"""

DOES_NOTHING = f"name: {LAMP}\ntype: monster\nsubtype: effect\nlevel: 3\n"


def _folder(root: Path, text: str | None) -> Path:
    (root / "cards").mkdir(parents=True)
    if text is not None:
        (root / "cards" / "lamp.yaml").write_text(text, encoding="utf-8")
    return root


def _outcomes(state: State) -> list[str]:
    return sorted(o.outcome.text() for o in explore(state).outcomes)


@pytest.mark.parametrize("there", ["another text", "no card"])
def test_a_state_reading_a_card_of_the_folder_reads_the_same_text_unpickled_elsewhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, there: str) -> None:
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(_folder(tmp_path / "here", DESTROYS_ITSELF)))
    start = initial_state(scenario_from_dict({"title": "a lamp of the card folder", "turn_player": "A",
                                              "players": {"A": {"field": [LAMP]}, "B": {}}}))
    written = fingerprint(start.tables.catalogue.behaviour(LAMP))
    pickled, outcomes = pickle.dumps(start), _outcomes(start)
    assert any("A.graveyard" in o for o in outcomes), outcomes
    elsewhere = _folder(tmp_path / "there", DOES_NOTHING if there == "another text" else None)
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(elsewhere))
    back = pickle.loads(pickled)
    assert back == start and fingerprint(back.tables.catalogue.behaviour(LAMP)) == written
    assert _outcomes(back) == outcomes


def test_a_state_of_shipped_cards_only_carries_none_of_the_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(the folder's cards the position does not hold stay behind: the pickle does not grow with the folder)"""
    from toolkit.ocg.state_pickling import own_cards

    monkeypatch.setenv("ENDPHASE_USER_DIR", str(_folder(tmp_path / "here", DESTROYS_ITSELF)))
    start = initial_state(scenario_from_dict({"title": "shipped cards only", "turn_player": "A",
                                              "players": {"A": {"field": ["ミストデーモン"]}, "B": {}}}))
    assert LAMP in start.tables.catalogue
    assert own_cards(start.tables.catalogue, start.tables.user_files) == ()
