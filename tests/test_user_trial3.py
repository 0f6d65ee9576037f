"""What a second user trial of "bring your own card, ruling or question" found.

A judge brought 《ＸＸ－セイバー ダークソウル》 (not shipped), a writer a dated
ruling of their own in CSV, an analyst a question over a position of their
own, each using only the README, the notebooks and the command line's help.
Every test here failed before its fix.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import toolkit
from toolkit.history.asking import ask

DARKSOUL = "ＸＸ－セイバー ダークソウル"

CARDS = """\
- name: ＸＸ－セイバー ダークソウル
  english: XX-Saber Darksoul
  type: monster
  subtype: effect
  archetypes: [Ｘ－セイバー]
  texts:
    - end_phase:
        - key: add an X-Saber
          mandatory: false
          chain_link: true
          when: [sent_to_gy_this_turn, {has_tag: sent_to_gy_from_field}]
          choose: {pick: {zones: deck, archetype: Ｘ－セイバー, monster: true}}
          do: {add_to_hand: {card: picked, if_in: deck}}
- {name: Ｘ－セイバー エアベルン, english: X-Saber Airbellum, type: monster, subtype: effect, archetypes: [Ｘ－セイバー]}
"""


def position(tmp_path: Path, tags: str = "[sent_to_gy_this_turn, sent_to_gy_from_field]") -> object:
    """A's End Phase: Darksoul went from the field to the GY this turn (with ``tags``), 6 cards in hand."""
    text = f"""\
title: Darksoul sent from the field to the GY this turn
date: 2024-01-01
turn_player: A
players:
  A:
    hand: [ブラッド・ヴォルス, ジェネティック・ワーウルフ, 死者蘇生, 強欲な壺, 落とし穴, おろかな埋葬]
    graveyard: [{{name: {DARKSOUL}, tags: {tags}}}]
    deck: [Ｘ－セイバー エアベルン]
cards:
""" + textwrap.indent(CARDS, "  ")
    path = tmp_path / "darksoul.yaml"
    path.write_text(text, encoding="utf-8")
    return toolkit.load_scenario(path)


def test_the_step_that_decides_an_answer_is_named_in_words_not_code(tmp_path: Path) -> None:
    """`ask` (and `verify`, the articles) said "Decided by: step 1 (R7): A
    Perform('ＸＸ－セイバー ダークソウル: add an X-Saber', picks=(...))"."""
    answer = ask(position(tmp_path), {"force:A": {"event": "added_to_hand"}})
    assert answer.answer == "yes"
    assert answer.decided_by.startswith("step 1 (R7): A Perform: ＸＸ－セイバー ダークソウル: add an X-Saber, choosing "
                                        "Ｘ－セイバー エアベルン"), answer.decided_by
    assert "Perform(" not in answer.decided_by and "picks=" not in answer.decided_by


def test_a_card_that_does_nothing_is_not_explained_by_an_unrelated_rule(tmp_path: Path) -> None:
    """Darksoul tagged only destroyed_this_turn has no End Phase process here;
    the answer said it was decided by H1 ("no quick effect may be activated
    after the hand-size adjustment"), which is about other cards."""
    idle = position(tmp_path, "[destroyed_this_turn]")
    answer = ask(idle, {"possible": {"event": "activated", "card": "XX-Saber Darksoul"}})
    assert answer.answer == "no"
    assert not answer.decided_by.startswith("H1"), answer.decided_by
    assert answer.decided_by.startswith(f"{DARKSOUL} does nothing in any line"), answer.decided_by
    # with the tags its condition asks for, the same question is yes, and its step decides it
    active = ask(position(tmp_path), {"possible": {"event": "activated", "card": "XX-Saber Darksoul"}})
    assert active.answer == "yes" and DARKSOUL in active.decided_by
