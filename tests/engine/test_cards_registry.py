"""The card registry as a whole: every card the rulings name has a behaviour,
every ruling a behaviour cites exists, names are spelled as in the seeds."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from toolkit.data import load_rulings
from toolkit.ocg.cards import behaviour, registered_names

END_PHASE_TOPICS = {"hand_size_adjustment", "end_phase_order", "end_of_turn", "errata_2014"}


def test_every_card_an_end_phase_ruling_names_has_a_behaviour() -> None:
    rulings = load_rulings()
    names = set(registered_names())
    missing = sorted(
        {
            card
            for row in rulings.itertuples()
            if row.game == "ocg" and str(row.topic) in END_PHASE_TOPICS
            for card in row.cards
            if card not in names
        }
    )
    assert not missing


def test_cited_rulings_exist() -> None:
    ids = set(load_rulings()["ruling_id"])
    for name in registered_names():
        for ruling in behaviour(name).rulings:
            assert ruling in ids, (name, ruling)


@pytest.mark.parametrize("name", registered_names())
def test_names_are_japanese_keys_with_an_english_gloss(name: str) -> None:
    b = behaviour(name)
    assert b.name == name and "《" not in name and "》" not in name
    assert b.english, f"{name} has no English name"
    assert name == name.strip()


def test_names_are_spelled_exactly_as_in_the_seeds(seeds_dir: Path) -> None:
    seed_names: set[str] = set()
    for path in sorted(seeds_dir.glob("00[0-3]_*.txt")):
        seed_names.update(re.findall(r"《([^》]+)》", path.read_text(encoding="utf-8")))
    folds: dict[str, set[str]] = {}
    for spelled in seed_names:
        folds.setdefault(unicodedata.normalize("NFKC", spelled), set()).add(spelled)
    checked = 0
    for name in registered_names():
        spellings = folds.get(unicodedata.normalize("NFKC", name))
        if spellings:
            checked += 1
            assert name in spellings, (name, sorted(spellings))
    assert checked >= 40, "most registered cards are named in the seeds"
