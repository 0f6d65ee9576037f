"""When a ruling disagrees: which rule change explains it, and when it must have happened.

A ruling whose check disagrees under the rules of its date is a question about the rule history:
is there a rule the toolkit models — a dated flag, a card-text version change, a named reversal
of a rule that never changed (each game's ``counterfactuals(rules)``) — under whose other side
the check agrees?  :func:`explain_disagreement` tries each one alone (the runs ``flipped_by``
makes, cached), pairs only when no single change explains a ruling (bounded by ``pair_limit``
and ``time_limit``), and for every hypothesis says which other rulings — shipped and the
user's — it would break or also fix, and the dates it can have happened on: after the latest
dated ruling that needs the old rule, no later than the earliest that needs the new one.

>>> found = explain_disagreement("ocg-160708-hysteric-sign-adjustment")
>>> found.disagreeing, found.agreeing
((), ('ocg-160708-hysteric-sign-adjustment',))
>>> print(found.text())
every ruling asked (1) agrees under the rules of its date: nothing to explain (ocg-160708-hysteric-sign-adjustment)
"""

from __future__ import annotations

import dataclasses
import datetime
import itertools
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from toolkit.core.rulesets import Rules as Ruleset
from toolkit.core.words import count
from toolkit.history.runs import HistoryError

__all__ = ["EXPLAIN_COLUMNS", "Explanation", "Hypothesis", "Window", "explain_disagreement"]

EXPLAIN_COLUMNS = ("rank", "size", "change", "statement", "explains", "breaks", "also_fixes", "kept", "after",
                   "after_ruling", "by", "by_ruling", "modelled", "consistent")
"""The columns of :meth:`Explanation.table`: one row per hypothesis and change."""

RulesAt = Callable[[datetime.date], Any]
"""A game's rules at a date (``Game.rules_at``, or a test's history with one change left out)."""

NOTHING = ("no rule the toolkit models explains this ruling: its check, its scenario or a card's behaviour "
           "may be wrong")


# --------------------------------------------------------------------------
# The rulings, run once each
# --------------------------------------------------------------------------


@dataclass
class _Case:
    """One modelled ruling under the rules of its date, with its one-change variants (asked lazily)."""

    ruling_id: str
    date: datetime.date | None
    expected: str
    rules: Ruleset
    agrees: bool
    flips: Any  # toolkit.history.deciding.Flips
    game: Any
    by_key: dict[tuple[str, ...], int] = field(default_factory=dict)

    def index(self, key: tuple[str, ...]) -> int | None:
        """The variant of this ruling's rules that makes the change ``key`` (see :func:`_identity`;
        None: not offered)."""
        if not self.by_key:
            self.by_key = {_identity(self.game, self.rules, c.rules): i for i, c in enumerate(self.flips.variants)}
        return self.by_key.get(key)

    def needs(self, key: tuple[str, ...]) -> str | None:
        """Which side of the respect ``key`` this ruling's check needs to agree: "old" or "new"
        (None: the answer does not rest on it, or the respect is not offered here)."""
        i = self.index(key)
        if i is None or not self.flips.flips(i):
            return None
        side = _side(self.game, self.rules, self.flips.variants[i].rules)[0]
        return side if self.agrees else ("new" if side == "old" else "old")


def _day(value: Any) -> datetime.date | None:
    return None if value is None or pd.isna(value) else pd.Timestamp(value).date()


def _case(row: Mapping[str, Any], rules_at: RulesAt | None) -> _Case:
    """A ruling run under its own rules (``rules_at`` replaces its game's for a dated ruling with no
    named rule set); the run is the one ``run_ruling`` makes (cached)."""
    from toolkit.games import game_of
    from toolkit.history.deciding import Flips
    from toolkit.history.runs import check_for, read_check, ruling_ruleset, run_once, same_game, scenarios_of

    rid = str(row["ruling_id"])
    names = tuple(str(n) for n in (row.get("scenario") or ()))
    text = str(row["check"])
    check = read_check(rid, text)
    scenarios = scenarios_of(rid, names)
    check = check_for(rid, check, scenarios)
    day = _day(row.get("date"))
    named = row.get("ruleset")
    rules = ruling_ruleset(row)
    if rules_at is not None and day is not None and not (isinstance(named, str) and named):
        rules = rules_at(day)
    same_game(rid, rules, scenarios)
    own = run_once(text, check, names, scenarios, rules)
    expected = str(row.get("expected"))
    return _Case(rid, day, expected, rules, own.answer == expected,
                 Flips(text, check, names, scenarios, rules, own.value), game_of(rules))


