"""toolkit.compare: outcomes under several rulesets side by side, the ones one
ruleset cannot reach with a line for each, and the ordering assumption."""

from __future__ import annotations

import re

import pandas as pd
import pytest

import toolkit
from toolkit.analysis.compare import Comparison, compare, line_text
from toolkit.analysis.paper_vs_video import ordering_dependence, video_game_variant
from toolkit.core.values import Outcome
from toolkit.engine import explore, initial_state, legal_actions, transition
from toolkit.errors import ScenarioError
from toolkit.ocg.rulesets import RULESETS, VIDEO_GAME
from toolkit.ocg.scenario import seed_scenario
from toolkit.ocg.video_game import reversed_kind_order

END_PHASE_POSITIONS = ("mist_archfiend_enemy_controller", "rekindling_iron_wall_provisions", "vg_world_ohka_order")


def replay(name: str, ruleset: str, actions: tuple[str, ...]) -> Outcome:
    """Play a line by its action reprs under ``ruleset`` and return where it ends."""
    state = initial_state(seed_scenario(name), ruleset=ruleset)
    events = set()
    for text in actions:
        action = next(a for a in legal_actions(state) if repr(a) == text)
        result = transition(state, action)
        events.update(result.events)
        state = result.state
    assert state.is_over
    return Outcome(state.summary(), frozenset(events))


def test_exported_from_the_package() -> None:
    assert toolkit.compare is compare and toolkit.VIDEO_GAME == "video_game" == VIDEO_GAME
    assert toolkit.Comparison is Comparison and VIDEO_GAME in RULESETS


@pytest.mark.parametrize("name", END_PHASE_POSITIONS)
def test_an_end_phase_outcome_reachable_in_the_ocg_only_with_its_line(name: str) -> None:
    c = compare(name, ["ocg", VIDEO_GAME])
    only = c.only_in("ocg", than=VIDEO_GAME)
    assert only, f"{name}: every OCG outcome is reachable in the video game"
    for item in only:
        line = item.examples[0]
        assert line is not None and item.examples[1] is None and item.lines[1] == 0
        assert replay(name, "ocg", tuple(repr(s.action) for s in line)) == item.outcome
    assert not c.only_in(VIDEO_GAME, than="ocg"), "the video game reaches nothing the OCG cannot"


@pytest.mark.parametrize("name", ["p_treeborn_frog_virus_standby", "p_warwolf_zero_gravity_main"])
def test_the_seed_002_examples_are_lost_in_the_video_game(name: str) -> None:
    only = compare(name).only_in("ocg")
    assert only and all(o.examples[0] for o in only)


def test_lines_per_ruleset_are_the_explorations_counts() -> None:
    c = compare("vg_world_ohka_order", ["ocg", VIDEO_GAME])
    for i, ruleset in enumerate(c.rulesets):
        found = explore(seed_scenario("vg_world_ohka_order"), ruleset=ruleset)
        assert sum(o.lines[i] for o in c.outcomes) == found.total_lines
        assert sum(1 for o in c.outcomes if o.reachable(i)) == len(found.outcomes)


def test_tables_say_where_each_outcome_is_reachable() -> None:
    c = compare("rekindling_iron_wall_provisions")
    table = c.table()
    assert list(table.columns) == ["outcome", "lines[ocg]", "lines[video_game]"]
    assert len(table) == 3 and (table["lines[ocg]"] > 0).all()
    diff = c.differences()
    assert list(diff.columns) == ["outcome", "reachable_in", "unreachable_in", "example_under", "example"]
    assert diff["reachable_in"].tolist() == ["ocg"] and diff["unreachable_in"].tolist() == [VIDEO_GAME]
    # the outcome in words (before: the engine's codes, "banished フレムベル・ヘルドッグ (A)", "A.banished: …")
    assert "フレムベル・ヘルドッグ is banished (A)" in diff["outcome"].iloc[0]
    assert "A's banished: フレムベル・ヘルドッグ" in diff["outcome"].iloc[0]
    assert not re.search(r"\b[AB]\.\w|sent_to_gy|\bactivated ", diff["outcome"].iloc[0])
    # the example in words too (before: "Activate('非常食', cost=('王宮の鉄壁',)) ; Pass() ×2 ; ...")
    assert diff["example"].iloc[0].startswith("Activate 非常食, paying 王宮の鉄壁 ; Pass ×2 ; Perform: ")
    assert not re.search(r"\w\(", diff["example"].iloc[0]), diff["example"].iloc[0]
    assert "<table>" in c._repr_html_()


