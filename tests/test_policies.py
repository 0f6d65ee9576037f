"""One list of named policies and one default for resolve(), the command line
and the builder; the ruling checks' "default" line stays the pass line."""

from __future__ import annotations

import argparse
import json

import pytest

from toolkit.cli import main
from toolkit.core import policies
from toolkit.core.predicates import Query, parse_predicate
from toolkit.core.search import evaluate, resolve
from toolkit.ocg.scenario import seed_scenario
from toolkit.widgets import ScenarioBuilder, runs

HORUS8 = "ホルスの黒炎竜 LV８"


def _resolve_parser() -> argparse.ArgumentParser:
    from toolkit.cli.app import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    sub: argparse.ArgumentParser = commands.choices["resolve"]
    return sub


def test_the_cli_the_builder_and_resolve_offer_the_same_names_and_default() -> None:
    names = policies.names()
    assert names[0] == policies.DEFAULT_POLICY and len(set(names)) == len(names) >= 2
    builder = ScenarioBuilder()
    assert [value for _label, value in builder.policy.options] == list(names)
    assert builder.policy.value == policies.DEFAULT_POLICY
    assert list(runs.POLICY_LABELS) == list(names) and runs.DEFAULT_POLICY == policies.DEFAULT_POLICY
    option = next(a for a in _resolve_parser()._actions if "--policy" in a.option_strings)
    assert option.default == policies.DEFAULT_POLICY
    for name in names:
        assert option.type(name) == name  # type: ignore[misc,operator]
        assert name in option.help  # type: ignore[operator]
    assert resolve(seed_scenario("horus_lv6_veiler_2011")).policy == policies.DEFAULT_POLICY


@pytest.mark.parametrize("name", policies.names())
def test_every_name_plays_the_same_line_everywhere(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = seed_scenario("horus_lv6_veiler_2011").at("2012-01-01")
    by_name = resolve(scenario, name)
    by_callable = resolve(scenario, policies.policy_for(name))
    assert by_name.outcome == by_callable.outcome and by_name.policy == by_callable.policy == name
    builder = ScenarioBuilder(scenario)
    builder.policy.value = name
    builder.resolve.click()
    assert builder.last_error is None and builder.result.outcome == by_name.outcome
    assert main(["resolve", "horus_lv6_veiler_2011", "--date", "2012-01-01", "--policy", name, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["policy"] == {"name": name, "label": policies.label(name)}
    assert [s["action"] for s in data["steps"]] == [repr(s.action) for s in by_name.steps]


def test_the_default_levels_horus_up_as_the_scenario_title_says(capsys: pytest.CaptureFixture[str]) -> None:
    scenario = seed_scenario("horus_lv6_veiler_2011")
    assert "levels up" in scenario.title
    assert resolve(scenario.at("2012-01-01")).has("special_summoned", HORUS8)
    assert not resolve(scenario.at("2012-01-01"), "pass").has("special_summoned", HORUS8)
    assert main(["resolve", "horus_lv6_veiler_2011", "--date", "2012-01-01"]) == 0
    out = capsys.readouterr().out
    assert f"Line played with: {policies.label()} (--policy use-effects)" in out
    assert f"special_summoned {HORUS8}" in out or HORUS8 in out.split("Outcome:")[1]


def test_a_mistyped_policy_is_one_line_with_the_nearest_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", "horus_lv6_veiler_2011", "--policy", "use-effect"]) == 2
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err
    assert "unknown policy 'use-effect' (did you mean 'use-effects'?)" in err.splitlines()[-1]
    with pytest.raises(policies.UnknownPolicy, match="known: use-effects, pass"):
        policies.policy_for("both-pass")
    assert policies.policy_for("use_effects") is policies.policy_for("use-effects")


def test_the_rulings_default_line_is_the_pass_line_whatever_the_default_policy() -> None:
    scenario = seed_scenario("horus_lv6_veiler_2011").at("2012-01-01")
    query = Query("default", parse_predicate({"event": "special_summoned", "card": HORUS8}))
    verdict = evaluate(scenario, query)
    assert verdict.value is resolve(scenario, policies.PASS_LINE).has("special_summoned", HORUS8) is False
    assert [s.action for s in verdict.line] == [s.action for s in resolve(scenario, "pass").steps]
