"""The rule registry (toolkit.core.rules) against the code, the tests, the
traces, the rule-set flags, the rulings table and the English rules reading.

Each guard fails for a concrete omission: a rule with no implementation or no
test named after it, a trace note that cites an unregistered label, a flag
whose rule is not registered, a ruling id not in the table.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
from pathlib import Path
from typing import Any

import pytest

import toolkit
from toolkit.core.game import Game, Note, Transition, as_state, registered_games
from toolkit.core.rules import (
    COLUMNS,
    Rule,
    UnknownRuleError,
    register_rule,
    registered_rules,
    rule,
    rule_glossary_html,
    rule_ids,
    unregister_rules,
)
from toolkit.core.search import explore, resolve
from toolkit.core.trace import line_step

TESTS = Path(__file__).resolve().parent
GAMES = {g.name: g for g in registered_games()}
RULES = registered_rules()


def _object(qualified: str) -> Any:
    """Import ``package.module.Class.attr`` (the longest importable module prefix, then attributes)."""
    parts = qualified.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    raise ModuleNotFoundError(qualified)


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def _token(rule_id: str) -> str:
    """How a test names a rule: R7 -> r7, D2(4) -> d2_4, P2b -> p2b."""
    return re.sub(r"\((\d+)\)", r"_\1", rule_id).lower()


def test_both_games_register_their_rules() -> None:
    assert set(GAMES) == {"ocg", "duel_masters"}
    for name in GAMES:
        assert rule_ids(name), name
    assert [r.id for r in RULES if r.game == "duel_masters"] == ["D1", *(f"D2({i})" for i in range(1, 7)), "D3",
                                                                "attack"]


@pytest.mark.parametrize("item", RULES, ids=lambda r: f"{r.game}:{r.id}")
def test_every_rule_has_an_implementing_function_that_imports(item: Rule) -> None:
    assert item.functions, f"{item.id} of {item.game} names no function"
    for name in item.functions:
        assert callable(_object(name)) or isinstance(_object(name), property), name


def test_every_rule_has_a_test_named_after_it() -> None:
    names = _test_names()
    missing = [r.id for r in RULES if not any(n.startswith(f"test_{_token(r.id)}_") for n in names)]
    assert missing == []


def _cited(game: Game, state: Any, seen: set[Any]) -> list[str]:
    """Rule ids cited by explain (for every legal action) and withheld, in ``state``."""
    if state in seen:
        return []
    seen.add(state)
    found = [n.rule for n in game.withheld(state)]
    found += [game.explain(state, a).rule for a in game.legal_actions(state)]
    return found


def _lines_and_citations(game: Game, scenario: Any, rules: Any, *, full: bool) -> list[str]:
    line = resolve(scenario, ruleset=rules)
    steps = list(line.steps)
    if full:
        steps += [s for o in explore(scenario, ruleset=rules).outcomes for s in o.example]
    cited = [s.rule for s in steps] + [n.rule for s in steps for n in s.notes]
    seen: set[Any] = set()
    state = as_state(scenario, ruleset=rules)
    for s in line.steps:
        cited += _cited(game, state, seen)
        state = game.transition(state, s.action, check=False).state
    return cited


CASES = [(g.name, name) for g in GAMES.values() for name in g.scenario_names()]


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=[f"{g}:{s}" for g, s in CASES])
def test_every_note_of_the_shipped_scenarios_cites_a_registered_rule(game_name: str, scenario: str) -> None:
    game = GAMES[game_name]
    position = game.seed_scenario(scenario)
    known = rule_ids(game_name)
    cited = _lines_and_citations(game, position, None, full=True)
    for variant in game.variants():  # the video game, the counterfactual Turn End Step rules
        cited += _lines_and_citations(game, position, game.ruleset(variant), full=False)
    assert cited and set(cited) <= known, sorted(set(cited) - known)


def test_a_step_citing_an_unregistered_rule_is_refused_with_a_clear_error() -> None:
    game = GAMES["ocg"]
    state = as_state(game.seed_scenario("lyla_veiler_2011"))
    action = game.legal_actions(state)[0]
    result = game.transition(state, action)
    assert line_step(1, state, action, result).rule == "R7"
    bad = Transition(result.state, result.events, result.notes + (Note("X-continuous", "banished instead"),))
    with pytest.raises(UnknownRuleError) as refused:
        line_step(1, state, action, bad)
    assert str(refused.value).startswith("a note of step 1 ('banished instead') cites 'X-continuous', which is not "
                                         "a rule of ocg (did you mean continuous? its rules: R1, R2")


def test_every_flag_names_a_registered_rule_and_the_rule_lists_it() -> None:
    for game in GAMES.values():
        fields = {f.name for f in dataclasses.fields(game.rules_type)}
        flags = game.flags()
        assert flags, game.name
        for flag in flags:
            assert flag.name in rule(flag.rule, game.name).flags, (game.name, flag.name)
        for item in registered_rules(game.name):
            assert set(item.flags) <= fields, (item.id, set(item.flags) - fields)
    assert rule("V1", "ocg").flags == ("process_order",) and rule("R1", "ocg").flags == ("hand_limit",)


def test_every_rule_cites_rulings_of_its_game_from_the_table() -> None:
    table = toolkit.load_rulings()
    game_of_ruling = dict(zip(table["ruling_id"], table["game"]))
    for item in RULES:
        for ruling in item.rulings:
            assert game_of_ruling.get(ruling) == item.game, (item.id, ruling)
    grounded = {r for item in RULES for r in item.rulings}
    assert "ocg-130324-rekindling-imperial-iron-wall" in rule("X4", "ocg").rulings
    assert len(grounded) >= 40, "most rulings of the table ground some rule"


def _spec_ids(text: str) -> list[str]:
    ids: list[str] = []
    for line in text.splitlines():
        found = re.match(r"^(R\d|H\d|E\d|X\d|P\d+b?|V\d|D\d)\. ", line)
        if found:
            if found.group(1) == "D2":
                ids += [f"D2({i})" for i in range(1, 7)]
            else:
                ids.append(found.group(1))
    return ids


def test_rules_are_registered_in_the_order_of_the_rules_reading(spec_file: Path) -> None:
    in_spec = _spec_ids(spec_file.read_text(encoding="utf-8"))
    for game in GAMES:
        ours = [r.id for r in registered_rules(game) if r.section.startswith("§")]
        beyond = [i for i in ours if i not in in_spec]  # rules from rulings outside the reading: R8b after R8
        assert all(re.fullmatch(r"[A-Z]\d+b", i) and ours[ours.index(i) - 1] == i[:-1] for i in beyond), beyond
        assert [i for i in ours if i in in_spec] == [i for i in in_spec if i in ours], game
    assert [i for i in (r.id for r in RULES) if i.endswith("b") and i not in in_spec] == ["R8b"]
    left_out = [i for i in in_spec if not any(r.id == i for r in RULES)]
    assert left_out == ["P4", "D5", "D4"], "P4 is not modelled; D4 and D5 are no rules"


def test_statements_are_the_toolkits_own_words(spec_file: Path) -> None:
    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.lower())

    spec = words(spec_file.read_text(encoding="utf-8"))
    runs = {tuple(spec[i:i + 7]) for i in range(len(spec) - 6)}
    for item in RULES:
        said = words(item.statement)
        copied = [" ".join(said[i:i + 7]) for i in range(len(said) - 6) if tuple(said[i:i + 7]) in runs]
        assert copied == [], item.id
        assert item.statement.endswith(".") and len(said) >= 20, item.id


def test_the_kinds_of_step_say_they_are_no_numbered_rules() -> None:
    kinds = [r for r in RULES if not r.section.startswith("§")]
    assert [(r.game, r.id) for r in kinds] == [("duel_masters", "attack"), ("ocg", "continuous"), ("ocg", "game"),
                                                 ("ocg", "user_card")]
    assert all(r.section == "Kinds of step (no numbered rule)" for r in kinds)


def test_toolkit_rules_is_the_glossary() -> None:
    table = toolkit.rules()
    assert tuple(table.columns) == COLUMNS and len(table) == len(RULES)
    assert list(table["game"].drop_duplicates()) == ["duel_masters", "ocg"]
    ocg = list(table.loc[table["game"] == "ocg", "id"])
    assert ocg[:8] == [f"R{i}" for i in range(1, 9)] and ocg[-4:] == ["V2", "continuous", "game", "user_card"]
    h5 = table.loc[(table["game"] == "ocg") & (table["id"] == "H5")].iloc[0]
    assert h5["flags"] == "end_phase_triggers_after_adjustment"
    assert "toolkit.ocg.procedure.triggers.h5_end_phase_trigger_allowed" in h5["functions"].split(", ")
    assert "ocg-160708-hysteric-sign-adjustment" in h5["rulings"].split(", ")
    assert list(toolkit.rules("duel_masters")["id"]) == [r.id for r in RULES if r.game == "duel_masters"]


def test_lookups_name_the_game_and_suggest_a_rule() -> None:
    assert rule("D2(4)", "duel_masters").flags == ("ntp_declares_after_tp",)
    with pytest.raises(UnknownRuleError, match=r"'R9' is not a rule of ocg \(did you mean R8\? its rules: R1, "):
        rule("R9", "ocg")
    with pytest.raises(UnknownRuleError, match="'D2' is not a rule of duel_masters"):
        rule("D2", "duel_masters")


def test_registering_again_is_idempotent_and_a_different_rule_is_refused() -> None:
    try:
        first = register_rule(Rule("T1", "test_game", "§0 Test", "A test rule", "It says what it says."))
        assert register_rule(Rule("T1", "test_game", "§0 Test", "A test rule", "It says what it says.")) == first
        with pytest.raises(ValueError, match="T1 of test_game is registered twice, differently"):
            register_rule(Rule("T1", "test_game", "§0 Test", "Another title", "It says what it says."))
    finally:
        unregister_rules("test_game")
    assert rule_ids("test_game") == frozenset()


def test_the_glossary_html_escapes_every_text() -> None:
    tricky = Rule("T<1>", "g&g", "§0 <Test>", "<b>bold</b>", "A & B < C.", flags=("<f>",), rulings=("r&1",))
    page = rule_glossary_html((tricky,))
    assert "<b>" not in page and "&lt;b&gt;bold&lt;/b&gt;" in page and "A &amp; B &lt; C." in page
    assert "&lt;f&gt;" in page and "r&amp;1" in page and "T&lt;1&gt;" in page
    card = tricky._repr_html_()
    assert card.startswith("<div><b>T&lt;1&gt;</b> — &lt;b&gt;bold&lt;/b&gt;") and "<b>bold</b>" not in card
    assert "<dt>functions</dt><dd>—</dd>" in card and "<dt>rulings</dt><dd>r&amp;1</dd>" in card
    full = rule_glossary_html(game="ocg")
    assert full.count("<tr") == len(registered_rules("ocg")) + 1
