"""The cards of a user's ruling read from its question: a row whose ``cards``
cell is empty takes the cards its ``question_ja`` names in 《》, each matched
by the toolkit's one name matching (:class:`toolkit.fields.CardNames`: English
or Japanese, any width, kana, spaces) against the cards a user can name:

* the cards table (the shipped ``cards.csv``, or the table given);
* the cards of one's own folder, ``$ENDPHASE_USER_DIR/cards/*.yaml`` (default
  ``~/endphase-scenarios/cards/``);
* the cards a row's own scenario files define in their ``cards:`` list.

Only ``name``, ``english``, ``aliases`` and ``reading`` of a card file are read here
(the shipped card files' too, so 《Cyclone》 and 《ししゃそせい》 name their cards; the engine reads
and checks the rest when a scenario uses the card). A name in 《》 no card has
is a problem naming the file, the row and ``question_ja``, with the nearest
cards; writing the ruling's cards in its ``cards`` column keeps the question
out of it.

>>> names = known_cards(pd.DataFrame({"name_ja": ["ヒステリック・サイン"], "name_en": ["Hysteric Sign"]}), [])
>>> cards_of_question("手札調整で《hysteric sign》を捨てた場合は？", names)
(['ヒステリック・サイン'], [])
>>> cards_of_question("《ヒステリック・サイソ》は？", names)[1]  # doctest: +ELLIPSIS
["Unknown card 「ヒステリック・サイソ」 — did you mean 「ヒステリック・サイン」 (Hysteric Sign)? ..."]
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from toolkit.data.parsing import Parsed, is_na, rows_of
from toolkit.data.problems import Problem
from toolkit.errors import RulingWarning
from toolkit.fields import CardNames, card_quote
from toolkit.resources import default_user_folder

ADVICE = ("Add the card (see `python -m toolkit cards --help`), or name the ruling's cards in its cards column, "
          "which is then read instead of the question")
"""What to do about a name in 《》 that no card has."""


def _user_card_files() -> list[Path]:
    """The card files of one's own folder (``*.yaml``, ``*.yml``, any case); a folder that
    is a file is refused, as the engine refuses it."""
    from toolkit.errors import FileError

    folder = default_user_folder() / "cards"
    if not folder.is_dir():
        if os.path.lexists(folder):
            what = ("is a link that leads nowhere (a loop of links, or its target is gone)"
                    if folder.is_symlink() and not folder.exists() else "is a file, not a folder")
            raise FileError(f"{what}: your cards go in a folder of card files (*.yaml)", file=str(folder))
        return []
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file())


def _cards_in(path: Path, key: str | None) -> list[dict[str, Any]]:
    """The cards a YAML file holds: a card, a list of cards, or (``key="cards"``) a scenario's
    ``cards:`` list. A file that cannot be read holds none here (the engine says why where it reads it)."""
    from toolkit.errors import FileError
    from toolkit.files import read_yaml

    try:
        data: Any = read_yaml(path, what="card file").data
    except (FileError, OSError):
        return []
    if key is not None:
        data = data.get(key) if isinstance(data, dict) else None
    return [c for c in (data if isinstance(data, list) else [data])
            if isinstance(c, dict) and isinstance(c.get("name"), str)]


def _names_of(cards: list[dict[str, Any]]) -> dict[str, str]:
    """The Japanese -> English names of ``cards``."""
    return {str(c["name"]): str(c.get("english") or "") for c in cards}


def _other_names_of(cards: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The Japanese name -> other names (``aliases`` and ``reading``) of ``cards``."""
    out: dict[str, list[str]] = {}
    for c in cards:
        aliases = c.get("aliases")
        more = [str(a) for a in aliases if isinstance(a, str)] if isinstance(aliases, list) else []
        if isinstance(c.get("reading"), str):
            more.append(c["reading"])
        if more:
            out[str(c["name"])] = more
    return out


def _shipped_other_names() -> dict[str, list[str]]:
    """The aliases and readings of the shipped card files (``datasets/cards``), read once."""
    if not _SHIPPED:
        from toolkit.resources import dataset_root

        folder = Path(str(dataset_root())) / "cards"
        found: dict[str, list[str]] = {}
        for path in sorted(folder.glob("*.yaml")):
            found.update(_other_names_of(_cards_in(path, None)))
        _SHIPPED.append(found)
    return _SHIPPED[0]


_SHIPPED: list[dict[str, list[str]]] = []


