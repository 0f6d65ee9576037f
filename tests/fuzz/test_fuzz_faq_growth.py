"""Every shape of tests/test_faq_linear.py, read by both readers (``make fuzz``):
four times the input costs at most 2.5 × 2.5 times the work."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_faq_linear import PER_DOUBLING, SHAPES, growth  # noqa: E402


@pytest.mark.parametrize("function", ["import_page", "rulings_from_faq"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_every_shape_grows_linearly(shape: str, function: str) -> None:
    make, size = SHAPES[shape]
    ratio = growth(function, make, size, trials=5)
    assert ratio <= PER_DOUBLING ** 2, f"{shape}: 4× the input cost {ratio:.1f}× the work"
