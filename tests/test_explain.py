"""When a ruling disagrees: which rule change explains it, and when it must have happened.

The proof on the shipped history: each dated OCG rule event is left out of the game's history (a
``rules_at`` given to the search, never a patch of the process); the search must propose the change
left out first, in a window bounded by the rulings that rest on it and holding the modelled date.
"""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

import toolkit
from toolkit.cli import main
from toolkit.core.game import Counterfactual, register, unregister
from toolkit.data import load_rulings
from toolkit.games import game_named
from toolkit.history import run_ruling
from toolkit.history.explaining import NOTHING, explain_disagreement
from toolkit.history.rediscovery import history_without, rediscover

sys.path.insert(0, str(Path(__file__).resolve().parent))
import toy_game  # noqa: E402

OCG = game_named("ocg")
EVENTS = {c.rule: c for c in OCG.rule_changes()}


def test_every_dated_ocg_rule_event_is_looked_for() -> None:
    assert sorted(EVENTS) == ["E1", "H2", "H3", "H5", "X1"]
    # one event per rule (the card texts of one day are one change): the parametrised tests see them all
    assert len({(c.rule, c.date) for c in OCG.rule_changes()}) == len(EVENTS)


@pytest.mark.parametrize("rule", ["H2", "X1", "H5", "E1", "H3"])
def test_a_change_left_out_is_found_again_within_the_rulings_window(rule: str) -> None:
    change = EVENTS[rule]
    found = rediscover(OCG, change, pairs=False)
    w = found.window
    print(f"{rule}: proposed after {w and w.after} ({w and w.after_ruling}), by {w and w.by} "
          f"({w and w.by_ruling}); modelled {change.date}")
    assert found.explanation.disagreeing, "leaving the change out must make some ruling disagree"
    assert found.first, found.explanation.text()
    assert w is not None and w.consistent
    assert w.after is None or w.after < change.date <= (w.by or datetime.date.max)
    # the window is bounded by dated rulings whose check the change flips (as verify reports them)
    table = load_rulings().set_index("ruling_id")
    bounds = [(rid, day) for rid, day in ((w.after_ruling, w.after), (w.by_ruling, w.by)) if rid]
    assert bounds
    for rid, day in bounds:
        assert table.loc[rid, "date"].date() == day
        assert any(label.startswith(f"{rule} ") for label in run_ruling(rid).flipped_by), rid


@pytest.mark.xfail(strict=True, reason="the 08/08/03 ruling's check does not rest on H2 (only H4 and R1 flip it): "
                                       "the rulings bound the H2 change at 12/08/08, not at its proxy date")
def test_h2_window_ends_on_the_ruling_its_date_is_taken_from() -> None:
    found = rediscover(OCG, EVENTS["H2"], pairs=False)
    assert found.window is not None and found.window.by == datetime.date(2008, 8, 3)


def test_several_disagreeing_rulings_are_grouped_under_the_change_that_explains_them() -> None:
    table = load_rulings()
    asked = table[table["date"] >= pd.Timestamp("2016-07-08")]
    found = explain_disagreement(asked, table, rules_at=history_without(OCG, EVENTS["H5"]), pairs=False)
    assert set(found.disagreeing) == {"ocg-160708-hysteric-sign-adjustment", "ocg-170305-catsith-hysteric-sign"}
    groups = found.groups()
    assert len(groups) == 1
    (name, members), = groups.items()
    assert name.startswith("H5: no 「エンドフェイズ時」 trigger activates") and set(members) == set(found.disagreeing)
    best = found.hypotheses[0]
    assert best.breaks == () and best.kept == len(table[table["check"].notna()])
    text = found.text()
    assert "end_phase_triggers_after_adjustment" not in text and "Ruleset(" not in text
    assert "H5 window: after 2013-03-30 (ocg-130330-hysteric-sign-adjustment), no later than 2016-07-08" in text


def _mine(expected: str = "yes") -> pd.DataFrame:
    table = load_rulings()
    row = table[table["ruling_id"] == "ocg-160708-hysteric-sign-adjustment"].copy()
    row["ruling_id"], row["expected"] = "user-160708-sign-flipped", expected
    return pd.concat([table, row], ignore_index=True)


def test_a_users_ruling_that_contradicts_a_shipped_one_breaks_it_and_no_date_fits() -> None:
    found = toolkit.explain_disagreement("user-160708-sign-flipped", _mine())
    best = found.hypotheses[0]
    assert best.explains == ("user-160708-sign-flipped",)
    assert best.breaks == ("ocg-160708-hysteric-sign-adjustment",)
    assert not best.windows[0].consistent
    assert "no date fits: user-160708-sign-flipped (2016-07-08) needs the old rule after " \
           "ocg-160708-hysteric-sign-adjustment (2016-07-08) needs the new one" in found.text()


