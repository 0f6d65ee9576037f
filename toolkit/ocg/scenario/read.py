"""From plain data (YAML) to a Scenario, every field checked."""

from __future__ import annotations

import dataclasses
import datetime
import os
from collections.abc import Iterable, Sequence
from typing import Any

from toolkit import fields
from toolkit.errors import FileError, ScenarioError, describe, quoted
from toolkit.fields import CARDS_MAX as CARDS_MAX
from toolkit.fields import COPY_MARK as COPY_MARK
from toolkit.fields import NAME_MAX as NAME_MAX
from toolkit.fields import CardNames
from toolkit.ocg.cards import default_catalogue
from toolkit.ocg.cards.base import CardBehaviour
from toolkit.ocg.counters import COUNTERS_MAX
from toolkit.ocg.scenario.checks import check_against_catalogue
from toolkit.ocg.scenario.model import (
    CARD_KEYS,
    DECK_FILLER_MAX,
    LIFE_MAX,
    LINGERING_KEYS,
    PLAYER_KEYS,
    PLAYERS,
    TOP_KEYS,
    CardSpec,
    LingeringSpec,
    OtherGameScenario,
    PlayerSetup,
    Scenario,
    base_name,
    fail,
)

# --------------------------------------------------------------------------
# From plain data (YAML) to a Scenario
# --------------------------------------------------------------------------


def _parse_date(value: object, *, field_name: str, file: str | None) -> datetime.date:
    """A day inside the dates the rules cover (see :func:`toolkit.fields.day`)."""
    return fields.day(value, field_name, file)


def _text(value: object, where: str, file: str | None) -> str:
    return fields.text(value, where, file)


def _list(value: object, where: str, file: str | None) -> list[Any]:
    return fields.as_list(value, where, file)


def _mapping(value: object, where: str | None, file: str | None, keys: Sequence[str]) -> dict[str, Any]:
    return fields.mapping(value, where, file, keys)


def _counters(value: object, where: str, file: str | None) -> int:
    """The counters on a card: a whole number from 0 to COUNTERS_MAX."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= COUNTERS_MAX:
        raise fail(f"counters must be a whole number from 0 to {COUNTERS_MAX}, not {quoted(str(value))}", where, file)
    return value


class _Reader:
    """Reads the parts of one scenario file, turning card names as a reader
    wrote them (English, half-width, hiragana...) into the registry's keys."""

    def __init__(self, file: str | None, names: CardNames | None) -> None:
        self.file = file
        self.names = names

    def name(self, value: object, where: str) -> str:
        written = fields.text(value, where, self.file)
        if self.names is None:
            return written
        options = self.names.ambiguous(written)
        if options:
            raise fail(self.names.unknown(written, where=where), where, self.file)
        return self.names.key(written)

    def card(self, value: object, where: str) -> CardSpec:
        file = self.file
        if isinstance(value, CardSpec):
            return dataclasses.replace(value, name=self.name(value.name, f"{where}.name"))
        if isinstance(value, str):
            return CardSpec(self.name(value, where))
        data = _mapping(value, where, file, CARD_KEYS)
        if "name" not in data:
            raise fail("a card needs a name", f"{where}.name", file)
        tags = [_text(t, f"{where}.tags", file) for t in _list(data.get("tags", []), f"{where}.tags", file)]
        return CardSpec(
            name=self.name(data["name"], f"{where}.name"),
            position=_text(data.get("position", "face_up"), f"{where}.position", file),
            tags=frozenset(tags),
            counters=_counters(data.get("counters", 0), f"{where}.counters", file),
        )

    def player(self, value: object, where: str) -> PlayerSetup:
        if value is None:
            return PlayerSetup()
        file = self.file
        data = _mapping(value, where, file, PLAYER_KEYS)

        def items(zone: str) -> list[tuple[str, Any]]:
            return [(f"{where}.{zone}[{i}]", item) for i, item in enumerate(_list(data.get(zone, []),
                                                                                 f"{where}.{zone}", file))]

        names = {zone: tuple(self.name(n, spot) for spot, n in items(zone)) for zone in ("hand", "deck")}
        cards = {zone: tuple(self.card(c, spot) for spot, c in items(zone)) for zone in ("field", "graveyard", "banished")}
        return PlayerSetup(
            hand=names["hand"],
            field=cards["field"],
            graveyard=cards["graveyard"],
            banished=cards["banished"],
            deck=names["deck"],
            deck_filler=fields.whole(data.get("deck_filler", 30), f"{where}.deck_filler", file, low=0,
                                     high=DECK_FILLER_MAX),
            life=fields.whole(data.get("life", 8000), f"{where}.life", file, low=1, high=LIFE_MAX),
        )

    def lingering(self, value: object, where: str) -> LingeringSpec:
        file = self.file
        data = _mapping(value, where, file, LINGERING_KEYS)
        for required in ("source", "controller"):
            if required not in data:
                raise fail(f"a lingering effect needs '{required}'", f"{where}.{required}", file)
        target = data.get("target")
        return LingeringSpec(
            source=self.name(data["source"], f"{where}.source"),
            controller=_text(data["controller"], f"{where}.controller", file),
            target=None if target is None else self.name(target, f"{where}.target"),
            effect=_text(data.get("effect", ""), f"{where}.effect", file),
        )


