"""A card of one's own whose trigger is written ``on: discarded`` (YAML 1.1 reads the bare key ``on`` as
true, so the card as written holds a key true beside its text keys) is remembered by its content like any
other: a scenario holding it reads, pickles and unpickles, a State of it pickles, and a card folder holding it
is read. The digest of the card as written (and the text a carried card is remembered by) sorted its keys and
failed comparing true with a text: a traceback from every command once the card was in the folder (while
``cards --check`` said OK), and from reading a scenario with the card in its ``cards:``."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from toolkit.ocg.cards.catalogue import fingerprint
from toolkit.ocg.cards.data.carried import canonical_text
from toolkit.ocg.cards.data.compile import compile_card
from toolkit.ocg.scenario import load_scenario
from toolkit.ocg.setup import initial_state

BELL = "テスト用：読書室の鐘"

CARD = f"""\
- name: {BELL}
  type: monster
  subtype: effect
  level: 3
  texts:
    - triggers:
        - key: draw one
          on: discarded
          mandatory: true
          do: {{draw: 1}}
"""

SCENARIO = f"""\
title: a bell of the scenario's own
turn_player: A
players:
  A:
    field:
      - name: {BELL}
  B: {{}}
cards:
{CARD}"""


def test_a_scenario_with_its_own_card_written_with_on_reads_and_pickles(tmp_path: Path) -> None:
    path = tmp_path / "bell.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    scenario = load_scenario(path)
    back = pickle.loads(pickle.dumps(scenario))
    assert back == scenario and back.catalogue.behaviour(BELL).text_at(None).triggers[0].key == "draw one"
    start = initial_state(scenario)
    assert pickle.loads(pickle.dumps(start)) == start


def test_a_card_folder_holding_a_card_written_with_on_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.ocg.cards import default_catalogue

    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "bell.yaml").write_text(CARD, encoding="utf-8")
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path))
    assert default_catalogue().is_user_card(BELL)


def test_on_and_its_true_key_are_one_text_and_the_digest_tells_texts_apart() -> None:
    def bell(key: object, on: str) -> dict[object, object]:
        trigger = {"key": "draw one", key: on, "mandatory": True, "do": {"draw": 1}}
        return {"name": BELL, "type": "monster", "texts": [{"triggers": [trigger]}]}

    as_read, as_text = compile_card(bell(True, "discarded")), compile_card(bell("on", "discarded"))
    assert fingerprint(as_read) == fingerprint(as_text)
    assert fingerprint(as_read) != fingerprint(compile_card(bell(True, "sent_to_gy")))
    assert canonical_text(bell(True, "discarded")) != canonical_text(bell(True, "sent_to_gy"))


def test_a_scenario_saved_writes_the_trigger_with_on_and_reads_back_equal(tmp_path: Path) -> None:
    """(it wrote ``true: discarded``, the key as YAML had read it)"""
    from toolkit.ocg.scenario import parse_scenario
    from toolkit.ocg.scenario.write import dump_scenario

    path = tmp_path / "bell.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    scenario = load_scenario(path)
    text = dump_scenario(scenario)
    assert "true: discarded" not in text and "on': discarded" in text, text
    assert parse_scenario(text) == scenario
