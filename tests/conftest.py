"""Shared fixtures.

The seed files live in ../shared/seeds beside the project (in CI and in the
developers' checkouts) but not in a user's clone. Tests that read them take the
``seeds_dir`` fixture: it skips with a reason when the folder is absent, and
fails instead when CI=true, so CI can never silently skip them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis profiles: HYPOTHESIS_PROFILE=ci (the default: few examples, the
# same ones every run) or thorough (thousands of fresh examples; make fuzz).
settings.register_profile(
    "ci", max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SEEDS_DIR = Path(os.environ.get("ENDPHASE_SEEDS", PROJECT_ROOT.parent / "shared" / "seeds"))
SEED_000 = "000_a9e0e0f7c8ec137b.txt"
SEED_001 = "001_a292a77a254a02c3.txt"
SEED_002 = "002_756b9499af651e6b.txt"
SEED_003 = "003_c459b006291aa8b3.txt"
SEED_004 = "004_cd29c789ac3abe14.txt"
SPEC_FILE = Path(os.environ.get("ENDPHASE_SPEC", SEEDS_DIR.parent / "spec" / "END_PHASE_RULES.md"))
"""The English rules reading with the rule ids (beside the seeds, like them not in a user's clone)."""


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The folder of seed files, or skip (fail in CI) when it is absent."""
    if not (SEEDS_DIR / SEED_000).is_file():
        msg = f"seed files not found at {SEEDS_DIR} (set ENDPHASE_SEEDS to point at them)"
        if _in_ci():
            pytest.fail(msg + "; CI=true, so this is an error, not a skip")
        pytest.skip(msg)
    return SEEDS_DIR


@pytest.fixture(scope="session")
def spec_file() -> Path:
    """The English rules reading, or skip (fail in CI) when it is absent."""
    if not SPEC_FILE.is_file():
        msg = f"the rules reading was not found at {SPEC_FILE} (set ENDPHASE_SPEC to point at it)"
        if _in_ci():
            pytest.fail(msg + "; CI=true, so this is an error, not a skip")
        pytest.skip(msg)
    return SPEC_FILE


@pytest.fixture(scope="session")
def project_root() -> Path:
    return PROJECT_ROOT
