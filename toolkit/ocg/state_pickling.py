"""How a :class:`~toolkit.ocg.state.State` is pickled: its field values, and the cards of its own (a
scenario's ``cards:`` the default catalogue does not hold as they are, the user's folder's cards the
position holds), carried as written — so the State unpickled (built again, and hashed again: ``str`` hashes
differ from one process to the next) reads the cards it was built with, never a shipped card of the same
name, or another text of the folder's card, in their place."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from toolkit.ocg.cards.catalogue import Catalogue
    from toolkit.ocg.cards.data.carried import Carried
    from toolkit.ocg.state import State

OwnCards: TypeAlias = tuple["Carried", ...]
"""The cards a pickled State carries: each as written, with its file and line (None: none)."""


def own_cards(catalogue: Catalogue, used: Iterable[str] = ()) -> OwnCards:
    """The cards of the user's own a State reads, as written: those of ``catalogue`` the default catalogue
    does not hold as they are (a scenario's ``cards:``), and those of the user's card folder among ``used``
    (the position's cards), which the process unpickling it may read another text of, or none (a worker
    after the file was edited, a Dask worker on another machine). A PicklingError names a card written in
    Python (no data to carry)."""
    from toolkit.ocg.cards import default_catalogue
    from toolkit.ocg.cards.catalogue import fingerprint
    from toolkit.ocg.cards.data.carried import carried

    default, used = default_catalogue(), frozenset(used)
    names = (n for n in catalogue.user_files if n in used) if catalogue == default else iter(catalogue.user_files)
    found = []
    for name in names:
        card, there = catalogue.behaviour(name), default.get(name)
        if name not in used and there is not None and fingerprint(there) == fingerprint(card):
            continue
        found.append(carried(card))
    return tuple(found)


def unpickled_state(values: tuple[Any, ...], own: OwnCards) -> State:
    """The State of these field values (``STATE_FIELDS`` order) whose cards are the default catalogue's
    with ``own`` on top (compiled again from what they were written as, once per text: :mod:`carried
    <toolkit.ocg.cards.data.carried>`)."""
    from toolkit.ocg.cards import default_catalogue
    from toolkit.ocg.cards.data.carried import compiled_again
    from toolkit.ocg.state import STATE_FIELDS, State

    catalogue = None
    if own:
        catalogue = default_catalogue().with_cards([compiled_again(card) for card in own])
    return State(**dict(zip(STATE_FIELDS, values, strict=True)), catalogue=catalogue)
