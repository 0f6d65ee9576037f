"""What a card becomes when it moves: the tags a zone move takes away and adds (``Board._move``
keeps the answer per card and move in ``PositionTables.moves``).

>>> from toolkit.ocg.values import Card, Position, Zone
>>> card = Card(0, "x", "A", "A", Zone.FIELD, tags=frozenset({"summoned_this_turn"}))
>>> sorted(moved_values(card, Zone.GY, None, Position.FACE_UP, frozenset())[6])
['left_field_face_up', 'sent_to_gy_from_field', 'sent_to_gy_this_turn']
"""

from __future__ import annotations

from toolkit.ocg.counters import without_counters
from toolkit.ocg.stats import without_stat_changes
from toolkit.ocg.values import FACE_UP_POSITIONS, Card, Position, Zone

FIELD_ONLY_TAGS = frozenset(
    {
        "tribute_less_summoned",
        "summoned_this_turn",
        "flipped_this_turn",
        "destroyed_monster_by_battle",
        "control_taken",
        "set_this_turn",
        "coin_tails",
        "effect_used_this_turn",
        "position_changed_this_turn",
        "attacked_this_turn",
    }
)
"""Tags about a card's stay on the field; they go when it leaves (a new card)."""


LEFT_FACE_UP = frozenset({"left_field_face_up"})
"""The tag of a card that was face-up on the field when it last left it."""
TO_GY_TAGS: dict[Zone, frozenset[str]] = {
    zone: frozenset({"sent_to_gy_this_turn", f"sent_to_gy_from_{zone.value}"}) for zone in Zone}
"""The tags a card sent to the GY from each zone gets."""

BANISHED_TAGS = frozenset({"banished_this_turn"})
"""The tag a banished card gets (《マクロコスモス》's banish instead of the GY too)."""

BANISHED_FACE_DOWN = frozenset({"banished_face_down"})
"""The tag of a card banished face-down (it goes when the card is banished again, or moves)."""

_FIELD, _GY, _BANISHED = Zone.FIELD, Zone.GY, Zone.BANISHED


def moved_values(card: Card, to: Zone, controller: str | None, position: Position,
                 extra_tags: frozenset[str]) -> tuple[int, str, str, str, Zone, Position, frozenset[str], str]:
    """The field values (in order) of the card ``card`` becomes when moved to ``to`` in ``position``
    (``controller``: who controls it on the field, None: its owner; ``extra_tags``: added)."""
    origin = card.zone
    tags = card.tags
    if origin is _FIELD and to is not _FIELD:
        tags = without_counters(without_stat_changes(tags - FIELD_ONLY_TAGS))
        if card.position in FACE_UP_POSITIONS:  # how it left: "destroyed while face-up"
            tags = tags | LEFT_FACE_UP
        elif LEFT_FACE_UP <= tags:
            tags = tags - LEFT_FACE_UP
    if to is _GY:
        tags = tags | TO_GY_TAGS[origin]
    elif to is _BANISHED:
        tags = tags | BANISHED_TAGS
    if origin is _BANISHED and BANISHED_FACE_DOWN <= tags:
        tags = tags - BANISHED_FACE_DOWN
    if extra_tags:
        tags = tags | extra_tags
    owner = card.owner
    new_controller = controller if (to is _FIELD and controller is not None) else owner
    return card.uid, card.name, owner, new_controller, to, position, frozenset(tags), card.label
