"""Generate each game's event_fields.py (toolkit/ocg/, toolkit/duel_masters/): which fields each event kind can carry, read from the code.

Every place the games' code makes an event names its kind as ``EventKind.X`` and passes the card,
player, amount, detail and cause (``by``) it knows; this script reads those calls (with :mod:`ast`)
so the table a question is checked against is the code's own:

- ``tables.event(EventKind.X, card, player, amount, detail, by)`` / ``Event(EventKind.X, ...)``:
  the arguments given and not None;
- Duel Masters' ``record(EventKind.X, card, player, detail)``: those, and ``by`` (the board's
  ability being used or resolved) unless the call says ``caused=False``;
- ``_move(uid, zone, (EventKind.X, ...))`` (the OCG's one zone move): card, player and by.

A kind made nowhere the scan can read (its kind a variable) may carry any field.

    python scripts/event_fields.py          # write the module
    python scripts/event_fields.py --check  # exit 1 when it is not current
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"ocg": ROOT / "toolkit" / "ocg" / "event_fields.py",
           "duel_masters": ROOT / "toolkit" / "duel_masters" / "event_fields.py"}
"""Each game's own table: the game's ``Game.event_fields`` (the core names no game)."""
FIELDS = ("card", "player", "amount", "detail", "by")
GAMES = {"ocg": ("toolkit/ocg", "toolkit.ocg.values"), "duel_masters": ("toolkit/duel_masters", "toolkit.duel_masters.events")}
_ORDER = {"record": ("card", "player", "detail")}  # Duel Masters' Board.record; the others: FIELDS


def _kind(node: ast.AST, values: dict[str, str], aliases: dict[str, str] | None = None) -> str | None:
    if isinstance(node, ast.Constant) and node.value in values.values():  # record("cast", ...)
        return str(node.value)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "EventKind":
        return values.get(node.attr)
    if isinstance(node, ast.Name) and aliases:  # a module constant standing for a kind (_E_DREW)
        return aliases.get(node.id)
    return None


def _aliases(tree: ast.Module, values: dict[str, str]) -> dict[str, str]:
    """A module's constants that name an event kind: ``_E_DREW = EventKind.DREW`` and the tuple form
    ``_E_A, _E_B = EventKind.A, EventKind.B`` (module level only)."""
    found: dict[str, str] = {}
    for statement in tree.body:
        if not isinstance(statement, ast.Assign):
            continue
        for target in statement.targets:
            pairs: list[tuple[ast.AST, ast.AST]] = [(target, statement.value)]
            if isinstance(target, ast.Tuple) and isinstance(statement.value, ast.Tuple):
                pairs = list(zip(target.elts, statement.value.elts))
            for name, value in pairs:
                kind = _kind(value, values)
                if isinstance(name, ast.Name) and kind is not None:
                    found[name.id] = kind
    return found


def _none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def scan(game: str) -> dict[str, tuple[str, ...]]:
    """Event kind -> the fields some event of it carries, for ``game``."""
    import importlib

    folder, module = GAMES[game]
    enum = importlib.import_module(module).EventKind
    values = {member.name: str(member.value) for member in enum}
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = _aliases(tree, values)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("event", "Event", "record") and node.args:
                kind = _kind(node.args[0], values, aliases)
                if kind is None:
                    continue
                order = _ORDER.get(name, FIELDS)
                carried = {order[i] for i, arg in enumerate(node.args[1:len(order) + 1]) if not _none(arg)}
                carried |= {k.arg for k in node.keywords if k.arg in FIELDS and not _none(k.value)}
                if name == "record" and "card" in carried:
                    carried.add("player")  # record's player defaults to the card's owner
                if name == "record" and not any(k.arg == "caused" and isinstance(k.value, ast.Constant)
                                                and k.value.value is False for k in node.keywords):
                    carried.add("by")  # record's by is the board's cause
                found.setdefault(kind, set()).update(carried)
            elif name == "_move":
                for arg in node.args[2:3]:
                    for item in ast.walk(arg):
                        kind = _kind(item, values, aliases)
                        if kind is not None:
                            found.setdefault(kind, set()).update({"card", "player", "by"})
    table = {kind: tuple(f for f in FIELDS if f in found.get(kind, set(FIELDS))) for kind in sorted(values.values())}
    return table


def render(game: str) -> str:
    lines = ['"""Which fields each event kind of this game can carry: generated by ``scripts/event_fields.py``',
             "from the game's code (the calls that make events), so a question can refuse a field no event of",
             'its kind has (``{event: milled, card: ...}``: a mill names the player and the amount, not a card).',
             "Do not edit: run ``python scripts/event_fields.py`` after changing what an event records.",
             '"""', "", "from __future__ import annotations", "", "EVENT_FIELDS: dict[str, tuple[str, ...]] = {"]
    for kind, fields in scan(game).items():
        lines.append(f"    {kind!r}: {fields!r},")
    lines += ["}", '"""Event kind -> the fields (card, player, amount, detail, by) some event of that kind has."""', ""]
    return "\n".join(lines)


DOC = ROOT / "docs" / "questions.md"
BEGIN, END = "<!-- event-fields: begin (scripts/event_fields.py) -->", "<!-- event-fields: end -->"


def render_doc_table() -> str:
    """The markdown table of docs/questions.md: each kind and the fields it carries, per game."""
    tables = {game: scan(game) for game in GAMES}
    rows = ["| event kind | Yu-Gi-Oh! OCG | Duel Masters |", "|---|---|---|"]
    for kind in sorted({k for t in tables.values() for k in t}):
        cells = [", ".join(tables[g][kind]) if kind in tables[g] else "—" for g in GAMES]
        rows.append(f"| `{kind}` | {cells[0]} | {cells[1]} |")
    return "\n".join(rows)


def _doc_with_table(doc: str) -> str:
    head, _, rest = doc.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{render_doc_table()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    texts = {game: render(game) for game in GAMES}
    doc = DOC.read_text(encoding="utf-8")
    if "--check" in argv:
        current = {g: TARGETS[g].read_text(encoding="utf-8") if TARGETS[g].exists() else "" for g in GAMES}
        checks = [(TARGETS[g], current[g] == texts[g]) for g in GAMES] + [(DOC, _doc_with_table(doc) == doc)]
        stale = [str(p.relative_to(ROOT)) for p, ok in checks if not ok]
        if stale:
            print(f"{', '.join(stale)} not current: run python scripts/event_fields.py")
            return 1
        return 0
    for game, text in texts.items():
        TARGETS[game].write_text(text, encoding="utf-8")
    DOC.write_text(_doc_with_table(doc), encoding="utf-8")
    print(f"wrote {', '.join(str(t.relative_to(ROOT)) for t in TARGETS.values())} and the table of "
          f"{DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
