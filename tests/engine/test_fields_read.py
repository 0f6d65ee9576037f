"""Printed card data no text of the position reads (``toolkit.ocg.fields_read``): names whose cards
differ only there trade names in the search up to renaming (issue 34, family (e)).

The proof is per position: a monster's kind, archetypes, attribute, Level and monster type are left
out of a class's test only where no card filter of the position names them and no card has a
continuous effect.  Cases the widening admits (the eight monsters of family (e), a hand of monsters
of other kinds and archetypes) and cases it must refuse (《暗黒のマンティコア》 reading monster types, a
user's card filtering by kind, an archetype filter, a continuous effect) — each searched against the
full search; and the proof broken on purpose makes the search differ.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from engine_positions import card, controls_and_a_way_out, player, replays_to_its_outcome, scenario

from toolkit.core import search
from toolkit.core.search import explore
from toolkit.ocg import fields_read, renaming
from toolkit.ocg.renaming import name_classes
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state

ROOT = Path(__file__).resolve().parents[2]
TAKEN = ("ジェネティック・ワーウルフ", "ハーピィ・クィーン", "ハーピィ・レディ", "ハーピィ・レディ三姉妹",
         "フレムベル・ヘルドッグ", "ブラッド・ヴォルス", "ＴＧ ラッシュ・ライノ", "魔導法士 ジュノン")
WOLF, DOG, LADY, RHINO = "ジェネティック・ワーウルフ", "フレムベル・ヘルドッグ", "ハーピィ・レディ", "ＴＧ ラッシュ・ライノ"
MANTICORE = "暗黒のマンティコア"
MARKED = "テスト用の獣"


def _outcomes(found: Any) -> list[str]:
    return sorted(repr((o.outcome, o.lines)) for o in found.outcomes)


def same_as_full(position: Any) -> Any:
    found = explore(position, max_states=200_000)
    full = explore(position, max_states=200_000, reduce=False)
    assert _outcomes(found) == _outcomes(full)
    assert found.total_lines == full.total_lines and found.first_actions == full.first_actions
    assert found.tree_nodes == full.tree_nodes and found.states <= full.states
    replays_to_its_outcome(found.start, found)
    assert found.forcing() == full.forcing(reduce=False)
    return found


@pytest.fixture
def fresh_classes() -> Any:
    renaming._classes.cache_clear()
    yield
    renaming._classes.cache_clear()


# --- the proof's premises: where the engine reads these fields ----------------------------------------

READERS = {
    "toolkit/ocg/cards/data/conditions.py",  # CardFilter.matches: the keys of FIELD_READERS
    "toolkit/ocg/negation.py",  # is_effect_monster: asked only beside a continuous effect
    "toolkit/ocg/procedure/chains.py",  # a Spell's or Trap's subtype when it resolves
    "toolkit/ocg/fields_read.py", "toolkit/ocg/cards/plain.py",  # (the proof and the names' monster types)
    "toolkit/ocg/cards/data/schema.py",  # (describing a card: no search reads it)
}
_READ = re.compile(r"\.(subtype|archetypes|attribute|level|race)\b(?!\s*=)|\bmonster_type\(")


def test_every_reader_of_the_fields_left_out_is_one_the_proof_knows() -> None:
    """A new place reading a card's kind, archetypes, attribute, Level or monster type must be added
    to the proof (``toolkit.ocg.fields_read``) and to this list."""
    found = set()
    for path in (ROOT / "toolkit").rglob("*.py"):
        if path.is_relative_to(ROOT / "toolkit" / "wiki"):
            continue  # (the wiki reader's ``.level`` is a heading's)
        text = path.read_text(encoding="utf-8")
        if _READ.search(text):
            found.add(str(path.relative_to(ROOT)))
    assert found == READERS


def test_the_card_filter_reads_those_fields_only_through_the_keys_the_proof_lists() -> None:
    from toolkit.ocg.cards.data.conditions import FILTER_FIELDS

    listed = {key for keys in fields_read.FIELD_READERS.values() for key in keys}
    reading = {p.name for p in FILTER_FIELDS if any(w in p.name for w in ("archetype", "attribute", "level", "kind",
                                                                          "type"))}
    assert reading == listed


# --- what the widening admits --------------------------------------------------------------------------

def test_the_eight_monsters_whose_control_was_taken_in_family_e_are_one_class(fresh_classes: Any) -> None:
    assert name_classes(controls_and_a_way_out(12)) == (tuple(sorted(TAKEN)),)


def test_monsters_of_other_kinds_archetypes_and_types_trade_names_where_nothing_reads_them(fresh_classes: Any) -> None:
    state = initial_state(scenario(player(hand=[WOLF, DOG, LADY, RHINO, "増援", "死者蘇生", "大嵐", "強欲な壺"], filler=3),
                                   player(field=[card("強制脱出装置", position="set")], filler=3)))
    assert name_classes(state) == (tuple(sorted((WOLF, DOG, RHINO, LADY))), ("増援", "大嵐", "強欲な壺", "死者蘇生"))
    assert fields_read.unread_fields([]) == frozenset(fields_read.FIELD_READERS)


@pytest.mark.parametrize("n", [4, 6, 8])
def test_family_e_searched_with_the_wider_class_equals_the_full_search(n: int, fresh_classes: Any,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    start = controls_and_a_way_out(n)
    found = same_as_full(start)
    monkeypatch.setattr(renaming, "unread_fields", lambda readers: frozenset())  # (the narrower classes)
    renaming._classes.cache_clear()
    assert found.states < explore(start).states


# --- what it must refuse -------------------------------------------------------------------------------

def _manticore_and_a_way_out() -> Any:
    """《暗黒のマンティコア》 sends a Beast (not a Harpie) to revive itself; B's 《強制脱出装置》 returns either
    monster to the hand first: after it, the positions are the same but for which is where."""
    return scenario(player(field=[card(DOG), card(LADY)], graveyard=[card(MANTICORE, "sent_to_gy_this_turn")],
                           filler=3),
                    player(field=[card("強制脱出装置", position="set")], filler=3))


def test_a_card_that_reads_monster_types_keeps_a_beast_and_a_harpie_apart(fresh_classes: Any) -> None:
    position = _manticore_and_a_way_out()
    assert name_classes(initial_state(position)) == ()
    same_as_full(position)


def test_the_proof_broken_makes_the_search_differ(fresh_classes: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Monster types taken as unread although the Manticore reads them: the Beast and the Harpie form a
    class, and the search renames the line where the Manticore sends the Beast onto one where it would
    send the Harpie, which it may not. (An example line through such a renaming finds no action to
    follow and the search runs again without it: example lines are not looked for here.)"""
    position = _manticore_and_a_way_out()
    full = explore(position, reduce=False)
    monkeypatch.setitem(fields_read.FIELD_READERS, "race", ())
    assert name_classes(initial_state(position)) == ((LADY, DOG),)
    monkeypatch.setattr(search, "example_actions", lambda *args: ())
    assert _outcomes(explore(position)) != _outcomes(full)