def _differing(rules: Any, other: Any) -> dict[str, Any]:
    """The fields of rule set ``other`` that differ from ``rules`` (but its name; every field, as
    ``_rules_key`` of :mod:`toolkit.history.runs` reads them)."""
    return {f.name: getattr(other, f.name) for f in dataclasses.fields(other)
            if f.name != "name" and getattr(other, f.name) != getattr(rules, f.name)}


def _side(game: Any, rules: Ruleset, variant: Ruleset) -> tuple[str, datetime.date | None]:
    """Which side of the change ``variant`` makes ``rules`` stand on ("old": before it, "new": after
    it), and the date the game models the change at (None: a reversal of a rule that never changed)."""
    diff = _differing(rules, variant)
    for flag in game.flags():
        if flag.dated and flag.name in diff:
            return ("new" if getattr(rules, flag.name) == flag.after else "old"), flag.changed
    if set(diff) == {"as_of"}:  # a card-text version: the variant takes the texts of the other side of a date
        mine, theirs = getattr(rules, "as_of", None), diff["as_of"]
        if mine is None or theirs < mine:
            return "new", theirs + datetime.timedelta(days=1)
        return "old", theirs
    return "old", None


def _identity(game: Any, rules: Ruleset, variant: Ruleset) -> tuple[str, ...]:
    """What a one-change variant changes, the same under any rule set: the rule-set fields it sets
    (a card-text version: ``("as_of", day)``, the date whose texts it moves across)."""
    diff = _differing(rules, variant)
    if set(diff) == {"as_of"}:
        day = _side(game, rules, variant)[1]
        return ("as_of", day.isoformat() if day else "")
    return tuple(sorted(diff))


def _combined(rules: Any, variants: Sequence[Ruleset]) -> Ruleset:
    """``rules`` with every change the ``variants`` make (a pair of one-change rule sets as one)."""
    changes: dict[str, Any] = {}
    for variant in variants:
        changes.update(_differing(rules, variant))
    name = "+".join([rules.name, *(v.name.removeprefix(rules.name).lstrip("+") for v in variants)])
    combined: Ruleset = rules.with_flags(name=name, **changes)
    return combined


# --------------------------------------------------------------------------
# Hypotheses
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Window:
    """When one change must have happened, read from the dated rulings resting on it: after
    ``after`` (the latest ruling needing the old rule, exclusive), no later than ``by`` (the
    earliest needing the new one); ``modelled`` is the date the game gives it (None: never)."""

    change: str
    statement: str
    identity: tuple[str, ...]
    """The rule-set fields the change sets (a card-text version: ``("as_of", day)``)."""
    after: datetime.date | None
    after_ruling: str | None
    by: datetime.date | None
    by_ruling: str | None
    modelled: datetime.date | None
    needs_old: tuple[tuple[datetime.date, str], ...] = ()
    """The dated rulings that need the old rule (date, ruling id), oldest first."""
    needs_new: tuple[tuple[datetime.date, str], ...] = ()
    """The dated rulings that need the new rule (date, ruling id), oldest first."""

    @property
    def rule(self) -> str:
        """The rule id the change is about (the first word of its key)."""
        return self.change.split(" ", 1)[0]

    @property
    def consistent(self) -> bool:
        """Whether some date satisfies every dated ruling resting on the change."""
        return self.after is None or self.by is None or self.after < self.by

    def words(self) -> str:
        """The window in words, with the rulings that bound it."""
        start = f"after {self.after.isoformat()} ({self.after_ruling})" if self.after else "at any date"
        end = f"no later than {self.by.isoformat()} ({self.by_ruling})" if self.by else "up to today"
        if not self.consistent:
            return (f"no date fits: {self.after_ruling} ({self.after}) needs the old rule after "
                    f"{self.by_ruling} ({self.by}) needs the new one")
        return f"{start}, {end}"


@dataclass(frozen=True)
class Hypothesis:
    """One or two rule changes under which disagreeing rulings agree."""

    changes: tuple[str, ...]
    """The respects changed (each game's counterfactual key, e.g. "H5 end_phase_triggers_after_adjustment")."""
    statements: tuple[str, ...]
    """Each change in words: its rule id and what the rules say on its other side."""
    explains: tuple[str, ...]
    """The disagreeing rulings asked about that agree under it."""
    breaks: tuple[str, ...]
    """Rulings that agree today and would disagree under it (the change dated in its window)."""
    also_fixes: tuple[str, ...]
    """Other disagreeing rulings (not asked about) it would make agree."""
    windows: tuple[Window, ...]
    kept: int
    """How many modelled rulings agree under it."""

    @property
    def size(self) -> int:
        return len(self.changes)