def scenario_from_dict(
    data: object, source: str | None = None, *, check_registry: bool = True,
    cards: Iterable[CardBehaviour] = (),
) -> Scenario:
    """Build and validate a Scenario from plain data (what ``yaml.safe_load`` gives).

    With ``check_registry`` (the default) card names may be written in
    English or with width/kana slips: they are stored as the catalogue's key.
    ``cards`` are cards of the user's own (``load_card_definitions``) the
    scenario may use besides its ``cards:`` list; they stand in this
    scenario's catalogue only.

    >>> scenario_from_dict({"title": "t", "turn_player": "C", "players": {}})
    Traceback (most recent call last):
    ...
    toolkit.errors.ScenarioError: field 'turn_player': turn_player must be 'A' or 'B', not 'C'
    >>> s = scenario_from_dict({"title": "t", "turn_player": "A", "players": {"B": {"hand": ["Effect Veiler"]}}})
    >>> s.players["B"].hand
    ('エフェクト・ヴェーラー',)
    """
    file = source
    if isinstance(data, dict) and data.get("game", "ocg") != "ocg":
        other = data.get("game")
        if isinstance(other, str) and other.isidentifier() and len(other) <= 40:
            raise OtherGameScenario(f"this is a scenario of the game {quoted(other)}, not an OCG one: read it with "
                                    "toolkit.games.load_any_scenario (the command line tells the games apart "
                                    "by themselves)", field="game", file=file)
        raise fail(f"game must be 'ocg' or the name of another registered game, not {quoted(other)}", "game", file)
    top = _mapping(data, None, file, TOP_KEYS)
    for required in ("title", "turn_player", "players"):
        if required not in top:
            raise fail(f"missing required key '{required}'", required, file)
    players_raw = _mapping(top["players"], "players", file, PLAYERS)
    date = top.get("date")
    ruleset = top.get("ruleset")
    if date is not None and ruleset is not None:
        raise fail("give either a date or a ruleset, not both", "date", file)
    given = _given_cards(cards)
    inline = _inline_cards(top["cards"], file) if top.get("cards") is not None else ()
    catalogue = default_catalogue().with_cards(given + inline)  # refuses a clash, naming the file and card
    names = catalogue.card_names if check_registry else None
    read = _Reader(file, names)
    title = fields.text(top["title"], "title", file, required=True)  # the fields in the order they are reported
    turn_player = _text(top["turn_player"], "turn_player", file)
    players = {p: read.player(players_raw.get(p), f"players.{p}") for p in PLAYERS}
    day = None if date is None else _parse_date(date, field_name="date", file=file)
    named_rules = None if ruleset is None else _text(ruleset, "ruleset", file)
    lingering = tuple(read.lingering(item, f"lingering[{i}]")
                      for i, item in enumerate(_list(top.get("lingering", []), "lingering", file)))
    used = {base_name(item.source) for item in lingering}
    for setup in players.values():
        used.update(base_name(n) for n in setup.hand + setup.deck)
        used.update(base_name(c.name) for zone in (setup.field, setup.graveyard, setup.banished) for c in zone)
    inline_names = {c.name for c in inline}
    scenario = Scenario(
        title=title,
        turn_player=turn_player,
        players=players,
        date=day,
        ruleset=named_rules,
        lingering=lingering,
        phase=_text(top.get("phase", "end"), "phase", file),
        description=_text(top.get("description", ""), "description", file),
        source=source,
        rulings=fields.ruling_ids(top.get("rulings", []), "rulings", file, None),
        cards=tuple(c for c in given if c.name in used and c.name not in inline_names) + inline,
    )
    if check_registry:
        check_against_catalogue(scenario, names)
    return scenario


