"""Helpers analysts ask for: the rulings about a card, a ruling's line of
supersession, what was in force on a date, counts per year and topic.

Each takes loaded DataFrames or reads the packaged files (``None``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from toolkit.data.frames import kind_of, source_check, table_with
from toolkit.data.parsing import is_na
from toolkit.data.problems import QueryError
from toolkit.data.reading import DataSource, load_cards, load_events, load_rulings
from toolkit.data.schema import DATE_DTYPE, NULLABLE_BOOL_DTYPE, RULINGS_SCHEMA, STRING_DTYPE
from toolkit.errors import quoted
from toolkit.fields import CardNames


def _rulings_frame(rulings: DataSource, needs: tuple[str, ...] = (), function: str = "") -> pd.DataFrame:
    """The rulings table given (read when it is a path or None), holding the
    columns ``function`` reads (:func:`~toolkit.data.frames.table_with`)."""
    source_check(rulings, function)
    table = rulings if isinstance(rulings, pd.DataFrame) else load_rulings(rulings)
    return table_with(table, needs, function) if needs else table


def _cards_frame(cards: DataSource, function: str = "resolve_card") -> pd.DataFrame:
    source_check(cards, function, "cards")
    table = cards if isinstance(cards, pd.DataFrame) else load_cards(cards)
    return table_with(table, ("name_ja", "name_en"), function, "cards")


def _events_frame(events: DataSource, function: str = "") -> pd.DataFrame:
    source_check(events, function, "events")
    table = events if isinstance(events, pd.DataFrame) else load_events(events)
    return table_with(table, ("event_id", "date"), function, "events")


def _sort_by_date(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.sort_values(["date", "ruling_id"], na_position="last", kind="stable").reset_index(drop=True)


def card_names_of(cards: DataSource = None, rulings: pd.DataFrame | None = None) -> CardNames:
    """The card names of a cards table (Japanese keys, English names), of
    one's own cards (``$ENDPHASE_USER_DIR/cards/``, the ``cards:`` of the
    rulings' scenario files), plus every card the ``rulings`` table names (a
    user's own rulings may name a card the cards table lacks). Read at call time."""
    from toolkit.data.question_cards import known_cards

    table = _cards_frame(cards)
    files: list[str] = []
    if rulings is not None:
        table_with(rulings, ("cards",), "resolve_card")
        if "scenario" in rulings.columns:
            files = [str(f) for listed in rulings["scenario"] if isinstance(listed, list) for f in listed]
    known = known_cards(table, files)
    names = set(known.keys)
    if rulings is not None:
        names.update(str(n) for listed in rulings["cards"] for n in listed)
    return CardNames(names, known.english, known.aliases)


def resolve_card(card: str, cards: DataSource = None, *, rulings: pd.DataFrame | None = None) -> str:
    """The Japanese key (``name_ja``) of a card given by Japanese or English name.

    Matching folds what a reader cannot be expected to get right (see
    :func:`toolkit.fields.fold`): 《》, spaces, case, width and hiragana for
    katakana, so ``"TG すとらいかー"`` finds ``"ＴＧ ストライカー"``; a name no
    card has is refused with the three nearest names.

    >>> resolve_card("hysteric sign"), resolve_card("《TG すとらいかー》")
    ('ヒステリック・サイン', 'ＴＧ ストライカー')
    """
    if not isinstance(card, str):
        raise QueryError(f"a card is named by its Japanese or English name (text), not {kind_of(card)}")
    names = card_names_of(cards, rulings)
    found = names.lookup(card)
    if found is not None and found in names.keys:
        return found
    raise QueryError(names.unknown(card))


def cards_meant(card: str, cards: DataSource = None, *, rulings: pd.DataFrame | None = None) -> list[str]:
    """The Japanese keys a reader means by ``card``: the one card it names
    (as :func:`resolve_card` reads it), else every card the ``rulings`` name
    (every known card without them) whose name holds each word of it, as the
    rulings browser reads its card box. Raises :class:`QueryError` with the
    nearest names when none does.

    >>> cards_meant("ひすてりっく"), cards_meant("hysteric sign")
    (['ヒステリック・サイン'], ['ヒステリック・サイン'])
    """
    if not isinstance(card, str):
        raise QueryError(f"a card is named by its Japanese or English name (text), not {kind_of(card)}")
    names = card_names_of(cards, rulings)
    found = names.lookup(card)
    if found is not None and found in names.keys:
        return [found]
    named = None if rulings is None else {str(n) for listed in rulings["cards"] for n in listed}
    meant = [ja for ja in names.meant(card) if named is None or ja in named]
    if not meant:
        raise QueryError(names.unknown(card))
    return meant


