"""The search layer: resolve, explore, can_force, evaluate, predicates, traces."""

from __future__ import annotations

import pytest
from engine_positions import FILLERS, GRIMOIRE, LYLA, SIGN, VEILER, WORM, card, player, scenario, seed

from toolkit.core.predicates import PredicateError
from toolkit.core.trace import COLUMNS
from toolkit.engine import (
    IllegalActionError,
    Pass,
    Perform,
    SearchBudgetExceeded,
    apply,
    can_force,
    evaluate,
    explore,
    initial_state,
    legal_actions,
    parse_predicate,
    parse_query,
    resolve,
    scripted,
)


def test_resolve_trace_is_a_dataframe_with_rule_ids() -> None:
    res = resolve(seed("lyla_veiler_2011"), "pass")  # both pass: the mandatory mill comes first
    frame = res.trace
    assert list(frame.columns) == list(COLUMNS)
    assert len(frame) == len(res.steps) and frame["step"].tolist() == list(range(1, len(res.steps) + 1))
    assert frame.loc[0, "action"] == "Pass()" and frame.loc[0, "rule"] == "R7"
    forced = frame[frame["action"].str.startswith("Perform")]
    assert forced.iloc[0]["actor"] == "A" and "must perform" in forced.iloc[0]["reason"]
    assert "R8" in forced.iloc[0]["notes"]


def test_resolve_html() -> None:
    res = resolve(seed("lyla_veiler_2011"))
    page = res._repr_html_()
    assert '<table class="endphase-table">' in page and "R7" in page and LYLA in page
    assert "Pass()" not in page.split("title=")[0], "actions read as words"
    assert "<table>" in initial_state(seed("lyla_veiler_2011"))._repr_html_()
    assert "outcomes" in explore(seed("lyla_veiler_2011"))._repr_html_()


def test_scripted_policy_and_illegal_actions() -> None:
    res = resolve(seed("lyla_veiler_2011"), scripted(["Pass()", f"Perform('{VEILER}: end negation until the End Phase on {LYLA}')"]))
    assert res.steps[1].actor == "B" and res.steps[1].action.process.startswith(VEILER)
    assert res.has("milled")
    with pytest.raises(IllegalActionError):
        resolve(seed("lyla_veiler_2011"), scripted(["Discard(('x',))"]))
    state = initial_state(seed("lyla_veiler_2011"))
    with pytest.raises(IllegalActionError):
        apply(state, Perform("nothing", ref=(99, "nothing")))


def test_step_and_state_budgets() -> None:
    with pytest.raises(SearchBudgetExceeded):
        resolve(seed("tsukuyomi_asura_vs_yamata_hino"), max_steps=3)
    with pytest.raises(SearchBudgetExceeded):
        explore(seed("tsukuyomi_asura_vs_yamata_hino"), max_states=5)


def test_explore_counts_lines_and_gives_example_lines() -> None:
    found = explore(seed("lyla_veiler_2011"))
    assert found.total_lines == 6 and len(found.outcomes) == 2
    milled = next(o for o in found.outcomes if o.outcome.has("milled"))
    assert milled.lines == 2
    replay = initial_state(seed("lyla_veiler_2011"))
    for action in milled.example_actions:
        replay = apply(replay, action)
    assert replay.is_over and replay.summary() == milled.outcome.summary
    table = found.table()
    assert table["lines"].sum() == 6 and set(table.columns) == {"lines", "loop", "events", "final", "example"}


def test_explore_memoises_transpositions() -> None:
    found = explore(seed("tsukuyomi_asura_vs_yamata_hino"))
    assert found.tree_nodes > 10 * found.states  # a naive tree walk would visit far more nodes


def test_transpositions_merge_into_one_state() -> None:
    start = apply(apply(initial_state(seed("tsukuyomi_asura_vs_yamata_hino")), Pass()), Pass())
    first, second = [a for a in legal_actions(start) if isinstance(a, Perform)]

    def both(x, y):  # type: ignore[no-untyped-def]
        s = apply(start, x)
        s = apply(apply(s, Pass()), Pass())
        return apply(s, next(a for a in legal_actions(s) if a == y))

    a, b = both(first, second), both(second, first)
    assert a == b and hash(a) == hash(b)


def test_loop_is_an_outcome_with_its_cycle() -> None:
    found = explore(seed("worm_beast_grimoire_loop_2013"))
    loop = found.loops[0]
    assert loop.outcome.is_loop and loop.outcome.has("loop")
    assert loop.example and loop.lines >= 1
    assert evaluate(seed("worm_beast_grimoire_loop_2013"), {"possible": {"loop": True}}).value
    assert evaluate(seed("worm_beast_grimoire_loop_2013"), {"force:TP": "loop"}).value
    assert not evaluate(seed("worm_beast_grimoire_loop_2013"), {"force:NTP": "loop"}).value


