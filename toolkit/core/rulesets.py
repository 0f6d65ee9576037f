"""What every game's rule sets share: looking one up by name, reading a date.

Each game keeps its own rule sets (a frozen value per rule set, with its flags);
these helpers give every game the same errors and suggestions.

>>> registered({"ocg": 1, "ocg-2013": 2}, "ocg-2031")
Traceback (most recent call last):
...
toolkit.core.rulesets.UnknownRulesetError: unknown ruleset 'ocg-2031' (did you mean 'ocg-2013'?); known: ocg, ocg-2013
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

from toolkit.errors import ToolkitError
from toolkit.fields import outside_rules

T = TypeVar("T")


@runtime_checkable
class Rules(Protocol):
    """What the layers above the seam ask of any game's rule set: a frozen, named value of flags
    (``flags()``), the date whose card texts apply (``as_of``) and its variants (``with_flags``)."""

    @property
    def name(self) -> str: ...

    @property
    def as_of(self) -> datetime.date | None: ...

    def flags(self) -> Mapping[str, Any]: ...

    def with_flags(self, **changes: Any) -> Rules: ...


class RuleChange(Protocol):
    """A dated change of a game's rules (``Game.rule_changes()``): a flag, or a card's text, with its
    value ``before`` and ``after`` the date."""

    @property
    def date(self) -> datetime.date: ...

    @property
    def kind(self) -> str: ...

    @property
    def what(self) -> str: ...

    @property
    def rule(self) -> str: ...

    @property
    def rulings(self) -> tuple[str, ...]: ...

    @property
    def events(self) -> tuple[str, ...]: ...

    @property
    def before(self) -> Any: ...

    @property
    def after(self) -> Any: ...


class UnknownRulesetError(ToolkitError, KeyError):
    """A ruleset name or flag that does not exist."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown ruleset"


def registered(registry: Mapping[str, T], name: str, what: str = "ruleset") -> T:
    """``registry[name]``, or an UnknownRulesetError naming the closest name and every known one."""
    try:
        return registry[name]
    except KeyError:
        import difflib

        close = difflib.get_close_matches(str(name), list(registry), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownRulesetError(f"unknown {what} {name!r}{hint}; known: {', '.join(registry)}") from None


def as_date(when: datetime.date | str | None) -> datetime.date | None:
    """A date from a date, a datetime or ``YYYY-MM-DD`` text (full-width digits
    too; None stays None), inside the dates the rules cover — the range the
    command line's ``--date`` holds a day to (:func:`toolkit.fields.outside_rules`).

    >>> as_date("２０１３-０３-３０")
    datetime.date(2013, 3, 30)
    >>> try:
    ...     as_date("0001-01-01")
    ... except UnknownRulesetError as refused:
    ...     print(str(refused).split(" (")[0])
    0001-01-01 is outside the dates the rules cover
    """
    day = _read_date(when)
    problem = None if day is None else outside_rules(day)
    if problem is not None:
        raise UnknownRulesetError(problem)
    return day


def _read_date(when: datetime.date | str | None) -> datetime.date | None:
    if when is None or (isinstance(when, datetime.date) and not isinstance(when, datetime.datetime)):
        return when
    if isinstance(when, datetime.datetime):
        day = when.date()
        if not isinstance(day, datetime.date) or day != day:  # pandas' NaT is a datetime with no day
            raise UnknownRulesetError(f"cannot read {when!r} as a date: it is no day (a missing date?)")
        return day
    if isinstance(when, (int, float)):  # 20130330 would read as a day, 2013.0330 not: neither is a date
        raise UnknownRulesetError(f"cannot read the number {when!r} as a date; write it as text 'YYYY-MM-DD'")
    try:
        return datetime.date.fromisoformat(unicodedata.normalize("NFKC", str(when)).strip())
    except ValueError as exc:
        raise UnknownRulesetError(f"cannot read date {when!r} (expected YYYY-MM-DD)") from exc


