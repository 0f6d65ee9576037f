"""《堕天使ゼラート》 Darklord Zerato.

Its ignition effect (discard a DARK monster: destroy every monster the
opponent controls) also destroys Zerato itself in the End Phase of the turn
it was used — a MANDATORY End Phase process with no chain link (in R6 terms
the rest of a resolved effect, kind 3; it is declared as a card End Phase
effect because the engine keys kind-3 processes to scenario lingering
effects). Negated by a pre-errata 《エフェクト・ヴェーラー》, the
process is performed while negated and destroys nothing; the 12/09/16 answer
lets the turn player perform both Zeratos' processes in a row before the
opponent ends the negations. A scenario marks a Zerato that used its effect
with the tag ``effect_used_this_turn``.
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import (
    CardBehaviour,
    CardText,
    CardType,
    EndPhaseEffect,
    all_of,
    face_up_on_field,
    has_tag,
    if_still_on_field,
)


_destroy_itself = if_still_on_field(lambda board, uid: board.destroy(uid))


register(
    CardBehaviour(
        name="堕天使ゼラート",
        english="Darklord Zerato",
        card_type=CardType.MONSTER,
        subtype="effect",
        rulings=("ocg-120916-zerato-veiler",),
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="destroy itself (its effect was used)",
                        mandatory=True,
                        chain_link=False,
                        applies=all_of(face_up_on_field, has_tag("effect_used_this_turn")),
                        resolve=_destroy_itself,
                    ),
                ),
            ),
        ),
    )
)
