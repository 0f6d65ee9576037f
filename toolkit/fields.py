"""The fields of a user's scenario file: the checks both games' loaders share.

Each reader takes the value found in the file, the field's name as a user
sees it (``players.A.field[0]``) and the file, and returns the value or
raises a :class:`~toolkit.errors.ScenarioError` naming the field. A bad value
is described by :func:`toolkit.errors.describe`: its kind, its size and at
most ~60 characters of it, so a message stays one short line whatever the
file holds.

Card names: a scenario names cards by their Japanese name (the registry's
key), but a reader may write the English name, another name the card data
gives (its ``aliases``, its kana ``reading``), or the name with half-width
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
>>> names.lookup("ｴﾌｪｸﾄ・ｳﾞｪｰﾗｰ"), names.lookup("灰流うらら") is None
('エフェクト・ヴェーラー', True)
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from toolkit.errors import ScenarioError, describe, printable, quoted

__all__ = [
    "ADD_YOUR_OWN",
    "COPY_MARK",
    "CardNames",
    "as_list",
    "card_quote",
    "day",
    "fail",
    "flag",
    "fold",
    "mapping",
    "outside_rules",
    "place",
    "rules_date_range",
    "ruling_ids",
    "search_words",
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

_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

_RULING_ID = re.compile(r"(?:(?:ocg|user)-(?:\d{6}|undated)|dm-(?:qa|example))-[a-z0-9]+(?:-[a-z0-9]+)*")
"""The same pattern as toolkit.data.RULING_ID_PATTERN (not imported: that module loads pandas)."""


def fail(message: str, field_name: str | None, file: str | None) -> ScenarioError:
    """The error of one field (raise it)."""
    return ScenarioError(message, field=field_name, file=file)


def suggest(value: object, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` when one choice is close to ``value``, else ``''``."""
    import difflib

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
    order = list(value)
    for at, key in enumerate(order):
        if key not in keys:
            spot = f"{where}.{key}" if where else str(key)[:80]
            near = suggest(key, keys)  # (a misspelt key is no half of a name: no word of quoting then)
            raise fail(f"unknown key {quoted(key)}" + near + f"; allowed: {', '.join(keys)}"
                       + ("" if near else _comma_hint(value, order, at)), spot, file)
    return value


def _comma_hint(value: dict[Any, Any], order: list[Any], at: int) -> str:
    """A flow mapping split at a name's comma (``{target: Lyla, Lightsworn Sorceress}`` reads as ``target:
    Lyla`` and a key ``Lightsworn Sorceress`` with no value): how to write it, or ""."""
    key = order[at]
    if at == 0 or value[key] is not None or not isinstance(key, str):
        return ""
    before = order[at - 1]
    if not isinstance(value[before], str):
        return ""
    return f'; quote a name that holds a comma: {before}: "{value[before]}, {key}"'


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


def looks_like_day(text: str) -> bool:
    """Whether ``text`` is written as a day (``YYYY-MM-DD``, full-width digits
    too) rather than as a rule set's name; whether the day exists is
    :func:`day`'s to say.

    >>> looks_like_day("２０１３-０２-３０"), looks_like_day("ocg-2011")
    (True, False)
    """
    return _DAY.fullmatch(unicodedata.normalize("NFKC", text).strip()) is not None


def day(value: object, where: str, file: str | None) -> datetime.date:
    """A calendar day (a date, or text ``YYYY-MM-DD``, full-width digits too) inside :func:`rules_date_range`.

    >>> day("２０１３-０３-３０", "date", None)
    datetime.date(2013, 3, 30)
    """
    if isinstance(value, str):
        value = unicodedata.normalize("NFKC", value)  # ２０１３−０３−３０ as typed with a Japanese input method
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
    problem = outside_rules(found)
    if problem is not None:
        raise fail(problem, where, file)
    return found


def outside_rules(found: datetime.date) -> str | None:
    """The sentence refusing a day outside :func:`rules_date_range` (None for
    a day inside it): the command line's ``--date``, a scenario's ``date`` and
    the Python API's dates (``ruleset_at``, ``changes``) all say this one.

    >>> outside_rules(datetime.date(2013, 3, 30)) is None
    True
    >>> outside_rules(datetime.date(1, 1, 1)).split(" (")[0]
    '0001-01-01 is outside the dates the rules cover'
    """
    first, last = rules_date_range()
    if first <= found <= last:
        return None
    return (f"{found.isoformat()} is outside the dates the rules cover ({first.isoformat()} to "
            f"{last.isoformat()}, a year after today); give a day in that range")


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

ADD_YOUR_OWN = "To add your own card, see `python -m toolkit cards --help`"
"""What an unknown-card message tells a reader to do when the card is not there at all."""