def known_cards(cards: pd.DataFrame, scenario_files: Iterable[str]) -> CardNames:
    """The names a question's 《》 may give: those of ``cards``, of one's own
    folder and of the scenario files' ``cards:`` lists."""
    english = {str(ja): str(en) for ja, en in zip(cards["name_ja"], cards["name_en"], strict=True) if not is_na(en)}
    names = {str(n) for n in cards["name_ja"]}
    found: dict[str, str] = {}
    others = dict(_shipped_other_names())
    files: list[tuple[Path, str | None]] = [(path, None) for path in _user_card_files()]
    files += [(Path(file), "cards") for file in scenario_files if os.path.isabs(file) and os.path.isfile(file)]
    for path, key in files:  # each file read once
        held = _cards_in(path, key)
        found.update(_names_of(held))
        others.update(_other_names_of(held))
    names.update(found)
    english.update({ja: en for ja, en in found.items() if en})
    return CardNames(names, english, others)


def cards_of_question(question: str, names: CardNames) -> tuple[list[str], list[str]]:
    """The cards ``question`` names in 《》 (their Japanese keys, in order of
    first mention) and a message for each name no card has."""
    from toolkit.wiki.markup import card_names

    found: list[str] = []
    unknown: list[str] = []
    for written in card_names(question):
        key = names.lookup(written)
        if key is not None and key in names.keys:
            if key not in found:
                found.append(key)
        else:
            unknown.append(names.unknown(written, advice=ADVICE))
    return found, unknown


def fill_cards(parsed: Parsed, label: str, cards: pd.DataFrame) -> list[Problem]:
    """Give each row of ``parsed`` with no cards those its question names in
    《》 (in place); a problem for each name no card has in the question, a
    :class:`~toolkit.errors.RulingWarning` for each in the ``cards`` column."""
    problems: list[Problem] = []
    frame = parsed.frame
    names: CardNames | None = None
    unknown_rows: list[tuple[int, list[str]]] = []
    for index, (number, row) in enumerate(rows_of(parsed)):
        listed: Sequence[Any] = row["cards"] if isinstance(row["cards"], list) else []
        question = row["question_ja"]
        asks = not listed and not is_na(question) and "《" in str(question) and parsed.clean(number, "question_ja")
        if not parsed.clean(number, "cards") or not (listed or asks):
            continue
        if names is None:
            files = [str(f) for _, r in rows_of(parsed) for f in (r["scenario"] or [])]
            names = known_cards(cards, files)
        if listed:  # a card the toolkit does not know may be a ruling's card (an imported page's): said, not refused
            strangers = [str(name) for name in listed if _unknown(str(name), names)]
            if strangers:
                unknown_rows.append((number, strangers))
            continue
        found, unknown = cards_of_question(str(question), names)
        problems += [Problem(label, number, "question_ja", message) for message in unknown]
        cell: Any = found
        frame.at[frame.index[index], "cards"] = cell
    if unknown_rows and names is not None:
        warnings.warn(unknown_cards_summary(label, unknown_rows, names), RulingWarning, stacklevel=3)
    return problems


SUMMARY_NAMES = 3
"""How many unknown card names the one warning of a file shows (the first ones, in row order)."""


def unknown_cards_summary(label: str, rows: Sequence[tuple[int, Sequence[str]]], names: CardNames) -> str:
    """The one line said of a file whose ``cards`` column names cards the toolkit does not know:
    the file, how many rows, the first few names (with the nearest card) and what to do.

    >>> names = known_cards(pd.DataFrame({"name_ja": ["サイクロン"], "name_en": ["Mystical Space Typhoon"]}), [])
    >>> print(unknown_cards_summary("mine.csv", [(1, ["サイクロソ"]), (4, ["テスト・ナイト", "サイクロソ"])], names))
    mine.csv: 2 rows name cards the toolkit does not know, in the cards column: 「サイクロソ」 (row 1; did you mean 「サイクロン」 (Mystical Space Typhoon)?), 「テスト・ナイト」 (row 4; did you mean 「サイクロン」 (Mystical Space Typhoon)?). Kept as written: check the spelling, or add the cards (`python -m toolkit cards --help`) to check rulings about them
    """
    first: dict[str, int] = {}
    for number, strangers in rows:
        for name in strangers:
            first.setdefault(name, number)
    shown = []
    for name, number in list(first.items())[:SUMMARY_NAMES]:
        near = names.nearest(name, 1) if not names.ambiguous(name) else []
        hint = f"; did you mean {names.show(near[0])}?" if near else ""
        shown.append(f"{card_quote(name)} (row {number}{hint})")
    more = len(first) - len(shown)
    listed = ", ".join(shown) + (f" and {more} more" if more > 0 else "")
    count = f"{len(rows)} row{'s' if len(rows) != 1 else ''} name{'' if len(rows) != 1 else 's'}"
    return (f"{label}: {count} cards the toolkit does not know, in the cards column: {listed}. Kept as written: "
            "check the spelling, or add the cards (`python -m toolkit cards --help`) to check rulings about them")


def _unknown(name: str, names: CardNames) -> bool:
    key = names.lookup(name)
    return key is None or key not in names.keys
