"""Rule ids and rulings in a trace, as people read them: tooltips, links, ruling rows.

A trace step cites a rule id (``R7``, ``D2(6)``) and its notes often cite the
date of the ruling they rest on ("not activated … (16/07/08)", "before
2016-07-08").  This module turns both into HTML: each rule id shows its
statement when hovered and links to its entry in the "Rules cited" list under
the trace (:func:`toolkit.core.rules.rule_anchor`); each dated note names the
ruling id behind the date, and the ruling's row (question, answer, status,
what superseded it) opens under the trace.  No game is named here: the rule
registry and the rulings table know which game a rule or ruling is of.

>>> note_rulings("H5", "mandatory effect not activated: hand already adjusted (16/07/08)", "ocg")
('ocg-160708-hysteric-sign-adjustment',)
>>> cited_dates("(never allowed: Manticore 13/03/30), before 2016-07-08")
('2013-03-30', '2016-07-08')
"""

from __future__ import annotations

import datetime
import functools
import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

from toolkit.core.rules import UnknownRuleError, rule, rule_anchor, rule_tooltip

__all__ = [
    "TOOLTIP_CSS",
    "cited_dates",
    "cited_rules_html",
    "cited_rulings_html",
    "note_html",
    "note_rulings",
    "ruling_anchor",
    "ruling_details_html",
    "ruling_ref_html",
    "rule_tip_html",
]

_DATE = re.compile(r"(?<![\d/-])(?:(\d{4})-(\d{2})-(\d{2})|(\d{2})/(\d{2})/(\d{2}))(?![\d/-])")

TOOLTIP_CSS = (
    "<style>"
    ".endphase-rule{position:relative;text-decoration:none;border-bottom:1px dotted currentColor}"
    ".endphase-rule .endphase-tip{display:none;position:absolute;left:0;top:1.5em;z-index:20;width:28em;"
    "max-width:70vw;background:#fffbe6;color:#222;border:1px solid #b8a050;border-radius:3px;padding:4px 6px;"
    "white-space:normal;font-weight:normal;text-align:left;box-shadow:0 2px 6px rgba(0,0,0,.2)}"
    ".endphase-rule:hover .endphase-tip,.endphase-rule:focus .endphase-tip{display:block}"
    ".endphase-cited details{margin:2px 0}.endphase-cited dt{font-weight:bold}"
    "</style>"
)
"""The style that shows a rule's statement as a tooltip (:func:`rule_tip_html`)."""


def cited_dates(text: str) -> tuple[str, ...]:
    """The dates a note cites, as ISO days: ``2016-07-08`` and the wiki's ``16/07/08`` forms."""
    found = []
    for m in _DATE.finditer(text):
        y, mo, d = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (f"20{m.group(4)}", m.group(5), m.group(6))
        try:
            found.append(datetime.date(int(y), int(mo), int(d)).isoformat())
        except ValueError:
            continue
    return tuple(dict.fromkeys(found))


@functools.cache
def citation_rows() -> dict[str, dict[str, Any]]:
    from toolkit.data import load_rulings

    table = load_rulings()
    return {str(r["ruling_id"]): {str(k): v for k, v in r.items()} for r in table.to_dict("records")}


def day_text(value: Any) -> str:
    import pandas as pd

    return "" if value is None or pd.isna(value) else pd.Timestamp(value).date().isoformat()


def _text(value: Any) -> str:
    import pandas as pd

    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return "" if value is None or pd.isna(value) else str(value)


def _registered(rule_id: str, game: str) -> tuple[str, ...]:
    try:
        return rule(rule_id, game).rulings
    except UnknownRuleError:
        return ()


def note_rulings(rule_id: str, text: str, game: str) -> tuple[str, ...]:
    """The ids of the rulings a note rests on: for each date it cites, the
    rulings of ``game`` of that date — those the rule registers first, else
    those about a card the note names, else all of that date."""
    rows = citation_rows()
    own = _registered(rule_id, game)
    found: list[str] = []
    for day in cited_dates(text):
        same = [i for i, r in rows.items() if str(r["game"]) == game and day_text(r["date"]) == day]
        chosen = [i for i in same if i in own] or [
            i for i in same if any(str(c) and str(c) in text for c in (rows[i]["cards"] or ()))] or same
        found += chosen
    return tuple(dict.fromkeys(found))


def ruling_anchor(ruling_id: str) -> str:
    """The HTML id of a ruling's row under a trace."""
    return "ruling-" + re.sub(r"[^A-Za-z0-9_-]", "-", ruling_id)


def ruling_ref_html(ruling_id: str) -> str:
    """A ruling id and its date, linking to its row under the trace."""
    row = citation_rows().get(ruling_id)
    day = day_text(row["date"]) if row is not None else ""
    when = f" ({day})" if day else " (undated)" if row is not None else ""
    return (f'<a class="endphase-ruling" href="#{ruling_anchor(ruling_id)}">ruling <code>'
            f"{html.escape(ruling_id)}</code></a>{when}")


