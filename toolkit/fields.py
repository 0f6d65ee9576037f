"""The fields of a user's scenario file: the checks both games' loaders share.

Each reader takes the value found in the file, the field's name as a user
sees it (``players.A.field[0]``) and the file, and returns the value or
raises a :class:`~toolkit.errors.ScenarioError` naming the field. A bad value
is described by :func:`toolkit.errors.describe`: its kind, its size and at
most ~60 characters of it, so a message stays one short line whatever the
file holds.

Card names: a scenario names cards by their Japanese name (the registry's
key), but a reader may write the English name, or the name with half-width
letters, hiragana for katakana, no spaces or a different dash; a
:class:`CardNames` index turns those into the key when exactly one card
matches, and suggests the three nearest Japanese names otherwise.

>>> whole(70_000_000, "players.A.life", "x.yaml", low=1, high=1_000_000)
Traceback (most recent call last):
...
toolkit.errors.ScenarioError: x.yaml, field 'players.A.life': life must be a whole number from 1 to 1,000,000, not 70,000,000
>>> names = CardNames(["エフェクト・ヴェーラー", "ヒステリック・サイン"], {"エフェクト・ヴェーラー": "Effect Veiler"})
>>> names.key("effect veiler#2"), names.key("ひすてりっく・さいん")
('エフェクト・ヴェーラー#2', 'ヒステリック・サイン')
>>> names.unknown("efect veiler")
"unknown card 'efect veiler' (did you mean 'エフェクト・ヴェーラー' (Effect Veiler)?)"
"""

from __future__ import annotations

import datetime
import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from toolkit.errors import ScenarioError, describe, quoted

__all__ = [
    "COPY_MARK",
    "CardNames",
    "as_list",
    "day",
    "fail",
    "flag",
    "fold",
    "mapping",
    "rules_date_range",
    "ruling_ids",
    "suggest",
    "text",
    "whole",
]

COPY_MARK = "#"

FIRST_RULES_DATE = datetime.date(1999, 1, 1)
"""The first day a scenario may be dated. The rulesets (toolkit.ocg.rulesets)
know one era before the first dated change (2008-08-03); its named ruleset
``ocg-2008`` is labelled 2008-01-01, a day chosen inside that era, not the day
it began. The era's rules are the toolkit's reading of the OCG from its start,
so the range starts with the OCG itself: its first cards were sold in 1999."""

CARDS_MAX = 200
"""The most cards a scenario may list for one player, over all zones (every game)."""

NAME_MAX = 120
"""The longest card name (with its copy mark) a scenario may write (every game)."""

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")

_RULING_ID = re.compile(r"(?:(?:ocg|user)-(?:\d{6}|undated)|dm-(?:qa|example))-[a-z0-9]+(?:-[a-z0-9]+)*")
"""The same pattern as toolkit.data.RULING_ID_PATTERN (not imported: that module loads pandas)."""


def fail(message: str, field_name: str | None, file: str | None) -> ScenarioError:
    """The error of one field (raise it)."""
    return ScenarioError(message, field=field_name, file=file)


