"""Gathering one card's article: its rulings, their history, checks and worked examples."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

import pandas as pd

# --------------------------------------------------------------------------
# The article
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ArticleExample:
    """One worked example run through the engine."""

    name: str
    """The shipped scenario's name (file stem in datasets/scenarios)."""
    title: str
    rules: str
    """The rules it ran under: a date (``2013-03-30``) or a ruleset name."""
    rulings: tuple[str, ...]
    outcome: str
    """The final position and events of the default line, in words."""
    card_activated: bool
    """Whether the article's card had an effect activated on the default line."""
    trace: pd.DataFrame
    as_of: datetime.date | None = None
    """The day whose rules applied (None: today's)."""
    card_in_scenario: bool = True
    """Whether the article's card is in the scenario at all."""
    expected: str | None = None
    """"yes"/"no": the verdict of the cited ruling about the card in force on
    ``as_of`` (the latest one dated on or before it), when there is one."""
    expected_from: str | None = None
    """The ruling id ``expected`` comes from."""

    @property
    def agrees(self) -> bool | None:
        """Activation check: the engine activated the card's effect exactly when
        the ruling in force says "yes". None when there is nothing to compare.

        Meaningful for rulings that ask whether the card's effect activates
        (every Hysteric Sign ruling does); other questions need the ruling
        checks of issue 4.
        """
        if self.expected is None or not self.card_in_scenario:
            return None
        return self.card_activated == (self.expected == "yes")


@dataclass(frozen=True)
class RulingCheck:
    """One ruling's machine-checkable answer, run through the engine.

    The check (rulings.csv ``check``, see :mod:`toolkit.history.checks`) runs on
    the ruling's scenarios under the rules of the ruling's date (or its
    ``ruleset``), through :func:`toolkit.history.run_ruling`; ``line`` is the
    trace of the line that shows the engine's answer (a witness, or a
    refutation) and ``decided_by`` the rule that decides it.
    """

    ruling_id: str
    question: str
    rules: str
    scenarios: tuple[str, ...]
    expected: str
    engine: str
    line: pd.DataFrame
    decided_by: str = ""
    """The rule / trace note that decides the engine's answer."""
    today: str | None = None
    """The engine's answer under today's rules."""

    @property
    def agrees(self) -> bool:
        return self.expected == self.engine


@dataclass(frozen=True)
class RulingArticle:
    """Everything an article about one card says, as data."""

    card: str
    card_en: str | None
    notes_en: str | None
    rulings: pd.DataFrame
    """Every ruling naming the card (rulings.csv columns), oldest first."""
    history: pd.DataFrame
    """One row per replaced ruling among them: ``ruling_id``, ``date``,
    ``verdict``, ``ended_by`` (successor ruling or event id), ``ended_on``,
    ``successor_verdict``; oldest first."""
    examples: tuple[ArticleExample, ...]
    checks: tuple[RulingCheck, ...] = ()
    """Engine checks of the rulings that carry one (oldest ruling first)."""

    def checks_table(self) -> pd.DataFrame:
        """One row per checked ruling: ruling, rules, expected, engine, agrees."""
        return pd.DataFrame(
            [
                {
                    "ruling_id": c.ruling_id,
                    "rules": c.rules,
                    "question": c.question,
                    "expected": c.expected,
                    "engine": c.engine,
                    "agrees": c.agrees,
                    "today": c.today,
                    "decided_by": c.decided_by,
                }
                for c in self.checks
            ],
            columns=["ruling_id", "rules", "question", "expected", "engine", "agrees", "today", "decided_by"],
        )


ExampleRunner = Callable[[str, str], ArticleExample]
"""``(scenario name, card) -> ArticleExample``; the default uses the engine."""


def build_article(
    card: str,
    *,
    rulings: pd.DataFrame | None = None,
    cards: pd.DataFrame | None = None,
    examples: Sequence[str] | None = None,
    run_example: ExampleRunner | None = None,
) -> RulingArticle:
    """Gather the article about ``card`` (Japanese or English name).

    ``checks`` runs the machine form of each ruling that has one.
    ``examples`` names the shipped scenarios to run on the default line; by
    default every shipped scenario that cites one of the card's rulings and
    is not already used by a check. Raises
    :class:`toolkit.data.QueryError` for an unknown card.
    """
    from toolkit.data import load_cards, load_rulings, resolve_card, rulings_about

    rulings_table = load_rulings() if rulings is None else rulings
    cards_table = load_cards() if cards is None else cards
    name = resolve_card(card, cards_table)
    about = rulings_about(name, rulings_table, cards_table)
    row = cards_table[cards_table["name_ja"] == name].iloc[0]
    checks = tuple(c for c in (check_ruling(r) for _, r in about.iterrows()) if c is not None)
    if examples is None:
        checked = {scenario for c in checks for scenario in c.scenarios}
        examples = [e for e in _examples_citing(set(str(r) for r in about["ruling_id"])) if e not in checked]
    runner = run_example or run_shipped_example
    return RulingArticle(
        card=name,
        card_en=_text_or_none(row["name_en"]),
        notes_en=_text_or_none(row["notes_en"]),
        rulings=about.reset_index(drop=True),
        history=ruling_history(about, rulings_table),
        examples=tuple(with_expectation(runner(example, name), about) for example in examples),
        checks=checks,
    )


