"""An article as Markdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from toolkit.export.article import RulingArticle

# --------------------------------------------------------------------------
# Markdown
# --------------------------------------------------------------------------


def day_text(value: Any) -> str:
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
            shown[column] = [day_text(v) for v in shown[column]]
    return shown


def _rule_of(rule_id: str) -> Any:
    """The registered rule with this id (ids are unique across the shipped games), or None."""
    from toolkit.core.rules import registered_rules

    return next((r for r in registered_rules() if r.id == rule_id), None)


def _rule_cell(rule_id: Any, cited: list[str]) -> str:
    """A rule id whose statement shows on hover and that links to "Rules cited"."""
    import html

    from toolkit.core.rules import rule_anchor, rule_tooltip

    found = _rule_of(str(rule_id)) if isinstance(rule_id, str) and rule_id else None
    if found is None:
        return _cell(rule_id)
    cited.append(found.id)
    tip = html.escape(rule_tooltip(found.id, found.game)).replace("|", "&#124;")
    return f'[<abbr title="{tip}">{_cell(found.id)}</abbr>](#{rule_anchor(found.id, found.game)})'


def _md_table(frame: pd.DataFrame, columns: Sequence[str], cited: list[str] | None = None) -> list[str]:
    present = [c for c in columns if c in frame.columns]
    lines = ["| " + " | ".join(present) + " |", "|" + "---|" * len(present)]
    for _, row in frame.iterrows():
        cells = [_rule_cell(row[c], cited) if c == "rule" and cited is not None else _cell(row[c]) for c in present]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _rules_cited(cited: list[str]) -> list[str]:
    """The statements of the rules the article's lines cite, each with its anchor."""
    from toolkit.core.rules import rule_anchor

    out = []
    for rule_id in dict.fromkeys(cited):
        found = _rule_of(rule_id)
        if found is not None:
            out += [f'<a id="{rule_anchor(found.id, found.game)}"></a>**{found.id}** — {found.title}: '
                    f"{found.statement}", ""]
    return ["## Rules cited", "", *out] if out else []


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
        parts.append(f"note: {str(row['status_note']).rstrip('.')}")
    return "; ".join(parts) + "."


TRACE_COLUMNS_MD: tuple[str, ...] = ("step", "actor", "action", "rule", "reason")


def source_markdown(source: str) -> str:
    """A ruling's ``source`` as Markdown links (the page and section each URL points at).

    >>> source_markdown("https://dmwiki.net/x#faq (x: FAQ); also https://dmwiki.net/y (y)")
    '[x: FAQ](https://dmwiki.net/x#faq); also [y](https://dmwiki.net/y)'
    """
    from toolkit.wiki import cited

    parts = [f"[{label}]({url})" if url else label for label, url in cited(source)]
    return "; also ".join(parts)


def article_markdown(article: RulingArticle) -> str:
    """The article as Markdown: rulings with history, then engine examples."""
    heading = article.card + (f" ({article.card_en})" if article.card_en else "")
    out = [f"# {heading}", ""]
    cited: list[str] = []
    if article.notes_en:
        out += [article.notes_en, ""]
    out += ["## Rulings", ""]
    out += _md_table(_dated(article.rulings), ("ruling_id", "date", "verdict", "status", "summary_en"))
    out.append("")
    for _, row in article.rulings.iterrows():
        out += [f"### {day_text(row['date'])} — `{row['ruling_id']}`", ""]
        if not pd.isna(row["question_ja"]):
            out += _quote("Ｑ：" + str(row["question_ja"]))
            out.append("")
        out += _quote("Ａ：" + str(row["answer_ja"]))
        summary = [] if pd.isna(row["summary_en"]) else [f"Summary: {row['summary_en']}", ""]  # a ruling of one's own may have none
        out += ["", *summary, _status_line(row), "", f"Source: {source_markdown(str(row['source']))}", ""]
    if len(article.history):
        out += ["## History", ""]
        for _, row in article.history.iterrows():
            line = f"- `{row['ruling_id']}` ({day_text(row['date'])}, {row['verdict']}) — {row['status']}"
            if not pd.isna(row["ended_by"]):
                line += f", replaced by `{row['ended_by']}`"
                if not pd.isna(row["ended_on"]):
                    line += f" ({day_text(row['ended_on'])}"
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
            out += _md_table(check.line, TRACE_COLUMNS_MD, cited)
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
        out += _md_table(example.trace, TRACE_COLUMNS_MD, cited)
        out.append("")
    out += _rules_cited(cited)
    return "\n".join(out).rstrip("\n") + "\n"
