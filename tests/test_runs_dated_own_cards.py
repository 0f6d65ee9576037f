"""A run remembered for one ruling is another's only where every card its scenarios may use reads the same
text at both dates: a scenario's own card whose text changes on a date of its own (no shipped card changes
then) makes two rulings of one era of the shipped texts read different texts. Review r3: the run of the
earlier ruling answered the later one, so ``verify_rulings`` gave an answer that depended on which ruling
ran first."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

LAMP = "ゆうぐれのランプ"

SCENARIO = f"""\
title: a lamp on the field in A's End Phase
turn_player: A
players:
  A:
    field:
      - name: {LAMP}
  B: {{}}
cards:
  - name: {LAMP}
    english: Dusk Lamp
    type: monster
    subtype: effect
    level: 3
    attribute: LIGHT
    texts:
      - note: first text, destroys itself in the End Phase
        end_phase:
          - key: destroy itself
            mandatory: true
            chain_link: true
            when: [face_up_on_field, your_end_phase]
            do: {{destroy: {{card: itself, if_in: field}}}}
      - since: 2019-01-01
        evidence: [errata-2019-01-01]
        note: errata, nothing in the End Phase
"""


def _ruling(rid: str, date: str, expected: str) -> str:
    return f"""\
- ruling_id: {rid}
  date: {date}
  question_ja: 《{LAMP}》はエンドフェイズに破壊されますか？
  answer_ja: {"はい" if expected == "yes" else "いいえ"}。
  cards: [{LAMP}]
  source: review r3 fixture (a card of the scenario's own, with an errata of its own)
  scenario: [lamp.yaml]
  check: {{possible: {{event: destroyed, card: {LAMP}}}}}
  expected: "{expected}"
  check_en: the lamp is destroyed in the End Phase
"""


@pytest.fixture()
def lamp_rulings(tmp_path: Path) -> pd.DataFrame:
    from toolkit.data import load_rulings

    (tmp_path / "lamp.yaml").write_text(SCENARIO, encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(_ruling("user-180601-lamp-destroyed", "2018-06-01", "yes")
                                        + _ruling("user-200601-lamp-stays", "2020-06-01", "no"), encoding="utf-8")
    table = load_rulings(extra=tmp_path / "mine.yaml")
    return table[table["ruling_id"].str.startswith("user-")].reset_index(drop=True)


@pytest.mark.parametrize("first", [0, 1])
def test_each_ruling_reads_its_own_dates_text_whatever_ran_before(lamp_rulings: pd.DataFrame, first: int,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import toolkit.history.runs as runs
    from toolkit.history import run_ruling

    monkeypatch.setattr(runs, "_RUNS", runs.Memo(4096))
    monkeypatch.setattr(runs, "_VALUES", runs.Memo(4096))
    order = [first, 1 - first]
    answers = {str(lamp_rulings.loc[i, "ruling_id"]): run_ruling(lamp_rulings.loc[i].to_dict()).own.answer
               for i in order}
    assert answers == {"user-180601-lamp-destroyed": "yes", "user-200601-lamp-stays": "no"}
