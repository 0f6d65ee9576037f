"""How a :class:`~toolkit.ocg.state.State` is pickled: its field values, and the cards of its own (a
scenario's ``cards:``) that the default catalogue does not hold as they are, carried as written — so the
State unpickled (built again, and hashed again: ``str`` hashes differ from one process to the next) reads
the cards it was built with, never a shipped card of the same name in their place."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.ocg.cards.data.carried import Carried, carried, compiled_again

if TYPE_CHECKING:
    from toolkit.ocg.cards.catalogue import Catalogue
    from toolkit.ocg.state import State

OwnCards = tuple[Carried, ...]
"""The cards a pickled State carries: each as written, with its file and line (None: none)."""


def own_cards(catalogue: Catalogue) -> OwnCards:
    """The cards of ``catalogue`` the default catalogue does not hold as they are (none for a State of
    the default cards), as written; a PicklingError naming a card written in Python (no data to carry)."""
    from toolkit.ocg.cards import default_catalogue
    from toolkit.ocg.cards.catalogue import fingerprint

    default = default_catalogue()
    if catalogue == default:  # (the user's cards compared by content)
        return ()
    found = []
    for name in catalogue.user_files:
        card, there = catalogue.behaviour(name), default.get(name)
        if there is not None and fingerprint(there) == fingerprint(card):
            continue
        found.append(carried(card))
    return tuple(found)


def unpickled_state(values: tuple[Any, ...], own: OwnCards) -> State:
    """The State of these field values (``STATE_FIELDS`` order) whose cards are the default catalogue's
    with ``own`` on top (compiled again from what they were written as, once per text: :mod:`carried
    <toolkit.ocg.cards.data.carried>`)."""
    from toolkit.ocg.cards import default_catalogue
    from toolkit.ocg.state import STATE_FIELDS, State

    catalogue = None
    if own:
        catalogue = default_catalogue().with_cards([compiled_again(card) for card in own])
    return State(**dict(zip(STATE_FIELDS, values, strict=True)), catalogue=catalogue)
