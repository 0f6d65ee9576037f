"""The executable ruling history (issue 4): every End Phase ruling re-derived
by the engine at its own date, the ruleset timeline checked against the table
both ways, and ``changes()`` across the rule-change dates.

One test per ruling (named after its id): a current ruling must agree under
the rules of its date and today's; a superseded one under its date but not
today's (it documents a real change).
"""

from __future__ import annotations

import datetime
from typing import Any

import pandas as pd
import pytest

from toolkit.data import load_rulings
from toolkit.history import (
    HistoryError,
    changes,
    fact_difference,
    ruling_ruleset,
    rulings_of,
    run_ruling,
    supersession_explanations,
    timeline_links,
    verify_rulings,
)
from toolkit.ocg.rulesets import FLAG_HISTORY, rule_change_dates

RULINGS = load_rulings()
MODELLED = sorted(RULINGS.loc[RULINGS["check"].notna(), "ruling_id"])
IN_SCOPE = RULINGS  # every ruling: 002's phase rulings since issue 6, 004's Duel Masters ones since issue 7
SIGN_QUESTION = "q_hysteric_sign_adjustment.yaml"


def ruling_row(ruling_id: str) -> dict[str, Any]:
    found = RULINGS[RULINGS["ruling_id"] == ruling_id]
    return {str(k): v for k, v in found.iloc[0].to_dict().items()}


_ANSWERS: dict[Any, Any] = {}
"""Each question a check asked (run_check's arguments) -> its answer, from this module's runs: a
test that counts the questions a run asks, from empty caches, takes the answers from here rather
than search again (each search takes the same seconds and gives the same answer)."""


def _answering(real: Any) -> Any:
    """``run_check``, answering a question asked before in this module from ``_ANSWERS``."""
    import toolkit.history.runs as runs

    def answer(*args: Any, **kwargs: Any) -> Any:
        check, scenarios, rules = args
        at = runs.positions_key(tuple(scenarios), scenarios)
        key = (check, tuple(scenarios.items()), runs._rules_key(rules, at), tuple(sorted(kwargs.items())))
        if key not in _ANSWERS:
            _ANSWERS[key] = real(*args, **kwargs)
        return _ANSWERS[key]

    return answer


@pytest.fixture(scope="module")
def verified() -> pd.DataFrame:
    import toolkit.history.checks as checks
    import toolkit.history.runs as runs

    with pytest.MonkeyPatch.context() as patch:  # keeps the answers, for the counting test below
        patch.setattr(checks, "run_check", _answering(checks.run_check))
        # runs made through the wrapper (which reads every rule to key its answers) are kept in a
        # memo of their own, dropped with the patch: the process's memo never learns their reads
        patch.setattr(runs, "_RUNS", runs.Memo(4096))
        return verify_rulings().set_index("ruling_id")


# --------------------------------------------------------------------------
# Every ruling, one test each
# --------------------------------------------------------------------------


@pytest.mark.parametrize("ruling_id", MODELLED)
def test_ruling_is_rederived(verified: pd.DataFrame, ruling_id: str) -> None:
    row = verified.loc[ruling_id]
    assert row["answer"] == row["expected"], (
        f"{ruling_id} under {row['ruleset']}: expected {row['expected']}, engine says {row['answer']} "
        f"({row['decided_by']})"
    )
    if row["status"] == "current":
        assert row["today_answer"] == row["expected"], f"{ruling_id} no longer holds under today's rules"
    else:
        assert row["today_answer"] != row["expected"], (
            f"{ruling_id} is superseded but today's rules give the same answer: it documents no change"
        )
    assert row["verified"]
    assert row["decided_by"], f"{ruling_id}: nothing in the trace decides it"


def test_every_end_phase_ruling_is_modelled_or_says_why() -> None:
    missing = IN_SCOPE[IN_SCOPE["check"].isna() & IN_SCOPE["not_modelled_reason"].isna()]
    assert missing.empty, list(missing["ruling_id"])


def test_not_modelled_rulings_are_few_and_explained(verified: pd.DataFrame) -> None:
    not_modelled = IN_SCOPE[IN_SCOPE["not_modelled_reason"].notna()]
    assert len(not_modelled) <= 5
    assert not_modelled["not_modelled_reason"].str.len().gt(20).all()
    faq_000 = not_modelled[
        (not_modelled["kind"] == "faq")
        & not_modelled["source"].str.startswith("000_")
        & not_modelled["topic"].isin(["hand_size_adjustment", "end_phase_order", "end_of_turn"])
    ]
    assert faq_000.empty, list(faq_000["ruling_id"])
    assert verified.loc[verified["not_modelled_reason"].notna(), "answer"].isna().all()


