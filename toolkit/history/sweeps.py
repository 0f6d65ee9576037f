"""One scenario across the rule changes: changes()."""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from toolkit.core.game import GameScenario as Scenario
from toolkit.core.game import Position
from toolkit.core.limits import DEFAULT_MAX_STATES, Limits
from toolkit.core.rulesets import RuleChange
from toolkit.core.rulesets import Rules as Ruleset
from toolkit.errors import ToolkitError
from toolkit.history.eras import first_day, rule_eras
from toolkit.history.runs import (
    CHANGE_COLUMNS,
    HistoryError,
    check_for,
    read_check,
    run_once,
    scenario_named,
    scenarios_of,
)
from toolkit.history.verification import with_progress

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import Executor




# --------------------------------------------------------------------------
# One scenario across the rule changes
# --------------------------------------------------------------------------


def _scenario_name(scenario: str | Scenario) -> tuple[str, Scenario]:
    """A scenario of a dated game with the name it is reported under: a
    scenario, a path to a file, or a shipped name (any game's folder)."""
    from toolkit.games import game_of, load_any_scenario

    position: Any
    if isinstance(scenario, str):
        path = Path(scenario)
        try:
            if path.suffix in (".yaml", ".yml") and path.parent != Path(".") and path.is_file():
                label, position = path.name, load_any_scenario(path)
            else:
                label = path.name if path.suffix else f"{path.name}.yaml"
                position = scenario_named(str(scenario))
        except ToolkitError as exc:
            raise HistoryError(str(exc)) from None
    else:
        position = scenario
        label = Path(scenario.source).name if scenario.source else scenario.title
    game = game_of(position)
    if not game.dated:
        raise HistoryError(f"{position.source or position.title} is a {game.title} scenario: its rulings are "
                           "undated, so no rule changed over time; compare it under the game's counterfactual "
                           "rule sets instead (toolkit.compare)")
    return label, position


def dated_rule_changes() -> tuple[RuleChange, ...]:
    """Every rule change of every dated game, by date."""
    from toolkit.games import registered_games

    found = [c for g in registered_games() if g.dated for c in g.rule_changes()]
    return tuple(sorted(found, key=lambda c: (c.date, c.kind, c.what)))


def _same_file(written: str, source: str | None) -> bool:
    """Whether a ruling's scenario path (a user's rows hold it resolved
    against their file) is the scenario file ``source``."""
    if source is None or not Path(written).is_absolute():
        return False
    try:
        return Path(written).resolve() == Path(source).resolve()
    except OSError:
        return False


def _check_for(name: str, rulings: pd.DataFrame, source: str | None = None) -> str | None:
    """The one check the rulings using scenario ``name`` (as their first) share;
    a ruling of one's own names the same file ``source`` by its path."""
    texts = sorted({
        str(c) for c, s in zip(rulings["check"], rulings["scenario"])
        if isinstance(c, str) and s is not None and len(s) and (s[0] == name or _same_file(str(s[0]), source))
    })
    if len(texts) > 1:
        raise HistoryError(f"rulings on {name} ask {len(texts)} different checks: pass check= to changes()")
    return texts[0] if texts else None


QUIET_EVENTS = frozenset({"resolved", "sent_to_gy", "discarded", "hand_adjusted", "performed"})
"""Event kinds left out of a fact summary (they accompany the telling ones)."""


@dataclass(frozen=True)
class OutcomeSummary:
    """A scenario's outcomes under one ruleset, summarised: how many, a short
    stable label (equal for the same outcomes, different otherwise), the
    facts (event kind and card) that happen in some line, quiet events left
    out, and ``words``: the outcomes as ``explore`` tells them (one outcome:
    its events; several: what they differ in)."""

    count: int
    label: str
    facts: frozenset[str]
    words: str = ""


def outcomes_in_words(found: Any) -> str:
    """An exploration's outcomes in the words ``explore`` prints: one outcome,
    its events ("1 outcome: A returns 因幡之白兎 to the hand; ..."); several,
    what tells them apart, as its summary rows read ("2 outcomes differing
    in activations (A): none; or ＸＸ−セイバー ダークソウル search an X-Saber")."""
    from toolkit.core.game import game_of
    from toolkit.core.summary import summarize
    from toolkit.core.values import sorted_events

    outcomes = found.outcomes
    if len(outcomes) == 1:
        say = game_of(found.start).describe_event
        events = "; ".join(say(e) for e in sorted_events(outcomes[0].outcome.events))
        return f"1 outcome: {events or 'nothing happens'}"
    rows = [d.text() for d in summarize(found, forcing=False).differences]
    return f"{len(outcomes)} outcomes differing in " + " | ".join(rows) if rows else f"{len(outcomes)} outcomes"


