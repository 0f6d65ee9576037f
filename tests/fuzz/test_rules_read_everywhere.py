"""Every ruling, every counterfactual: the ones taken as unchanged because the own run never read the
rules they change (``toolkit.core.reads``) answer as the own run when searched for real.  Thorough
(a few seconds per ruling with a large position): ``make fuzz`` runs it; ``make test`` runs the same
check on a few rulings (tests/test_rules_read.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

if os.environ.get("HYPOTHESIS_PROFILE") != "thorough":
    pytest.skip("thorough: make fuzz", allow_module_level=True)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_rules_read import RULINGS, answers_asked_for_real  # noqa: E402

MODELLED = sorted(RULINGS.loc[RULINGS["check"].notna() & RULINGS["expected"].isin(["yes", "no"]), "ruling_id"])


@pytest.mark.parametrize("ruling_id", MODELLED)
def test_no_counterfactual_taken_as_unchanged_answers_otherwise(ruling_id: str) -> None:
    wrong = [label for label, vouched, real, own in answers_asked_for_real(ruling_id) if vouched and real != own]
    assert not wrong, f"{ruling_id}: taken as unchanged but the answer differs under {wrong}"


@pytest.mark.parametrize("ruling_id", MODELLED)
def test_no_date_taken_as_reading_the_same_texts_answers_otherwise(ruling_id: str) -> None:
    from test_rules_read import _texts_vouched

    wrong = [label for label, vouched, real, own in _texts_vouched(ruling_id) if vouched and real != own]
    assert not wrong, f"{ruling_id}: its cards taken as reading the same texts but the answer differs under {wrong}"
