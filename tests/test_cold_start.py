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


def _as_read(loaded: list) -> list:  # type: ignore[type-arg]
    """Everything a loaded card holds, its compiled functions by name (not by address)."""
    import re

    return [(c.file, c.shadows, c.behaviour.line, c.behaviour.written, c.behaviour.file,
             re.sub(r" at 0x[0-9a-f]+", "", repr(c.behaviour))) for c in loaded]


def test_the_shipped_cards_from_their_snapshot_are_the_cards_their_files_say() -> None:
    from toolkit.ocg.cards.data import shipped_cards as snapshot
    from toolkit.ocg.cards.data.reading import read_cards, shipped_card_folder
    from toolkit.ocg.cards.data.snapshot import files_digest, shipped_cards

    folder = shipped_card_folder()
    assert snapshot.DIGEST == files_digest((p.name, p.read_bytes()) for p in sorted(folder.glob("*.yaml")))
    from_snapshot, from_files = shipped_cards(folder), list(read_cards(folder))
    assert len(from_snapshot) > 50 and _as_read(from_snapshot) == _as_read(from_files)
    assert all(c.behaviour.line for c in from_snapshot)


def test_a_card_file_changed_since_the_snapshot_is_read_itself(tmp_path: Path) -> None:
    """The snapshot stands for the files it was made of, byte for byte; other files are read."""
    import shutil

    from toolkit.ocg.cards.data.reading import shipped_card_folder
    from toolkit.ocg.cards.data.snapshot import shipped_cards

    folder = tmp_path / "cards"
    shutil.copytree(shipped_card_folder(), folder)
    first = sorted(folder.glob("*.yaml"))[0]
    first.write_text(first.read_text(encoding="utf-8").replace("english: ", "english: Changed ", 1), encoding="utf-8")
    assert any(c.behaviour.english.startswith("Changed ") for c in shipped_cards(folder))


def test_the_card_snapshot_is_current() -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "scripts/card_snapshot.py", "--check"], cwd=root,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def _flow_scalar_by_yaml(text: str) -> str:
    """flow_scalar as it was written before it knew words without PyYAML: YAML asked every time."""
    import yaml

    plain = (text == text.strip() and text != "" and not set(",[]{}#&*!|>'\"%@`").intersection(text)
             and ": " not in text and not text.endswith(":") and text[0] not in "-?:" and "\n" not in text)
    if plain:
        try:
            plain = yaml.safe_load(text) == text
        except yaml.YAMLError:
            plain = False
    return text if plain else "'" + text.replace("'", "''") + "'"


def test_a_word_is_quoted_exactly_where_yaml_would_not_read_it_back() -> None:
    """Card words are shown without loading PyYAML where YAML surely reads them back; the answer is
    YAML's own on every tricky word and on random texts of letters, digits, signs and spaces."""
    import random

    from toolkit.ocg.cards.data.terms import flow_scalar

    tricky = ["yes", "Yes", "YES", "no", "On", "OFF", "null", "Null", "NULL", "~", "y", "n", "Y", "N", "true",
              "False", "inf", ".inf", "nan", ".NaN", "e10", "1e10", "x1", "_x", "0x1F", "0o7", "1_000", "12:30",
              "2014-07-10", "2014-07-10 12:00", "a b", "a  b", "日本語", "ライラ", "Ünï code", "<<", "=", "a=b",
              "a #b", "a:b", "a: b", "-a", "a-b", "beast-warrior", "闇・道化師", "・a", "a (b) c", "a/b", "Ａ", "ｙｅｓ", "@a", "a\tb", " a", "a ", "", "+1", "-.5", "yes sir", "on it"]
    rng = random.Random(34)
    alphabet = "aoynNeEfFlLtTuUrRsSxX01234567_ .:-+~=#'\"()/日・ー\t\x85\u2028\ufeff"
    tricky += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 6))) for _ in range(3000)]
    for text in tricky:
        assert flow_scalar(text) == _flow_scalar_by_yaml(text), text


def test_the_shipped_ruling_ids_follow_the_table_they_are_remembered_by(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import toolkit.resources as resources

    table = tmp_path / "rulings.csv"
    monkeypatch.setattr(resources, "dataset_path", lambda *parts: tmp_path.joinpath(*parts))
    table.write_text("ruling_id,date\nfirst,2011-03-01\n", encoding="utf-8")
    assert resources.shipped_ruling_ids() == frozenset({"first"})
    table.write_text("ruling_id,date\nfirst,2011-03-01\nsecond,2012-01-01\n", encoding="utf-8")
    assert resources.shipped_ruling_ids() == frozenset({"first", "second"})
    table.unlink()
    assert resources.shipped_ruling_ids() is None