def test_verify_table_shape(verified: pd.DataFrame) -> None:
    table = verified.reset_index()
    assert list(table.columns[:5]) == ["ruling_id", "date", "status", "topic", "ruleset"]
    assert len(table) == len(IN_SCOPE)
    assert table["agrees"].dtype == "boolean" and table["date"].dtype == "datetime64[ns]"
    by_status = table.groupby("status", observed=True)["verified"].agg(["count", "sum"])
    assert (by_status["count"] == by_status["sum"]).all()
    assert set(by_status.index) == {"current", "superseded"}


def test_undated_rulings_run_under_the_rules_they_describe(verified: pd.DataFrame) -> None:
    assert verified.loc["ocg-undated-2011-horus-lv6-veiler", "ruleset"] == "ocg-2011"
    assert verified.loc["ocg-undated-2011-lyla-veiler", "ruleset"] == "ocg-2011"
    assert verified.loc["ocg-undated-wicked-worm-beast-grimoire-loop", "ruleset"] == "ocg-2013"
    assert verified.loc["ocg-undated-rulebook-mr3-end-phase-hand-limit", "ruleset"] == "ocg"
    assert verified.loc["ocg-160708-hysteric-sign-adjustment", "ruleset"] == "ocg@2016-07-08"
    dated = verified[verified["date"].notna() & verified["answer"].notna()]  # not-modelled rows run nowhere
    assert all(r == f"ocg@{d:%Y-%m-%d}" for r, d in zip(dated["ruleset"], dated["date"]))


@pytest.mark.parametrize(
    ("ruling_id", "rule", "flag"),
    [
        ("ocg-130330-hysteric-sign-adjustment", "H5", "end_phase_triggers_after_adjustment=True"),
        ("ocg-160708-hysteric-sign-adjustment", "H5", "end_phase_triggers_after_adjustment=False"),
        ("ocg-230116-ipiria-grimoire-no-activation", "H3", "post_adjustment_chained_triggers=False"),
        ("ocg-230116-kelbek-tearlaments-merrli", "H3", "post_adjustment_chained_triggers=False"),
        ("ocg-undated-adjustment-triggers-once-barred", "H2", "adjustment_triggers_activate=False"),
        ("ocg-151023-graff-breakthrough-skill", "E1", "turn_end_triggers_activate=True"),
        ("ocg-130330-manticore-adjustment", "H5", "H5 reversed: optional"),
        ("ocg-undated-2011-horus-lv6-veiler", "R8", "X1 card texts before 2014-07-10 (errata-2014-07-10)"),
    ],
)
def test_the_deciding_rule_is_named(verified: pd.DataFrame, ruling_id: str, rule: str, flag: str) -> None:
    row = verified.loc[ruling_id]
    assert row["decided_by"].startswith(rule + ":"), row["decided_by"]
    # optional End Phase triggers never activated after the adjustment: only the named reversal decides it
    assert flag in row["deciding_changes"], row["deciding_changes"]


def test_naming_the_deciding_rule_alone_names_the_same_rule_for_every_ruling(verified: pd.DataFrame) -> None:
    # what `endphase verify` prints: decided_by without asking every rule set one change away
    alone = verify_rulings(flips=False).set_index("ruling_id")
    assert alone["decided_by"].fillna("").to_dict() == verified["decided_by"].fillna("").to_dict()
    modelled = alone["answer"].notna()
    assert alone.loc[modelled, "deciding_changes"].isna().all() and alone.loc[modelled, "vacuous"].isna().all()
    assert not verified.loc[modelled, "deciding_changes"].isna().any()


@pytest.mark.parametrize("ruling_id", ["ocg-080803-readjust-after-hand-grows", "ocg-130330-manticore-adjustment",
                                       "ocg-undated-2011-horus-lv6-veiler"])
