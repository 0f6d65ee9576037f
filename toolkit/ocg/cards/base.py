"""The card-behaviour protocol: what a card tells the engine.

A card behaviour is DATA: a frozen :class:`CardBehaviour` holding one or more
dated :class:`CardText` versions; each version lists, in plain fields,

=====================  ======================================================
``end_phase``          :class:`EndPhaseEffect` — processes the card has in the
                       End Phase (R6 kinds 1, 2, 4): mandatory or optional,
                       chain link or not, with the condition under which the
                       card has it (``applies``) and the trigger-condition
                       type (``DURING_END_PHASE`` — H5 governs it after the
                       hand-size adjustment).
``triggers``           :class:`Trigger` — "when X happens" effects (discarded,
                       sent to the GY, destroyed, special summoned, summoned,
                       ...), mandatory or optional, on this card (``SELF``)
                       or watching others (``ANY``, e.g. 《暗黒界の書物》).
``quick``              :class:`QuickEffect` — effects activated at spell speed
                       2/3 (Quick-Play Spells, Traps, quick effects).
``continuous``         :class:`Continuous` — effects that apply with no chain
                       link (《マクロコスモス》, 《王宮の鉄壁》, 《死霊の誘い》,
                       《デス・ウォンバット》, a self-destruct such as
                       《彼岸の悪鬼 ファーファレル》's).
``lingering``          :class:`LingeringEffect` — what a resolved effect of the
                       card leaves behind, with a :class:`Duration`
                       (《エフェクト・ヴェーラー》's negation, 《エネミー
                       コントローラー》's control, 《真炎の爆発》's "banish in
                       this End Phase", 《ピケルの魔法陣》's "this turn").
=====================  ======================================================

plus a few small callables where data is not enough: ``applies`` /
``condition`` (when), ``choices`` (targets and costs the player picks),
``cost`` and ``resolve`` (what it does, through the :class:`Board` verbs).

How to add a card (the other helper's recipe)
---------------------------------------------
Most cards are written as data instead: a YAML file in ``datasets/cards/``
in the card format of :mod:`toolkit.ocg.cards.data` (``python -m toolkit
cards --check FILE`` validates one).  A Python module is for what the format
cannot say yet; it starts with a ``# stays Python: <reason>`` line.

1. Create ``toolkit/ocg/cards/<family>.py`` (one module per card or
   family).  Modules in this package are imported automatically; nothing
   else needs editing.
2. In it, build the behaviour and call :func:`toolkit.ocg.cards.register`::

       from toolkit.ocg.cards.base import (
           CardBehaviour, CardText, CardType, EndPhaseEffect, face_up_on_field,
           your_end_phase, all_of)
       from toolkit.ocg.cards import register

       def _mill_three(board, act):
           board.mill(act.controller, 3)

       register(CardBehaviour(
           name="ライトロード・マジシャン ライラ",          # exact seed spelling, no 《》
           english="Lyla, Lightsworn Sorceress",
           card_type=CardType.MONSTER,
           texts=(CardText(end_phase=(EndPhaseEffect(
               key="mill 3", mandatory=True, chain_link=True,
               applies=all_of(face_up_on_field, your_end_phase),
               resolve=_mill_three),)),),
       ))

3. Dated text versions: give several ``CardText``s with ``since`` dates and
   the ids that justify them (``evidence``); ``text_at(date)`` picks the one
   in force (the first version has ``since=None``).  《エフェクト・ヴェーラー》
   negates UNTIL_END_PHASE before 2014-07-10 and UNTIL_END_OF_TURN from it.
4. Write ``tests/engine/test_cards_<family>.py`` with a position that shows
   the behaviour (a test that can fail).

What the engine does for you (do NOT do it in a card):
* who may act when, both-passed forcing, the hand-size adjustment and what may
  follow it (R1–R8, H1–H5, E1) — the ``toolkit.ocg.procedure`` package;
* negation: an optional effect of a negated card is not offered; a mandatory
  one is performed and resolves as negated (R8, seed 003);
* durations: UNTIL_END_PHASE gets its expiry process, the rest end in the
  turn-end sweep — ``durations.py``;
* zone moves through the board verbs apply the continuous effects (Macro
  Cosmos replacement, Iron Wall prevention, Skull Invitation damage, Des
  Wombat / Pikeru prevention) and collect the triggers they meet.

Conventions: every callable takes the :class:`~toolkit.core.values.Card`
(the source card as it is now) and the ``State`` (read-only: ``state.card(uid)``,
``state.cards_in(player, zone)``, ``state.turn_player``,
``state.is_negated(uid)``); ``resolve``/``cost`` take a :class:`Board` and
an :class:`Activation`.  No callable may keep state of its own.

>>> from toolkit.ocg.cards import behaviour
>>> b = behaviour("エフェクト・ヴェーラー")
>>> import datetime
>>> b.text_at(datetime.date(2011, 6, 1)).lingering[0].duration.name
'UNTIL_END_PHASE'
>>> b.text_at(datetime.date(2014, 7, 10)).lingering[0].duration.name
'UNTIL_END_OF_TURN'
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from toolkit.core.actions import NO_CHOICE as NO_CHOICE  # the cards name them from here
from toolkit.core.actions import Choice as Choice
from toolkit.core.durations import Duration, Lingering
from toolkit.core.values import Event, slot_init
from toolkit.ocg.cards.locality import (  # the card modules name them from here
    BOARD_LOCAL as BOARD_LOCAL,
)
from toolkit.ocg.cards.locality import (
    CARD_LOCAL as CARD_LOCAL,
)
from toolkit.ocg.cards.locality import (
    Condition as Condition,
)
from toolkit.ocg.cards.locality import (
    all_of as all_of,
)
from toolkit.ocg.cards.locality import (
    any_of as any_of,
)
from toolkit.ocg.cards.locality import (
    board_local as board_local,
)
from toolkit.ocg.cards.locality import (
    card_local as card_local,
)
from toolkit.ocg.cards.locality import (
    is_board_local as is_board_local,
)
from toolkit.ocg.cards.locality import (
    is_card_local as is_card_local,
)
from toolkit.ocg.cards.locality import (
    marked_as as marked_as,
)
from toolkit.ocg.values import Card, Position, ProcessKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import Link, State


class CardType(StrEnum):
    MONSTER = "monster"
    SPELL = "spell"
    TRAP = "trap"


class TriggerCondition(StrEnum):
    """The two condition types the H-rules tell apart."""

    DURING_END_PHASE = "during_end_phase"
    """「エンドフェイズ時」: the End Phase itself is the condition (H5 after the adjustment)."""
    WHEN = "when"
    """「〜した時／場合」: an event is the condition (H2 for the adjustment, H3 after it)."""


class Scope(StrEnum):
    SELF = "self"
    """The event happened to this card."""
    ANY = "any"
    """The event happened to any card; this card watches it from ``zones``."""




@slot_init
@dataclass(frozen=True, slots=True)
class Happening:
    """An engine-level event that triggers may match (richer than :class:`Event`).

    ``uid`` is the card it happened to (-1: none); ``player`` the player it
    concerns; ``from_zone`` where the card was; ``by_effect`` whether a card
    effect (not a cost or a rule) did it; ``by_adjustment`` whether the
    hand-size adjustment did it; ``cause`` the uid of the card whose effect did
    it (-1: none).
    """

    kind: str
    uid: int = -1
    player: str | None = None
    from_zone: Zone | None = None
    by_effect: bool = False
    by_adjustment: bool = False
    cause: int = -1
    amount: int = 0


@slot_init
@dataclass(frozen=True, slots=True)
class Activation:
    """What a ``resolve``/``cost`` callable is told: the source card, who
    controls the effect, the effect key, the player's choice, the uids of the
    cards whose happening triggered it (``subjects``), and the lingering effect
    a lingering process belongs to."""

    card: Card
    controller: str
    key: str
    choice: Choice = NO_CHOICE
    subjects: tuple[int, ...] = ()
    lingering: Lingering | None = None

    @property
    def target(self) -> int | None:
        return self.choice.target


class Board(Protocol):
    """The verbs a card's ``resolve``/``cost`` may use (implemented by
    ``toolkit.ocg.board.Board``).  Every verb records its :class:`Event`
    and the happenings triggers may meet; zone moves honour continuous effects.
    """

    @property
    def turn_player(self) -> str: ...
    def card(self, uid: int) -> Card: ...
    def cards_in(self, player: str | None, zone: Zone) -> list[Card]: ...
    def is_negated(self, uid: int) -> bool: ...
    def hand_size(self, player: str) -> int: ...
    def mill(self, player: str, n: int) -> None: ...
    def draw(self, player: str, n: int) -> None: ...
    def send_to_gy(self, uid: int) -> None: ...
    def destroy(self, uid: int) -> None: ...
    def banish(self, uid: int, *, face_down: bool = False) -> None: ...
    def place_counters(self, uid: int, n: int) -> None: ...
    def remove_counters(self, uid: int, n: int) -> None: ...
    def return_to_hand(self, uid: int) -> None: ...
    def return_to_field(self, uid: int) -> None: ...
    def add_to_hand(self, uid: int) -> None: ...
    def discard(self, uid: int) -> None: ...
    def special_summon(self, uid: int, controller: str | None = None,
                       position: Position = Position.FACE_UP) -> None: ...
    def set_control(self, uid: int, player: str) -> None: ...
    def change_position(self, uid: int, by: str, *, manual: bool = False) -> None: ...
    def damage(self, player: str, amount: int) -> None: ...
    def gain_life(self, player: str, amount: int) -> None: ...
    def add_lingering(self, item: Lingering) -> None: ...
    def skip_next_turn(self, player: str) -> None: ...
    def negate_link(self, index: int) -> None: ...
    def lose_atk_def(self, uid: int, amount: int) -> None: ...
    def record(self, event: Event) -> None: ...
    def note(self, rule: str, text: str) -> None: ...


TriggerTest = Callable[[Card, Happening, "State"], bool]
"""``(watching card, happening, state) -> bool``."""
Choices = Callable[[Card, "State", tuple[int, ...]], Iterable[Choice]]
"""``(source card, state, subjects) -> the choices the player may make``."""
Resolve = Callable[[Board, Activation], None]
"""``(board, activation) -> None``: does what the effect (or cost) does."""
Responds = Callable[[Card, "State", "Link"], bool]
"""``(source card, state, chain link responded to) -> bool``."""


@dataclass(frozen=True)
class EndPhaseEffect:
    """A process the card has in the End Phase (R6 kinds 1, 2, 4).

    ``applies(card, state)`` says whether the card has the process now (e.g.
    face-up on the field in its controller's End Phase; in the GY having been
    sent there this turn); the engine creates the process when it starts to
    apply — also after the hand-size adjustment, where H5 decides — and drops
    it when it stops applying before it was done ("unless its card left").
    ``activates``: it is an effect activation (negation stops it); a
    maintenance cost is not.  ``can_perform``: extra requirement (a cost that
    must be payable, a card to summon).  The process belongs to the card's
    current controller.  ``kind`` overrides the R6 kind (default: 1 when
    mandatory, 2 when optional) — e.g. ``ProcessKind.LINGERING`` for the rest
    of a resolved effect that the card's own text describes (Darklord
    Zerato's self-destruct) or ``MAINTENANCE_COST`` with ``activates=False``.
    ``phase``: the phase whose process it is — "end" (default), or another
    phase whose processes follow the same procedure (seed 002, P2b), e.g.
    《黄泉ガエル》's "standby".
    """

    key: str
    mandatory: bool
    chain_link: bool
    applies: Condition
    resolve: Resolve
    kind: ProcessKind | None = None
    condition: TriggerCondition = TriggerCondition.DURING_END_PHASE
    activates: bool = True
    cost: Resolve | None = None
    choices: Choices | None = None
    can_perform: Condition | None = None
    phase: str = "end"

    @property
    def process_kind(self) -> ProcessKind:
        if self.kind is not None:
            return self.kind
        return ProcessKind.MANDATORY_EFFECT if self.mandatory else ProcessKind.OPTIONAL_EFFECT


@dataclass(frozen=True)
class Trigger:
    """A "when X happens" trigger effect (always a chain link).

    ``on``: the :class:`~toolkit.core.values.EventKind` values it reacts
    to; ``scope``: SELF (it happened to this card) or ANY (this card watches,
    from ``zones``; it then triggers at most once per batch of simultaneous
    happenings, and ``Activation.subjects`` lists the cards concerned);
    ``zones``: where this card must be right after the happening;
    ``condition``: further test on the happening ("by an effect", "a monster").
    """

    key: str
    on: frozenset[str]
    mandatory: bool
    resolve: Resolve
    scope: Scope = Scope.SELF
    zones: frozenset[Zone] = frozenset({Zone.GY})
    condition: TriggerTest | None = None
    cost: Resolve | None = None
    choices: Choices | None = None
    can_activate: Condition | None = None
    face_up_required: bool = True


@dataclass(frozen=True)
class QuickEffect:
    """An effect activated at spell speed 2 or 3 (spec R5, R6 kind 6).

    ``zones``: where the card may be activated from; ``can_activate``: further
    conditions (a Quick-Play Spell from the hand only in its controller's turn,
    a set card not the turn it was set); ``responds_to``: if given, the effect
    can only be chained to a link it accepts; ``card_activation``: activating
    it is a Spell/Trap card activation (a non-continuous one goes to the GY
    after the chain).  ``moment_kinds`` / ``at_moment``: an effect that answers
    the moment an event happened ("when a monster is summoned") names the
    event kinds (the positions that hold it keep ``State.moment``), and may
    then also be activated, with no chain to respond to, while ``at_moment``
    accepts the moment.  ``mandatory``: it must be activated whenever it can be
    (rule R5b) — its controller may not pass it by, nor do anything else first.
    """

    key: str
    spell_speed: int
    resolve: Resolve
    zones: frozenset[Zone] = frozenset({Zone.FIELD})
    can_activate: Condition | None = None
    responds_to: Responds | None = None
    cost: Resolve | None = None
    choices: Choices | None = None
    card_activation: bool = True
    moment_kinds: frozenset[str] = frozenset()
    at_moment: Condition | None = None
    mandatory: bool = False


class ContinuousKind(StrEnum):
    """Effects that apply with no chain link (the engine implements each one)."""

    BANISH_INSTEAD_OF_GY = "banish_instead_of_gy"
    """《マクロコスモス》: a card that would be sent to the GY is banished instead."""
    NO_BANISH = "no_banish"
    """《王宮の鉄壁》: cards cannot be banished."""
    DAMAGE_ON_SENT_TO_GY = "damage_on_sent_to_gy"
    """《死霊の誘い》: each card sent to the GY costs its owner ``amount`` LP."""
    NO_EFFECT_DAMAGE = "no_effect_damage"
    """《デス・ウォンバット》 / 《ピケルの魔法陣》: its controller takes no effect damage."""
    SELF_DESTRUCT = "self_destruct"
    """《彼岸の悪鬼 ファーファレル》 (1): destroyed while ``condition`` holds (not a chain link)."""
    NO_OPPONENT_TRAPS_IN_BATTLE = "no_opponent_traps_in_battle"
    """《漆黒の戦士 ワーウルフ》: its controller's opponent cannot activate Traps in the Battle Phase."""
    HAND_LIMIT = "hand_limit"
    """The hand-size limit of ``player``'s hand (you, opponent, each) is ``amount`` cards instead of the
    rule's; ``amount`` 0: no limit (《無限の手札》)."""
    NEGATE_EFFECT_MONSTERS = "negate_face_up_effect_monsters"
    """《スキルドレイン》: the effects of every face-up effect monster on the field are negated."""