def test_can_force_witness_line_reaches_the_predicate() -> None:
    result = can_force(seed("horus_lv6_veiler_2011"), "TP", {"event": "special_summoned", "card": "ホルスの黒炎竜 LV８"})
    assert result and result.player == "A"
    assert any(e.kind == "special_summoned" for s in result.line for e in s.events)
    assert result.trace["rule"].notna().all()
    refuted = can_force(seed("lyla_veiler_2011"), "A", {"event": "milled"})
    assert not refuted and not any(e.kind == "milled" for s in refuted.line for e in s.events)


def test_evaluate_quantifiers_and_deciding_step() -> None:
    position = seed("lyla_veiler_2011")
    assert evaluate(position, {"possible": {"event": "milled"}}).value
    assert not evaluate(position, {"always": {"event": "milled"}}).value
    assert not evaluate(position, {"default": {"event": "milled"}}).value
    verdict = evaluate(position, {"default": {"event": "negated", "card": LYLA}})
    assert verdict.value and verdict.deciding_step is not None
    assert verdict.deciding_step.rule == "R7" and "must perform" in verdict.deciding_step.reason


def test_predicate_language_from_data() -> None:
    p = parse_predicate({"all": [{"event": "activated", "card": SIGN}, {"not": {"zone": "hand", "card": SIGN}},
                                 {"hand": "TP", "at_most": 6}, {"life": "NTP", "at_least": 1}]})
    assert repr(p).startswith("AllOf(")
    assert parse_query({"force:NTP": {"event": "milled"}}).quantifier == "force:NTP"
    for bad, where in [({"event": "explode"}, "event"), ({"zone": "moon", "card": "x"}, "zone"),
                       ({"hand": "C", "at_most": 1}, "player"), ({"hand": "A"}, "equals"),
                       ({"sometimes": {"event": "milled"}}, "quantifier"), ([1], "mapping")]:
        with pytest.raises(PredicateError, match=where):
            (parse_query if "sometimes" in str(bad) else parse_predicate)(bad)


def test_end_state_predicates() -> None:
    position = scenario(player(hand=FILLERS, field=(card(GRIMOIRE),)))
    assert evaluate(position, {"always": {"hand": "TP", "at_most": 6}}).value
    assert evaluate(position, {"always": {"life": "A", "equals": 8000}}).value
    assert evaluate(position, {"possible": {"zone": "graveyard", "card": FILLERS[0], "player": "TP"}}).value
    assert not evaluate(position, {"possible": {"zone": "field", "card": FILLERS[0]}}).value
    # a card no zone of the position holds can never be named by its end: the question is refused, not "no"
    with pytest.raises(PredicateError, match="is not in"):
        evaluate(position, {"possible": {"zone": "field", "card": WORM}})


def test_predicates_from_csv_cells() -> None:
    assert parse_query("{force:TP: {event: activated, card: ヒステリック・サイン}}").quantifier == "force:TP"
    assert parse_predicate("loop").holds  # the bare word
    with pytest.raises(PredicateError, match="YAML"):
        parse_predicate("{event: [")
    with pytest.raises(PredicateError, match="mapping"):
        parse_predicate("just words")


def test_play_reaches_the_position_the_moves_lead_to_in_either_game() -> None:
    """``play`` is the moves applied one by one (read as find_action reads them),
    for an OCG and a Duel Masters position; a move after the turn ended is refused."""
    from toolkit.core.finding import find_action
    from toolkit.core.game import as_state, game_of
    from toolkit.core.search import play
    from toolkit.games import shipped_scenario

    for name, moves in (("p_main_phase_both_pass", ("Pass()", "Pass()", "EnterPhase('end')")),
                        ("duel_masters/dm_the_clock_extra_turn", ("Attack('鬼ヶ王魔 エンド・ジャオウガ'",))):
        state = as_state(shipped_scenario(name))
        game = game_of(state)
        by_hand = state
        for move in moves:
            by_hand = game.transition(by_hand, find_action(by_hand, move), check=False).state
        assert by_hand != state and play(shipped_scenario(name), *moves) == by_hand
    final = resolve(shipped_scenario("duel_masters/dm_moffle_zanjibar")).final
    with pytest.raises(IllegalActionError, match="legal: none"):
        play(final, "Pass()")