def _cited_scenario(name: str) -> str:
    """How an article names a ruling's scenario: a shipped one by its name, a
    user's (an absolute path, perhaps a temporary folder) by its file name only."""
    return PurePath(name).name.removesuffix(".yaml") if PurePath(name).is_absolute() else name.removesuffix(".yaml")


def check_ruling(row: pd.Series) -> RulingCheck | None:
    """Re-derive a ruling with :func:`toolkit.history.run_ruling` (None when it
    has no machine form: not modelled)."""
    if "check" not in row.index or pd.isna(row["check"]) or pd.isna(row["expected"]):
        return None
    from toolkit.core.trace import words_frame
    from toolkit.history import run_ruling
    from toolkit.history.checks import written_check

    run = run_ruling({str(k): v for k, v in row.to_dict().items()})
    names = row["scenario"] if isinstance(row["scenario"], list) else []
    return RulingCheck(
        ruling_id=run.ruling_id,
        question=str(row["check_en"]) if not pd.isna(row["check_en"]) else written_check(str(row["check"])),
        rules=run.rules.name,
        scenarios=tuple(_cited_scenario(str(n)) for n in names),
        expected=run.expected,
        engine=run.own.answer,
        line=words_frame(run.line),
        decided_by=run.decided_by,
        today=run.today.answer,
    )


def with_expectation(example: ArticleExample, about: pd.DataFrame) -> ArticleExample:
    """Fill ``expected`` from the cited rulings about the card in force on ``as_of``."""
    day = pd.Timestamp(example.as_of or datetime.date.today())
    cited = about[about["ruling_id"].isin(list(example.rulings)) & about["date"].notna()]
    cited = cited[(cited["date"] <= day) & cited["verdict"].astype(str).isin(["yes", "no"])]
    if cited.empty:
        return dataclasses.replace(example, expected=None, expected_from=None)
    latest = cited.sort_values(["date", "ruling_id"]).iloc[-1]
    return dataclasses.replace(example, expected=str(latest["verdict"]), expected_from=str(latest["ruling_id"]))


def ruling_history(about: pd.DataFrame, rulings: pd.DataFrame) -> pd.DataFrame:
    """Which of ``about``'s rulings were replaced, by what and when (see RulingArticle)."""
    verdict_of = dict(zip(rulings["ruling_id"], rulings["verdict"].astype(str)))
    date_of = dict(zip(rulings["ruling_id"], rulings["date"]))
    rows = about[about["status"] != "current"]
    ended_by = [
        succ if not pd.isna(succ) else event if not pd.isna(event) else pd.NA
        for succ, event in zip(rows["superseded_by"], rows["obsoleted_by_event"])
    ]
    history = pd.DataFrame(
        {
            "ruling_id": rows["ruling_id"].to_numpy(),
            "date": rows["date"].to_numpy(),
            "verdict": rows["verdict"].astype(str).to_numpy(),
            "status": rows["status"].astype(str).to_numpy(),
            "ended_by": pd.array(ended_by, dtype="string"),
            "ended_on": pd.to_datetime(
                pd.Series([date_of.get(e, pd.NaT) if not pd.isna(e) else pd.NaT for e in ended_by], dtype=object)
            ).astype("datetime64[ns]").to_numpy(),
            "successor_verdict": pd.array(
                [verdict_of.get(e) if not pd.isna(e) else None for e in ended_by], dtype="string"
            ),
        }
    )
    return history.reset_index(drop=True)


def _text_or_none(value: Any) -> str | None:
    return None if pd.isna(value) else str(value)


def _shipped(name: str) -> Any:
    """A shipped scenario of any game by name."""
    from toolkit.games import shipped_scenario

    return shipped_scenario(name)


def _examples_citing(ruling_ids: set[str]) -> list[str]:
    from toolkit.games import registered_games

    return [
        name
        for game in registered_games()
        for name in game.scenario_names()
        if ruling_ids.intersection(game.seed_scenario(name).rulings)
    ]


def _rules_label(scenario: Any) -> str:
    """The rules a shipped example is run under, in words: its rule set, its date,
    or today's rules of its game."""
    from toolkit.games import game_of

    game = game_of(scenario)
    if scenario.ruleset is not None:
        return str(scenario.ruleset)
    day = getattr(scenario, "date", None)
    if game.dated:
        return day.isoformat() if day is not None else f"today ({game.today().name})"
    return str(game.today().name)


def run_shipped_example(name: str, card: str) -> ArticleExample:
    """Run a shipped scenario (of any game) on the line where both players pass
    whenever they may (the rulings' "both choose not to act" line)."""
    from toolkit.core.policies import PASS_LINE
    from toolkit.core.search import resolve
    from toolkit.core.trace import words_frame
    from toolkit.core.values import sorted_events
    from toolkit.games import game_of

    scenario = _shipped(name)
    result = resolve(scenario, PASS_LINE)
    outcome = result.outcome
    game = game_of(result.start)
    events = "; ".join(game.describe_event(e) for e in sorted_events(outcome.events))
    return ArticleExample(
        name=name,
        title=scenario.title,
        rules=_rules_label(scenario),
        rulings=tuple(scenario.rulings),
        outcome=outcome.summary.text() + (f" | {events}" if events else ""),
        card_activated=outcome.has("activated", card),
        trace=words_frame(result.steps),
        as_of=result.start.ruleset.as_of,
        card_in_scenario=card in scenario.card_names(),
    )
