"""Checks of a scenario: its shape, and its names against the card, rule-set and rulings registries."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit import fields
from toolkit.errors import describe, quoted
from toolkit.fields import CARDS_MAX as CARDS_MAX
from toolkit.fields import COPY_MARK as COPY_MARK
from toolkit.fields import NAME_MAX as NAME_MAX
from toolkit.fields import CardNames
from toolkit.ocg.scenario.model import (
    DECK_FILLER_MAX,
    LIFE_MAX,
    PHASES,
    PLAYERS,
    POSITIONS,
    TAGS,
    ZONES,
    CardSpec,
    LingeringSpec,
    PlayerSetup,
    Scenario,
    base_name,
    fail,
    suggest,
)
from toolkit.resources import shipped_ruling_ids

# --------------------------------------------------------------------------
# Where names come from (one function each)
# --------------------------------------------------------------------------


def known_card_names() -> frozenset[str] | None:
    """Every card name a scenario may use without cards of its own: the names of the
    default card catalogue (a card without a behaviour cannot be resolved)."""
    from toolkit.ocg.cards import registered_names

    return frozenset(registered_names())


def known_ruleset_names() -> frozenset[str] | None:
    """Names of the engine's registered rulesets."""
    from toolkit.ocg.rulesets import ruleset_names

    return frozenset(ruleset_names())


def known_ruling_ids() -> frozenset[str] | None:
    """Ids in the shipped rulings table, or None when the table is not available
    (read with the csv module: the game needs no data layer for this)."""
    return shipped_ruling_ids()


# --------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------


def check_shape(s: Scenario) -> None:
    """Checks that need no registry; run whenever a Scenario is constructed."""
    file = s.source
    if not isinstance(s.title, str) or not s.title.strip():
        raise fail("a scenario needs a non-empty title", "title", file)
    if s.turn_player not in PLAYERS:
        raise fail(f"turn_player must be 'A' or 'B', not {quoted(s.turn_player)}", "turn_player", file)
    if s.phase not in PHASES:
        raise fail(
            f"unknown phase {quoted(s.phase)}; known phases: {', '.join(PHASES)}" + suggest(s.phase, PHASES),
            "phase",
            file,
        )
    if s.date is not None and s.ruleset is not None:
        raise fail("give either a date or a ruleset, not both", "date", file)
    if s.date is not None:
        fields.day(s.date, "date", file)
    if s.ruleset is not None and (not isinstance(s.ruleset, str) or not s.ruleset):
        raise fail("ruleset must be a non-empty name", "ruleset", file)
    for player in PLAYERS:
        _check_player(s.players[player], f"players.{player}", file)
    fields.ruling_ids(list(s.rulings), "rulings", file, None)
    on_field = _field_cards(s)
    for i, linger in enumerate(s.lingering):
        where = f"lingering[{i}]"
        if not isinstance(linger, LingeringSpec):
            raise fail(f"expected a LingeringSpec, got {type(linger).__name__}", where, file)
        if not isinstance(linger.source, str) or not linger.source:
            raise fail("a lingering effect needs its source card", f"{where}.source", file)
        if linger.controller not in PLAYERS:
            raise fail(
                f"controller must be 'A' or 'B', not {quoted(linger.controller)}", f"{where}.controller", file
            )
        if not isinstance(linger.effect, str):
            raise fail("effect must be text", f"{where}.effect", file)
        if linger.target is not None:
            owners = [p for p, name in on_field if name == linger.target]
            if not owners:
                listed = sorted({name for _, name in on_field})
                raise fail(
                    f"target {quoted(linger.target)} is not a card on the field (nor banished, for an effect "
                    "that banishes it for a while)"
                    + suggest(linger.target, listed),
                    f"{where}.target",
                    file,
                )
            if len(owners) > 1:
                raise fail(
                    f"target {quoted(linger.target)} is on both players' fields; "
                    f"mark one copy (e.g. '{linger.target[:60]}{COPY_MARK}2')",
                    f"{where}.target",
                    file,
                )