def test_naming_the_deciding_rule_asks_only_the_rule_sets_it_needs(monkeypatch: pytest.MonkeyPatch,
                                                                   ruling_id: str) -> None:
    import toolkit.history.checks as checks
    import toolkit.history.runs as runs

    asked: list[str] = []
    # a question asked before in this module (verify_rulings, the first of the two runs) takes the
    # answer it got then: each run's questions are still all asked and counted, from empty caches
    answer = _answering(checks.run_check)

    def counting(*args: Any, **kwargs: Any) -> Any:
        asked.append(args[2].name)
        return answer(*args, **kwargs)

    monkeypatch.setattr(checks, "run_check", counting)
    counts = {}
    decided = {}
    for flips in (True, False):
        monkeypatch.setattr(runs, "_RUNS", runs.Memo(4096))  # nothing cached from another test
        monkeypatch.setattr(runs, "_VALUES", runs.Memo(4096))
        asked.clear()
        run = run_ruling(ruling_row(ruling_id), flips=flips)
        counts[flips], decided[flips] = len(asked), run.decided_by
        assert run.flips_asked is flips
    assert decided[False] == decided[True]
    assert counts[True] >= 2 + 12 and counts[False] <= counts[True] // 2, counts


def test_a_wrong_expectation_is_reported_as_a_disagreement() -> None:
    row = ruling_row("ocg-160708-hysteric-sign-adjustment")
    row["expected"] = "yes"
    run = run_ruling(row)
    assert not run.agrees and run.own.answer == "no"
    assert not run.trace.empty and "H5" in " ".join(run.trace["notes"])


def test_run_ruling_errors_name_the_ruling() -> None:
    with pytest.raises(HistoryError, match="no ruling 'ocg-000000-nothing'"):
        run_ruling("ocg-000000-nothing")
    row = ruling_row("ocg-130327-peten-adjustment")
    with pytest.raises(HistoryError, match="ocg-130327-peten-adjustment: .*no shipped scenario 'nowhere.yaml'"):
        run_ruling({**row, "scenario": ["nowhere.yaml"]})
    with pytest.raises(HistoryError, match="ocg-130327-peten-adjustment: check: not valid JSON"):
        run_ruling({**row, "check": "{possible"})
    with pytest.raises(HistoryError, match="expected answer must be 'yes', 'no' or 'under_review'"):
        run_ruling({**row, "expected": "maybe"})
    with pytest.raises(HistoryError, match="has no check"):
        run_ruling({**row, "check": pd.NA})
    with pytest.raises(HistoryError, match="unknown ruleset 'ocg-1999'"):
        ruling_ruleset({**row, "ruleset": "ocg-1999"})


# --------------------------------------------------------------------------
# The ruleset timeline and the table, both ways
# --------------------------------------------------------------------------


def test_every_rule_change_is_justified_by_a_row_of_that_date() -> None:
    links = timeline_links()
    dated_flags = {h.flag for h in FLAG_HISTORY if h.changed is not None and h.before != h.after}
    assert dated_flags <= set(links.loc[links["kind"] == "flag", "what"])
    assert len(links) == len(rule_change_dates())
    for _, link in links.iterrows():
        assert link["justified_by"], f"{link['date']:%Y-%m-%d} {link['what']}: no ruling or event row of that date"
        assert not link["unknown_ids"], f"{link['what']} cites ids in neither table: {link['unknown_ids']}"


def test_every_superseding_ruling_has_the_rule_change_that_explains_it() -> None:
    explained = supersession_explanations().set_index("ruling_id")
    superseded = set(IN_SCOPE.loc[IN_SCOPE["status"] == "superseded", "ruling_id"])
    assert superseded <= set(explained.index)
    for rid, row in explained.iterrows():
        assert row["flips"], f"{rid}: the answer never flips between its rules and its successor"
        for flip in row["flips"]:
            day = pd.Timestamp(flip)
            assert row["from"] < day and (pd.isna(row["until"]) or day <= row["until"]), (rid, flip)
        assert row["explained_by"], f"{rid}: no rule change at {row['flips']} cites it, its successor or its event"


# --------------------------------------------------------------------------
# changes()
# --------------------------------------------------------------------------


def test_hysteric_sign_changes_once_on_2016_07_08() -> None:
    table = changes(SIGN_QUESTION, "2010-01-01", "2025-12-31")
    assert len(table) == 1
    change = table.iloc[0]
    assert change["date"] == pd.Timestamp("2016-07-08")
    assert (change["before"], change["after"]) == ("yes", "no")
    assert "ocg-160708-hysteric-sign-adjustment" in change["rulings"]
    assert "h5-end-phase-triggers-2016-07-08" in change["events"]
    assert "end_phase_triggers_after_adjustment: True -> False" in change["rule_changes"]


