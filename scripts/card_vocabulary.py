"""Write docs/cards.md, the card format's vocabulary, from the registries the compiler reads.

Every word a card file may use — the fields of each part, the conditions, verbs, card
selectors, choices, chain-link and trigger tests, continuous effects and durations — is listed
with its parameters and what it means, read from :mod:`toolkit.ocg.cards.data` (the same tables
the JSON Schema is generated from), so the page cannot fall behind the code.

    python scripts/card_vocabulary.py          # write docs/cards.md
    python scripts/card_vocabulary.py --check  # exit 1 when docs/cards.md is not current
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PAGE = ROOT / "docs" / "cards.md"

from toolkit.ocg.cards.base import ContinuousKind  # noqa: E402
from toolkit.ocg.cards.data.compile import PARTS  # noqa: E402
from toolkit.ocg.cards.data.conditions import CONDITIONS, FILTER_FIELDS, LINK_TESTS, TRIGGER_TESTS  # noqa: E402
from toolkit.ocg.cards.data.terms import DURATION_WORDS, Param, Registry  # noqa: E402
from toolkit.ocg.cards.data.verbs import CHOICES, SELECTORS, VERBS  # noqa: E402

_PART_TITLES = {"card": "A card", "text": "A text version (under texts:)", "end_phase": "An End Phase effect",
                "trigger": "A trigger effect", "quick": "A quick effect", "continuous": "A continuous effect",
                "lingering": "A lingering effect", "process": "A lingering effect's process",
                "option": "An alternative of either"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _param(p: Param) -> str:
    return f"`{p.name}`" + ("" if p.required else " (optional)")


def _fields(fields: tuple[Param, ...]) -> list[str]:
    lines = ["| field | type | what |", "|---|---|---|"]
    lines += [f"| {_param(p)} | {p.type} | {_cell(p.description)} |" for p in fields]
    return lines


def _registry(registry: Registry) -> list[str]:
    lines = ["| word | parameters | what |", "|---|---|---|"]
    for term in registry.terms.values():
        params = ", ".join(f"{_param(p)}: {_cell(p.description)}" for p in term.params) or "—"
        lines.append(f"| `{term.name}` | {params} | {_cell(term.description)} |")
    return lines


def _member_docs(enum: type) -> dict[str, str]:
    """The docstring written under each member of an enum class (read from its source)."""
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(enum))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for first, second in zip(body, body[1:]):
        if isinstance(first, ast.Assign) and isinstance(second, ast.Expr) and isinstance(second.value, ast.Constant):
            value = getattr(first.value, "value", None)
            if isinstance(value, str):
                docs[value] = " ".join(str(second.value.value).split())
    return docs


def page() -> str:
    out = ["# The card vocabulary", "",
           "<!-- written by scripts/card_vocabulary.py from the card format's registries; do not edit -->", "",
           "Every word a card file may use (`python -m toolkit cards --schema` prints the JSON Schema made from",
           "the same tables; README's \"Bring your own card and ruling\" shows cards written with them).", ""]
    empty = sorted({f"`{p.name}`" for fields in PARTS.values() for p in fields if p.may_be_empty})
    out += ["A field written as a list (or one item) lists one item at least: `name_in: []`, `zones: []` or",
            "`any_of: []` is refused (a filter or a test listing nothing matches nothing, or everything).",
            f"Only {', '.join(empty)} may be `[]`: there it says \"none\", as leaving the field out does.", ""]
    out += ["## Parts of a card", ""]
    for name, fields in PARTS.items():
        out += [f"### {_PART_TITLES.get(name, name)}", "", *_fields(fields), ""]
    out += ["## A card filter", "", *_fields(FILTER_FIELDS), ""]
    for title, registry in (("Conditions", CONDITIONS), ("Verbs", VERBS), ("Card selectors", SELECTORS),
                            ("Choices", CHOICES), ("Chain-link tests (responds_to)", LINK_TESTS),
                            ("Trigger tests (if)", TRIGGER_TESTS)):
        out += [f"## {title}", "", *_registry(registry), ""]
    out += ["## Continuous effects (kind)", "", "| kind | what |", "|---|---|"]
    docs = _member_docs(ContinuousKind)
    out += [f"| `{k.value}` | {_cell(docs.get(k.value, ''))} |" for k in ContinuousKind]
    out += ["", "## Durations", "", ", ".join(f"`{d}`" for d in DURATION_WORDS), ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    text = page()
    if "--check" in argv:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE.relative_to(ROOT)} is not current: run python scripts/card_vocabulary.py")
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
