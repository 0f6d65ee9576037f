"""What ``cards --show`` prints of an effect is YAML that reads back as the
same effect: every ``field: value`` line of an effect parses, together, as one
mapping, and each condition, choice and verb step in it builds again into the
same terms — an ``either`` whose labels hold ``:``, ``,`` or ``#`` included
(trial 4 found ``{label: Special Summon it: to your field, do: ...}``, which
YAML reads as something else or refuses), and an ``only_if`` shown as its own
field, not glued to ``do``."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.cards.conftest import in_user_folder
from toolkit.cli import main
from toolkit.ocg.cards import behaviour, card_origin, registered_names
from toolkit.ocg.cards.data.compile import PARTS
from toolkit.ocg.cards.data.schema import describe_card
from toolkit.ocg.cards.data.terms import Param, check_param, words

TERM_TYPES = ("conditions", "steps", "choice", "trigger_tests", "link_test")
READ_BACK: dict[str, Param] = {p.name: p for fields in PARTS.values() for p in fields if p.type in TERM_TYPES}
"""The fields of an effect that hold terms, as the card format reads them."""

LABELS = ["Special Summon it: to your field", "add it, then draw", "banish it #2", "yes", "'quoted'", "10"]
OWN = {"name": "テスト用コロン竜", "type": "monster", "subtype": "effect", "texts": [{"end_phase": [
    {"key": "one of six", "mandatory": False, "chain_link": True, "when": ["sent_to_gy_this_turn"],
     "only_if": [{"in_zone": "gy"}],
     "do": {"either": [{"label": label, "do": {"draw": 1}} for label in LABELS]}}]}]}


def _effect_blocks(lines: list[str]) -> list[list[str]]:
    """The ``field: value`` lines under each effect's heading (six spaces in)."""
    blocks: list[list[str]] = []
    for line in lines:
        if line.startswith("    ") and not line.startswith("      "):
            blocks.append([])
        elif line.startswith("      ") and blocks:
            blocks[-1].append(line.strip())
    return blocks


def _check_reads_back(name: str) -> int:
    checked = 0
    for block in filter(None, _effect_blocks(describe_card(behaviour(name)))):
        written = yaml.safe_load("\n".join(block))  # the whole effect: one YAML mapping
        assert isinstance(written, dict) and len(written) == len(block), f"{name}: {block}"
        for line in block:
            field, _, shown = line.partition(": ")
            if field in READ_BACK:
                assert words(check_param(READ_BACK[field], written[field])) == shown, f"{name}: {line}"
                checked += 1
    return checked


def test_every_shipped_data_cards_shown_effects_read_back() -> None:
    names = sorted(n for n in registered_names() if card_origin(n).startswith("data:"))
    assert sum(_check_reads_back(name) for name in names) > 40


def test_an_own_cards_either_labels_with_colons_read_back_as_the_same_labels(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    in_user_folder(monkeypatch, tmp_path, [OWN])
    assert _check_reads_back(OWN["name"]) >= 2
    block = _effect_blocks(describe_card(behaviour(OWN["name"])))[0]
    written = yaml.safe_load("\n".join(block))
    assert [o["label"] for o in written["do"]["either"]] == LABELS
    only_if = READ_BACK["only_if"]
    assert words(check_param(only_if, written["only_if"])) == words(check_param(only_if, [{"in_zone": "gy"}]))


def test_cards_show_prints_the_quoted_labels(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    in_user_folder(monkeypatch, tmp_path, [OWN])
    assert main(["cards", "--show", OWN["name"]]) == 0
    shown = capsys.readouterr().out
    assert "{label: 'Special Summon it: to your field', do: {draw: 1}}" in shown
    do_line = next(line.strip() for line in shown.splitlines() if line.strip().startswith("do: "))
    assert yaml.safe_load(do_line)["do"]["either"][0]["label"] == LABELS[0]
