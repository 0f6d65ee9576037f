"""The verbs of the card format: what an effect does, through the Board's verbs.

A verb step is ``{verb: parameters}`` (or a bare verb name); a list of steps
runs in order.  Verbs that act on cards take ``card`` — a *selector*
(``itself``, ``target``, ``picked``, ``cost``, ``lingering_target``, or
``{first: FILTER}`` / ``{each: FILTER}`` / ``{first_of_each: [FILTER, ...]}`` /
``{up_to_distinct_names: {n, filter}}``) — and may be guarded with ``if_in``
(the card must still be in that zone) or ``if_face_up``.  *Choices* say what
the player picks when activating or performing: a target, cards chosen
without targeting them (``pick``: "add 1 ... from your Deck"), or cards to
pay a cost with.

>>> sorted(VERBS.terms)[:4]
['add_to_hand', 'banish', 'change_position', 'damage']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from toolkit.core.values import PLAYERS, Event, other
from toolkit.ocg.cards.base import Activation, Board, Choice, Choices, Condition, Resolve, is_card_local
from toolkit.ocg.cards.data.conditions import CardFilter
from toolkit.ocg.cards.data.terms import NESTED, OPTIONS, WORDS, Param, Registry, TermError, words
from toolkit.ocg.cards.reach import DECK, ITSELF, LIFE, touched_by, touches_only
from toolkit.ocg.values import Card, EventKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

Pick = Callable[[Board, Activation], list[int]]
"""``(board, activation) -> the uids a verb acts on``."""

SELECTORS = Registry("card selector")


@SELECTORS.add("itself", "the card whose effect this is")
def _itself() -> Pick:
    pick: Pick = lambda board, act: [act.card.uid]  # noqa: E731
    setattr(pick, SELF_ONLY, True)
    return pick


SELF_ONLY = "_self_only"
"""The attribute of the ``itself`` selector (a verb acting on it moves only its own card)."""


@SELECTORS.add("target", "the card the player targeted")
def _target() -> Pick:
    def pick(board: Board, act: Activation) -> list[int]:
        targets = act.choice.targets  # (``act.target``: the first, if any)
        return [targets[0]] if targets else []

    return pick


@SELECTORS.add("cost", "the cards the player chose to pay the cost with")
def _cost() -> Pick:
    return lambda board, act: list(act.choice.cost)


@SELECTORS.add("picked", "the card(s) the player chose without targeting them (choose: {pick: ...})")
def _picked() -> Pick:
    return lambda board, act: list(act.choice.picks)


@SELECTORS.add("lingering_target", "the card the lingering effect applies to")
def _lingering_target() -> Pick:
    def pick(board: Board, act: Activation) -> list[int]:
        if act.lingering is None or act.lingering.target < 0:
            return []
        return [act.lingering.target]

    setattr(pick, LINGERING_TARGET_ONLY, True)
    return pick


LINGERING_TARGET_ONLY = "_lingering_target_only"
"""The attribute of the ``lingering_target`` selector (a verb acting on it acts on that one card, if any)."""


def _seen(board: Board, act: Activation) -> Card:
    return board.card(act.card.uid)


@SELECTORS.add("first", "the first card matching the filter", Param("filter", "filter", "the cards"))
def _first(filter: CardFilter) -> Pick:
    def pick(board: Board, act: Activation) -> list[int]:
        found = filter.first(_seen(board, act), board, act.controller)
        return [found.uid] if found is not None else []

    return pick


@SELECTORS.add("each", "every card matching the filter", Param("filter", "filter", "the cards"))
def _each(filter: CardFilter) -> Pick:
    def pick(board: Board, act: Activation) -> list[int]:
        return [c.uid for c in filter.cards(_seen(board, act), board, act.controller)]

    return pick


@SELECTORS.add("first_of_each", "the first card of each filter, or none if one finds nothing",
               Param("filters", "filters", "one filter per card"))
def _first_of_each(filters: tuple[CardFilter, ...]) -> Pick:
    def pick(board: Board, act: Activation) -> list[int]:
        out = []
        for f in filters:
            found = f.first(_seen(board, act), board, act.controller)
            if found is None:
                return []
            out.append(found.uid)
        return out

    return pick


@SELECTORS.add("up_to_distinct_names", "up to n cards with different names matching the filter",
               Param("n", "int", "at most this many"), Param("filter", "filter", "the cards"))
def _distinct(n: int, filter: CardFilter) -> Pick:
    def pick(board: Board, act: Activation) -> list[int]:
        taken: dict[str, int] = {}
        for c in filter.cards(_seen(board, act), board, act.controller):
            if c.name not in taken and len(taken) < n:
                taken[c.name] = c.uid
        return list(taken.values())

    return pick


NESTED["selector"] = lambda written: SELECTORS.build(written)


# --- verbs -------------------------------------------------------------------

VERBS = Registry("verb")


_ONE_PLAYER: dict[str, tuple[str]] = {p: (p,) for p in PLAYERS}
_OTHER_PLAYER: dict[str, tuple[str]] = {p: (other(p),) for p in PLAYERS}
_EACH_PLAYER: tuple[str, ...] = tuple(PLAYERS)


def _players(who: str, act: Activation) -> tuple[str, ...]:
    """The players ``who`` names for the effect's controller: ``you``, ``opponent`` or ``each``.

    >>> act = Activation(card=Card(0, "x", "A", "A", Zone.FIELD), controller="A", key="k")
    >>> _players("you", act), _players("opponent", act), _players("each", act)
    (('A',), ('B',), ('A', 'B'))
    """
    if who == "you":
        return _ONE_PLAYER.get(act.controller) or (act.controller,)
    if who == "opponent":
        return _OTHER_PLAYER.get(act.controller) or (other(act.controller),)
    if who == "each":
        return _EACH_PLAYER
    raise KeyError(who)


CARD = Param("card", "selector", "which card(s): itself, target, picked, cost, lingering_target, {first: ...}, ...")
IF_IN = Param("if_in", "zone", "act only on a card still in this zone", False)
IF_FACE_UP = Param("if_face_up", "bool", "act only on a card still face-up on the field", False, False)
PLAYER = Param("player", "player", "you (default), opponent or each", False, "you")


def _on_cards(act_on: Callable[[Board, int, Activation], None], *, leaves: bool = False,
              method: str | None = None) -> Callable[..., Resolve]:
    """A verb acting on each card its selector picks (``leaves``: the verb moves the card
    to the hand, the GY or banishes it — on ``itself``, it touches only its own card;
    ``method``: ``act_on`` is this Board verb on the card, called directly).

    Built once per effect into the plainest function that does it: with no guard, the card is
    not looked at first; on ``itself``, no list of uids is made (nor, for a Board verb, the call that
    adapts it)."""

    def build(card: Pick, if_in: Zone | None, if_face_up: bool) -> Resolve:
        itself = getattr(card, SELF_ONLY, False)
        resolve: Resolve
        if itself and method is not None and (if_in is not None or if_face_up):
            def resolve(board: Board, act: Activation) -> None:  # (the guarded loop below, on its one card)
                uid = act.card.uid
                now = board.card(uid)
                if if_in is not None and now.zone is not if_in:
                    return
                if if_face_up and not now.on_field_face_up:
                    return
                getattr(board, method)(uid)
        elif if_in is not None or if_face_up:
            def resolve(board: Board, act: Activation) -> None:
                for uid in card(board, act):
                    now = board.card(uid)
                    if if_in is not None and now.zone is not if_in:
                        continue
                    if if_face_up and not now.on_field_face_up:
                        continue
                    act_on(board, uid, act)
        elif itself and method is not None:
            def resolve(board: Board, act: Activation) -> None:
                getattr(board, method)(act.card.uid)
        elif itself:
            def resolve(board: Board, act: Activation) -> None:
                act_on(board, act.card.uid, act)
        elif getattr(card, LINGERING_TARGET_ONLY, False):
            def resolve(board: Board, act: Activation) -> None:  # (the loop below, on its one card if any)
                lingering = act.lingering
                if lingering is not None and lingering.target >= 0:
                    act_on(board, lingering.target, act)
        else:
            def resolve(board: Board, act: Activation) -> None:
                for uid in card(board, act):
                    act_on(board, uid, act)

        return touches_only(resolve, ITSELF) if leaves and itself else resolve

    return build


_LEAVING = frozenset({"send_to_gy", "destroy", "banish", "return_to_hand", "add_to_hand", "discard"})
"""The verbs that move a card to the hand, the GY or banish it (never into a deck or onto the field)."""
_BOARD_VERBS = frozenset({"send_to_gy", "destroy", "return_to_hand", "add_to_hand", "return_to_field", "discard"})
"""The verbs that are the Board verb of the same name on the card, and nothing else."""

for _name, _text, _do in (
    ("send_to_gy", "send the card(s) to the GY", lambda b, uid, act: b.send_to_gy(uid)),
    ("destroy", "destroy the card(s)", lambda b, uid, act: b.destroy(uid)),
    ("return_to_hand", "return the card(s) to the hand", lambda b, uid, act: b.return_to_hand(uid)),
    ("add_to_hand", "add the card(s) to the hand", lambda b, uid, act: b.add_to_hand(uid)),
    ("return_to_field", "a card banished for a while comes back to its owner's field (not a summon)",
     lambda b, uid, act: b.return_to_field(uid)),
    ("discard", "discard the card(s)", lambda b, uid, act: b.discard(uid)),
    ("special_summon", "Special Summon the card(s) to the effect controller's field",
     lambda b, uid, act: b.special_summon(uid, act.controller)),
    ("take_control", "the effect's controller takes control of the card(s)",
     lambda b, uid, act: b.set_control(uid, act.controller)),
    ("change_position", "change the battle position of the card(s)",
     lambda b, uid, act: b.change_position(uid, act.controller)),
):
    VERBS.add(_name, _text, CARD, IF_IN, IF_FACE_UP, shorthand="card")(
        _on_cards(_do, leaves=_name in _LEAVING, method=_name if _name in _BOARD_VERBS else None))


@VERBS.add("banish", "banish the card(s) (face_down: face-down; tag banished_face_down)", CARD, IF_IN, IF_FACE_UP,
           Param("face_down", "bool", "banish it face-down (default: face-up)", False, False), shorthand="card")
def _banish(card: Pick, if_in: Zone | None, if_face_up: bool, face_down: bool) -> Resolve:
    return _on_cards(lambda b, uid, act: b.banish(uid, face_down=face_down), leaves=True)(card, if_in, if_face_up)


COUNT = Param("count", "int", "how many (default 1)", False, 1)

VERBS.add("place_counters", "put counters on the card(s) on the field (a turn count, Venom Counters, ...)",
          CARD, COUNT, IF_IN, IF_FACE_UP, shorthand="card")(
    lambda card, count, if_in, if_face_up: _on_cards(lambda b, uid, act: b.place_counters(uid, count))(
        card, if_in, if_face_up))
VERBS.add("remove_counters", "take counters off the card(s) (as many as there are, up to count)",
          CARD, COUNT, IF_IN, IF_FACE_UP, shorthand="card")(
    lambda card, count, if_in, if_face_up: _on_cards(lambda b, uid, act: b.remove_counters(uid, count))(
        card, if_in, if_face_up))


def give_back_control(board: Board, uid: int, act: Activation) -> None:
    """A control-changing effect ends: the monster goes back to its owner (rule X2)."""
    taken = board.card(uid)
    if taken.zone is Zone.FIELD and taken.controller != taken.owner:
        board.set_control(uid, taken.owner)


VERBS.add("return_control", "control of the card(s) goes back to the owner (if still on the field)",
          CARD, IF_IN, IF_FACE_UP, shorthand="card")(_on_cards(give_back_control))


def _for_each_player(act_on: Callable[[Board, str, int], None], touches: str | None = None) -> Callable[..., Resolve]:
    """A verb that does ``act_on(board, player, n)`` for each player it names
    (``n``: its one number, whatever the verb calls it), as ``_on_cards`` does per card
    (``touches``: the one thing it changes, see ``touches_only``)."""

    def build(player: str, **number: int) -> Resolve:
        [n] = number.values()

        def resolve(board: Board, act: Activation) -> None:
            for p in _players(player, act):
                act_on(board, p, n)

        return resolve if touches is None else touches_only(resolve, touches)

    return build


VERBS.add("mill", "send cards from the top of the deck to the GY",
          Param("count", "int", "how many"), PLAYER, shorthand="count")(_for_each_player(lambda board, p, n: board.mill(p, n), DECK))
VERBS.add("draw", "draw cards", Param("count", "int", "how many"), PLAYER,
          shorthand="count")(_for_each_player(lambda board, p, n: board.draw(p, n)))
VERBS.add("damage", "inflict effect damage", Param("amount", "int", "LP"), PLAYER,
          shorthand="amount")(_for_each_player(lambda board, p, n: board.damage(p, n), LIFE))


@VERBS.add("gain_life", "gain LP", Param("amount", "int", "LP"), PLAYER,
           Param("per_cost_card", "bool", "the amount is for each card paid as the cost", False, False),
           shorthand="amount")
def _gain(amount: int, player: str, per_cost_card: bool) -> Resolve:
    def resolve(board: Board, act: Activation) -> None:
        for p in _players(player, act):
            board.gain_life(p, amount * len(act.choice.cost) if per_cost_card else amount)

    return resolve


@VERBS.add("lose_atk_def", "this card loses ATK and as much DEF (a price paid each time: 《光と闇の竜》)",
           Param("amount", "int", "how much of each"), shorthand="amount")
def _lose_atk_def(amount: int) -> Resolve:
    def resolve(board: Board, act: Activation) -> None:
        board.lose_atk_def(act.card.uid, amount)

    return resolve


@VERBS.add("not_modelled", "a part of the text the engine does not model: only noted in the trace",
           Param("what", "str", "what the text does, in words"), shorthand="what")
def _not_modelled(what: str) -> Resolve:
    def resolve(board: Board, act: Activation) -> None:
        board.note("R6", f"{act.card.name}: {what} (not modelled: the board stays as it is)")

    return resolve


@VERBS.add("skip_next_turn", "a player skips their next turn",
           Param("player", "player", "whose turn (default: opponent)", False, "opponent"))
def _skip(player: str) -> Resolve:
    def resolve(board: Board, act: Activation) -> None:
        for p in _players(player, act):
            board.skip_next_turn(p)

    return resolve


@VERBS.add("negate_activation", "negate the activation of the chain link this effect responds to")
def _negate() -> Resolve:
    return lambda board, act: board.negate_link(-2)


@VERBS.add("record_special_summon", "record a Special Summon the board does not model (tokens, Extra Deck)",
           Param("card", "str", "the summoned card's name", False),
           Param("amount", "int", "how many", False, None),
           Param("detail", "str", "what was summoned, in words", False, None))
def _record(card: str | None, amount: int | None, detail: str | None) -> Resolve:
    def resolve(board: Board, act: Activation) -> None:
        board.record(Event(EventKind.SPECIAL_SUMMONED, card=card, player=act.controller, amount=amount,
                           detail=detail, by=act.card.name))

    return resolve


@VERBS.add("if_holds", "then, only if the conditions hold for the card now (\"if it has no counters left, "
           "destroy it\"): do these steps", Param("when", "conditions", "the conditions, read as the step is done"),
           Param("do", "steps", "the steps done when they hold"))
def _if_holds(when: Condition, do: Resolve) -> Resolve:
    def resolve(board: Board, act: Activation) -> None:
        if when(board.card(act.card.uid), board):  # type: ignore[arg-type]
            do(board, act)

    return resolve


def build_steps(written: object, only_if: Condition | None = None) -> Resolve:
    """One Resolve from a list of verb steps (``only_if``: do nothing unless it
    holds for the source card as it is now)."""
    items = written if isinstance(written, list) else [written]
    if not items:
        raise TermError("a list of verb steps may not be empty")
    steps: tuple[Resolve, ...] = tuple(VERBS.build(item) for item in items)
    if only_if is None and len(steps) == 1:
        return steps[0]
    alternatives = [getattr(s, OPTIONS) for s in steps if getattr(s, OPTIONS, ())]
    if len(alternatives) > 1:
        raise TermError(f"an effect does one 'either' (list every alternative in it), not {len(alternatives)}")

    def resolve(board: Board, act: Activation) -> None:
        if only_if is not None and not only_if(board.card(act.card.uid), board):  # type: ignore[arg-type]
            return
        for step in steps:
            step(board, act)

    setattr(resolve, WORDS, words(steps[0]) if len(steps) == 1 else "[" + ", ".join(words(s) for s in steps) + "]")
    if alternatives:
        setattr(resolve, OPTIONS, alternatives[0])
        return resolve
    return touched_together(resolve, steps, only_if)


def touched_together(resolve: Resolve, steps: tuple[Resolve, ...], only_if: Condition | None) -> Resolve:
    """``resolve`` (which runs ``steps``, guarded by ``only_if``) marked as touching what
    its steps touch, when every step is marked and the guard reads only its own card."""
    parts = [touched_by(step) for step in steps]
    if all(p is not None for p in parts) and (only_if is None or is_card_local(only_if)):
        return touches_only(resolve, *frozenset().union(*(p for p in parts if p is not None)))
    return resolve


# --- choices -------------------------------------------------------------------

CHOICES = Registry("choice")


@CHOICES.add("target", "target one card matching the filter", Param("filter", "filter", "the cards"))
def _choose_target(filter: CardFilter) -> Choices:
    def choices(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
        for c in filter.iter_cards(card, state):  # (looked for as far as asked: R5 often asks for the first)
            yield Choice(targets=(c.uid,))

    return choices


@CHOICES.add("target_among_triggering", "target one of the cards that set the trigger off, matching the filter",
             Param("filter", "filter", "the cards (zones and kind; side is not read)"))
def _choose_subject(filter: CardFilter) -> Choices:
    def choices(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
        for uid in subjects:
            c = state.card(uid)
            if c.zone in filter.zones and filter.matches(c, card, state):
                yield Choice(targets=(uid,))

    return choices


@CHOICES.add("pick", "choose n cards matching the filter without targeting them (\"add 1 ... from your Deck\"); "
             "the verbs act on them as card: picked", Param("filter", "filter", "the cards"),
             Param("count", "int", "how many (default 1)", False, 1), shorthand="filter")
def _choose_pick(filter: CardFilter, count: int) -> Choices:
    if count < 1:
        raise TermError(f"'count' must be at least 1, not {count}")

    def choices(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
        for group in combinations(filter.cards(card, state), count):
            yield Choice(picks=tuple(c.uid for c in group))

    return choices


@CHOICES.add("cost", "pay a cost with n cards matching the filter (every group of n)",
             Param("filter", "filter", "the cards"), Param("count", "int", "how many (default 1)", False, 1))
def _choose_cost(filter: CardFilter, count: int) -> Choices:
    def choices(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
        for group in combinations(filter.cards(card, state), count):
            yield Choice(cost=tuple(c.uid for c in group))

    return choices


@CHOICES.add("cost_any_number", "pay a cost with one or more cards matching the filter",
             Param("filter", "filter", "the cards"))
def _choose_any(filter: CardFilter) -> Choices:
    def choices(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
        fodder = filter.cards(card, state)
        for size in range(1, len(fodder) + 1):
            for group in combinations(fodder, size):
                yield Choice(cost=tuple(c.uid for c in group))

    return choices

