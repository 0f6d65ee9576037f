"""What the command line prints: JSON, CSV and text, for any game.

Plain data for ``--json`` (events, steps, outcomes, a rule set), the text a
judge reads (every step with its rule id and reason, outcomes with the events
they rest on), and the two writers every command shares. Output is
deterministic: the same input prints the same bytes.

>>> cell(["ヒステリック・サイン", "ライラ"]), cell(True), cell(None)
('ヒステリック・サイン | ライラ', 'true', '')
"""

from __future__ import annotations

import datetime
import json
import math
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.cli.errors import shown_path
from toolkit.core.flag_words import counterfactual_words as counterfactual_words
from toolkit.core.flag_words import flag_words as flag_words
from toolkit.core.flag_words import rule_changes_words as rule_changes_words
from toolkit.games import game_of

if TYPE_CHECKING:
    import pandas as pd

    from toolkit.core.trace import LineStep
    from toolkit.core.values import Event, Outcome

Scenario = Any
"""A scenario of any registered game."""
Rules = Any
"""A rule set of any registered game."""

LIST_SEPARATOR = " | "
"""How a list is written in one CSV cell (as in the packaged CSV files)."""


# --------------------------------------------------------------------------
# Writers
# --------------------------------------------------------------------------


def emit_json(data: object) -> None:
    """``data`` as indented UTF-8 JSON on standard output."""
    print(json.dumps(data, ensure_ascii=False, indent=2))


def cell(value: Any) -> str:
    """One value as CSV cell text: lists joined by `` | ``, booleans as true/false, none as empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return LIST_SEPARATOR.join(cell(v) for v in value)
    if isinstance(value, float) and math.isnan(value):
        return ""
    return str(value)


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def spreadsheet_safe(text: str) -> str:
    """A cell a spreadsheet shows as text, never runs as a formula: text beginning with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a leading ``'`` (a plain number keeps its sign).

    >>> print(spreadsheet_safe('=HYPERLINK("x")'), spreadsheet_safe("-500"), spreadsheet_safe("ヒステリック・サイン"))
    '=HYPERLINK("x") -500 ヒステリック・サイン
    """
    if text.startswith(_FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def emit_csv(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> None:
    """A header and one line per row (``\\n`` line ends) on standard output, every cell made safe to open
    in a spreadsheet (:func:`spreadsheet_safe`; the data files themselves are exact)."""
    from toolkit.data.parsing import csv_lines

    sys.stdout.write(csv_lines([[spreadsheet_safe(c) for c in columns],
                                *([spreadsheet_safe(cell(row.get(c))) for c in columns] for row in rows)]))


def emit_table(rows: Sequence[Mapping[str, Any]], args: Any, columns: Sequence[str]) -> bool:
    """Print ``rows`` as JSON or CSV when ``args`` asks for one; False when it asks for text."""
    if getattr(args, "json", False):
        emit_json([dict(r) for r in rows])
        return True
    if getattr(args, "csv", False):
        emit_csv(columns, rows)
        return True
    return False


def plain(value: Any) -> Any:
    """A pandas / numpy cell as plain JSON data (missing -> None, a timestamp -> its day)."""
    import pandas as pd

    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or (not isinstance(value, (str, bytes)) and bool(pd.isna(value))):
        return None
    if isinstance(value, pd.Timestamp):
        return value.date().isoformat()
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if hasattr(value, "item"):  # a numpy scalar
        return value.item()
    return value


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """A table's rows as plain dictionaries (column order kept)."""
    return [{str(k): plain(v) for k, v in row.items()} for row in frame.to_dict("records")]


# --------------------------------------------------------------------------
# Plain data for --json
# --------------------------------------------------------------------------


def event_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": str(event.kind)}
    for key in ("card", "player", "amount", "detail", "by"):
        value = getattr(event, key)
        if value is not None:
            data[key] = value
    return data


def step_data(step: LineStep) -> dict[str, Any]:
    return {
        "step": step.step,
        "priority": step.priority,
        "actor": step.actor,
        "action": repr(step.action),
        "action_text": _words(None, (step,)).describe_action(step.action),
        "process": step.process,
        "rule": step.rule,
        "reason": step.reason,
        "notes": [{"rule": n.rule, "text": n.text} for n in step.notes],
        "events": [event_data(e) for e in step.events],
        "state": step.state,
    }


def outcome_data(outcome: Outcome) -> dict[str, Any]:
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
        "events": [event_data(e) for e in sorted_events(outcome.events)],
        "loop": list(outcome.loop) if outcome.loop is not None else None,
    }


def ruleset_data(rules: Rules) -> dict[str, Any]:
    return {
        "name": rules.name,
        "as_of": rules.as_of.isoformat() if rules.as_of is not None else None,
        "flags": rules.flags(),
    }


def header_data(scenario: Scenario, rules: Rules) -> dict[str, Any]:
    return {
        "game": game_of(scenario).name,
        "title": scenario.title,
        "source": scenario.source,
        "turn_player": scenario.turn_player,
        "rulings": list(scenario.rulings),
        "ruleset": ruleset_data(rules),
    }


# --------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------


