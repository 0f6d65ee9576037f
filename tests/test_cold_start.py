"""What a new process does once, done cheaply without changing a result: the user's card folder is
found once per environment (a search asks for it thousands of times), yet follows the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.ocg.cards import default_catalogue, shipped_catalogue
from toolkit.ocg.cards.data.reading import user_card_folder


def test_the_user_card_folder_follows_the_environment_it_is_remembered_by(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path / "one"))
    assert user_card_folder() == tmp_path / "one" / "cards"
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path / "two"))
    assert user_card_folder() == tmp_path / "two" / "cards"
    monkeypatch.delenv("ENDPHASE_USER_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_card_folder() == tmp_path / "home" / "endphase-scenarios" / "cards"
    (tmp_path / "home" / "endphase-scenarios" / "cards").mkdir(parents=True)
    (tmp_path / "home" / "endphase-scenarios" / "cards" / "mine.yaml").write_text(
        "name: 試験の家\ntype: monster\n", encoding="utf-8")
    assert default_catalogue().is_user_card("試験の家")
    monkeypatch.setenv("HOME", str(tmp_path / "elsewhere"))
    assert "試験の家" not in default_catalogue() and default_catalogue() is shipped_catalogue()