@dataclass(frozen=True)
class Explanation:
    """What :func:`explain_disagreement` found: the hypotheses, best first (most rulings kept in
    agreement, then fewest changes), the rulings nothing explains, and how much was searched."""

    hypotheses: tuple[Hypothesis, ...]
    disagreeing: tuple[str, ...]
    agreeing: tuple[str, ...]
    unexplained: Mapping[str, str]
    """Each disagreeing ruling no change explains, with what to look at."""
    singles: int
    pairs: int
    pairs_skipped: int
    seconds: float

    def best(self, ruling_id: str) -> Hypothesis | None:
        """The first hypothesis that explains ``ruling_id``."""
        return next((h for h in self.hypotheses if ruling_id in h.explains), None)

    def groups(self) -> dict[str, tuple[str, ...]]:
        """The disagreeing rulings grouped under the first hypothesis that explains each (the
        statements joined by " + " name the group)."""
        out: dict[str, list[str]] = {}
        for rid in self.disagreeing:
            best = self.best(rid)
            if best is not None:
                out.setdefault(" + ".join(best.statements), []).append(rid)
        return {k: tuple(v) for k, v in out.items()}

    def table(self) -> pd.DataFrame:
        """One row per hypothesis and change (a pair has two rows with the same ``rank``)."""
        rows = []
        for rank, h in enumerate(self.hypotheses, 1):
            for w in h.windows:
                rows.append({"rank": rank, "size": h.size, "change": w.change, "statement": w.statement,
                             "explains": list(h.explains), "breaks": list(h.breaks),
                             "also_fixes": list(h.also_fixes), "kept": h.kept,
                             "after": w.after, "after_ruling": w.after_ruling, "by": w.by,
                             "by_ruling": w.by_ruling, "modelled": w.modelled, "consistent": w.consistent})
        frame = pd.DataFrame(rows, columns=list(EXPLAIN_COLUMNS))
        for c in ("after", "by", "modelled"):
            frame[c] = pd.to_datetime(frame[c])
        return frame

    def data(self) -> dict[str, Any]:
        """The findings as plain data (what ``verify --explain --json`` prints)."""
        def day(d: datetime.date | None) -> str | None:
            return None if d is None else d.isoformat()

        return {
            "disagreeing": list(self.disagreeing), "agreeing": list(self.agreeing),
            "hypotheses": [{"changes": list(h.changes), "statements": list(h.statements),
                            "explains": list(h.explains), "breaks": list(h.breaks),
                            "also_fixes": list(h.also_fixes), "kept": h.kept,
                            "windows": [{"change": w.change, "after": day(w.after), "after_ruling": w.after_ruling,
                                         "by": day(w.by), "by_ruling": w.by_ruling, "modelled": day(w.modelled),
                                         "consistent": w.consistent} for w in h.windows]}
                           for h in self.hypotheses],
            "groups": {k: list(v) for k, v in self.groups().items()},
            "unexplained": dict(self.unexplained),
            "searched": {"single_changes": self.singles, "pairs": self.pairs, "pairs_skipped": self.pairs_skipped,
                         "seconds": round(self.seconds, 2)},
        }

    def _summary(self) -> list[str]:
        """The hypotheses as a short table: rank, rules, window, modelled date, counts."""
        def span(w: Window) -> str:
            if not w.consistent:
                return "no date fits"
            return f"{w.after.isoformat() if w.after else '…'} < date <= {w.by.isoformat() if w.by else 'today'}"

        rows = [("#", "rule", "window (the rulings allow)", "modelled", "explains", "keeps", "breaks", "fixes")]
        for rank, h in enumerate(self.hypotheses, 1):
            rows.append((str(rank), " + ".join(w.rule for w in h.windows), "; ".join(span(w) for w in h.windows),
                         "; ".join(w.modelled.isoformat() if w.modelled else "never" for w in h.windows),
                         str(len(h.explains)), str(h.kept), str(len(h.breaks)), str(len(h.also_fixes))))
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        return ["  ".join(c.ljust(n) for c, n in zip(r, widths)).rstrip() for r in rows]

    def text(self) -> str:
        """The findings as a short table and sentences (what ``verify --explain`` prints)."""
        if not self.disagreeing:
            named = f" ({', '.join(self.agreeing)})" if 0 < len(self.agreeing) <= 3 else ""
            return (f"every ruling asked ({len(self.agreeing)}) agrees under the rules of its date: "
                    f"nothing to explain{named}")
        verb = "disagrees under the rules of its date" if len(self.disagreeing) == 1 else \
            "disagree under the rules of their date"
        lines = [f"{count(len(self.disagreeing), 'ruling')} {verb}: "
                 f"{', '.join(self.disagreeing)}"]
        if self.hypotheses:
            lines.extend(self._summary())
        for rank, h in enumerate(self.hypotheses, 1):
            lines.append(f"{rank}. {' + '.join(h.statements)}")
            lines.append(f"   explains {', '.join(h.explains)}; keeps {count(h.kept, 'ruling')} in agreement; "
                         f"breaks {', '.join(h.breaks) or 'none'}; also fixes {', '.join(h.also_fixes) or 'none'}")
            for w in h.windows:
                modelled = w.modelled.isoformat() if w.modelled else "never (a rule no source changed)"
                lines.append(f"   {w.rule} window: {w.words()}; modelled {modelled}")
        for rid, why in self.unexplained.items():
            lines.append(f"{rid}: {why}")
        lines.append(f"searched {count(self.singles, 'single change')} and {count(self.pairs, 'pair')}"
                     + (f" ({count(self.pairs_skipped, 'pair')} left untried: limit or time)"
                        if self.pairs_skipped else "")
                     + f" in {self.seconds:.1f} s")
        return "\n".join(lines)


