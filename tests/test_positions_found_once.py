"""One run of a ruling finds the positions its runs are remembered by once (the scenarios with the
cards they may use: each finding looks at the user's card folder again), and the next run finds them
again, so a card added to the folder between two runs is a change of the positions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import toolkit.history.deciding as deciding
import toolkit.history.runs as runs
from toolkit.data import load_rulings

RULING = "ocg-160708-hysteric-sign-adjustment"


def _row() -> dict[str, Any]:
    table = load_rulings()
    return {str(k): v for k, v in table[table["ruling_id"] == RULING].iloc[0].to_dict().items()}


def test_a_run_of_a_ruling_finds_its_positions_once(monkeypatch: pytest.MonkeyPatch) -> None:
    found: list[tuple[Any, ...]] = []
    real = runs.positions_key

    def counted(names: tuple[str, ...], scenarios: Any) -> tuple[Any, ...]:
        found.append(real(names, scenarios))
        return found[-1]

    monkeypatch.setattr(runs, "positions_key", counted)
    monkeypatch.setattr(deciding, "positions_key", counted)
    monkeypatch.setattr(runs, "_RUNS", runs.Memo(4096))  # every run made here, whatever ran before
    monkeypatch.setattr(runs, "_VALUES", runs.Memo(4096))
    run = runs.run_ruling(_row())
    assert run.agrees and len(run.counterfactuals) > 5  # a counterfactual asked for each
    assert len(found) == 1


def test_a_card_added_to_the_users_folder_between_two_runs_changes_the_positions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path))
    row = _row()
    names = tuple(str(n) for n in row["scenario"])
    before = runs.positions_key(names, runs.scenarios_of(RULING, names))
    runs.run_ruling(row)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "test_card.yaml").write_text("name: 試験カード\ntype: monster\n", encoding="utf-8")
    after = runs.positions_key(names, runs.scenarios_of(RULING, names))
    assert after != before
    run = runs.run_ruling(row)
    assert run.agrees  # a card no scenario holds changes no answer
    key = (str(row["check"]), after, runs._rules_key(run.rules, after))
    assert runs._RUNS.get(key) is not None  # the second run is remembered by the positions found then
