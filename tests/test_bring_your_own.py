"""A fresh clone, no edits: a card of one's own, a position using it and a ruling
about it, all written by hand in a temporary folder, checked from the command line.

The card is 《ライトロード・パラディン ジェイン》 (Jain, Lightsworn Paladin), which
the shipped cards do not include: during each of its controller's End Phases it
sends the top 2 cards of their deck to the GY, a MANDATORY effect.  The ruling
says the effect is activated in every line; flipping the card's ``mandatory``
flag lets the player decline it, and the engine's answer turns round.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import in_process

JAIN = "ライトロード・パラディン ジェイン"

CARD = f"""\
name: {JAIN}
english: Jain, Lightsworn Paladin
type: monster
subtype: effect
archetypes: [ライトロード]
texts:
  - end_phase:
      - key: mill 2
        mandatory: true
        chain_link: true
        when: [face_up_on_field, your_end_phase]
        do: {{mill: 2}}
"""

SCENARIO = f"""\
title: Jain face-up in its controller's End Phase
turn_player: A
players:
  A:
    field: [{JAIN}]
    deck: [ハーピィ・レディ, ハーピィ・レディ三姉妹, ハーピィ・クィーン]
"""

RULING = f"""\
- ruling_id: user-240105-jain-mill
  date: 2024-01-05
  question_ja: 自分のエンドフェイズに《{JAIN}》の効果を発動しない事はできますか？
  answer_ja: いいえ、必ず発動します。
  source: https://example.org/my-notes
  scenario: [jain.yaml]
  check: {{always: {{event: activated, card: {JAIN}}}}}
  expected: "yes"
  check_en: Jain's End Phase mill activates in every line
"""

MANDATORY = "mandatory: true"


def _indented(text: str, by: str) -> str:
    return "".join(by + line if line.strip() else line for line in text.splitlines(keepends=True))


def write_by_hand(folder: Path, where: str, *, mandatory: bool = True) -> tuple[Path, Path]:
    """The card, scenario and rulings files; returns (rulings file, user folder)."""
    card = CARD if mandatory else CARD.replace(MANDATORY, "mandatory: false")
    user = folder / "user"
    (user / "cards").mkdir(parents=True, exist_ok=True)
    scenario = SCENARIO
    if where == "user_folder":
        (user / "cards" / "jain.yaml").write_text(card, encoding="utf-8")
    else:  # a `cards:` list inline in the scenario file
        scenario += "cards:\n" + _indented(card, "  ").replace(f"  name: {JAIN}", f"- name: {JAIN}", 1)
    (folder / "jain.yaml").write_text(scenario, encoding="utf-8")
    rulings = folder / "my_rulings.yaml"
    rulings.write_text(RULING, encoding="utf-8")
    return rulings, user


def verify_cli(rulings: Path, user: Path, *, process: bool = False) -> subprocess.CompletedProcess[str]:
    """``python -m toolkit verify --rulings RULINGS --only-mine`` with the user folder ``user``: in
    this process as a new one would run it (tests/in_process.py), or a real one (``process=True``)."""
    env = {**os.environ, "ENDPHASE_USER_DIR": str(user)}
    argv = ["verify", "--rulings", str(rulings), "--only-mine"]
    if not process:
        return in_process.endphase(argv, cwd=rulings.parent, env=env, timeout=600)
    return subprocess.run([sys.executable, "-m", "toolkit", *argv], cwd=rulings.parent, env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("where", ["user_folder", "inline"])
def test_a_hand_written_card_and_ruling_agree_and_flipping_mandatory_makes_them_disagree(
        tmp_path: Path, where: str) -> None:
    assert MANDATORY in CARD
    rulings, user = write_by_hand(tmp_path, where)
    done = verify_cli(rulings, user)
    assert done.returncode == 0, done.stderr
    assert "ok   user-240105-jain-mill  2024-01-05" in done.stdout, done.stdout
    assert "expected yes, engine yes" in done.stdout and "1 verified, 0 not" in done.stdout
    assert "mandatory" in done.stdout  # the reason: the player must perform the mandatory mill

    # the same files with the card's effect made optional: the player may now decline it
    rulings, user = write_by_hand(tmp_path, where, mandatory=False)
    done = verify_cli(rulings, user)
    assert done.returncode == 1, done.stderr
    assert "FAIL user-240105-jain-mill" in done.stdout and "engine no" in done.stdout, done.stdout
    assert "0 verified, 1 not" in done.stdout


def test_without_the_card_file_the_card_is_unknown_and_named_in_one_line(tmp_path: Path) -> None:
    rulings, user = write_by_hand(tmp_path, "user_folder")
    (user / "cards" / "jain.yaml").unlink()
    done = verify_cli(rulings, user, process=True)  # the real exit 2 and its one line
    assert done.returncode == 2 and "Traceback" not in done.stderr
    line = done.stderr.strip()
    # the ruling's question names the card in 《》 (its cards are read from there): the first to tell
    assert "\n" not in line and "my_rulings.yaml, row 1, column 'question_ja'" in line and JAIN in line, line
    assert "Unknown card" in line


def test_a_card_of_ones_own_joins_the_cards_table_and_an_article_names_its_scenario_file_only(
        tmp_path: Path) -> None:
    from toolkit.data import cards_with, load_cards, resolve_card
    from toolkit.export.article import _cited_scenario
    from toolkit.ocg.cards import load_card_definitions

    path = tmp_path / "jain.yaml"
    path.write_text(CARD.replace(MANDATORY, "mandatory: false").replace(JAIN, "テスト用ジェイン"), encoding="utf-8")
    cards = cards_with(load_card_definitions(path))
    row = cards[cards["name_ja"] == "テスト用ジェイン"]
    assert len(cards) == len(load_cards()) + 1 and row["end_phase_effect"].tolist() == ["optional"]
    assert cards_with([], cards) is cards  # nothing to add: the same table
    assert resolve_card("Jain, Lightsworn Paladin", cards) == "テスト用ジェイン"
    assert _cited_scenario(str(tmp_path / "mine.yaml")) == "mine"
    assert _cited_scenario("hysteric_sign_adjustment_2016.yaml") == "hysteric_sign_adjustment_2016"


def test_cards_check_and_show_read_the_hand_written_card_by_either_name(tmp_path: Path) -> None:
    _, user = write_by_hand(tmp_path, "user_folder")
    env = {**os.environ, "ENDPHASE_USER_DIR": str(user)}

    def cards(*args: str) -> subprocess.CompletedProcess[str]:
        return in_process.endphase(["cards", *args], cwd=tmp_path, env=env, timeout=300)

    checked = cards("--check", str(user / "cards" / "jain.yaml"))
    assert checked.returncode == 0 and f"{JAIN}: OK (1 text version)" in checked.stdout, checked.stderr
    for name in (JAIN, "Jain, Lightsworn Paladin", "jain, lightsworn paladin"):
        shown = cards("--show", name)
        assert shown.returncode == 0, shown.stderr
        assert shown.stdout.startswith(f"{JAIN} (Jain, Lightsworn Paladin): monster, effect — your card, from ")
        assert "mandatory: yes" in shown.stdout and "do: {mill: 2}" in shown.stdout  # the card file's words
    (user / "cards" / "jain.yaml").write_text(CARD.replace("mill: 2", "mil: 2"), encoding="utf-8")
    bad = cards("--check", str(user / "cards" / "jain.yaml"))
    assert bad.returncode == 2 and "unknown verb 'mil' (did you mean: mill?)" in bad.stderr
