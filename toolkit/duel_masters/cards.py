"""The Duel Masters cards of seed 004, keyed by Japanese name — as much of each
as its Q&A needs, and no more.

Where 004 does not quote a card's text, the behaviour is read from the
question and answer and says so in ``notes``; numbers the Q&A does not give
are not invented (a creature's power comes from the scenario when it matters).
Three placeholders stand for cards whose identity does not matter:
``（クリーチャー）`` (a creature), ``（魔導具）`` (a Magic Tool card) and
``（カード）`` (any card, e.g. a shield).

>>> behaviour("黒神龍ザンジバル").power
5000
>>> [a.key for a in behaviour("極魔王殿 ウェルカム・ヘル").end_of_turn]
['龍解']
>>> behaviour("ZERO ハンド").declarations[0].key
'侵略ZERO'
>>> behaviour("ブラック・ホール・ドラゴン")
Traceback (most recent call last):
...
toolkit.duel_masters.cards.UnknownDMCardError: no Duel Masters card 'ブラック・ホール・ドラゴン' in the toolkit; known: Dの地獄 ハリデルベルグ, ZERO ハンド, インフェルノ・サイン, ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Protocol

from toolkit.core.actions import NO_CHOICE, Choice
from toolkit.core.values import other
from toolkit.duel_masters.board import TO_MANA_INSTEAD, DMBoard
from toolkit.duel_masters.state import DMCard, DMZone
from toolkit.errors import ToolkitError

__all__ = ["Activation", "Declaration", "EndAbility", "Triggered", "register", "unregister", "DMBehaviour", "UnknownDMCardError", "behaviour", "card_names", "PLACEHOLDERS"]


class UnknownDMCardError(ToolkitError, KeyError):
    """A card name the Duel Masters behaviours do not know."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown card"


class Position(Protocol):
    """What card code reads: a DMState or a DMBoard."""

    @property
    def turn_player(self) -> str: ...

    def card(self, uid: int) -> DMCard: ...

    def in_zone(self, player: str | None, zone: DMZone) -> tuple[DMCard, ...] | list[DMCard]: ...


def _one(position: Position, card: DMCard) -> tuple[Choice, ...]:
    return (NO_CHOICE,)


def _always(position: Position, card: DMCard) -> bool:
    return True


@dataclass(frozen=True)
class EndAbility:
    """An "at the end of (your / the opponent's / each) turn" ability (D2 (1)).

    ``turns``: whose turn's end it triggers at, from its controller's view;
    ``triggers``: the condition read when the step comes; ``ignored``: a
    reason the ability may be ignored (e.g. 鬼タイム), read when the step comes
    (and again at resolution only under a counterfactual ruleset);
    ``anchor``: ``self``, or ``equipped`` for a Dragheart Weapon whose ability
    goes with the creature it is equipped to.
    """

    key: str
    mandatory: bool
    resolve: Callable[[DMBoard, DMCard, Choice], None]
    turns: str = "yours"
    triggers: Callable[[Position, DMCard], bool] = _always
    ignored: Callable[[Position, DMCard], str | None] | None = None
    choices: Callable[[Position, DMCard], tuple[Choice, ...]] = _one
    anchor: str = "self"
    condition: Callable[[Position, DMCard], str | None] | None = None
    """An "if …" the effect needs when it resolves: None when it holds, else why not (D3)."""


@dataclass(frozen=True)
class Declaration:
    """An ability that needs a declaration (使用宣言, D2 (2)/(4)), usable from ``zone``."""

    key: str
    turns: str
    resolve: Callable[[DMBoard, DMCard], None]
    zone: DMZone = DMZone.HAND
    usable: Callable[[Position, DMCard], bool] = _always


@dataclass(frozen=True)
class Activation:
    """An ability its controller activates (起動) once, while it resolves its waiting effects."""

    key: str
    resolve: Callable[[DMBoard, DMCard], None]


@dataclass(frozen=True)
class Triggered:
    """An ability that triggers during the step (e.g. "when this flips")."""

    key: str
    mandatory: bool
    resolve: Callable[[DMBoard, DMCard, Choice], None]
    choices: Callable[[Position, DMCard], tuple[Choice, ...]] = _one


@dataclass(frozen=True)
class DMBehaviour:
    """One card: its kind, printed power (when known and needed) and abilities."""

    name: str
    kind: str
    notes: str
    power: int | None = None
    end_of_turn: tuple[EndAbility, ...] = ()
    declarations: tuple[Declaration, ...] = ()
    activations: tuple[Activation, ...] = ()
    on_flip: tuple[Triggered, ...] = ()
    on_destroyed: tuple[Triggered, ...] = ()
    on_enter: Callable[[DMBoard, DMCard], None] | None = None
    shield_trigger: bool = False
    flip_side: str | None = None
    power_modifier: Callable[[DMBoard, DMCard, DMCard], int] | None = None
    lingering_power: dict[str, int] = field(default_factory=dict)
    delayed: dict[str, EndAbility] = field(default_factory=dict)
    lingering_effects: tuple[str, ...] = ()

    @property
    def is_creature(self) -> bool:
        return self.kind == "creature"


