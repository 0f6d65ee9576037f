"""The search up to renaming (``toolkit.core.renaming``, the OCG's key ``toolkit.ocg.renaming``)
equals the full search.

Positions equal up to renaming cards that differ only by name are searched once and their outcomes
renamed: the outcomes, their line counts, the lines per first action, the tree size and the "who
can force it" answers stay those of the full search (``reduce=False``), and every example line is a
real line that replays to its outcome — on every perft position (every shipped scenario: in
``test_reduction.py``, whose example lines must be the full search's own), random
positions full of textless cards (with cards that read names, which keep them out of a class), the
family (e) of ``benchmarks/families.py`` with a class the test gives; and a class given wrong (a
card with a quick effect taken as renamed with a vanilla monster) makes the search differ.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from engine_positions import card, controls_and_a_way_out, player, reachable, replays_to_its_outcome, scenario
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import toolkit.games
from toolkit.core import renaming as core_renaming
from toolkit.core import search
from toolkit.core.game import game_of
from toolkit.core.search import Exploration, explore
from toolkit.ocg.renamed_positions import RenamedKeys, pinned_key
from toolkit.ocg.renaming import name_classes
from toolkit.ocg.scenario import load_scenario, scenario_from_dict

PERFT = yaml.safe_load((Path(__file__).resolve().parents[1] / "perft" / "positions.yaml").read_text(encoding="utf-8"))
SCENARIOS = Path(__file__).resolve().parents[2] / "datasets" / "scenarios"
TAKEN = ("ジェネティック・ワーウルフ", "ハーピィ・クィーン", "ハーピィ・レディ", "ハーピィ・レディ三姉妹",
         "フレムベル・ヘルドッグ", "ブラッド・ヴォルス", "ＴＧ ラッシュ・ライノ", "魔導法士 ジュノン")
TEXTLESS = ("死者蘇生", "増援", "強欲な壺", "おろかな埋葬", "大嵐", "天使の施し")


def _hops(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """A list that grows by one for each position a search answers by renaming another."""
    met: list[object] = []
    hop = core_renaming.Renamer.hop

    def counted(self: Any, child: Any, memo: Any) -> Any:
        found = hop(self, child, memo)
        if found is not None:
            met.append(child)
        return found

    monkeypatch.setattr(core_renaming.Renamer, "hop", counted)
    return met


@pytest.fixture
def hops(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    return _hops(monkeypatch)


@pytest.fixture
def given_classes(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Make the OCG rename within the classes of names the test gives (its key, not its proof)."""
    def given(*classes: tuple[str, ...]) -> None:
        given = tuple(tuple(sorted(names)) for names in classes)
        monkeypatch.setattr(type(game_of(controls_and_a_way_out(1))), "renaming",
                            lambda self, start, named: RenamedKeys(start, given))
    return given


def same_as_full(position: Any, *, ruleset: str | None = None, forcing: bool = True) -> tuple[Exploration, Exploration]:
    found = explore(position, ruleset=ruleset, max_states=200_000)
    full = explore(position, ruleset=ruleset, max_states=200_000, reduce=False)
    assert Counter((o.outcome, o.lines) for o in found.outcomes) == Counter((o.outcome, o.lines) for o in full.outcomes)
    assert found.total_lines == full.total_lines and found.first_actions == full.first_actions
    assert found.tree_nodes == full.tree_nodes and found.states <= full.states
    replays_to_its_outcome(found.start, found)
    if forcing:
        assert found.forcing() == full.forcing(reduce=False)
    return found, full


def _perft(entry: dict[str, Any]) -> Any:
    return load_scenario(SCENARIOS / f"{entry['scenario']}.yaml") if "scenario" in entry else \
        scenario_from_dict(entry["inline"])


@pytest.mark.parametrize("entry", PERFT, ids=[e["name"] for e in PERFT])
def test_every_perft_position_explores_the_same_renamed(entry: dict[str, Any]) -> None:
    same_as_full(_perft(entry), ruleset=entry.get("ruleset"))


def test_positions_equal_up_to_renaming_are_searched_once(hops: list[object]) -> None:
    """《ヒステリック・サイン》's adjustment discards one of several textless cards: the positions after
    each discard are one position renamed."""
    found, full = same_as_full(toolkit.games.shipped_scenario("hysteric_sign_adjustment_2013"))
    assert hops and found.states < explore(found.start, reduce=False).states
    hops.clear()
    assert explore(found.start, reduce=False).states == full.states and not hops  # the full search renames nothing


