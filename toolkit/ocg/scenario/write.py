"""From a Scenario back to plain data and YAML; saving; the packaged worked examples."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from toolkit.errors import FileError, ScenarioError, kind_of
from toolkit.fields import CARDS_MAX as CARDS_MAX
from toolkit.fields import COPY_MARK as COPY_MARK
from toolkit.fields import NAME_MAX as NAME_MAX
from toolkit.ocg.scenario.model import PLAYERS, CardSpec, PlayerSetup, Scenario, fail
from toolkit.ocg.scenario.read import parse_scenario
from toolkit.resources import dataset_root, shipped_scenario_names, shipped_scenario_text

# --------------------------------------------------------------------------
# From a Scenario back to plain data / YAML
# --------------------------------------------------------------------------


def card_to(card: CardSpec) -> str | dict[str, Any]:
    if card.position == "face_up" and not card.tags and not card.counters:
        return card.name
    out: dict[str, Any] = {"name": card.name}
    if card.position != "face_up":
        out["position"] = card.position
    if card.tags:
        out["tags"] = sorted(card.tags)
    if card.counters:
        out["counters"] = card.counters
    return out


def _player_to(setup: PlayerSetup) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if setup.hand:
        out["hand"] = list(setup.hand)
    for zone in ("field", "graveyard", "banished"):
        cards = getattr(setup, zone)
        if cards:
            out[zone] = [card_to(c) for c in cards]
    if setup.deck:
        out["deck"] = list(setup.deck)
    if setup.deck_filler != PlayerSetup.deck_filler:
        out["deck_filler"] = setup.deck_filler
    if setup.life != PlayerSetup.life:
        out["life"] = setup.life
    return out


def _inline_cards(scenario: Scenario) -> list[dict[str, Any]]:
    """The definitions of the scenario's own cards that it uses (its ``cards:`` list, cards given
    with ``cards=``), as written, in the scenario's order: a saved scenario carries them."""
    if not scenario.cards:
        return []
    names: list[str] = []
    for p in PLAYERS:
        setup = scenario.players[p]
        names.extend(setup.hand)
        for zone in ("field", "graveyard", "banished"):
            names.extend(c.name for c in getattr(setup, zone))
        names.extend(setup.deck)
    names.extend(ls.source for ls in scenario.lingering)
    used = {name.split(COPY_MARK, 1)[0] for name in names}
    from toolkit.ocg.cards.data.carried import keys_as_text

    out: list[dict[str, Any]] = []
    for card in scenario.cards:
        if card.name not in used:
            continue
        if not isinstance(card.written, dict):
            raise ScenarioError(f"card {card.name} was made in Python, not written as data: a scenario file "
                                "cannot carry it (write it in the card format, `cards --help`)", field="cards")
        plain = keys_as_text(card.written)  # a copy, a trigger's ``on:`` key (read as true) written ``on``
        assert isinstance(plain, dict)  # (a mapping's copy is a mapping)
        out.append(plain)
    return out


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """Plain data that :func:`scenario_from_dict` turns back into an equal Scenario."""
    out: dict[str, Any] = {"title": scenario.title}
    if scenario.description:
        out["description"] = scenario.description
    if scenario.date is not None:
        out["date"] = scenario.date
    if scenario.ruleset is not None:
        out["ruleset"] = scenario.ruleset
    out["turn_player"] = scenario.turn_player
    if scenario.phase != "end":
        out["phase"] = scenario.phase
    if scenario.rulings:
        out["rulings"] = list(scenario.rulings)
    inline = _inline_cards(scenario)
    if inline:
        out["cards"] = inline
    out["players"] = {p: _player_to(scenario.players[p]) for p in PLAYERS}
    if scenario.lingering:
        out["lingering"] = [
            {
                k: v
                for k, v in (
                    ("source", ls.source),
                    ("controller", ls.controller),
                    ("target", ls.target),
                    ("effect", ls.effect),
                )
                if v not in (None, "")
            }
            for ls in scenario.lingering
        ]
    return out


