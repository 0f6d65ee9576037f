"""Whose effect negates a card: a lingering negation on it (《エフェクト・ヴェーラー》) or a
continuous effect negating every face-up effect monster (《スキルドレイン》, no chain link).

The State and the Board ask it through :meth:`~toolkit.ocg.state.PositionReader.is_negated` and
``negated_by``; it reads the position (``cards``, ``lingering``, ``tables``) and imports no state.
"""

from __future__ import annotations

from typing import Any

from toolkit.ocg.cards.base import ContinuousKind
from toolkit.ocg.values import Zone

DRAIN = ContinuousKind.NEGATE_EFFECT_MONSTERS


def lingering_negator(reader: Any, uid: int) -> str | None:
    """The card whose lingering effect negates card ``uid``'s effects (the first), or None."""
    for item in reader.lingering:
        if item.target == uid:
            effect = reader.tables.text_of(item.source).lingering_effect(item.effect)
            if effect is not None and effect.negates:
                return str(item.source)
    return None


def is_effect_monster(behaviour: Any) -> bool:
    """A monster with effects: every monster but a Normal Monster."""
    return bool(behaviour.is_monster) and behaviour.subtype != "normal"


def draining(reader: Any, uid: int) -> str | None:
    """The face-up card whose continuous effect negates card ``uid``, a face-up effect monster on
    the field (《スキルドレイン》), or None (also when no card of the position has such an effect)."""
    tables = reader.tables
    if DRAIN not in tables.continuous_kinds:
        return None
    card = reader.cards[uid]
    if not card.on_field_face_up or not is_effect_monster(tables.behaviour(card.name)):
        return None
    for source in tables.continuous_uids:
        c = reader.cards[source]
        if c.zone is not Zone.FIELD:
            continue
        for eff in tables.text[c.name].continuous:
            if eff.kind is DRAIN and eff.active(c, reader) and lingering_negator(reader, c.uid) is None:
                return str(c.name)
    return None


def may_negate(reader: Any) -> bool:
    """Whether anything in the position can negate a card: a lingering effect, or a card with a
    continuous negation (cheap: the callers skip the look-up when not)."""
    return bool(reader.lingering) or DRAIN in reader.tables.continuous_kinds
