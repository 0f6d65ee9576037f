"""The card registry: every card behaviour, keyed by its Japanese name.

Card modules live beside this file (one per card or family) and call
:func:`register` at import time.  The registry imports every module of this
package the first time a card is looked up, so adding a card means adding one
module — see :mod:`toolkit.ocg.cards.base` for the protocol and a recipe.

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

import datetime
import importlib
import pkgutil
from functools import lru_cache

from toolkit.ocg.cards.base import CardBehaviour, CardText
from toolkit.errors import ToolkitError
from toolkit.fields import CardNames

__all__ = [
    "UnknownCardError",
    "behaviour",
    "card_names",
    "is_registered",
    "lookup",
    "register",
    "registered_names",
    "text_at",
]

_REGISTRY: dict[str, CardBehaviour] = {}
_loaded = False


class UnknownCardError(ToolkitError, KeyError):
    """A card name has no behaviour in the registry."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.message = card_names().unknown(name)
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


def register(item: CardBehaviour) -> CardBehaviour:
    """Add a behaviour; a second behaviour under the same name is an error."""
    existing = _REGISTRY.get(item.name)
    if existing is not None and existing is not item:
        raise ValueError(f"card {item.name!r} is registered twice")
    _REGISTRY[item.name] = item
    return item


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.name != "base" and not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")


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