def suggest(value: object, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` when one choice is close to ``value``, else ``''``."""
    close = difflib.get_close_matches(str(value)[:200], list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def text(value: object, where: str, file: str | None, *, required: bool = False) -> str:
    """Text; ``required`` refuses an empty or blank one."""
    if not isinstance(value, str):
        raise fail(f"expected text, got {describe(value)}", where, file)
    if required and not value.strip():
        raise fail(f"{where.rsplit('.', 1)[-1]} must not be empty; write a few words", where, file)
    return value


def as_list(value: object, where: str, file: str | None) -> list[Any]:
    """A list (a single item is not accepted: write ``[item]``)."""
    if not isinstance(value, list):
        raise fail(f"expected a list such as [a, b], got {describe(value)}", where, file)
    return value


def mapping(value: object, where: str | None, file: str | None, keys: Sequence[str]) -> dict[str, Any]:
    """A mapping whose keys are all among ``keys`` (an unknown key is refused
    with the nearest allowed one). ``where=None`` is the whole file."""
    if not isinstance(value, dict):
        if where is None:  # the whole file: say what it is, echo none of it
            kinds = {type(None): "nothing", str: "text", list: "a list"}
            kind = kinds.get(type(value), f"a single {type(value).__name__} value")
            wanted = [k for k in ("title", "turn_player", "players") if k in keys] or list(keys[:3])
            raise fail(f"this is not a scenario: the file holds {kind} instead of keys such as "
                       f"{', '.join(k + ':' for k in wanted)} ...", None, file)
        raise fail(f"expected a mapping such as {{{keys[0]}: ...}}, got {describe(value)}", where, file)
    for key in value:
        if key not in keys:
            spot = f"{where}.{key}" if where else str(key)[:80]
            raise fail(f"unknown key {quoted(key)}" + suggest(key, keys) + f"; allowed: {', '.join(keys)}",
                       spot, file)
    return value


def whole(value: object, where: str, file: str | None, *, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (both included)."""
    name = re.sub(r"\[\d+\]$", "", where).rsplit(".", 1)[-1]
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(f"{name} must be a whole number from {low:,} to {high:,}, not {describe(value)}", where, file)
    if not low <= value <= high:
        shown = quoted(value) if abs(value) > 10**40 else f"{value:,}"
        raise fail(f"{name} must be a whole number from {low:,} to {high:,}, not {shown}", where, file)
    return value


def flag(value: object, where: str, file: str | None) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise fail(f"must be true or false, not {describe(value)}", where, file)
    return value


def rules_date_range(today: datetime.date | None = None) -> tuple[datetime.date, datetime.date]:
    """The days a scenario may be dated: :data:`FIRST_RULES_DATE` to a year after today."""
    now = today or datetime.date.today()
    return FIRST_RULES_DATE, now + datetime.timedelta(days=366)


def day(value: object, where: str, file: str | None) -> datetime.date:
    """A calendar day (a date, or text ``YYYY-MM-DD``) inside :func:`rules_date_range`."""
    if isinstance(value, datetime.datetime):
        raise fail(f"date must be a day (YYYY-MM-DD), not a time: {value.isoformat(sep=' ')}", where, file)
    found: datetime.date | None = value if isinstance(value, datetime.date) else None
    if isinstance(value, str) and _DAY.fullmatch(value.strip()):
        try:
            found = datetime.date.fromisoformat(value.strip())
        except ValueError as exc:
            raise fail(f"{quoted(value.strip())} is not a day on the calendar ({exc}); write a real date as "
                       "YYYY-MM-DD", where, file) from None
    if found is None:
        raise fail(f"cannot read {describe(value)} as a date; write it as YYYY-MM-DD (e.g. 2013-03-30 for the "
                   "wiki's (13/03/30))", where, file)
    first, last = rules_date_range()
    if not first <= found <= last:
        raise fail(f"{found.isoformat()} is outside the dates the rules cover ({first.isoformat()} to "
                   f"{last.isoformat()}, a year after today); give a day in that range", where, file)
    return found


def ruling_ids(values: object, where: str, file: str | None, known: frozenset[str] | None) -> tuple[str, ...]:
    """A list of ruling ids, each of the form ``ocg-YYMMDD-slug`` / ``dm-qa-slug``
    and, when ``known`` is given, present in the rulings table (a ruling of a
    user's own, ``user-YYMMDD-slug``, is in the user's rulings file instead)."""
    out = []
    for i, ruling in enumerate(as_list(values, where, file)):
        spot = f"{where}[{i}]"
        rid = text(ruling, spot, file)
        if not _RULING_ID.fullmatch(rid):
            raise fail(f"ruling id {quoted(rid)} does not look like 'ocg-YYMMDD-slug' or 'dm-qa-slug'", spot, file)
        if known is not None and rid not in known and not rid.startswith("user-"):
            raise fail(f"unknown ruling id {quoted(rid)} (not in rulings.csv)" + suggest(rid, sorted(known)),
                       spot, file)
        out.append(rid)
    return tuple(out)


# --------------------------------------------------------------------------
# Card names
# --------------------------------------------------------------------------

_DASHES = dict.fromkeys(map(ord, "‐‑‒–—―−－ｰ"), "-")
_DROPPED = dict.fromkeys(map(ord, " \t\u3000・･·.,、。《》「」『』【】\"'"), None)


def fold(name: str) -> str:
    """A card name reduced to what a reader cannot be expected to get right:
    width (NFKC), case, hiragana for katakana, spaces, middle dots, quotes and
    the kind of dash.

    >>> fold("ＴＧ ストライカー") == fold("tg すとらいかー")
    True
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    folded = "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in folded)
    return folded.translate(_DASHES).translate(_DROPPED)


class CardNames:
    """The card names a game knows, with their English names, for reading a
    scenario: :meth:`key` turns what a reader wrote into the registry's key."""

    def __init__(self, japanese: Iterable[str], english: Mapping[str, str] | None = None) -> None:
        self.keys = frozenset(japanese)
        self.english = {ja: en for ja, en in (english or {}).items() if en and ja in self.keys}
        self._by_fold: dict[str, set[str]] = {}
        for ja in self.keys:
            self._by_fold.setdefault(fold(ja), set()).add(ja)
        for ja, en in self.english.items():
            self._by_fold.setdefault(fold(en), set()).add(ja)

    def _base(self, name: str) -> str | None:
        if name in self.keys:
            return name
        hits = self._by_fold.get(fold(name), set())
        return next(iter(hits)) if len(hits) == 1 else None

    def key(self, name: str) -> str:
        """The registry key of ``name`` (English or Japanese, a copy mark
        kept); ``name`` unchanged when no single card matches."""
        base, mark, rest = name.partition(COPY_MARK)
        found = self._base(base.rstrip()) if len(name) <= 200 else None
        return name if found is None else found + mark + rest

    def ambiguous(self, name: str) -> list[str]:
        """The Japanese names ``name`` could mean when it means more than one."""
        hits = self._by_fold.get(fold(name.partition(COPY_MARK)[0]), set())
        return sorted(hits) if len(hits) > 1 and name not in self.keys else []

    def nearest(self, name: str, n: int = 3) -> list[str]:
        """Up to ``n`` Japanese names closest to ``name`` (compared folded, by
        Japanese and by English name)."""
        wanted = fold(name[:200])
        pool = {fold(ja): ja for ja in sorted(self.keys)}
        pool.update({fold(en): ja for ja, en in sorted(self.english.items())})
        out: list[str] = []
        for close in difflib.get_close_matches(wanted, list(pool), n=3 * n, cutoff=0.5):
            if pool[close] not in out:
                out.append(pool[close])
        return out[:n]

    def unknown(self, name: str, what: str = "card") -> str:
        """The message for a name no card has: the nearest Japanese names."""
        options = self.ambiguous(name)
        if options:
            return (f"{what} {quoted(name)} could be any of {', '.join(map(self._show, options))}; "
                    "write the Japanese name")
        near = self.nearest(name)
        if not near:
            return f"unknown {what} {quoted(name)} (no card of the toolkit has a name close to it)"
        also = f" Also near: {', '.join(map(self._show, near[1:]))}" if near[1:] else ""
        return f"unknown {what} {quoted(name)} (did you mean {self._show(near[0])}?{also})"

    def _show(self, ja: str) -> str:
        en = self.english.get(ja)
        return f"{ja!r} ({en})" if en else repr(ja)
