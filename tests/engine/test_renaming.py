"""Cards that differ only in their names (``toolkit.ocg.renaming``): which names form a class, the key
of a position up to renaming them, and the deciding search that walks such positions once.

The class test must be a conservative proof: a name some card's text reads (by name, by a part of a
name), a name with other card data or an effect, a name the question reads, a name of a lingering
effect, or any card written in Python, keeps a name out of every class.  The random positions mix
textless cards with cards that read names (《ヒステリック・サイン》 searching "ハーピィ" cards,
《ホルスの黒炎竜 ＬＶ６》 summoning LV8 by name, 《ファントム・オブ・カオス》's copy) and compare
``decide`` with and without renaming against the full search.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_positions import FILLERS, HORUS6, HORUS8, SIGN, VORSE, WOLF, card, player, scenario
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import toolkit.core.deciding_search as deciding_search
from toolkit.core.deciding_search import decide
from toolkit.core.game import game_of
from toolkit.core.predicates import AllOf, Count, HasEvent, InZone, Not, Query, parse_query
from toolkit.core.search import evaluate_in, explore_in, play
from toolkit.core.values import Event, PositionSummary
from toolkit.games import shipped_scenario
from toolkit.ocg import renaming
from toolkit.ocg.renaming import name_classes, rename_event, rename_summary, renamed_key
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state

SPELLS = ("死者蘇生", "強欲な壺", "おろかな埋葬", "増援")
HARPIES = ("ハーピィ・レディ", "ハーピィ・レディ三姉妹")
PHANTOM = "ファントム・オブ・カオス"


def _position(hand: list[str], field: list[Any] = (), deck: list[str] = (), **more: Any  # type: ignore[assignment]
              ) -> Any:
    data = {"title": "t", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"hand": hand, "field": list(field), "deck": list(deck)}, "B": {}}, **more}
    return initial_state(scenario_from_dict(data))


def readjust() -> Any:
    return initial_state(shipped_scenario("q_readjust_after_hand_grows"))


# --- the class finder -------------------------------------------------------------------------------

def test_the_textless_spells_and_the_normal_monsters_form_the_classes_of_the_readjust_position() -> None:
    assert name_classes(readjust()) == (tuple(sorted(SPELLS)), tuple(sorted((VORSE, WOLF))))


def test_a_name_the_question_reads_is_in_no_class() -> None:
    assert name_classes(readjust(), named={"増援"})[0] == tuple(sorted(set(SPELLS) - {"増援"}))
    assert name_classes(readjust(), named={VORSE})[1:] == ()  # (its class had two names)


def test_a_name_a_card_names_is_in_no_class() -> None:
    # 《コアキメイル・ドラゴ》 sends 《コアキメイルの鋼核》 from the hand by name: the Iron Core, a Normal Spell
    # without a text like the others, is left out; without the Drago it is one of them
    core, drago = "コアキメイルの鋼核", "コアキメイル・ドラゴ"
    assert core in name_classes(_position([core, "増援", "死者蘇生"]))[0]
    assert name_classes(_position([core, "増援", "死者蘇生"], [drago])) == (("増援", "死者蘇生"),)


def test_a_name_holding_a_part_a_card_searches_for_is_in_no_class() -> None:
    # a Normal Spell of the user's own named like a Harpie card, without archetype: like 増援 but for its name
    mirror = {"name": "ハーピィの手鏡", "type": "spell", "subtype": "normal"}
    assert name_classes(_position(["ハーピィの手鏡", "増援"], cards=[mirror])) == (("ハーピィの手鏡", "増援"),)
    assert name_classes(_position(["ハーピィの手鏡", "増援", "死者蘇生", SIGN], cards=[mirror])) == (("増援", "死者蘇生"),)


def test_other_card_data_or_an_effect_keeps_names_apart() -> None:
    # a Normal Trap is not a Normal Spell; a Harpie card has an archetype; Hysteric Sign has a text
    assert name_classes(_position(["落とし穴", "増援", "ハーピィの羽根帚", SIGN])) == ()


def test_a_card_written_in_python_or_a_video_game_ruleset_leaves_no_class() -> None:
    assert name_classes(_position(["増援", "死者蘇生"], [{"name": "強烈なはたき落とし", "position": "set"}])) == ()
    from toolkit.ocg.rulesets import get_ruleset

    state = _position(["増援", "死者蘇生"])
    assert name_classes(state) == (("増援", "死者蘇生"),)
    assert name_classes(state.evolve(ruleset=get_ruleset("video_game"))) == ()


def test_the_source_of_a_lingering_effect_is_in_no_class() -> None:
    state = readjust()
    from toolkit.core.durations import Duration, Lingering

    lingered = state.evolve(lingering=(Lingering("増援", "A", "x", -1, Duration.UNTIL_END_PHASE),))
    assert "増援" not in name_classes(lingered)[0]


# --- the key ------------------------------------------------------------------------------------------

def _after_discarding(name: str) -> Any:
    return play(readjust(), "Pass", "Pass", f"Discard(('{name}',))")


def test_discarding_one_textless_spell_or_another_gives_one_key() -> None:
    classes = name_classes(readjust())
    keys = {renamed_key(_after_discarding(name), classes)[0] for name in SPELLS}  # type: ignore[index]
    assert len(keys) == 1
    assert renamed_key(_after_discarding("落とし穴"), classes)[0] not in keys  # type: ignore[index]
    assert renamed_key(_after_discarding(VORSE), classes)[0] not in keys  # type: ignore[index]


def test_the_renaming_takes_each_position_to_its_key() -> None:
    classes = name_classes(readjust())
    for name in SPELLS:
        key, renamed = renamed_key(_after_discarding(name), classes)  # type: ignore[misc]
        assert renamed[name] == min(SPELLS)  # (the discarded spell: the first of its class's bundles)
        assert sorted(renamed[spell] for spell in SPELLS) == sorted(SPELLS)


def test_different_tags_give_different_keys_and_swapped_tags_one() -> None:
    def spells(tagged: str) -> Any:
        return _position(["死者蘇生", "増援"], [card(tagged, "set_this_turn", position="set")] +
                         [card(n, position="set") for n in ("強欲な壺", "おろかな埋葬") if n != tagged])

    classes = name_classes(spells("強欲な壺"))
    assert classes == (tuple(sorted(SPELLS)),)
    one, two = renamed_key(spells("強欲な壺"), classes), renamed_key(spells("おろかな埋葬"), classes)
    assert one is not None and two is not None and one[0] == two[0]
    untagged = _position(["死者蘇生", "増援"], [card(n, position="set") for n in ("強欲な壺", "おろかな埋葬")])
    assert renamed_key(untagged, classes)[0] != one[0]  # type: ignore[index]


def test_a_card_something_points_at_keeps_its_name() -> None:
    # a named deck card: the deck's order points at it, so 増援 in the deck is not renamed
    state = _position(["死者蘇生", "強欲な壺"], deck=["増援"])
    found = renamed_key(state, name_classes(state))
    assert found is not None and "増援" not in found[1] and set(found[1]) == {"死者蘇生", "強欲な壺"}


def test_an_outcome_is_renamed_card_by_card() -> None:
    event = Event("discarded", "増援", "A", by="ヒステリック・サイン")
    assert repr(rename_event(event, {"増援": "死者蘇生"})) == repr(Event("discarded", "死者蘇生", "A", by=SIGN))
    assert repr(rename_event(event, {SIGN: "X"})) == repr(Event("discarded", "増援", "A", by="X"))  # (its cause)
    assert rename_event(event, {"大嵐": "増援"}) is event
    summary = PositionSummary((("A", "graveyard", ("増援", "落とし穴")), ("A", "deck", ("増援", "大嵐"))), (("A", 8000),))
    renamed = rename_summary(summary, {"増援": "死者蘇生", "大嵐": "増援"})
    assert renamed.zones == (("A", "graveyard", ("死者蘇生", "落とし穴")), ("A", "deck", ("死者蘇生", "増援")))


# --- the deciding search --------------------------------------------------------------------------

def _answers(start: Any, query: Query) -> tuple[bool | None, bool | None, bool]:
    game = game_of(start)
    return (decide(game, start, query), decide(game, start, query, rename=False),
            evaluate_in(game, start, query).value)


QUESTIONS = [
    {"always": {"hand": "TP", "at_most": 6}},
    {"possible": {"hand": "TP", "at_most": 5}},
    {"possible": {"event": "discarded", "card": "増援"}},
    {"always": {"not": {"event": "discarded", "card": VORSE}}},
    {"possible": {"zone": "graveyard", "card": "増援"}},
    {"possible": {"all": [{"event": "discarded"}, {"event": "special_summoned"}]}},
    {"always": {"any": [{"event": "drew"}, {"hand": "TP", "at_most": 6}]}},
]


@pytest.mark.parametrize("text", QUESTIONS, ids=lambda q: str(q)[:60])
def test_decide_with_renaming_answers_as_without_it_and_as_the_full_search(text: dict[str, Any]) -> None:
    start = readjust()
    with_renaming, without, full = _answers(start, parse_query(text, game=game_of(start)))
    assert with_renaming == without == full


def test_a_question_naming_a_renamed_card_would_be_answered_wrongly(monkeypatch: pytest.MonkeyPatch) -> None:
    """The class test made to accept a name the question reads: the walk meets the position where
    another textless spell lies in the graveyard and skips the one where 増援 does."""
    start = readjust()
    query = parse_query({"possible": {"zone": "graveyard", "card": "増援"}}, game=game_of(start))
    assert decide(game_of(start), start, query) is True
    monkeypatch.setattr(deciding_search, "_names_read", lambda predicate: frozenset())
    assert decide(game_of(start), start, query) is False  # wrong: the full search finds such a line


def test_the_names_a_question_reads_are_its_cards_and_none_for_an_unknown_kind() -> None:
    names_read = deciding_search._names_read
    assert names_read(AllOf((HasEvent("discarded", by="X", detail="Y"), Not(InZone("gy", "Z"))))) == {"X", "Y", "Z"}
    assert names_read(Count("hand", "TP", at_most=6)) == frozenset()

    class Counting(Count):
        pass

    assert names_read(Counting("hand", "TP", at_most=6)) is None  # (a subclass may read more)


# --- random positions: textless cards and cards that read names ---------------------------------------

@st.composite
def textless_and_name_readers(draw: st.DrawFn) -> Any:
    """A's hand of textless cards (spells, a trap, two normal monsters: some over the limit of six),
    and some of: Hysteric Sign in the hand (discarded: it searches "ハーピィ" cards) with Harpie cards
    in the deck, Horus LV6 after a battle with LV8 in the hand or deck, Phantom of Chaos copying."""
    hand = draw(st.lists(st.sampled_from((*FILLERS, VORSE, WOLF)), min_size=5, max_size=7))
    hand = [f"{name}#{i}" if hand.count(name) > 1 else name for i, name in enumerate(hand)]  # (copies marked)
    field: list[Any] = []
    deck: list[str] = []
    lingering: list[tuple[str, str, str | None, str]] = []
    if draw(st.booleans()):
        hand.append(SIGN)
        deck += draw(st.lists(st.sampled_from(HARPIES), max_size=2, unique=True))
    if draw(st.booleans()):
        field.append(card(HORUS6, "destroyed_monster_by_battle"))
        (hand if draw(st.booleans()) else deck).append(HORUS8)
    if draw(st.booleans()):
        field.append(card(PHANTOM))
        lingering.append((PHANTOM, "A", PHANTOM, "copy"))
    if draw(st.booleans()):
        field.append(card(draw(st.sampled_from((VORSE, WOLF))) + "#f"))
    return scenario(player(hand=hand, field=field, deck=deck, filler=2), player(), lingering=lingering)


_RANDOM_QUESTIONS = [
    {"always": {"hand": "TP", "at_most": 6}},
    {"possible": {"event": "discarded", "card": "死者蘇生"}},
    *({"possible": {"zone": "graveyard", "card": name}} for name in (VORSE, WOLF, "増援", "大嵐")),
    {"always": {"not": {"event": "special_summoned", "card": HORUS8}}},
    {"possible": {"all": [{"event": "discarded"}, {"zone": "hand", "card": "ハーピィ・レディ"}]}},
    {"always": {"not": {"event": "added_to_hand"}}},
]


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(textless_and_name_readers())
def test_property_decide_with_renaming_answers_as_the_full_search(position: Any) -> None:
    start = initial_state(position)
    game = game_of(start)
    found = explore_in(game, start)
    tp = start.turn_player
    for text in _RANDOM_QUESTIONS:
        query = parse_query(text, game=game)
        holding = [query.predicate.holds(o.outcome, tp) for o in found.outcomes]
        full = any(holding) if query.quantifier == "possible" else all(holding)
        with_renaming, without = decide(game, start, query), decide(game, start, query, rename=False)
        event("renamed" if game.renaming(start, frozenset()) is not None else "no class")
        assert with_renaming in (None, full) and without in (None, full) and (with_renaming is None) == (without is None), text


def test_the_random_positions_have_classes_and_readers_of_names() -> None:
    """The strategy above meets positions where renaming applies beside cards that read names."""
    state = initial_state(scenario(player(hand=[*SPELLS, VORSE, SIGN, HORUS8], field=[
        card(HORUS6, "destroyed_monster_by_battle"), card(PHANTOM), card(WOLF)], deck=list(HARPIES), filler=2),
        player(), lingering=[(PHANTOM, "A", PHANTOM, "copy")]))
    assert name_classes(state) == (tuple(sorted(SPELLS)), tuple(sorted((VORSE, WOLF))))
    assert renaming.name_classes(state, named={HORUS8}) == name_classes(state)


def test_a_loop_met_up_to_renaming_is_left_to_the_full_search() -> None:
    """《邪悪なるワーム・ビースト》 and 《暗黒界の書物》 loop: a step back to a position the same as one on
    the path up to renaming is a loop too (without that check the walk would skip it as seen and
    answer as if no line looped)."""
    position = shipped_scenario("worm_beast_grimoire_loop_2013")
    game = game_of(position)
    start = game.state_of(position, None)
    assert game.renaming(start, frozenset()) is not None
    for text in ({"always": {"hand": "TP", "at_most": 6}}, {"possible": {"hand": "TP", "at_least": 8}}):
        query = parse_query(text, game=game)
        assert decide(game, start, query) is None and decide(game, start, query, rename=False) is None


def test_a_card_that_picks_the_first_of_matching_cards_leaves_no_class() -> None:
    # 《ユベル》 Tributes the first other monster on the field: which one hangs on the cards' order, which
    # a key up to renaming does not keep; Horus LV6 picks the first LV8 by name: no class card is one
    assert name_classes(_position(["増援", "死者蘇生"], [VORSE, WOLF, "ユベル"])) == ()
    assert name_classes(_position(["増援", "死者蘇生"], [VORSE, WOLF, card(HORUS6, "destroyed_monster_by_battle")],
                                  deck=[HORUS8])) == (("ジェネティック・ワーウルフ", "ブラッド・ヴォルス"), ("増援", "死者蘇生"))



def test_the_names_kept_for_every_search_together_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each search's plan keeps what the class cards it met were named; a session of many searches
    (a verify, a long notebook) must not keep every plan's names: together they stay near the bound."""
    from types import SimpleNamespace

    monkeypatch.setattr(renaming, "_PLANS", {})
    monkeypatch.setattr(renaming, "_NAMED_KEPT", 8)
    classes = (("死者蘇生", "強欲な壺"),)
    for search in range(6):  # six searches, each with its own tables
        position: Any = SimpleNamespace(tables=object(), cards=(SimpleNamespace(name="死者蘇生"),
                                                                 SimpleNamespace(name="強欲な壺")))
        plan = renaming._plan(position, classes)
        for i in range(7):  # the names its positions met (as a search fills them)
            plan.named[((), frozenset({i, 100 + search}))] = None
    total = sum(len(p.named) for p in renaming._PLANS.values())
    assert len(renaming._PLANS) == 6 and total <= 2 * 8, total
