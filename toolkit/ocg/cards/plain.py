"""Cards with nothing to do in the End Phase: hand fillers and cost fodder.

The worked examples need a believable hand of seven or more cards, and a few
monsters whose type matters (《暗黒のマンティコア》 pays its cost with a
Beast, Beast-Warrior or Winged Beast). They are registered as vanilla
behaviours; :data:`MONSTER_TYPES` records the one fact about them a card text
reads (the monster's type), in one place.

>>> from toolkit.ocg.cards import behaviour
>>> behaviour("ブラッド・ヴォルス").is_monster, behaviour("死者蘇生").is_monster
(True, False)
>>> monster_type("ジェネティック・ワーウルフ")
'beast-warrior'
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import CardType, vanilla

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


for _name, _english in (
    ("ブラッド・ヴォルス", "Vorse Raider"),
    ("ジェネティック・ワーウルフ", "Gene-Warped Warwolf"),
):
    register(vanilla(_name, english=_english, subtype="normal"))

# A FIRE monster with 200 DEF (a target of 《真炎の爆発》); its own effect works
# in the Battle Phase only, so in the End Phase it is a plain monster.
register(vanilla("フレムベル・ヘルドッグ", english="Flamvell Firedog", subtype="effect"))

for _name, _english in (
    ("死者蘇生", "Monster Reborn"),
    ("強欲な壺", "Pot of Greed"),
    ("おろかな埋葬", "Foolish Burial"),
    ("増援", "Reinforcement of the Army"),
    ("大嵐", "Heavy Storm"),
    ("天使の施し", "Graceful Charity"),
):
    # Normal Spells: activated only in the Main Phase, so never in these End Phases.
    register(vanilla(_name, CardType.SPELL, english=_english, subtype="normal"))

# A Normal Trap that answers a summon by attack-position monsters of 1000+ ATK;
# in these positions it only ever sits in the hand.
register(vanilla("落とし穴", CardType.TRAP, english="Trap Hole", subtype="normal"))
