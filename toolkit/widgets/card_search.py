"""Find cards by Japanese or English name, the way a reader types them.

Matching is forgiving about width and case: full-width letters and digits in
the Japanese names (``ＬＶ６``) match their ASCII forms (``lv6``), and every
space-separated word of the query must occur somewhere in the Japanese or the
English name.

>>> catalogue = CardCatalogue.from_pairs([
...     ("ホルスの黒炎竜 LV６", "Horus the Black Flame Dragon LV6"),
...     ("ホルスの黒炎竜 LV８", "Horus the Black Flame Dragon LV8"),
...     ("エフェクト・ヴェーラー", "Effect Veiler"),
... ])
>>> catalogue.search("horus lv6")
['ホルスの黒炎竜 LV６']
>>> catalogue.search("ヴェーラー")
['エフェクト・ヴェーラー']
>>> catalogue.label("エフェクト・ヴェーラー")
'エフェクト・ヴェーラー — Effect Veiler'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

import pandas as pd


def normalise(text: str) -> str:
    """Width- and case-folded text for matching (NFKC, casefold).

    >>> normalise("ＴＧ ストライカー LV６")
    'tg ストライカー lv6'
    """
    return unicodedata.normalize("NFKC", text).casefold()


@dataclass(frozen=True)
class CardCatalogue:
    """Card names (Japanese key, English where known), sorted by Japanese name."""

    names: tuple[str, ...]
    english: dict[str, str] = field(default_factory=dict, compare=False)

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, str | None]]) -> CardCatalogue:
        """Build from (name_ja, name_en or None) pairs; duplicates collapse."""
        english: dict[str, str] = {}
        names: set[str] = set()
        for name_ja, name_en in pairs:
            names.add(name_ja)
            if name_en and name_ja not in english:
                english[name_ja] = name_en
        return cls(tuple(sorted(names)), english)

    @classmethod
    def from_frame(cls, cards: pd.DataFrame, extra_names: Iterable[str] = ()) -> CardCatalogue:
        """Build from a cards table (columns name_ja, name_en) plus extra names."""
        pairs: list[tuple[str, str | None]] = []
        for name_ja, name_en in zip(cards["name_ja"], cards["name_en"], strict=True):
            pairs.append((str(name_ja), None if pd.isna(name_en) else str(name_en)))
        pairs.extend((name, None) for name in extra_names)
        return cls.from_pairs(pairs)

    def label(self, name: str) -> str:
        """How a card is shown in a list: Japanese name, then English if known."""
        english = self.english.get(name)
        return f"{name} — {english}" if english else name

    def search(self, query: str, limit: int | None = None) -> list[str]:
        """Japanese names whose Japanese or English name contains every word.

        An empty query lists every card.
        """
        words = normalise(query).split()
        found = [
            name
            for name in self.names
            if all(word in normalise(f"{name} {self.english.get(name, '')}") for word in words)
        ]
        return found if limit is None else found[:limit]

    def __contains__(self, name: object) -> bool:
        return name in self.names

    def __len__(self) -> int:
        return len(self.names)
