"""The ruling history, executed: every ruling re-derived at its own date.

Each End Phase ruling in ``datasets/rulings.csv`` carries a machine form (a
scenario, a check, the expected answer; see :mod:`toolkit.ruling_checks`).

* :func:`verify_rulings` runs every check under the rules of the ruling's
  date (or, for an undated ruling, the named ruleset it describes) AND under
  today's rules, and says which rule decides the answer: a current ruling
  must agree under both, a superseded one under its own date but NOT today
  (it documents a real change).
* :func:`changes` sweeps one scenario across the dates where a rule changed
  (each dated game's ``rule_changes()``) and reports when its answer
  flipped and which ruling or event row justifies the change.
* :func:`timeline_links` and :func:`supersession_explanations` tie the
  ruleset timeline and the table together, both ways.

>>> table = changes("q_hysteric_sign_adjustment.yaml", "2010-01-01", "2024-01-01")
>>> table[["date", "before", "after"]].astype(str).values.tolist()
[['2016-07-08', 'yes', 'no']]
>>> table.loc[0, "rulings"]
['ocg-160708-hysteric-sign-adjustment']
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pandas as pd

from toolkit.errors import ToolkitError

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import Executor

    from toolkit.core.trace import LineStep
    from toolkit.ruling_checks import Check, CheckResult

Ruleset = Any
"""A rule set of any registered game."""
Scenario = Any
"""A scenario of any registered game."""
RuleChange = Any
"""A dated rule change of a game (its ``rule_changes()``)."""

__all__ = [
    "HistoryError",
    "RulingRun",
    "changes",
    "OutcomeSummary",
    "fact_difference",
    "summarise_outcomes",
    "ruling_ruleset",
    "rulings_of",
    "run_ruling",
    "supersession_explanations",
    "timeline_links",
    "verify_rulings",
]

DECIDING_RULES = ("H1", "H2", "H3", "H4", "H5", "E1", "R8", "R4", "X1", "P2", "P1", "P3", "V2", "V1", "D3", "D1", "D2(1)", "D2(4)", "D2(5)", "D2(6)")
"""Rule ids whose notes in a trace explain why something did or did not happen."""

VERIFY_COLUMNS = (
    "ruling_id",
    "date",
    "status",
    "topic",
    "ruleset",
    "scenario",
    "check_en",
    "expected",
    "answer",
    "agrees",
    "today_answer",
    "today_agrees",
    "verified",
    "decided_by",
    "deciding_changes",
    "flipped_by",
    "vacuous",
    "vacuous_reason",
    "not_modelled_reason",
    "seconds",
)

CHANGE_COLUMNS = ("date", "before", "after", "changed", "detail", "rule_changes", "rulings", "events")


class HistoryError(ToolkitError):
    """A ruling or scenario the history cannot run (names the ruling or file)."""


# --------------------------------------------------------------------------
# One ruling
# --------------------------------------------------------------------------


def ruling_ruleset(row: Mapping[str, Any]) -> Ruleset:
    """The rules a ruling is re-derived under: its named ``ruleset`` (undated
    rulings), else the rules of its game at its date; today's rules when it has
    neither (or when its game is undated).

    >>> ruling_ruleset({"ruling_id": "x", "ruleset": "ocg-2011", "date": pd.NaT}).name
    'ocg-2011'
    >>> ruling_ruleset({"ruling_id": "x", "ruleset": pd.NA, "date": pd.Timestamp("2013-03-30")}).name
    'ocg@2013-03-30'
    """
    from toolkit.core.rulesets import UnknownRulesetError
    from toolkit.games import DEFAULT_GAME, game_named

    game = game_named(str(row.get("game") or DEFAULT_GAME))
    name = row.get("ruleset")
    when = row.get("date")
    day = None if when is None or pd.isna(when) else pd.Timestamp(when).date()
    try:
        return game.rules_for(name if isinstance(name, str) and name else None, day)
    except UnknownRulesetError as exc:
        raise HistoryError(f"{row.get('ruling_id')}: {exc}") from None


@lru_cache(maxsize=None)
def _scenario(name: str) -> Scenario:
    """A shipped scenario by its file name under datasets/scenarios/ (a game's
    own folder first, as in ``folder/name.yaml``)."""
    from toolkit.games import shipped_scenario

    return shipped_scenario(name)


def _scenarios(rid: str, names: Sequence[str]) -> dict[str, Scenario]:
    if not names:
        raise HistoryError(f"{rid}: the ruling names no scenario")
    try:
        return {n: _scenario(n) for n in names}
    except ToolkitError as exc:
        raise HistoryError(f"{rid}: {exc}") from None


def _check(rid: str, text: str) -> Check:
    from toolkit.ruling_checks import CheckError, parse_check

    try:
        return parse_check(text, f"{rid}: check")
    except CheckError as exc:
        raise HistoryError(str(exc)) from None


def _era(rules: Any) -> int:
    """How many card-text changes of the rules' game are in force at its date (None: all)."""
    dates = _card_text_dates(type(rules).__name__, type(rules).__module__)
    if rules.as_of is None:
        return len(dates)
    return sum(1 for d in dates if d <= rules.as_of)


