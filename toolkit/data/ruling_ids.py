"""Ids for a user's rulings: ``user-YYMMDD-words``, stable and never shared.

A ruling's identity is its date, its cards and its question once markup,
character width, spaces and punctuation are set aside (for a ruling without a
question — a dated prose bullet — its text). Its id is

* ``user-`` and the date as ``YYMMDD`` (``undated`` without one);
* words: the English name of its first cards when the cards table knows one
  (``hysteric-sign``), else the card's name romanised from its kana, else words
  read from the question (ASCII words, romanised katakana), else ``ruling``;
* a short suffix only to break a tie: when an earlier ruling of the same
  table already has those words, a few base-36 characters of a hash of the
  ruling's identity (more when those are taken too).

The id depends only on the ruling and on the rulings before it in the same
table (nothing kept between calls): the same page gives the same ids, and two
different rulings of one table never share one. Two tables made apart can
(each one's first ruling about a card on a day has no suffix): give the rows
held already as ``taken`` (``import_page(existing=...)``, ``endphase import
--existing``) to keep a new table's ids apart from theirs.

>>> assign_ids([RulingIdentity("2016-07-08", ("ヒステリック・サイン",), "捨てた場合は？"),
...             RulingIdentity("2016-07-08", ("ヒステリック・サイン",), "除外した場合は？"),
...             RulingIdentity(None, (), "エンドフェイズにチェーンできますか？")])
['user-160708-hysteric-sign', 'user-160708-hysteric-sign-n08y', 'user-undated-endofeizu-chen']
>>> romanised("ヒステリック・サイン"), romanised("ティアラメンツ・メイルゥ")
('hisuterikku-sain', 'tiaramentsu-meiru')
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

import pandas as pd

__all__ = ["IdAssigner", "RulingIdentity", "assign_ids", "id_words", "identity_key", "normalised_text", "romanised"]

MAX_WORDS = 4
"""How many words an id carries at most (two per card, two cards)."""
MAX_WORD_CHARS = 40
SUFFIX_STEPS = (4, 6, 8, 12, 16)
"""The lengths a tie-breaking suffix tries, in base-36 characters of the identity's hash."""
_STOP_WORDS = frozenset({"a", "an", "the", "of", "to", "and", "in", "on", "for", "with"})


class RulingIdentity(NamedTuple):
    """What makes a ruling the same ruling: date, cards, question (or, without one, its text)."""

    date: Any
    cards: Sequence[str]
    question: str | None
    text: str | None = None
    """The ruling's own text, used when it has no question (a prose ruling)."""


def normalised_text(text: str | None) -> str:
    """Text with its markup, character width, spaces and punctuation set aside.

    >>> normalised_text("[[手札]]調整で《ＴＧ ストライカー》を、捨てた?") == normalised_text("手札調整で《TG ストライカー》を捨てた？")
    True
    """
    text = text or ""
    if any(mark in text for mark in _MARKUP):
        from toolkit.wiki import clean_markup

        text = clean_markup(text)
    if not unicodedata.is_normalized("NFKC", text):
        text = unicodedata.normalize("NFKC", text)
    return _NOT_WORD.sub("", text).casefold()


_MARKUP = ("[[", "]]", "((", "))", "''")
"""What :func:`toolkit.wiki.clean_markup` removes; text without any of it is left as it is."""


_NOT_WORD = re.compile(r"[\W_]+")
"""Spaces, punctuation and symbols: what a normalised text leaves out (letters and digits stay)."""


@lru_cache(maxsize=4096)
def _day(date: Any) -> str:
    if date is None:
        return ""
    try:
        if pd.isna(date):
            return ""
    except (TypeError, ValueError):
        pass
    return pd.Timestamp(date).date().isoformat()


def identity_key(identity: RulingIdentity) -> tuple[str, frozenset[str], str]:
    """(day, folded cards, normalised question or text): equal for the same ruling."""
    cards = frozenset(unicodedata.normalize("NFKC", str(c)).replace(" ", "") for c in identity.cards or ())
    question = normalised_text(identity.question)
    return _day(identity.date), cards, question or "\u0000" + normalised_text(identity.text)


# --------------------------------------------------------------------------
# Words
# --------------------------------------------------------------------------

