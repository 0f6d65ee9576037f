"""The card catalogues: every card behaviour, keyed by its Japanese name.

Most shipped cards are data: YAML files in ``datasets/cards/`` written in the
card format of :mod:`toolkit.ocg.cards.data` (compiled into the same
:class:`~toolkit.ocg.cards.base.CardBehaviour` values).  The cards the format
cannot say yet stay Python modules beside this file (one per card or family;
each says why in a ``# stays Python:`` line) and call :func:`register` at
import time.  Together they are the shipped
:class:`~toolkit.ocg.cards.catalogue.Catalogue`; the default catalogue adds the
user's cards (``$ENDPHASE_USER_DIR/cards/``, read again when the files
change), and a scenario's own cards (its ``cards:`` list, or
``load_scenario(path, cards=load_card_definitions(file))``) stand in that
scenario's catalogue only: nothing is registered for the whole process.  A
user card may replace a shipped one only when it says ``shadows: true``.

>>> behaviour("ライトロード・マジシャン ライラ").english
'Lyla, Lightsworn Sorceress'
>>> behaviour("ライラ")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
toolkit.ocg.cards.UnknownCardError: Unknown card 「ライラ」 — did you mean 「ライトロード・マジシャン ライラ」 (Lyla, Lightsworn Sorceress), ...? To add your own card, ...

:func:`behaviour` wants the catalogue's key; what a person typed (English,
hiragana, half-width) goes through :func:`lookup` or :func:`card_names`:

>>> lookup("lyla, lightsworn sorceress").name, card_names().key("えふぇくと・ゔぇーらー")
('ライトロード・マジシャン ライラ', 'エフェクト・ヴェーラー')
"""

from __future__ import annotations

import datetime
import importlib
import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from toolkit.fields import CardNames
from toolkit.ocg.cards.base import CardBehaviour, CardText
from toolkit.ocg.cards.catalogue import Catalogue, UnknownCardError

__all__ = [
    "Catalogue",
    "UnknownCardError",
    "behaviour",
    "card_origin",
    "card_names",
    "default_catalogue",
    "is_registered",
    "is_user_card",
    "load_card_definitions",
    "python_cards_with_reasons",
    "lookup",
    "register",
    "registered_names",
    "shipped_catalogue",
    "text_at",
    "user_card_problem",
]

USER_CARD_RULE = "user_card"
"""The rule column of the trace note that names a user card."""

_PYTHON_CARDS: dict[str, tuple[CardBehaviour, str]] = {}
"""The shipped cards written in Python, as their modules declare them on import (package code,
never a file of the user's): name -> (behaviour, ``python:<module>``)."""


def register(item: CardBehaviour, origin: str | None = None) -> CardBehaviour:
    """Declare a shipped card written in Python (its module calls this on import); a second
    behaviour under the same name is an error."""
    existing = _PYTHON_CARDS.get(item.name)
    if existing is not None and existing[0] is not item:
        raise ValueError(f"card {item.name!r} is registered twice")
    _PYTHON_CARDS[item.name] = (item, origin or _caller_module())
    return item


def _caller_module() -> str:
    import sys

    frame = sys._getframe(2)
    return "python:" + str(frame.f_globals.get("__name__", "?")).rsplit(".", 1)[-1]


@lru_cache(maxsize=1)
def shipped_catalogue() -> Catalogue:
    """The toolkit's own cards: the Python card modules beside this file and the card files
    of ``datasets/cards`` (read once: they are part of the package; from their generated
    snapshot, :mod:`toolkit.ocg.cards.data.snapshot`, while it is of these very files)."""
    import pkgutil

    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.ispkg or module.name in ("base", "catalogue") or module.name.startswith("_"):
            continue
        importlib.import_module(f"{__name__}.{module.name}")
    from toolkit.ocg.cards.data.reading import shipped_card_folder
    from toolkit.ocg.cards.data.snapshot import shipped_cards

    cards = {name: item for name, (item, _origin) in _PYTHON_CARDS.items()}
    origins = {name: origin for name, (_item, origin) in _PYTHON_CARDS.items()}
    for loaded in shipped_cards(shipped_card_folder()):
        name = loaded.behaviour.name
        if name in cards:
            raise ValueError(f"card {name!r} is registered twice")
        cards[name] = loaded.behaviour
        origins[name] = "data:" + Path(loaded.file).name
    return Catalogue(cards, origins)