# --------------------------------------------------------------------------
# Small helpers the cards share
# --------------------------------------------------------------------------


def _creature_uids(position: Position, player: str) -> list[int]:
    return [c.uid for c in position.in_zone(player, DMZone.BATTLE) if behaviour(c.name).is_creature]


def _return_destroyed(board: DMBoard, player: str, source: str) -> None:
    """Put every creature of ``player`` destroyed this turn from the graveyard into the battle zone."""
    back = [c.uid for c in board.in_zone(player, DMZone.GRAVEYARD)
            if c.uid in board.destroyed and behaviour(c.name).is_creature]
    if not back:
        board.note(board.rule, f"{source}: no creature of {player} destroyed this turn is in the graveyard")
    for uid in back:
        board.put_into_battle_zone(uid, source=f"graveyard ({source})")


def _oni_time(position: Position) -> bool:
    """鬼タイム: both players' shields total 6 or fewer."""
    return len(position.in_zone(None, DMZone.SHIELD)) <= 6


# --------------------------------------------------------------------------
# The cards
# --------------------------------------------------------------------------


def _clock_enters(board: DMBoard, card: DMCard) -> None:
    board.note("D1", f"{card.label} entered the battle zone: the rest of this turn is skipped")
    board.skip_rest_of_turn(card)


def _destroy_your_creatures(board: DMBoard, card: DMCard, choice: Choice) -> None:
    for uid in _creature_uids(board, card.owner):
        board.destroy(uid)


def _welcome_hell_choices(position: Position, card: DMCard) -> tuple[Choice, ...]:
    mine = _creature_uids(position, card.owner)
    return tuple(Choice(cost=combo) for combo in combinations(mine, 4))


def _welcome_hell(board: DMBoard, card: DMCard, choice: Choice) -> None:
    if len(choice.cost) < 4 or any(board.card(u).zone is not DMZone.BATTLE for u in choice.cost):
        board.note(board.rule, f"{card.label}: four of its controller's creatures are no longer there to destroy")
        return
    for uid in choice.cost:
        board.destroy(uid)
    board.flip(card.uid)


def _desgoros_choices(position: Position, card: DMCard) -> tuple[Choice, ...]:
    targets = _creature_uids(position, other(card.owner))
    return tuple(Choice(targets=(t,)) for t in targets) or (NO_CHOICE,)


def _desgoros(board: DMBoard, card: DMCard, choice: Choice) -> None:
    if choice.target is not None and board.card(choice.target).zone is DMZone.BATTLE:
        board.destroy(choice.target)


def _gurje(board: DMBoard, card: DMCard, choice: Choice) -> None:
    _return_destroyed(board, card.owner, card.label)


def _oodate_condition(position: Position, card: DMCard) -> str | None:
    return None if position.card(card.uid).tapped else "it is not tapped"


def _oodate_ignored(position: Position, card: DMCard) -> str | None:
    return "鬼タイム (the shields total 6 or fewer)" if _oni_time(position) else None


def _oodate(board: DMBoard, card: DMCard, choice: Choice) -> None:
    board.destroy(card.uid)


def _tsuki_choices(position: Position, card: DMCard) -> tuple[Choice, ...]:
    shields = [c.uid for c in position.in_zone(card.owner, DMZone.SHIELD)]
    return (Choice(targets=(shields[0],)),) if shields else (NO_CHOICE,)


def _tsuki(board: DMBoard, card: DMCard, choice: Choice) -> None:
    if choice.target is not None and board.card(choice.target).zone is DMZone.SHIELD:
        board.break_shield(choice.target)


def _mcguffin(board: DMBoard, card: DMCard, choice: Choice) -> None:
    board.draw(other(card.owner), 1)


def _heavens_heaven_choices(position: Position, card: DMCard) -> tuple[Choice, ...]:
    hand = [c.uid for c in position.in_zone(card.owner, DMZone.HAND) if behaviour(c.name).is_creature]
    return tuple(Choice(targets=(u,)) for u in hand) or (NO_CHOICE,)


def _heavens_heaven(board: DMBoard, card: DMCard, choice: Choice) -> None:
    if choice.target is not None and board.card(choice.target).zone is DMZone.HAND:
        board.put_into_battle_zone(choice.target, source=f"hand ({card.label})")
    else:
        board.note(board.rule, f"{card.label}: no creature in hand to put into the battle zone")


