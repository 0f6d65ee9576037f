"""The rule registry as a glossary for people: ``toolkit.glossary()`` and docs/glossary.md.

Every rule id a trace cites (``R7``, ``H5``, ``D2(6)``) has an entry: its
title, what it decides, the part of the rules it belongs to, and the rulings
that ground it with their dates.  A notebook shows the glossary as a table
(each row anchored, so a rule id in a trace can link to it); the docs page is
generated from the same entries (``python scripts/build_glossary.py``; a test
checks the committed page equals a fresh one).

>>> g = glossary("ocg")
>>> g.table.loc[g.table["id"] == "R7", "title"].item()
'Priority, and both players passing'
>>> '<a id="rule-ocg-R7"></a>' in g.markdown()
True
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.core.rules import Rule, registered_rules, rule_anchor

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Glossary", "glossary", "section_name"]

COLUMNS = ("id", "game", "part", "title", "statement", "rulings")
"""The columns of :attr:`Glossary.table`."""


def section_name(section: str) -> str:
    """A rule's part of the rules as people read it (no section number):
    ``§1 The OCG End Phase`` -> ``The OCG End Phase``."""
    return re.sub(r"^§\s*\d+\s*", "", section)


def _ruling_dates() -> dict[str, str]:
    from toolkit.present.citations import citation_rows, day_text

    return {i: day_text(r["date"]) for i, r in citation_rows().items()}


def _rulings_text(item: Rule, dates: dict[str, str]) -> list[str]:
    return [f"{r} ({dates.get(r) or 'undated'})" for r in item.rulings]


def _game_title(name: str) -> str:
    from toolkit.core.game import UnknownGameError, game_named

    try:
        game = game_named(name)
    except UnknownGameError:
        return name
    return f"{game.title} — {game.step}"


@dataclass(frozen=True)
class Glossary:
    """Rules as a glossary: ``table`` (one row per rule), HTML in a notebook, ``markdown()`` for the docs."""

    rules: tuple[Rule, ...]

    @property
    def table(self) -> pd.DataFrame:
        """One row per rule: id, game, part, title, statement, rulings (with dates)."""
        import pandas as pd

        dates = _ruling_dates()
        rows = [{"id": r.id, "game": r.game, "part": section_name(r.section), "title": r.title,
                 "statement": r.statement, "rulings": ", ".join(_rulings_text(r, dates))} for r in self.rules]
        return pd.DataFrame(rows, columns=list(COLUMNS))

    def _repr_html_(self) -> str:
        esc = html.escape
        dates = _ruling_dates()
        cell = ' style="text-align:left;vertical-align:top"'
        head = "".join(f"<th{cell}>{c}</th>" for c in ("rule", "title", "what it decides", "rulings"))
        body = "".join(
            f'<tr id="{rule_anchor(r.id, r.game)}"><td{cell}><b>{esc(r.id)}</b><br><small>{esc(r.game)}</small></td>'
            f"<td{cell}>{esc(r.title)}<br><small>{esc(section_name(r.section))}</small></td>"
            f"<td{cell}>{esc(r.statement)}</td><td{cell}>{esc(', '.join(_rulings_text(r, dates)))}</td></tr>"
            for r in self.rules)
        return (f'<table class="endphase-table endphase-glossary"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")

    def __repr__(self) -> str:
        return "\n".join(f"{r.id:<10} {r.title}" for r in self.rules)

    def markdown(self) -> str:
        """The glossary as a MyST Markdown page (docs/glossary.md), one heading per rule."""
        dates = _ruling_dates()
        out = ["# Glossary of rules", "",
               "Every rule id a trace, a note or a chart cites, with what it decides. In the notebooks and",
               "widgets, hovering a rule id shows the same statement and clicking it opens its entry.",
               "This page is generated from the rule registry (`toolkit.glossary()`) by",
               "`python scripts/build_glossary.py`.", ""]
        game = None
        for r in self.rules:
            if r.game != game:
                game = r.game
                out += [f"## {_game_title(game)}", ""]
            out += [f'<a id="{rule_anchor(r.id, r.game)}"></a>', "",
                    f"### {r.id} — {r.title}", "", r.statement, "",
                    f"*Part of the rules:* {section_name(r.section)}", ""]
            if r.rulings:
                out += ["*Rulings:* " + ", ".join(f"`{t.split(' (')[0]}` ({t.split(' (')[1]}"
                                                    for t in _rulings_text(r, dates)), ""]
        return "\n".join(out).rstrip() + "\n"


def glossary(game: str | None = None) -> Glossary:
    """The glossary of ``game``'s rules (every registered game's when None,
    in the order the games are registered: the OCG first)."""
    from toolkit.core.game import registered_games

    order = {g.name: i for i, g in enumerate(registered_games())}
    chosen = registered_rules(game)
    return Glossary(tuple(sorted(chosen, key=lambda r: order.get(r.game, len(order)))))
