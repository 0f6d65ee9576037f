"""Every ruling re-derived at its own date and today: verify_rulings."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeVar

import pandas as pd

from toolkit.history.runs import RUN_COLUMNS, VERIFY_COLUMNS, run_ruling

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import Executor




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


def _verify_row(data: dict[str, Any], flips: bool = True) -> dict[str, Any]:
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
    run = run_ruling(data, flips=flips)
    verified = run.verified
    return {
        **base,
        "ruleset": run.rules.name,
        "answer": run.own.answer,
        "agrees": pd.NA if run.under_review else run.agrees,
        "today_answer": run.today.answer,
        "today_agrees": pd.NA if run.under_review else run.today_agrees,
        "verified": pd.NA if verified is None else verified,
        "decided_by": run.decided_by,
        "deciding_changes": "; ".join(run.deciding_changes) if flips else pd.NA,
        "flipped_by": list(run.flipped_by),
        "vacuous": run.vacuous if flips else pd.NA,
        "seconds": round(run.seconds, 3),
    }


CATEGORIES = ("verified", "not verified", "under review", "not modelled")
"""What ``verify_rulings`` says of each ruling (:func:`verify_categories`)."""


def verify_categories(frame: pd.DataFrame) -> pd.Series:
    """Each row of :func:`verify_rulings` as one of :data:`CATEGORIES`: verified, not verified, under
    review (its answer was 調整中: the engine answers, and that neither agrees nor disagrees) or not
    modelled (no check) — counted apart with ``.value_counts()``.

    >>> frame = pd.DataFrame({"expected": ["yes", "under_review", None, "no"],
    ...                       "verified": pd.array([True, pd.NA, pd.NA, False], dtype="boolean")})
    >>> list(verify_categories(frame))
    ['verified', 'under review', 'not modelled', 'not verified']
    """
    def one(expected: Any, verified: Any) -> str:
        if isinstance(expected, str) and expected == "under_review":
            return "under review"
        if pd.isna(verified):
            return "not modelled"
        return "verified" if bool(verified) else "not verified"

    values = [one(e, v) for e, v in zip(frame["expected"], frame["verified"])]
    return pd.Series(pd.Categorical(values, categories=CATEGORIES), index=frame.index, name="category")


def _card_problem(rid: str, check: Any, names: list[str]) -> tuple[str, str] | None:
    """(column, why) when a scenario cannot be read or the check names a card none of its
    scenarios may use (their own cards included), or None."""
    from toolkit.history.checks import CheckError, read_for
    from toolkit.history.runs import HistoryError, scenarios_of

    if not names:
        return None
    try:
        read_for(check, scenarios_of(rid, names))
    except HistoryError as exc:  # a scenario file the ruling names: said under scenario, its id not repeated
        return "scenario", str(exc).removeprefix(f"{rid}: ")
    except CheckError as exc:  # read as "check": the column names it
        return "check", str(exc).removeprefix("check: ").removeprefix("check.")
    return None


def check_user_checks(table: pd.DataFrame) -> None:
    """Read the check of every ruling a user's file gave (``attrs`` of the table
    ``load_rulings(extra=...)`` returns); raise one error naming file, row and
    column for each check the check language cannot read."""
    from toolkit.core.game import UnknownGameError, game_named
    from toolkit.data import ORIGINS, DatasetValidationError, Problem
    from toolkit.errors import quoted
    from toolkit.history.checks import CheckError, parse_check, scenarios_named

    origins = table.attrs.get(ORIGINS) or {}
    problems = []
    games = table["game"] if "game" in table.columns else [None] * len(table)
    for rid, text, names, game_name in zip(table["ruling_id"], table["check"], table["scenario"], games):
        where = origins.get(str(rid))
        if where is None or not isinstance(text, str):
            continue
        file, row = where
        try:
            game = game_named(str(game_name)) if isinstance(game_name, str) and game_name else None
        except UnknownGameError:
            game = None  # the game column's own check names it
        try:
            check = parse_check(text, "check", game=game)
        except CheckError as exc:
            problems.append(Problem(file, row, "check", str(exc).removeprefix("check: ")))
            continue
        stray = [n for n in scenarios_named(check) if n not in list(names or [])]
        if stray:
            listed = ", ".join(quoted(n) for n in stray)
            problems.append(Problem(file, row, "check", f"the check runs on {listed}, which `scenario` does not list"))
            continue
        problem = _card_problem(str(rid), check, list(names or []))
        if problem is not None:
            problems.append(Problem(file, row, *problem))
    if problems:
        raise DatasetValidationError(problems)


def verify_rulings(rulings: pd.DataFrame | None = None, progress: bool = False,
                   executor: Executor | None = None, *, flips: bool = True) -> pd.DataFrame:
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
    A ruling whose answer was 調整中 (``expected`` ``under_review``) is run and its answers shown,
    but it neither agrees nor disagrees: ``agrees``, ``today_agrees`` and ``verified`` are NA, as
    for a ruling not modelled; :func:`verify_categories` tells the two apart.
    ``flips=False`` names the same deciding rule without asking every
    counterfactual (see :func:`run_ruling`): ``deciding_changes`` and
    ``vacuous`` are then NA and ``flipped_by`` empty, and it takes a fraction
    of the time (what ``endphase verify`` prints needs no more).
    ``executor`` (any ``concurrent.futures.Executor``, e.g. a
    ``ProcessPoolExecutor`` or Dask's ``Client().get_executor()``) runs the
    rulings in parallel; the table is the same (but for ``seconds``).

    Rulings of your own (``load_rulings(extra=...)``) run exactly as the
    shipped ones, at their own date, on their own scenario files; a check
    written in a user's file that the check language cannot read raises
    :class:`~toolkit.data.DatasetValidationError` naming the file, row and
    column before anything runs.
    """
    from toolkit.data import load_rulings
    from toolkit.data.frames import table_with

    table = load_rulings() if rulings is None else table_with(rulings, RUN_COLUMNS, "verify_rulings", paths=False)
    check_user_checks(table)
    scope = _modelled_scope(table).sort_values("ruling_id")
    rows = [{str(k): v for k, v in row.to_dict().items()} for _, row in scope.iterrows()]
    one = _verify_row if flips else functools.partial(_verify_row, flips=False)
    done: Iterable[dict[str, Any]] = map(one, rows) if executor is None else executor.map(one, rows)
    records = list(with_progress(done, len(rows), "verify_rulings", progress))
    frame = pd.DataFrame(records, columns=list(VERIFY_COLUMNS))
    strings = ["ruling_id", "status", "topic", "ruleset", "scenario", "check_en", "expected", "answer",
               "today_answer", "decided_by", "deciding_changes", "vacuous_reason", "not_modelled_reason"]
    frame = frame.astype({c: "string" for c in strings})
    frame = frame.astype({c: "boolean" for c in ("agrees", "today_agrees", "verified", "vacuous")})
    frame["date"] = pd.to_datetime(frame["date"])
    frame["seconds"] = frame["seconds"].astype("float64")
    return frame.reset_index(drop=True)