def summarise_outcomes(scenario: Position, rules: Ruleset, *, max_states: int = DEFAULT_MAX_STATES,
                       time_limit: float | None = None) -> OutcomeSummary:
    """Explore ``scenario`` under ``rules`` once and summarise the outcomes."""
    import hashlib

    from toolkit.core.search import explore

    found = explore(scenario, ruleset=rules, max_states=max_states, time_limit=time_limit)
    texts = sorted(o.outcome.text() for o in found.outcomes)
    digest = hashlib.sha1("\n".join(texts).encode("utf-8")).hexdigest()[:8]
    facts = {
        " ".join(x for x in (str(e.kind), e.card or "", f"({e.player})" if e.player and not e.card else "") if x)
        for o in found.outcomes for e in o.outcome.events if str(e.kind) not in QUIET_EVENTS
    }
    return OutcomeSummary(len(texts), f"{len(texts)} outcome(s) [{digest}]", frozenset(facts), outcomes_in_words(found))


def fact_difference(before: frozenset[str], after: frozenset[str]) -> str:
    """``"lost: a, b; gained: c"`` (sorted), or "" when equal.

    >>> fact_difference(frozenset({"activated X", "loop"}), frozenset({"loop", "banished X"}))
    'lost: activated X; gained: banished X'
    """
    parts = []
    if before - after:
        parts.append("lost: " + ", ".join(sorted(before - after)))
    if after - before:
        parts.append("gained: " + ", ".join(sorted(after - before)))
    return "; ".join(parts)


def _as_day(value: datetime.date | str | pd.Timestamp | None, default: datetime.date, which: str) -> datetime.date:
    """``changes``' ``start`` / ``end`` (``which``), held to the dates the rules cover as ``--from`` / ``--to`` are."""
    from toolkit.fields import outside_rules

    if value is None:
        return default
    try:
        day = pd.Timestamp(value).date()
    except (ValueError, TypeError) as exc:
        raise HistoryError(f"cannot read date {value!r} (expected YYYY-MM-DD)") from exc
    if not isinstance(day, datetime.date) or day != day:  # NaT
        raise HistoryError(f"changes(): {which} {value!r} is no day (a missing date?); write YYYY-MM-DD")
    problem = outside_rules(day)
    if problem is not None:
        raise HistoryError(f"changes(): {which} {problem}")
    return day


@dataclass(frozen=True)
class _SweepLimits:
    """``changes``' limits: each search's positions, and the whole sweep's
    seconds as a wall-clock deadline (pickled to the executor's workers)."""

    max_states: int
    time_limit: float | None
    deadline: float | None
    label: str

    def seconds_left(self, day: datetime.date) -> float | None:
        """The time the search of ``day`` may take; the sweep's time-limit error once none is left."""
        if self.deadline is None:
            return None
        left = self.deadline - time.time()
        if left <= 0:
            raise self.out_of_time(day)
        return left

    def out_of_time(self, day: datetime.date) -> ToolkitError:
        from toolkit.core.errors import SearchBudgetExceeded

        return SearchBudgetExceeded(
            f"the sweep of {self.label} stopped at its time limit of {self.time_limit:g} s (time_limit) under "
            f"the rules of {day.isoformat()}; raise time_limit (--time-limit on the command line) to search further")


def _answer_on(job: tuple[str, datetime.date, str, str | None, dict[str, Position], _SweepLimits]
               ) -> tuple[str, frozenset[str] | None, str | None]:
    """``changes``' answer on one day: the check's, or the outcomes in words, their
    facts and their label (a module-level function: executors pickle it)."""
    from toolkit.core.errors import SearchBudgetExceeded
    from toolkit.core.game import game_named

    game_name, day, name, text, scenarios, limits = job
    rules = game_named(game_name).rules_at(day)
    seconds = limits.seconds_left(day)
    try:
        if text is not None:
            return run_once(text, read_check(name, text), tuple(scenarios), scenarios, rules, max_states=limits.max_states,
                        time_limit=seconds).answer, None, None
        summary = summarise_outcomes(scenarios[name], rules, max_states=limits.max_states, time_limit=seconds)
    except SearchBudgetExceeded as exc:
        if seconds is not None and "(time_limit)" in str(exc):
            raise limits.out_of_time(day) from None
        raise
    return summary.words, summary.facts, summary.label