# --------------------------------------------------------------------------
# The pair search, once, on the toy game
# --------------------------------------------------------------------------


def _two_changes(rules: toy_game.ToyRules) -> tuple[Counterfactual, ...]:
    """The toy's one flag and a card-text-like change of its date: two changes, one pair."""
    return (*toy_game.counterfactuals(rules),
            Counterfactual("T9 the texts of 2000-01-01", rules.with_flags(as_of=datetime.date(2000, 1, 1))))


@pytest.fixture()
def toy() -> Iterator[toolkit.games.Game]:
    class TwoChanges(toy_game.ToyGame):
        def counterfactuals(self, rules: toy_game.ToyRules) -> tuple[Counterfactual, ...]:
            return _two_changes(rules)

    game = register(TwoChanges())
    try:
        yield game
    finally:
        unregister(game.name)


def _toy_rulings(check: str, expected: str) -> pd.DataFrame:
    table = load_rulings().iloc[:0].copy()
    table["game"] = table["game"].astype("string")
    row = {c: pd.NA for c in table.columns}
    row.update({"ruling_id": "toy-200401-x", "game": "toy", "kind": "qa", "date": pd.Timestamp("2020-04-01"),
                "date_precision": "day", "topic": "end_phase_order", "cards": ["トイ・ドロワー"],
                "question_ja": "？", "answer_ja": "いいえ。", "summary_en": "x", "verdict": "no",
                "status": "current", "hidden_in_source": False, "source": "a test fixture",
                "scenario": ["toy/toy_end.yaml"], "check": check, "expected": expected, "check_en": "x"})
    return pd.concat([table, pd.DataFrame([row])], ignore_index=True)


def test_pairs_are_tried_only_when_no_single_change_explains_bounded(toy: toolkit.games.Game) -> None:
    never = _toy_rulings('{"possible": {"event": "drew"}}', "no")  # the drawer always draws: nothing explains
    found = explain_disagreement("toy-200401-x", never)
    assert (found.singles, found.pairs, found.pairs_skipped) == (2, 1, 0)
    assert found.hypotheses == () and found.unexplained["toy-200401-x"].startswith(NOTHING)
    assert "look at its check and expected answer (no), its scenario's position (toy/toy_end.yaml)" in found.text()
    assert explain_disagreement("toy-200401-x", never, pair_limit=0).pairs_skipped == 1
    flipped = _toy_rulings('{"possible_order": [{"event": "lp_gained"}, {"event": "drew"}]}', "no")
    single = explain_disagreement("toy-200401-x", flipped)  # T3 alone explains it: no pair is tried
    assert single.pairs == 0 and single.hypotheses[0].statements[0].startswith("T3: ")


# --------------------------------------------------------------------------
# endphase verify --explain
# --------------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_verify_explain_on_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from toolkit.data import to_contract_csv

    status, out, _ = _run(capsys, "verify", "--explain", "--ruling", "ocg-160708-hysteric-sign-adjustment")
    assert status == 0 and "nothing to explain" in out
    table = _mine()
    path = tmp_path / "mine.csv"
    path.write_text(to_contract_csv(table[table["ruling_id"] == "user-160708-sign-flipped"].assign(
        ruling_id="user-160708-sign-flipped"), "rulings"), encoding="utf-8")
    status, out, _ = _run(capsys, "verify", "--explain", "--rulings", str(path), "--only-mine")
    assert status == 1 and "\n1. H5: a mandatory" in out
    assert out.splitlines()[1].split() == ["#", "rule", "window", "(the", "rulings", "allow)", "modelled", "explains",
                                           "keeps", "breaks", "fixes"]
    status, out, _ = _run(capsys, "verify", "--explain", "--rulings", str(path), "--only-mine", "--json")
    data = json.loads(out)
    assert status == 1 and data["disagreeing"] == ["user-160708-sign-flipped"]
    assert data["hypotheses"][0]["windows"][0]["consistent"] is True  # alone, no shipped ruling contradicts it
    status, out, err = _run(capsys, "verify", "--explain", "--ruling", "ocg-no-such-ruling")
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_the_window_chart_shows_the_rulings_and_the_modelled_date() -> None:
    from toolkit.analysis.rule_windows import plot_windows

    found = rediscover(OCG, EVENTS["H5"], pairs=False)
    chart = plot_windows([found])
    assert "H5 (never happened)" in chart.texts()
    needs = chart.data.set_index("ruling_id")["needs"]
    assert needs["ocg-130330-hysteric-sign-adjustment"] == "old" and needs["ocg-160708-hysteric-sign-adjustment"] == "new"
    assert chart.png().startswith(b"\x89PNG")
