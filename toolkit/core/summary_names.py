"""Whether the names a position summary lists for a zone hold a card.

A game's summary may mark a card's state in the name it keeps (a Duel Masters
creature left tapped is listed as ``グルジェ・グルジェ (tapped)``), so that two
ends differing only in that state stay two outcomes; a zone question names the
card, whatever its state. Each game says how a name of its summary reads as a
card (:meth:`toolkit.core.game.Game.card_of_summary_name`).

>>> lists_card(("X",), "X")
True
>>> lists_card(("Y",), "X")
False
"""

from __future__ import annotations

from collections.abc import Sequence


def lists_card(names: Sequence[str], card: str, game: str | None = None) -> bool:
    """Whether ``names`` (one zone of a summary of ``game``, a registered game's name; None: of any
    registered game) hold ``card``: one of them is the card, or reads as it in that game's summary."""
    if card in names:
        return True
    from toolkit.core.game import game_named, registered_games

    games = registered_games() if game is None else (game_named(game),)
    return any(one.card_of_summary_name(name) == card for name in names for one in games)
