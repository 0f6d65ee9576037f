"""A ruling article for one card, exported to Markdown and to wiki FAQ markup.

:func:`build_article` gathers, for one card (Japanese or English name):

* every ruling that names it, oldest first, with its status and what
  replaced it (``rulings``), and each chain of rulings that replaced one
  another (``history``);
* each ruling's machine-checkable answer (rulings.csv ``check`` and
  ``expected``) run through the engine under the rules of the ruling's date,
  with the line that shows the engine's answer (``checks``);
* the other shipped worked examples (``datasets/scenarios``) that illustrate
  those rulings, each run under the rules of its own date or ruleset: the
  outcome on the default line, whether the card's effect was activated, and
  the trace (``examples``).

:func:`article_markdown` and :func:`article_wiki` render it; the wiki text
uses :func:`toolkit.wiki.write_faq`, so it is the wiki's own FAQ markup
(``Ｑ：``/``Ａ：``, dates ``(YY/MM/DD)``, replaced rulings commented out with
``//`` right below the ruling that replaced them). :func:`export_article`
writes both into a user folder, atomically, and never into the packaged
``datasets/`` folder.

Everything written here is either a ruling quoted as data (question and
answer, with date and source) or our own summary; no wiki commentary.

>>> safe_stem("ヒステリック・サイン / Hysteric Sign")
'ヒステリック・サイン-hysteric-sign'
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from toolkit.errors import FileError, ToolkitError
from toolkit.files import write_texts

__all__ = [
    "ArticleExample",
    "ExportError",
    "ExportedArticle",
    "RulingArticle",
    "article_markdown",
    "article_wiki",
    "build_article",
    "default_user_folder",
    "export_article",
    "safe_stem",
    "write_text_atomic",
]

USER_DIR_ENV = "ENDPHASE_USER_DIR"
"""Environment variable naming the folder the toolkit writes a user's files to."""

DEFAULT_FOLDER_NAME = "endphase-scenarios"


class ExportError(ToolkitError):
    """An article could not be written; the message names the file."""


