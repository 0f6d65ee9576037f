"""Find cards by Japanese or English name, the way a reader types them.

Matching uses the toolkit's one folding of card names
(:func:`toolkit.fields.fold`): width (``ＬＶ６`` is ``lv6``, half-width
katakana is katakana), case, hiragana for katakana, 《》, spaces and middle
dots do not matter, and every space-separated word of the query must occur
somewhere in the Japanese or the English name.

>>> catalogue = CardCatalogue.from_pairs([
...     ("ホルスの黒炎竜 LV６", "Horus the Black Flame Dragon LV6"),
...     ("ホルスの黒炎竜 LV８", "Horus the Black Flame Dragon LV8"),
...     ("エフェクト・ヴェーラー", "Effect Veiler"),
... ])
>>> catalogue.search("horus lv6")
['ホルスの黒炎竜 LV６']
>>> catalogue.search("ゔぇーらー"), catalogue.search("ｳﾞｪｰﾗｰ")
(['エフェクト・ヴェーラー'], ['エフェクト・ヴェーラー'])
>>> catalogue.lookup("effect veiler"), catalogue.lookup("灰流うらら")
('エフェクト・ヴェーラー', None)
>>> catalogue.label("エフェクト・ヴェーラー")
'エフェクト・ヴェーラー — Effect Veiler'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pandas as pd

from toolkit.fields import CardNames, fold

__all__ = ["CardCatalogue", "card_label", "normalise"]


def normalise(text: str) -> str:
    """Text folded for matching: the toolkit's card-name folding.

    >>> normalise("ＴＧ ストライカー LV６") == normalise("tg すとらいかー lv6")
    True
    """
    return fold(text)


def card_label(name: str, english: str | None = None) -> str:
    """How a card is shown in a list: its Japanese name, then its English name
    when it has one. The one place a card's list entry is drawn (a mark for
    a user's own card belongs here).

    >>> card_label("サイクロン", "Mystical Space Typhoon"), card_label("灰流うらら")
    ('サイクロン — Mystical Space Typhoon', '灰流うらら')
    """
    return f"{name} — {english}" if english else name


class CardCatalogue:
    """Card names (Japanese key, English where known), sorted by Japanese name.

    A catalogue made with :meth:`live` reads its names from ``source`` on
    every use, so cards registered after the builder was made are found.
    """

    def __init__(self, names: Iterable[str] = (), english: dict[str, str] | None = None, *,
                 source: Callable[[], CardNames] | None = None) -> None:
        self._source = source
        self._fixed = CardNames(names, english or {})

    @classmethod
    def live(cls, source: Callable[[], CardNames]) -> CardCatalogue:
        """A catalogue that asks ``source`` for the current names each time."""
        return cls(source=source)

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, str | None]]) -> CardCatalogue:
        """Build from (name_ja, name_en or None) pairs; duplicates collapse."""
        english: dict[str, str] = {}
        names: set[str] = set()
        for name_ja, name_en in pairs:
            names.add(name_ja)
            if name_en and name_ja not in english:
                english[name_ja] = name_en
        return cls(names, english)

    @classmethod
    def from_frame(cls, cards: pd.DataFrame, extra_names: Iterable[str] = ()) -> CardCatalogue:
        """Build from a cards table (columns name_ja, name_en) plus extra names."""
        pairs: list[tuple[str, str | None]] = []
        for name_ja, name_en in zip(cards["name_ja"], cards["name_en"], strict=True):
            pairs.append((str(name_ja), None if pd.isna(name_en) else str(name_en)))
        pairs.extend((name, None) for name in extra_names)
        return cls.from_pairs(pairs)

    @property
    def index(self) -> CardNames:
        """The names as they are now."""
        return self._source() if self._source is not None else self._fixed

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self.index.keys))

    @property
    def english(self) -> dict[str, str]:
        return dict(self.index.english)

    def label(self, name: str) -> str:
        """How a card is shown in a list (see :func:`card_label`)."""
        return card_label(name, self.index.english.get(name))

    def search(self, query: str, limit: int | None = None) -> list[str]:
        """Japanese names whose Japanese or English name contains every word.

        An empty query lists every card.
        """
        found = self.index.search(query)
        return found if limit is None else found[:limit]

    def lookup(self, name: str) -> str | None:
        """The Japanese key of the card ``name`` names (English, kana, width
        folded; a copy mark kept), or None."""
        return self.index.lookup(name)

    def unknown(self, name: str, where: str | None = None) -> str:
        """The message for a name no card has, with the three nearest names."""
        return self.index.unknown(name, where=where)

    def __contains__(self, name: object) -> bool:
        return name in self.index.keys

    def __len__(self) -> int:
        return len(self.index.keys)
