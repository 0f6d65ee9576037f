"""Playing one scenario: ``resolve`` (one line, played with a named policy:
``--policy``), ``explore`` (every outcome) and ``can-force`` (can a player
guarantee something).

Text output says why: every step of a line carries its rule id and reason,
outcomes list the events they rest on.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from toolkit.cli.options import (
    Commands,
    add_command,
    add_max_states,
    add_output_options,
    add_policy_option,
    add_rules_options,
    add_scenario_argument,
    non_negative_int,
    read_yaml_argument,
    scenario_of,
)
from toolkit.cli.output import (
    STEP_COLUMNS,
    emit_csv,
    emit_json,
    events_text,
    header_data,
    header_text,
    outcome_data,
    outcome_text,
    step_data,
    step_row,
    steps_text,
    summary_text,
)
from toolkit.core.predicates import ROLES
from toolkit.core.words import count

if TYPE_CHECKING:
    from toolkit.core.search import Exploration, ForceResult, Resolution

EXIT_OK = 0
EXIT_NO = 1



def register(commands: Commands, prog: str) -> None:
    sub = add_command(
        commands, prog, "resolve",
        summary="Play one line: by default both players use their effects when they can.",
        description="Play a scenario to the end of the turn on one line and print every step with the rule "
                    "and the reason behind it, then the outcome. --policy says who does what when a choice "
                    "is open (default: use-effects, as the scenario builder; pass is the line the rulings "
                    "call \"both players choose not to act\"); `explore` shows every line.",
        examples=[("horus_lv6_veiler_2011 --date 2012-01-01",
                   "Horus LV6 under Effect Veiler, before the 2014 errata: it levels up"),
                  ("horus_lv6_veiler_2011 --date 2012-01-01 --policy pass",
                   "the same position when both players pass: Horus does not level up"),
                  ("my_position.yaml --json", "your own scenario file, as JSON"),
                  ("- < my_position.yaml", "a scenario on standard input")],
    )
    add_scenario_argument(sub)
    add_rules_options(sub)
    add_policy_option(sub)
    add_output_options(sub)
    sub.set_defaults(run=run_resolve)

    sub = add_command(
        commands, prog, "explore",
        summary="Every distinct outcome, with the number of lines reaching it.",
        description="Search every legal line of a scenario and print each distinct outcome with the number "
                    "of lines that reach it and one example line. When there are several outcomes, a summary "
                    "comes first: what every outcome shares, how they differ, and which of those differences "
                    "each player can force whatever the other does. A line that repeats a position ends as a loop. "
                    f"Without --all only the first {SHOWN_OUTCOMES} outcomes (and any loop) are printed.",
        examples=[("lyla_veiler_2011", "Lyla under Effect Veiler, under the rules of 2011"),
                  ("worm_beast_grimoire_loop_2013 --ruleset ocg", "the same position under today's rules"),
                  ("hysteric_sign_adjustment_2013 --all --examples 1", "the summary, every outcome, one example line"),
                  ("rekindling_iron_wall_provisions --csv", "one CSV row per outcome")],
    )
    add_scenario_argument(sub)
    add_rules_options(sub)
    add_max_states(sub)
    sub.add_argument("--examples", type=non_negative_int, metavar="N",
                     help="print the example line of the first N outcomes (default: the first one's; "
                          "with --all, every outcome's)")
    sub.add_argument("--all", action="store_true",
                     help=f"print every outcome (default: the summary, the first {SHOWN_OUTCOMES} outcomes and any loop)")
    add_output_options(sub)
    sub.set_defaults(run=run_explore)

    sub = add_command(
        commands, prog, "can-force",
        summary="Can a player guarantee that something happens, whatever the other player does?",
        description="Answer whether PLAYER can make PREDICATE hold at the end of the turn against every "
                    "reply, and print a line that shows it: the player's winning choices against the "
                    "opponent's default replies, or the opponent's refutation. Exit status 0 means yes, 1 no.\n"
                    "PREDICATE is YAML flow text:\n"
                    "  {event: KIND, card: NAME, player: A|B|TP|NTP}  such an event happened in the line\n"
                    "  {zone: ZONE, card: NAME, player: A|B|TP|NTP}   at the end, the card is in that zone\n"
                    "  {hand: TP, at_most: 6}, {life: NTP, equals: 7700}  at the end, a hand size or LP\n"
                    "  {loop: true}                                   the line repeats a position\n"
                    "  {not: P}, {all: [P, ...]}, {any: [P, ...]}     negation, and, or",
        examples=[("q_hysteric_sign_adjustment TP '{event: activated, card: ヒステリック・サイン}' --date 2013-03-30",
                   "can the turn player get Hysteric Sign's effect activated under the 2013 rules?"),
                  ("lyla_veiler_2011 NTP '{not: {event: milled}}'", "can the non-turn player stop Lyla's mill?")],
    )
    add_scenario_argument(sub)
    sub.add_argument("player", metavar="PLAYER", choices=ROLES, help="A, B, TP (turn player) or NTP")
    sub.add_argument("predicate", metavar="PREDICATE", help="what must hold, as YAML flow text (see above)")
    add_rules_options(sub)
    add_max_states(sub)
    add_output_options(sub, table=False)
    sub.set_defaults(run=run_can_force)


SHOWN_OUTCOMES = 3
"""How many outcomes ``explore`` prints without ``--all``."""


def shown_outcomes(total: int, every: bool, examples: int | None) -> tuple[int, int]:
    """How many outcomes ``explore`` prints, and how many of them with their example line:
    the first :data:`SHOWN_OUTCOMES` (more if ``--examples`` asks), the first one's line;
    with ``--all`` every outcome and every line.

    >>> shown_outcomes(90, False, None), shown_outcomes(90, True, None), shown_outcomes(90, False, 5)
    ((3, 1), (90, 90), (5, 5))
    >>> shown_outcomes(2, False, None)
    (2, 1)
    """
    listed = total if every else min(total, max(SHOWN_OUTCOMES, examples or 0))
    return listed, min(listed, (total if every else 1) if examples is None else examples)


def played_with(name: str) -> str:
    """``both use their effects when they can, in listed order (--policy use-effects)``."""
    from toolkit.core.policies import label

    return f"{label(name)} (--policy {name})"


def run_resolve(args: argparse.Namespace) -> int:
    from toolkit.core.policies import label
    from toolkit.core.search import resolve
    from toolkit.games import game_of

    scenario = scenario_of(args)
    result: Resolution = resolve(scenario, args.policy)
    rules = result.start.ruleset
    if args.json:
        data = header_data(scenario, rules)
        data["policy"] = {"name": args.policy, "label": label(args.policy)}
        data["steps"] = [step_data(s) for s in result.steps]
        data["outcome"] = outcome_data(result.outcome)
        emit_json(data)
        return EXIT_OK
    if args.csv:
        emit_csv(STEP_COLUMNS, [step_row(s) for s in result.steps])
        return EXIT_OK
    lines = header_text(scenario, rules)
    lines.append("")
    lines.append(f"Line played with: {played_with(args.policy)}")
    lines.extend(steps_text(result.steps))
    lines.append("Outcome:")
    lines.extend(outcome_text(result.outcome, game=game_of(scenario)))
    print("\n".join(lines))
    return EXIT_OK


def run_explore(args: argparse.Namespace) -> int:
    from toolkit.core.search import explore
    from toolkit.core.values import sorted_events

    scenario = scenario_of(args)
    from toolkit.core.limits import stderr_progress

    found: Exploration = explore(scenario, max_states=args.max_states, time_limit=args.time_limit,
                                 progress=stderr_progress())
    rules = found.start.ruleset
    if args.json:
        data = header_data(scenario, rules)
        data["total_lines"] = found.total_lines
        data["positions"] = found.states
        data["outcomes"] = [
            {"lines": o.lines, **outcome_data(o.outcome), "example": [step_data(s) for s in o.example]}
            for o in found.outcomes
        ]
        emit_json(data)
        return EXIT_OK
    if args.csv:
        rows: list[dict[str, Any]] = [
            {"outcome": number, "lines": o.lines, "loop": o.outcome.loop is not None,
             "final": o.outcome.summary.text(), "events": events_text(sorted_events(o.outcome.events))}
            for number, o in enumerate(found.outcomes, start=1)
        ]
        emit_csv(("outcome", "lines", "loop", "final", "events"), rows)
        return EXIT_OK
    from toolkit.core.summary import summarize
    from toolkit.games import game_of

    lines = header_text(scenario, rules)
    lines.append("")
    lines.append(
        f"{count(len(found.outcomes), 'distinct outcome')} over {count(found.total_lines, 'line')}; "
        f"{count(found.states, 'position')} searched"
    )
    if len(found.outcomes) > 1:
        from toolkit.core.errors import SearchBudgetExceeded

        lines.append("")
        try:
            summary = summarize(found, max_states=args.max_states, time_limit=args.time_limit,
                                progress=stderr_progress())
            lines.extend(summary_text(summary, game_of(scenario)))
        except SearchBudgetExceeded as exc:  # the outcomes stand; only who can force them is unknown
            lines.extend(summary_text(summarize(found, forcing=False), game_of(scenario), forced=False))
            lines.append(f"  who can force each: not worked out — {exc}")
    listed, shown = shown_outcomes(len(found.outcomes), args.all, args.examples)
    printed = 0
    for number, o in enumerate(found.outcomes, start=1):
        if number > listed and o.outcome.loop is None:  # a loop is always worth its lines
            continue
        printed += 1
        lines.append("")
        lines.append(f"Outcome {number}: reached by {count(o.lines, 'line')}")
        lines.extend(outcome_text(o.outcome, game=game_of(scenario)))
        if number <= shown:
            lines.append("  example line:")
            lines.extend(steps_text(o.example, indent="    "))
    if printed < len(found.outcomes):
        lines.append("")
        lines.append(f"… {count(len(found.outcomes) - printed, 'more outcome')}: "
                     f"`{args.prog} explore {args.scenario} --all` prints every one (--json, --csv: as data)")
    print("\n".join(lines))
    return EXIT_OK


def _who(role: str, player: str) -> str:
    """``A``, or ``A (the turn player)`` when the role was given as TP/NTP."""
    if role == "TP":
        return f"{player} (the turn player)"
    if role == "NTP":
        return f"{player} (the non-turn player)"
    return player


def run_can_force(args: argparse.Namespace) -> int:
    from toolkit.core.game import as_state
    from toolkit.core.predicates import parse_predicate
    from toolkit.core.search import can_force
    from toolkit.core.values import other

    scenario = scenario_of(args)  # first: a scenario may bring cards of its own
    from toolkit.core.game import position_card_names
    from toolkit.games import game_of

    game, cards = game_of(scenario), position_card_names([scenario])
    predicate = parse_predicate(read_yaml_argument(args.predicate, "PREDICATE"), "PREDICATE", known_cards_only=True,
                                game=game, cards=cards)
    from toolkit.core.absent_cards import refuse_absent

    refuse_absent(predicate, scenario, game, cards, "PREDICATE")  # it could never match: no silent "no"
    from toolkit.core.limits import stderr_progress

    forced: ForceResult = can_force(scenario, args.player, predicate, max_states=args.max_states,
                                    time_limit=args.time_limit, progress=stderr_progress())
    start_rules = as_state(scenario).ruleset
    status = EXIT_OK if forced.value else EXIT_NO
    who = _who(args.player, forced.player)
    if args.json:
        data = header_data(scenario, start_rules)
        data.update({
            "player": forced.player,
            "role": args.player,
            "predicate": args.predicate,
            "can_force": forced.value,
            "positions": forced.positions,
            "line": [step_data(s) for s in forced.line],
        })
        emit_json(data)
        return status
    opponent = other(forced.player)
    lines = header_text(scenario, start_rules)
    lines.append("")
    lines.append(f"Can {who} force {args.predicate}? {'yes' if forced.value else 'no'}")
    if forced.value:
        lines.append(f"{forced.player}'s choices that guarantee it, against {opponent}'s default replies:")
    else:
        lines.append(f"{opponent}'s replies that prevent it, against {forced.player}'s default choices:")
    lines.extend(steps_text(forced.line))
    lines.append(f"{forced.positions} positions searched")
    print("\n".join(lines))
    return status
