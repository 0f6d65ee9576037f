"""The card registry: every card behaviour, keyed by its Japanese name.

Most shipped cards are data: YAML files in ``datasets/cards/`` written in the
card format of :mod:`toolkit.ocg.cards.data` (compiled into the same
:class:`~toolkit.ocg.cards.base.CardBehaviour` values).  The cards the format
cannot say yet stay Python modules beside this file (one per card or family;
each says why in a ``# stays Python:`` line) and call :func:`register` at
import time.  The registry loads both the first time a card is looked up,
then the user's cards (``$ENDPHASE_USER_DIR/cards/``); a notebook adds more
with :func:`load_card_definitions`.  A user card may replace a shipped one
only when it says ``shadows: true``.

>>> behaviour("ライトロード・マジシャン ライラ").english
'Lyla, Lightsworn Sorceress'
>>> behaviour("ライラ")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
toolkit.ocg.cards.UnknownCardError: Unknown card 「ライラ」 — did you mean 「ライトロード・マジシャン ライラ」 (Lyla, Lightsworn Sorceress), ...? To add your own card, ...

:func:`behaviour` wants the registry's key; what a person typed (English,
hiragana, half-width) goes through :func:`lookup` or :func:`card_names`:

>>> lookup("lyla, lightsworn sorceress").name, card_names().key("えふぇくと・ゔぇーらー")
('ライトロード・マジシャン ライラ', 'エフェクト・ヴェーラー')
"""

from __future__ import annotations

import copy
import datetime
import importlib
import os
import pkgutil
from functools import lru_cache
from typing import Any
from pathlib import Path

from toolkit.core.generation import definitions_changed
from toolkit.ocg.cards.base import CardBehaviour, CardText
from toolkit.errors import ToolkitError
from toolkit.fields import CardNames

__all__ = [
    "UnknownCardError",
    "behaviour",
    "card_origin",
    "card_names",
    "is_registered",
    "is_user_card",
    "load_card_definitions",
    "python_cards_with_reasons",
    "lookup",
    "register",
    "registered_names",
    "text_at",
]

_REGISTRY: dict[str, CardBehaviour] = {}
_ORIGIN: dict[str, str] = {}
"""Card name -> where it comes from: ``python:<module>``, ``data:<file>`` or ``user:<file>``."""
_loaded = False
USER_CARD_FILES: dict[str, str] = {}
"""Name -> file of every user card registered in this process (traces name them)."""
USER_CARD_RULE = "user_card"
"""The rule column of the trace note that names a user card."""
INLINE_DEFINITIONS: dict[str, dict[str, object]] = {}
"""Card name -> the definition a scenario's ``cards:`` list gave it, as written
(a scenario saved again writes it back: ``toolkit.ocg.scenario.scenario_to_dict``)."""


class UnknownCardError(ToolkitError, KeyError):
    """A card name has no behaviour in the registry."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.message = card_names().unknown(name)
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


def register(item: CardBehaviour, origin: str | None = None) -> CardBehaviour:
    """Add a behaviour; a second behaviour under the same name is an error."""
    existing = _REGISTRY.get(item.name)
    if existing is not None and existing is not item:
        raise ValueError(f"card {item.name!r} is registered twice")
    _REGISTRY[item.name] = item
    _ORIGIN.setdefault(item.name, origin or _caller_module())
    return item


def _caller_module() -> str:
    import sys

    frame = sys._getframe(2)
    return "python:" + str(frame.f_globals.get("__name__", "?")).rsplit(".", 1)[-1]


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.ispkg or module.name == "base" or module.name.startswith("_"):
            continue
        importlib.import_module(f"{__name__}.{module.name}")
    from toolkit.ocg.cards.data.reading import read_cards, shipped_card_folder, user_card_folder

    for loaded in read_cards(shipped_card_folder()):
        register(loaded.behaviour, "data:" + Path(loaded.file).name)
    user = user_card_folder()
    if user.is_dir():
        _add_user_cards(list(read_cards(user)))


def _add_user_cards(cards: list[object], unchanged: frozenset[str] = frozenset()) -> tuple[CardBehaviour, ...]:
    """Register user cards (``unchanged``: names given again the definition they had)."""
    from toolkit.ocg.cards.data.compile import CardFileError
    from toolkit.ocg.cards.data.reading import LoadedCard

    out = []
    replaced = False
    for loaded in cards:
        assert isinstance(loaded, LoadedCard)
        name, origin = loaded.behaviour.name, "user:" + loaded.file
        problem = user_card_problem(name, loaded.behaviour.english, loaded.shadows)
        if problem is not None:
            raise CardFileError(problem, file=loaded.file, field=problem_field(problem))
        replaced = replaced or (name in _REGISTRY and name not in unchanged)
        _REGISTRY[name] = loaded.behaviour
        _ORIGIN[name] = origin
        INLINE_DEFINITIONS.pop(name, None)
        USER_CARD_FILES[name] = loaded.file
        out.append(loaded.behaviour)
    text_at.cache_clear()
    global _names
    _names = None  # a shadowing card may bring another English name
    if replaced:  # a card that had a definition has another now: what was remembered of it no longer holds
        definitions_changed()
    return tuple(out)


def user_card_problem(name: str, english: str | None, shadows: bool) -> str | None:
    """Why a user's card may not be registered beside the shipped ones, or None.

    A shipped card's exact Japanese name needs ``shadows: true``; a name that
    only looks like a shipped card's — the same once width, kana, case and
    spaces are folded (``ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ``), or its English name — would make
    every look-up of that card ambiguous, so it is refused either way.

    >>> user_card_problem("ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ", None, False)
    "card ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ: its name reads as the shipped card エフェクト・ヴェーラー (Effect Veiler) once width, kana, case and spaces are ignored; give your card another name, or write 'name: エフェクト・ヴェーラー' and 'shadows: true' to replace the shipped card"
    >>> user_card_problem("クリバンデット", "Kuribandit", False) is None
    True
    """
    from toolkit.fields import fold

    _load_all()
    known = _ORIGIN.get(name)
    if known is not None and not known.startswith("user:"):
        if shadows:
            return None
        return f"card {name}: a shipped card has this name; write 'shadows: true' to replace it with your card"
    for written, what in ((name, "name"), (english, "English name")):
        if not written:
            continue
        wanted = fold(written)
        for other, item in sorted(_REGISTRY.items()):
            if other == name or _ORIGIN.get(other, "").startswith("user:"):
                continue
            if wanted in (fold(other), fold(item.english or "\0")):
                shown = f"{other} ({item.english})" if item.english else other
                return (f"card {name}: its {what} reads as the shipped card {shown} once width, kana, case and "
                        f"spaces are ignored; give your card another {what}, or write 'name: {other}' and "
                        "'shadows: true' to replace the shipped card")
    return None


def problem_field(problem: str) -> str:
    """The field of a card that :func:`user_card_problem`'s message is about."""
    return "english" if "its English name reads as" in problem else "name"


