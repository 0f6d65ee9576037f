"""Rulesets by date: flags, their boundaries, the registry and the evidence ids."""

from __future__ import annotations

import csv
import dataclasses
import datetime
from pathlib import Path

import pytest

from toolkit.engine import RULESETS, Ruleset, get_ruleset, rule_change_dates, ruleset_at, ruleset_names
from toolkit.errors import ToolkitError
from toolkit.ocg.cards import behaviour, registered_names
from toolkit.ocg.rulesets import FLAG_HISTORY, UnknownRulesetError

DATASETS = Path(__file__).resolve().parents[2] / "datasets"


def ids(name: str, column: str) -> set[str]:
    with (DATASETS / name).open(encoding="utf-8") as handle:
        return {row[column] for row in csv.DictReader(handle)}


@pytest.mark.parametrize("history", FLAG_HISTORY, ids=[h.flag for h in FLAG_HISTORY])
def test_flag_changes_exactly_on_its_date(history) -> None:  # type: ignore[no-untyped-def]
    if history.changed is None:
        assert getattr(ruleset_at("2000-01-01"), history.flag) == getattr(ruleset_at(None), history.flag)
        return
    day_before = history.changed - datetime.timedelta(days=1)
    assert getattr(ruleset_at(day_before), history.flag) == history.before
    assert getattr(ruleset_at(history.changed), history.flag) == history.after
    assert history.before != history.after


def test_every_flag_is_documented_in_its_field_metadata() -> None:
    documented = {f.name for f in dataclasses.fields(Ruleset) if "history" in f.metadata}
    assert documented == {h.flag for h in FLAG_HISTORY}
    priority = next(h for h in FLAG_HISTORY if h.flag == "priority_after_forced_process")
    assert "調査中" in priority.doubts and "原則とずれる" in priority.doubts


def test_named_rulesets() -> None:
    assert ruleset_names()[0] == "ocg" and "ocg-2011" in RULESETS
    today, old = RULESETS["ocg"], RULESETS["ocg-2011"]
    assert today.as_of is None and old.as_of == datetime.date(2011, 9, 1)
    assert (old.adjustment_triggers_activate, old.end_phase_triggers_after_adjustment,
            old.post_adjustment_chained_triggers, old.turn_end_triggers_activate) == (True, True, True, True)
    assert RULESETS["ocg-2008"].adjustment_triggers_activate is False  # before 08/08/03 (H2)
    assert (today.adjustment_triggers_activate, today.end_phase_triggers_after_adjustment,
            today.post_adjustment_chained_triggers, today.turn_end_triggers_activate) == (True, False, False, False)
    assert today.priority_after_forced_process == "performer"


def test_unknown_ruleset_and_bad_dates_are_toolkit_errors() -> None:
    with pytest.raises(UnknownRulesetError, match="known: ocg"):
        get_ruleset("ocg-1999")
    with pytest.raises(ToolkitError, match="YYYY-MM-DD"):
        ruleset_at("13/03/30")
    with pytest.raises(UnknownRulesetError, match="unknown ruleset flag"):
        RULESETS["ocg"].with_flags(priority_after_every_thing="x")


def test_rule_change_dates_cover_flags_and_card_texts() -> None:
    changes = rule_change_dates()
    assert [c.date for c in changes] == sorted(c.date for c in changes)
    flags = {(c.date.isoformat(), c.what) for c in changes if c.kind == "flag"}
    assert flags == {("2008-08-03", "adjustment_triggers_activate"),
                     ("2016-07-08", "end_phase_triggers_after_adjustment"),
                     ("2017-03-01", "turn_end_triggers_activate"),
                     ("2023-01-16", "post_adjustment_chained_triggers")}
    veiler = [c for c in changes if c.kind == "card_text" and c.what == "エフェクト・ヴェーラー"]
    assert [c.date for c in veiler] == [datetime.date(2014, 7, 10)] and "errata-2014-07-10" in veiler[0].events
    for change in changes:  # every change date really changes ruleset_at or a text
        before, after = change.date - datetime.timedelta(days=1), change.date
        if change.kind == "flag":
            assert getattr(ruleset_at(before), change.what) != getattr(ruleset_at(after), change.what)
        else:
            b = behaviour(change.what)
            assert b.text_at(before) != b.text_at(after)


def test_evidence_ids_exist_in_the_datasets() -> None:
    rulings = ids("rulings.csv", "ruling_id")
    events = ids("events.csv", "event_id")
    for change in rule_change_dates():
        assert set(change.rulings) <= rulings, change
        assert set(change.events) <= events, change
    for h in FLAG_HISTORY:
        assert {r.id for r in h.rulings} | set(h.undated) <= rulings, h.flag
        assert set(h.events) <= events, h.flag
        for ref in h.rulings:
            assert ref.id[4:10] == ref.date.strftime("%y%m%d"), ref.id
    for name in registered_names():
        for text in behaviour(name).texts:
            assert {e for e in text.evidence if e.startswith("ocg-")} <= rulings, name
            assert {e for e in text.evidence if not e.startswith("ocg-")} <= events, name


def test_scenario_layer_sees_the_ruleset_registry() -> None:
    from toolkit.ocg.scenario import known_ruleset_names

    assert known_ruleset_names() == frozenset(RULESETS)
