"""An effect that does one thing *or* another: the ``either`` verb.

"Add it to your hand *or* Special Summon it" is one effect: the player
performs (or activates) it once and says which of its alternatives it does.
Written as a step of the effect's ``do``::

    do:
      either:
        - {label: add it to the hand, do: {add_to_hand: itself}}
        - {label: Special Summon it, do: {special_summon: itself}}

Each alternative becomes a :class:`~toolkit.ocg.cards.base.Choice` of the
effect (its ``option`` is the alternative's label), beside whatever the
effect's ``choose:`` offers, so the engine lists one action per alternative
and the trace says which one the player chose.  An alternative with
``can_choose`` is offered only while its conditions hold for the card.

>>> from toolkit.ocg.cards.data.verbs import build_steps
>>> do = build_steps({"either": [{"label": "draw", "do": {"draw": 1}}, {"label": "gain", "do": {"gain_life": 500}}]})
>>> [o.label for o in options_of(do)]
['draw', 'gain']
>>> build_steps({"either": [{"label": "draw", "do": {"draw": 1}}, {"label": "draw", "do": {"draw": 2}}]})
Traceback (most recent call last):
...
toolkit.ocg.cards.data.terms.TermError: two alternatives of 'either' are both labelled 'draw' (the player tells them apart by the label)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from toolkit.errors import quoted
from toolkit.ocg.cards.base import NO_CHOICE, Activation, Board, Choice, Choices, Condition, Resolve
from toolkit.ocg.cards.data.terms import OPTIONS, PARAM_TYPES, WORDS, WRITTEN_PARTS, Param, TermError, words
from toolkit.ocg.cards.data.verbs import VERBS
from toolkit.ocg.values import Card

if TYPE_CHECKING:
    from toolkit.ocg.state import State

__all__ = ["OPTIONS", "OPTION_FIELDS", "Option", "offer_options", "options_of"]

@dataclass(frozen=True)
class Option:
    """One alternative of an ``either``: what the player reads, what it does, when it may be chosen."""

    label: str
    resolve: Resolve
    can_choose: Condition | None = None

    @property
    def _card_words(self) -> str:  # how ``cards --show`` reads it (terms.WORDS)
        when = f", can_choose: {words(self.can_choose)}" if self.can_choose is not None else ""
        return "{" + f"label: {words(self.label)}, do: {words(self.resolve)}{when}" + "}"


OPTION_FIELDS = (
    Param("label", "str", "the alternative as the player reads it (\"Special Summon it\")"),
    Param("do", "steps", "what it does (verb steps)"),
    Param("can_choose", "conditions", "it is offered only while these hold for the card", False),
)


def options_of(resolve: object) -> tuple[Option, ...]:
    """The alternatives a built ``do`` offers (``()``: it does one thing)."""
    found = getattr(resolve, OPTIONS, ())
    return found if isinstance(found, tuple) else ()


def _options(spec: Param, value: object) -> tuple[Option, ...]:
    from toolkit.ocg.cards.data.compile import _at, read_fields

    if not isinstance(value, list) or len(value) < 2:
        given = f"{len(value)}" if isinstance(value, list) else "a single value"
        raise TermError(f"'either' lists two or more alternatives ({{label: ..., do: ...}}), not {given}")
    out: list[Option] = []
    for i, item in enumerate(value):
        v = read_fields(item, OPTION_FIELDS, f"either[{i}]")
        with _at(f"either[{i}]"):
            if options_of(v["do"]):
                raise TermError("an alternative of 'either' may not hold another 'either' (list every "
                                "alternative in the one 'either')")
            if any(o.label == v["label"] for o in out):
                raise TermError(f"two alternatives of 'either' are both labelled {quoted(v['label'])} "
                                "(the player tells them apart by the label)")
        out.append(Option(v["label"], v["do"], v["can_choose"]))
    return tuple(out)


PARAM_TYPES["options"] = (_options, {"type": "array", "items": {"$ref": "#/$defs/option"}, "minItems": 2})


@VERBS.add("either", "do ONE of the alternatives, the one the player chose (\"add it to your hand or "
           "Special Summon it\")", Param("options", "options", "the alternatives: {label, do, can_choose}"))
def _either(options: tuple[Option, ...]) -> Resolve:
    def resolve(board: Board, act: Activation) -> None:
        for option in options:
            if option.label == act.choice.option:
                option.resolve(board, act)
                return

    setattr(resolve, OPTIONS, options)
    return resolve


def offer_options(choices: Choices | None, do: Any) -> Choices | None:
    """``choices`` (the effect's ``choose:``, or None) with each alternative of
    ``do``'s ``either`` offered beside each of them; ``choices`` itself when
    ``do`` offers no alternatives."""
    options = options_of(do)
    if not options:
        return choices

    def offer(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
        open_ = [o for o in options if o.can_choose is None or o.can_choose(card, state)]
        if not open_:
            return
        for choice in (choices(card, state, subjects) if choices is not None else (NO_CHOICE,)):
            for option in open_:
                yield replace(choice, option=option.label)

    shown = words(choices) + " and " if choices is not None else ""
    setattr(offer, WORDS, shown + "one of: " + ", ".join(repr(o.label) for o in options))
    setattr(offer, WRITTEN_PARTS, {"choose": choices})  # the alternatives are shown in ``do``
    return offer
