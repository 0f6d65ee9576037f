"""A card file of the user's folder rewritten within one tick of the filesystem's clock (the same size,
the same modification time) is read again: the catalogue is not remembered by times that cannot tell the
two versions apart."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.own_cards import PALADIN, PALADIN_FILE
from toolkit.ocg.cards import default_catalogue

NAME, CARD = PALADIN, PALADIN_FILE


def _mandatory(text: object) -> bool:
    return bool(getattr(text, "end_phase")[0].mandatory)


def test_a_card_rewritten_with_the_same_size_and_time_is_read_again(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cards").mkdir()
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path))
    card = tmp_path / "cards" / "paladin.yaml"
    card.write_text(CARD.replace("MANDATORY", "true "), encoding="utf-8")
    first = default_catalogue()
    assert _mandatory(first.text_at(NAME, None)) is True
    assert default_catalogue() is first  # unchanged: remembered
    seen = card.stat()
    card.write_text(CARD.replace("MANDATORY", "false"), encoding="utf-8")  # the same size
    os.utime(card, ns=(seen.st_atime_ns, seen.st_mtime_ns))  # as a write within the same tick leaves it
    assert card.stat().st_size == seen.st_size and card.stat().st_mtime_ns == seen.st_mtime_ns
    again = default_catalogue()
    assert _mandatory(again.text_at(NAME, None)) is False
    assert default_catalogue() is again  # the new text: remembered by its content meanwhile