class _Folded(str):
    """A long text written as a folded YAML block."""


@cache
def _dumper() -> type[Any]:
    """SafeDumper that indents block lists under their key, as people write YAML
    (built on first use so that PyYAML loads only when a scenario is written)."""
    import yaml

    from toolkit.files.yaml_writing import keep_line_separators, needs_double_quotes

    class Dumper(yaml.SafeDumper):
        def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
            super().increase_indent(flow, False)

    def represent_folded(dumper: yaml.SafeDumper, text: _Folded) -> yaml.ScalarNode:
        return dumper.represent_scalar("tag:yaml.org,2002:str", str(text),
                                       style='"' if needs_double_quotes(text) else ">")

    Dumper.add_representer(_Folded, represent_folded)
    keep_line_separators(Dumper)
    return Dumper


def dump_scenario(scenario: Scenario) -> str:
    """The scenario as YAML text (Japanese kept readable, lists of names inline)."""
    data = scenario_to_dict(scenario)
    if "description" in data and "\n" not in data["description"]:
        data["description"] = _Folded(data["description"])
    import yaml

    return yaml.dump(
        data,
        Dumper=_dumper(),
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=None,
        width=88,
    )


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def save_scenario(
    scenario: Scenario,
    path: str | os.PathLike[str],
    *,
    overwrite: bool = False,
    allow_datasets: bool = False,
) -> Path:
    """Write the scenario as YAML, atomically (:func:`toolkit.files.write_text`:
    a temporary file renamed into place). Returns the path.

    Refuses to replace an existing file unless ``overwrite=True`` (also when
    the file appears while saving), and to write into the packaged datasets/
    folder unless ``allow_datasets=True`` (notebooks must never change the
    shipped data). A replaced file keeps its permissions.
    """
    if not isinstance(scenario, Scenario):
        raise fail(f"save_scenario(): the scenario must be an OCG Scenario (as load_scenario() or seed_scenario() "
                    f"returns), not {kind_of(scenario)}", None, None)
    if not isinstance(path, (str, os.PathLike)):
        raise fail(f"save_scenario(): path must be a file's path (a str or a pathlib.Path), not {kind_of(path)}",
                    None, None)
    given = Path(path).expanduser()
    if not given.name.strip():  # ("" is the working folder: "file exists" said nothing of the empty name)
        raise fail("save_scenario(): the file name is empty; name the .yaml file to write", None,
                   os.fspath(path) if os.fspath(path).strip() else None)
    # the folder's links are followed, the file's never: a link of that name is a file that exists, and
    # overwrite replaces the link itself, not its target (which may lie outside the folder)
    target = Path(os.path.realpath(given.parent)) / given.name
    datasets = Path(os.path.realpath(str(dataset_root())))
    if _inside(target, datasets) and not allow_datasets:
        raise fail(
            "refusing to write into the packaged datasets folder; save elsewhere "
            "(or pass allow_datasets=True when curating the shipped examples)",
            None,
            str(target),
        )
    text = dump_scenario(scenario)
    try:
        from toolkit.files import write_text  # loads PyYAML on first use
        return write_text(target, text, overwrite=overwrite)
    except FileError as exc:
        raise exc.as_scenario_error() from None


# --------------------------------------------------------------------------
# The packaged worked examples
# --------------------------------------------------------------------------


def list_seed_scenarios() -> tuple[str, ...]:
    """Names (file stems) of the worked examples shipped in datasets/scenarios/."""
    return shipped_scenario_names("scenarios")


def seed_scenario(name: str) -> Scenario:
    """One shipped worked example by name, e.g. ``seed_scenario("lyla_veiler_2011")``."""
    text, source = shipped_scenario_text(name, "scenarios")
    return parse_scenario(text, source=source)