def _check_player(setup: PlayerSetup, where: str, file: str | None) -> None:
    fields.whole(setup.deck_filler, f"{where}.deck_filler", file, low=0, high=DECK_FILLER_MAX)
    fields.whole(setup.life, f"{where}.life", file, low=1, high=LIFE_MAX)
    listed = sum(len(getattr(setup, zone)) for zone in ZONES)
    if listed > CARDS_MAX:
        raise fail(f"{listed:,} cards listed for one player; a scenario lists at most {CARDS_MAX} "
                    "(use deck_filler for unnamed deck cards)", where, file)
    seen: dict[str, str] = {}
    for zone in ZONES:
        for i, entry in enumerate(getattr(setup, zone)):
            spot = f"{where}.{zone}[{i}]"
            if zone in ("hand", "deck"):
                name = entry
            elif isinstance(entry, CardSpec):
                name = entry.name
                _check_card(entry, spot, file)
                if entry.counters and zone != "field":
                    raise fail(f"counters sit on a card on the field, not in the {zone}", f"{spot}.counters", file)
            else:
                raise fail(f"expected a card, got {describe(entry)}", spot, file)
            if not isinstance(name, str) or not base_name(name):
                raise fail(f"a card name must be text, not {describe(name)}", spot, file)
            if len(name) > NAME_MAX:
                raise fail(f"a card name of {len(name):,} characters; card names are at most {NAME_MAX} "
                            "characters", spot, file)
            if name in seen:
                raise fail(
                    f"{quoted(name)} is listed twice (also at {seen[name]}); one physical card cannot be "
                    f"in two places — mark copies as '{base_name(name)}{COPY_MARK}1', "
                    f"'{base_name(name)}{COPY_MARK}2'",
                    spot,
                    file,
                )
            seen[name] = spot


def _check_card(card: CardSpec, where: str, file: str | None) -> None:
    if card.position not in POSITIONS:
        raise fail(
            f"unknown position {quoted(card.position)}; known: {', '.join(POSITIONS)}"
            + suggest(card.position, POSITIONS),
            f"{where}.position",
            file,
        )
    for tag in sorted(card.tags):
        if tag not in TAGS:
            raise fail(f"unknown tag {quoted(tag)}" + suggest(tag, list(TAGS)), f"{where}.tags", file)


def _field_cards(s: Scenario) -> list[tuple[str, str]]:
    """The cards a lingering effect may apply to: on the field, or banished for a while."""
    return [(p, card.name) for p in PLAYERS for card in (*s.players[p].field, *s.players[p].banished)]


def check_against_catalogue(s: Scenario, names: CardNames | None = None) -> None:
    """Checks against the scenario's card catalogue, the ruleset registry and rulings.csv."""
    file = s.source
    names = names or s.catalogue.card_names
    if names is not None:
        listed = list(_every_card_name(s))
        for k, (spot, name) in enumerate(listed):
            if base_name(name) not in names.keys:
                raise fail(_comma_split(listed, k, names) or names.unknown(base_name(name), where=spot), spot, file)
    check_ruleset_name(s)
    fields.ruling_ids(list(s.rulings), "rulings", file, known_ruling_ids())


def _comma_split(listed: list[tuple[str, str]], k: int, names: CardNames) -> str | None:
    """The message for a name that is half of a card name with a comma, split in two by a YAML
    flow list (``field: [Lyla, Lightsworn Sorceress]`` reads as two cards), or None."""
    spot, name = listed[k]
    zone = spot.rpartition("[")[0]
    for a, b in ((k - 1, k), (k, k + 1)):
        if a < 0 or b >= len(listed) or listed[a][0].rpartition("[")[0] != zone:
            continue
        joined = f"{base_name(listed[a][1])}, {base_name(listed[b][1])}"
        found = names.lookup(joined)
        if found is None:  # the half before the comma may be a card's other name, read as that card already
            head, tail = (listed[a][1], base_name(listed[b][1])) if a != k else (None, None)
            english = names.english.get(base_name(head)) if head else None
            if english and tail and english.casefold().endswith(f", {tail}".casefold()):
                found, joined = base_name(head or ""), english
        if found is not None:
            return (f"Unknown card {fields.card_quote(base_name(name))} {fields.place(spot) or 'at ' + spot}: "
                    f"{fields.card_quote(joined)} is one card ({fields.card_quote(found)}) — a name with a comma "
                    f"must be quoted in a YAML list: [\"{joined}\"], or written as its Japanese name")
    return None


def check_ruleset_name(s: Scenario) -> None:
    if s.ruleset is None:
        return
    rulesets = known_ruleset_names()
    if rulesets is not None and s.ruleset not in rulesets:
        raise fail(
            f"unknown ruleset {quoted(s.ruleset)}; known: {', '.join(sorted(rulesets))}"
            + suggest(s.ruleset, sorted(rulesets)),
            "ruleset",
            s.source,
        )


def _every_card_name(s: Scenario) -> Iterator[tuple[str, str]]:
    for p in PLAYERS:
        setup = s.players[p]
        for zone in ZONES:
            for i, entry in enumerate(getattr(setup, zone)):
                name = entry.name if isinstance(entry, CardSpec) else entry
                yield f"players.{p}.{zone}[{i}]", name
    for i, linger in enumerate(s.lingering):
        yield f"lingering[{i}].source", linger.source
