"""Setting rules side by side: ``changes`` (one scenario across the dates its
rules changed), ``compare`` (one scenario under several rule sets) and
``compare-games`` (the same questions asked of each game's end of turn).
"""

from __future__ import annotations

import argparse
import datetime
from typing import Any

from toolkit.cli.options import (
    Commands,
    add_command,
    add_max_states,
    add_output_options,
    add_rulings_options,
    add_scenario_argument,
    date_argument,
    read_rulings,
    read_scenario,
    read_yaml_argument,
)
from toolkit.cli.output import emit_csv, emit_json, records, rule_changes_words
from toolkit.core.words import count
from toolkit.errors import ScenarioError

EXIT_OK = 0


def register(commands: Commands, prog: str) -> None:
    sub = add_command(
        commands, prog, "changes",
        summary="When did a scenario's answer change, and which ruling or event explains it?",
        description="Run a scenario of a dated game under the rules of --from and at every later date up to "
                    "--to where a rule or a card text changed, and print each date where the answer flipped "
                    "with the rule changes of that day and the rulings or events that justify them. The "
                    "answer is the check of the rulings that use the scenario (or --check); without one, the "
                    "set of outcomes is compared.",
        examples=[("q_hysteric_sign_adjustment --from 2010-01-01 --to 2024-01-01",
                   "Hysteric Sign and the hand-size adjustment: one flip, on 2016-07-08"),
                  ("lyla_veiler_2011 --from 2011-01-01 --all-dates --csv", "every date swept, as CSV"),
                  ("q_hysteric_sign_adjustment --time-limit 30", "give up (exit 3) if the whole sweep runs past 30 seconds")],
    )
    add_scenario_argument(sub)
    sub.add_argument("--from", dest="start", type=date_argument, metavar="YYYY-MM-DD",
                     help="the first day (default: the day before the first rule change)")
    sub.add_argument("--to", dest="end", type=date_argument, metavar="YYYY-MM-DD", help="the last day (default: today)")
    sub.add_argument("--check", metavar="CHECK",
                     help="the question, as YAML flow text, e.g. '{possible: {event: activated, card: X}}'")
    sub.add_argument("--all-dates", action="store_true", help="one row per date swept, not only the flips")
    add_max_states(sub, time_help="stop (exit 3) once the whole sweep has run this many seconds (default: no limit)")
    add_rulings_options(sub, only_mine=None)
    add_output_options(sub)
    sub.set_defaults(run=run_changes)

    sub = add_command(
        commands, prog, "compare",
        summary="One scenario under several rule sets: which outcomes only some of them reach.",
        description="Explore a scenario under each rule set given (names, or days YYYY-MM-DD for a dated "
                    "game) and line the outcomes up: how many lines reach each outcome under each rule set. "
                    "Without --rulesets, the game's own choice: the OCG's paper rules beside the video games, "
                    "Duel Masters' rules beside each counterfactual variant.",
        examples=[("mist_archfiend_enemy_controller", "the paper OCG beside the video games"),
                  ("q_hysteric_sign_adjustment --rulesets 2013-03-30 2016-07-08", "the same position at two dates"),
                  ("dm_moffle_zanjibar --rulesets duel_masters dm-turn-starts-later --json", "a Duel Masters Q&A")],
    )
    add_scenario_argument(sub)
    sub.add_argument("--rulesets", nargs="+", metavar="RULESET", help="two or more rule set names or days")
    add_max_states(sub, 200_000, time_limit=False)
    add_output_options(sub)
    sub.set_defaults(run=run_compare)

    sub = add_command(
        commands, prog, "compare-games",
        summary="The same questions about the end of the turn, answered in each game.",
        description="Ask each game the same abstract questions (who resolves first, when 'this turn' effects "
                    "end, whether what happens during the end of the turn still resolves, ...) by running a "
                    "check on a shipped scenario of each game, with the rule that decides each answer and "
                    "the rule changes that would flip it. The OCG answers under the rules of --date.",
        examples=[("", "under today's rules"), ("--date 2013-03-30 --csv", "the OCG as of 2013-03-30, as CSV")],
    )
    sub.add_argument("--date", type=date_argument, help="the OCG's rules of this day (default: today's)")
    add_output_options(sub)
    sub.set_defaults(run=run_compare_games)


# --------------------------------------------------------------------------
# changes
# --------------------------------------------------------------------------


