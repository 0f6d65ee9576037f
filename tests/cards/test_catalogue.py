"""The card catalogue as a value: what the user's card folder gives, read again when it changes, and
what it refuses — every time, in one line naming the files — instead of letting one card win."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cards.conftest import in_user_folder, write_cards
from toolkit.cli import main
from toolkit.ocg.cards import default_catalogue, shipped_catalogue
from toolkit.ocg.cards.data.compile import CardFileError

CARD = {"name": "目録テスト", "english": "Catalogue Test", "type": "monster"}


def test_a_card_folder_is_read_again_when_a_file_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = in_user_folder(monkeypatch, tmp_path, [CARD])
    first = default_catalogue()
    assert first.is_user_card("目録テスト") and default_catalogue() is first  # remembered while nothing changes
    write_cards(tmp_path / "cards", [dict(CARD, english="Catalogue Test, edited")])
    os.utime(path, ns=(1, 1))  # another modification time, whatever the clock's resolution
    again = default_catalogue()
    assert again is not first and again.behaviour("目録テスト").english == "Catalogue Test, edited"
    path.unlink()
    assert "目録テスト" not in default_catalogue() and default_catalogue() == shipped_catalogue()


def test_two_files_defining_one_card_differently_are_refused_naming_both(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    in_user_folder(monkeypatch, tmp_path, [CARD], "a.yaml")
    write_cards(tmp_path / "cards", [dict(CARD, type="spell")], "b.yaml")
    for _ in range(2):  # refused every time, never skipped after the first
        with pytest.raises(CardFileError, match="defined twice, differently") as refused:
            default_catalogue()
        assert "a.yaml" in str(refused.value) and "b.yaml" in str(refused.value)
    write_cards(tmp_path / "cards", [CARD], "b.yaml")  # the same definition twice is one card
    assert default_catalogue().behaviour("目録テスト").card_type.value == "monster"


def test_a_card_file_written_in_capitals_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    in_user_folder(monkeypatch, tmp_path, [CARD], "MINE.YAML")
    assert default_catalogue().is_user_card("目録テスト")


@pytest.mark.parametrize("hidden", ["\u200b", "\u200d", "\u2060", "\ufeff", "\u202e", "\u00ad", "\x1b", "\ufe0f"])
def test_a_name_with_an_invisible_character_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       hidden: str) -> None:
    path = write_cards(tmp_path, [dict(CARD, name=f"エフェクト{hidden}・ヴェーラー")])
    assert main(["cards", "--check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "invisible character" in err and f"U+{ord(hidden):04X}" in err
    from toolkit.ocg.cards import load_card_definitions

    with pytest.raises(CardFileError, match="invisible character"):
        load_card_definitions(path)


def test_catalogues_are_equal_by_their_cards_content() -> None:
    from toolkit.ocg.cards.data.compile import compile_card

    one = shipped_catalogue().with_cards([compile_card(CARD, file="x.yaml")])
    other = shipped_catalogue().with_cards([compile_card(CARD, file="y.yaml")])
    changed = shipped_catalogue().with_cards([compile_card(dict(CARD, english="Other"), file="x.yaml")])
    assert one == other and hash(one) == hash(other) and one != changed
    assert one.user_files == {"目録テスト": "x.yaml"} and other.user_files == {"目録テスト": "y.yaml"}


def test_checking_many_cards_of_ones_own_grows_linearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """10,000 one-card files took 71 s: every shipped name was folded again for each card of one's own.
    The work (calls of the name folding) for 2N cards is at most ~2.5 times that for N, and each card
    more costs a few foldings (its own names), not one per shipped card."""
    import toolkit.fields
    from toolkit.ocg.cards.data.compile import compile_card

    calls = [0]
    real = toolkit.fields.fold

    def counted(text: str) -> str:
        calls[0] += 1
        return real(text)

    monkeypatch.setattr(toolkit.fields, "fold", counted)

    def work(n: int) -> int:
        calls[0] = 0
        base = shipped_catalogue().with_cards([compile_card({"name": "成長テスト基準", "type": "monster"})])
        base.with_cards([compile_card({"name": f"成長テスト{n}-{i}", "english": f"Growth {n} {i}", "type": "monster"})
                         for i in range(n)])
        return calls[0]

    small, large = work(200), work(400)
    assert large <= 2.5 * small and large - small <= 5 * 200, (small, large)
