"""Browse the rulings table: filter by card, topic, date range and status;
choose a ruling to see what it replaced or what replaced it, and the
engine's check of it.

Every widget is a public attribute: set ``card.value`` (Japanese, English,
hiragana or half-width — names are folded as :func:`toolkit.fields.fold`
does), ``topic.value``, ``status.value``, ``start.value`` / ``end.value``
(dates; ``undated.value`` keeps or drops the undated rulings), then read
``result`` (the rulings shown) and ``message`` (what the filter found).
Choosing a ruling (``choice.value = ruling_id``) fills ``chain`` (its
supersession chain, oldest first) and ``check`` (its row of
:func:`toolkit.history.verify_rulings`), shown under the list.

>>> from toolkit.widgets.rulings_browser import matching_cards
>>> matching_cards("ひすてりっく", ["ヒステリック・サイン", "エフェクト・ヴェーラー"], {})
['ヒステリック・サイン']
>>> matching_cards("veiler", ["ヒステリック・サイン", "エフェクト・ヴェーラー"], {"エフェクト・ヴェーラー": "Effect Veiler"})
['エフェクト・ヴェーラー']
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

from toolkit.fields import CardNames
from toolkit.present.chart_text import short_date, status_words, topic_words
from toolkit.widgets.runs import table_html

__all__ = ["RulingsBrowser", "matching_cards"]

SHOWN_COLUMNS = ("ruling_id", "date", "topic", "cards", "status", "summary_en")
CHECK_FIELDS = ("ruleset", "expected", "answer", "agrees", "today_answer", "verified", "decided_by",
                "not_modelled_reason")


def matching_cards(query: str, names: Iterable[str], english: Mapping[str, str]) -> list[str]:
    """The Japanese names ``query`` means: the one card it names exactly
    (folded: width, case, kana, spaces, dots), else every card whose folded
    Japanese or English name holds each word of it (:meth:`CardNames.meant`,
    as ``endphase rulings --card`` reads it)."""
    return CardNames(set(names), dict(english)).meant(query)


def _blank(value: object) -> str:
    return "" if value is None or (not isinstance(value, (list, tuple)) and pd.isna(value)) else str(value)  # type: ignore[call-overload]


def _shown(frame: pd.DataFrame) -> pd.DataFrame:
    """The rulings in words: dates as the pages write them (blank when undated), cards joined."""
    return pd.DataFrame({
        "ruling": frame["ruling_id"].astype(str),
        "date": ["" if pd.isna(d) else short_date(d) for d in frame["date"]],
        "topic": [topic_words(t) for t in frame["topic"]],
        "cards": [" / ".join(map(str, c)) for c in frame["cards"]],
        "status": [status_words(s) for s in frame["status"]],
        "summary": [_blank(s) for s in frame["summary_en"]],
    })


class RulingsBrowser:
    """Filter the rulings table and read one ruling's history and check.

    ``rulings`` defaults to the shipped table; ``verified`` (a
    :func:`~toolkit.history.verify_rulings` table) saves running the engine
    when a ruling is chosen.
    """

    def __init__(self, rulings: pd.DataFrame | None = None, verified: pd.DataFrame | None = None,
                 card: str = "") -> None:
        import ipywidgets as w  # type: ignore[import-untyped]

        from toolkit.data import load_cards, load_rulings

        self.rulings = load_rulings() if rulings is None else rulings
        self._verified = verified
        cards = load_cards()
        self.english = {str(ja): str(en) for ja, en in zip(cards["name_ja"], cards["name_en"]) if isinstance(en, str)}
        self.card_names = sorted({str(c) for row in self.rulings["cards"] for c in row})
        topics = sorted({str(t) for t in self.rulings["topic"].dropna()})
        statuses = [s for s in ("current", "superseded", "retracted") if (self.rulings["status"] == s).any()]

        self.card = w.Text(value=card, description="Card", placeholder="ヒステリック・サイン, Hysteric Sign, ひすてりっく")
        self.topic = w.Dropdown(options=[("any topic", "")] + [(topic_words(t), t) for t in topics], description="Topic")
        self.status = w.Dropdown(options=[("any status", "")] + [(status_words(s), s) for s in statuses],
                                 description="Status")
        self.start = w.DatePicker(description="From", value=None)
        self.end = w.DatePicker(description="Until", value=None)
        self.undated = w.Checkbox(value=True, description="include undated rulings", indent=False)
        self.message = w.HTML(value="")
        self.message.add_class("endphase-browser-message")
        self.choice = w.Select(options=[], rows=10, description="Ruling", layout=w.Layout(width="95%"))
        self.table = w.HTML(value="")
        self.detail = w.HTML(value="")
        self.detail.add_class("endphase-browser-detail")
        self.chain: pd.DataFrame = pd.DataFrame()
        self.check: dict[str, Any] = {}
        self.result: pd.DataFrame = self.rulings.iloc[0:0]

        for control in (self.card, self.topic, self.status, self.start, self.end, self.undated):
            control.observe(lambda _c: self._filter(), names="value")
        self.choice.observe(lambda _c: self._chosen(), names="value")
        self.widget = w.VBox([
            w.HTML("<h3>Rulings</h3>"),
            w.HBox([self.card, self.topic, self.status]),
            w.HBox([self.start, self.end, self.undated]),
            self.message, self.choice, self.detail, self.table,
        ])
        self.widget.add_class("endphase-rulings-browser")
        self._filter()

    def __repr__(self) -> str:
        return f"RulingsBrowser({len(self.result)} of {len(self.rulings)} rulings)"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = repr(self)
        return bundle

    # ------------------------------------------------------------------
    # Filtering
    # ------------------------------------------------------------------

    def _card_mask(self) -> tuple[pd.Series, str]:
        query = self.card.value.strip()
        if not query:
            return pd.Series(True, index=self.rulings.index), ""
        found = matching_cards(query, self.card_names, self.english)
        if not found:
            near = CardNames(self.card_names, self.english).nearest(query)
            hint = f" — did you mean {', '.join(near)}?" if near else ""
            return pd.Series(False, index=self.rulings.index), f"No ruling names a card like 「{query}」{hint}"
        wanted = set(found)
        mask = pd.Series([bool(wanted & set(map(str, c))) for c in self.rulings["cards"]], index=self.rulings.index)
        shown = "、".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")
        return mask, f"card {shown}"

    def _filter(self) -> None:
        table = self.rulings
        mask, about_card = self._card_mask()
        if self.topic.value:
            mask &= table["topic"].astype(str) == self.topic.value
        if self.status.value:
            mask &= table["status"].astype(str) == self.status.value
        dated = table["date"].notna()
        in_range = pd.Series(True, index=table.index)
        if isinstance(self.start.value, datetime.date):
            in_range &= dated & (table["date"] >= pd.Timestamp(self.start.value))
        if isinstance(self.end.value, datetime.date):
            in_range &= dated & (table["date"] <= pd.Timestamp(self.end.value))
        if not self.undated.value:
            in_range &= dated
        elif isinstance(self.start.value, datetime.date) or isinstance(self.end.value, datetime.date):
            in_range |= ~dated
        mask &= in_range
        self.result = table[mask].sort_values(["date", "ruling_id"], na_position="last").reset_index(drop=True)
        found = f"{len(self.result)} of {len(table)} rulings"
        start, end = self.start.value, self.end.value
        if about_card.startswith("No ruling"):
            self.message.value = html.escape(about_card)
        elif isinstance(start, datetime.date) and isinstance(end, datetime.date) and start > end:
            # before: a reversed range was silently empty
            self.message.value = html.escape(f"{found}: the range runs backwards ({start.isoformat()} is after "
                                             f"{end.isoformat()}); swap the two dates")
        else:
            self.message.value = html.escape(f"{found}" + (f" ({about_card})" if about_card else ""))
        self.table.value = table_html(_shown(self.result), "endphase-rulings") if len(self.result) else ""
        options = [(f"{'' if pd.isna(d) else short_date(d) + ' '}{rid}", str(rid))
                   for rid, d in zip(self.result["ruling_id"], self.result["date"])]
        previous = self.choice.value
        self.choice.options = options
        self.choice.value = previous if previous in {v for _l, v in options} else None
        if self.choice.value is None:
            self._chosen()

    # ------------------------------------------------------------------
    # One ruling
    # ------------------------------------------------------------------

    def _check_of(self, ruling_id: str) -> dict[str, Any]:
        if self._verified is None or ruling_id not in set(self._verified["ruling_id"]):
            from toolkit.history import verify_rulings

            row = verify_rulings(self.rulings[self.rulings["ruling_id"] == ruling_id])
        else:
            row = self._verified[self._verified["ruling_id"] == ruling_id]
        if row.empty:
            return {}
        values = {k: row.iloc[0][k] for k in CHECK_FIELDS if k in row.columns}
        return {k: v.item() if hasattr(v, "item") else v for k, v in values.items()}

    def _chosen(self) -> None:
        from toolkit.data import supersession_chain

        ruling_id = self.choice.value
        if not ruling_id:
            self.chain, self.check, self.detail.value = pd.DataFrame(), {}, ""
            return
        self.chain = supersession_chain(ruling_id, self.rulings).reset_index(drop=True)
        self.check = self._check_of(ruling_id)
        self.detail.value = self._detail_html(ruling_id)

    def _detail_html(self, ruling_id: str) -> str:
        row = self.rulings[self.rulings["ruling_id"] == ruling_id].iloc[0]
        parts = [f"<b>{html.escape(ruling_id)}</b> ({html.escape(short_date(row['date']))}, "
                 f"{html.escape(status_words(row['status']))})",
                 f"<div lang='ja'>Q: {html.escape(_blank(row['question_ja']))}<br>"
                 f"A: {html.escape(_blank(row['answer_ja']))}</div>"]
        if len(self.chain) > 1:
            chain = pd.DataFrame({
                "ruling": self.chain["ruling_id"].astype(str),
                "date": ["" if pd.isna(d) else short_date(d) for d in self.chain["date"]],
                "verdict": [_blank(v) for v in self.chain["verdict"]],
                "status": [status_words(s) for s in self.chain["status"]],
                "note": [_blank(n) for n in self.chain["status_note"]],
            })
            parts.append("<b>Its chain, oldest first</b>" + table_html(chain, "endphase-chain"))
        else:
            parts.append("Nothing replaced it and it replaced nothing.")
        parts.append("<b>The engine's check</b>" + self._check_html())
        return "".join(f"<div>{p}</div>" for p in parts)

    def _check_html(self) -> str:
        check = self.check
        if not check:
            return "<div>No check.</div>"
        reason = _blank(check.get("not_modelled_reason"))
        if reason:
            return f"<div>Not run by the engine: {html.escape(reason)}</div>"
        verified = check.get("verified")
        verdict = "verified" if verified is True else "NOT verified"
        return (f"<div>{verdict}: under {html.escape(_blank(check.get('ruleset')))} the engine answers "
                f"{html.escape(_blank(check.get('answer')))} (the ruling: {html.escape(_blank(check.get('expected')))});"
                f" under today's rules {html.escape(_blank(check.get('today_answer')))}. "
                f"Decided by: {html.escape(_blank(check.get('decided_by')))}</div>")
