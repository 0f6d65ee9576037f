"""The rule registry: every rule a trace may cite, as a value.

A :class:`Rule` is one rule of a game as the traces cite it (``R7``,
``D2(4)``): the spec section it belongs to, a title, a statement, the
functions that implement it, the rule-set flags that vary it and the rulings
(ids of ``datasets/rulings.csv``) that ground it.  This module names no game:
each game package registers its own rules when it is imported, and marks its
procedure functions with :func:`implements`, which fills ``functions``.

Every note of a trace must cite a registered rule of its game;
:func:`check_cited` is the (cheap) test :mod:`toolkit.core.trace` applies to
each step.

>>> example = Rule("T1", "example", "§0 Example", "A rule", "What the rule says.")
>>> _ = register_rule(example)
>>> @implements("T1", game="example")
... def t1_apply() -> None:
...     pass
>>> rule("T1", "example").functions
('toolkit.core.rules.t1_apply',)
>>> rule("T2", "example")
Traceback (most recent call last):
...
toolkit.core.rules.UnknownRuleError: 'T2' is not a rule of example (did you mean T1? its rules: T1)
>>> rules("example")[["id", "title", "functions"]].values.tolist()
[['T1', 'A rule', 'toolkit.core.rules.t1_apply']]
>>> unregister_rules("example")
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from toolkit.errors import ToolkitError, quoted

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COLUMNS",
    "Rule",
    "UnknownRuleError",
    "check_cited",
    "implements",
    "register_rule",
    "registered_rules",
    "rule",
    "rule_anchor",
    "rule_glossary_html",
    "rule_ids",
    "rule_ref_html",
    "rule_tooltip",
    "rules",
    "unregister_rules",
]

COLUMNS = ("id", "game", "section", "title", "statement", "functions", "flags", "rulings")
"""The columns of :func:`rules` (the fields of :class:`Rule`, in order)."""

F = TypeVar("F", bound=Callable[..., Any])


class UnknownRuleError(ToolkitError, KeyError):
    """A rule id that is not registered for its game (looked up, or cited by a trace)."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Rule:
    """One rule of one game.

    ``id`` is how traces cite it; ``section`` names the part of the rules
    reading it comes from (e.g. "§1 The OCG End Phase"); ``statement`` says
    in one paragraph what it decides.  ``functions`` are qualified names
    (``module.function``) of its implementation, ``flags`` the rule-set flags
    that vary it, ``rulings`` the ids of the rulings that ground it.
    """

    id: str
    game: str
    section: str
    title: str
    statement: str
    functions: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()

    def row(self) -> dict[str, str]:
        """The rule as one row of :func:`rules` (lists joined with ", ")."""
        return {name: (", ".join(value) if isinstance(value, tuple) else value)
                for name, value in ((f, getattr(self, f)) for f in COLUMNS)}

    def _repr_html_(self) -> str:
        """The rule as a small card (a notebook shows it when a cell ends with a rule)."""
        from html import escape as esc
        listed = "".join(f"<dt>{name}</dt><dd>{esc(', '.join(values)) or '—'}</dd>"
                         for name, values in (("functions", self.functions), ("flags", self.flags),
                                              ("rulings", self.rulings)))
        return (f"<div><b>{esc(self.id)}</b> — {esc(self.title)} <small>({esc(self.game)}, {esc(self.section)})"
                f"</small><p>{esc(self.statement)}</p><dl>{listed}</dl></div>")


_RULES: dict[tuple[str, str], Rule] = {}
"""(game, id) -> the rule, in registration order (each game registers in spec order)."""

_IMPLEMENTED: dict[tuple[str, str], list[str]] = {}
"""(game, id) -> functions marked by :func:`implements` (also before the rule is registered)."""

_IDS: dict[str, frozenset[str]] = {}
"""game -> its registered ids (what :func:`check_cited` looks up; rebuilt on registration)."""


def _merged(item: Rule) -> Rule:
    extra = [f for f in _IMPLEMENTED.get((item.game, item.id), ()) if f not in item.functions]
    return dataclasses.replace(item, functions=item.functions + tuple(extra)) if extra else item


