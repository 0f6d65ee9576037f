"""One ruling re-derived: the rules it is run under, its scenarios and check, the cached runs."""

from __future__ import annotations

import dataclasses
import datetime
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pandas as pd

from toolkit.core.game import Game, Position
from toolkit.core.game import GameScenario as Scenario
from toolkit.core.graph import search_mode
from toolkit.core.memo import Memo
from toolkit.core.reads import recording, unread
from toolkit.core.rulesets import Rules as Ruleset
from toolkit.errors import ToolkitError, quoted

if TYPE_CHECKING:  # pragma: no cover
    pass

    from toolkit.core.trace import LineStep
    from toolkit.history.checks import Check, CheckResult



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
        rules: Ruleset = game.rules_for(name if isinstance(name, str) and name else None, day)
        return rules
    except UnknownRulesetError as exc:
        raise HistoryError(f"{row.get('ruling_id')}: {exc}") from None


@lru_cache(maxsize=None)
def scenario_named(name: str) -> Scenario:
    """A shipped scenario by its file name under datasets/scenarios/ (a game's
    own folder first, as in ``folder/name.yaml``)."""
    from toolkit.games import shipped_scenario

    found: Scenario = shipped_scenario(name)
    return found


def _user_scenario(path: str) -> Scenario:
    """A user's scenario file of any game (read again when the file changes)."""
    import os
    import time

    stat = os.stat(path)
    if time.time_ns() - max(stat.st_mtime_ns, stat.st_ctime_ns) < 2_000_000_000:
        # changed within a tick of a filesystem's clock (whole seconds on some, two on FAT): a rewrite
        # then may keep the times and size, so the file is read again (as the card folder is digested)
        return _user_scenario_at.__wrapped__(path, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_size)
    return _user_scenario_at(path, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _user_scenario_at(path: str, mtime_ns: int, ctime_ns: int, size: int) -> Scenario:
    from toolkit.games import load_any_scenario

    found: Scenario = load_any_scenario(path)
    return found


def scenarios_of(rid: str, names: Sequence[str]) -> dict[str, Position]:
    """The scenarios a ruling runs on: a file's full path (a user's ruling,
    see :mod:`toolkit.data.user_rulings`), else a shipped scenario's name."""
    import os

    if not names:
        raise HistoryError(f"{rid}: the ruling names no scenario")
    try:
        return {n: _user_scenario(n) if os.path.isabs(n) else scenario_named(n) for n in names}
    except OSError as exc:
        raise HistoryError(f"{rid}: scenario {exc.filename}: {exc.strerror}") from None
    except ToolkitError as exc:
        raise HistoryError(f"{rid}: {exc}") from None


def same_game(rid: str, rules: Ruleset, scenarios: Mapping[str, Position]) -> None:
    """Refuse a ruling of one game whose scenario is a position of another."""
    from toolkit.games import game_of

    game = game_of(rules)
    for name, scenario in scenarios.items():
        other = game_of(scenario)
        if other.name != game.name:
            raise HistoryError(f"{rid}: a {game.title} ruling, but its scenario {name} is a {other.title} "
                               f"position (its game column or its scenario is wrong)")


def read_check(rid: str, text: str) -> Check:
    from toolkit.history.checks import CheckError, parse_check

    try:
        return parse_check(text, f"{rid}: check")
    except CheckError as exc:
        raise HistoryError(str(exc)) from None


def check_for(rid: str, check: Check, scenarios: Mapping[str, Position]) -> Check:
    """``check`` with its card names read among the cards its scenarios may use (their own too)."""
    from toolkit.history.checks import CheckError, read_for

    try:
        return read_for(check, scenarios)
    except CheckError as exc:  # its message names the ruling already (the check was read as "<id>: check")
        raise HistoryError(str(exc)) from None


def _era(rules: Any, positions: tuple[Any, ...]) -> int:
    """How many changes of the texts the positions' cards read are in force at the rules' date (None: all):
    two dates of one era read the same texts on these positions. The dates are those of every card the
    positions may use (``Game.text_dates``): a scenario's own card changes its text on dates of its own."""
    dates = _text_dates(rules, positions)
    if rules.as_of is None:
        return len(dates)
    return sum(1 for d in dates if d <= rules.as_of)


_TEXT_DATES: Memo[tuple[Any, ...], tuple[datetime.date, ...]] = Memo(256)
"""The card-text dates of positions (:func:`positions_key`, which holds the cards they may use), by them."""


def _text_dates(rules: Any, positions: tuple[Any, ...]) -> tuple[datetime.date, ...]:
    key = (type(rules), positions)
    found = _TEXT_DATES.get(key)
    if found is None:
        game = _game_of_rules(type(rules).__name__, type(rules).__module__)
        found = _TEXT_DATES.put(key, tuple(sorted({day for _name, position, _cards in positions
                                                   for day in game.text_dates(position)})))
    return found


@lru_cache(maxsize=None)
def _game_of_rules(type_name: str, module: str) -> Game:
    """The registered game whose rule sets are of this type (a few games: unbounded is bounded)."""
    from toolkit.games import registered_games

    return next(g for g in registered_games()
                if (g.rules_type.__name__, g.rules_type.__module__) == (type_name, module))


def _rules_key(rules: Any, positions: tuple[Any, ...]) -> tuple[Any, ...]:
    """What decides a run on ``positions`` (:func:`positions_key`): the flag values and the card-text era
    of its cards (not the name). (Every field of the rule set: each shipped game's rule sets are
    dataclasses, and ``Rules.flags()`` lists only the dated flags of some, not every field that decides
    a run.)"""
    values = tuple(getattr(rules, f.name) for f in dataclasses.fields(rules) if f.name not in ("name", "as_of"))
    return values + (_era(rules, positions),)


_RUNS: Memo[tuple[Any, ...], tuple[CheckResult, frozenset[str]]] = Memo(4096)
"""Check runs by their check, positions (with the cards they may use) and deciding rules (bounded),
each with the rules it read (:mod:`toolkit.core.reads`): kept together, so that a run still known is
never one whose reads were forgotten."""


def positions_key(names: tuple[str, ...], scenarios: Mapping[str, Position]) -> tuple[Any, ...]:
    """The positions a check reads, each with the cards it may use (a game's positions that carry a
    catalogue of cards: a change of the user's card folder is a change of the position). One run of
    a ruling finds it once and hands it to each run it asks for (``positions``): each finding looks
    at the user's card folder again."""
    return tuple((n, scenarios[n], getattr(scenarios[n], "catalogue", None)) for n in names)


def run_once(check_text: str, check: Check, names: tuple[str, ...], scenarios: Mapping[str, Position],
             rules: Ruleset, game: Game | None = None, *, positions: tuple[Any, ...] | None = None,
             **limits: Any) -> CheckResult:
    """The check's answer, run once per position and rules (``game``: the positions' game, when the
    caller found it; ``positions``: :func:`positions_key`, when the caller found it; ``limits``:
    run_check's max_states, time_limit)."""
    from toolkit.history.checks import run_check

    at = positions or positions_key(names, scenarios)
    key = (check_text, at, _rules_key(rules, at))
    hit = _RUNS.get(key)
    if hit is None:
        with recording(rules) as (noting, reads):
            result = run_check(check, scenarios, noting, default=names[0], game=game, **limits)
        hit = _RUNS.put(key, (result, frozenset(reads)))
    return hit[0]


def same_answer(check_text: str, names: tuple[str, ...], scenarios: Mapping[str, Position], rules: Ruleset,
                other: Ruleset, *, positions: tuple[Any, ...] | None = None) -> bool:
    """Whether the check's answer under ``other`` is known to be the one under ``rules`` without
    asking: the run under ``rules`` (made already) read none of the rules in which ``other`` differs,
    so every step of its searches would be the same."""
    at = positions or positions_key(names, scenarios)
    made = _RUNS.get((check_text, at, _rules_key(rules, at)))
    return made is not None and unread(rules, other, made[1])


def same_answer_at_other_texts(check_text: str, names: tuple[str, ...], scenarios: Mapping[str, Position],
                               rules: Ruleset, other: Ruleset, game: Game, *,
                               positions: tuple[Any, ...] | None = None) -> bool:
    """Whether the check's answer under ``other`` is known to be the one under ``rules`` without asking:
    ``other`` is ``rules`` at another date (the card texts of another era, X1) but for rules the run under
    ``rules`` (made already) never read, and every card its positions can read reads the same text at
    both dates (``Game.same_texts``): the date decides nothing else of a search, so every step is the same."""
    if rules.as_of == other.as_of or not dataclasses.is_dataclass(other):
        return False
    at = positions or positions_key(names, scenarios)
    made = _RUNS.get((check_text, at, _rules_key(rules, at)))
    if made is None:
        return False
    try:
        same_date = dataclasses.replace(other, as_of=rules.as_of)
    except (TypeError, ValueError):
        return False
    return unread(rules, same_date, made[1]) and all(game.same_texts(scenarios[n], rules, other) for n in names)


_VALUES: Memo[tuple[Any, ...], bool] = Memo(4096)


def answer_once(check_text: str, check: Check, names: tuple[str, ...], scenarios: Mapping[str, Position],
                rules: Ruleset, game: Game | None = None, *, positions: tuple[Any, ...] | None = None) -> bool:
    """The check's answer alone (what a rule set one change away is asked for, ``game``: the
    positions' game when the caller found it):
    a run already made under rules that decide the same, else the check asked
    with its ``and`` / ``or`` stopping at the part that settles it, and each
    ``possible`` / ``always`` search at the first outcome that settles it."""
    from toolkit.history.checks import run_check

    at = positions or positions_key(names, scenarios)
    key = (check_text, at, _rules_key(rules, at))
    made = _RUNS.get(key)
    if made is not None:
        return made[0].value
    hit = _VALUES.get(key)
    if hit is None:
        hit = _VALUES.put(key, run_check(check, scenarios, rules, default=names[0], every_part=False,
                                         game=game, lines=False).value)
    return hit


@dataclass(frozen=True)
class RulingRun:
    """One ruling re-derived: under its own rules and under today's."""

    ruling_id: str
    rules: Ruleset
    expected: str
    own: CheckResult
    today: CheckResult
    """The run under today's rules: ``own`` itself when they differ from the ruling's only in rules
    the own run never read (:mod:`toolkit.core.reads`)."""
    decided_by: str
    deciding_changes: tuple[str, ...]
    seconds: float
    shown: tuple[LineStep, ...] = ()
    counterfactuals: tuple[str, ...] = ()
    """The labels of every counterfactual the check was run under."""
    status: str = "current"
    """The ruling's status (current, superseded, retracted): what ``verified`` asks of today's answer."""
    flips_asked: bool = True
    """Whether every counterfactual was asked (``run_ruling(..., flips=False)``
    asks only those naming the deciding rule needs: ``deciding_changes`` is
    then empty and says nothing)."""

    @property
    def flipped_by(self) -> tuple[str, ...]:
        """The counterfactuals under which the check's answer flips."""
        return self.deciding_changes

    @property
    def vacuous(self) -> bool:
        """No counterfactual flips the answer: the check would pass whatever
        the rules it is about said (False when the flips were not asked)."""
        return self.flips_asked and not self.deciding_changes

    @property
    def under_review(self) -> bool:
        """The ruling's answer was 調整中 (under review): the engine's answer neither agrees nor disagrees."""
        return self.expected == UNDER_REVIEW

    @property
    def agrees(self) -> bool:
        """The engine's answer under the ruling's own rules is the ruling's (False for one under review)."""
        return self.own.answer == self.expected

    @property
    def today_agrees(self) -> bool:
        return self.today.answer == self.expected

    @property
    def verified(self) -> bool | None:
        """A current ruling agrees at its date and today; a superseded one at its date and not today;
        None for a ruling under review (neither agrees nor disagrees)."""
        if self.under_review:
            return None
        return self.agrees and (self.today_agrees if self.status == "current" else not self.today_agrees)

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


UNDER_REVIEW = "under_review"
"""The expected answer of a ruling whose answer was 調整中 (under review)."""
EXPECTED_ANSWERS = ("yes", "no", UNDER_REVIEW)
"""What a ruling's ``expected`` may be."""

RUN_COLUMNS = ("ruling_id", "date", "topic", "status", "scenario", "check", "expected", "not_modelled_reason")
"""The columns of the rulings table a ruling is re-derived from."""


def ruling_row(rulings: pd.DataFrame, ruling_id: str) -> dict[str, Any]:
    from toolkit.data.frames import table_with

    table_with(rulings, ("ruling_id",), "run_ruling", paths=False)
    found = rulings[rulings["ruling_id"] == ruling_id]
    if found.empty:
        raise HistoryError(f"no ruling {quoted(ruling_id)} in the rulings table")
    return {str(k): v for k, v in found.iloc[0].to_dict().items()}


def run_ruling(ruling: str | Mapping[str, Any], rulings: pd.DataFrame | None = None, *,
               flips: bool = True) -> RulingRun:
    """Re-derive one ruling (by id, or a row of the rulings table).

    ``flips=False`` names the deciding rule (``decided_by``, the same) without
    asking every rule set one change away whether it flips the answer: only
    those whose rule has a note on the lines, up to the first that flips
    (``deciding_changes`` is then left empty, ``flips_asked`` False).

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
        row = ruling_row(rulings, ruling)
    elif isinstance(ruling, Mapping) and "ruling_id" in ruling:
        row = dict(ruling)
    else:
        given = "a row without a ruling_id" if isinstance(ruling, Mapping) else f"a {type(ruling).__name__}"
        raise HistoryError(f"run_ruling() takes a ruling id or a row of the rulings table, not {given}")
    rid = str(row["ruling_id"])
    text = row.get("check")
    if not isinstance(text, str) or not text:
        raise HistoryError(f"{rid}: the ruling has no check (not modelled: {row.get('not_modelled_reason')!s})")
    expected = str(row.get("expected"))
    if expected not in EXPECTED_ANSWERS:
        raise HistoryError(f"{rid}: expected answer must be 'yes', 'no' or 'under_review' (調整中), "
                           f"not {quoted(expected)}")
    names = tuple(str(n) for n in (row.get("scenario") or ()))
    check = read_check(rid, text)
    scenarios = scenarios_of(rid, names)
    check = check_for(rid, check, scenarios)
    rules = ruling_ruleset(row)
    same_game(rid, rules, scenarios)
    started = time.perf_counter()
    # (a ruling's run is searches and the bookkeeping between them, all of small acyclic values: the cyclic
    # GC is paused for the whole run as for each search, and runs between rulings)
    try:
        with search_mode():
            at = positions_key(names, scenarios)  # found once for this run: every run below is of these positions
            own = run_once(text, check, names, scenarios, rules, positions=at)
            from toolkit.history.deciding import Flips, today_rules, what_decides

            now = today_rules(rules)
            # today's rules differ only in rules the own run never read: its run is today's, step by step
            today = (own if same_answer(text, names, scenarios, rules, now, positions=at)
                     else run_once(text, check, names, scenarios, now, positions=at))
            variants = Flips(text, check, names, scenarios, rules, own.value, positions=at)
            deciding = variants.labels() if flips else ()
            decided, shown = what_decides(check, scenarios, rules, own, variants)
    except ToolkitError as exc:
        raise HistoryError(f"{rid}: {exc}") from None
    return RulingRun(rid, rules, expected, own, today, decided, deciding, time.perf_counter() - started, shown,
                     variants.tried if flips else (), str(row.get("status") or "current"), flips)
