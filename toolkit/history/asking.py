"""Asking one question of one position: the answer, the line that shows it,
and which rule decides it.

:func:`ask` is what :func:`toolkit.verify_rulings` does for one ruling, for a
question nobody wrote a ruling for: the question (in the language of a
ruling's ``check``, see ``docs/questions.md``) is answered under the rules of
one day, then under each rule set one change away from them (a dated flag, a
card-text era, a named reversal), so that the answer says which changes would
flip it and which trace note shows the deciding rule at work.

>>> from toolkit import seed_scenario
>>> sign = seed_scenario("q_hysteric_sign_adjustment")
>>> answer = ask(sign, {"possible": {"event": "activated", "card": "ヒステリック・サイン"}}, "2013-03-30")
>>> answer.answer, answer.flipped_by[0].split(" ", 1)[0]
('yes', 'H5')
>>> ask(sign, {"possible": {"event": "activated", "card": "ヒステリック・サイン"}}, "2016-07-08").answer
'no'
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from toolkit.core.game import DatedScenario, Game, Position
from toolkit.core.rulesets import Rules as Ruleset

if TYPE_CHECKING:  # pragma: no cover
    from toolkit.core.trace import LineStep
    from toolkit.history.checks import CheckResult


ASKED = "scenario"
"""The name the asked position goes by inside the question (a question's
``scenario: FILE`` may name only it)."""


@dataclass(frozen=True, repr=False)
class Answer:
    """One question answered on one position under one rule set.

    ``result`` holds each part's answer and line; ``tried`` labels every rule
    set one change away that the question was also asked under, and
    ``flipped_by`` those under which the answer flips (empty when ``why`` was
    not asked, or when no single change flips it); ``decided_by`` is the trace
    note of the deciding rule, read from ``line``.
    """

    question: str
    rules: Ruleset
    result: CheckResult
    tried: tuple[str, ...] = ()
    flipped_by: tuple[str, ...] = ()
    decided_by: str = ""
    line: tuple[LineStep, ...] = ()
    grounds: tuple[str, ...] = ()
    """The rulings the deciding rule rests on, as they stood under ``rules``
    ("ocg-160708-hysteric-sign-adjustment (2016-07-08): ..."; see :func:`rulings_behind`)."""

    @property
    def deciding_rule(self) -> str:
        """The id of the rule ``decided_by`` names ("" when it names none)."""
        return deciding_rule(self.decided_by, self.rules)

    @property
    def value(self) -> bool:
        return self.result.value

    @property
    def answer(self) -> str:
        """``"yes"`` or ``"no"``."""
        return self.result.answer

    @property
    def why_asked(self) -> bool:
        """Whether the rule sets one change away were tried."""
        return bool(self.tried)

    def __repr__(self) -> str:
        """What a notebook shows of an answer: the question, the answer and
        why, not the rule set's and the line's fields (``.line`` holds the
        line, ``toolkit.core.trace.words_frame(answer.line)`` as a table)."""
        lines = [f"Question: {self.question}", f"Answer: {self.answer} (rules {self.rules.name})"]
        if self.decided_by:
            lines.append(f"Decided by: {self.decided_by}")
            lines.extend(grounds_text(self, summaries=False))
        if self.why_asked:
            lines.append(f"Flips under {len(self.flipped_by)} of the {len(self.tried)} rule sets one change away"
                         + (":" if self.flipped_by else ""))
            from toolkit.core.flag_words import counterfactual_words
            from toolkit.core.game import game_of

            game = game_of(self.rules)
            lines.extend(f"  - {counterfactual_words(label, game)}" for label in self.flipped_by)
        if self.line:
            from toolkit.core.words import count

            lines.append(f"A line that shows it: {count(len(self.line), 'step')} in .line "
                         "(toolkit.core.trace.words_frame(answer.line) shows them as a table)")
        return "\n".join(lines)


_STEP_RULE = re.compile(r"^step \d+ \((?P<rule>[^)]+)\)")
_NOTE_RULE = re.compile(r"^(?P<rule>[A-Z]\d[\w()]*)[: ]")


def deciding_rule(decided_by: str, rules: Ruleset) -> str:
    """The registered rule of ``rules``' game that ``decided_by`` names: the rule of a
    deciding step ("step 4 (H2): ...") or note ("H5: ...", "D2(1) ..."); "" for none.

    >>> from toolkit.games import game_named
    >>> deciding_rule("step 4 (H2): A Activate ...", game_named("ocg").today())
    'H2'
    >>> deciding_rule("落とし穴 has no effect of its own ...", game_named("ocg").today())
    ''
    """
    from toolkit.core.game import game_of
    from toolkit.core.rules import UnknownRuleError, rule

    found = _STEP_RULE.match(decided_by) or _NOTE_RULE.match(decided_by)
    if found is None:
        return ""
    try:
        return rule(found["rule"], game_of(rules).name).id
    except UnknownRuleError:
        return ""


def rulings_behind(rule_id: str, rules: Ruleset) -> tuple[str, ...]:
    """The rulings the registry says ``rule_id`` rests on, as they stood under
    ``rules``: none dated after the rules' day, none superseded or made obsolete
    by then (by a later ruling, a dated event such as an errata, or the change
    of one of the rule's flags that the ruling dates), and under today's rules
    only those still current; each as "ID (DATE): summary".

    >>> from toolkit.games import game_named
    >>> [g.split(" ")[0] for g in rulings_behind("H5", game_named("ocg").rules_at(datetime.date(2016, 7, 8)))][:1]
    ['ocg-160708-hysteric-sign-adjustment']
    """
    import pandas as pd

    from toolkit.core.game import game_of
    from toolkit.core.rules import rule
    from toolkit.data import load_events, load_rulings

    if not rule_id:
        return ()
    game = game_of(rules)
    day = getattr(rules, "as_of", None)
    by_id: dict[str, dict[str, Any]] = {str(r["ruling_id"]): {str(k): v for k, v in r.items()}
                                        for r in load_rulings().to_dict("records")}
    events: dict[str, dict[str, Any]] = {str(e["event_id"]): {str(k): v for k, v in e.items()}
                                         for e in load_events().to_dict("records")}

    def day_of(row: Mapping[str, Any] | None) -> datetime.date | None:
        when = row.get("date") if row is not None else None
        return None if when is None or pd.isna(when) else when.date()

    def ended(rid: str, row: Mapping[str, Any]) -> bool:
        """Whether the ruling no longer held on ``day`` (today, when None)."""
        later, event = row.get("superseded_by"), row.get("obsoleted_by_event")
        replaced = isinstance(later, str) and bool(later)
        obsolete = isinstance(event, str) and bool(event)
        if day is None:
            return str(row.get("status")) != "current" or replaced or obsolete
        ends = [day_of(by_id.get(str(later))) if replaced else None,
                day_of(events.get(str(event))) if obsolete else None]
        ends += [f.changed for f in game.flags() if (replaced or obsolete) and rid in f.rulings and f.changed]
        return any(end is not None and end <= day for end in ends)

    out = []
    for rid in rule(rule_id, game.name).rulings:
        row = by_id.get(rid)
        if row is None or ended(rid, row):
            continue
        when = day_of(row)
        if day is not None and when is not None and when > day:
            continue  # not yet given on the rules' day
        summary = row.get("summary_en")
        said = f": {summary}" if isinstance(summary, str) and summary else ""
        out.append(f"{rid} ({when.isoformat() if when else 'undated'}){said}")
    return tuple(out)


def grounds_text(answer: Answer, *, summaries: bool = True) -> list[str]:
    """The lines saying which rulings the deciding rule rests on, and as of when
    (``summaries=False``: their ids and dates on one line)."""
    if not answer.grounds:
        return []
    day = getattr(answer.rules, "as_of", None)
    when = f"as they stood on {day.isoformat()}" if day is not None else "as they stand today"
    if not summaries:
        return [f"  {answer.deciding_rule} rests on ({when}): " + ", ".join(g.split(": ", 1)[0] for g in answer.grounds)]
    return ([f"  {answer.deciding_rule} rests on these rulings, {when}:"]
            + [f"    {g}" for g in answer.grounds])


def _rules_for(game: Game, scenario: Position,
               rules: Ruleset | str | datetime.date | None) -> tuple[Position, Ruleset]:
    """The position (of ``game``) under ``rules`` (a day, a rule set's name or value, or
    None: the scenario's own), and the rule set it is played under."""
    from toolkit.fields import looks_like_day

    if isinstance(rules, datetime.date) or (isinstance(rules, str) and looks_like_day(rules)):
        scenario = cast("DatedScenario", scenario).at(rules)  # a date is refused for an undated game below
        rules = None
    played: Ruleset = game.state_of(scenario, rules).ruleset
    return scenario, played


def _question_data(text: str) -> Any:
    """A question written as text: YAML flow text (``{possible: {event: activated}}``) or JSON."""
    from toolkit.errors import FileError, quoted
    from toolkit.files import parse_yaml
    from toolkit.history.checks import CheckError

    try:
        data = parse_yaml(text, "question").data
    except FileError as exc:
        raise CheckError(f"question: cannot read {quoted(text)} as a question: {exc.message}") from None
    if data is None:
        raise CheckError("question: it is empty; write one such as {possible: {event: activated, card: ...}}")
    return data


def ask(scenario: Position, question: Mapping[str, Any] | str,
        rules: Ruleset | str | datetime.date | None = None, *, why: bool = True) -> Answer:
    """Answer ``question`` (a check: a mapping, or its text in YAML flow form or JSON,
    as the command line takes it) on
    ``scenario`` under ``rules`` (a day ``YYYY-MM-DD``, a rule set's name,
    a rule set, or None: the scenario's own date or today's rules).

    With ``why`` (the default) the question is asked again under every rule
    set one change away, to say which changes flip the answer and which trace
    note shows the deciding rule; ``why=False`` answers it once.
    """
    from toolkit.core.absent_cards import absent_card
    from toolkit.history.absent import cards_asked
    from toolkit.history.checks import CheckError, parse_check, scenarios_named, written_check
    from toolkit.history.deciding import Flips, what_decides
    from toolkit.history.runs import run_once

    data = _question_data(question) if isinstance(question, str) else question
    from toolkit.core.game import game_of

    game = game_of(scenario)  # found once: what follows is told the game
    cards = game.position_card_names(scenario)
    check = parse_check(data, "question", game=game, cards=cards)
    named, in_zones = cards_asked(check)
    absent = absent_card(named, scenario, game, cards, in_zones)
    if absent is not None:  # it could never match: a "no" would be silently wrong
        raise CheckError(f"question: {absent}")
    others = [name for name in scenarios_named(check) if name != ASKED]
    if others:
        raise CheckError(f"question.scenario: a question is asked of the one scenario given, so it names no other "
                         f"(remove 'scenario: {others[0]}', or ask it of {others[0]})")
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    position, ruleset = _rules_for(game, scenario, rules)
    scenarios = {ASKED: position}
    names = (ASKED,)
    result = run_once(text, check, names, scenarios, ruleset, game)
    shown = next((p.line for p in result.parts if p.line), ())
    if not why:
        return Answer(written_check(data), ruleset, result, line=shown)
    variants = Flips(text, check, names, scenarios, ruleset, result.value, game)
    flips = variants.labels()  # every one asked; _decided_by reads their answers, and which were tried
    decided, line = what_decides(check, scenarios, ruleset, result, variants)
    grounds = rulings_behind(deciding_rule(decided, ruleset), ruleset)
    return Answer(written_check(data), ruleset, result, variants.tried, flips, decided, line or shown, grounds)
