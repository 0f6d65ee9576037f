"""The cards a position may use, as one value: :class:`Catalogue`.

A catalogue maps each card's Japanese name to its behaviour and says where
each card comes from.  The shipped catalogue holds the toolkit's own cards;
the default one adds the user's card folder (``$ENDPHASE_USER_DIR/cards``,
read again when its files change); a scenario with a ``cards:`` list — or
read with ``cards=`` — holds a catalogue with its own cards on top, and every
position of it looks its cards up there.  Nothing is registered for the
whole process, so two scenarios read one after the other answer exactly as
each does alone.

>>> from toolkit.ocg.cards import shipped_catalogue
>>> shipped = shipped_catalogue()
>>> shipped.behaviour("ミストデーモン").english
'Mist Archfiend'
>>> from toolkit.ocg.cards.data.compile import compile_card
>>> mine = compile_card({"name": "試験カード", "type": "monster"}, file="mine.yaml")
>>> ours = shipped.with_cards([mine])
>>> "試験カード" in ours, "試験カード" in shipped, ours.is_user_card("試験カード")
(True, False, True)
>>> ours == shipped.with_cards([compile_card({"name": "試験カード", "type": "monster"})])  # the same content
True
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from toolkit.core.memo import Memo
from toolkit.errors import ToolkitError, shorten
from toolkit.fields import CardNames

if TYPE_CHECKING:
    from toolkit.ocg.cards.base import CardBehaviour, CardText

__all__ = ["Catalogue", "UnknownCardError", "fingerprint", "invisible"]

_TEXTS_MAX = 8192
"""The most (card, date) texts a catalogue remembers before it starts again."""

_DERIVED_MAX = 64
"""The most catalogues :meth:`Catalogue.with_cards` keeps, by their content."""


class UnknownCardError(ToolkitError, KeyError):
    """A card name has no behaviour in the catalogue asked."""

    def __init__(self, name: str, catalogue: Catalogue | None = None) -> None:
        self.name = name
        if catalogue is None:
            from toolkit.ocg.cards import default_catalogue

            catalogue = default_catalogue()
        self.message = catalogue.card_names.unknown(name)
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


UnknownCardError.__module__ = "toolkit.ocg.cards"  # where users import it from (and where it is documented)


def invisible(text: str) -> str | None:
    """The first character of ``text`` a reader cannot see (a format character such as a zero-width
    space, a soft hyphen, a variation selector, or a control character such as ESC), named with its
    code point; None when there is none.

    >>> invisible("エフェクト・ヴェーラー"), invisible("エフェクト\u200b・ヴェーラー")
    (None, 'U+200B ZERO WIDTH SPACE at character 6')
    """
    import unicodedata

    for i, char in enumerate(text):
        if unicodedata.category(char) in ("Cf", "Cc") or 0xFE00 <= ord(char) <= 0xFE0F:
            return f"U+{ord(char):04X} {unicodedata.name(char, 'a control character')} at character {i + 1}"
    return None


def fingerprint(card: CardBehaviour) -> str:
    """What tells two definitions of one card name apart: the digest of the card as written
    (its identity for a card built in Python, which has no written form)."""
    if card.written is None:
        return f"object:{id(card)}"
    import hashlib
    import json

    from toolkit.ocg.cards.data.carried import keys_as_text

    text = json.dumps(keys_as_text(card.written), sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


class Catalogue:
    """Card name → behaviour, with where each card comes from (``python:<module>``,
    ``data:<file>`` or ``user:<file>``).  A value: equal when the same user cards
    (by content) stand on the shipped ones; :meth:`with_cards` gives a new one."""

    __slots__ = ("_cards", "_origins", "key", "_hash", "_names", "_texts", "_user_files", "_folds")

    def __init__(self, cards: Mapping[str, CardBehaviour], origins: Mapping[str, str]) -> None:
        self._cards = dict(cards)
        self._origins = dict(origins)
        self.key: tuple[tuple[str, str], ...] = tuple(sorted(
            (name, fingerprint(card)) for name, card in self._cards.items()
            if self._origins.get(name, "").startswith("user:")))
        """The user cards by content: what equality and hashing compare (the shipped cards are fixed)."""
        self._hash = hash(self.key)
        self._names: CardNames | None = None
        self._texts: dict[tuple[str, datetime.date | None], CardText] = {}
        self._user_files = {name: origin[5:] for name, origin in sorted(self._origins.items())
                            if origin.startswith("user:")}
        self._folds: dict[str, str] | None = None

    # -- a value ---------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Catalogue) and self.key == other.key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        own = len(self._user_files)
        return f"<Catalogue of {len(self._cards)} cards, {own} of your own>"

    def __contains__(self, name: object) -> bool:
        return name in self._cards

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._cards))

    def __len__(self) -> int:
        return len(self._cards)

    # -- looking cards up ------------------------------------------------

    def names(self) -> tuple[str, ...]:
        """Every card name, sorted."""
        return tuple(sorted(self._cards))

    def get(self, name: str) -> CardBehaviour | None:
        return self._cards.get(name)

    def behaviour(self, name: str) -> CardBehaviour:
        """The behaviour of the card whose key is ``name``, or :class:`UnknownCardError`."""
        found = self._cards.get(name)
        if found is None:
            raise UnknownCardError(name, self)
        return found

    @property
    def card_names(self) -> CardNames:
        """The names with their English names, for reading what a person typed."""
        if self._names is None:
            self._names = CardNames(self._cards, {name: c.english for name, c in self._cards.items()},
                                    {name: (*c.aliases, c.reading) for name, c in self._cards.items()})
        return self._names

    def lookup(self, typed: str) -> CardBehaviour:
        """The card a person named (Japanese key, English name, hiragana, width slips, 《》),
        or :class:`UnknownCardError` with the nearest names."""
        key = self.card_names.lookup(typed)
        found = None if key is None else self._cards.get(key)
        if found is None:
            raise UnknownCardError(typed, self)
        return found

    def text_at(self, name: str, when: datetime.date | None) -> CardText:
        """The text version of ``name`` in force on ``when`` (None: today's)."""
        key = (name, when)
        found = self._texts.get(key)
        if found is None:
            if len(self._texts) >= _TEXTS_MAX:
                self._texts.clear()
            found = self._texts[key] = self.behaviour(name).text_at(when)
        return found

    def origin(self, name: str) -> str:
        """Where the card comes from: ``python:<module>``, ``data:<file>`` or ``user:<file>``."""
        self.behaviour(name)
        return self._origins[name]

    def is_user_card(self, name: str) -> bool:
        """Whether ``name`` is a card the user wrote (a card file, a scenario's ``cards:``)."""
        return name in self._user_files

    @property
    def user_files(self) -> Mapping[str, str]:
        """Name → file of every card of the user's own (sorted by name)."""
        return self._user_files

    def origins(self) -> Mapping[str, str]:
        """Name → origin of every card."""
        return dict(self._origins)

    # -- a catalogue with more cards -------------------------------------

    def problem(self, name: str, english: str | None, shadows: bool, aliases: Iterable[str] = (),
                reading: str | None = None) -> str | None:
        """Why a user's card may not stand beside this catalogue's shipped cards, or None.

        A shipped card's exact Japanese name needs ``shadows: true``; a name that
        only looks like a shipped card's — the same once width, kana, case and
        spaces are folded (``ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ``), or its English name — would make
        every look-up of that card ambiguous, so it is refused either way.
        """
        from toolkit.fields import fold

        hidden = invisible(name) or (invisible(english) if english else None)
        if hidden is not None:
            what = "name" if invisible(name) else "English name"
            return (f"card {shorten(name)}: its {what} holds an invisible character ({hidden}); it would display exactly as "
                    "another name and never match what a person types: remove it")
        known = self._origins.get(name)
        if known is not None and not known.startswith("user:"):
            if shadows:
                return None
            return f"card {shorten(name)}: a shipped card has this name; write 'shadows: true' to replace it with your card"
        folds = self._shipped_folds()
        for written, what in ((name, "name"), (english, "English name"), *((a, "other name") for a in aliases),
                              (reading, "reading")):
            if not written:
                continue
            other = folds.get(fold(written))
            if other is None or other == name:
                continue
            item = self._cards[other]
            shown = f"{other} ({item.english})" if item.english else other
            instead = (f"remove the other name {shorten(written)}" if what == "other name"
                       else f"give your card another {what}")
            return (f"card {shorten(name)}: its {what} reads as the shipped card {shown} once width, kana, case and "
                    f"spaces are ignored; {instead}, or write 'name: {other}' and "
                    "'shadows: true' to replace the shipped card")
        return None

    def _shipped_folds(self) -> dict[str, str]:
        """The folded names (Japanese, English, other names, reading) of the cards that are not the
        user's -> their name
        (built once per catalogue: a folder of many cards of one's own is checked in linear time)."""
        if self._folds is None:
            from toolkit.fields import fold

            folds: dict[str, str] = {}
            for other, item in sorted(self._cards.items()):
                if self._origins.get(other, "").startswith("user:"):
                    continue
                for written in (other, item.english, *item.aliases, item.reading):
                    if written:
                        folds.setdefault(fold(written), other)
            self._folds = folds
        return self._folds

    def with_cards(self, cards: Iterable[CardBehaviour]) -> Catalogue:
        """This catalogue with ``cards`` of the user's own on top (a card of the user's with the
        same name is replaced; a shipped one only by a card saying ``shadows: true``).  The same
        name given twice with different definitions is refused, naming both files."""
        from toolkit.ocg.cards.data.compile import CardFileError

        given: dict[str, CardBehaviour] = {}
        for card in cards:
            earlier = given.get(card.name)
            if earlier is not None and fingerprint(earlier) != fingerprint(card):
                files = " and ".join(dict.fromkeys(_place(c) for c in (earlier, card)))
                raise CardFileError(f"card {shorten(card.name)}: defined twice, differently, in {files}; keep one "
                                    "definition (or give one card another name)", file=card.file, field="name",
                                    line=card.line)
            given.setdefault(card.name, card)
        if not given:
            return self
        memo_key = (self.key, tuple(sorted((n, fingerprint(c), c.file or "") for n, c in given.items())))
        found = _DERIVED.get(memo_key)
        if found is not None:
            return found
        cards_now, origins = dict(self._cards), dict(self._origins)
        for name, card in given.items():
            written = card.written
            shadows = isinstance(written, dict) and written.get("shadows") is True
            problem = self.problem(name, card.english, shadows, card.aliases, card.reading)
            if problem is not None:
                raise CardFileError(problem, file=card.file, field=problem_field(problem))
            cards_now[name] = card
            origins[name] = "user:" + (card.file or "<text>")
        return _DERIVED.put(memo_key, Catalogue(cards_now, origins))

    def own_cards(self, names: Iterable[str]) -> list[CardBehaviour]:
        """The cards of the user's own among ``names`` (first mention first, each once)."""
        return [self._cards[n] for n in dict.fromkeys(names) if n in self._user_files]


def problem_field(problem: str) -> str:
    """The field of a card that :meth:`Catalogue.problem`'s message is about.

    >>> problem_field("card x: its reading reads as the shipped card y ..."), problem_field("card x: a shipped ...")
    ('reading', 'name')
    """
    for what, field in (("English name", "english"), ("other name", "aliases"), ("reading", "reading")):
        if f"its {what} reads as" in problem:
            return field
    return "name"


_DERIVED: Memo[tuple[object, ...], Catalogue] = Memo(_DERIVED_MAX)
"""(base key, the added cards by content and file) -> the catalogue :meth:`Catalogue.with_cards`
made (the same scenario read twice gives the same catalogue object; bounded; threads may share it)."""


def _place(card: CardBehaviour) -> str:
    """Where a card is written: ``file (line N)``, or "your text"."""
    if not card.file:
        return "your text"
    return f"{card.file} (line {card.line})" if card.line else card.file