_KANA = dict(zip(
    "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン"
    "ガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポヴァィゥェォャュョヮ",
    "a i u e o ka ki ku ke ko sa shi su se so ta chi tsu te to na ni nu ne no ha hi fu he ho ma mi mu me mo "
    "ya yu yo ra ri ru re ro wa wo n ga gi gu ge go za ji zu ze zo da ji zu de do ba bi bu be bo pa pi pu pe po "
    "vu a i u e o ya yu yo wa".split(),
))
_SMALL = {"ャ": "a", "ュ": "u", "ョ": "o", "ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o"}


def _katakana(text: str) -> str:
    return "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c for c in text)


def romanised(text: str, *, hiragana: bool = True) -> str:
    """The kana of ``text`` in Latin letters (Hepburn-like), words joined by ``-``;
    ASCII letters and digits kept, everything else a word break (hiragana too,
    with ``hiragana=False``: the particles between a question's words).

    >>> romanised("ＸＸ－セイバー ダークソウル"), romanised("死者蘇生"), romanised("おろかな埋葬")
    ('xx-seiba-dakusouru', '', 'orokana')
    >>> romanised("エンドフェイズにチェーンできますか？", hiragana=False)
    'endofeizu-chen'
    >>> [romanised(w) for w in ("ウィッチ", "ウェポン", "ウォリアー", "イェーガー", "ファイア", "ティアラ", "ヴァンパイア", "キャット")]
    ['witchi', 'wepon', 'woria', 'yega', 'faia', 'tiara', 'vanpaia', 'kyatto']
    """
    folded = unicodedata.normalize("NFKC", text).lower()
    if not hiragana:
        folded = "".join(" " if "ぁ" <= c <= "ゖ" else c for c in folded)
    folded = _katakana(folded)
    out: list[str] = []
    double = False
    for char in folded:
        if char == "ッ":
            double = True
            continue
        if char == "ー":
            continue
        if char in _SMALL and out and out[-1] and out[-1][-1] not in " -":
            vowel = _SMALL[char]
            word = out[-1]
            # キャ kya, シャ sha, チャ cha; ファ fa, ティ ti, ウィ wi, イェ ye, ヴァ va
            if word == "u":  # ウィ wi, ウェ we, ウォ wo, ウァ wa
                out[-1] = "w" + vowel
            elif word == "i" and vowel == "e":  # イェ ye
                out[-1] = "ye"
            elif word in ("ki", "gi", "ni", "hi", "bi", "pi", "mi", "ri") and char in "ャュョ":
                out[-1] = word[:-1] + "y" + vowel
            else:
                out[-1] = (word[:-1] if word.endswith(("i", "u", "e", "o", "a")) and len(word) > 1 else word) + vowel
            continue
        roman = _KANA.get(char)
        if roman is None:
            roman = char if char.isascii() and char.isalnum() else " "
        if double and roman[0] not in " aeiou":
            roman = ("t" if roman.startswith("ch") else roman[0]) + roman
        double = False
        out.append(roman)
    return "-".join("".join(out).split())


def _slug(text: str) -> list[str]:
    folded = re.sub(r"['’.]", "", unicodedata.normalize("NFKC", text).lower())  # Pikeru's, U.A.
    return [w for w in re.findall(r"[a-z0-9]+", folded) if w not in _STOP_WORDS]


@lru_cache(maxsize=1)
def _english_names() -> Mapping[str, str]:
    from toolkit.data.reading import load_cards

    cards = load_cards()
    return {unicodedata.normalize("NFKC", str(ja)): str(en) for ja, en in zip(cards["name_ja"], cards["name_en"])
            if isinstance(en, str) and en.strip()}


def _card_words(card: str, english: Mapping[str, str] | None) -> list[str]:
    if english is None:
        return list(_shipped_card_words(card))
    name = english.get(unicodedata.normalize("NFKC", card))
    words = _slug(name) if name else romanised(card).split("-")
    return [w for w in words if w][:2]


@lru_cache(maxsize=4096)
def _shipped_card_words(card: str) -> tuple[str, ...]:
    return tuple(_card_words(card, _english_names()))