def default_catalogue() -> Catalogue:
    """The shipped cards and the user's card folder (``$ENDPHASE_USER_DIR/cards``) as its files
    are now: read again when a file is added, removed or changed; a file that cannot be used is
    refused every time (one line naming it), never skipped."""
    from toolkit.ocg.cards.data.reading import folder_state, user_card_folder

    folder = user_card_folder()
    return _catalogue_of_folder(str(folder), folder_state(folder))


@lru_cache(maxsize=8)
def _catalogue_of_folder(folder: str, state: tuple[object, ...]) -> Catalogue:
    """The shipped cards with the card files of ``folder`` as they were when ``state`` (their
    names, sizes and modification times) was read: remembered by both, bounded."""
    from toolkit.ocg.cards.data.reading import read_cards

    shipped = shipped_catalogue()
    if not state:
        return shipped
    return shipped.with_cards(loaded.behaviour for loaded in read_cards(folder))


def user_card_problem(name: str, english: str | None, shadows: bool, aliases: Iterable[str] = (),
                      reading: str | None = None) -> str | None:
    """Why a user's card may not stand beside the shipped ones, or None
    (:meth:`Catalogue.problem` of the shipped catalogue).

    >>> user_card_problem("ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ", None, False)
    "card ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ: its name reads as the shipped card エフェクト・ヴェーラー (Effect Veiler) once width, kana, case and spaces are ignored; give your card another name, or write 'name: エフェクト・ヴェーラー' and 'shadows: true' to replace the shipped card"
    >>> user_card_problem("クリバンデット", "Kuribandit", False) is None
    True
    """
    return shipped_catalogue().problem(name, english, shadows, aliases, reading)


def load_card_definitions(path: str | os.PathLike[str]) -> tuple[CardBehaviour, ...]:
    """Read and check the card file (or every ``*.yaml`` of the folder) at ``path``: its cards'
    behaviours.  Nothing is registered: give them to the scenario that uses them
    (``load_scenario(file, cards=...)``), write them in its ``cards:`` list, or put the file in
    ``$ENDPHASE_USER_DIR/cards/``.  A card whose name is a shipped card's is refused unless it
    says ``shadows: true``, and a name defined twice differently is refused naming both files."""
    from toolkit.ocg.cards.data.reading import read_cards

    cards = tuple(loaded.behaviour for loaded in read_cards(path))
    default_catalogue().with_cards(cards)  # the same checks as a scenario that uses them
    return cards


def is_user_card(name: str) -> bool:
    """Whether ``name`` is a card of the user's folder (a card file in ``$ENDPHASE_USER_DIR/cards``)."""
    return default_catalogue().is_user_card(name)


def card_origin(name: str) -> str:
    """Where a card comes from: ``python:<module>``, ``data:<file>`` or ``user:<path>``."""
    return default_catalogue().origin(name)


def python_cards_with_reasons() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Module -> (its ``# stays Python:`` reason, the cards it registers), for the
    shipped cards that are still Python modules."""
    origins = shipped_catalogue().origins()
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    for module in sorted({o.split(":", 1)[1] for o in origins.values() if o.startswith("python:")}):
        source = Path(__file__).with_name(f"{module}.py").read_text(encoding="utf-8")
        reason = next((line.split(":", 1)[1].strip() for line in source.splitlines()
                       if line.startswith("# stays Python:")), "")
        names = tuple(sorted(n for n, o in origins.items() if o == f"python:{module}"))
        out[module] = (reason, names)
    return out


def behaviour(name: str) -> CardBehaviour:
    """The behaviour of the default catalogue's card ``name``, or :class:`UnknownCardError`
    (a position's own cards: ``state.tables.behaviour``)."""
    return default_catalogue().behaviour(name)


def is_registered(name: str) -> bool:
    return name in default_catalogue()


def registered_names() -> tuple[str, ...]:
    """Every card name of the default catalogue, sorted."""
    return default_catalogue().names()


def card_names() -> CardNames:
    """The names of the default catalogue's cards with their English names."""
    return default_catalogue().card_names


def lookup(name: str) -> CardBehaviour:
    """The behaviour of the card a person named: its Japanese key, its English
    name, or either with hiragana, half-width or full-width letters, 《》 or
    other spaces; :class:`UnknownCardError` with the nearest names otherwise."""
    return default_catalogue().lookup(name)


def text_at(name: str, when: datetime.date | None) -> CardText:
    """The text version of ``name`` in force on ``when`` (None: today's), in the default catalogue."""
    return default_catalogue().text_at(name, when)