@lru_cache(maxsize=None)
def _card_text_dates(type_name: str, module: str) -> tuple[datetime.date, ...]:
    from toolkit.games import registered_games

    game = next(g for g in registered_games()
                if (g.rules_type.__name__, g.rules_type.__module__) == (type_name, module))
    changes = game.rule_changes()
    return tuple(sorted({c.date for c in changes if c.kind == "card_text"}))


def _rules_key(rules: Ruleset) -> tuple[Any, ...]:
    """What decides a run: the flag values and the card-text era (not the name)."""
    values = tuple(getattr(rules, f.name) for f in dataclasses.fields(rules) if f.name not in ("name", "as_of"))
    return values + (_era(rules),)


_RUNS: dict[tuple[Any, ...], CheckResult] = {}


def _run(check_text: str, check: Check, names: tuple[str, ...], scenarios: Mapping[str, Scenario],
         rules: Ruleset) -> CheckResult:
    from toolkit.ruling_checks import run_check

    key = (check_text, tuple((n, scenarios[n]) for n in names), _rules_key(rules))
    hit = _RUNS.get(key)
    if hit is None:
        hit = run_check(check, scenarios, rules, default=names[0])
        _RUNS[key] = hit
    return hit


@dataclass(frozen=True)
class RulingRun:
    """One ruling re-derived: under its own rules and under today's."""

    ruling_id: str
    rules: Ruleset
    expected: str
    own: CheckResult
    today: CheckResult
    decided_by: str
    deciding_changes: tuple[str, ...]
    seconds: float
    shown: tuple[LineStep, ...] = ()
    counterfactuals: tuple[str, ...] = ()
    """The labels of every counterfactual the check was run under."""

    @property
    def flipped_by(self) -> tuple[str, ...]:
        """The counterfactuals under which the check's answer flips."""
        return self.deciding_changes

    @property
    def vacuous(self) -> bool:
        """No counterfactual flips the answer: the check would pass whatever
        the rules it is about said."""
        return not self.deciding_changes

    @property
    def agrees(self) -> bool:
        return self.own.answer == self.expected

    @property
    def today_agrees(self) -> bool:
        return self.today.answer == self.expected

    @property
    def line(self) -> tuple[LineStep, ...]:
        """The line that shows the own-date answer: the one ``decided_by`` was
        read from, else the line of the first query that has one."""
        if self.shown:
            return self.shown
        for part in self.own.parts:
            if part.line:
                return part.line
        return ()

    @property
    def trace(self) -> pd.DataFrame:
        from toolkit.core.trace import trace_frame

        return trace_frame(self.line)


