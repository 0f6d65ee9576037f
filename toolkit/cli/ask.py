"""``ask``: any question of one scenario, answered with the line that shows
the answer and the rule that decides it (:func:`toolkit.history.asking.ask`).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from toolkit.cli.options import (
    ArgumentValueError,
    Commands,
    add_command,
    add_output_options,
    add_rules_options,
    add_scenario_argument,
    read_yaml_argument,
    scenario_of,
)
from toolkit.cli.output import (
    counterfactual_words,
    emit_json,
    header_data,
    header_text,
    step_data,
    steps_text,
)
from toolkit.games import game_of

if TYPE_CHECKING:
    from toolkit.history.asking import Answer

EXIT_YES = 0
EXIT_NO = 1


def register(commands: Commands, prog: str) -> None:
    sub = add_command(
        commands, prog, "ask",
        summary="Any question of a scenario: the answer, the line that shows it, and the rule that decides it.",
        description="Answer QUESTION about a scenario, written as a ruling's check is (docs/questions.md: "
                    "possible / always / default / force:PLAYER of a predicate, possible_order / "
                    "always_order / default_order of events in order, combined with and / or / not), under "
                    "the rules of --date or --ruleset. It prints the answer of each part with a line that "
                    "shows it, then asks the question again under every rule set one change away (each dated "
                    "rule flag, each card-text era, each named reversal of a rule) and names the changes "
                    "that flip the answer, with the trace note of the deciding rule and the rulings that rule "
                    "rests on as they stood under those rules (id, date, summary). Exit status 0 means "
                    "yes, 1 no.",
        examples=[("horus_lv6_veiler_2011 '{possible_order: [{event: effect_ended, card: Effect Veiler}, "
                   "{event: special_summoned, card: ホルスの黒炎竜 LV８}]}' --date 2012-01-01",
                   "is there a line where Veiler's negation ends before Horus levels up?"),
                  ("q_hysteric_sign_adjustment '{possible: {event: activated, card: ヒステリック・サイン}}' "
                   "--date 2013-03-30", "can Hysteric Sign still activate after the adjustment in 2013 (and which "
                   "rule says so)?"),
                  ("my_position.yaml '{force:NTP: {not: {event: milled}}}' --no-why",
                   "the answer and its line only, without the rule sets one change away")],
    )
    add_scenario_argument(sub)
    sub.add_argument("question", metavar="QUESTION", help="the question, as YAML flow text (see above)")
    add_rules_options(sub)
    sub.add_argument("--no-why", dest="why", action="store_false",
                     help="answer under the given rules only (no search under the rule sets one change away)")
    add_output_options(sub, table=False)
    sub.set_defaults(run=run_ask)


QUESTION_LANGUAGE = ("YAML flow text such as '{possible: {event: activated, card: ヒステリック・サイン}}' "
                     "(possible: in some line; always: in every line; force:TP: whatever the other player does)")
"""The question language's first lines, for an error that met words instead."""


def run_ask(args: argparse.Namespace) -> int:
    from toolkit.history.asking import ask

    scenario = scenario_of(args)  # first: a scenario may bring cards of its own
    question = read_yaml_argument(args.question, "QUESTION")
    if not isinstance(question, dict):  # words, not the question language
        raise ArgumentValueError("QUESTION", f"{args.question!r} is not written in the question language: "
                                 f"{QUESTION_LANGUAGE}; docs/questions.md has all of it (`{args.prog} ask --help`)")
    answer: Answer = ask(scenario, question, why=args.why)
    status = EXIT_YES if answer.value else EXIT_NO
    if args.json:
        data = header_data(scenario, answer.rules)
        data.update({
            "question": answer.question,
            "answer": answer.answer,
            "parts": [{"question": p.query, "answer": "yes" if p.value else "no",
                       "line": [step_data(s) for s in p.line]} for p in answer.result.parts],
            "decided_by": answer.decided_by if answer.why_asked else None,
            "deciding_rule": answer.deciding_rule if answer.why_asked else None,
            "rests_on": list(answer.grounds) if answer.why_asked else None,
            "flipped_by": list(answer.flipped_by) if answer.why_asked else None,
            "rule_sets_tried": list(answer.tried),
        })
        emit_json(data)
        return status
    print("\n".join(answer_text(scenario, answer)))
    return status


def answer_text(scenario: object, answer: Answer) -> list[str]:
    """The answer as a judge reads it: the question and its answer, each
    part's answer, why, and the line that shows it."""
    from toolkit.history.asking import grounds_text
    from toolkit.history.checks import written_check

    lines = header_text(scenario, answer.rules)
    lines.append("")
    lines.append(f"Question: {answer.question}")
    lines.append(f"Answer: {answer.answer}")
    parts = answer.result.parts
    if len(parts) > 1:
        for part in parts:
            lines.append(f"  {'yes' if part.value else 'no '}  {written_check(part.query)}")
    if answer.why_asked:
        if answer.decided_by:
            lines.append(f"Decided by: {answer.decided_by}")
            lines.extend(grounds_text(answer))
        if answer.flipped_by:
            lines.append(f"The answer flips under {len(answer.flipped_by)} of the {len(answer.tried)} rule sets "
                         "one change away:")
            game = game_of(scenario)
            lines.extend(f"  - {counterfactual_words(label, game)}" for label in answer.flipped_by)
        else:
            lines.append(f"No single rule change flips it ({len(answer.tried)} rule sets one change away tried).")
    if answer.line:
        lines.append("A line that shows it:")
        lines.extend(steps_text(answer.line))
    return lines
