"""Every ruling check can fail: each modelled ruling's answer flips under at
least one counterfactual rule set of its game (a dated change, a card-text
era, a named reversal of a rule that never changed), unless its annotation
says in writing why none can (``vacuous_reason``).  One test per ruling."""

from __future__ import annotations

import dataclasses

import pandas as pd
import pytest

from toolkit.analysis.sensitivity import flips_per_ruling, plot_sensitivity, sensitivity_grid
from toolkit.data import load_rulings
from toolkit.history import run_ruling, verify_rulings
from toolkit.ocg.reversals import REVERSALS
from toolkit.ocg.rulesets import FLAG_HISTORY, Ruleset, get_ruleset

RULINGS = load_rulings()
MODELLED = sorted(RULINGS.loc[RULINGS["check"].notna(), "ruling_id"])


@pytest.fixture(scope="module")
def verified() -> pd.DataFrame:
    return verify_rulings().set_index("ruling_id")


@pytest.fixture(scope="module")
def grid() -> pd.DataFrame:
    return sensitivity_grid()


@pytest.mark.parametrize("ruling_id", MODELLED)
def test_every_check_can_fail(verified: pd.DataFrame, ruling_id: str) -> None:
    row = verified.loc[ruling_id]
    if row["vacuous"]:
        reason = row["vacuous_reason"]
        assert isinstance(reason, str) and len(reason) > 40, (
            f"{ruling_id}: no counterfactual flips its check ({row['check_en']}) and its annotation gives "
            f"no vacuous_reason")
    else:
        assert list(row["flipped_by"]), ruling_id
        assert pd.isna(row["vacuous_reason"]), f"{ruling_id} flips under {row['flipped_by']}: drop its vacuous_reason"


def test_flipped_by_is_the_deciding_changes(verified: pd.DataFrame) -> None:
    modelled = verified[verified["answer"].notna()]
    assert all("; ".join(f) == d for f, d in zip(modelled["flipped_by"], modelled["deciding_changes"]))
    assert (modelled["vacuous"] == modelled["flipped_by"].map(len).eq(0)).all()
    assert verified.loc[verified["answer"].isna(), "vacuous"].isna().all()


def test_the_grid_agrees_with_verify_rulings(verified: pd.DataFrame, grid: pd.DataFrame) -> None:
    assert list(grid.index) == MODELLED
    counts = flips_per_ruling(grid)
    assert (counts == verified.loc[MODELLED, "flipped_by"].map(len)).all()
    ocg = [c for c in grid.columns if c.startswith(("H1 ", "R7 ", "V1 "))]
    dm = [c for c in grid.columns if c.startswith("D3 ")]
    assert ocg and dm
    assert grid.loc["ocg-120808-no-quick-effect-after-adjustment", "H1 quick effects after the adjustment"]
    assert grid.loc[[r for r in MODELLED if r.startswith("dm-")], ocg].isna().all().all()  # another game's rules


def test_the_grid_draws(grid: pd.DataFrame) -> None:
    chart = plot_sensitivity(grid)
    assert chart.png().startswith(b"\x89PNG")
    assert set(chart.data.columns) == {"ruling_id", "counterfactual", "flips"}
    assert int(chart.data["flips"].sum()) == int(flips_per_ruling(grid).sum())


# --------------------------------------------------------------------------
# The reversals: each a flag of the rule set, today's rules by default
# --------------------------------------------------------------------------


def test_reversal_defaults_are_the_rules_as_given() -> None:
    today = get_ruleset("ocg")
    defaults = {f.name: f.default for f in dataclasses.fields(Ruleset)}
    for reversal in REVERSALS:
        for flag, value in reversal.changes.items():
            if flag in {h.flag for h in FLAG_HISTORY} or flag in ("process_order", "hand_limit"):
                continue
            assert getattr(today, flag) == defaults[flag] != value, (reversal.label, flag)
        assert reversal.apply(today) is not None
    labels = [r.label for r in REVERSALS]
    assert len(set(labels)) == len(labels) and len({r.short for r in REVERSALS}) == len(REVERSALS)


