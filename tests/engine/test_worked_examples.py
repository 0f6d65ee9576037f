"""The worked examples of seeds 000 and 003, each named after its example."""

from __future__ import annotations

from engine_positions import HORUS6, HORUS8, LYLA, OHKA, SIGN, VEILER, WORLD, WORM, seed

from toolkit.engine import (
    Activate,
    Discard,
    EventKind,
    Pass,
    Perform,
    Step,
    apply,
    can_force,
    evaluate,
    explore,
    initial_state,
    legal_actions,
    resolve,
    withheld,
)

NOT_MILLED = {"not": {"event": "milled", "player": "TP"}}


def performs(resolution):
    return [(s.actor, s.action.process) for s in resolution.steps if isinstance(s.action, Perform)]


def test_lyla_veiler_2011_both_passing_mill_comes_first_and_is_negated():
    res = resolve(seed("lyla_veiler_2011"))
    assert [a for a, _ in performs(res)] == ["A", "B"]  # Lyla (TP) before Veiler's end (NTP)
    assert res.has(EventKind.NEGATED, LYLA) and not res.has(EventKind.MILLED)


def test_lyla_veiler_2011_ntp_can_force_nothing_milled():
    position = seed("lyla_veiler_2011")
    assert can_force(position, "NTP", NOT_MILLED).value
    tp = can_force(position, "TP", {"event": "milled", "player": "TP"})
    assert not tp.value and tp.line  # a refutation line is given
    assert evaluate(position, {"possible": {"event": "milled", "player": "TP"}}).value  # if NTP ends Veiler early


def test_lyla_veiler_today_never_milled():
    assert evaluate(seed("lyla_veiler_2011"), {"always": NOT_MILLED}, ruleset="ocg").value


def test_horus_lv6_veiler_2011_tp_can_always_level_up():
    position = seed("horus_lv6_veiler_2011")
    summoned = {"event": "special_summoned", "card": HORUS8}
    forced = can_force(position, "TP", summoned)
    assert forced.value
    assert any(isinstance(s.action, Perform) and s.action.process.startswith(HORUS6) for s in forced.line)
    assert not can_force(position, "NTP", {"not": summoned}).value


def test_horus_lv6_veiler_after_errata_never_levels_up():
    position = seed("horus_lv6_veiler_2015")
    assert not evaluate(position, {"possible": {"event": "special_summoned", "card": HORUS8}}).value
    state = initial_state(position)
    assert any(n.rule == "R8" for n in withheld(state))


def test_tsukuyomi_asura_vs_yamata_hino_both_passing():
    res = resolve(seed("tsukuyomi_asura_vs_yamata_hino"))
    order = performs(res)
    assert [a for a, _ in order] == ["A", "A", "B", "B"]
    first = initial_state(seed("tsukuyomi_asura_vs_yamata_hino"))
    forced = apply(apply(first, Pass()), Pass())
    assert forced.step is Step.FORCED and len(legal_actions(forced)) == 2  # either order


def test_arcana_force_two_ohka_veiler_120921():
    position = seed("arcana_force_ohka_veiler_2012")
    res = resolve(position, "pass")  # the line where both pass whenever they may
    assert [p.split(":")[0] for _, p in performs(res)] == [f"{OHKA}#1", f"{OHKA}#2", VEILER]
    assert [a for a, _ in performs(res)] == ["A", "A", "B"]
    # after each forced Ohka the turn player holds priority
    after_ohka = [res.steps[i + 1] for i, s in enumerate(res.steps[:-1])
                  if isinstance(s.action, Perform) and OHKA in s.action.process]
    assert all(s.actor == "A" and isinstance(s.action, Pass) for s in after_ohka)
    world = {"event": "activated", "card": WORLD}
    assert not res.has(EventKind.ACTIVATED, WORLD)  # both passing: the turn ends without it
    assert can_force(position, "TP", world).value


def test_arcana_force_world_offered_only_after_veiler_ends():
    position = seed("arcana_force_ohka_veiler_2012")
    state = initial_state(position)
    for step in ["Pass()", "Pass()", f"Perform('{OHKA}#1: send itself to the GY')", "Pass()", "Pass()",
                 f"Perform('{OHKA}#2: send itself to the GY')"]:
        state = apply(state, next(a for a in legal_actions(state) if repr(a) == step))
    assert state.priority == "A"
    assert not any(isinstance(a, Perform) for a in legal_actions(state))  # World still negated
    state = apply(apply(state, Pass()), Pass())
    assert state.step is Step.FORCED and state.forced == "B"
    state = apply(state, legal_actions(state)[0])  # B ends Veiler; B keeps priority
    state = apply(state, Pass())
    assert state.priority == "A"
    assert any(isinstance(a, Perform) and a.process.startswith(WORLD) for a in legal_actions(state))


def test_hysteric_sign_discarded_by_the_adjustment_2013_activates_today_not():
    question = {"possible": {"event": "activated", "card": SIGN}}
    old = seed("hysteric_sign_adjustment_2013")
    assert evaluate(old, question).value
    assert evaluate(old, {"force:TP": question["possible"]}).value
    assert not evaluate(old, question, ruleset="ocg").value
    assert not evaluate(seed("hysteric_sign_adjustment_2016"), question).value


def test_worm_beast_grimoire_loop_2013_gone_today():
    old = explore(seed("worm_beast_grimoire_loop_2013"))
    assert old.loops
    cycle = old.loops[0].outcome.loop
    assert any(WORM in step and "Discard" in step for step in cycle)
    assert any(WORM in step and "Perform" in step for step in cycle)
    assert not explore(seed("worm_beast_grimoire_today")).loops
    assert not explore(seed("worm_beast_grimoire_loop_2013"), ruleset="ocg").loops


def test_worm_beast_grimoire_loop_is_reported_not_a_hang():
    def always_loop(state, actions):
        for a in actions:
            if isinstance(a, Activate) or (isinstance(a, Discard) and a.cards == (WORM,)):
                return a
        return next((a for a in actions if isinstance(a, Pass)), actions[0])

    res = resolve(seed("worm_beast_grimoire_loop_2013"), always_loop, max_steps=200)
    assert res.loop is not None and res.has(EventKind.LOOP)
    today = resolve(seed("worm_beast_grimoire_today"), always_loop, max_steps=200)
    assert today.loop is None and today.final.is_over


def test_darklord_zerato_veiler_120916_both_self_destructs_in_a_row():
    position = seed("darklord_zerato_veiler_2012")
    state = initial_state(position)
    first = [a for a in legal_actions(state) if isinstance(a, Perform) and "ゼラート" in a.process]
    assert len(first) == 2
    state = apply(state, first[0])
    assert state.priority == "A"
    assert any(isinstance(a, Perform) and "ゼラート" in a.process for a in legal_actions(state))


def test_cyclone_on_end_declaration():
    state = apply(initial_state(seed("cyclone_on_end_declaration")), Pass())
    assert state.priority == "B"
    assert any(isinstance(a, Activate) and a.effect.startswith("サイクロン") for a in legal_actions(state))