def load_card_definitions(path: str | os.PathLike[str]) -> tuple[CardBehaviour, ...]:
    """Load the card file (or every ``*.yaml`` of the folder) at ``path`` and
    register its cards for this process; returns their behaviours.

    A card whose name is a shipped card's is refused unless it says
    ``shadows: true``; loading a file again replaces its cards.
    """
    from toolkit.ocg.cards.data.reading import read_cards

    _load_all()
    return _add_user_cards(list(read_cards(path)))


def add_inline_cards(data: object, file: str | None) -> tuple[CardBehaviour, ...]:
    """Register the ``cards:`` list of a scenario file (user cards, as above)."""
    from toolkit.ocg.cards.data.reading import compile_cards

    _load_all()
    compiled: list[Any] = list(compile_cards(data, file, where="cards"))
    written = [data] if isinstance(data, dict) else list(data) if isinstance(data, list) else []
    unchanged = frozenset(loaded.behaviour.name for loaded, definition in zip(compiled, written)
                          if INLINE_DEFINITIONS.get(loaded.behaviour.name) == definition)
    added = _add_user_cards(compiled, unchanged)
    for card, definition in zip(added, written):  # compile_cards keeps the list's order, or raised
        INLINE_DEFINITIONS[card.name] = copy.deepcopy(definition)
    return added


def is_user_card(name: str) -> bool:
    """Whether ``name`` is a card the user wrote (a card file, a scenario's ``cards:``)."""
    _load_all()
    return _ORIGIN.get(name, "").startswith("user:")


def card_origin(name: str) -> str:
    """Where a card comes from: ``python:<module>``, ``data:<file>`` or ``user:<path>``."""
    behaviour(name)
    return _ORIGIN[name]


def python_cards_with_reasons() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Module -> (its ``# stays Python:`` reason, the cards it registers), for the
    shipped cards that are still Python modules."""
    _load_all()
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    for module in sorted({o.split(":", 1)[1] for o in _ORIGIN.values() if o.startswith("python:")}):
        source = Path(__file__).with_name(f"{module}.py").read_text(encoding="utf-8")
        reason = next((line.split(":", 1)[1].strip() for line in source.splitlines()
                       if line.startswith("# stays Python:")), "")
        names = tuple(sorted(n for n, o in _ORIGIN.items() if o == f"python:{module}"))
        out[module] = (reason, names)
    return out


def behaviour(name: str) -> CardBehaviour:
    """The behaviour registered under ``name``, or :class:`UnknownCardError`."""
    found = _REGISTRY.get(name)
    if found is None:
        _load_all()
        found = _REGISTRY.get(name)
        if found is None:
            raise UnknownCardError(name)
    return found


def is_registered(name: str) -> bool:
    _load_all()
    return name in _REGISTRY


def registered_names() -> tuple[str, ...]:
    """Every registered card name, sorted."""
    _load_all()
    return tuple(sorted(_REGISTRY))


_names: tuple[tuple[str, ...], CardNames] | None = None


def card_names() -> CardNames:
    """The names of every registered card with their English names, as read
    now (a card registered later is in the next call's answer)."""
    global _names
    _load_all()
    current = tuple(_REGISTRY)
    if _names is None or _names[0] != current:
        _names = (current, CardNames(current, {name: item.english for name, item in _REGISTRY.items()}))
    return _names[1]


def lookup(name: str) -> CardBehaviour:
    """The behaviour of the card a person named: its Japanese key, its English
    name, or either with hiragana, half-width or full-width letters, 《》 or
    other spaces; :class:`UnknownCardError` with the nearest names otherwise."""
    names = card_names()
    key = names.lookup(name)
    if key is None or key not in _REGISTRY:
        raise UnknownCardError(name)
    return _REGISTRY[key]


@lru_cache(maxsize=4096)
def text_at(name: str, when: datetime.date | None) -> CardText:
    """The text version of ``name`` in force on ``when`` (None: today's)."""
    return behaviour(name).text_at(when)