def _row(rulings: pd.DataFrame, ruling_id: str) -> dict[str, Any]:
    found = rulings[rulings["ruling_id"] == ruling_id]
    if found.empty:
        raise HistoryError(f"no ruling {ruling_id!r} in the rulings table")
    return {str(k): v for k, v in found.iloc[0].to_dict().items()}


def run_ruling(ruling: str | Mapping[str, Any], rulings: pd.DataFrame | None = None) -> RulingRun:
    """Re-derive one ruling (by id, or a row of the rulings table).

    >>> run = run_ruling("ocg-160708-hysteric-sign-adjustment")
    >>> run.rules.name, run.expected, run.own.answer, run.agrees
    ('ocg@2016-07-08', 'no', 'no', True)
    >>> run.decided_by.startswith("H5")
    True
    """
    if isinstance(ruling, str):
        if rulings is None:
            from toolkit.data import load_rulings

            rulings = load_rulings()
        row = _row(rulings, ruling)
    else:
        row = dict(ruling)
    rid = str(row["ruling_id"])
    text = row.get("check")
    if not isinstance(text, str) or not text:
        raise HistoryError(f"{rid}: the ruling has no check (not modelled: {row.get('not_modelled_reason')!s})")
    expected = str(row.get("expected"))
    if expected not in ("yes", "no"):
        raise HistoryError(f"{rid}: expected answer must be 'yes' or 'no', not {expected!r}")
    names = tuple(str(n) for n in (row.get("scenario") or ()))
    check = _check(rid, text)
    scenarios = _scenarios(rid, names)
    rules = ruling_ruleset(row)
    started = time.perf_counter()
    try:
        own = _run(text, check, names, scenarios, rules)
        today = _run(text, check, names, scenarios, _today_rules(rules))
        tried, deciding = _deciding_changes(text, check, names, scenarios, rules, own.value)
        decided, shown = _decided_by(check, scenarios, rules, own, deciding)
    except ToolkitError as exc:
        raise HistoryError(f"{rid}: {exc}") from None
    return RulingRun(rid, rules, expected, own, today, decided, deciding, time.perf_counter() - started, shown,
                     tried)


# --------------------------------------------------------------------------
# Which rule decides an answer
# --------------------------------------------------------------------------


def _today_rules(rules: Ruleset) -> Ruleset:
    """Today's rules of the ruling's game."""
    from toolkit.games import game_of

    return game_of(rules).today()