def default_user_folder() -> Path:
    """``$ENDPHASE_USER_DIR`` or ``~/endphase-scenarios`` (not created here)."""
    configured = os.environ.get(USER_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    return Path.home() / DEFAULT_FOLDER_NAME


def safe_stem(text: str) -> str:
    """A file-name stem: word characters of any script joined by hyphens."""
    words = re.findall(r"[\w・ー]+", unicodedata.normalize("NFKC", text).casefold())
    return "-".join(words)[:80].strip("-") or "article"


def _packaged_datasets() -> Path:
    from toolkit.resources import dataset_root

    return Path(str(dataset_root())).resolve()


def _refuse_datasets(target: Path) -> None:
    datasets = _packaged_datasets()
    if target == datasets or datasets in target.parents:
        raise ExportError(f"{target}: refusing to write into the packaged datasets folder")


def _write(pairs: list[tuple[Path, str]], overwrite: bool) -> list[Path]:
    for target, _ in pairs:
        _refuse_datasets(Path(os.path.realpath(target)))
    try:
        return write_texts(pairs, overwrite=overwrite)
    except FileError as exc:
        raise ExportError(str(exc)) from None


def write_text_atomic(path: str | os.PathLike[str], text: str, *, overwrite: bool = False) -> Path:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and a rename
    (:func:`toolkit.files.write_text`).

    A reader never sees a half-written file; an existing file is replaced only
    with ``overwrite=True`` (and keeps its permissions); the packaged datasets
    folder is refused.
    """
    return _write([(Path(path).expanduser(), text)], overwrite)[0]


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

    The check (rulings.csv ``check``, see :mod:`toolkit.ruling_checks`) runs on
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


def check_ruling(row: pd.Series) -> RulingCheck | None:
    """Re-derive a ruling with :func:`toolkit.history.run_ruling` (None when it
    has no machine form: not modelled)."""
    if "check" not in row.index or pd.isna(row["check"]) or pd.isna(row["expected"]):
        return None
    from toolkit.history import run_ruling

    run = run_ruling({str(k): v for k, v in row.to_dict().items()})
    names = row["scenario"] if isinstance(row["scenario"], list) else []
    return RulingCheck(
        ruling_id=run.ruling_id,
        question=str(row["check_en"]) if not pd.isna(row["check_en"]) else str(row["check"]),
        rules=run.rules.name,
        scenarios=tuple(str(n).removesuffix(".yaml") for n in names),
        expected=run.expected,
        engine=run.own.answer,
        line=run.trace,
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
    """Run a shipped scenario (of any game) with the engine's default policy (both pass)."""
    from toolkit.core.search import resolve

    scenario = _shipped(name)
    result = resolve(scenario)
    outcome = result.outcome
    return ArticleExample(
        name=name,
        title=scenario.title,
        rules=_rules_label(scenario),
        rulings=tuple(scenario.rulings),
        outcome=outcome.text(),
        card_activated=outcome.has("activated", card),
        trace=result.trace,
        as_of=result.start.ruleset.as_of,
        card_in_scenario=card in scenario.card_names(),
    )


# --------------------------------------------------------------------------
# Markdown
# --------------------------------------------------------------------------


def _day(value: Any) -> str:
    return "undated" if pd.isna(value) else pd.Timestamp(value).date().isoformat()


def _cell(value: Any) -> str:
    """Text safe inside a Markdown table cell."""
    if value is None or (not isinstance(value, (list, tuple)) and pd.isna(value)):
        return ""
    text = ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
    return text.replace("|", "\\|").replace("\n", "<br>")


def _dated(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy with datetime columns shown as days ("undated" for NaT)."""
    shown = frame.copy()
    for column in shown.columns:
        if pd.api.types.is_datetime64_any_dtype(shown[column]):
            shown[column] = [_day(v) for v in shown[column]]
    return shown


def _md_table(frame: pd.DataFrame, columns: Sequence[str]) -> list[str]:
    present = [c for c in columns if c in frame.columns]
    lines = ["| " + " | ".join(present) + " |", "|" + "---|" * len(present)]
    for _, row in frame.iterrows():
        lines.append("| " + " | ".join(_cell(row[c]) for c in present) + " |")
    return lines


def _quote(text: str) -> list[str]:
    return ["> " + line if line else ">" for line in text.split("\n")]


def _status_line(row: pd.Series) -> str:
    status = str(row["status"])
    if status == "current":
        return "Status: current."
    parts = [f"Status: {status}"]
    if not pd.isna(row["superseded_by"]):
        parts.append(f"replaced by `{row['superseded_by']}`")
    if not pd.isna(row["obsoleted_by_event"]):
        parts.append(f"made obsolete by the event `{row['obsoleted_by_event']}`")
    if not pd.isna(row["status_note"]):
        parts.append(f"note: {row['status_note']}")
    return "; ".join(parts) + "."


TRACE_COLUMNS_MD: tuple[str, ...] = ("step", "actor", "action", "rule", "reason")


def article_markdown(article: RulingArticle) -> str:
    """The article as Markdown: rulings with history, then engine examples."""
    heading = article.card + (f" ({article.card_en})" if article.card_en else "")
    out = [f"# {heading}", ""]
    if article.notes_en:
        out += [article.notes_en, ""]
    out += ["## Rulings", ""]
    out += _md_table(_dated(article.rulings), ("ruling_id", "date", "verdict", "status", "summary_en"))
    out.append("")
    for _, row in article.rulings.iterrows():
        out += [f"### {_day(row['date'])} — `{row['ruling_id']}`", ""]
        if not pd.isna(row["question_ja"]):
            out += _quote("Ｑ：" + str(row["question_ja"]))
            out.append("")
        out += _quote("Ａ：" + str(row["answer_ja"]))
        out += ["", f"Summary: {row['summary_en']}", "", _status_line(row), "", f"Source: {row['source']}", ""]
    if len(article.history):
        out += ["## History", ""]
        for _, row in article.history.iterrows():
            line = f"- `{row['ruling_id']}` ({_day(row['date'])}, {row['verdict']}) — {row['status']}"
            if not pd.isna(row["ended_by"]):
                line += f", replaced by `{row['ended_by']}`"
                if not pd.isna(row["ended_on"]):
                    line += f" ({_day(row['ended_on'])}"
                    line += f", {row['successor_verdict']})" if not pd.isna(row["successor_verdict"]) else ")"
            out.append(line)
        out.append("")
    if article.checks:
        out += ["## Engine checks of the rulings", ""]
        out += [
            "Each ruling's answer, written as a question the engine can answer, run under the rules "
            "of the ruling's date:",
            "",
        ]
        out += _md_table(article.checks_table(), ("ruling_id", "rules", "question", "expected", "engine", "agrees"))
        out.append("")
        for check in article.checks:
            verdict = "agrees" if check.agrees else "DISAGREES"
            out += [
                f"### `{check.ruling_id}` — the engine {verdict}",
                "",
                f"{check.question}? Ruling: **{check.expected}**; engine (rules `{check.rules}`, scenario "
                + ", ".join(f"`{s}`" for s in check.scenarios)
                + f"): **{check.engine}**"
                + (f"; under today's rules: {check.today}" if check.today else "")
                + ".",
                "",
                *([f"Decided by: {check.decided_by}", ""] if check.decided_by else []),
                "The line that shows it:",
                "",
            ]
            out += _md_table(check.line, TRACE_COLUMNS_MD)
            out.append("")
    out += ["## Worked examples", ""]
    if not article.examples:
        out += ["No shipped worked example cites these rulings yet.", ""]
    for example in article.examples:
        out += [
            f"### {example.title}",
            "",
            f"Scenario `{example.name}`, rules of {example.rules}; illustrates "
            + (", ".join(f"`{r}`" for r in example.rulings) or "no ruling")
            + ".",
            "",
        ]
        if example.card_in_scenario:
            verdict = "activated" if example.card_activated else "not activated"
            line = f"On the default line (both players pass whenever they may), {article.card}'s effect is **{verdict}**"
            if example.agrees is not None:
                relation = "agrees with" if example.agrees else "DISAGREES with"
                line += f"; this {relation} `{example.expected_from}` (answer: {example.expected})"
            out += [line + ".", ""]
        out += [f"Outcome: {example.outcome}", ""]
        out += _md_table(example.trace, TRACE_COLUMNS_MD)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


# --------------------------------------------------------------------------
# Wiki FAQ markup
# --------------------------------------------------------------------------


def _faq_entry(row: pd.Series, topic: str, hidden: bool, notes: tuple[str, ...]) -> Any:
    from toolkit.wiki import FaqEntry, VerdictHint

    date = None if pd.isna(row["date"]) else pd.Timestamp(row["date"]).date()
    verdict = str(row["verdict"])
    hints: dict[str, VerdictHint] = {"yes": "yes", "no": "no", "under_review": "under_review"}
    hint = hints.get(verdict)
    return FaqEntry(
        topic=topic,
        question_ja=str(row["question_ja"]),
        answer_ja=str(row["answer_ja"]),
        date=date,
        date_precision="day" if date is not None else "none",
        cards=tuple(row["cards"]),
        hidden=hidden,
        notes=notes,
        line=0,
        verdict_hint=hint,
    )


def _wiki_order(rulings: pd.DataFrame) -> list[tuple[pd.Series, bool]]:
    """Visible (current) entries oldest first, each followed by what it replaced.

    A replaced ruling is commented out and placed right below its successor,
    the way the wiki keeps ruling history; one whose successor is not in the
    table is placed, commented out, where its date puts it.
    """
    rows = {str(r["ruling_id"]): r for _, r in rulings.iterrows()}
    replaced_by: dict[str, list[str]] = {}
    for rid, row in rows.items():
        succ = row["superseded_by"]
        if not pd.isna(succ) and str(succ) in rows:
            replaced_by.setdefault(str(succ), []).append(rid)
    placed: set[str] = set()
    order: list[tuple[pd.Series, bool]] = []

    def place(rid: str) -> None:
        if rid in placed:
            return
        placed.add(rid)
        order.append((rows[rid], str(rows[rid]["status"]) != "current"))
        for older in sorted(replaced_by.get(rid, []), key=lambda r: (_day(rows[r]["date"]), r), reverse=True):
            place(older)

    for rid, row in rows.items():
        succ = row["superseded_by"]
        if pd.isna(succ) or str(succ) not in rows:
            place(rid)
    for rid in rows:  # members of a cycle, if validation was bypassed
        place(rid)
    return order


def _replaced_note(row: pd.Series) -> str:
    """One line saying what replaced a ruling (our words, by id)."""
    if not pd.isna(row["superseded_by"]):
        return f"{row['ruling_id']}: superseded by {row['superseded_by']}"
    if not pd.isna(row["obsoleted_by_event"]):
        return f"{row['ruling_id']}: obsolete since {row['obsoleted_by_event']}"
    return f"{row['ruling_id']}: {row['status']}"


def article_wiki(article: RulingArticle) -> str:
    """The card's FAQ section in the wiki's markup (via :func:`toolkit.wiki.write_faq`).

    Only Ｑ/Ａ rulings (those with a question) are FAQ entries; a replaced
    ruling is written commented out (``//``) with a one-line note naming what
    replaced it.
    """
    from toolkit.wiki import write_faq

    topic = f"《{article.card}》について"
    faq = article.rulings[article.rulings["question_ja"].notna()]
    entries = []
    for row, hidden in _wiki_order(faq):
        notes: tuple[str, ...] = ()
        if hidden:
            notes = (_replaced_note(row),)
        entries.append(_faq_entry(row, topic, hidden, notes))
    return write_faq(entries)


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ExportedArticle:
    """Where an article was written."""

    markdown: Path
    wiki: Path


def export_article(
    article: RulingArticle,
    folder: str | os.PathLike[str] | None = None,
    *,
    overwrite: bool = False,
) -> ExportedArticle:
    """Write ``<card>.md`` and ``<card>.wiki.txt`` into ``folder`` (created if needed).

    ``folder`` defaults to ``articles/`` inside :func:`default_user_folder`.
    Both texts are rendered before anything is written, and the two files
    are written as one change (:func:`toolkit.files.write_texts`): both
    temporary files first, then the ``.md`` renamed into place, then the
    ``.wiki.txt``; a save killed between the two renames is finished by the
    next save into the folder, so the pair is never left half old, half new.
    """
    target = Path(folder).expanduser() if folder is not None else default_user_folder() / "articles"
    markdown = article_markdown(article)
    wiki = article_wiki(article)
    stem = safe_stem(article.card + (f" {article.card_en}" if article.card_en else ""))
    md_path = target / f"{stem}.md"
    wiki_path = target / f"{stem}.wiki.txt"
    if not overwrite:
        for path in (md_path, wiki_path):
            if os.path.lexists(path):
                raise ExportError(f"{path}: file exists; pass overwrite=True to replace it")
    _refuse_datasets(Path(os.path.realpath(target)))
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"{target}: cannot create the folder ({exc.strerror or exc})") from None
    written_md, written_wiki = _write([(md_path, markdown), (wiki_path, wiki)], overwrite)
    return ExportedArticle(markdown=written_md, wiki=written_wiki)