def _statement(game: Any, rules: Ruleset, variant: Any, need: str) -> str:
    """A change in words: its rule id and what the rules say on the side the ruling needs (``need``:
    "new", the change had happened by the ruling's date; "old", it had not yet)."""
    from toolkit.core.flag_words import counterfactual_words, flag_words

    diff = _differing(rules, variant.rules)
    for flag in game.flags():
        if flag.dated and flag.name in diff:
            if need == "new":
                return f"{flag.rule}: {flag_words(flag, flag.after)} (modelled as from {flag.changed.isoformat()})"
            return (f"{flag.rule}: {flag_words(flag, flag.before)}, still at these rulings' dates "
                    f"(the change came after them; modelled {flag.changed.isoformat()})")
    if set(diff) == {"as_of"}:
        day = _side(game, rules, variant.rules)[1]
        label = str(variant.label)
        rule = label.split(" ", 1)[0]
        why = f" ({label.split('(', 1)[1]}" if "(" in label else ""
        if need == "new":
            return f"{rule}: the card texts as from {day}{why} in force (modelled as from {day})"
        return (f"{rule}: the card texts before {day}{why} still in force at these rulings' dates "
                "(the change came after them)")
    words: str = counterfactual_words(variant.label, game)
    return words


def _window(key: str, identity: tuple[str, ...], statement: str, cases: Iterable[_Case],
            modelled: datetime.date | None,
            own: Mapping[str, str] | None = None) -> Window:
    """The dates a change can have happened on, from every dated ruling resting on it (``own``: the
    sides some rulings need, already known)."""
    old: list[tuple[datetime.date, str]] = []
    new: list[tuple[datetime.date, str]] = []
    for case in cases:
        if case.date is None:
            continue
        need = (own or {}).get(case.ruling_id) or case.needs(identity)
        if need == "old":
            old.append((case.date, case.ruling_id))
        elif need == "new":
            new.append((case.date, case.ruling_id))
    after = max(old) if old else (None, None)
    by = min(new) if new else (None, None)
    return Window(key, statement, identity, after[0], after[1], by[0], by[1], modelled,
                  tuple(sorted(old)), tuple(sorted(new)))


def _dated_at(window: Window, need: str, explained: Sequence[_Case]) -> datetime.date:
    """The date a hypothesis puts its change at: the end of its window when some date fits, else
    where the rulings it explains put it (on the first that needs the new rule, or the day after
    the last that needs the old one)."""
    days = [c.date for c in explained if c.date is not None]
    if window.consistent and window.by is not None:
        return window.by
    if need == "old":
        return datetime.date.max if window.consistent or not days else max(days) + datetime.timedelta(days=1)
    return min(days) if days else datetime.date.min