def own_rulings(rulings: pd.DataFrame) -> pd.DataFrame:
    """Only one's own rows of a table ``load_rulings(extra=...)`` returned, still
    knowing the file and row each came from, so that ``verify_rulings`` and the
    checks name them in their messages (a table of the packaged rulings alone
    gives an empty table).

    >>> own_rulings(load_rulings()).empty
    True
    """
    from toolkit.data.user_rulings import ORIGINS

    table = _rulings_frame(rulings, ("ruling_id",), "own_rulings")
    mine = dict(table.attrs.get(ORIGINS) or {})
    kept = table[table["ruling_id"].isin(list(mine))].reset_index(drop=True)
    kept.attrs[ORIGINS] = mine  # pandas before 2 drops attrs when a table is filtered
    return kept


def rulings_about(card: str, rulings: DataSource = None, cards: DataSource = None) -> pd.DataFrame:
    """Every ruling that names ``card`` (Japanese or English name, kana and
    width folded), oldest first.

    Undated rulings come last. Raises :class:`QueryError` with the nearest
    names for an unknown card.

    >>> rulings_about("ひすてりっく・さいん")["cards"].map(lambda c: "ヒステリック・サイン" in c).all()
    np.True_
    """
    table = _rulings_frame(rulings, ("ruling_id", "date", "cards"), "rulings_about")
    name = resolve_card(card, cards, rulings=table)
    mask = table["cards"].map(lambda names: name in names).astype(bool)
    return _sort_by_date(table[mask])


def card_rulings_long(rulings: DataSource = None) -> pd.DataFrame:
    """One row per (ruling, card): the ruling's columns without ``cards``, plus
    ``card`` (the Japanese name) and ``card_position`` (1 = first named).

    Rulings that name no card have no row here.
    """
    table = _rulings_frame(rulings, ("cards",), "card_rulings_long")
    long = table.drop(columns=["cards"]).loc[table.index.repeat(table["cards"].map(len))].copy()
    long["card"] = pd.array([c for names in table["cards"] for c in names], dtype=STRING_DTYPE)
    long["card_position"] = pd.array(
        [i for names in table["cards"] for i in range(1, len(names) + 1)], dtype="Int64"
    )
    return long.reset_index(drop=True)


def _ruling_index(table: pd.DataFrame, ruling_id: str) -> dict[str, dict[str, Any]]:
    by_id = {str(r["ruling_id"]): {str(k): v for k, v in r.items()} for r in table.to_dict("records")}
    if ruling_id not in by_id:
        raise QueryError(f"no ruling with ruling_id {quoted(ruling_id)}")
    return by_id


def supersession_chain(ruling_id: str, rulings: DataSource = None) -> pd.DataFrame:
    """The ruling's line of descent through ``superseded_by``, oldest first.

    Follows the links both ways from ``ruling_id``: back to every ruling it
    replaced (and what those replaced), forward to its successor (and that
    one's successor). Rulings that merely share a successor with it are not
    its line and are left out. Predecessors always come before their
    successors; ties go by date (undated last), then id.
    """
    table = _rulings_frame(rulings, ("ruling_id", "date", "superseded_by"), "supersession_chain")
    by_id = _ruling_index(table, ruling_id)
    forward = {rid: r["superseded_by"] for rid, r in by_id.items() if not is_na(r["superseded_by"])}
    backward: dict[str, list[str]] = {}
    for rid, succ in forward.items():
        backward.setdefault(str(succ), []).append(rid)
    members: set[str] = {ruling_id}
    node = ruling_id
    while node in forward and str(forward[node]) in by_id and str(forward[node]) not in members:
        node = str(forward[node])
        members.add(node)
    todo = list(backward.get(ruling_id, []))
    while todo:
        node = todo.pop()
        if node not in members and node in by_id:
            members.add(node)
            todo.extend(backward.get(node, []))

    def when(rid: str) -> tuple[Any, str]:
        d = by_id[rid]["date"]
        return (pd.Timestamp.max if is_na(d) else pd.Timestamp(d), rid)

    ordered: list[str] = []
    waiting = sorted(members, key=when)
    while waiting:  # predecessors first (Kahn), ties by date then id
        ready = [r for r in waiting if not any(p in waiting for p in backward.get(r, []))]
        if not ready:  # a cycle (validation reports it); fall back to date order
            ready = waiting[:1]
        ordered.append(ready[0])
        waiting.remove(ready[0])
    positions = {rid: i for i, rid in enumerate(ordered)}
    chosen = table[table["ruling_id"].isin(members)].copy()
    chosen = chosen.iloc[np.argsort([positions[str(r)] for r in chosen["ruling_id"]], kind="stable")]
    return chosen.reset_index(drop=True)