def test_monsters_whose_control_was_taken_trade_names(hops: list[object], monkeypatch: pytest.MonkeyPatch) -> None:
    """Harpies whose control was taken (a lingering effect and their returns of control point at
    them) trade names too: the positions after returning one or another are searched once."""
    start = controls_and_a_way_out(6)
    found, _full = same_as_full(start, forcing=False)
    assert hops
    monkeypatch.setattr(type(game_of(start)), "renaming", lambda self, start, named: None)
    assert found.states < explore(start).states


@pytest.mark.parametrize("n", [4, 6])
def test_family_e_with_every_taken_monster_renamed(given_classes: Any, hops: list[object], n: int) -> None:
    """The monsters whose control was taken in family (e) do nothing but change hands: renamed as one
    class (the class finder proves it: their kinds, archetypes and monster types differ, but no text of
    the position reads them — ``toolkit.ocg.fields_read``) they meet ~1/5 of the positions, with the
    full search's outcomes and line counts; the class given by the test searches alike."""
    start = controls_and_a_way_out(n)
    proven = explore(start)
    assert name_classes(start) == (tuple(sorted(name for name in TAKEN if any(c.name == name for c in start.cards))),)
    given_classes(TAKEN)
    found, _full = same_as_full(start)
    assert hops and found.states == proven.states


