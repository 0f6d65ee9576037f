"""A card file of one's own is judged alike by ``cards --check`` and by the card folder that uses it:
an other name or a reading that reads as a shipped card is refused by both, naming its field (fixture
cards written here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.cli import main
from toolkit.ocg.cards import shipped_catalogue
from toolkit.ocg.cards.data.compile import CardFileError, compile_card

Capture = pytest.CaptureFixture[str]

CARD = """name: 試験竜ドラグーン
english: Test Dragoon
reading: {reading}
aliases: [{alias}]
type: monster
subtype: effect
"""


def _check(capsys: Capture, path: Path) -> tuple[int, str]:
    status = main(["cards", "--check", str(path)])
    out, err = capsys.readouterr()
    return status, out + err


@pytest.mark.parametrize(("alias", "reading", "field", "said"), [
    ("Cyclone", "しけんりゅうどらぐーん", "aliases", "remove the other name Cyclone"),
    ("ｻｲｸﾛﾝ", "しけんりゅうどらぐーん", "aliases", "remove the other name ｻｲｸﾛﾝ"),
    ("《サイクロン》", "しけんりゅうどらぐーん", "aliases", "remove the other name 《サイクロン》"),
    ("Dragoon", "さいくろん", "reading", "give your card another reading"),
])
def test_check_refuses_what_the_card_folder_refuses(capsys: Capture, tmp_path: Path, alias: str, reading: str,
                                                    field: str, said: str) -> None:
    path = tmp_path / "dragoon.yaml"
    path.write_text(CARD.format(alias=f'"{alias}"', reading=reading), encoding="utf-8")
    status, text = _check(capsys, path)
    assert status == 2 and len(text.strip().splitlines()) == 1, text
    assert f"field '{field}'" in text and "reads as the shipped card サイクロン" in text and said in text
    mine = compile_card({"name": "試験竜ドラグーン", "type": "monster", "aliases": [alias], "reading": reading})
    with pytest.raises(CardFileError) as refused:
        shipped_catalogue().with_cards([mine])
    assert refused.value.field == field and said in str(refused.value)


def test_check_still_passes_a_card_whose_names_are_its_own(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "dragoon.yaml"
    path.write_text(CARD.format(alias='"Dragoon"', reading="しけんりゅうどらぐーん"), encoding="utf-8")
    status, text = _check(capsys, path)
    assert status == 0 and "試験竜ドラグーン: OK" in text


@pytest.mark.parametrize("command", [["rulings", "--card"], ["cards", "--show"], ["export"]])
def test_a_card_name_typed_with_an_escape_is_not_echoed_raw(capsys: Capture, command: list[str]) -> None:
    typed = "\x1b[2J\x1b[31mヒステリック"
    status = main([*command, typed] if command[0] != "export" else ["export", typed, "--out", "-", "--format", "md"])
    out, err = capsys.readouterr()
    assert status == 2 and "\x1b" not in out + err, err
    assert "Unknown card 「\\x1b[2J\\x1b[31mヒステリック」" in err