def _with_user_card(rule: dict[str, Any]) -> Any:
    trap = {"name": "テスト用の返却装置", "type": "trap", "subtype": "normal", "texts": [{"quick": [{
        "key": "return a monster", "spell_speed": 2, "zones": "field",
        "can_activate": ["set_trap_ready", {"exists": {"side": "both", "monster": True, **rule}}],
        "choose": {"target": {"side": "both", "monster": True, **rule}},
        "do": {"return_to_hand": {"card": "target", "if_in": "field"}}}]}]}
    plain = {"name": MARKED, "type": "monster", "subtype": "effect", "archetypes": ["テスト族"]}  # (not in its name)
    return initial_state(scenario_from_dict({
        "title": "t", "turn_player": "A", "date": "2024-01-01", "cards": [trap, plain],
        "players": {"A": {"hand": [WOLF, DOG, LADY, RHINO, MARKED], "deck_filler": 3},
                    "B": {"field": [{"name": "テスト用の返却装置", "position": "set"}], "deck_filler": 3}}}))


@pytest.mark.parametrize(("rule", "apart"), [
    ({"kind": ["normal"]}, {WOLF, DOG}),  # a Normal Monster and an Effect Monster
    ({"archetype": "テスト族"}, {MARKED, DOG}),  # (an archetype its name does not hold)
    ({"monster_type_in": ["beast"]}, {DOG, WOLF}),
])
def test_a_filter_that_reads_a_field_keeps_cards_that_differ_there_apart(rule: dict[str, Any], apart: set[str],
                                                                         fresh_classes: Any) -> None:
    free = _with_user_card({})
    assert any(apart <= set(names) for names in name_classes(free))
    assert not any(apart <= set(names) for names in name_classes(_with_user_card(rule)))


def test_a_continuous_effect_leaves_every_field_read(fresh_classes: Any) -> None:
    from toolkit.ocg.cards import behaviour

    assert fields_read.unread_fields([behaviour("スキルドレイン")]) == frozenset()
    state = initial_state(scenario(player(hand=[WOLF, DOG, "増援", "死者蘇生"], field=[card("スキルドレイン")], filler=3)))
    assert not any({WOLF, DOG} <= set(names) for names in name_classes(state))


def test_a_step_renamed_across_kinds_says_no_card_here_reads_them() -> None:
    """``explain`` says why the step's position is searched renamed: the names, and the printed fields
    the cards differ in that nothing here reads (a Normal Beast-Warrior and a Harpie)."""
    from toolkit.core.game import game_of

    start = controls_and_a_way_out(4)
    game = game_of(start)
    action = next(a for a in game.legal_actions(start) if "ハーピィ・クィーン" in repr(a))
    text = game.explain(start, action).text
    assert "the same but for the names of ジェネティック・ワーウルフ and ハーピィ・クィーン" in text
    assert "nor their kinds, archetypes and monster types" in text


def test_a_lingering_effect_that_applies_a_continuous_one_leaves_every_field_read() -> None:
    from toolkit.ocg.cards import behaviour

    assert fields_read.unread_fields([behaviour("ピケルの魔法陣")]) == frozenset()  # (no effect damage while it lasts)
    assert fields_read.unread_fields([behaviour("エネミーコントローラー")]) == frozenset(fields_read.FIELD_READERS)