def test_a_class_given_wrong_makes_the_search_differ(given_classes: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: 《Ｕ.Ａ.パーフェクトエース》 (a quick effect that negates an activation)
    taken as renamed with a vanilla monster, A's 《強制脱出装置》 returning either of them, changes the
    outcomes — the one left on the field may negate 《ライトロード・マジシャン ライラ》's mill only if it
    is the Ace. (An example line through such a renaming may find no action to follow, and the
    search then runs again without renaming: the example lines are not looked for here.)"""
    position = scenario(player(field=[card("ライトロード・マジシャン ライラ"), card("強制脱出装置", position="set")], filler=8),
                        player(field=[card("Ｕ.Ａ.パーフェクトエース"), card("ジェネティック・ワーウルフ")],
                               hand=["死者蘇生", "増援"]))
    full = explore(position, reduce=False)
    given_classes(("Ｕ.Ａ.パーフェクトエース", "ジェネティック・ワーウルフ"))
    monkeypatch.setattr(search, "example_actions", lambda *args: ())  # (an example line may see it first)
    assert Counter((o.outcome, o.lines) for o in explore(position).outcomes) != \
        Counter((o.outcome, o.lines) for o in full.outcomes)


def test_an_event_the_renaming_cannot_carry_searches_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    position = controls_and_a_way_out(6)  # (Harpies whose control was taken: events name them)
    monkeypatch.setattr(type(game_of(controls_and_a_way_out(1))), "renaming", lambda self, start, named: None)
    plain = explore(position)
    monkeypatch.undo()

    def refuse(event: Any, names: Any) -> Any:
        raise core_renaming.CannotRename("the test's event")

    monkeypatch.setattr(core_renaming, "renamed_event_checked", refuse)
    again = explore(position)
    assert [(o.outcome, o.lines) for o in again.outcomes] == [(o.outcome, o.lines) for o in plain.outcomes]
    assert again.states == plain.states


_FIELD = [("ジェネティック・ワーウルフ", ()), ("ブラッド・ヴォルス", ()), ("ハーピィ・レディ", ()), ("ハーピィ・クィーン", ()),
          ("フレムベル・ヘルドッグ", ()), ("ＴＧ ラッシュ・ライノ", ()),
          ("月読命", ("summoned_this_turn",)), ("光神機−桜火", ("tribute_less_summoned",))]
"""Monsters of other kinds, archetypes and monster types among them (they trade names where no text
reads those: ``toolkit.ocg.fields_read``)."""
_READERS = ["ヒステリック・サイン", "魔導教士 システィ", "レッド・ガジェット", "暗黒のマンティコア"]
"""Cards whose texts read names (Harpies, 《魔導法士 ジュノン》 and Spellbooks, 《イエロー・ガジェット》) or
monster types (《暗黒のマンティコア》 sends a Beast, from the GY: then no Beast trades names with a Harpie)."""


@st.composite
def positions_with_textless_cards(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    """Hands and fields of cards that differ only by name (textless spells, vanilla monsters, Harpies
    — some with copies), a card that reads names or a trigger on the discard now and then."""
    sides = {}
    turn = draw(st.sampled_from(["A", "B"]))
    for p in ("A", "B"):
        hand = list(draw(st.lists(st.sampled_from(TEXTLESS + ("ハーピィ・レディ", "ジェネティック・ワーウルフ",
                                                               "フレムベル・ヘルドッグ")),
                                  min_size=6 if p == turn else 0, max_size=7 if p == turn else 1)))
        hand = [f"{name}#h{p}{i}" for i, name in enumerate(hand)]
        if draw(st.integers(0, 3)) == 0:
            hand.append(f"{draw(st.sampled_from(['ダンディライオン', '魔轟神獣キャシー']))}#{p}")
        field = [card(f"{name}#{p}{i}", *tags) for i, (name, tags) in
                 enumerate(draw(st.lists(st.sampled_from(_FIELD), max_size=3)))]
        if p != turn and draw(st.booleans()):
            field.append(card(f"強制脱出装置#{p}", position="set"))
        grave = []
        if draw(st.integers(0, 2)) == 0:
            reader = draw(st.sampled_from(_READERS))
            in_gy = reader in ("ヒステリック・サイン", "暗黒のマンティコア")
            (grave if in_gy else field).append(
                card(f"{reader}#{p}", "sent_to_gy_this_turn") if in_gy else card(f"{reader}#{p}"))
        deck = [f"{name}#d{p}" for name in draw(st.lists(st.sampled_from(
            ["ハーピィ・クィーン", "魔導法士 ジュノン", "イエロー・ガジェット", "ハーピィ・レディ三姉妹"]), max_size=2, unique=True))]
        sides[p] = player(hand=hand, field=field, graveyard=grave, deck=deck, filler=draw(st.integers(0, 3)))
    return scenario(sides["A"], sides["B"], turn=turn)


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions_with_textless_cards())
def test_property_random_positions_with_textless_cards_explore_the_same_renamed(position: Any) -> None:
    with pytest.MonkeyPatch.context() as patch:
        met = _hops(patch)
        found, full = same_as_full(position, forcing=False)
    event("renamed" if met else "not renamed")


def test_a_step_whose_position_is_searched_renamed_says_why() -> None:
    """The trace says, at the adjustment that discards one of several textless cards, that the
    positions after each discard are one position renamed — naming the cards that trade names."""
    line = search.resolve(toolkit.games.shipped_scenario("hysteric_sign_adjustment_2013"))
    notes = {step.step: step.reason for step in line.steps}
    renamed = [step for step in line.steps if "the same but for the names of" in step.reason]
    assert len(renamed) == 1 and "Discard" in repr(renamed[0].action), notes
    assert "強欲な壺" in renamed[0].reason and "the search searches one of them and renames its outcomes" in \
        renamed[0].reason
    assert "ブラッド・ヴォルス" not in renamed[0].reason.split("names of")[1]  # (discarded alike in each: not renamed)


def test_the_pinned_key_reads_the_same_with_its_cards_remembered() -> None:
    """``pinned_key`` with a search's cards remembered (what ``RenamedKeys`` does) gives the key it
    gives reading every card again, on every position of a search."""
    start = controls_and_a_way_out(5)
    classes, seen = name_classes(start), {}  # type: ignore[var-annotated]
    positions = reachable(start, 400)
    assert classes and len(positions) > 100
    assert all(pinned_key(x, classes) == pinned_key(x, classes, seen) for x in positions) and seen


def test_key_parts_read_the_same_from_the_grouping_tables_and_keep_them_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """``key_parts`` groups a position's pending processes and processes done by card once per tuple
    (successors share them): read warm, or with those tables emptied before each position, or kept
    to a few entries, the parts are the same; the tables never hold more than their bound."""
    from toolkit.ocg import symmetry

    positions = reachable(controls_and_a_way_out(5), 300)
    warm = [symmetry.key_parts(x) for x in positions]
    cold = []
    for x in positions:
        symmetry._GROUPED_PENDING.clear()
        symmetry._GROUPED_DONE.clear()
        symmetry._PROCESS_PART.clear()
        cold.append(symmetry.key_parts(x))
    assert warm == cold
    monkeypatch.setattr(symmetry, "_GROUPS_KEPT", 3)
    assert [symmetry.key_parts(x) for x in positions] == warm
    assert len(symmetry._GROUPED_PENDING) <= 3 and len(symmetry._GROUPED_DONE) <= 3
    assert len(symmetry._PROCESS_PART) <= 3 + max(len(x.pending) for x in positions)  # (one grouping past the bound)