def changes(scenario: str | Scenario, start: datetime.date | str | None = None,
            end: datetime.date | str | None = None, check: str | Mapping[str, Any] | None = None, *,
            all_dates: bool = False, rulings: pd.DataFrame | None = None,
            progress: bool = False, executor: Executor | None = None,
            max_states: int = DEFAULT_MAX_STATES, time_limit: float | None = None) -> pd.DataFrame:
    """When did the answer for ``scenario`` change between ``start`` and ``end``?

    The scenario (a file of datasets/scenarios/, a path, or a Scenario) is
    run under ``ruleset_at(start)`` and at every date in (start, end] where a
    flag or a card text changed. ``check`` defaults to the one check of the
    rulings that use this scenario; with none, the set of outcomes is
    compared (``detail`` then says which facts were lost or gained). One row
    per change (``all_dates=True``: per date swept), with the rule changes of
    that date and the ruling / event rows that justify them. ``progress``
    shows a progress bar over the dates (interrupt the kernel to stop).
    ``executor`` (any ``concurrent.futures.Executor``) runs the dates in
    parallel; the table is the same. Each date's search stops
    (:class:`~toolkit.core.errors.SearchBudgetExceeded`) after ``max_states``
    positions, as :func:`~toolkit.core.search.explore`'s, and the whole sweep
    after ``time_limit`` seconds (None: no limit).
    """
    from toolkit.data import load_events, load_rulings
    from toolkit.data.frames import table_with
    from toolkit.games import game_of
    from toolkit.history.checks import scenarios_named

    Limits(max_states, time_limit)  # a limit that is no positive number is refused before any search
    table = load_rulings() if rulings is None else table_with(rulings, ("ruling_id", "date", "scenario", "check"),
                                                              "changes", paths=False)
    name, position = _scenario_name(scenario)
    game = game_of(position)
    assert game.dated  # _scenario_name refuses undated games
    text = json.dumps(check, ensure_ascii=False) if isinstance(check, Mapping) else check
    if text is None:
        text = _check_for(name, table, getattr(position, "source", None))
    parsed = read_check(name, text) if text is not None else None
    scenarios: dict[str, Position] = {name: position}
    if parsed is not None:
        # a full path is a file of one's own (a rulings table names its scenarios so), else a shipped name
        missing = [other for other in scenarios_named(parsed) if other not in scenarios]
        scenarios.update(scenarios_of(name, missing) if missing else {})
        check_for(name, parsed, scenarios)  # refused once, before any day: a card its scenario cannot show
    read = tuple(scenarios.values())  # the dates of what they read: the rules, every card text they may use
    first = first_day(game.rule_changes_on(read))
    begin = _as_day(start, first, "start")
    finish = _as_day(end, datetime.date.today(), "end")
    if finish < begin:
        raise HistoryError(f"changes(): end {finish} is before start {begin}")
    eras = rule_eras(game, begin, finish, rulings=table, events=load_events(), positions=read)
    days = [era.first_day for era in eras]
    rows = []
    previous: str | None = None
    previous_key: str | None = None
    previous_facts: frozenset[str] = frozenset()
    deadline = None if time_limit is None else time.time() + time_limit
    limits = _SweepLimits(max_states, time_limit, deadline, getattr(position, "source", None) or name)
    jobs = [(game.name, day, name, text, scenarios, limits) for day in days]
    answers = map(_answer_on, jobs) if executor is None else executor.map(_answer_on, jobs)
    for era, (answer, facts, label) in zip(eras, with_progress(answers, len(days), "changes", progress)):
        key = label if label is not None else answer  # the outcomes compare by their label, not their words
        day, on_day = era.first_day, era.changes
        detail = ""
        if facts is not None:
            if previous is not None:
                detail = fact_difference(previous_facts, facts)
            previous_facts = facts
        rows.append({
            "date": pd.Timestamp(day),
            "before": previous if previous is not None else pd.NA,
            "after": answer,
            "changed": previous_key is not None and key != previous_key,
            "detail": detail,
            "rule_changes": "; ".join(f"{c.rule} {c.what}: {c.before} -> {c.after}" for c in on_day),
            "rulings": list(era.rulings),
            "events": list(era.events),
        })
        previous, previous_key = answer, key
    frame = pd.DataFrame(rows, columns=list(CHANGE_COLUMNS))
    frame = frame.astype({"before": "string", "after": "string", "detail": "string", "rule_changes": "string",
                          "changed": "bool"})
    if not all_dates:
        frame = frame[frame["changed"]].drop(columns="changed")
    return frame.reset_index(drop=True)