def ruling_details_html(ruling_id: str) -> str:
    """A ruling's row as a ``<details>`` block that opens on a click: date,
    question, answer, summary, status and what superseded it."""
    esc = html.escape
    row = citation_rows().get(ruling_id)
    if row is None:
        return f"<p>{esc(ruling_id)}: not in the rulings table</p>"
    fields = (("question", _text(row["question_ja"])), ("answer", _text(row["answer_ja"])),
              ("in short", _text(row["summary_en"])), ("status", _text(row["status"])),
              ("superseded by", _text(row["superseded_by"])), ("ended by", _text(row["obsoleted_by_event"])),
              ("note", _text(row["status_note"])), ("source", _text(row["source"])))
    listed = "".join(f"<dt>{name}</dt><dd>{esc(value)}</dd>" for name, value in fields if value)
    day = day_text(row["date"]) or "undated"
    return (f'<details class="endphase-ruling-row" id="{ruling_anchor(ruling_id)}"><summary><code>{esc(ruling_id)}'
            f"</code> ({esc(day)}, {esc(_text(row['status']))})</summary><dl>{listed}</dl></details>")


def rule_tip_html(rule_id: str, game: str) -> str:
    """A rule id whose statement shows as a tooltip at once (with :data:`TOOLTIP_CSS`)
    and that links to the rule's entry under the trace."""
    if not rule_id:
        return ""
    esc = html.escape
    return (f'<a class="endphase-rule" href="#{rule_anchor(rule_id, game)}">{esc(rule_id)}'
            f'<span class="endphase-tip" role="tooltip">{esc(rule_tooltip(rule_id, game))}</span></a>')


def note_html(rule_id: str, text: str, game: str) -> str:
    """One note: its rule id (tooltip, link), its text, and the rulings its dates cite."""
    cited = note_rulings(rule_id, text, game)
    rulings = f" — {', '.join(ruling_ref_html(r) for r in cited)}" if cited else ""
    return f"{rule_tip_html(rule_id, game)}: {html.escape(text)}{rulings}"


def cited_rules_html(rule_ids: Iterable[str], game: str) -> str:
    """The glossary entries of the rules a trace cites, each with its anchor."""
    esc = html.escape
    items = []
    for rule_id in dict.fromkeys(r for r in rule_ids if r):
        try:
            found = rule(rule_id, game)
        except UnknownRuleError:
            continue
        items.append(f'<dt id="{rule_anchor(rule_id, game)}"><b>{esc(found.id)}</b> — {esc(found.title)}</dt>'
                     f"<dd>{esc(found.statement)}</dd>")
    return f"<div class='endphase-cited'><b>Rules cited</b><dl>{''.join(items)}</dl></div>" if items else ""


def cited_rulings_html(ruling_ids: Sequence[str]) -> str:
    """The rows of the rulings a trace's notes cite (click one to open it)."""
    chosen = list(dict.fromkeys(ruling_ids))
    if not chosen:
        return ""
    return ("<div class='endphase-cited'><b>Rulings cited</b> (click one to open its row)"
            + "".join(ruling_details_html(r) for r in chosen) + "</div>")


@functools.cache
def _event_titles() -> dict[str, str]:
    from toolkit.data import load_events

    return {str(r.event_id): str(r.title_en) for r in load_events().itertuples()}


def change_words(change: Any) -> str:
    """One dated change of the rules (a ``RuleChange``) in words: the event that
    made it, its rule, and the ruling of that day (else the first after it) —
    never the rule-set flag's internal name.

    >>> from types import SimpleNamespace as C
    >>> change_words(C(date=datetime.date(2016, 7, 8), kind="flag", what="end_phase_triggers_after_adjustment",
    ...     rule="H5", rulings=("ocg-130330-hysteric-sign-adjustment", "ocg-160708-hysteric-sign-adjustment"),
    ...     events=("h5-end-phase-triggers-2016-07-08",), before=True, after=False))
    "'During the End Phase' triggers do not activate after the adjustment (H5; ruling ocg-160708-hysteric-sign-adjustment of 2016-07-08)"
    """
    titles = _event_titles()
    events = [titles[e] for e in change.events if e in titles]
    day = change.date.isoformat()
    rows = citation_rows()
    dated = sorted((day_text(rows[r]["date"]), r) for r in change.rulings if r in rows and day_text(rows[r]["date"]))
    same = [r for d, r in dated if d == day]
    later = [r for d, r in dated if d > day][:1]
    cited = same or later
    if change.kind == "card_text":
        head = f"{events[0]}: {change.what}" if events else f"text of {change.what}: {change.after}"
    else:
        head = events[0] if events else f"{words_of(change.what)}: {change.before} → {change.after}"
    ruling = "; ".join(f"ruling {r} of {day_text(rows[r]['date'])}" for r in cited)
    if ruling and not same:
        ruling = f"first {ruling}"
    return f"{head} ({change.rule}{'; ' + ruling if ruling else ''})"


def words_of(name: str) -> str:
    """A snake_case name as words."""
    return name.replace("_", " ")
