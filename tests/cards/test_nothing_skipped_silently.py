"""Nothing dropped or changed without a word (issue 31, item 3): what ``cards
--check`` skips in a folder is listed with why; a card folder that is a file is
refused in one line, every time; a ``cards`` cell naming a card no card has is
said (file, row, column, the nearest cards)."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest
import yaml

from tests import in_process
from toolkit.data import load_rulings
from toolkit.errors import RulingWarning, ToolkitError
from toolkit.ocg.cards import default_catalogue

CARD = {"name": "試験カード", "type": "monster", "texts": [{"end_phase": []}]}


def test_cards_check_lists_what_it_skipped_and_why(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    (folder / "old").mkdir(parents=True)
    (folder / "mine.YAML").write_text(yaml.safe_dump(CARD, allow_unicode=True), encoding="utf-8")
    (folder / "README.txt").write_text("my cards\n", encoding="utf-8")
    done = in_process.endphase(["cards", "--check", str(folder)])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"{folder / 'mine.YAML'}: 試験カード: OK (1 text version)"
    assert f"{folder / 'README.txt'}: skipped, not a card file: only *.yaml and *.yml files are read" in lines
    assert f"{folder / 'old'}: skipped, a folder: card files are read from the folder itself, not from folders inside it" in lines
    (folder / "mine.YAML").unlink()
    done = in_process.endphase(["cards", "--check", str(folder)])
    assert done.returncode == 2 and "holds no card file (*.yaml, *.yml); skipped: README.txt, old" in done.stderr


def test_a_card_folder_that_is_a_file_is_refused_every_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cards").write_text("name: 試験カード\n", encoding="utf-8")
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path))
    for _ in range(2):
        with pytest.raises(ToolkitError, match="cards: is a file, not a folder"):
            default_catalogue()
    done = in_process.endphase(["cards", "--show", "ライラ"], env={**os.environ, "ENDPHASE_USER_DIR": str(tmp_path)})
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "is a file, not a folder" in done.stderr
    mine = [{"ruling_id": "user-240105-x", "date": "2024-01-05", "kind": "example", "answer_ja": "はい。",
             "source": "https://example.org", "question_ja": "《サイクロン》は？"}]
    with pytest.raises(ToolkitError, match="is a file, not a folder"):
        load_rulings(extra=mine)


def test_a_cards_cell_naming_no_card_is_said_with_file_row_and_column(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump([{"ruling_id": "user-240105-x", "date": "2024-01-05", "kind": "example",
                                     "answer_ja": "はい。", "source": "https://example.org",
                                     "cards": ["サイクロソ", "サイクロン"]}], allow_unicode=True), encoding="utf-8")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        table = load_rulings(extra=path)
    said = [str(w.message) for w in seen if issubclass(w.category, RulingWarning)]
    assert len(said) == 1 and said[0].startswith(f"{path}: 1 row names cards the toolkit does not know, in the "
                                                 "cards column: 「サイクロソ」 (row 1; did you mean 「サイクロン」"), said
    assert list(table.iloc[-1]["cards"]) == ["サイクロソ", "サイクロン"]  # kept as written: a ruling may be about any card


def test_a_card_defined_twice_names_both_files_and_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "a.yaml").write_text("name: 試験カード\ntype: monster\n", encoding="utf-8")
    (folder / "b.yaml").write_text("- name: 他のカード\n  type: spell\n- name: 試験カード\n  type: spell\n",
                                   encoding="utf-8")
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path))
    with pytest.raises(ToolkitError) as refused:
        default_catalogue()
    assert f"in {folder / 'a.yaml'} (line 1) and {folder / 'b.yaml'} (line 3)" in str(refused.value)


def test_a_card_folder_that_is_a_loop_of_links_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "cards").symlink_to(tmp_path / "cards2")
    (tmp_path / "cards2").symlink_to(tmp_path / "cards")
    done = in_process.endphase(["cards", "--show", "ライラ"], env={**os.environ, "ENDPHASE_USER_DIR": str(tmp_path)})
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "cards: is a link that leads nowhere (a loop of links" in done.stderr


def test_a_named_pipe_just_made_in_the_card_folder_is_not_opened_to_tell_the_folder_changed(tmp_path: Path) -> None:
    """A card file changed within the last seconds is told by its content; a named pipe made just now must not
    be opened for that (opening it waits for a writer: every command hung) — it is refused when read instead."""
    import threading

    from toolkit.ocg.cards.data.reading import folder_state

    os.mkfifo(tmp_path / "x.yaml")
    found: list[object] = []
    looker = threading.Thread(target=lambda: found.append(folder_state(tmp_path)), daemon=True)
    looker.start()
    looker.join(10)
    assert found, "folder_state opened the named pipe and waits for a writer"
    (entry,) = found[0]  # type: ignore[misc]
    assert entry[0] == "x.yaml" and entry[-1] == b""