def _effects(keys: Sequence[tuple[str, ...]], ats: Sequence[datetime.date], cases: Sequence[_Case],
             asked: set[str]) -> tuple[list[str], list[str]]:
    """The rulings a hypothesis breaks and the disagreeing ones not asked about it also fixes (each
    change dated at ``ats``; an undated ruling keeps the rules it names)."""
    breaks: list[str] = []
    fixes: list[str] = []
    for case in cases:
        if case.ruling_id in asked or case.date is None:
            continue
        moved = 0
        for key, at in zip(keys, ats):
            i = case.index(key)
            if i is None:
                continue
            now = _side(case.game, case.rules, case.flips.variants[i].rules)[0]
            then = "new" if case.date >= at else "old"
            if then != now and case.flips.flips(i):
                moved += 1
        if moved % 2 == 1:
            (breaks if case.agrees else fixes).append(case.ruling_id)
    return breaks, fixes


# --------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------


def _rows(ruling_or_rows: Any, table: pd.DataFrame) -> list[dict[str, Any]]:
    """The rows of the rulings asked about: an id, a row, a list of ids or rows, or a table."""
    from toolkit.history.runs import ruling_row

    if isinstance(ruling_or_rows, str):
        return [ruling_row(table, ruling_or_rows)]
    if isinstance(ruling_or_rows, pd.DataFrame):
        return [{str(k): v for k, v in r.to_dict().items()} for _, r in ruling_or_rows.iterrows()]
    if isinstance(ruling_or_rows, Mapping):
        if "ruling_id" not in ruling_or_rows:
            raise HistoryError("explain_disagreement() takes a ruling id or a row of the rulings table, "
                               "not a row without a ruling_id")
        return [dict(ruling_or_rows)]
    if isinstance(ruling_or_rows, Iterable):
        return [r for item in ruling_or_rows for r in _rows(item, table)]
    raise HistoryError(f"explain_disagreement() takes a ruling id, a row or a table of rulings, "
                       f"not a {type(ruling_or_rows).__name__}")


def _look_at(case: _Case, pairs: int) -> str:
    """What to look at when nothing explains a ruling: its check, its scenarios, the cards it names."""
    from toolkit.history.checks import cards_named

    _, check, names, _ = case.flips._asked
    cards = ", ".join(f"《{c}》" for c in cards_named(check)) or "the cards of its scenario"
    return (f"{NOTHING} ({count(len(case.flips.variants), 'single change')} and {count(pairs, 'pair')} of the "
            f"{case.game.title}'s rules tried under {case.rules.name}; look at its check and expected answer "
            f"({case.expected}), its scenario's position ({', '.join(names)}), and the behaviour of {cards})")