def run_changes(args: argparse.Namespace) -> int:
    from toolkit.games import game_of
    from toolkit.history import changes

    scenario = read_scenario(args.scenario, args.prog)
    game = game_of(scenario)
    if not game.dated:
        raise ScenarioError(f"a {game.title} scenario: its rulings are undated, so no rule changed over time; "
                            f"`{args.prog} compare {args.scenario}` sets it beside the game's counterfactual rule "
                            "sets", file=scenario.source)
    check = read_yaml_argument(args.check, "--check") if args.check is not None else None
    if args.start is not None and args.end is not None and args.end < args.start:
        raise ScenarioError(f"--to {args.end} is before --from {args.start}", field="to")
    given = read_rulings(args.rulings, allow_outside=args.allow_outside)
    table = changes(scenario, args.start, args.end, check=check, all_dates=True, rulings=given,
                    max_states=args.max_states, time_limit=args.time_limit)
    rows = records(table)
    shown = rows if args.all_dates else [r for r in rows if r["changed"]]
    columns = ["date", "before", "after", "detail", "rule_changes", "rulings", "events"]
    if args.all_dates:
        columns.insert(3, "changed")
    if args.json:
        emit_json([{c: r[c] for c in columns} for r in shown])
        return EXIT_OK
    if args.csv:
        emit_csv(columns, shown)
        return EXIT_OK
    first, last = rows[0], rows[-1]
    lines = [f"{scenario.title}", f"from {first['date']} to {_end_day(args.end)}: answer on {first['date']}: "
             f"{first['after']}"]
    if not any(r["changed"] for r in rows):
        lines.append(f"no change: the answer stays {last['after']}")
    for r in shown:
        if r["before"] is None:
            continue
        mark = f"{r['before']} -> {r['after']}" if r["changed"] else f"{r['after']} (unchanged)"
        lines.append(f"{r['date']}: {mark}")
        if r["detail"]:
            lines.append(f"    {r['detail']}")
        if r["rule_changes"]:
            lines.append(f"    rule changes: {rule_changes_words(r['rule_changes'], game)}")
        cited = list(r["rulings"] or []) + list(r["events"] or [])
        if cited:
            lines.append("    justified by:")
            lines.extend(f"      {line}" for line in _cited_lines(cited, given))
    print("\n".join(lines))
    return EXIT_OK


def answer_reading(answer: str, reading: str) -> str:
    """An answer with what it says: a "no" beside the reading it denies read as a yes.

    >>> answer_reading("no", "B declares first in some line")
    'no: it is not so that B declares first in some line'
    >>> answer_reading("yes", "B declares first in some line")
    'yes: B declares first in some line'
    """
    if not reading:
        return answer
    return f"{answer}: it is not so that {reading}" if answer == "no" else f"{answer}: {reading}"


def _short(text: str, width: int = 110) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width].rsplit(" ", 1)[0].rstrip(",;:") + " …"


def _cited_lines(ids: list[str], rulings: Any) -> list[str]:
    """Each ruling or event a change rests on with its date and what it says
    (a ruling's summary, or its answer quoted; an event's title)."""
    from toolkit.data import load_events, load_rulings

    table = load_rulings() if rulings is None else rulings
    found = {str(r["ruling_id"]): r for r in records(table[table["ruling_id"].isin(ids)])}
    events = load_events()
    happened = {str(e["event_id"]): e for e in records(events[events["event_id"].isin(ids)])}
    lines = []
    for cited in ids:
        if cited in found:
            r = found[cited]
            said = _short(str(r["summary_en"])) if r["summary_en"] else f"「{_short(str(r['answer_ja'] or ''))}」"
            lines.append(f"{cited} (ruling, {r['date'] or 'undated'}): {said}")
        elif cited in happened:
            e = happened[cited]
            lines.append(f"{cited} (event, {e['date'] or 'undated'}): {_short(str(e['title_en'] or ''))}")
        else:
            lines.append(cited)
    return lines


def _end_day(end: datetime.date | None) -> str:
    return end.isoformat() if end is not None else "today"


# --------------------------------------------------------------------------
# compare
# --------------------------------------------------------------------------


def _rules_argument(text: str, game: Any, index: int, file: str | None) -> Any:
    """A ``--rulesets`` item: a rule set name, or a day (YYYY-MM-DD) of a dated game,
    held to the dates the rules cover as ``--date`` is."""
    from toolkit import fields

    if not fields.looks_like_day(text):
        return text
    if not game.dated:
        raise ScenarioError(f"{game.title} rule sets are undated: name one of {', '.join(game.ruleset_names())}",
                            field=f"rulesets[{index}]", file=file)
    return game.rules_at(fields.day(text, f"rulesets[{index}]", file))


