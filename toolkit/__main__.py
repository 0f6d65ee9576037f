"""Command line: resolve or explore a scenario, list rulings.

::

    python -m toolkit resolve FILE [--date YYYY-MM-DD | --ruleset NAME] [--json]
    python -m toolkit explore FILE [--date YYYY-MM-DD | --ruleset NAME] [--json]
    python -m toolkit rulings [--card NAME] [--json]
    python -m toolkit scenarios [--json]

FILE is a scenario YAML file, or the name of a shipped worked example
(``python -m toolkit scenarios`` lists them). Bad input (a scenario, a date, a
ruleset, a card name) prints the toolkit's error message on stderr and exits
with status 2 — never a traceback. Text output says why: every step of a line
carries the rule id and the reason, outcomes list the facts (events) they
rest on.

>>> main(["resolve", "no-such-file.yaml"])
2
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.errors import ScenarioError, ToolkitError
from toolkit.games import game_of, load_any_scenario, registered_games, shipped_scenario

if TYPE_CHECKING:
    from toolkit.core.search import Exploration, Resolution
    from toolkit.core.trace import LineStep
    from toolkit.core.values import Event, Outcome

EXIT_BAD_INPUT = 2


# --------------------------------------------------------------------------
# Reading the arguments
# --------------------------------------------------------------------------


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"cannot read {text!r} as a date; write YYYY-MM-DD") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m toolkit",
        description="Yu-Gi-Oh! OCG End Phase toolkit: resolve scenarios under the rules of any date.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def scenario_command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("file", metavar="FILE", help="scenario YAML file, or a shipped example's name")
        when = sub.add_mutually_exclusive_group()
        when.add_argument("--date", type=_date, help="use the rules in force on this day (YYYY-MM-DD)")
        when.add_argument("--ruleset", help="use a named ruleset (e.g. ocg, ocg-2011)")
        sub.add_argument("--json", action="store_true", help="print JSON instead of text")
        return sub

    scenario_command("resolve", "Play the default line: both players pass whenever the rules let them.")
    explore = scenario_command("explore", "Every distinct outcome, with the number of lines reaching it.")
    explore.add_argument("--max-states", type=int, default=120_000, help="position limit (default 120000)")
    explore.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                         help="stop the search after this many seconds (default: no limit)")

    rulings = commands.add_parser("rulings", help="List the dated rulings (optionally those naming a card).")
    rulings.add_argument("--card", help="Japanese or English card name")
    rulings.add_argument("--json", action="store_true", help="print JSON instead of text")

    scenarios = commands.add_parser("scenarios", help="List the shipped worked examples.")
    scenarios.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


Scenario = Any
"""A scenario of any registered game."""
Rules = Any
"""A rule set of any registered game."""


def _shipped_names() -> set[str]:
    return {n for g in registered_games() for n in g.scenario_names()}


def _scenario(args: argparse.Namespace) -> Scenario:
    """The scenario FILE names (a file, else a shipped example of any game),
    with --date/--ruleset applied (a game whose rulings are undated takes
    --ruleset only)."""
    given: str = args.file
    path = Path(given)
    shipped = not path.exists() and os.sep not in given and not given.endswith((".yaml", ".yml"))
    scenario: Scenario
    if shipped and given in _shipped_names():
        scenario = shipped_scenario(given)
    else:
        scenario = load_any_scenario(path)
    game = game_of(scenario)
    if args.date is not None:
        if not game.dated:
            raise ScenarioError(f"{game.title} scenarios are undated: use --ruleset "
                                f"({', '.join(game.ruleset_names())})", field="date", file=scenario.source)
        return scenario.at(args.date)
    if args.ruleset is not None:
        return scenario.under(args.ruleset)
    return scenario


# --------------------------------------------------------------------------
# Plain data for --json
# --------------------------------------------------------------------------


def _event(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": str(event.kind)}
    for key in ("card", "player", "amount", "detail"):
        value = getattr(event, key)
        if value is not None:
            data[key] = value
    return data


def _step(step: LineStep) -> dict[str, Any]:
    return {
        "step": step.step,
        "priority": step.priority,
        "actor": step.actor,
        "action": repr(step.action),
        "process": step.process,
        "rule": step.rule,
        "reason": step.reason,
        "notes": [{"rule": n.rule, "text": n.text} for n in step.notes],
        "events": [_event(e) for e in step.events],
        "state": step.state,
    }


def _outcome(outcome: Outcome) -> dict[str, Any]:
    from toolkit.core.values import sorted_events

    summary = outcome.summary
    return {
        "final": {
            "zones": [
                {"player": p, "zone": z, "cards": list(names)} for p, z, names in summary.zones if names
            ],
            "unnamed": [{"player": p, "zone": z, "count": n} for p, z, n in summary.anonymous if n],
            "life": {p: lp for p, lp in summary.life},
        },
        "events": [_event(e) for e in sorted_events(outcome.events)],
        "loop": list(outcome.loop) if outcome.loop is not None else None,
    }


def _ruleset(rules: Rules) -> dict[str, Any]:
    return {
        "name": rules.name,
        "as_of": rules.as_of.isoformat() if rules.as_of is not None else None,
        "flags": rules.flags(),
    }


def _header(scenario: Scenario, rules: Rules) -> dict[str, Any]:
    return {
        "game": game_of(scenario).name,
        "title": scenario.title,
        "source": scenario.source,
        "turn_player": scenario.turn_player,
        "rulings": list(scenario.rulings),
        "ruleset": _ruleset(rules),
    }


# --------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------


def _events_text(events: Sequence[Event]) -> str:
    parts = []
    for e in events:
        who = f" {e.player}" if e.player else ""
        what = f" {e.card}" if e.card else ""
        amount = f" {e.amount}" if e.amount is not None else ""
        detail = f" ({e.detail})" if e.detail else ""
        parts.append(f"{e.kind}{what}{who}{amount}{detail}")
    return "; ".join(parts)


def _header_text(scenario: Scenario, rules: Rules) -> list[str]:
    game = game_of(scenario)
    lines = [scenario.title]
    if scenario.source:
        lines.append(f"  from {scenario.source}")
    if game.dated:
        texts = rules.as_of.isoformat() if rules.as_of is not None else "today"
        lines.append(f"Rules: {rules.name} (card texts as of {texts}); turn player {scenario.turn_player}")
    else:
        lines.append(f"Rules: {game.title} {game.step}, {rules.name}; turn player {scenario.turn_player}")
    flags = game.flags()
    width = max([3, *(len(f.rule) for f in flags)])
    for flag in flags:
        lines.append(f"  {flag.rule:<{width}} {flag.name} = {getattr(rules, flag.name)}")
    if scenario.rulings:
        lines.append(f"Rulings: {', '.join(scenario.rulings)}")
    return lines


def _steps_text(steps: Sequence[LineStep], indent: str = "  ") -> list[str]:
    lines = []
    for s in steps:
        lines.append(f"{indent}{s.step:>3}. {s.actor:<4} {s.action!r}  [{s.rule}] {s.reason}")
        for note in s.notes:
            lines.append(f"{indent}       {note.rule}: {note.text}")
        if s.events:
            lines.append(f"{indent}       -> {_events_text(s.events)}")
    return lines


def _outcome_text(outcome: Outcome, indent: str = "  ") -> list[str]:
    from toolkit.core.values import sorted_events

    lines = []
    if outcome.loop is not None:
        lines.append(f"{indent}LOOP (the position repeats): {' -> '.join(outcome.loop)}")
    lines.append(f"{indent}final: {outcome.summary.text()}")
    lines.append(f"{indent}events: {_events_text(sorted_events(outcome.events)) or 'none'}")
    return lines


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------


def _resolve(args: argparse.Namespace) -> int:
    from toolkit.core.search import resolve

    scenario = _scenario(args)
    result: Resolution = resolve(scenario)
    rules = result.start.ruleset
    if args.json:
        data = _header(scenario, rules)
        data["policy"] = "default: both players pass whenever the rules let them, other choices in listed order"
        data["steps"] = [_step(s) for s in result.steps]
        data["outcome"] = _outcome(result.outcome)
        _print_json(data)
        return 0
    lines = _header_text(scenario, rules)
    lines.append("")
    lines.append("Default line (both players pass whenever the rules let them; other choices in listed order):")
    lines.extend(_steps_text(result.steps))
    lines.append("Outcome:")
    lines.extend(_outcome_text(result.outcome))
    print("\n".join(lines))
    return 0


def _explore(args: argparse.Namespace) -> int:
    from toolkit.core.limits import stderr_progress
    from toolkit.core.search import explore

    scenario = _scenario(args)
    found: Exploration = explore(scenario, max_states=args.max_states, time_limit=args.time_limit,
                                 progress=stderr_progress())
    rules = found.start.ruleset
    if args.json:
        data = _header(scenario, rules)
        data["total_lines"] = found.total_lines
        data["positions"] = found.states
        data["outcomes"] = [
            {"lines": o.lines, **_outcome(o.outcome), "example": [_step(s) for s in o.example]}
            for o in found.outcomes
        ]
        _print_json(data)
        return 0
    lines = _header_text(scenario, rules)
    lines.append("")
    lines.append(
        f"{len(found.outcomes)} distinct outcome(s) over {found.total_lines} line(s); "
        f"{found.states} positions searched"
    )
    for number, o in enumerate(found.outcomes, start=1):
        lines.append("")
        lines.append(f"Outcome {number}: reached by {o.lines} line(s)")
        lines.extend(_outcome_text(o.outcome))
        lines.append("  example line:")
        lines.extend(_steps_text(o.example, indent="    "))
    print("\n".join(lines))
    return 0


def _rulings(args: argparse.Namespace) -> int:
    import pandas as pd

    from toolkit.data import load_rulings, rulings_about

    table = rulings_about(args.card) if args.card else load_rulings()

    def text(value: Any) -> str | None:
        return None if value is None or bool(pd.isna(value)) else str(value)

    records = []
    for row in table.to_dict("records"):
        day = row["date"]
        records.append(
            {
                "ruling_id": str(row["ruling_id"]),
                "date": None if day is None or bool(pd.isna(day)) else day.date().isoformat(),
                "verdict": str(row["verdict"]),
                "status": str(row["status"]),
                "superseded_by": text(row["superseded_by"]),
                "cards": [str(c) for c in row["cards"]],
                "summary_en": str(row["summary_en"]),
            }
        )
    if args.json:
        _print_json(records)
        return 0
    if not records:
        print("no rulings")
        return 0
    for r in records:
        later = f" -> {r['superseded_by']}" if r["superseded_by"] else ""
        print(f"{r['ruling_id']}  {r['date'] or 'undated':<10}  {r['verdict']:<11} {r['status']}{later}")
        print(f"    {r['summary_en']}")
    return 0


def _scenarios(args: argparse.Namespace) -> int:
    rows = []
    for game in registered_games():
        for name in game.scenario_names():
            s = game.seed_scenario(name)
            day = getattr(s, "date", None)
            when = day.isoformat() if day is not None else (s.ruleset or game.today().name)
            rows.append({"name": name, "game": game.name, "rules": when, "title": s.title,
                         "rulings": list(s.rulings)})
    if args.json:
        _print_json(rows)
        return 0
    for row in rows:
        print(f"{row['name']:<42} {row['rules']:<10}  {row['title']}")
    return 0


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


COMMANDS = {"resolve": _resolve, "explore": _explore, "rulings": _rulings, "scenarios": _scenarios}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    if hasattr(sys.stdout, "reconfigure") and (sys.stdout.encoding or "").lower().replace("-", "") != "utf8":
        sys.stdout.reconfigure(errors="backslashreplace")
    args = _parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except ToolkitError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