def _hellfuez_anchor_ok(position: Position, card: DMCard) -> bool:
    return card.equipped_to >= 0


def _hellfuez_condition(position: Position, card: DMCard) -> str | None:
    opponent = other(card.owner)
    destroyed = getattr(position, "destroyed", None)
    if destroyed is None:
        destroyed = getattr(position, "destroyed_this_turn")
    if any(position.card(u).owner == opponent for u in destroyed):
        return None
    return f"no creature of {opponent} has been destroyed this turn"


def _hellfuez(board: DMBoard, card: DMCard, choice: Choice) -> None:
    board.flip(card.uid)


def _d_switch(board: DMBoard, card: DMCard) -> None:
    _return_destroyed(board, card.owner, card.label)
    for creature, weapon in sorted(board.left_weapons.items()):
        back, tool = board.card(creature), board.card(weapon)
        if back.zone is DMZone.BATTLE and tool.zone is DMZone.BATTLE and tool.equipped_to == -1:
            board.equip(weapon, creature)
            board.note("D3", f"{tool.label} is equipped again to {back.label}, which left the battle zone "
                       "during this step")


def _ga_ryuzak_usable(position: Position, card: DMCard) -> bool:
    return bool(_magic_tools(position, card.owner))


def _magic_tools(position: Position, player: str) -> list[int]:
    return [c.uid for zone in (DMZone.BATTLE, DMZone.GRAVEYARD) for c in position.in_zone(player, zone)
            if behaviour(c.name).kind == "magic_tool" and not any(t.startswith("under ") for t in c.tags)]


def _ga_ryuzak(board: DMBoard, card: DMCard) -> None:
    tools = _magic_tools(board, card.owner)
    board.put_into_battle_zone(card.uid, source="hand (無月の門・絶)", under=tools)


def _zero_hand(board: DMBoard, card: DMCard) -> None:
    board.to_graveyard(card.uid)
    board.record("cast", card, detail="侵略ZERO")
    board.note(board.rule, f"{card.label} is cast for free (its spell text is not modelled)")


def _zanjibar_modifier(board: DMBoard, source: DMCard, target: DMCard) -> int:
    return -2000 if target.owner != source.owner and target.tapped else 0


