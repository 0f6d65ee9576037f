"""The Gadgets: 《レッド・ガジェット》, 《イエロー・ガジェット》, 《グリーン・ガジェット》.

Each, when Normal or Special Summoned, adds the next Gadget from the deck to
the hand (Red -> Yellow -> Green -> Red) — a MANDATORY "when" trigger in the
OCG text of the time. In the 14/06/04 answer a Red Gadget summoned by
《暗黒界の書物》 after the adjustment adds Yellow Gadget, and the opponent
cannot activate 《強烈なはたき落とし》 against that addition.
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import Activation, Board, CardBehaviour, CardText, CardType, Resolve, Trigger
from toolkit.ocg.values import EventKind, Zone

NEXT_GADGET: dict[str, tuple[str, str]] = {
    "レッド・ガジェット": ("Red Gadget", "イエロー・ガジェット"),
    "イエロー・ガジェット": ("Yellow Gadget", "グリーン・ガジェット"),
    "グリーン・ガジェット": ("Green Gadget", "レッド・ガジェット"),
}


def _fetch(wanted: str) -> Resolve:
    def resolve(board: Board, act: Activation) -> None:
        for c in board.cards_in(act.controller, Zone.DECK):
            if c.name == wanted:
                board.add_to_hand(c.uid)
                return

    return resolve


for _name, (_english, _next) in NEXT_GADGET.items():
    register(
        CardBehaviour(
            name=_name,
            english=_english,
            card_type=CardType.MONSTER,
            subtype="effect",
            archetypes=frozenset({"ガジェット"}),
            rulings=("ocg-140604-grimoire-gadget-drastic-drop-off",),
            texts=(
                CardText(
                    triggers=(
                        Trigger(
                            key=f"add {_next}",
                            on=frozenset({EventKind.SUMMONED, EventKind.SPECIAL_SUMMONED}),
                            mandatory=True,
                            zones=frozenset({Zone.FIELD}),
                            resolve=_fetch(_next),
                        ),
                    ),
                ),
            ),
        )
    )
