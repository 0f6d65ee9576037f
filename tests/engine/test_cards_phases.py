"""Cards of seed 002's phase examples: 《黄泉ガエル》, 《魔のデッキ破壊ウイルス》,
《漆黒の戦士 ワーウルフ》, 《重力解除》 — each played through the engine."""

from __future__ import annotations

from card_play import draft, kinds, moves, play, start

from toolkit.ocg.cards import behaviour
from toolkit.ocg.state import Phase
from toolkit.ocg.values import Position, Zone

FROG = "黄泉ガエル"
VIRUS = "魔のデッキ破壊ウイルス"
WARWOLF = "漆黒の戦士 ワーウルフ"
ZERO_GRAVITY = "重力解除"
MIST = "ミストデーモン"
SET = {"position": "set"}
REVIVE = f"Perform('{FROG}: special summon itself')"


def test_frog_revives_in_its_controllers_standby_phase_only() -> None:
    mine = start(draft().phase("standby").graveyard("A", [FROG]))
    assert REVIVE in moves(mine)
    _, events = play(mine, REVIVE, "Pass()", "Pass()")
    assert "special_summoned" in kinds(events, FROG)
    theirs = start(draft().phase("standby").graveyard("B", [FROG]))
    assert not any(FROG in m for m in moves(play(theirs, "Pass()")[0]))
    in_main = start(draft().phase("main1").graveyard("A", [FROG]))
    assert REVIVE not in moves(in_main)


def test_frog_needs_no_spell_trap_and_no_face_up_frog() -> None:
    with_spell = start(draft().phase("standby").graveyard("A", [FROG]).field("A", ["生還の宝札"]))
    assert REVIVE not in moves(with_spell)
    with_frog = start(draft().phase("standby").graveyard("A", [f"{FROG}#1"]).field("A", [f"{FROG}#2"]))
    assert not any(m.startswith(f"Perform('{FROG}") for m in moves(with_frog))


def test_virus_tributes_a_dark_2000_and_destroys_1500_or_less() -> None:
    d = (draft().phase("main1").field("A", [FROG, WARWOLF]).hand("A", [f"{FROG}#h", "死者蘇生"])
         .field("B", [MIST, {"name": VIRUS, **SET}]))
    declared, _ = play(start(d), "Pass()")
    assert f"Activate('{VIRUS}', cost=('{MIST}',))" in moves(declared)
    _, events = play(declared, f"Activate('{VIRUS}'", "Pass()")
    destroyed = sorted(e.card or "" for e in events if e.kind == "destroyed")
    assert destroyed == [FROG, FROG], "the Frog on the field and the one in the hand; Warwolf (2000) stays"
    assert ("sent_to_gy", MIST) in [(e.kind, e.card) for e in events]


def test_virus_needs_its_tribute() -> None:
    d = draft().phase("main1").field("A", [FROG]).field("B", [{"name": VIRUS, **SET}, "ブラッド・ヴォルス"])
    assert not any(VIRUS in m for m in moves(play(start(d), "Pass()")[0])), "Vorse Raider is DARK but 1900"


def test_warwolf_bars_traps_only_for_the_opponent_and_only_in_the_battle_phase() -> None:
    assert behaviour(WARWOLF).atk == 2000 and behaviour(WARWOLF).attribute == "DARK"
    own_trap = start(draft().phase("battle").field("A", [WARWOLF, {"name": ZERO_GRAVITY, **SET}]))
    assert f"Activate('{ZERO_GRAVITY}')" in moves(own_trap)
    theirs = draft().phase("battle").field("A", [WARWOLF]).field("B", [{"name": ZERO_GRAVITY, **SET}])
    assert not any(ZERO_GRAVITY in m for m in moves(play(start(theirs), "Pass()")[0]))
    face_down = draft().phase("battle").field("A", [{"name": WARWOLF, "position": "face_down"}]) \
        .field("B", [{"name": ZERO_GRAVITY, **SET}, "ジェネティック・ワーウルフ"])
    assert any(ZERO_GRAVITY in m for m in moves(play(start(face_down), "Pass()")[0]))


def test_zero_gravity_turns_every_face_up_monster() -> None:
    d = (draft().phase("main1").field("A", [WARWOLF, {"name": FROG, "position": "face_up_defense"}])
         .field("B", [{"name": ZERO_GRAVITY, **SET}]))
    after, events = play(start(d), "Pass()", f"Activate('{ZERO_GRAVITY}')")
    changed = sorted((e.card or "", e.player or "", e.detail or "") for e in events if e.kind == "position_changed")
    assert changed == [(WARWOLF, "B", "defense"), (FROG, "B", "attack")]
    positions = {c.name: c.position for c in after.cards if c.zone is Zone.FIELD and c.name in (WARWOLF, FROG)}
    assert positions == {WARWOLF: Position.FACE_UP_DEFENSE, FROG: Position.FACE_UP}
    assert after.phase is Phase.MAIN1


def test_position_change_rules_for_the_turn_player() -> None:
    fresh = start(draft().phase("main1").field("A", [{"name": WARWOLF, "tags": ["summoned_this_turn"]}]))
    assert not any(m.startswith("ChangePosition") for m in moves(fresh)), "not the turn it was summoned"
    attacked = start(draft().phase("main2").field("A", [{"name": WARWOLF, "tags": ["attacked_this_turn"]}]))
    assert not any(m.startswith("ChangePosition") for m in moves(attacked)), "not after it attacked"
    defense = start(draft().phase("battle").field("A", [{"name": WARWOLF, "position": "face_up_defense"}]))
    assert not any(m.startswith("Attack") for m in moves(defense)), "a defense-position monster does not attack"
    blocked = start(draft().phase("battle").field("A", [WARWOLF]).field("B", ["ジェネティック・ワーウルフ"]))
    assert not any(m.startswith("Attack") for m in moves(blocked)), "only direct attacks are modelled"