def id_words(cards: Iterable[str], question: str | None, english: Mapping[str, str] | None = None) -> str:
    """The words of an id: from its first cards, else from the question, else ``ruling``.

    >>> id_words(["サイクロン", "死者蘇生"], "…"), id_words([], "ＬＶ２の《Ｘ》は？")
    ('mystical-space-monster-reborn', 'lv2-x')
    """
    words: list[str] = []
    for card in cards:
        words += _card_words(str(card), english)
        if len(words) >= MAX_WORDS:
            break
    if not words and question:
        words = [w for w in romanised(question, hiragana=False).split("-") if w][:3]
    slug = "-".join(words[:MAX_WORDS])[:MAX_WORD_CHARS].strip("-")
    return slug or "ruling"


def _suffix(key: tuple[str, frozenset[str], str], extra: str, length: int) -> str:
    digest = hashlib.sha256("\n".join([key[0], *sorted(key[1]), key[2], extra]).encode("utf-8")).digest()
    number = int.from_bytes(digest, "big")
    out: list[str] = []
    while len(out) < length:
        number, rest = divmod(number, 36)
        out.append("0123456789abcdefghijklmnopqrstuvwxyz"[rest])
    return "".join(out)


class IdAssigner:
    """Gives ids one ruling at a time, in table order (:func:`assign_ids` for a whole table):
    ``user-YYMMDD-words``, with a suffix when an id already given (or ``taken``) has those words."""

    def __init__(self, taken: Iterable[str] = (), english: Mapping[str, str] | None = None) -> None:
        self.used = set(taken)
        self.english = english

    def next(self, ruling: RulingIdentity, extra: str = "") -> str:
        """The id of ``ruling``; ``extra`` tells apart two rulings of the same identity kept as two
        rows (the same question answered twice): it enters only the suffix."""
        key = identity_key(ruling)
        stamp = pd.Timestamp(key[0]).strftime("%y%m%d") if key[0] else "undated"
        base = f"user-{stamp}-{id_words(ruling.cards, ruling.question or ruling.text, self.english)}"
        rid = base
        steps = iter(SUFFIX_STEPS)
        count = 0
        while rid in self.used:
            length = next(steps, None)
            if length is None:  # every hash length taken: only a counter is left
                count += 1
                rid = f"{base}-{_suffix(key, extra, 16)}-{count}"
            else:
                rid = f"{base}-{_suffix(key, extra, length)}"
        self.used.add(rid)
        return rid


def assign_ids(rulings: Iterable[RulingIdentity], *, taken: Iterable[str] = (), extras: Sequence[str] | None = None,
               english: Mapping[str, str] | None = None) -> list[str]:
    """An id for each ruling, in order: ``user-YYMMDD-words``, with a suffix when an
    earlier one (or an id of ``taken``) has those words already.

    ``extras`` (one per ruling) tells apart rulings of the same identity that the
    caller keeps as two rows (the same question answered twice); it enters only
    the suffix.
    """
    assigner = IdAssigner(taken, english)
    return [assigner.next(ruling, extras[i] if extras is not None else "") for i, ruling in enumerate(rulings)]


def _row_key(row: Mapping[str, Any]) -> tuple[Any, ...]:
    def text(value: Any) -> str | None:
        return value if isinstance(value, str) and value else None

    cards = row.get("cards")
    identity = RulingIdentity(row.get("date"), [str(c) for c in cards] if isinstance(cards, (list, tuple)) else [],
                              text(row.get("question_ja")), text(row.get("answer_ja")))
    return (*identity_key(identity), normalised_text(identity.text))


def id_clash_advice(first: Mapping[str, Any], second: Mapping[str, Any], first_file: str) -> str:
    """What to add when two files of one's own give one id: the same ruling twice, or two rulings
    whose pages were imported apart (ids are given page by page), and how to avoid it.

    >>> a = {"date": "2016-07-08", "cards": ["サイクロン"], "question_ja": "発動できますか？", "answer_ja": "はい。"}
    >>> id_clash_advice(a, {**a, "question_ja": "発動できますか?"}, "a.csv")
    ', for the same ruling: keep it in one file'
    >>> id_clash_advice(a, {**a, "question_ja": "チェーンできますか？"}, "a.csv")
    ', for another ruling (pages imported apart can give two rulings one id: import the later page with `endphase import PAGE --existing a.csv`, or import_page(..., existing=rows), and its ids differ)'
    """
    if _row_key(first) == _row_key(second):
        return ", for the same ruling: keep it in one file"
    return (f", for another ruling (pages imported apart can give two rulings one id: import the later page with "
            f"`endphase import PAGE --existing {first_file}`, or import_page(..., existing=rows), and its ids differ)")