_BEHAVIOURS: tuple[DMBehaviour, ...] = (
    DMBehaviour(
        "終末の時計 ザ・クロック", "creature",
        "Shield trigger; when it enters the battle zone the rest of the turn is skipped (004 Q&A).",
        shield_trigger=True, on_enter=_clock_enters),
    DMBehaviour(
        "鬼ヶ王魔 エンド・ジャオウガ", "creature",
        "Its 鬼エンド gives an extra turn at whose end all your creatures are destroyed; scenarios give that "
        "end-of-turn destruction as a delayed ability (004 Q&A).",
        delayed={"destroy_your_creatures": EndAbility("destroy your creatures", True, _destroy_your_creatures)}),
    DMBehaviour(
        "夢見がちモッフル", "creature",
        "Its +4000 power lasts during the opponent's turn (a lingering effect); its printed power comes from "
        "the scenario.",
        lingering_power={"power_plus_4000": 4000}, lingering_effects=("power_plus_4000",)),
    DMBehaviour(
        "黒神龍ザンジバル", "creature",
        "The opponent's tapped creatures get -2000 power while it is in the battle zone.",
        power=5000, power_modifier=_zanjibar_modifier),
    DMBehaviour(
        "極魔王殿 ウェルカム・ヘル", "dragheart_fortress",
        "At the end of your turn you may destroy four of your creatures; if you do, it flips (龍解) to "
        "極・魔壊王 デスゴロス (004's examples, Gurje Gurje Q&A).",
        flip_side="極・魔壊王 デスゴロス",
        end_of_turn=(EndAbility("龍解", False, _welcome_hell, choices=_welcome_hell_choices),)),
    DMBehaviour(
        "極・魔壊王 デスゴロス", "creature",
        "The creature side of Welcome Hell: when it flips in, destroy one of the opponent's creatures (004).",
        on_flip=(Triggered("destroy an opponent's creature", True, _desgoros, choices=_desgoros_choices),)),
    DMBehaviour(
        "グルジェ・グルジェ", "creature",
        "At the end of your turn, your creatures destroyed this turn return from the graveyard — only if it "
        "is still in the battle zone when the ability resolves (004 Q&A; whether it is optional is not stated).",
        end_of_turn=(EndAbility("return destroyed creatures", True, _gurje),)),
    DMBehaviour(
        "オオダテ入道", "creature",
        "At the end of your turn, if it is tapped (read when the ability resolves, D3), it is destroyed; under "
        "鬼タイム (both players' shields total 6 or fewer, our reading) the ability is ignored — read when the "
        "turn's end comes (004 Q&A).",
        end_of_turn=(EndAbility("destroy itself", True, _oodate, condition=_oodate_condition,
                                ignored=_oodate_ignored),)),
    DMBehaviour(
        "月と破壊と魔王と天使", "creature",
        "At the end of your turn one of your shields is broken (the first listed), changing the shield count "
        "in the Oodate Nyudo Q&A.",
        end_of_turn=(EndAbility("break one of your shields", True, _tsuki, choices=_tsuki_choices),)),
    DMBehaviour(
        "スパダチ ケントナークR", "creature",
        "Its キリフダReVo effect lasts during the turn: the opponent's creatures that would be put into the "
        "battle zone go to the mana zone instead (read from the Ga-Ryuzak Q&A).",
        lingering_effects=(TO_MANA_INSTEAD,)),
    DMBehaviour(
        "卍月 ガ・リュザーク 卍", "creature",
        "無月の門・絶: at the end of each turn, declared from the hand, it is summoned with your Magic Tool "
        "cards under it (how many it needs is not modelled: all of them are used).",
        declarations=(Declaration("無月の門・絶", "each", _ga_ryuzak, usable=_ga_ryuzak_usable),)),
    DMBehaviour(
        "ZERO ハンド", "spell",
        "侵略ZERO: at the end of the opponent's turn, declared from the hand, it is cast for free (its spell "
        "text and the declaration's condition are not modelled).",
        declarations=(Declaration("侵略ZERO", "opponents", _zero_hand),)),
    DMBehaviour(
        "天獄の正義 ヘブンズ・ヘブン", "dragheart_fortress",
        "At the end of your turn you may put a creature (a blocker; the keyword is not checked) from your hand "
        "into the battle zone.",
        end_of_turn=(EndAbility("put a blocker into the battle zone", False, _heavens_heaven,
                                choices=_heavens_heaven_choices),)),
    DMBehaviour(
        "劇の根源 マクガフィン", "creature",
        "At the end of your turn the opponent draws a card (read from the ZERO Hand Q&A).",
        end_of_turn=(EndAbility("the opponent draws a card", True, _mcguffin),)),
    DMBehaviour(
        "インフェルノ・サイン", "spell",
        "Brought McGuffin back earlier in the turn; nothing of it acts at the end of the turn."),
    DMBehaviour(
        "煉獄刃 ヘルフエズ", "dragheart_weapon",
        "At the end of your turn, if an opponent's creature was destroyed this turn, it flips; the ability goes "
        "with the creature it is equipped to (004's example; whether it is optional is not stated).",
        end_of_turn=(EndAbility("龍解", True, _hellfuez, triggers=_hellfuez_anchor_ok, anchor="equipped",
                                condition=_hellfuez_condition),)),
    DMBehaviour(
        "Dの地獄 ハリデルベルグ", "d2_field",
        "D・スイッチ (once): your creatures destroyed this turn return from the graveyard, and a Dragheart "
        "Weapon they had is equipped again (004's second example).",
        activations=(Activation("D・スイッチ", _d_switch),)),
    DMBehaviour("（クリーチャー）", "creature", "Placeholder: a creature whose identity does not matter."),
    DMBehaviour("（魔導具）", "magic_tool", "Placeholder: a Magic Tool card (魔導具)."),
    DMBehaviour("（カード）", "card", "Placeholder: any card (e.g. a shield)."),
)

_BY_NAME: dict[str, DMBehaviour] = {b.name: b for b in _BEHAVIOURS}
PLACEHOLDERS = frozenset({"（クリーチャー）", "（魔導具）", "（カード）"})


def register(card: DMBehaviour) -> DMBehaviour:
    """Add a card behaviour (your own cards, or a test's); a name already known is refused."""
    if card.name in _BY_NAME:
        raise ValueError(f"a Duel Masters card named {card.name!r} is already registered")
    _BY_NAME[card.name] = card
    return card


def unregister(name: str) -> None:
    """Remove a card added with :func:`register` (the cards of seed 004 cannot be removed)."""
    if name in {b.name for b in _BEHAVIOURS}:
        raise ValueError(f"{name!r} is one of the toolkit's own cards")
    _BY_NAME.pop(name, None)


def card_names() -> tuple[str, ...]:
    """Every card the Duel Masters engine knows, sorted."""
    return tuple(sorted(_BY_NAME))


def behaviour(name: str) -> DMBehaviour:
    """The behaviour of a card by Japanese name (a flipped side included)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise UnknownDMCardError(
            f"no Duel Masters card {name!r} in the toolkit; known: {', '.join(card_names())}") from None