def fold(name: str) -> str:
    """A card name reduced to what a reader cannot be expected to get right:
    width (NFKC: half-width katakana and full-width letters and digits become
    the usual forms), case, hiragana for katakana, spaces, middle dots, quotes
    and brackets (《》「」) and the kind of dash. The one folding every name
    look-up of the toolkit uses.

    >>> fold("ＴＧ ストライカー") == fold("tg すとらいかー") == fold("《ＴＧ　ｽﾄﾗｲｶｰ》")
    True
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    folded = "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in folded)
    return folded.translate(_DASHES).translate(_DROPPED)


def search_words(query: str) -> list[str]:
    """The folded words of a search query (split at spaces of any width).

    >>> search_words("Horus　ＬＶ６ 《》")
    ['horus', 'lv6']
    """
    return [word for word in map(fold, unicodedata.normalize("NFKC", query).split()) if word]


_ZONE_PLACES = {"hand": "in {}'s hand", "deck": "in {}'s deck", "field": "on {}'s field",
                "graveyard": "in {}'s graveyard", "banished": "among {}'s banished cards"}
_PLACE = re.compile(r"players\.(\w+)\.(\w+)\[(\d+)\]")
_LINGERING = re.compile(r"lingering\[(\d+)\]\.(\w+)")


def place(field_name: str | None) -> str:
    """Where a field puts a card, in words (``""`` when it puts none).

    >>> place("players.B.hand[0]"), place("players.A.field[2].name"), place("lingering[0].source")
    ("in player B's hand", "on player A's field", 'as the source of lingering effect 1')
    >>> place("players.A.battle_zone[1]")
    "in player A's battle zone"
    """
    found = _PLACE.match(field_name or "")
    if found:
        player, zone = f"player {found.group(1)}", found.group(2)
        return _ZONE_PLACES.get(zone, "in {}'s " + zone.replace("_", " ")).format(player)
    linger = _LINGERING.match(field_name or "")
    if linger:
        return f"as the {linger.group(2)} of lingering effect {int(linger.group(1)) + 1}"
    return ""


def card_quote(name: str) -> str:
    """A card name as a message quotes it: 「name」, cut at 60 characters, a control character
    escaped (a name typed on the command line with ESC must not drive the terminal).

    >>> card_quote("灰流うらら"), card_quote("\\x1b[31mX")
    ('「灰流うらら」', '「\\\\x1b[31mX」')
    """
    shown = name if len(name) <= 60 else name[:57] + "…"
    return f"「{printable(shown)}」"


class CardNames:
    """The card names a game knows, with their English names, for reading
    what a person typed: :meth:`key` turns it into the registry's key,
    :meth:`search` finds names containing some words, :meth:`nearest` the
    names closest to a name no card has."""

    def __init__(self, japanese: Iterable[str], english: Mapping[str, str] | None = None,
                 aliases: Mapping[str, Iterable[str]] | None = None) -> None:
        self.keys = frozenset(japanese)
        self.english = {ja: en for ja, en in (english or {}).items() if en and ja in self.keys}
        kept = {ja: tuple(dict.fromkeys(a for a in names if a)) for ja, names in (aliases or {}).items()
                if ja in self.keys}
        self.aliases = {ja: names for ja, names in kept.items() if names}
        """Each key's other names: other English names (「Cyclone」) and its kana reading."""
        self._by_fold: dict[str, set[str]] = {}
        self._folded: dict[str, str] = {}
        """Each key: its folded Japanese and English names, as one text to search in."""
        for ja in self.keys:
            self._by_fold.setdefault(fold(ja), set()).add(ja)
            self._folded[ja] = fold(ja)
        for ja, en in self.english.items():
            self._by_fold.setdefault(fold(en), set()).add(ja)
            self._folded[ja] += "\n" + fold(en)
        for ja, names in sorted(self.aliases.items()):
            for other in names:
                self._by_fold.setdefault(fold(other), set()).add(ja)
                self._folded[ja] += "\n" + fold(other)

    @staticmethod
    def merge(listed: Iterable[CardNames]) -> CardNames:
        """One table of several tables' names (English names and aliases kept)."""
        tables = list(listed)
        aliases: dict[str, list[str]] = {}
        for names in tables:
            for ja, more in names.aliases.items():
                aliases.setdefault(ja, []).extend(more)
        return CardNames([name for names in tables for name in names.keys],
                         {ja: en for names in tables for ja, en in names.english.items()}, aliases)

    def _base(self, name: str) -> str | None:
        if name in self.keys:
            return name
        hits = self._by_fold.get(fold(name), set())
        return next(iter(hits)) if len(hits) == 1 else None

    def key(self, name: str) -> str:
        """The registry key of ``name`` (English or Japanese, a copy mark
        kept); ``name`` unchanged when no single card matches."""
        found = self.lookup(name)
        return name if found is None else found

    def lookup(self, name: str) -> str | None:
        """The registry key of ``name`` (a copy mark kept), or None when no
        single card has that name once folded (see :func:`fold`)."""
        if len(name) > 200:
            return None
        whole = self._base(name.strip())  # 「Sasuke Samurai #2」: a name that holds the copy mark
        if whole is not None:
            return whole
        base, mark, rest = name.partition(COPY_MARK)
        found = self._base(base.rstrip())
        return None if found is None else found + mark + rest

    def ambiguous(self, name: str) -> list[str]:
        """The Japanese names ``name`` could mean when it means more than one."""
        hits = self._by_fold.get(fold(name.partition(COPY_MARK)[0]), set())
        return sorted(hits) if len(hits) > 1 and name not in self.keys else []

    def search(self, query: str) -> list[str]:
        """The Japanese names (sorted) whose Japanese or English name holds
        every word of ``query``, each word folded; an empty query lists all."""
        words = search_words(query[:200])
        return sorted(ja for ja, text in self._folded.items() if all(word in text for word in words))

    def meant(self, query: str) -> list[str]:
        """The Japanese names a reader means by ``query``: the one card it
        names once folded, else every card whose Japanese, English or other
        name holds each of its words (partial text, as in a search box); none
        for a blank query.

        >>> names = CardNames(["ヒステリック・サイン", "エフェクト・ヴェーラー"], {"エフェクト・ヴェーラー": "Effect Veiler"})
        >>> names.meant("ひすてりっく"), names.meant("veiler"), names.meant("  ")
        (['ヒステリック・サイン'], ['エフェクト・ヴェーラー'], [])
        """
        if not search_words(query[:200]):
            return []
        found = self.lookup(query)
        return [found] if found in self.keys else self.search(query)

    def nearest(self, name: str, n: int = 3) -> list[str]:
        """The ``n`` Japanese names closest to ``name`` (fewer only when the
        game has fewer cards): names that hold what was typed come first, then
        the most similar, compared folded, by Japanese and by English name."""
        wanted = fold(name.partition(COPY_MARK)[0][:200])
        pool = {fold(ja): ja for ja in sorted(self.keys)}
        pool.update({fold(en): ja for ja, en in sorted(self.english.items())})
        pool.update({fold(other): ja for ja, names in sorted(self.aliases.items()) for other in names})
        out: list[str] = []
        held = sorted((f for f in pool if wanted and (wanted in f or f in wanted)), key=lambda f: (len(f), f))
        import difflib

        close = difflib.get_close_matches(wanted, list(pool), n=3 * n, cutoff=0.5)
        rest = difflib.get_close_matches(wanted, list(pool), n=len(pool), cutoff=0.0)
        for folded in [*held, *close, *rest]:
            if pool[folded] not in out:
                out.append(pool[folded])
        return out[:n]

    def unknown(self, name: str, what: str = "card", where: str | None = None, advice: str = ADD_YOUR_OWN) -> str:
        """The message for a name no card has: where it was written (``where``:
        the field), the nearest Japanese names and what to do (``advice``).

        >>> names = CardNames(["エフェクト・ヴェーラー", "ヒステリック・サイン"], {"エフェクト・ヴェーラー": "Effect Veiler"})
        >>> names.unknown("efect veiler", where="players.B.hand[0]")
        "Unknown card 「efect veiler」 in player B's hand — did you mean 「エフェクト・ヴェーラー」 (Effect Veiler) or 「ヒステリック・サイン」? To add your own card, see `python -m toolkit cards --help`"
        """
        spot = place(where)
        at = f" {spot}" if spot else ""
        options = self.ambiguous(name)
        if options:
            return (f"The {what} name {card_quote(name)}{at} could be any of "
                    f"{', '.join(map(self.show, options))}; write its Japanese name")
        near = [self.show(ja) for ja in self.nearest(name)]
        if not near:
            return f"Unknown {what} {card_quote(name)}{at}." + (f" {advice}" if advice else "")
        listed = near[0] if len(near) == 1 else f"{', '.join(near[:-1])} or {near[-1]}"
        return f"Unknown {what} {card_quote(name)}{at} — did you mean {listed}?" + (f" {advice}" if advice else "")

    def show(self, ja: str) -> str:
        """A card as a message names it: 「Japanese name」 (English name)."""
        en = self.english.get(ja)
        return f"{card_quote(ja)} ({en})" if en else card_quote(ja)