@card_local
def face_up_on_field(card: Card, state: State) -> bool:
    """The card is face-up on the field."""
    return card.on_field_face_up


@dataclass(frozen=True)
class Continuous:
    """A no-chain-link effect; applies while ``active(card, state)`` holds.

    ``condition`` is used by SELF_DESTRUCT (destroy when it holds, unless the
    card is negated).
    """

    kind: ContinuousKind
    amount: int = 0
    active: Condition = face_up_on_field
    condition: Condition | None = None
    player: str = "you"
    """Whom it applies to, seen from its controller (HAND_LIMIT): you, opponent or each."""


@dataclass(frozen=True)
class LingeringProcess:
    """What a lingering effect does as an End Phase process (R6 kind 3)."""

    label: str
    resolve: Resolve
    mandatory: bool = True
    chain_link: bool = False


@dataclass(frozen=True)
class LingeringEffect:
    """What a resolved effect of this card leaves behind (keyed by ``effect``,
    the string a Scenario's ``LingeringSpec.effect`` names).

    ``negates``: the target's effects are negated while it lasts;
    ``continuous``: effects that apply while it lasts (Pikeru: no effect damage
    for its controller); ``process``: an End Phase process it creates (kind 3);
    ``on_end``: what its ending does (control returns to the owner); the
    ending of an UNTIL_END_PHASE effect is itself a process (kind 5).
    """

    effect: str
    duration: Duration
    negates: bool = False
    continuous: tuple[Continuous, ...] = ()
    process: LingeringProcess | None = None
    on_end: Resolve | None = None
    label: str = ""


