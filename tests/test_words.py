"""Words for people: every action, event and position of every shipped line
reads as a phrase (no Python repr), every cited rule id carries its statement,
every dated note names its ruling, and user-facing text names pages, not seeds."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import toolkit
from toolkit.core import actions as core_actions
from toolkit.core.game import Game, register, registered_games, unregister
from toolkit.core.rules import registered_rules, rule, rule_anchor
from toolkit.core.search import explore, resolve
from toolkit.core.trace import LineStep
from toolkit.core.words import action_words
from toolkit.duel_masters import actions as dm_actions
from toolkit.ocg import actions as ocg_actions

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import toy_game  # noqa: E402

CLASS_NAMES = tuple(n for module in (core_actions, ocg_actions, dm_actions) for n in dir(module)
                    if n[:1].isupper() and n not in ("PHASE_NAMES", "Any", "Protocol")) + ("Event", "Note", "Choice")
REPR = re.compile(r"\(\s*'|\('|',\)|=\s*'|\w+\(\)|\bend:|:[a-z]+_[a-z_]+")
"""What gives a repr away: ``('``, ``',)``, ``key='``, ``Name()``, and an engine process
key (``end:<card>:negate``, ``<card>:banish_in_end_phase``)."""


def repr_leaks(phrase: str, kinds: frozenset[str]) -> list[str]:
    """Why ``phrase`` reads like code (empty when it reads as words)."""
    found = [m.group(0) for m in REPR.finditer(phrase)]
    found += [f"{name}(" for name in CLASS_NAMES if f"{name}(" in phrase]
    found += [k for k in kinds if "_" in k and re.search(rf"(?<![\w・]){re.escape(k)}(?![\w])", phrase)]
    return found


def test_the_leak_check_can_fail() -> None:
    kinds = frozenset({"hand_adjusted"})
    assert repr_leaks("Discard(('ヒステリック・サイン',))", kinds)
    assert repr_leaks("Pass()", kinds) and repr_leaks("hand_adjusted: A 0", kinds)
    assert repr_leaks("Event('damage', player='B')", kinds)
    assert repr_leaks("B performs エフェクト・ヴェーラー (end:エフェクト・ヴェーラー:negate)", kinds)
    assert repr_leaks("A performs 真炎の爆発 (真炎の爆発:banish_in_end_phase)", kinds)
    assert not repr_leaks("Discard ヒステリック・サイン", kinds)
    assert not repr_leaks("B performs エフェクト・ヴェーラー (its “negate” effect ends)", kinds)


def _lines(game: Game) -> Iterator[tuple[str, tuple[LineStep, ...]]]:
    for name in game.scenario_names():
        found = explore(game.seed_scenario(name))
        for outcome in found.outcomes:
            yield name, outcome.example


@pytest.fixture(scope="module")
def shipped_lines() -> dict[str, list[tuple[str, tuple[LineStep, ...]]]]:
    return {game.name: list(_lines(game)) for game in registered_games()}


@pytest.mark.parametrize("game_name", ["ocg", "duel_masters"])
def test_every_action_event_and_position_of_every_explored_line_reads_as_words(
        game_name: str, shipped_lines: dict[str, list[tuple[str, tuple[LineStep, ...]]]]) -> None:
    game = toolkit.games.game_named(game_name)
    kinds = frozenset(game.event_kinds)
    seen_types: set[str] = set()
    problems: list[str] = []
    steps = 0
    for scenario, line in shipped_lines[game_name]:
        for step in line:
            steps += 1
            seen_types.add(type(step.action).__name__)
            for phrase in (game.describe_action(step.action), *(game.describe_event(e) for e in step.events),
                           step.situation):
                leaks = repr_leaks(phrase, kinds)
                if leaks or not phrase:
                    problems.append(f"{scenario} step {step.step}: {phrase!r} ({leaks})")
            assert step.game == game_name
    assert steps > 50 and not problems, "\n".join(problems[:20])
    expected = {"ocg": {"Pass", "Perform", "Activate", "Respond", "Discard", "Proceed", "EnterPhase",
                        "ChangePosition", "Attack"},
                "duel_masters": {"Pass", "Perform", "Declare", "Decline", "Proceed"}}[game_name]
    assert expected <= seen_types, f"the shipped lines miss {expected - seen_types}"


def test_every_action_type_has_its_own_phrase() -> None:
    """Each action type, the core's and the games' own, reads as words under both games (not as its repr)."""
    samples = [core_actions.Pass(), core_actions.Perform("ライラ: mill 3", target="x", cost=("y",)),
               core_actions.Activate("サイクロン", target="王宮の鉄壁"), core_actions.Respond("サイクロン"),
               ocg_actions.Discard(("a", "b")), ocg_actions.Discard(()), core_actions.Proceed(),
               ocg_actions.EnterPhase("battle"), ocg_actions.ChangePosition("m"), core_actions.Attack("m"),
               dm_actions.Declare("ZERO ハンド: 侵略ZERO"), dm_actions.Decline("e")]
    for game in registered_games():
        phrases = [game.describe_action(a) for a in samples]
        assert all(not repr_leaks(p, frozenset()) for p in phrases), phrases
        assert len(set(phrases)) == len(phrases), "two action types read alike"
        assert [repr(a) for a in samples] != phrases, "the code stays in repr"
    assert action_words(ocg_actions.Discard(("a", "b", "c"))) == "Discard a, b and c"


def test_the_toy_game_gets_the_neutral_phrasing() -> None:
    game = toy_game.GAME
    kept = ("describe_action", "describe_event", "describe_state")  # the core's neutral phrasing: not overridden
    assert all(getattr(type(game), name) is getattr(Game, name) for name in kept)
    register(game)
    try:
        result = resolve(toy_game.seed_scenario("toy_end"))
        words = result.words
        assert list(words["code"]) == [repr(s.action) for s in result.steps]
        for phrase in [*words["action"], *words["events"], *words["position"]]:
            assert not repr_leaks(phrase, frozenset(game.event_kinds)), phrase
    finally:
        unregister(game.name)


def test_words_frame_and_the_resolution_html_show_words_with_the_code_on_hover() -> None:
    result = resolve(toolkit.games.shipped_scenario("hysteric_sign_adjustment_2013"))
    words = result.words
    assert words.loc[2, "action"] == "Discard ヒステリック・サイン"
    assert words.loc[2, "code"] == "Discard(('ヒステリック・サイン',))"
    assert "A: 1 card discarded by the hand-size adjustment" in words.loc[2, "events"]
    page = result._repr_html_()
    assert f'title="{html.escape(repr(result.steps[2].action))}">Discard ヒステリック・サイン' in page
    assert html.escape(rule("R2", "ocg").statement) in page


# --------------------------------------------------------------------------
# Rule ids and rulings in traces
# --------------------------------------------------------------------------


@pytest.mark.parametrize("game_name", ["ocg", "duel_masters"])
def test_every_cited_rule_id_in_a_trace_has_its_statement_as_tooltip_and_a_glossary_entry(game_name: str) -> None:
    from toolkit.widgets.runs import steps_trace_html

    game = toolkit.games.game_named(game_name)
    checked = set()
    for name in game.scenario_names():
        result = resolve(game.seed_scenario(name))
        page = steps_trace_html(result.steps, game)
        cited = {s.rule for s in result.steps} | {n.rule for s in result.steps for n in s.notes}
        for rule_id in cited:
            item = rule(rule_id, game_name)
            tip = html.escape(f"{item.id} — {item.title}: {item.statement}")
            assert f'<span class="endphase-tip" role="tooltip">{tip}</span>' in page, (name, rule_id)
            assert f'href="#{rule_anchor(rule_id, game_name)}"' in page
            assert f'<dt id="{rule_anchor(rule_id, game_name)}">' in page, "the link lands on the rule's entry"
        checked |= cited
    assert len(checked) >= (10 if game_name == "ocg" else 5)


def test_a_dated_note_names_its_ruling_and_the_ruling_row_opens_below_the_trace() -> None:
    from toolkit.present.citations import note_rulings, ruling_details_html
    from toolkit.widgets.runs import resolve_scenario

    view = resolve_scenario(toolkit.games.shipped_scenario("hysteric_sign_adjustment_2013"))
    page = view.trace_html
    new, old = "ocg-160708-hysteric-sign-adjustment", "ocg-130330-hysteric-sign-adjustment"
    assert f'href="#ruling-{new}">ruling <code>{new}</code></a> (2016-07-08)' in page
    assert f'<details class="endphase-ruling-row" id="ruling-{new}">' in page
    assert "発動しません。" in page, "the row shows the answer"
    row = ruling_details_html(old)
    assert "superseded" in row and new in row, "an old ruling's row says what superseded it"
    assert note_rulings("R7", "A passes (19/10/26)", "ocg") == ("ocg-191026-both-pass-turn-player-processes-first",)
    assert note_rulings("R7", "a note with no date", "ocg") == ()


def test_the_rules_dates_name_events_and_rulings_not_flags() -> None:
    from toolkit.widgets.runs import sweep_dates

    eras = sweep_dates()
    flags = {f.name for g in registered_games() for f in g.flags()}
    for _day, what in eras:
        assert not [f for f in flags if f in what], what
    h5 = next(what for day, what in eras if day.isoformat() == "2016-07-08")
    assert "ocg-160708-hysteric-sign-adjustment of 2016-07-08" in h5 and "(H5" in h5


# --------------------------------------------------------------------------
# The glossary and page names
# --------------------------------------------------------------------------


def test_the_glossary_lists_every_rule_with_its_rulings() -> None:
    g = toolkit.glossary()
    assert len(g.table) == len(registered_rules())
    assert list(g.table["game"].drop_duplicates()) == ["ocg", "duel_masters"]
    page = g._repr_html_()
    for item in registered_rules():
        assert f'id="{rule_anchor(item.id, item.game)}"' in page
        assert html.escape(item.statement) in page
    assert "ocg-160708-hysteric-sign-adjustment (2016-07-08)" in g.table.set_index("id").loc["H5", "rulings"]
    assert not g.table["part"].str.contains("§").any(), "parts are named, not numbered after a spec"


def test_the_committed_glossary_page_is_the_generated_one(tmp_path: Path) -> None:
    script = ROOT / "scripts" / "build_glossary.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    from toolkit.present.glossary import glossary

    assert (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8") == glossary().markdown()
    sys.path.insert(0, str(script.parent))
    import build_glossary

    page = tmp_path / "glossary.md"
    page.write_text("stale\n", encoding="utf-8")
    old = build_glossary.PAGE
    build_glossary.PAGE = page
    try:
        assert build_glossary.main(["--check"]) == 1, "a stale page fails the check"
    finally:
        build_glossary.PAGE = old


SEEDISH = re.compile(r"\bseeds?\b|\bspec\b|§\s*\d", re.IGNORECASE)


def test_scenarios_and_rule_statements_name_pages_not_seeds_or_spec_sections() -> None:
    found = []
    for game in registered_games():
        for name in game.scenario_names():
            scenario = game.seed_scenario(name)
            for text in (scenario.title, getattr(scenario, "description", "") or ""):
                if SEEDISH.search(text):
                    found.append(f"{name}: {text[:80]}")
    for item in registered_rules():
        if SEEDISH.search(item.statement) or "toolkit." in item.statement:
            found.append(f"rule {item.id}: {item.statement[:80]}")
    assert not found, "\n".join(found)
    assert SEEDISH.search("Ruling 13/03/30 (seed 000).")
