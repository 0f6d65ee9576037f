"""Cards with nothing to do in the End Phase: hand fillers and cost fodder.

The worked examples need a believable hand of seven or more cards, and a few
monsters whose type matters (《暗黒のマンティコア》 pays its cost with a
Beast, Beast-Warrior or Winged Beast). They are data now
(``datasets/cards/plain.yaml``); :data:`MONSTER_TYPES` records the one fact about them a card text
reads (the monster's type), in one place.

>>> from toolkit.ocg.cards import behaviour
>>> behaviour("ブラッド・ヴォルス").is_monster, behaviour("死者蘇生").is_monster
(True, False)
>>> monster_type("ジェネティック・ワーウルフ")
'beast-warrior'
"""

from __future__ import annotations

MONSTER_TYPES: dict[str, str] = {
    "ブラッド・ヴォルス": "beast-warrior",
    "ジェネティック・ワーウルフ": "beast-warrior",
    "フレムベル・ヘルドッグ": "beast",
}
"""Monster type of the filler monsters (and others registered elsewhere that a
cost or condition asks about)."""


def monster_type(name: str) -> str | None:
    """The monster type of ``name`` if recorded here (None: unknown / not asked)."""
    return MONSTER_TYPES.get(name)