def _given_cards(cards: Iterable[CardBehaviour]) -> tuple[CardBehaviour, ...]:
    given = tuple(cards) if not isinstance(cards, (str, bytes, os.PathLike)) else None
    if given is None or not all(isinstance(c, CardBehaviour) for c in given):
        raise ScenarioError("cards= takes the cards of your own as load_card_definitions(path) returns them, "
                            f"not {type(cards).__name__}", field="cards")
    return given


def _inline_cards(written: object, file: str | None) -> tuple[CardBehaviour, ...]:
    """The scenario's ``cards:`` list, compiled (a file name there is refused with what to do)."""
    from toolkit.ocg.cards.data.reading import compile_cards

    for i, item in enumerate(written if isinstance(written, list) else []):
        if isinstance(item, str) and item.lower().endswith((".yaml", ".yml")):
            raise fail(f"{quoted(item)} is a file name: a scenario's cards: list holds the cards themselves "
                        "(name, type, texts, as in a card file); put a card file in $ENDPHASE_USER_DIR/cards/ "
                        "(`cards --help`)", f"cards[{i}]", file)
    return tuple(loaded.behaviour for loaded in compile_cards(written, file, where="cards"))


def parse_scenario(text: str, source: str | None = None, *, check_registry: bool = True,
                   cards: Iterable[CardBehaviour] = ()) -> Scenario:
    """Read a Scenario from YAML text (the toolkit's guarded YAML reader,
    :func:`toolkit.files.parse_yaml`); an error names the line and column of
    the field at fault."""
    try:
        from toolkit.files import parse_yaml  # loads PyYAML on first use
        document = parse_yaml(text, source)
    except FileError as exc:
        raise exc.as_scenario_error() from None
    if document.data is None:
        raise fail("the file is empty", None, source)
    try:
        return scenario_from_dict(document.data, source=source, check_registry=check_registry, cards=cards)
    except ScenarioError as exc:
        raise exc.located(*(document.position(exc.field) or (None, None))) from None


def _shipped_example(name: str) -> tuple[str, str] | None:
    """(text, source) of the shipped OCG example ``name`` names (``stem``, ``stem.yaml``), None for
    a name that is none; a shipped example of another game (``folder/stem``) is an error saying
    where it is read."""
    from toolkit.resources import shipped_scenario_names, shipped_scenario_text

    stem = name.removesuffix(".yaml")
    folder, _, rest = stem.rpartition("/")
    if folder and "/" not in folder and rest in shipped_scenario_names("scenarios", folder):
        raise ScenarioError(f"{quoted(name)} is a shipped example of another game: read it with "
                            f"toolkit.games.shipped_scenario({quoted(name)})")
    if folder or os.sep in stem or stem not in shipped_scenario_names("scenarios"):
        return None
    return shipped_scenario_text(stem, "scenarios")


def load_scenario(path: str | os.PathLike[str], *, check_registry: bool = True,
                  cards: Iterable[CardBehaviour] = ()) -> Scenario:
    """Read and validate a scenario YAML file (a regular file of at most
    :func:`toolkit.files.max_file_bytes` bytes, UTF-8); ``cards``: cards of your own
    (``load_card_definitions``) it may use besides its ``cards:`` list.

    As on the command line, a shipped example's name (``stem`` or ``stem.yaml``) that is
    not a file here reads that example:

    >>> load_scenario("lyla_veiler_2011.yaml").title == load_scenario("lyla_veiler_2011").title
    True
    """
    if not isinstance(path, (str, os.PathLike)):
        raise ScenarioError(f"load_scenario() takes the path of a scenario file, not {describe(path)}; "
                            f"a shipped example is seed_scenario(name)")
    file = os.fspath(path)
    if isinstance(path, str) and not os.path.lexists(file):
        shipped = _shipped_example(file)
        if shipped is not None:
            text, source = shipped
            return parse_scenario(text, source=source, check_registry=check_registry, cards=cards)
    try:
        from toolkit.files import read_text  # loads PyYAML on first use
        text = read_text(file, what="scenario file")
    except FileError as exc:
        raise exc.as_scenario_error() from None
    return parse_scenario(text, source=file, check_registry=check_registry, cards=cards)