def test_facts_keep_only_what_tells_outcomes_apart() -> None:
    c = compare("mist_archfiend_enemy_controller")
    described = [o.facts for o in c.outcomes]
    assert all("B's graveyard: エネミーコントローラー" not in facts for facts in described), "common to all"
    assert any("A takes 1000 damage" in facts for facts in described)
    assert any("B takes 1000 damage" in facts for facts in described)
    for o in c.outcomes:  # what happened first, then where the line ends
        finals = [f in o.final for f in o.facts]
        assert finals == sorted(finals) and any(finals) and not all(finals), o.facts
    assert "A: 7000 LP" in next(o.final for o in c.outcomes if "A takes 1000 damage" in o.facts)


def test_ruleset_values_and_variants_can_be_compared() -> None:
    alt = video_game_variant(reversed_kind_order, "video_game/reversed kinds")
    c = compare(seed_scenario("mist_archfiend_enemy_controller"), ["ocg", RULESETS[VIDEO_GAME], alt])
    assert c.rulesets == ("ocg", VIDEO_GAME, "video_game/reversed kinds")
    lost_default = {o.outcome for o in c.only_in("ocg", than=VIDEO_GAME)}
    lost_alt = {o.outcome for o in c.only_in("ocg", than="video_game/reversed kinds")}
    assert lost_default and lost_alt and lost_default != lost_alt, "which outcome is lost hangs on the order"


def test_ordering_dependence() -> None:
    rekindling = ordering_dependence("rekindling_iron_wall_provisions")
    assert rekindling["depends_on_order"].tolist() == [False]
    assert not rekindling[VIDEO_GAME].any() and not rekindling["video_game/reversed kinds"].any()
    mist = ordering_dependence("mist_archfiend_enemy_controller")
    assert len(mist) == 2 and mist["depends_on_order"].all()
    assert isinstance(mist, pd.DataFrame) and list(mist.columns)[-1] == "example"


def test_line_text_folds_repeats() -> None:
    c = compare("rekindling_iron_wall_provisions")
    line = c.only_in("ocg")[0].examples[0]
    assert line is not None and "Pass() ×2" in line_text(line)


@pytest.mark.parametrize(
    ("rulesets", "match"),
    [
        (["ocg", "vidoe_game"], r"field 'rulesets\[1\]'.*unknown ruleset 'vidoe_game' \(did you mean 'video_game'\?\)"),
        (["ocg"], r"field 'rulesets'.*at least two"),
        ("ocg", r"field 'rulesets'.*at least two"),
        (["ocg", "ocg"], r"field 'rulesets'.*listed twice"),
        (["ocg", 3], r"field 'rulesets\[1\]'.*expected a ruleset name"),
    ],
)
def test_bad_rulesets_are_scenario_errors(rulesets: object, match: str) -> None:
    with pytest.raises(ScenarioError, match=match) as caught:
        compare("mist_archfiend_enemy_controller", rulesets)  # type: ignore[arg-type]
    assert caught.value.file == "datasets/scenarios/mist_archfiend_enemy_controller.yaml"


def test_bad_scenarios_are_scenario_errors() -> None:
    with pytest.raises(ScenarioError, match="no shipped scenario 'mist_archfiend'"):
        compare("mist_archfiend")
    with pytest.raises(ScenarioError, match="field 'scenario'"):
        compare(42)  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match="not among the compared rulesets"):
        compare("mist_archfiend_enemy_controller").only_in("ocg-2011")


def test_ruling_answers_under_the_video_game() -> None:
    from toolkit import load_rulings
    from toolkit.analysis.compare import ruling_answers

    rulings = load_rulings()
    table = ruling_answers(rulings[rulings["topic"] == "phase_transition"]).set_index("ruling_id")
    assert (table["answer"] == table["expected"]).all(), "the seed 002 rulings hold under their own rules"
    flipped = sorted(table.index[table["answer"] != table["answer[video_game]"]])
    assert flipped == ["ocg-undated-treeborn-frog-virus-standby", "ocg-undated-warwolf-zero-gravity-main"]
    assert "ocg-120928-pass-for-opponent-trap-call-judge" not in table.index, "no check, no row"
    with pytest.raises(ScenarioError, match=r"rulesets\[0\]"):
        ruling_answers(rulings.head(3), ["nope"])
