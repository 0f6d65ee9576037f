"""The words and the font of the charts: card names in Japanese (or English),
topics and statuses in words, and a Japanese-capable font.

The font is IPAexGothic from the ``matplotlib-fontja`` package (the
``notebooks`` extra), registered with matplotlib without changing its
global settings: a chart draws Latin text in DejaVu Sans and falls back to
IPAexGothic for each Japanese glyph, on any machine, with no system font.

>>> topic_words("hand_size_adjustment"), topic_words("some_new_topic")
('hand-size adjustment', 'some new topic')
>>> status_words("superseded")
'replaced by a later answer'
>>> card_label(["ヒステリック・サイン", "魔轟神獣キャシー"], {"ヒステリック・サイン": "Hysteric Sign"}, "en")
'Hysteric Sign, 魔轟神獣キャシー'
>>> fact_words("special_summoned ホルスの黒炎竜 LV８"), fact_words("milled (A)")
('ホルスの黒炎竜 LV８ Special Summoned', "A's deck milled")
>>> short_date(pd.Timestamp("2013-03-30")), short_date(pd.NaT)
('13/03/30', 'undated')
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import pandas as pd

Labels = Literal["ja", "en"]
"""How a chart names cards: ``"ja"`` (the Japanese name, the default) or ``"en"``
(the English name where the cards table has one, else the Japanese)."""

JAPANESE_FONT = "IPAexGothic"
LATIN_FONT = "DejaVu Sans"

TOPIC_WORDS: dict[str, str] = {
    "hand_size_adjustment": "hand-size adjustment",
    "phase_transition": "moving to the next phase",
    "end_of_turn": "effects that last until the end of the turn",
    "errata_2014": "the 2014-07-10 errata (Effect Veiler)",
    "end_phase_order": "order of End Phase processes",
    "turn_end_step": "Turn End Step (Duel Masters)",
}
"""Each topic of rulings.csv in words (an unknown topic: its name with spaces)."""

STATUS_WORDS: dict[str, str] = {
    "current": "current answer",
    "superseded": "replaced by a later answer",
    "retracted": "withdrawn",
}

EVENT_WORDS: dict[str, str] = {
    "activated": "{card} activates",
    "special_summoned": "{card} Special Summoned",
    "destroyed": "{card} destroyed",
    "banished": "{card} banished",
    "added_to_hand": "{card} added to the hand",
    "discarded": "{card} discarded",
    "milled": "{player}'s deck milled",
    "drew": "{player} draws",
    "turn_skipped": "{player}'s next turn skipped",
    "flipped": "{card} flips (Dragheart)",
}
"""Facts of an outcome (``"<event kind> <card>"`` or ``"<event kind> (<player>)"``) in words."""


def topic_words(topic: object) -> str:
    """A topic of the rulings table as a reader says it."""
    name = str(topic)
    return TOPIC_WORDS.get(name, name.replace("_", " "))


def status_words(status: object) -> str:
    """A ruling's status as a reader says it."""
    name = str(status)
    return STATUS_WORDS.get(name, name.replace("_", " "))


def fact_words(fact: str, english: Mapping[str, str] | None = None) -> str:
    """One fact of an outcome (``summarise_outcomes``) as a short phrase
    (the card in English when ``english`` names it)."""
    kind, _, rest = fact.partition(" ")
    rest = (english or {}).get(rest, rest)
    player = rest[1:-1] if rest.startswith("(") and rest.endswith(")") else ""
    template = EVENT_WORDS.get(kind)
    if template is None:
        return f"{kind.replace('_', ' ')} {rest}".strip()
    return template.format(card=rest, player=player or rest)


def short_date(day: object) -> str:
    """A date as the wiki pages write it (yy/mm/dd), or "undated"."""
    if day is None or pd.isna(day):  # type: ignore[call-overload]
        return "undated"
    return pd.Timestamp(day).strftime("%y/%m/%d")  # type: ignore[arg-type]


def card_label(cards: object, english: Mapping[str, str], labels: Labels = "ja", most: int = 2) -> str:
    """The card names of a ruling, at most ``most`` of them (then "+N")."""
    names = [str(c) for c in cards] if isinstance(cards, Sequence) and not isinstance(cards, str) else []
    if labels == "en":
        names = [english.get(n) or n for n in names]
    shown = ", ".join(names[:most])
    return shown + (f" +{len(names) - most}" if len(names) > most else "")


def check_labels(labels: str) -> Labels:
    """``labels`` if it is "ja" or "en"; a one-line error otherwise."""
    if labels not in ("ja", "en"):
        raise ValueError(f"labels must be 'ja' (Japanese card names) or 'en' (English), not {labels!r}")
    return "ja" if labels == "ja" else "en"


@lru_cache(maxsize=1)
def english_names() -> dict[str, str]:
    """Japanese card name -> English name, from the cards table."""
    from toolkit.data import load_cards

    cards = load_cards()
    return {str(ja): str(en) for ja, en in zip(cards["name_ja"], cards["name_en"]) if isinstance(en, str) and en}


@lru_cache(maxsize=1)
def japanese_font_file() -> Path:
    """IPAexGothic's file inside the ``matplotlib-fontja`` package.

    Found without importing the package (importing it would change
    matplotlib's default font for the whole process).
    """
    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("charts need a Japanese font: pip install 'endphase-toolkit[notebooks]' "
                          "(it brings matplotlib-fontja)")
    path = Path(next(iter(spec.submodule_search_locations))) / "fonts" / "ipaexg.ttf"
    if not path.is_file():
        raise ImportError(f"matplotlib-fontja has no font file at {path}; reinstall it")
    return path


@lru_cache(maxsize=1)
def _register_font() -> None:
    from matplotlib import font_manager

    font_manager.fontManager.addfont(str(japanese_font_file()))


def font_settings() -> dict[str, Any]:
    """matplotlib settings for Latin text in DejaVu Sans with Japanese glyphs
    from IPAexGothic (matplotlib falls back glyph by glyph)."""
    _register_font()
    return {"font.family": [LATIN_FONT, JAPANESE_FONT]}


@contextmanager
def japanese_text() -> Iterator[None]:
    """Within this block, matplotlib draws Japanese text with IPAexGothic."""
    from matplotlib import rc_context

    with rc_context(font_settings()):  # type: ignore[arg-type]
        yield
