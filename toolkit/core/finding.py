"""Finding the legal action a player names in text (like python-chess's ``parse_san``)."""

from __future__ import annotations

from typing import Any

from toolkit.core.actions import Action
from toolkit.core.errors import AmbiguousActionError, IllegalActionError
from toolkit.core.game import game_of

__all__ = ["find_action"]


def _label(action: object) -> str | None:
    """The main text an action names (a process, an effect, a card, a phase)."""
    for name in ("process", "effect", "card", "phase", "cards"):
        value = getattr(action, name, None)
        if isinstance(value, str):
            return value
    return None


def find_action(state: Any, text: str | Action) -> Action:
    """The legal action of ``state`` that ``text`` names, as a player would write it
    (like python-chess's ``parse_san``): its repr (``"Pass()"``,
    ``"Perform('ライトロード・マジシャン ライラ: mill 3')"``), the start of its repr, or
    the process / effect / card it names (``"ライトロード・マジシャン ライラ: mill 3"``).

    Copies that print alike are interchangeable by text: the first in the
    legal order is taken. Text that names no legal action raises
    :class:`~toolkit.core.errors.IllegalActionError` listing the legal ones;
    text that could mean actions that print differently raises
    :class:`~toolkit.core.errors.AmbiguousActionError` listing them.

    >>> from toolkit.games import shipped_scenario
    >>> from toolkit.core.game import as_state
    >>> state = as_state(shipped_scenario("arcana_force_ohka_veiler_2012"))
    >>> find_action(state, "Pass()")
    Pass()
    >>> find_action(state, "光神機−桜火#2: send itself to the GY")
    Perform('光神機−桜火#2: send itself to the GY')
    >>> find_action(state, "Perform")
    Traceback (most recent call last):
    ...
    toolkit.core.errors.AmbiguousActionError: 'Perform' could mean: Perform('光神機−桜火#1: send itself to the GY'), Perform('光神機−桜火#2: send itself to the GY')
    >>> find_action(state, "Activate('サイクロン')")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    toolkit.core.errors.IllegalActionError: "Activate('サイクロン')" is not legal here (...); legal: Pass(), Perform(...
    """
    legal = game_of(state).legal_actions(state)
    if not isinstance(text, str):
        if text in legal:
            return text
        raise IllegalActionError(text, state, legal)
    for matches in ([a for a in legal if repr(a) == text],
                    [a for a in legal if repr(a).startswith(text)],
                    [a for a in legal if _label(a) == text]):
        shown = list(dict.fromkeys(repr(a) for a in matches))
        if len(shown) == 1:
            return matches[0]
        if len(shown) > 1:
            raise AmbiguousActionError(f"{text!r} could mean: {', '.join(shown)}")
    raise IllegalActionError(text, state, legal)