def test_changes_defaults_sweep_every_rule_change() -> None:
    swept = changes(SIGN_QUESTION, all_dates=True)
    days = sorted({c.date for c in rule_change_dates() if c.date <= datetime.date.today()})
    assert [d.date() for d in swept["date"][1:]] == days
    assert swept["changed"].sum() == 1
    assert swept["before"].isna().iloc[0]


def test_changes_with_a_check_given() -> None:
    table = changes("horus_lv6_veiler_2011.yaml", "2011-01-01", "2020-01-01",
                    check={"force:NTP": {"not": {"event": "special_summoned", "card": "ホルスの黒炎竜 LV８"}}})
    assert table["date"].tolist() == [pd.Timestamp("2014-07-10")]
    assert (table.loc[0, "before"], table.loc[0, "after"]) == ("no", "yes")
    assert table.loc[0, "events"] == ["errata-2014-07-10"]


def test_changes_without_a_check_compares_outcomes() -> None:
    table = changes("hysteric_sign_adjustment_2016.yaml", "2010-01-01", "2025-12-31")
    assert table["date"].tolist() == [pd.Timestamp("2016-07-08")]
    assert "lost: activated ヒステリック・サイン" in str(table.loc[0, "detail"])
    assert str(table.loc[0, "before"]).startswith("90 outcomes differing in activations (A): ヒステリック・サイン")
    assert str(table.loc[0, "after"]).startswith("7 outcomes differing in cards discarded (A): which 1 of these 7")


def test_changes_errors() -> None:
    with pytest.raises(HistoryError, match="no shipped scenario 'nowhere'"):
        changes("nowhere", "2010-01-01", "2020-01-01")
    with pytest.raises(HistoryError, match="end 2010-01-01 is before start 2020-01-01"):
        changes(SIGN_QUESTION, "2020-01-01", "2010-01-01")
    with pytest.raises(HistoryError, match="cannot read date 'soon'"):
        changes(SIGN_QUESTION, "soon")


def test_rulings_of_a_question_scenario() -> None:
    found = rulings_of(SIGN_QUESTION)
    assert sorted(found["ruling_id"]) == ["ocg-130330-hysteric-sign-adjustment", "ocg-160708-hysteric-sign-adjustment"]
    assert found["check"].nunique() == 1


def test_fact_difference() -> None:
    assert fact_difference(frozenset({"a"}), frozenset({"a"})) == ""
    assert fact_difference(frozenset({"a", "b"}), frozenset()) == "lost: a, b"


def test_changes_runs_the_scenario_it_is_given_not_a_cached_namesake() -> None:
    import dataclasses

    from toolkit.ocg.scenario import seed_scenario

    shipped = seed_scenario("q_hysteric_sign_adjustment")
    assert len(changes(shipped, "2010-01-01", "2025-12-31")) == 1
    hand = tuple(c for c in shipped.players["A"].hand if c != "ヒステリック・サイン") + ("増援",)
    without_sign = dataclasses.replace(
        shipped, players={"A": dataclasses.replace(shipped.players["A"], hand=hand), "B": shipped.players["B"]}
    )
    with pytest.raises(HistoryError, match="「ヒステリック・サイン」 .*is not in q_hysteric_sign_adjustment"):
        changes(without_sign, "2010-01-01", "2025-12-31")  # its ruling's check names a card it no longer holds


def test_verify_rulings_progress_bar_goes_to_stderr_and_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """progress=True shows a tqdm bar (stderr in a terminal) and gives the same table."""
    quiet = verify_rulings()
    loud = verify_rulings(progress=True)
    captured = capsys.readouterr()
    assert "verify_rulings" in captured.err and captured.out == ""
    pd.testing.assert_frame_equal(quiet.drop(columns="seconds"), loud.drop(columns="seconds"))


def test_changes_progress_bar_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    sign = "q_hysteric_sign_adjustment.yaml"
    quiet = changes(sign, "2010-01-01", "2025-12-31")
    loud = changes(sign, "2010-01-01", "2025-12-31", progress=True)
    assert "changes" in capsys.readouterr().err
    pd.testing.assert_frame_equal(quiet, loud)
