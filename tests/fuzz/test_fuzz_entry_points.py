"""Hostile input through standard input, the tables ``validate`` reads, card
files and the options of the other commands (see entry_points.py): each
attack ends in one clear line that says what is wrong, or in a valid run.

The default (ci) profile runs the attacks marked fast; ``make fuzz``
(``HYPOTHESIS_PROFILE=thorough``) runs every one.
"""

from __future__ import annotations

import os
from pathlib import Path

import entry_points
import hostile
import pytest

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE", "ci") == "thorough"
ATTACKS = [a for a in entry_points.all_attacks() if THOROUGH or a.fast]


@pytest.mark.parametrize("attack", ATTACKS, ids=[f"{a.case.cls}: {a.case.name}" for a in ATTACKS])
def test_attack(attack: entry_points.Attack, tmp_path: Path) -> None:
    result = entry_points.run_attack(attack, tmp_path)
    hostile.record(attack.case.cls, result.outcome, result)
    assert entry_points.passed(attack, result), (result.outcome, result.status, result.message, attack.says)
    if result.peak_mb is not None and result.peak_mb == result.peak_mb:
        assert result.peak_mb < 400, f"peak memory {result.peak_mb:.0f} MB"


def test_every_class_has_a_fast_attack_and_a_valid_control() -> None:
    """The ci subset touches every class, and the classes hold valid runs (a
    runner that refuses everything would pass the error cases)."""
    attacks = entry_points.all_attacks()
    classes = {a.case.cls for a in attacks}
    assert classes == {a.case.cls for a in attacks if a.fast}
    assert {a.case.cls for a in attacks if a.case.expect == "ok"} >= {"standard input", "card files", "options"}


def test_passed_can_fail() -> None:
    """A clear error whose message lacks what the attack expects is a failure."""
    attack = entry_points.all_attacks()[0]
    vague = hostile.Result(attack.case, "clear", 2, "error: something", 0.0)
    assert not entry_points.passed(attack, vague)
    assert entry_points.passed(attack, hostile.Result(attack.case, "clear", 2, f"error: {attack.says}", 0.0))