@pytest.mark.parametrize(
    ("ruling_id", "reversal"),
    [
        ("ocg-120808-no-quick-effect-after-adjustment", "H1 quick effects after the adjustment"),
        ("ocg-140601-grimoire-summon-torrential-tribute", "H1 quick effects after the adjustment"),
        ("ocg-140604-grimoire-gadget-drastic-drop-off", "H1 quick effects after the adjustment"),
        ("ocg-171026-farfa-macro-cosmos", "E1 turn_end_triggers_activate"),
        ("ocg-171026-farfa-skull-invitation", "E1 turn_end_triggers_activate"),
        ("ocg-191026-both-pass-turn-player-processes-first", "R7 no pass with a mandatory process"),
        ("ocg-191026-both-pass-turn-player-processes-first", "R7 opponent's mandatory processes first"),
        ("ocg-120921-arcana-world-ohka-veiler", "R7 opponent's mandatory processes first"),
        ("ocg-120916-zerato-veiler", "R7 priority to the other player after a voluntary process"),
        ("ocg-undated-rulebook-mr3-end-phase-vs-end-of-turn", "R4 turn-end effects end in the End Phase"),
        ("ocg-130330-manticore-adjustment", "H5 optional triggers after the adjustment"),
        ("ocg-080803-readjust-after-hand-grows", "H4 no second adjustment"),
        ("ocg-111222-both-pass-ends-main-phase", "P2 a pass for the moment"),
        ("ocg-080714-choose-battle-or-end-after-passes", "P3 the declaration names the phase"),
        ("ocg-130324-rekindling-imperial-iron-wall", "V1 the system orders the processes"),
        ("ocg-undated-warwolf-zero-gravity-main", "V2 the phase moves on after a response"),
    ],
)
def test_a_reversal_flips_the_ruling_it_reverses(grid: pd.DataFrame, ruling_id: str, reversal: str) -> None:
    assert grid.loc[ruling_id, reversal], f"{reversal} does not flip {ruling_id}"


def test_a_reversed_run_shows_its_rule_in_the_trace() -> None:
    run = run_ruling("ocg-120808-no-quick-effect-after-adjustment")
    assert run.own.answer == "no"
    assert any(label.startswith("H1 reversed") for label in run.flipped_by)


# --------------------------------------------------------------------------
# "When ..." Traps answer the moment (State.moment), not only a chain link
# --------------------------------------------------------------------------


def _activated(name: str, rules: Ruleset) -> set[str]:
    from toolkit.core.search import explore
    from toolkit.history import scenario_named as _scenario

    found = explore(_scenario(name), ruleset=rules)
    return {str(e.card) for o in found.outcomes for e in o.outcome.events if e.kind == "activated"}


@pytest.mark.parametrize(
    ("scenario", "date", "card"),
    [
        ("grimoire_no_effect_torrential_2014.yaml", "2014-06-08", "激流葬"),
        ("grimoire_red_gadget_drop_off_2014.yaml", "2014-06-04", "強烈なはたき落とし"),
    ],
)
def test_a_when_trap_answers_the_moment_only_where_a_window_follows_it(scenario: str, date: str, card: str) -> None:
    from toolkit.ocg.rulesets import ruleset_at

    rules = ruleset_at(date)
    assert card not in _activated(scenario, rules), "after the adjustment no open game state follows the moment (H1)"
    assert card in _activated(scenario, rules.with_flags(quick_effects_after_adjustment=True))


def test_the_moment_is_kept_only_where_a_card_answers_it() -> None:
    from toolkit.core.actions import Pass
    from toolkit.core.game import as_state
    from toolkit.history import scenario_named as _scenario
    from toolkit.ocg.procedure import apply, legal_actions

    state = as_state(_scenario("grimoire_no_effect_torrential_2014.yaml"),
                     ruleset=get_ruleset("ocg-2013").with_flags(quick_effects_after_adjustment=True))
    seen = set()
    for _ in range(20):
        seen |= set(state.moment)
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, next((a for a in actions if not isinstance(a, Pass)), actions[0]))
    assert any(m.startswith("special_summoned:A:") for m in seen)
    plain = as_state(_scenario("peten_adjustment_2013.yaml"))
    assert not plain.tables.moment_kinds and plain.moment == frozenset()