def _as_timestamp(when: Any) -> pd.Timestamp:
    if isinstance(when, (pd.DataFrame, pd.Series, list, tuple, dict, set)):
        raise QueryError(f"cannot read {kind_of(when)} as a date (use YYYY-MM-DD); is an argument out of order?")
    try:
        stamp = pd.Timestamp(when)
    except (ValueError, TypeError) as exc:
        raise QueryError(f"cannot read {quoted(when)} as a date (use YYYY-MM-DD): {exc}") from None
    if pd.isna(stamp):
        raise QueryError(f"cannot read {quoted(when)} as a date (use YYYY-MM-DD)")
    if stamp.tzinfo is not None:
        stamp = stamp.tz_localize(None)
    return stamp.normalize()


def supersessions(rulings: DataSource = None, events: DataSource = None) -> pd.DataFrame:
    """Every ruling that is no longer current, with what ended it and when.

    Columns: ``ruling_id``, ``date``, ``cards``, ``status``, ``summary_en``,
    ``ended_by`` (successor ruling id, else event id, else NA), ``ended_by_kind``
    (``ruling`` / ``event`` / ``note``), ``ended_on`` (the successor's or the
    event's date; NaT when unknown), ``successor_summary_en`` and
    ``status_note``. Sorted by date, then id.
    """
    table = _rulings_frame(rulings, ("ruling_id", "date", "cards", "status", "summary_en", "superseded_by",
                                     "obsoleted_by_event", "status_note"), "supersessions")
    event_table = _events_frame(events, "supersessions")
    ends = _end_dates(table, event_table)
    rows = table[table["status"] != "current"]
    summary_of = dict(zip(table["ruling_id"], table["summary_en"]))
    out = pd.DataFrame(
        {
            "ruling_id": rows["ruling_id"],
            "date": rows["date"],
            "cards": rows["cards"],
            "status": rows["status"],
            "summary_en": rows["summary_en"],
            "ended_by": pd.array([ends[r][1] for r in rows["ruling_id"]], dtype=STRING_DTYPE),
            "ended_by_kind": pd.Categorical(
                [ends[r][2] for r in rows["ruling_id"]], categories=["ruling", "event", "note"]
            ),
            "ended_on": np.array([ends[r][0] for r in rows["ruling_id"]], dtype=DATE_DTYPE),
            "successor_summary_en": pd.array(
                [summary_of.get(s) if not is_na(s) else None for s in rows["superseded_by"]], dtype=STRING_DTYPE
            ),
            "status_note": rows["status_note"],
        }
    )
    return _sort_by_date(out)


def _end_dates(table: pd.DataFrame, events: pd.DataFrame) -> dict[str, tuple[Any, str | None, str | None]]:
    """ruling_id -> (date it stopped applying or NaT, what ended it, kind of that)."""
    date_of_ruling = dict(zip(table["ruling_id"], table["date"]))
    date_of_event = dict(zip(events["event_id"], events["date"]))
    out: dict[str, tuple[Any, str | None, str | None]] = {}
    for rid, status, succ, event in zip(
        table["ruling_id"], table["status"], table["superseded_by"], table["obsoleted_by_event"]
    ):
        candidates = []
        if not is_na(succ):
            candidates.append((date_of_ruling.get(succ, pd.NaT), str(succ), "ruling"))
        if not is_na(event):
            candidates.append((date_of_event.get(event, pd.NaT), str(event), "event"))
        dated = [c for c in candidates if not is_na(c[0])]
        if dated:
            out[rid] = min(dated, key=lambda c: c[0])
        elif candidates:
            out[rid] = (np.datetime64("NaT", "ns"), candidates[0][1], candidates[0][2])
        elif status != "current":
            out[rid] = (np.datetime64("NaT", "ns"), None, "note")
        else:
            out[rid] = (np.datetime64("NaT", "ns"), None, None)
    return out


