"""Outside a game's package, code does not name a game: it asks the ``Game``.

Read from the code (not from docstrings or doctests, which may name a game as an example): an import
of ``toolkit.ocg`` / ``toolkit.duel_masters`` or a string that is a game's name.  The few modules
that are front ends for one named game, or that hold the data tables' vocabulary of games, are listed
below with why; any other module that names a game fails this test, and so does a listed one that no
longer does (the list stays exact).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("ocg", "duel_masters")

FRONT_ENDS = {
    "toolkit/games.py": "the one module that names the shipped games (the fallback without package metadata)",
    "toolkit/engine/__init__.py": "the documented face of the engine: every game's actions, the OCG's types and dated rule sets",
    "toolkit/engine/scenarios.py": "the engine's door for every game: an OCG file is read by the OCG's own reader (your own cards, its words)",
    "toolkit/analysis/paper_vs_video.py": "the OCG on paper beside Konami's video game: a front end for the OCG",
    "toolkit/analysis/side_by_side.py": "the OCG's End Phase beside Duel Masters' Turn End Step, question by question",
    "toolkit/widgets/__init__.py": "which games have a widget of their own (viewer_for; any other: the game viewer)",
    "toolkit/widgets/builder.py": "the OCG's scenario builder",
    "toolkit/widgets/card_entry.py": "the OCG's scenario builder (card entry)",
    "toolkit/widgets/catalogue.py": "the OCG's scenario builder (the card catalogue it searches)",
    "toolkit/widgets/form.py": "the OCG's scenario builder (its form)",
    "toolkit/widgets/origin.py": "the OCG's scenario builder (where a position came from)",
    "toolkit/widgets/replacing.py": "the OCG's scenario builder (replacing a position)",
    "toolkit/widgets/runs.py": "the OCG's scenario builder (its runs)",
    "toolkit/widgets/zones.py": "the OCG's scenario builder (its zones)",
    "toolkit/widgets/turn_end_viewer.py": "Duel Masters' Turn End Step viewer",
    "toolkit/present/charts.py": "charts of one game's rulings, the OCG's by default (the rulings table's game column)",
    "toolkit/present/charts_interactive.py": "the same charts, interactive",
    "toolkit/present/notebook_helpers.py": "the notebooks' charts of the OCG's rulings by default",
    "toolkit/data/": "the data tables' game column: its values are data (the schema's games), read without the engine",
}


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def names_a_game(path: Path) -> list[str]:
    """How the code of ``path`` names a game (imports and game-name strings, docstrings aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        modules = ([node.module] if isinstance(node, ast.ImportFrom) and node.module
                   else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
        found += [f"imports {m}" for m in modules if m.split(".")[1:2] and m.split(".")[1] in GAMES]
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if node.value in GAMES or node.value.startswith(("toolkit.ocg", "toolkit.duel_masters")):
                found.append(f"says {node.value!r}")
    return sorted(set(found))


def _listed(rel: str) -> bool:
    return any(rel == key or (key.endswith("/") and rel.startswith(key)) for key in FRONT_ENDS)


def test_no_module_outside_a_game_names_a_game_unless_it_is_a_listed_front_end() -> None:
    unlisted, naming = {}, set()
    for path in sorted((ROOT / "toolkit").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("toolkit/ocg/", "toolkit/duel_masters/")):
            continue
        found = names_a_game(path)
        if found:
            naming.add(rel)
            if not _listed(rel):
                unlisted[rel] = found
    assert not unlisted, f"these modules name a game; ask the Game instead (or list a front end): {unlisted}"
    stale = [key for key in FRONT_ENDS if not any(r == key or (key.endswith("/") and r.startswith(key)) for r in naming)]
    assert not stale, f"listed, but they no longer name a game: {stale}"


def test_the_check_sees_an_import_and_a_string_but_not_a_docstring(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""About the ocg."""\nfrom toolkit.ocg.state import State\nGAME = "duel_masters"\n',
                      encoding="utf-8")
    assert names_a_game(module) == ["imports toolkit.ocg.state", "says 'duel_masters'"]