@dataclass(frozen=True)
class CardText:
    """One dated text version of a card.

    ``since``: first day this version is in force (None: the original text);
    ``evidence``: ruling ids (``ocg-YYMMDD-<slug>``) and event ids
    (``errata-2014-07-10``) that date it.
    """

    since: datetime.date | None = None
    end_phase: tuple[EndPhaseEffect, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    quick: tuple[QuickEffect, ...] = ()
    continuous: tuple[Continuous, ...] = ()
    lingering: tuple[LingeringEffect, ...] = ()
    evidence: tuple[str, ...] = ()
    note: str = ""

    def lingering_effect(self, effect: str) -> LingeringEffect | None:
        for item in self.lingering:
            if item.effect == effect:
                return item
        return None

    def effect_named(self, key: str) -> EndPhaseEffect | Trigger | QuickEffect | None:
        for group in (self.end_phase, self.triggers, self.quick):
            for item in group:
                if item.key == key:
                    return item
        return None


@dataclass(frozen=True)
class CardBehaviour:
    """Everything the engine knows about one card, keyed by its Japanese name.

    ``archetypes`` are name groups card texts refer to (「彼岸」, 「ハーピィ」);
    ``subtype`` is e.g. "quick-play", "continuous", "spirit", "effect";
    ``rulings`` lists ruling ids that involve the card; ``atk`` / ``defense``
    / ``attribute`` / ``level`` / ``race`` (its monster type) are a monster's
    printed values where an effect or an attack needs them (None / "" when not modelled).
    """

    name: str
    card_type: CardType
    texts: tuple[CardText, ...] = (CardText(),)
    english: str = ""
    subtype: str = ""
    archetypes: frozenset[str] = frozenset()
    rulings: tuple[str, ...] = ()
    atk: int | None = None
    defense: int | None = None
    attribute: str = ""
    level: int | None = None
    race: str = ""
    aliases: tuple[str, ...] = ()
    """Other names people call it by (another English name: 《サイクロン》 is also "Cyclone")."""
    reading: str = ""
    """The kana reading of its Japanese name (「ししゃそせい」 for 《死者蘇生》), so a name typed in kana finds it."""
    written: object = field(default=None, repr=False, compare=False)
    """The card as its file or scenario wrote it (plain data; None for a card written in Python):
    a scenario saved again writes its own cards back from it, and a catalogue tells two
    definitions of a name apart by it."""
    file: str | None = field(default=None, repr=False, compare=False)
    """The file the card was read from (None: the toolkit's own, or not from a file)."""
    line: int | None = field(default=None, repr=False, compare=False)
    """The line of the file where the card's name is written (None: not known)."""
    _order: tuple[CardText, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        dated = [t for t in self.texts if t.since is not None]
        originals = [t for t in self.texts if t.since is None]
        if len(originals) > 1:
            raise ValueError(f"{self.name}: more than one text version without a date")
        if len({t.since for t in dated}) < len(dated):
            raise ValueError(f"{self.name}: two text versions with the same since date (one could never apply)")
        ordered = tuple(originals) + tuple(sorted(dated, key=lambda t: t.since or datetime.date.min))
        if not ordered:
            raise ValueError(f"{self.name}: no text version")
        object.__setattr__(self, "_order", ordered)

    @property
    def is_monster(self) -> bool:
        return self.card_type is CardType.MONSTER

    def text_at(self, when: datetime.date | None) -> CardText:
        """The text version in force on ``when`` (None: today's text)."""
        if when is None:
            return self._order[-1]
        chosen = self._order[0]
        for text in self._order:
            if text.since is None or text.since <= when:
                chosen = text
        return chosen

    def version_dates(self) -> tuple[tuple[datetime.date, tuple[str, ...]], ...]:
        """Dates where this card's text changes, with their evidence ids."""
        return tuple((t.since, t.evidence) for t in self._order if t.since is not None)


# --- small condition helpers card modules combine -------------------------


@card_local
def your_end_phase(card: Card, state: State) -> bool:
    """It is the End Phase of this card's controller (「自分のエンドフェイズ」)."""
    return card.controller == state.turn_player


def in_zone(zone: Zone) -> Condition:
    """The card is in ``zone``."""

    def test(card: Card, state: State) -> bool:
        return card.zone is zone

    return card_local(test)


def has_tag(tag: str) -> Condition:
    """The card carries ``tag`` (e.g. "tribute_less_summoned")."""

    def test(card: Card, state: State) -> bool:
        return tag in card.tags

    return card_local(test)


def lacks_tag(tag: str) -> Condition:
    def test(card: Card, state: State) -> bool:
        return tag not in card.tags

    return card_local(test)


def if_still_on_field(verb: Callable[[Board, int], None]) -> Callable[[Board, Activation], None]:
    """A resolve step that applies ``verb(board, uid)`` to the card whose effect
    resolves, if that card is still on the field (one that left the field
    before its process resolves does nothing): e.g. a self-destruct is
    ``if_still_on_field(lambda board, uid: board.destroy(uid))``.
    """

    def resolve(board: Board, act: Activation) -> None:
        if board.card(act.card.uid).zone is Zone.FIELD:
            verb(board, act.card.uid)

    return resolve


@card_local
def never(card: Card, state: State) -> bool:
    """Always false (e.g. a hand trap usable only in the opponent's Main Phase)."""
    return False


@card_local
def own_turn(card: Card, state: State) -> bool:
    """It is this card's controller's turn (a Quick-Play Spell from the hand)."""
    return card.controller == state.turn_player


@card_local
def not_set_this_turn(card: Card, state: State) -> bool:
    return "set_this_turn" not in card.tags


def vanilla(name: str, card_type: CardType = CardType.MONSTER, *, english: str = "",
            archetypes: Iterable[str] = (), subtype: str = "") -> CardBehaviour:
    """A card with nothing to do in the End Phase (deck fillers, summon targets)."""
    return CardBehaviour(name=name, card_type=card_type, english=english,
                         archetypes=frozenset(archetypes), subtype=subtype)
