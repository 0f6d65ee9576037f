"""Cards of one's own as rows of the cards table, so that the queries and the
article builder (:func:`toolkit.export.build_article`) find them beside the
shipped cards.

A card is described duck-typed — any object with ``name``, ``english``,
``card_type`` and ``subtype`` and, optionally, ``texts`` whose ``end_phase``
processes say ``mandatory`` — so this module imports no game.

>>> from types import SimpleNamespace as Card
>>> own = Card(name="クリバンデット", english="Kuribandit", card_type="monster", subtype="effect",
...            texts=(Card(end_phase=(Card(mandatory=False),)),))
>>> table = cards_with([own])
>>> table.iloc[-1][["name_ja", "name_en", "end_phase_effect"]].tolist()
['クリバンデット', 'Kuribandit', 'optional']
>>> len(table) == len(load_cards()) + 1
True
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from toolkit.data.reading import load_cards
from toolkit.data.schema import CARDS_SCHEMA


def _end_phase_effect(card: object) -> str:
    """``mandatory`` if any text version has a mandatory End Phase process, else
    ``optional`` if it has one, else ``none``."""
    kinds = {bool(getattr(p, "mandatory", False)) for t in getattr(card, "texts", ())
             for p in getattr(t, "end_phase", ())}
    return "mandatory" if True in kinds else "optional" if kinds else "none"


def _text(value: object) -> str:
    return str(getattr(value, "value", value))


def cards_with(extra: Iterable[object], cards: pd.DataFrame | None = None, *, game: str = "ocg",
               note: str = "a card of one's own") -> pd.DataFrame:
    """The cards table (``cards``, default the shipped one) with a row for each
    card of ``extra`` it does not already name, typed per ``CARDS_SCHEMA``."""
    table = load_cards() if cards is None else cards
    known = set(table["name_ja"])
    rows = [{"name_ja": str(getattr(c, "name")), "name_en": str(getattr(c, "english", "")) or None, "game": game,
             "card_type": _text(getattr(c, "card_type")), "subtype": str(getattr(c, "subtype", "")) or None,
             "end_phase_effect": _end_phase_effect(c), "notes_en": note}
            for c in extra if str(getattr(c, "name")) not in known]
    if not rows:
        return table
    added = pd.DataFrame(rows, columns=CARDS_SCHEMA.names)
    for column in CARDS_SCHEMA.columns:
        added[column.name] = added[column.name].astype(table[column.name].dtype)
    return pd.concat([table, added], ignore_index=True)