def _deciding_changes(text: str, check: Check, names: tuple[str, ...], scenarios: Mapping[str, Scenario],
                      rules: Ruleset, value: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The game's one-change counterfactuals (a dated flag, a card-text era or
    a named reversal of the OCG; a Turn End Step flag): the labels of all of
    them, and of those whose rules flip the answer."""
    from toolkit.games import game_of

    variants = game_of(rules).counterfactuals(rules)
    flips = tuple(c.label for c in variants if _run(text, check, names, scenarios, c.rules).value != value)
    return tuple(c.label for c in variants), flips


def _decided_by(check: Check, scenarios: Mapping[str, Scenario], rules: Ruleset, result: CheckResult,
                deciding: Sequence[str]) -> tuple[str, tuple[LineStep, ...]]:
    """What in the engine's lines decides the answer, and the line it is read
    from, in this order:

    1. a note of the rule whose flag decides the answer (``deciding``), about
       a card the check names when it names any;
    2. a note of a deciding rule (H1-H5, E1, R8, R4, X1) about a card the
       check names (e.g. "H5: ヒステリック・サイン: ... not activated");
    3. the last step where an event the check asks about happens, on a line
       that answers yes;
    4. what the rules withheld along the lines (``withheld``), then, for a
       check that names no card, the notes of R1, R2, R5, R6, R7;
    5. the deciding flag or card-text change itself.
    """
    from toolkit.core.game import as_state
    from toolkit.core.search import explore
    from toolkit.ruling_checks import cards_named, predicates_of

    cards = cards_named(check)
    lines: list[tuple[str, tuple[LineStep, ...]]] = [(p.scenario, p.line) for p in result.parts if p.line]
    for part in result.parts:
        if not part.value and part.query.startswith('{"possible'):
            found = explore(scenarios[part.scenario], ruleset=rules)
            lines.extend((part.scenario, o.example) for o in found.outcomes)
    notes = [(note, line) for _, line in lines for step in line for note in step.notes]

    def note_of(rule_ids: Sequence[str], *, about_cards: bool) -> tuple[str, tuple[LineStep, ...]] | None:
        for rule in rule_ids:
            matching = [(note, line) for note, line in notes
                        if note.rule == rule and (not about_cards or not cards or any(c in note.text for c in cards))]
            # a note that is about the card (it starts with its name) before one that only mentions it
            matching.sort(key=lambda nl: not any(nl[0].text.startswith(c) for c in cards))
            if matching:
                note, line = matching[0]
                return f"{note.rule}: {note.text}", line
        return None

    flag_rules = [d.split(" ", 1)[0] for d in deciding]
    flag_rules = [r for r in flag_rules if r != "X1"] + (["R8", "R4"] if "X1" in flag_rules else [])
    found_note = note_of(flag_rules, about_cards=True) or (note_of(DECIDING_RULES, about_cards=True) if cards else None)
    if found_note:
        return found_note
    predicates = predicates_of(check)
    for part in result.parts:
        if not part.value:
            continue
        tp = as_state(scenarios[part.scenario], ruleset=rules).turn_player
        hits = [s for s in part.line if any(p.relevant(e, tp) for p in predicates for e in s.events)]
        if hits:
            step = hits[-1]
            return f"step {step.step} ({step.rule}): {step.actor} {step.action!r} - {step.reason}", part.line
    held = _withheld_note(lines, scenarios, rules)
    if held:
        return held
    if not cards:
        found_note = note_of(("R1", "R2", "R5", "R6", "R7"), about_cards=False)
        if found_note:
            return found_note
    return (deciding[0] if deciding else ""), (lines[0][1] if lines else ())


def _withheld_note(lines: Sequence[tuple[str, tuple[LineStep, ...]]], scenarios: Mapping[str, Scenario],
                   rules: Ruleset) -> tuple[str, tuple[LineStep, ...]] | None:
    """The first thing a deciding rule withheld along ``lines``."""
    from toolkit.core.game import as_state, game_of

    for name, line in lines:
        state = as_state(scenarios[name], ruleset=rules)
        game = game_of(state)
        for step in line:
            for note in game.withheld(state):
                if note.rule in DECIDING_RULES:
                    return f"{note.rule}: {note.text}", line
            if step.action not in game.legal_actions(state):
                break
            state = game.transition(state, step.action, check=False).state
    return None


# --------------------------------------------------------------------------
# Every ruling
# --------------------------------------------------------------------------


def _modelled_scope(rulings: pd.DataFrame) -> pd.DataFrame:
    has_check = rulings["check"].notna()
    has_reason = rulings["not_modelled_reason"].notna()
    return rulings[has_check | has_reason]


T = TypeVar("T")


def with_progress(items: Iterable[T], total: int, label: str, enabled: bool) -> Iterable[T]:
    """``items``, behind a ``tqdm.auto`` progress bar when ``enabled`` (a widget
    bar in a notebook, a text bar in a terminal). Interrupting the kernel
    (or Ctrl-C) stops the loop with KeyboardInterrupt and closes the bar.

    >>> list(with_progress([1, 2], 2, "demo", enabled=False))
    [1, 2]
    """
    if not enabled:
        return items
    from tqdm.auto import tqdm

    return tqdm(items, total=total, desc=label, unit="step", leave=False)


def _verify_row(data: dict[str, Any]) -> dict[str, Any]:
    """One row of ``verify_rulings`` (a module-level function: executors pickle it)."""
    rid = str(data["ruling_id"])
    names = [str(n) for n in (data.get("scenario") or [])]
    base = {
        "ruling_id": rid,
        "date": data["date"],
        "status": str(data["status"]),
        "topic": str(data["topic"]),
        "scenario": " | ".join(names) if names else pd.NA,
        "check_en": data.get("check_en"),
        "expected": data.get("expected"),
        "not_modelled_reason": data.get("not_modelled_reason"),
        "vacuous_reason": data.get("vacuous_reason"),
    }
    if not isinstance(data.get("check"), str):
        return {**base, "ruleset": pd.NA, "answer": pd.NA, "agrees": pd.NA, "today_answer": pd.NA,
                "today_agrees": pd.NA, "verified": pd.NA, "decided_by": pd.NA,
                "deciding_changes": pd.NA, "flipped_by": [], "vacuous": pd.NA,
                "seconds": float("nan")}
    run = run_ruling(data)
    verified = run.agrees and (run.today_agrees if base["status"] == "current" else not run.today_agrees)
    return {
        **base,
        "ruleset": run.rules.name,
        "answer": run.own.answer,
        "agrees": run.agrees,
        "today_answer": run.today.answer,
        "today_agrees": run.today_agrees,
        "verified": verified,
        "decided_by": run.decided_by,
        "deciding_changes": "; ".join(run.deciding_changes),
        "flipped_by": list(run.flipped_by),
        "vacuous": run.vacuous,
        "seconds": round(run.seconds, 3),
    }


def verify_rulings(rulings: pd.DataFrame | None = None, progress: bool = False,
                   executor: Executor | None = None) -> pd.DataFrame:
    """Re-derive every ruling that has a machine form (or say why it has none).

    One row per ruling: ``ruleset`` used, ``expected``, the engine's
    ``answer`` under it and whether it ``agrees``; ``today_answer`` /
    ``today_agrees`` under today's rules; ``verified`` (current: agrees at
    its date and today; superseded: agrees at its date, not today);
    ``decided_by`` (the trace note or step that decides it) and
    ``deciding_changes`` (the counterfactuals that flip it: dated flags, card
    texts and named reversals, joined by "; "); ``flipped_by`` (the same
    labels, as a list) and ``vacuous`` (no counterfactual flips it: the check
    would pass whatever the rule it is about said), with the ruling's
    ``vacuous_reason`` when its annotation gives one. Not-modelled rulings
    have NA answers and their reason.
    ``executor`` (any ``concurrent.futures.Executor``, e.g. a
    ``ProcessPoolExecutor`` or Dask's ``Client().get_executor()``) runs the
    rulings in parallel; the table is the same (but for ``seconds``).
    """
    from toolkit.data import load_rulings

    table = load_rulings() if rulings is None else rulings
    scope = _modelled_scope(table).sort_values("ruling_id")
    rows = [{str(k): v for k, v in row.to_dict().items()} for _, row in scope.iterrows()]
    done: Iterable[dict[str, Any]] = map(_verify_row, rows) if executor is None else executor.map(_verify_row, rows)
    records = list(with_progress(done, len(rows), "verify_rulings", progress))
    frame = pd.DataFrame(records, columns=list(VERIFY_COLUMNS))
    strings = ["ruling_id", "status", "topic", "ruleset", "scenario", "check_en", "expected", "answer",
               "today_answer", "decided_by", "deciding_changes", "vacuous_reason", "not_modelled_reason"]
    frame = frame.astype({c: "string" for c in strings})
    frame = frame.astype({c: "boolean" for c in ("agrees", "today_agrees", "verified", "vacuous")})
    frame["date"] = pd.to_datetime(frame["date"])
    frame["seconds"] = frame["seconds"].astype("float64")
    return frame.reset_index(drop=True)


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
                position = _scenario(str(scenario))
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


def _dated_rule_changes() -> tuple[RuleChange, ...]:
    """Every rule change of every dated game, by date."""
    from toolkit.games import registered_games

    found = [c for g in registered_games() if g.dated for c in g.rule_changes()]
    return tuple(sorted(found, key=lambda c: (c.date, c.kind, c.what)))


def _check_for(name: str, rulings: pd.DataFrame) -> str | None:
    """The one check the rulings using scenario ``name`` (as their first) share."""
    texts = sorted({
        str(c) for c, s in zip(rulings["check"], rulings["scenario"])
        if isinstance(c, str) and s is not None and len(s) and s[0] == name
    })
    if len(texts) > 1:
        raise HistoryError(f"rulings on {name} ask {len(texts)} different checks: pass check= to changes()")
    return texts[0] if texts else None


QUIET_EVENTS = frozenset({"resolved", "sent_to_gy", "discarded", "hand_adjusted", "performed"})
"""Event kinds left out of a fact summary (they accompany the telling ones)."""


@dataclass(frozen=True)
class OutcomeSummary:
    """A scenario's outcomes under one ruleset, summarised: how many, a short
    stable label, and the facts (event kind and card) that happen in some
    line, quiet events left out."""

    count: int
    label: str
    facts: frozenset[str]


def summarise_outcomes(scenario: Scenario, rules: Ruleset) -> OutcomeSummary:
    """Explore ``scenario`` under ``rules`` once and summarise the outcomes."""
    import hashlib

    from toolkit.core.search import explore

    found = explore(scenario, ruleset=rules)
    texts = sorted(o.outcome.text() for o in found.outcomes)
    digest = hashlib.sha1("\n".join(texts).encode("utf-8")).hexdigest()[:8]
    facts = {
        " ".join(x for x in (str(e.kind), e.card or "", f"({e.player})" if e.player and not e.card else "") if x)
        for o in found.outcomes for e in o.outcome.events if str(e.kind) not in QUIET_EVENTS
    }
    return OutcomeSummary(len(texts), f"{len(texts)} outcome(s) [{digest}]", frozenset(facts))


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


def _as_day(value: datetime.date | str | pd.Timestamp | None, default: datetime.date) -> datetime.date:
    if value is None:
        return default
    try:
        return pd.Timestamp(value).date()
    except (ValueError, TypeError) as exc:
        raise HistoryError(f"cannot read date {value!r} (expected YYYY-MM-DD)") from exc


def _causes(day: datetime.date, found: Sequence[RuleChange], rulings: pd.DataFrame,
            events: pd.DataFrame) -> tuple[list[str], list[str]]:
    """The ruling and event rows dated ``day`` (its month, for month-precision
    events) that the rule changes of that day cite."""
    ruling_dates = {str(r): d for r, d in zip(rulings["ruling_id"], rulings["date"])}
    event_dates = {str(e): (d, str(p)) for e, d, p in zip(events["event_id"], events["date"], events["date_precision"])}
    cited_rulings: list[str] = []
    cited_events: list[str] = []
    for change in found:
        for rid in change.rulings:
            when = ruling_dates.get(rid)
            if when is not None and pd.notna(when) and pd.Timestamp(when).date() == day and rid not in cited_rulings:
                cited_rulings.append(rid)
        for eid in change.events:
            dated = event_dates.get(eid)
            if dated is None or pd.isna(dated[0]):
                continue
            stamp = pd.Timestamp(dated[0]).date()
            precision = dated[1]  # day and inferred dates name a day; month / year ones the whole period
            same = ((stamp.year, stamp.month) == (day.year, day.month) if precision == "month"
                    else stamp.year == day.year if precision == "year" else stamp == day)
            if same and eid not in cited_events:
                cited_events.append(eid)
    return cited_rulings, cited_events


def _answer_on(job: tuple[str, datetime.date, str, str | None, dict[str, Scenario]]
               ) -> tuple[str, frozenset[str] | None]:
    """``changes``' answer on one day: the check's, or the outcomes' label and facts
    (a module-level function: executors pickle it)."""
    from toolkit.core.game import game_named

    game_name, day, name, text, scenarios = job
    rules_at = game_named(game_name).rules_at
    assert rules_at is not None
    rules = rules_at(day)
    if text is not None:
        return _run(text, _check(name, text), tuple(scenarios), scenarios, rules).answer, None
    summary = summarise_outcomes(scenarios[name], rules)
    return summary.label, summary.facts


def changes(scenario: str | Scenario, start: datetime.date | str | None = None,
            end: datetime.date | str | None = None, check: str | Mapping[str, Any] | None = None, *,
            all_dates: bool = False, rulings: pd.DataFrame | None = None,
            progress: bool = False, executor: Executor | None = None) -> pd.DataFrame:
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
    parallel; the table is the same.
    """
    from toolkit.data import load_events, load_rulings
    from toolkit.games import game_of
    from toolkit.ruling_checks import parse_check, scenarios_named

    table = load_rulings() if rulings is None else rulings
    name, position = _scenario_name(scenario)
    game = game_of(position)
    assert game.rules_at is not None  # _scenario_name refuses undated games
    rule_change_dates = game.rule_changes
    text = json.dumps(check, ensure_ascii=False) if isinstance(check, Mapping) else check
    if text is None:
        text = _check_for(name, table)
    all_changes = rule_change_dates()
    first = min(c.date for c in all_changes) - datetime.timedelta(days=1)
    begin = _as_day(start, first)
    finish = _as_day(end, datetime.date.today())
    if finish < begin:
        raise HistoryError(f"changes(): end {finish} is before start {begin}")
    days = [begin] + sorted({c.date for c in all_changes if begin < c.date <= finish})
    parsed = _check(name, text) if text is not None else None
    scenarios: dict[str, Scenario] = {name: position}
    if parsed is not None:
        for other in scenarios_named(parsed):
            if other not in scenarios:
                scenarios[other] = _scenario(other)
    events = load_events()
    rows = []
    previous: str | None = None
    previous_facts: frozenset[str] = frozenset()
    jobs = [(game.name, day, name, text, scenarios) for day in days]
    answers = map(_answer_on, jobs) if executor is None else executor.map(_answer_on, jobs)
    for day, (answer, facts) in zip(days, with_progress(answers, len(days), "changes", progress)):
        detail = ""
        if facts is not None:
            if previous is not None:
                detail = fact_difference(previous_facts, facts)
            previous_facts = facts
        on_day = [c for c in all_changes if c.date == day] if day != begin else []
        cited_rulings, cited_events = _causes(day, on_day, table, events)
        rows.append({
            "date": pd.Timestamp(day),
            "before": previous if previous is not None else pd.NA,
            "after": answer,
            "changed": previous is not None and answer != previous,
            "detail": detail,
            "rule_changes": "; ".join(f"{c.rule} {c.what}: {c.before} -> {c.after}" for c in on_day),
            "rulings": cited_rulings,
            "events": cited_events,
        })
        previous = answer
    frame = pd.DataFrame(rows, columns=list(CHANGE_COLUMNS))
    frame = frame.astype({"before": "string", "after": "string", "detail": "string", "rule_changes": "string",
                          "changed": "bool"})
    if not all_dates:
        frame = frame[frame["changed"]].drop(columns="changed")
    return frame.reset_index(drop=True)


# --------------------------------------------------------------------------
# The timeline and the table, both ways
# --------------------------------------------------------------------------


def timeline_links(rulings: pd.DataFrame | None = None, events: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per rule change (flag or card text): the ruling / event rows
    dated that day (or month) that it cites (``justified_by``) and the ids it
    cites that are in neither table (``unknown_ids``).

    >>> links = timeline_links()
    >>> bool(links["justified_by"].map(len).gt(0).all())
    True
    """
    from toolkit.data import load_events, load_rulings

    table = load_rulings() if rulings is None else rulings
    evs = load_events() if events is None else events
    known = set(map(str, table["ruling_id"])) | set(map(str, evs["event_id"]))
    rows = []
    for change in _dated_rule_changes():
        cited_rulings, cited_events = _causes(change.date, [change], table, evs)
        rows.append({
            "date": pd.Timestamp(change.date),
            "kind": change.kind,
            "what": change.what,
            "rule": change.rule,
            "before": str(change.before),
            "after": str(change.after),
            "justified_by": cited_rulings + cited_events,
            "unknown_ids": [i for i in (*change.rulings, *change.events) if i not in known],
        })
    return pd.DataFrame(rows, columns=["date", "kind", "what", "rule", "before", "after", "justified_by",
                                       "unknown_ids"])


def _end_of(row: Mapping[str, Any], rulings: pd.DataFrame, events: pd.DataFrame) -> datetime.date | None:
    """The last day a superseded ruling can have held: its successor's date or
    the (end of the month of the) obsoleting event."""
    ends: list[datetime.date] = []
    succ = row.get("superseded_by")
    if isinstance(succ, str):
        found = rulings.loc[rulings["ruling_id"] == succ, "date"]
        if len(found) and pd.notna(found.iloc[0]):
            ends.append(pd.Timestamp(found.iloc[0]).date())
    event = row.get("obsoleted_by_event")
    if isinstance(event, str):
        matching = events[events["event_id"] == event]
        if len(matching) and pd.notna(matching["date"].iloc[0]):
            stamp = pd.Timestamp(matching["date"].iloc[0])
            if str(matching["date_precision"].iloc[0]) == "month":
                stamp = stamp + pd.offsets.MonthEnd(0)
            ends.append(stamp.date())
    return max(ends) if ends else None


def supersession_explanations(rulings: pd.DataFrame | None = None) -> pd.DataFrame:
    """For each superseded ruling with a check: the rule changes, between the
    ruling's own rules and the day it was replaced, at which its answer flips,
    and whether one of them cites the ruling, its successor or its event.
    """
    from toolkit.data import load_events, load_rulings

    table = load_rulings() if rulings is None else rulings
    events = load_events()
    all_changes = _dated_rule_changes()
    rows = []
    for _, series in table[(table["status"] == "superseded") & table["check"].notna()].iterrows():
        row = {str(k): v for k, v in series.to_dict().items()}
        rid = str(row["ruling_id"])
        rules = ruling_ruleset(row)
        begin = rules.as_of or datetime.date.today()
        end = _end_of(row, table, events)
        names = [str(n) for n in row["scenario"]]
        sweep = changes(names[0], begin, end or datetime.date.today(), check=str(row["check"]), rulings=table)
        flips = [pd.Timestamp(d).date() for d in sweep["date"]]
        linked = {rid, *(x for x in (row.get("superseded_by"), row.get("obsoleted_by_event")) if isinstance(x, str))}
        explaining = [
            c for c in all_changes
            if c.date in flips and (linked & set(c.rulings) or linked & set(c.events))
        ]
        rows.append({
            "ruling_id": rid,
            "ruleset": rules.name,
            "from": pd.Timestamp(begin),
            "until": pd.Timestamp(end) if end else pd.NaT,
            "flips": [d.isoformat() for d in flips],
            "explained_by": [f"{c.date.isoformat()} {c.rule} {c.what}" for c in explaining],
        })
    return pd.DataFrame(rows, columns=["ruling_id", "ruleset", "from", "until", "flips", "explained_by"])


def rulings_of(scenario: str, rulings: pd.DataFrame | None = None) -> pd.DataFrame:
    """The rulings whose machine form runs on ``scenario`` (first file)."""
    from toolkit.data import load_rulings

    table = load_rulings() if rulings is None else rulings
    mask = [s is not None and len(s) > 0 and s[0] == scenario for s in table["scenario"]]
    return table[mask].reset_index(drop=True)
