"""Where the builder's position came from, and what it may still claim of it.

A worked example carries a title, a description and ruling ids that speak of
*its* position. Once the reader changes that position it is theirs: it is
"based on" the example, and the example's ruling ids are dropped unless the
reader keeps them on purpose. A file of the reader's own, or a new empty
position, keeps what it says (no widgets here).

>>> from toolkit.ocg.scenario import seed_scenario
>>> horus = seed_scenario("horus_lv6_veiler_2011")
>>> origin = Origin.of_example(horus)
>>> identity(horus, origin, keep_rulings=False) == horus
True
>>> mine = identity(dataclasses.replace(horus, turn_player="B"), origin, keep_rulings=False)
>>> print(mine.description)
Based on the worked example “Horus LV6 levels up despite Effect Veiler (2011 rules)”.
>>> mine.rulings
()
>>> identity(dataclasses.replace(horus, turn_player="B"), origin, keep_rulings=True).rulings == horus.rulings
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from toolkit.ocg.scenario import Scenario

__all__ = ["Origin", "based_on_description", "based_on_title", "identity", "is_edited", "position_of"]

OriginKind = Literal["new", "example", "file", "given"]

_POSITION = "(the position)"
"""The title every bare position carries (a scenario needs one)."""


def position_of(scenario: Scenario) -> Scenario:
    """The position alone: the scenario without its title, description and ruling ids.

    Two scenarios with equal positions resolve alike; a result is stale when
    the position it was computed for is no longer the one in the form.
    """
    return dataclasses.replace(scenario, title=_POSITION, description="", rulings=())


@dataclass(frozen=True)
class Origin:
    """What the form was last filled from: a worked example, a file, New, or a
    scenario given in code; ``position`` is its position (:func:`position_of`)."""

    kind: OriginKind
    title: str = ""
    description: str = ""
    rulings: tuple[str, ...] = ()
    position: Scenario | None = None

    @classmethod
    def of(cls, kind: OriginKind, scenario: Scenario) -> Origin:
        return cls(kind, scenario.title, scenario.description, tuple(scenario.rulings), position_of(scenario))

    @classmethod
    def of_example(cls, scenario: Scenario) -> Origin:
        return cls.of("example", scenario)


def based_on_title(title: str) -> str:
    """The title a changed example takes while the reader has not typed one.

    >>> based_on_title("Horus LV6 levels up")
    'Based on: Horus LV6 levels up'
    """
    return f"Based on: {title}"


def based_on_description(title: str) -> str:
    """What a changed example says of itself instead of the example's description."""
    return f"Based on the worked example “{title}”."


def is_edited(scenario: Scenario | None, origin: Origin) -> bool:
    """Whether ``scenario`` is a worked example whose position the reader has changed
    (a form that is not a valid scenario any more counts as changed)."""
    if origin.kind != "example":
        return False
    return scenario is None or position_of(scenario) != origin.position


def identity(scenario: Scenario, origin: Origin, *, keep_rulings: bool) -> Scenario:
    """``scenario`` with the description and ruling ids it may claim (see the module)."""
    if not is_edited(scenario, origin):
        return scenario
    return dataclasses.replace(
        scenario,
        description=based_on_description(origin.title),
        rulings=origin.rulings if keep_rulings else (),
    )