def rulings_in_force(
    date: Any,
    rulings: DataSource = None,
    events: DataSource = None,
    *,
    include_undated: bool = False,
) -> pd.DataFrame:
    """The rulings that applied on ``date``, oldest first.

    A ruling applies from its own date until its successor's date (or the
    date of the event that obsoleted it), exclusive: a ruling superseded by a
    successor dated after ``date`` was still in force then. Month- or
    year-precision dates count from the first day they name.

    Two extra columns say why: ``in_force_until`` (the day it stopped
    applying; NaT when it still applies or the end is unknown) and
    ``end_known`` (False for a non-current ruling whose end the sources do not
    date — it is listed, since it was in force at some point after its date,
    but treat it with care). Undated rulings (rulebook quotes, worked
    examples) cannot be placed in time: they are left out unless
    ``include_undated``.

    >>> demo = pd.DataFrame({
    ...     "ruling_id": ["ocg-130330-old", "ocg-160708-new"],
    ...     "date": pd.to_datetime(["2013-03-30", "2016-07-08"]),
    ...     "status": ["superseded", "current"],
    ...     "superseded_by": ["ocg-160708-new", None],
    ...     "obsoleted_by_event": [None, None],
    ... })
    >>> list(rulings_in_force("2015-01-01", demo, load_events())["ruling_id"])
    ['ocg-130330-old']
    >>> list(rulings_in_force("2016-07-08", demo, load_events())["ruling_id"])
    ['ocg-160708-new']
    """
    day = _as_timestamp(date)
    table = _rulings_frame(rulings, ("ruling_id", "date", "status", "superseded_by", "obsoleted_by_event"),
                           "rulings_in_force")
    ends = _end_dates(table, _events_frame(events, "rulings_in_force"))
    until = np.array([ends[r][0] for r in table["ruling_id"]], dtype=DATE_DTYPE)
    known = np.array(
        [not (status != "current" and is_na(ends[r][0])) for r, status in zip(table["ruling_id"], table["status"])],
        dtype=bool,
    )
    dates = table["date"].to_numpy(dtype=DATE_DTYPE)
    started = ~np.isnat(dates) & (dates <= day.to_datetime64())
    not_ended = np.isnat(until) | (until > day.to_datetime64())
    mask = (started & not_ended) | (include_undated & np.isnat(dates) & not_ended)
    out = table[mask].copy()
    out["in_force_until"] = until[mask]
    out["end_known"] = pd.array(known[mask], dtype=NULLABLE_BOOL_DTYPE)
    return _sort_by_date(out)


def rulings_per_year_topic(rulings: DataSource = None, game: str | None = "ocg") -> pd.DataFrame:
    """A count table: one row per year (dated rulings only), one column per topic.

    Every declared topic is a column (zeros included), years run without gaps
    from the first to the last, and a ``total`` column closes each row.
    ``game=None`` counts both games.
    """
    table = _rulings_frame(rulings, ("game", "date", "topic"), "rulings_per_year_topic")
    if game is not None:
        table = table[table["game"] == game]
    dated = table[table["date"].notna()]
    topics = list(RULINGS_SCHEMA.column("topic").categories)
    if dated.empty:
        counts = pd.DataFrame(columns=topics, dtype="int64")
    else:
        years = dated["date"].dt.year
        counts = pd.crosstab(years, dated["topic"].astype(str))
        counts = counts.reindex(
            index=range(int(years.min()), int(years.max()) + 1), columns=topics, fill_value=0
        )
    counts = counts.astype("int64")
    counts.index.name = "year"
    counts.columns.name = "topic"
    counts["total"] = counts.sum(axis=1)
    return counts