def explain_disagreement(ruling_or_rows: Any, rulings: pd.DataFrame | None = None, *,
                         rules_at: RulesAt | None = None, pairs: bool = True, pair_limit: int = 200,
                         time_limit: float = 60.0, progress: bool = False) -> Explanation:
    """Which rule change explains each ruling (of ``ruling_or_rows``: an id, a row, ids or a table)
    whose check disagrees under the rules of its date, and when it must have happened.

    Every rule set one change away that the ruling's game offers (a dated flag, a card-text
    version change, a named reversal) is tried alone; pairs of them only for a ruling no single
    change explains, at most ``pair_limit`` pairs and ``time_limit`` seconds (``progress``: a
    progress bar).  Each hypothesis names the rulings it explains, those of ``rulings`` (default:
    the packaged table; pass ``load_rulings(extra=...)`` for yours too) it would break or also
    fix, and per change the date window the dated rulings resting on it allow.  ``rules_at``
    replaces the game's rules at a date for dated rulings (a history with one change left out,
    to see whether it is found again).
    """
    from toolkit.data import load_rulings
    from toolkit.history.verification import with_progress

    started = time.perf_counter()
    table = load_rulings() if rulings is None else rulings
    asked_rows = _rows(ruling_or_rows, table)
    if len(asked_rows) > 1:  # of a table, the modelled rulings; one ruling without a check is refused
        asked_rows = [r for r in asked_rows if isinstance(r.get("check"), str)]
    asked_rows = [r for r in asked_rows if str(r.get("expected")) != "under_review"]  # 調整中: nothing to explain
    for row in asked_rows:
        if not isinstance(row.get("check"), str):
            raise HistoryError(f"{row['ruling_id']}: the ruling has no check (not modelled: "
                               f"{row.get('not_modelled_reason')!s})")
    asked_ids = [str(r["ruling_id"]) for r in asked_rows]
    rows = {str(r["ruling_id"]): {str(k): v for k, v in r.to_dict().items()}
            for _, r in table[table["check"].notna()
                              & (table["expected"].astype("object") != "under_review")].iterrows()}
    rows.update({str(r["ruling_id"]): r for r in asked_rows})
    cases = {rid: _case(row, rules_at) for rid, row in rows.items()}
    targets = [cases[rid] for rid in dict.fromkeys(asked_ids) if not cases[rid].agrees]
    agreeing = tuple(rid for rid in dict.fromkeys(asked_ids) if cases[rid].agrees)
    asked = {c.ruling_id for c in targets}
    found: dict[tuple[tuple[str, ...], ...], dict[str, Any]] = {}
    singles = tried_pairs = skipped = 0
    paired: dict[str, int] = {}
    for target in targets:
        variants = target.flips.variants
        singles += len(variants)
        flipping = [i for i in range(len(variants)) if target.flips.flips(i)]
        # a change and the side the ruling needs: "new" (it had happened by the ruling's date) or "old"
        ids = [(*_identity(target.game, target.rules, v.rules),
                "new" if _side(target.game, target.rules, v.rules)[0] == "old" else "old") for v in variants]
        for i in flipping:
            entry = found.setdefault((ids[i],), {"explains": [], "target": target, "variants": [i]})
            entry["explains"].append(target.ruling_id)
        if flipping or not pairs:
            continue
        combos = list(itertools.combinations(range(len(variants)), 2))
        skipped += max(0, len(combos) - pair_limit)
        combos = combos[:pair_limit]
        for n, (i, j) in enumerate(with_progress(combos, len(combos), f"pairs for {target.ruling_id}", progress)):
            if time.perf_counter() - started > time_limit:
                skipped += len(combos) - n
                break
            tried_pairs += 1
            paired[target.ruling_id] = paired.get(target.ruling_id, 0) + 1
            if _agrees_under(target, _combined(target.rules, (variants[i].rules, variants[j].rules))):
                key = (ids[i], ids[j])
                entry = found.setdefault(key, {"explains": [], "target": target, "variants": [i, j]})
                entry["explains"].append(target.ruling_id)
    hypotheses = [_hypothesis(keys, entry, list(cases.values()), asked) for keys, entry in found.items()]
    # most rulings kept in agreement, then fewest changes; among equals a change whose dates fit every
    # ruling before one that fits none, and a change the game dates before a reversal of a rule no source changed
    hypotheses.sort(key=lambda h: (-h.kept, h.size, sum(not w.consistent for w in h.windows),
                                   sum(w.modelled is None for w in h.windows), -len(h.explains), h.changes))
    explained = {rid for h in hypotheses for rid in h.explains}
    unexplained = {t.ruling_id: _look_at(t, paired.get(t.ruling_id, 0)) for t in targets
                   if t.ruling_id not in explained}
    return Explanation(tuple(hypotheses), tuple(t.ruling_id for t in targets), agreeing, unexplained,
                       singles, tried_pairs, skipped, time.perf_counter() - started)


def _agrees_under(case: _Case, rules: Ruleset) -> bool:
    """Whether the ruling's check agrees under ``rules``."""
    from toolkit.history.runs import answer_once

    text, check, names, scenarios = case.flips._asked
    return answer_once(text, check, names, scenarios, rules) == (case.expected == "yes")


def _hypothesis(keys: tuple[tuple[str, ...], ...], entry: dict[str, Any], cases: list[_Case],
                asked: set[str]) -> Hypothesis:
    """One hypothesis: ``keys`` its changes (each an identity and the side the rulings it explains
    need), ``entry`` the rulings it explains and the variants of the first of them that make it."""
    target: _Case = entry["target"]
    variants = [target.flips.variants[i] for i in entry["variants"]]
    explains = entry["explains"]
    windows, ats = [], []
    explained = [c for c in cases if c.ruling_id in explains]
    for key, variant in zip(keys, variants):
        identity, need = key[:-1], key[-1]
        modelled = _side(target.game, target.rules, variant.rules)[1]
        statement = _statement(target.game, target.rules, variant, need)
        own = {rid: need for rid in explains}
        windows.append(_window(variant.column, identity, statement, cases, modelled,
                               own if len(keys) > 1 else None))
        ats.append(_dated_at(windows[-1], need, explained))
    breaks, fixes = _effects([k[:-1] for k in keys], ats, cases, asked)
    agreeing = sum(1 for c in cases if c.agrees and c.ruling_id not in asked)
    kept = agreeing - len(breaks) + len(fixes) + len(set(explains))
    return Hypothesis(tuple(w.change for w in windows), tuple(w.statement for w in windows), tuple(explains),
                      tuple(breaks), tuple(fixes), tuple(windows), kept)