def run_compare(args: argparse.Namespace) -> int:
    from toolkit.analysis.compare import compare, line_text
    from toolkit.games import game_of

    scenario = read_scenario(args.scenario, args.prog)
    game = game_of(scenario)
    given = None
    if args.rulesets is not None:
        given = [_rules_argument(r, game, i, scenario.source) for i, r in enumerate(args.rulesets)]
    found = compare(scenario, given, max_states=args.max_states)
    names = found.rulesets
    if args.json:
        emit_json({
            "game": game.name,
            "title": found.title,
            "rulesets": list(names),
            "outcomes": [
                {"facts": list(o.facts),
                 "lines": dict(zip(names, o.lines)),
                 "example": {r: line_text(e) for r, e in zip(names, o.examples) if e is not None}}
                for o in found.outcomes
            ],
        })
        return EXIT_OK
    if args.csv:
        emit_csv(["outcome", *(f"lines[{r}]" for r in names)], records(found.table()))
        return EXIT_OK
    lines = [found.title, f"Rule sets: {', '.join(names)}", "", *summary_lines(found), "",
             f"{count(len(found.outcomes), 'outcome')}; lines reaching each under each rule set (- unreachable):"]
    width = max(len(r) for r in names)
    for number, o in enumerate(found.outcomes, start=1):
        lines.append(f"  {number}. {o.description}")
        for r, n in zip(names, o.lines):
            reach = count(n, "line") if n else "-"
            lines.append(f"       {r:<{width}}  {reach}")
    for r in names:
        only = found.only_in(r)
        if only:
            numbers = ", ".join(str(found.outcomes.index(o) + 1) for o in only)
            lines.append(f"Only under {r}: {'outcome' if len(only) == 1 else 'outcomes'} {numbers}")
    if all(all(o.lines) for o in found.outcomes):
        lines.append("Every outcome is reachable under every rule set.")
    print("\n".join(lines))
    return EXIT_OK


SHOWN_FACTS = 6
"""The most facts of its own a rule set's summary line names."""


def summary_lines(found: Any) -> list[str]:
    """What differs between the rule sets of a comparison, first: whether they
    reach the same outcomes and, per rule set, how many it reaches, how many
    only it reaches and what happens only on its lines (the facts no other
    rule set's outcomes have)."""
    names, outcomes = found.rulesets, found.outcomes
    if all(all(o.lines) for o in outcomes):
        same = len({o.lines for o in outcomes}) == 1 and len(set(outcomes[0].lines)) == 1 if outcomes else True
        how = "by the same number of lines" if same else "by different numbers of lines"
        return [f"In short: every rule set reaches the same {count(len(outcomes), 'outcome')}, {how}."]
    lines = [f"In short: the rule sets differ in {sum(1 for o in outcomes if not all(o.lines))} of the "
             f"{count(len(outcomes), 'outcome')}."]
    for i, name in enumerate(names):
        reached = [o for o in outcomes if o.lines[i]]
        only = [o for o in reached if not any(n for j, n in enumerate(o.lines) if j != i)]
        final = {f for o in reached for f in o.final}
        own = sorted({f for o in reached for f in o.facts}
                     - {f for o in outcomes for j, n in enumerate(o.lines) if j != i and n for f in o.facts},
                     key=lambda f: (f in final, f))  # what happens, then where cards end
        alone = f"{len(only)} of them under it alone" if only else "none under it alone"
        text = f"  {name}: {count(len(reached), 'outcome')}, {alone}"
        if own:
            more = f" and {len(own) - SHOWN_FACTS} more" if len(own) > SHOWN_FACTS else ""
            text += f"; only its lines: {', '.join(own[:SHOWN_FACTS])}{more}"
        lines.append(text)
    return lines


# --------------------------------------------------------------------------
# compare-games
# --------------------------------------------------------------------------


def run_compare_games(args: argparse.Namespace) -> int:
    from toolkit.analysis.side_by_side import compare_games
    from toolkit.games import game_named

    frame = compare_games(args.date)
    rows = [{"key": key, **row} for key, row in zip(frame.index, records(frame))]
    columns = ["key", *(str(c) for c in frame.columns)]
    if args.json:
        emit_json(rows)
        return EXIT_OK
    if args.csv:
        emit_csv(columns, rows)
        return EXIT_OK
    games = [c for c in frame.columns if f"{c}_because" in frame.columns]
    rules = f"the OCG under the rules of {args.date.isoformat()}" if args.date else "today's rules"
    lines = [f"The end of the turn in {len(games)} games ({rules})"]
    for row in rows:
        lines.append("")
        lines.append(f"{row['key']}: {row['question']}")
        for name in games:
            lines.append(f"  {game_named(str(name)).title}: {answer_reading(row[name], row[f'{name}_reading'])}")
            if row[f"{name}_because"]:
                lines.append(f"      because {row[f'{name}_because']}")
            if row.get(f"{name}_flips_if"):
                lines.append(f"      would flip if: {row[f'{name}_flips_if']}")
        lines.append("  same answer" if row["same"] else "  different answers")
    print("\n".join(lines))
    return EXIT_OK