def register_rule(item: Rule) -> Rule:
    """Register ``item`` (again: the same rule is a no-op; a different rule
    under a registered (game, id) is an error).  Returns the stored rule,
    with the functions marked by :func:`implements` added."""
    if not item.id or not item.game:
        raise ValueError(f"a rule needs an id and a game: {item!r}")
    key = (item.game, item.id)
    known = _RULES.get(key)
    if known is not None:
        if dataclasses.replace(known, functions=()) != dataclasses.replace(item, functions=()):
            raise ValueError(f"rule {item.id} of {item.game} is registered twice, differently")
        item = dataclasses.replace(item, functions=known.functions + tuple(
            f for f in item.functions if f not in known.functions))
    stored = _RULES[key] = _merged(item)
    _IDS[item.game] = frozenset(i for g, i in _RULES if g == item.game)
    return stored


def implements(*ids: str, game: str) -> Callable[[F], F]:
    """Mark a function as implementing the rules ``ids`` of ``game``; the
    function itself is returned unchanged (no cost when it is called)."""

    def mark(function: F) -> F:
        # a method of a class compiled by mypyc (the optional compiled build) arrives as a method
        # descriptor, without __module__: its class has it
        module = getattr(function, "__module__", None) or getattr(function, "__objclass__").__module__
        name = f"{module}.{function.__qualname__}"
        for rule_id in ids:
            found = _IMPLEMENTED.setdefault((game, rule_id), [])
            if name not in found:
                found.append(name)
            known = _RULES.get((game, rule_id))
            if known is not None:
                _RULES[(game, rule_id)] = _merged(known)
        return function

    return mark


def unregister_rules(game: str) -> None:
    """Forget every rule of ``game`` and its implementation marks (for tests and examples)."""
    for key in [k for k in _RULES if k[0] == game]:
        del _RULES[key]
    for key in [k for k in _IMPLEMENTED if k[0] == game]:
        del _IMPLEMENTED[key]
    _IDS.pop(game, None)


def _load_games() -> None:
    """Register the installed games (and so their rules), found by their entry points
    (:func:`toolkit.core.game.discover_games`): this module names no game."""
    from toolkit.core.game import discover_games

    discover_games()


def rule_ids(game: str) -> frozenset[str]:
    """The registered ids of ``game`` (empty for a game that registers none)."""
    found = _IDS.get(game)
    if found is None:
        _load_games()
        found = _IDS.get(game, frozenset())
    return found


def rule(rule_id: str, game: str) -> Rule:
    """The registered rule ``rule_id`` of ``game``, or :class:`UnknownRuleError`."""
    found = _RULES.get((game, rule_id))
    if found is None:
        _load_games()
        found = _RULES.get((game, rule_id))
    if found is None:
        raise UnknownRuleError(f"{rule_id!r} {_unknown(rule_id, game)}")
    return found


def _unknown(rule_id: str, game: str) -> str:
    """What is wrong with ``rule_id``, said after it: "is not a rule of … (its rules: …)"."""
    ids = [i for g, i in _RULES if g == game]
    if not ids:
        return f"is not a rule of {game}, which has no registered rules"
    import difflib

    close = difflib.get_close_matches(rule_id, ids, n=1, cutoff=0.5)
    hint = f"did you mean {close[0]}? " if close and close[0] != rule_id else ""
    return f"is not a rule of {game} ({hint}its rules: {', '.join(ids)})"


def registered_rules(game: str | None = None) -> tuple[Rule, ...]:
    """Every registered rule (of ``game`` only, if given): by game name, then
    in the order the game registered them (its rules reading's order).  A
    ``game`` that is neither a registered game nor one with rules is refused
    in one line with the nearest names (``toolkit.rules``, ``toolkit.glossary``).

    >>> try:
    ...     registered_rules("ocgg")
    ... except ToolkitError as refused:
    ...     print(str(refused).split(";")[0])
    no game is called 'ocgg' (did you mean 'ocg'?)
    """
    _load_games()
    if game is not None:
        _known_game(game)
    order = {key: i for i, key in enumerate(_RULES)}
    chosen = [key for key in _RULES if game is None or key[0] == game]
    return tuple(_RULES[key] for key in sorted(chosen, key=lambda k: (k[0], order[k])))