def _words(game: Any, steps: Sequence[LineStep] = ()) -> Any:
    """The phrasing functions of ``game`` (a Game), else of the game the steps
    were played in, else the neutral ones."""
    if game is not None:
        return game
    named = next((s.game for s in steps if s.game), "")
    if named:
        from toolkit.core.game import game_named

        return game_named(named)
    from toolkit.core import words

    class Neutral:
        describe_action = staticmethod(words.action_words)
        describe_event = staticmethod(words.event_words)

    return Neutral


def events_words(events: Sequence[Event], game: Any = None) -> str:
    """Events as phrases for people ("A discards ヒステリック・サイン"), joined by "; "."""
    return "; ".join(_words(game).describe_event(e) for e in events)


def events_text(events: Sequence[Event]) -> str:
    """Events in the engine's compact form (``kind: card (player) amount [detail]``,
    as the notebooks' tables show them), joined by "; " — what a CSV column holds.

    >>> from toolkit.core.values import Event
    >>> events_text([Event("discarded", card="ヒステリック・サイン", player="A"), Event("damage", player="B", amount=300)])
    'discarded: ヒステリック・サイン (A); damage: B 300'
    """
    from toolkit.core.values import event_code_text

    return "; ".join(event_code_text(e) for e in events)


def header_text(scenario: Scenario, rules: Rules) -> list[str]:
    game = game_of(scenario)
    lines = [scenario.title]
    if scenario.source:
        lines.append(f"  from {shown_path(scenario.source)}")
    if game.dated:
        texts = rules.as_of.isoformat() if rules.as_of is not None else "today"
        lines.append(f"Rules: {rules.name} (card texts as of {texts}); turn player {scenario.turn_player}")
    else:
        lines.append(f"Rules: {game.title} {game.step}, {rules.name}; turn player {scenario.turn_player}")
    flags = game.flags()
    width = max([3, *(len(f.rule) for f in flags)])
    for flag in flags:
        lines.append(f"  {flag.rule:<{width}} {flag_words(flag, getattr(rules, flag.name))}")
    if scenario.rulings:
        lines.append(f"Rulings: {', '.join(scenario.rulings)}")
    return lines


def steps_text(steps: Sequence[LineStep], indent: str = "  ", game: Any = None) -> list[str]:
    """Each step as a judge reads it: number, actor, the action in words (the
    ``game``'s phrasing, else the neutral one), rule id, reason, notes, events."""
    say = _words(game, steps)
    lines = []
    for s in steps:
        lines.append(f"{indent}{s.step:>3}. {s.actor:<4} {say.describe_action(s.action)}  [{s.rule}] {s.reason}")
        for note in s.notes:
            lines.append(f"{indent}       {note.rule}: {note.text}")
        if s.events:
            lines.append(f"{indent}       -> {events_words(s.events, say)}")
    return lines


def outcome_text(outcome: Outcome, indent: str = "  ", game: Any = None) -> list[str]:
    from toolkit.core.summary import position_words
    from toolkit.core.values import sorted_events

    lines = []
    if outcome.loop is not None:
        lines.append(f"{indent}LOOP (the position repeats): {' -> '.join(outcome.loop)}")
    lines.append(f"{indent}final: {position_words(outcome.summary)}")
    lines.append(f"{indent}events: {events_words(sorted_events(outcome.events), game) or 'none'}")
    return lines


def summary_text(summary: Any, game: Any, *, forced: bool = True) -> list[str]:
    """What a reader takes in first about an exploration: what every outcome
    shares, how the outcomes differ, and (``forced``) which values of each
    difference each player can force whatever the other does
    (:mod:`toolkit.core.summary`)."""
    from toolkit.core.summary import fact_text

    say = _words(game).describe_event
    lines = [summary.headline()]
    if summary.shared:
        lines.append("  every outcome:")  # one fact a line: a dozen on one line is a wall
        lines.extend(f"    - {fact_text(f, say)}" for f in summary.shared)
    for number, difference in enumerate(summary.differences, start=1):
        lines.append(f"  {number}. {difference.text()}")
        if difference.also():
            lines.append(f"     the same split: {difference.also()}")
        if not forced:
            continue
        can = []
        for player in summary.players:
            k = difference.forced_count(player)
            if 0 < k < difference.count <= 4:  # few values: name the ones the player can force
                values = " or ".join(f"“{v.text()}”" for v in difference.values if player in v.forced_by)
                can.append(f"{player} can force {values}")
                continue
            how = "each of the" if k == difference.count else "none of the" if k == 0 else f"{k} of the"
            can.append(f"{player} can force {how} {difference.count}")
        lines.append("     " + "; ".join(can))
    return lines


STEP_COLUMNS = ("step", "priority", "actor", "action", "process", "rule", "reason", "notes", "events")
"""The columns of a line printed with ``--csv``."""


def step_row(step: LineStep) -> dict[str, Any]:
    """One step as a CSV row (notes and events in words)."""
    return {
        "step": step.step,
        "priority": step.priority,
        "actor": step.actor,
        "action": repr(step.action),
        "process": step.process,
        "rule": step.rule,
        "reason": step.reason,
        "notes": [f"{n.rule}: {n.text}" for n in step.notes],
        "events": events_text(step.events),
    }
