"""A run remembered for one ruling is another's only where every card its scenarios may use reads the same
text at both dates: a scenario's own card whose text changes on a date of its own (no shipped card changes
then) makes two rulings of one era of the shipped texts read different texts. Review r3: the run of the
earlier ruling answered the later one, so ``verify_rulings`` gave an answer that depended on which ruling
ran first."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from tests.own_cards import DESTROYS_ITSELF, monster_entry, on_the_field_of_a

LAMP = "ゆうぐれのランプ"

SCENARIO = on_the_field_of_a("a lamp on the field in A's End Phase", LAMP) + monster_entry(LAMP, "Dusk Lamp", level=3, attribute="LIGHT") + f"""\
    texts:
      - note: first text, destroys itself in the End Phase
{DESTROYS_ITSELF}      - since: 2019-01-01
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


HONEST = f"""\
title: Honest's ATK gain lingers on a lamp
turn_player: A
players:
  A:
    field:
      - name: {LAMP}
  B: {{}}
lingering:
  - source: オネスト
    controller: A
    effect: atk_gain
    target: {LAMP}
"""


def test_the_table_is_the_one_asking_every_counterfactual(lamp_rulings: pd.DataFrame, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """verify's answers and flips on rulings of one's own are those of searching every counterfactual: the
    rules a run never read (R4 where an ATK gain until the end of the turn lingers, or none does) and the
    card texts of another date (a card with an errata of its own) are taken as the own answer only where a
    search would give it."""
    import toolkit.history.deciding as deciding
    import toolkit.history.runs as runs
    from toolkit.data import load_rulings
    from toolkit.history import verify_rulings

    (tmp_path / "honest.yaml").write_text(HONEST.replace("players:", "cards:\n" + SCENARIO.split("cards:\n")[1]
                                                         + "players:", 1), encoding="utf-8")
    ended_first = "{possible_order: [{event: effect_ended}, {event: destroyed, card: %s}]}" % LAMP
    (tmp_path / "honest_rulings.yaml").write_text(
        _ruling("user-150601-lamp-destroyed-under-honest", "2015-06-01", "yes").replace("lamp.yaml", "honest.yaml")
        + _ruling("user-150601-honest-ends-after-the-lamp", "2015-06-01", "no").replace("lamp.yaml", "honest.yaml")
        .replace("{possible: {event: destroyed, card: %s}}" % LAMP, ended_first), encoding="utf-8")
    table = load_rulings(extra=tmp_path / "honest_rulings.yaml")
    rulings = pd.concat([lamp_rulings, table[table["ruling_id"].str.startswith("user-")]], ignore_index=True)
    columns = ["ruling_id", "answer", "today_answer", "decided_by", "flipped_by", "vacuous"]
    for memo in ("_RUNS", "_VALUES"):
        monkeypatch.setattr(runs, memo, runs.Memo(4096))
    shortcut = verify_rulings(rulings)[columns].astype(str)
    for memo in ("_RUNS", "_VALUES"):
        monkeypatch.setattr(runs, memo, runs.Memo(4096))
    for name in ("same_answer", "same_answer_at_other_texts"):
        monkeypatch.setattr(deciding, name, lambda *args, **kwargs: False)
    monkeypatch.setattr(runs, "same_answer", lambda *args, **kwargs: False)
    every = verify_rulings(rulings)[columns].astype(str)
    assert shortcut.to_dict("records") == every.to_dict("records")
    flipped = dict(zip(every["ruling_id"], every["flipped_by"]))
    assert "X1" in flipped["user-200601-lamp-stays"] and "R4" in flipped["user-150601-honest-ends-after-the-lamp"], \
        "no card text nor R4 flips an answer here: the test shows nothing"


def test_verify_says_a_current_ruling_failing_today_no_longer_holds(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A current ruling that holds at its date and fails today (its card's errata of 2019 ends it) is not one
    that "still holds under today's rules": that is what a superseded ruling failing today is told."""
    from toolkit.cli import main

    (tmp_path / "lamp.yaml").write_text(SCENARIO, encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(_ruling("user-180601-lamp-destroyed", "2018-06-01", "yes"), encoding="utf-8")
    assert main(["verify", "--rulings", str(tmp_path / "mine.yaml"), "--only-mine"]) == 1
    out = capsys.readouterr().out
    assert "FAIL user-180601-lamp-destroyed" in out and "today no" in out, out
    assert "still under today's rules" not in out, out
    assert "not under today's rules" in out, out


def test_a_scenarios_own_card_text_change_is_a_counterfactual_named_by_its_card(lamp_rulings: pd.DataFrame,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Review r3: the counterfactuals of a ruling were the card-text dates of the shipped cards only. The lamp's
    own errata of 2019 flips both rulings: the 2018 one was called vacuous, and the 2020 one's flip was put on
    the shipped errata of 2014 alone. Each flip that reads the lamp's other text now names the lamp and 2019."""
    import toolkit.history.runs as runs
    from toolkit.history import verify_rulings

    for memo in ("_RUNS", "_VALUES"):
        monkeypatch.setattr(runs, memo, runs.Memo(4096))
    table = verify_rulings(lamp_rulings)
    flipped = {str(r): list(f) for r, f in zip(table["ruling_id"], table["flipped_by"])}
    vacuous = dict(zip(table["ruling_id"], table["vacuous"]))
    lamp_2019 = f"the card texts of 《{LAMP}》 changed on 2019-01-01"
    assert not vacuous["user-180601-lamp-destroyed"], flipped
    assert flipped["user-180601-lamp-destroyed"] == [f"X1 {lamp_2019}, read as from that change (errata-2019-01-01)"]
    assert flipped["user-200601-lamp-stays"][0] == f"X1 {lamp_2019}, read as before that change (errata-2019-01-01)"
    assert all(lamp_2019 in label for label in flipped["user-200601-lamp-stays"]), flipped  # 2014's says so too
    decided = dict(zip(table["ruling_id"], table["decided_by"]))
    assert LAMP in decided["user-200601-lamp-stays"] and "2019-01-01" in decided["user-200601-lamp-stays"], decided


def test_the_sensitivity_grid_has_a_column_for_the_cards_own_change(lamp_rulings: pd.DataFrame) -> None:
    """The grid asks the same counterfactuals as verify: the lamp's 2019 change is a column, flipping both."""
    from toolkit.analysis.sensitivity import sensitivity_grid

    grid = sensitivity_grid(rulings=lamp_rulings)
    column = f"X1 card texts of {LAMP} on 2019-01-01"
    assert column in grid.columns, list(grid.columns)
    assert grid[column].tolist() == [True, True]