def _known_game(game: object) -> None:
    """Refuse a game name no game has (the registered games, and any that registered rules)."""
    from toolkit.core.game import UnknownGameError, games
    from toolkit.errors import kind_of
    from toolkit.fields import suggest

    known = sorted({*games(), *(g for g, _ in _RULES)})
    if not isinstance(game, str):
        raise UnknownGameError(f"a game is named by text (one of {', '.join(known)}), not {kind_of(game)}")
    if game not in known:
        raise UnknownGameError(f"no game is called {quoted(game)}{suggest(game, known)}; known games: "
                               f"{', '.join(known)}")


def check_cited(game: str, rule_id: str, where: str) -> None:
    """Raise :class:`UnknownRuleError` when ``rule_id`` is not a registered rule
    of ``game`` (``where`` says what cites it).  A game that registers no rules
    is not checked."""
    known = _IDS.get(game)
    if known is None or rule_id in known:
        return
    raise UnknownRuleError(f"{where} cites {rule_id!r}, which {_unknown(rule_id, game)}")


def rules(game: str | None = None) -> pd.DataFrame:
    """The registry as a DataFrame, one row per rule (columns :data:`COLUMNS`;
    lists joined with ", "), sorted as :func:`registered_rules` — the glossary
    (``toolkit.rules()``)."""
    import pandas as pd

    rows = [r.row() for r in registered_rules(game)]
    return pd.DataFrame(rows, columns=list(COLUMNS), dtype=pd.StringDtype(storage="python"))


def rule_anchor(rule_id: str, game: str) -> str:
    """The HTML id of a rule's glossary entry (the docs page and every trace's
    "Rules cited" list use it): ``rule-ocg-R7``, ``rule-duel_masters-D2-6``.

    >>> rule_anchor("D2(6)", "duel_masters")
    'rule-duel_masters-D2-6'
    """
    safe = "".join(c if c.isalnum() or c in "_-" else "-" for c in rule_id).strip("-")
    return f"rule-{game}-{safe}"


def rule_tooltip(rule_id: str, game: str) -> str:
    """What hovering a rule id shows: "R7 — Priority, and both players passing: The turn player …"
    (an unregistered id says so instead of failing: a tooltip never raises)."""
    try:
        found = rule(rule_id, game)
    except UnknownRuleError:
        return f"{rule_id}: not a registered rule of {game}"
    return f"{found.id} — {found.title}: {found.statement}"


def rule_ref_html(rule_id: str, game: str, *, link: bool = True) -> str:
    """A rule id as HTML for people: an ``<abbr>`` whose title (the tooltip) is
    the rule's statement, inside a link to its glossary entry (:func:`rule_anchor`)
    unless ``link`` is False.  An empty id gives an empty string.

    >>> html_text = rule_ref_html("R7", "ocg")
    >>> html_text.startswith('<a class="endphase-rule" href="#rule-ocg-R7"><abbr title="R7 — Priority'), "</abbr></a>" in html_text
    (True, True)
    """
    if not rule_id:
        return ""
    from html import escape as esc
    abbr = f'<abbr title="{esc(rule_tooltip(rule_id, game))}">{esc(rule_id)}</abbr>'
    return f'<a class="endphase-rule" href="#{rule_anchor(rule_id, game)}">{abbr}</a>' if link else abbr


def rule_glossary_html(items: tuple[Rule, ...] | None = None, *, game: str | None = None) -> str:
    """A small HTML table of rules (``items``, else the registered rules of
    ``game``, else all): id, game, section, title, statement, flags, rulings —
    every text escaped (the functions are left to :meth:`Rule._repr_html_`);
    each row carries its :func:`rule_anchor`, so rule ids elsewhere can link to it.

    >>> '<td>R1</td>' in rule_glossary_html(game="ocg"), "<script>" in rule_glossary_html(
    ...     (Rule("T", "g", "§", "<script>", "x"),))
    (True, False)
    """
    chosen = registered_rules(game) if items is None else items
    from html import escape as esc
    head = "".join(f"<th>{c}</th>" for c in ("id", "game", "section", "title", "statement", "flags", "rulings"))
    body = "".join(
        f'<tr id="{rule_anchor(r.id, r.game)}"><td>{esc(r.id)}</td><td>{esc(r.game)}</td><td>{esc(r.section)}</td>'
        f"<td>{esc(r.title)}</td><td>{esc(r.statement)}</td><td>{esc(', '.join(r.flags))}</td>"
        f"<td>{esc(', '.join(r.rulings))}</td></tr>"
        for r in chosen)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
