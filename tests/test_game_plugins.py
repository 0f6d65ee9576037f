"""Games are plug-ins: each declares itself as an entry point of the group ``endphase.games``, and the
core finds them there — it imports no game and no registry module, by name or by string.

A third game in a package of its own (here the test's toy game, declared by a distribution made in a
temporary folder, as ``pip install`` would leave it) is then known to the whole toolkit, the command
line included, without a line of the toolkit edited.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

from toolkit.core.game import ENTRY_POINT_GROUP, registered_games

ROOT = Path(__file__).resolve().parents[1]


def test_the_shipped_games_are_declared_as_entry_points_and_found_in_their_order() -> None:
    declared = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert declared["ocg"] == "toolkit.ocg.game:GAME" and declared["duel_masters"] == "toolkit.duel_masters.game:GAME"
    assert [g.name for g in registered_games()][:2] == ["ocg", "duel_masters"]


def test_the_core_names_no_game_and_no_registry_module() -> None:
    for path in (ROOT / "toolkit" / "core").glob("*.py"):
        code = path.read_text(encoding="utf-8")
        for named in ("toolkit.games", "toolkit.ocg", "toolkit.duel_masters"):
            lines = [line for line in code.splitlines() if named in line and "import" in line
                     and not line.lstrip().startswith(">>>")]
            assert not lines, f"{path.name} imports {named}: {lines}"


def _plugin_site(folder: Path) -> Path:
    """A folder holding the metadata pip leaves for a package declaring the toy game."""
    info = folder / "toy_game_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-game-plugin\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\ntoy = toy_game:GAME\n", encoding="utf-8")
    return folder


def test_a_game_installed_as_a_package_of_its_own_is_found_by_the_toolkit(tmp_path: Path) -> None:
    site = _plugin_site(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "tests"), str(ROOT)])}
    code = ("from toolkit.core.game import registered_games; import toolkit.games; "
            "print(' '.join(g.name for g in registered_games()))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert found.returncode == 0, found.stderr
    assert found.stdout.split() == ["ocg", "duel_masters", "toy"]
    listed = subprocess.run([sys.executable, "-m", "toolkit", "scenarios"], capture_output=True, text=True, env=env,
                            cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "toy" in listed.stdout.lower()


def test_an_entry_point_naming_something_else_is_refused_in_one_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    info = site / "bad_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bad-plugin\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nbad = os:sep\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    done = subprocess.run([sys.executable, "-m", "toolkit", "scenarios"], capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "names a str, not a Game" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_an_entry_point_whose_package_fails_to_import_is_refused_in_one_line(tmp_path: Path) -> None:
    """A plug-in that raises while it is imported: one line naming the entry point and what went
    wrong (exit 2), not the plug-in's traceback."""
    site = tmp_path / "site"
    info = site / "broken_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nbroken = broken_game:GAME\n", encoding="utf-8")
    (site / "broken_game.py").write_text("raise RuntimeError('the table of this game is missing')\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    done = subprocess.run([sys.executable, "-m", "toolkit", "scenarios"], capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert len(done.stderr.strip().splitlines()) == 1
    assert "broken = broken_game:GAME" in done.stderr and "the table of this game is missing" in done.stderr


def test_every_games_rule_sets_are_what_the_layers_above_ask_of_them() -> None:
    """``toolkit.core.rulesets.Rules``: a name, the date of the card texts, the flags, variants."""
    from toolkit.core.rulesets import Rules

    for game in registered_games():
        for name in game.ruleset_names():
            rules = game.ruleset(name)
            assert isinstance(rules, Rules), (game.name, name)
            assert rules.with_flags(**dict(list(rules.flags().items())[:1])).flags() == rules.flags()
