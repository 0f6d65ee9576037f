"""A value YAML reads as something other than text, a number or a list (``2019-01-01`` is a date, ``2019-01-01
10:00:00`` a date and time, ``!!binary`` data bytes) is named in the user's words where a card or scenario file
says it is of the wrong kind: "'note' must be a text, not a date (2019-01-01)", never the Python repr
("datetime.date(2019, 1, 1)") it used to print."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

PYTHON = re.compile(r"datetime\.|b'|b\"|\bNone\b")

CARD = """\
name: 試しの砂時計
english: ENGLISH
type: monster
subtype: effect
level: LEVEL
attribute: EARTH
texts:
  - note: NOTE
    end_phase:
      - key: KEY
        mandatory: true
        chain_link: true
        when: [face_up_on_field, your_end_phase]
        do: {destroy: {card: itself, if_in: IF_IN}}
"""
GOOD = {"ENGLISH": "Trial Hourglass", "LEVEL": "2", "NOTE": "destroys itself", "KEY": "destroy itself",
        "IF_IN": "field"}


@pytest.mark.parametrize("field", sorted(GOOD))
@pytest.mark.parametrize(("written", "words"), [
    ("2019-01-01", "a date (2019-01-01)"),
    ("2019-01-01 10:00:00", "a date and time (2019-01-01 10:00:00)"),
    ("!!binary eHk=", "binary data (2 bytes)"),
    ("[2019-01-01, x]", "[2019-01-01, 'x']"),
])
def test_a_card_field_of_the_wrong_kind_is_named_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, written: str, words: str) -> None:
    from toolkit.cli import main

    text = CARD
    for key, value in GOOD.items():
        text = text.replace(key, written if key == field else value)
    path = tmp_path / "hourglass.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["cards", "--check", str(path)]) == 2
    said = capsys.readouterr().err.strip()
    assert len(said.splitlines()) == 1 and "hourglass.yaml" in said, said
    assert f"not {words}" in said or (field == "IF_IN" and words in said), said
    assert not PYTHON.search(said), said


def test_the_reported_note_of_the_known_defect(tmp_path: Path) -> None:
    """The line a user met: a text version's note written as a date."""
    from toolkit.errors import ToolkitError
    from toolkit.ocg.cards import load_card_definitions

    path = tmp_path / "mine.yaml"
    path.write_text(CARD.replace("NOTE", "2019-01-01").replace("ENGLISH", "Trial Hourglass").replace("LEVEL", "2")
                    .replace("KEY", "destroy itself").replace("IF_IN", "field"), encoding="utf-8")
    with pytest.raises(ToolkitError) as raised:
        load_card_definitions(path)
    assert "'note' must be a text, not a date (2019-01-01)" in str(raised.value), str(raised.value)


@pytest.mark.parametrize(("field", "text"), [
    ("title", "title: 2019-01-01\nturn_player: A\nplayers: {A: {}, B: {}}\n"),
    ("turn_player", "title: t\nturn_player: 2019-01-01\nplayers: {A: {}, B: {}}\n"),
    ("players.A.hand[0]", "title: t\nturn_player: A\nplayers: {A: {hand: [2019-01-01]}, B: {}}\n"),
    ("players.A", "title: t\nturn_player: A\nplayers: {A: 2019-01-01 10:00:00, B: {}}\n"),
])
@pytest.mark.parametrize("game", ["ocg", "duel_masters"])
def test_a_scenario_field_of_the_wrong_kind_is_named_in_words(field: str, text: str, game: str) -> None:
    from toolkit.errors import ToolkitError
    from toolkit.games import parse_any_scenario

    written = text if game == "ocg" else f"game: {game}\n{text}"
    with pytest.raises(ToolkitError) as raised:
        parse_any_scenario(written, source="mine.yaml")
    said = str(raised.value)
    assert f"field '{field}'" in said and "a date" in said, said
    assert not PYTHON.search(said), said


def test_quoted_and_described_dates_read_as_written() -> None:
    from toolkit.errors import describe, quoted

    day, moment = datetime.date(2019, 1, 1), datetime.datetime(2019, 1, 1, 10, 0)
    assert quoted(day) == describe(day) == "a date (2019-01-01)"
    assert quoted(moment) == describe(moment) == "a date and time (2019-01-01 10:00:00)"
    assert quoted({"since": day}) == "{'since': 2019-01-01}"
    assert quoted(b"\x00" * 10**6) == "binary data (1,000,000 bytes)"
