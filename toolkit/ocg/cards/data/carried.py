"""A card of the user's own carried to another process as it was written, and compiled there once per text.

A scenario's own cards (its ``cards:`` list) and a user's card folder compile into closures, which pickle
cannot carry; what was written can. A pickled :class:`~toolkit.ocg.scenario.Scenario` or
:class:`~toolkit.ocg.state.State` carries each such card as written (:func:`carried`) and, unpickled,
compiles it again (:func:`compiled_again`). Many States unpickled in one worker carry the same cards:
they are compiled once per text, remembered by their content (the card's canonical text, its file and
line), at most :data:`COMPILED_MAX` of them — never by the card's name alone, so two different texts
of one name stay two cards.

>>> first = compiled_again(({"name": "テスト用：運ばれたカード", "type": "monster"}, None, None))
>>> again = compiled_again(({"type": "monster", "name": "テスト用：運ばれたカード"}, None, None))
>>> first is again, first.name
(True, 'テスト用：運ばれたカード')
>>> other = compiled_again(({"name": "テスト用：運ばれたカード", "type": "monster", "english": "Carried"}, None, None))
>>> other is first, other.english
(False, 'Carried')
"""

from __future__ import annotations

import json
import pickle
from dataclasses import replace
from typing import TYPE_CHECKING

from toolkit.core.memo import Memo

if TYPE_CHECKING:
    from toolkit.ocg.cards.base import CardBehaviour

Carried = tuple[object, "str | None", "int | None"]
"""A card as written (plain data), the file it was written in and the line of its name (None: not known)."""

COMPILED_MAX = 256
"""The most cards remembered compiled from what they were written as (the least recently used go first)."""

_COMPILED: Memo[tuple[str, str | None, int | None], CardBehaviour] = Memo(COMPILED_MAX)


def carried(card: CardBehaviour) -> Carried:
    """``card`` as it was written, with its file and line; a :class:`pickle.PicklingError` naming a card
    written in Python (no data to carry)."""
    if card.written is None:
        from toolkit.fields import card_quote

        raise pickle.PicklingError(f"card {card_quote(card.name)} is written in Python: a position holding it cannot be "
                                   "pickled (write the card as data, or pickle its scenario's file instead)")
    return card.written, card.file, card.line


def keys_as_text(written: object) -> object:
    """``written`` with every mapping's keys texts, so that it can be written with its keys sorted: the key
    YAML 1.1 reads a bare ``on:`` as (true) is ``on``, as the card format reads it; another key that is not
    a text is marked with its type.

    >>> keys_as_text({True: "discarded", "key": "draw", "do": [{1: 2}]})
    {'on': 'discarded', 'key': 'draw', 'do': [{'int 1': 2}]}
    """
    if isinstance(written, dict):
        return {(key if isinstance(key, str) else "on" if key is True else f"{type(key).__name__} {key}"):
                keys_as_text(value) for key, value in written.items()}
    if isinstance(written, (list, tuple)):
        return [keys_as_text(value) for value in written]
    return written


def canonical_text(written: object) -> str:
    """What a card was written as, as one text: keys sorted (:func:`keys_as_text`), and a value YAML reads
    as no JSON type (a date) marked with its type, so that the text of a date and of the string of that
    date differ.

    >>> import datetime
    >>> canonical_text({"since": datetime.date(2019, 1, 1), "b": [1, True]})
    '{"b": [1, true], "since": {"date": "2019-01-01"}}'
    """
    return json.dumps(keys_as_text(written), sort_keys=True, ensure_ascii=False,
                      default=lambda v: {type(v).__name__: str(v)})


def compiled_again(card: Carried) -> CardBehaviour:
    """The card compiled from what it was written as (the same object for the same text, file and line
    while it is remembered)."""
    from toolkit.ocg.cards.data.compile import compile_card

    written, file, line = card
    key = (canonical_text(written), file, line)
    found = _COMPILED.get(key)
    if found is not None and found.written == written:  # (== tells a date from its string, which JSON does not)
        return found
    made = compile_card(written, file=file)
    if line is not None:
        made = replace(made, line=line)
    return _COMPILED.put(key, made) if found is None else made
