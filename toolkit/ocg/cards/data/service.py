"""What the layers above the seam ask of the card format (through the OCG ``Game``).

``check_card_files(paths)`` reads card files as a user's would be read and
returns a line per card; ``card_report(name)`` is a registered card as the
engine reads it, per text version, in words, ``card_record(name)`` the same
as fields (for JSON); ``card_schema()`` is the JSON
Schema.  Any problem is one :class:`~toolkit.errors.ToolkitError`.

>>> print(card_report("ライトロード・マジシャン ライラ")[0])
ライトロード・マジシャン ライラ (Lyla, Lightsworn Sorceress): monster, effect — shipped card file lightsworn.yaml
>>> card_report("lyla, lightsworn sorceress") == card_report("ライトロード・マジシャン ライラ")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolkit.errors import printable
from toolkit.ocg.cards.data.reading import read_cards, shipped_card_folder, skipped_files
from toolkit.ocg.cards.data.schema import card_fields, describe_card
from toolkit.ocg.cards.data.schema import card_schema as _schema


def check_card_files(paths: Sequence[str]) -> list[str]:
    """One line per card of the files (each compiled, not registered); the first bad card raises."""
    from toolkit.ocg.cards import user_card_problem
    from toolkit.ocg.cards.catalogue import problem_field
    from toolkit.ocg.cards.data.compile import CardFileError

    lines = []
    for path in paths:
        found = list(read_cards(path))
        if not found:
            skipped = [entry.name for entry, _ in skipped_files(path)]
            seen = f"; skipped: {printable(', '.join(skipped), 120)}" if skipped else ""
            what = f"no card file (*.yaml, *.yml){seen}" if Path(path).is_dir() else "no card"
            raise CardFileError(f"holds {what}; a card file holds a mapping with name and type, or a list of them",
                                file=str(path))
        for loaded in found:
            b = loaded.behaviour
            shipped = Path(loaded.file).resolve().parent == shipped_card_folder().resolve()
            problem = None if shipped else user_card_problem(b.name, b.english, loaded.shadows,
                                                                   b.aliases, b.reading)
            if problem is not None:  # what loading it as your card would refuse
                raise CardFileError(problem, file=loaded.file, field=problem_field(problem))
            versions = len(b.texts)
            lines.append(f"{loaded.file}: {b.name}: OK ({versions} text version{'s' if versions > 1 else ''}"
                         + (", shadows a shipped card" if loaded.shadows else "") + ")")
        lines += [f"{printable(str(entry), 160)}: skipped, {why}" for entry, why in skipped_files(path)]
    return lines


def _origin_words(origin: str) -> str:
    kind, _, where = origin.partition(":")
    return {"python": f"shipped Python module {where}.py", "data": f"shipped card file {where}",
            "user": f"your card, from {where}"}.get(kind, origin)


def card_report(name: str) -> list[str]:
    """The card registered under ``name`` (Japanese or English, kana and width
    folded), per text version, in words."""
    from toolkit.ocg.cards import behaviour, card_names, card_origin

    b = behaviour(card_names().key(name))
    lines = describe_card(b)
    lines[0] += f" — {_origin_words(card_origin(b.name))}"
    return lines


def card_record(name: str) -> dict[str, Any]:
    """The card registered under ``name`` as fields: :func:`card_report`'s content for JSON.

    >>> record = card_record("hysteric sign")
    >>> record["name_ja"], record["origin"], record["texts"][0]["effects"][0]["fields"]["mandatory"]
    ('ヒステリック・サイン', 'shipped card file harpie.yaml', True)
    """
    from toolkit.ocg.cards import behaviour, card_names, card_origin

    b = behaviour(card_names().key(name))
    return {**card_fields(b), "origin": _origin_words(card_origin(b.name))}


def has_no_effects(name: str, position: Any = None) -> bool:
    """True when no text version of the card ``name`` has any effect (a vanilla
    monster, or a card whose text the toolkit does not model: 《強欲な壺》), among
    the cards ``position`` (a scenario or a state) may use (None: the default cards)."""
    from toolkit.ocg.cards import default_catalogue
    from toolkit.ocg.state import State

    catalogue = (default_catalogue() if position is None else position.tables.catalogue
                 if isinstance(position, State) else position.catalogue)
    b = catalogue.behaviour(catalogue.card_names.key(name))
    return not any(t.end_phase or t.triggers or t.quick or t.continuous or t.lingering for t in b.texts)


def user_cards() -> list[Any]:
    """The cards of one's own in ``$ENDPHASE_USER_DIR/cards/`` (as the files are now), by Japanese
    name (a scenario's own cards are its ``cards``)."""
    from toolkit.ocg.cards import default_catalogue

    catalogue = default_catalogue()
    return [catalogue.behaviour(name) for name in catalogue.user_files]


def card_schema() -> dict[str, Any]:
    return _schema()


def card_counts() -> dict[str, Any]:
    """How many shipped cards are data and how many Python, with each Python module's reason."""
    from toolkit.ocg.cards import python_cards_with_reasons, shipped_catalogue

    origins = shipped_catalogue().origins()
    data = sorted(n for n, o in origins.items() if o.startswith("data:"))
    python = python_cards_with_reasons()
    return {"data": len(data), "python": sum(len(names) for _, names in python.values()),
            "python_modules": {m: {"reason": r, "cards": list(names)} for m, (r, names) in python.items()},
            "files": sorted({Path(o.split(":", 1)[1]).name for o in origins.values() if o.startswith("data:")})}
