"""The card format: cards written as data (YAML) instead of Python.

A card file holds one card (a mapping) or a list of cards.  A card has its
Japanese ``name``, ``type`` and optional dated ``texts``; each text lists its
``end_phase`` processes, ``triggers``, ``quick`` effects, ``continuous``
effects and ``lingering`` effects, written with the vocabulary of
:mod:`~toolkit.ocg.cards.data.conditions` (conditions, card filters) and
:mod:`~toolkit.ocg.cards.data.verbs` (verbs, selectors, choices).  The
compiler (:mod:`~toolkit.ocg.cards.data.compile`) turns it into the same
:class:`~toolkit.ocg.cards.base.CardBehaviour` a Python module registers;
:func:`card_schema` is the format's JSON Schema, generated from the same
tables (shipped as ``card.schema.json`` beside this file).
"""

from __future__ import annotations

from toolkit.ocg.cards.data.compile import CardFileError, compile_card
from toolkit.ocg.cards.data.reading import LoadedCard, parse_cards, read_card_file, read_cards
from toolkit.ocg.cards.data.schema import SCHEMA_FILE, card_schema, describe_card

__all__ = ["CardFileError", "LoadedCard", "SCHEMA_FILE", "card_schema", "compile_card", "describe_card",
           "parse_cards", "read_card_file", "read_cards"]
