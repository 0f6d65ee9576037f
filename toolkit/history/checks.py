"""The machine form of a ruling's answer: a check over the engine's lines.

A ruling such as "Hysteric Sign discarded by the hand-size adjustment
activates its effect: no" becomes a *check* evaluated on a scenario under a
ruleset, and an *expected* answer (yes/no).  Checks are plain data (JSON in
``datasets/rulings.csv``, YAML in ``scripts/ruling_annotations.yaml``):

* ``{possible: P}``, ``{always: P}``, ``{default: P}``, ``{"force:TP": P}``
  (``force:NTP``, ``force:A``, ``force:B``): the engine's queries
  (:func:`toolkit.core.search.evaluate`), P in the engine's predicate language;
* ``{possible_order: [E1, E2, ...]}``: in some line, events matching E1, E2,
  ... happen in that order, each at a later step; ``always_order`` (every
  line) and ``default_order`` (the line where both players pass whenever they
  may) likewise; ``without: E`` beside an order: no event matching E between
  its first and its last item;
* ``{and: [C, ...]}``, ``{or: [C, ...]}``, ``{not: C}``: combinations.

A query may add ``scenario: <file>`` to run on another scenario of the
ruling (e.g. the Pikeru and the Des Wombat halves of one answer).  The order
items E are event predicates (``{event: activated, card: X}``, or ``any``/``all``
of them).

>>> check = parse_check({"possible": {"event": "activated", "card": "ヒステリック・サイン"}})
>>> check
QueryCheck(quantifier='possible', on=None)
>>> parse_check({"and": [{"possible_order": [{"event": "hand_adjusted"}, {"event": "activated"}]},
...                      {"not": {"always": {"loop": True}}}]})
AllChecks(items=(QueryCheck(quantifier='possible_order', on=None), NotCheck(inner=QueryCheck(quantifier='always', on=None))))
>>> parse_check({"sometimes": {"event": "activated"}})
Traceback (most recent call last):
...
toolkit.history.checks.CheckError: check: unknown key 'sometimes' (expected one of possible, always, default, force:TP, force:NTP, force:A, force:B, possible_order, always_order, default_order, and, or, not)
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from toolkit.core.actions import Action
from toolkit.core.deciding_search import DECIDED, decide, decide_order
from toolkit.core.game import Game, GameState, Position, RulesArg, game_of, position_card_names
from toolkit.core.limits import Limits, source_of
from toolkit.core.memo import Memo
from toolkit.core.policies import PASS_LINE
from toolkit.core.predicates import (
    QUANTIFIERS,
    Predicate,
    PredicateError,
    Query,
    card_key,
    parse_predicate,
    parse_query,
    unknown_card,
)
from toolkit.core.search import evaluate_in, resolve_in
from toolkit.core.trace import LineStep, line_step
from toolkit.core.values import Event
from toolkit.errors import ToolkitError, quoted
from toolkit.fields import CardNames
from toolkit.history.explored import CHECK_MAX_STATES, explored

ORDER_QUANTIFIERS = ("possible_order", "always_order", "default_order")
COMBINATORS = ("and", "or", "not")
KNOWN_KEYS = QUANTIFIERS + ORDER_QUANTIFIERS + COMBINATORS
_INF = sys.maxsize


class CheckError(ToolkitError, ValueError):
    """A check that cannot be read or run; the message names the offending part.

    >>> CheckError("question.possible.card: Unknown card 「X」").field
    'question.possible.card'
    >>> CheckError("no scenario to run the check on").field is None
    True
    """

    @property
    def field(self) -> str | None:
        """The part of the check the message starts by naming (``question.and[1].always.card``), or
        None: what ``--json`` reports as the error's ``field``."""
        found = _FIELD_PREFIX.match(str(self))
        return found.group(1) if found else None


_FIELD_PREFIX = re.compile(r"([A-Za-z_][\w]*(?:\[\d+\])?(?:\.[A-Za-z_][\w]*(?:\[\d+\])?)*): ")


# --------------------------------------------------------------------------
# The check values
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class QueryCheck:
    """One quantified query on one scenario (``on``: the ``scenario`` key, another file)."""

    quantifier: str
    on: str | None
    predicate: Predicate | None = field(default=None, repr=False)
    order: tuple[Predicate, ...] = field(default=(), repr=False)
    without: Predicate | None = field(default=None, repr=False)
    data: str = field(default="", repr=False, compare=False)
    where: str = field(default="check", repr=False, compare=False)
    """Where the check was written (``question``, ``check.and[0]``): what its errors name."""


@dataclass(frozen=True)
class AllChecks:
    items: tuple[Check, ...]


@dataclass(frozen=True)
class AnyCheck:
    items: tuple[Check, ...]


@dataclass(frozen=True)
class NotCheck:
    inner: Check


Check = QueryCheck | AllChecks | AnyCheck | NotCheck


def parse_check(data: Any, where: str = "check", *, known_cards_only: bool = False, game: Any = None,
                cards: CardNames | None = None) -> Check:
    """Read a check from plain data (a mapping, or its JSON text). ``game``: the
    game it asks about, whose events and zones alone it may name (None: any
    registered game's); ``known_cards_only``: a card name no card has is refused;
    ``cards``: the cards its positions may use (None: the cards the games know)."""
    more: dict[str, Any] = {"known_cards_only": known_cards_only, "game": game, "cards": cards}
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise CheckError(f"{where}: not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, Mapping):
        raise CheckError(f"{where}: expected a mapping such as {{possible: {{event: activated, card: ...}}}}, got {quoted(data)}")
    keys = [k for k in data if k not in ("scenario", "without")]
    if len(keys) != 1:
        raise CheckError(f"{where}: expected exactly one of {', '.join(KNOWN_KEYS)} (and optionally 'scenario', 'without'), got {sorted(map(str, data))}")
    key = keys[0]
    body = data[key]
    on = data.get("scenario")
    if on is not None and (not isinstance(on, str) or key in COMBINATORS):
        raise CheckError(f"{where}.scenario: names a scenario file for one query, got {quoted(on)}")
    if key in ("and", "or"):
        if not isinstance(body, Sequence) or isinstance(body, str) or not body:
            raise CheckError(f"{where}.{key}: expected a non-empty list of checks")
        items = tuple(parse_check(item, f"{where}.{key}[{i}]", **more) for i, item in enumerate(body))
        return AllChecks(items) if key == "and" else AnyCheck(items)
    if key == "not":
        return NotCheck(parse_check(body, f"{where}.not", **more))
    text = json.dumps({str(k): v for k, v in data.items()}, ensure_ascii=False, sort_keys=True)
    if "without" in data and key not in ORDER_QUANTIFIERS:
        raise CheckError(f"{where}.without: only an order ({', '.join(ORDER_QUANTIFIERS)}) takes 'without'")
    try:
        if key in ORDER_QUANTIFIERS:
            if not isinstance(body, Sequence) or isinstance(body, str) or not body:
                raise CheckError(f"{where}.{key}: expected a non-empty list of event predicates")
            order = tuple(parse_predicate(p, f"{where}.{key}[{i}]", **more) for i, p in enumerate(body))
            without = parse_predicate(data["without"], f"{where}.without", **more) if "without" in data else None
            return QueryCheck(str(key), on, order=order, without=without, data=text, where=where)
        if key in QUANTIFIERS:
            query = parse_query({key: body}, where, **more)
            return QueryCheck(str(key), on, predicate=query.predicate, data=text, where=where)
    except PredicateError as exc:
        raise CheckError(str(exc)) from None
    raise CheckError(f"{where}: unknown key {quoted(key)} (expected one of {', '.join(KNOWN_KEYS)})")


def scenarios_named(check: Check) -> tuple[str, ...]:
    """The scenario files a check's queries name, in order, without repeats.

    >>> scenarios_named(parse_check({"and": [{"possible": {"loop": True}, "scenario": "b.yaml"},
    ...                                      {"always": {"loop": True}}]}))
    ('b.yaml',)
    """
    found: list[str] = []
    stack: list[Check] = [check]
    while stack:
        item = stack.pop(0)
        if isinstance(item, QueryCheck):
            if item.on is not None and item.on not in found:
                found.append(item.on)
        elif isinstance(item, NotCheck):
            stack.insert(0, item.inner)
        else:
            stack[0:0] = list(item.items)
    return tuple(found)


def predicates_of(check: Check) -> tuple[Predicate, ...]:
    """The predicates of a check's queries (order items included), in order."""
    found: list[Predicate] = []
    stack: list[Check] = [check]
    while stack:
        item = stack.pop(0)
        if isinstance(item, QueryCheck):
            found.extend(p for p in (item.predicate, *item.order) if p is not None)
        elif isinstance(item, NotCheck):
            stack.insert(0, item.inner)
        else:
            stack[0:0] = list(item.items)
    return tuple(found)


def predicate_tree(pred: Predicate) -> Iterator[Predicate]:
    """``pred`` and every predicate inside it (``{not: …}``, ``{all: […]}``, ``{any: […]}``), each
    before what it holds, in order."""
    yield pred
    inner = getattr(pred, "inner", None)
    if inner is not None:
        yield from predicate_tree(inner)
    for item in getattr(pred, "items", ()) or ():
        yield from predicate_tree(item)


def cards_named(check: Check) -> tuple[str, ...]:
    """Every card a check's predicates name (to find the notes that concern them)."""
    names: list[str] = []

    def walk(pred: Predicate) -> None:
        for part in predicate_tree(pred):
            for card in (getattr(part, "card", None), getattr(part, "by", None)):  # by: the card that caused it
                if isinstance(card, str) and card not in names:
                    names.append(card)

    stack: list[Check] = [check]
    while stack:
        item = stack.pop()
        if isinstance(item, QueryCheck):
            for pred in (item.predicate, *item.order):
                if pred is not None:
                    walk(pred)
        elif isinstance(item, NotCheck):
            stack.append(item.inner)
        else:
            stack.extend(item.items)
    return tuple(names)


# --------------------------------------------------------------------------
# Running a check
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class QueryAnswer:
    """The answer to one query: its text, the scenario, and a line showing it."""

    query: str
    scenario: str
    value: bool
    line: tuple[LineStep, ...]


@dataclass(frozen=True)
class CheckResult:
    """A check's answer and the answers of the queries it is made of."""

    value: bool
    parts: tuple[QueryAnswer, ...]

    @property
    def answer(self) -> str:
        return "yes" if self.value else "no"


def run_check(check: Check, scenarios: Mapping[str, Position], ruleset: RulesArg = None,
              *, default: str | None = None, max_states: int = CHECK_MAX_STATES, every_part: bool = True,
              time_limit: float | None = None, game: Game | None = None, lines: bool = True) -> CheckResult:
    """Answer ``check`` on ``scenarios`` (file name -> Scenario; positions of ``game``, None: of the
    game the first one belongs to) under ``ruleset``.

    A query without a ``scenario`` key runs on ``default`` (the first scenario when None).
    ``every_part=False`` stops an ``and`` at its first part that is no and an
    ``or`` at its first yes: the same answer, but only the parts asked are in
    ``parts`` (for a caller that needs the answer alone). ``lines=False``: the
    parts carry no line, and a ``possible`` / ``always`` query stops at the
    first outcome that settles it (:mod:`toolkit.core.deciding_search`: the
    same answer). Each search stops
    (:class:`~toolkit.core.errors.SearchBudgetExceeded`) after ``max_states``
    positions or ``time_limit`` seconds (None: none).
    """
    if not scenarios:
        raise CheckError("run_check: no scenario to run the check on")
    first = default if default is not None else next(iter(scenarios))
    if game is None:
        game = game_of(scenarios[first]) if first in scenarios else game_of(next(iter(scenarios.values())))
    check = read_for(check, scenarios, game, first)
    parts: list[QueryAnswer] = []

    def run(item: Check) -> bool:
        if isinstance(item, QueryCheck):
            name = item.on or first
            if name not in scenarios:
                given = ", ".join(sorted(scenarios))
                raise CheckError(f"{item.where}.scenario: names the scenario {name}, which is not among the ones "
                                 f"given ({given}); list it in the ruling's scenario column")
            answer = _run_query(game, item, scenarios[name], ruleset, max_states, time_limit, lines)
            parts.append(QueryAnswer(item.data, name, answer[0], answer[1]))
            return answer[0]
        if isinstance(item, NotCheck):
            return not run(item.inner)  # noqa: F821 (deleted in the finally below, once done)
        if not every_part:  # all() and any() stop at the part that settles the answer
            asked = (run(i) for i in item.items)  # noqa: F821 (deleted in the finally below, once done)
            return all(asked) if isinstance(item, AllChecks) else any(asked)
        values = [run(i) for i in item.items]  # noqa: F821 (deleted below, once done) -- run all: each part is reported
        return all(values) if isinstance(item, AllChecks) else any(values)

    try:
        return CheckResult(run(check), tuple(parts))  # (the parts: filled by the run, read after it)
    finally:
        del run  # (it calls itself through its cell: a cycle reference counting frees once cut)


def read_for(check: Check, scenarios: Mapping[str, Position], game: Game | None = None,
             default: str | None = None) -> Check:
    """``check`` with its card names read as the cards of ``scenarios`` (positions of ``game``; None:
    of the games they belong to) key them (a name written in English or kana found among a scenario's
    own cards too); a name none of them has is refused, and so is a card no event of the scenario a
    query runs on (``default``, None: the first, unless it names one) can name."""
    from toolkit.history.absent import refuse_absent_cards

    cards = _card_names(scenarios.values(), game)
    read = _cards_read_again(check, cards)
    refuse_absent_cards(read, scenarios, cards, game, default)
    return read


_MERGED: Memo[tuple[CardNames, ...], CardNames] = Memo(64)
"""The card names of several positions as one table, by the positions' own tables (each built once
per set of cards a position may use, and held by the key): a check on several scenarios is read
again for each rule set it is asked under."""


def _card_names(positions: Iterable[Position], game: Game | None) -> CardNames | None:
    """:func:`~toolkit.core.game.position_card_names` of ``positions``, their merged table remembered."""
    listed = []
    for position in positions:
        names = position_card_names((position,), game)
        if names is None:
            return None
        listed.append(names)
    if len(listed) == 1:
        return listed[0]
    key = tuple(listed)
    merged = _MERGED.get(key)
    return merged if merged is not None else _MERGED.put(key, CardNames.merge(listed))


def _cards_read_again(check: Check, cards: CardNames | None) -> Check:
    """``check`` with its card names read again among the cards its positions may use (``cards``: a
    scenario's own ``cards:`` among them, so a name written in English finds its card); a name no
    card has is refused."""
    if isinstance(check, QueryCheck):
        names = cards_named(check)
        for card in names:
            unknown = unknown_card(card, cards)
            if unknown is not None:  # read again refusing it, so the error names the field it is written in
                parse_check(check.data, check.where, known_cards_only=True, cards=cards)
                raise CheckError(f"{check.where}: {unknown}")
        return (parse_check(check.data, check.where, cards=cards) if any(card_key(c, cards) != c for c in names)
                else check)
    if isinstance(check, NotCheck):
        return NotCheck(_cards_read_again(check.inner, cards))
    items = tuple(_cards_read_again(i, cards) for i in check.items)
    return AllChecks(items) if isinstance(check, AllChecks) else AnyCheck(items)


def _run_query(game: Game, item: QueryCheck, position: Position, ruleset: RulesArg,
               max_states: int, time_limit: float | None = None,
               lines: bool = True) -> tuple[bool, tuple[LineStep, ...]]:
    """One query on ``position``, a position of ``game`` (a check's positions are of one game);
    ``lines=False``: its answer alone (a ``possible`` / ``always`` query stops once it is settled)."""
    start = game.state_of(position, ruleset)
    if not lines and item.predicate is not None and item.quantifier in DECIDED:
        decided = decide(game, start, Query(item.quantifier, item.predicate), max_states=max_states,
                         time_limit=time_limit, source=source_of(position))
        if decided is not None:  # None: a line loops, the full search answers
            return decided, ()
    if item.predicate is not None:  # (a possible / always query's exploration with lines: kept for its explanation)
        found = explored(game, position, ruleset, max_states, time_limit, start=start) \
            if lines and item.quantifier in DECIDED else None
        verdict = evaluate_in(game, start, Query(item.quantifier, item.predicate), max_states=max_states,
                              time_limit=time_limit, found=found)
        return verdict.value, verdict.line
    if item.quantifier == "default_order":
        res = resolve_in(game, start, PASS_LINE)  # the rulings' "both players choose not to act" line
        done = _Order(item.order, item.without, start.turn_player).progress(res.steps)
        return done == len(item.order), res.steps
    return order_search(start, item.order, every=item.quantifier == "always_order", without=item.without,
                        max_states=max_states, time_limit=time_limit, source=source_of(position), game=game,
                        with_line=lines)


@dataclass(frozen=True)
class _Order:
    items: tuple[Predicate, ...]
    without: Predicate | None
    tp: str

    def advance(self, events: Sequence[Event] | frozenset[Event], k: int) -> int:
        """One step's events move the sequence on by at most one item; an
        event matching ``without`` inside an unfinished sequence breaks it."""
        n = len(self.items)
        if k < n and any(self.items[k].relevant(e, self.tp) for e in events):
            return k + 1
        if 0 < k < n and self.without is not None and any(self.without.relevant(e, self.tp) for e in events):
            return 0
        return k

    def progress(self, steps: Sequence[LineStep]) -> int:
        k = 0
        for step in steps:
            k = self.advance(step.events, k)
        return k


def order_search(start: GameState, order: Sequence[Predicate], *, every: bool, without: Predicate | None = None,
                 max_states: int = 500_000, time_limit: float | None = None,
                 source: str | None = None, game: Game | None = None,
                 with_line: bool = True) -> tuple[bool, tuple[LineStep, ...]]:
    """Does some line (``every=False``) / every line (``every=True``) see
    events matching ``order`` one after the other, each at a later step?

    Returns the answer and a line showing it: a line completing the sequence
    (some line: True), or one that does not (every line: False; some line:
    False gives the default line).  A repeating position ends its line.
    Stops as :func:`~toolkit.core.search.explore` does after ``max_states``
    positions or ``time_limit`` seconds (``source``: the file the message names). ``game``: the
    game of ``start`` (None: looked up). ``with_line=False``: the answer alone (no line; up to renaming).
    """
    limits = Limits(max_states, time_limit, None, source)
    seq = _Order(tuple(order), without, start.turn_player)
    n = len(order)
    game = game_of(start) if game is None else game
    if not with_line and (found := decide_order(game, start, seq.items, seq.advance, every=every, without=without,
                                                limits=limits)) is not None:  # (None: a line loops)
        return found, ()
    succ: dict[GameState, tuple[tuple[Action, GameState, tuple[Event, ...]], ...]] = {}
    memo: dict[tuple[GameState, int], tuple[bool, int]] = {}
    on_stack: dict[tuple[GameState, int], int] = {}
    legal_actions, transition = game.legal_actions, game.transition

    def edges(state: GameState) -> tuple[tuple[Action, GameState, tuple[Event, ...]], ...]:
        found = succ.get(state)
        if found is None:
            if len(succ) >= max_states:
                raise limits.too_many()
            limits.check(len(succ))
            out = []
            for action in legal_actions(state):
                result = transition(state, action, check=False)
                out.append((action, result.state, result.events))
            found = tuple(out)
            succ[state] = found
        return found

    # value(state, k): (answer, index of the edge that shows it, or -1)
    def value(state: GameState, k: int, depth: int) -> tuple[bool, int, int]:
        key = (state, k)
        if k == n:
            return True, -1, _INF
        hit = memo.get(key)
        if hit is not None:
            return hit[0], hit[1], _INF
        if state.is_over:
            memo[key] = (False, -1)
            return False, -1, _INF
        on_stack[key] = depth
        result, pick, low = every, -1, _INF
        for i, (_action, child, events) in enumerate(edges(state)):
            ck = seq.advance(events, k)
            where = on_stack.get((child, ck))
            if where is not None:  # the line repeats a position: it ends here
                v = ck == n
                low = min(low, where)
            else:
                v, _, sub_low = value(child, ck, depth + 1)  # noqa: F821 (deleted in the finally below, once done)
                low = min(low, sub_low)
            if v != every:
                result, pick = v, i
                break
        del on_stack[key]
        if low >= depth:
            memo[key] = (result, pick)
            return result, pick, _INF
        return result, pick, low

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        answer, _, _ = value(start, 0, 0)
        line = _witness(game, start, seq, answer, every, edges, value) if with_line else ()
    finally:
        sys.setrecursionlimit(limit)
        del value  # (it calls itself through its cell: a cycle reference counting frees once cut)
    return answer, line


def _witness(game: Game, start: GameState, seq: _Order, answer: bool, every: bool,
             edges: Callable[[GameState], tuple[tuple[Action, GameState, tuple[Event, ...]], ...]],
             value: Callable[[GameState, int, int], tuple[bool, int, int]]) -> tuple[LineStep, ...]:
    """Follow the edges that decided the answer (a completing line, or a
    counter-example); when no edge decided it, the default line."""
    if answer == every:  # no single line shows it: show the default line
        return resolve_in(game, start, PASS_LINE).steps
    steps: list[LineStep] = []
    state, k = start, 0
    seen = {(state, k)}
    while not state.is_over and len(steps) < 10_000:
        if k == len(seq.items) and not every:
            break
        _, pick, _ = value(state, k, 1)
        if pick < 0:
            break
        action, child, events = edges(state)[pick]
        steps.append(line_step(len(steps) + 1, state, action, game.transition(state, action, check=False), game))
        state, k = child, seq.advance(events, k)
        if (state, k) in seen:
            break
        seen.add((state, k))
    if not every and k == len(seq.items) and not state.is_over:
        rest = resolve_in(game, state, PASS_LINE).steps
        steps.extend(_renumber(rest, len(steps)))
    return tuple(steps)


def _renumber(steps: Sequence[LineStep], offset: int) -> list[LineStep]:
    return [replace(s, step=s.step + offset) for s in steps]


_PLAIN_WORDS = frozenset({"", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"})


def _flow_scalar(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if not isinstance(value, str):
        return str(value)
    number = value.replace(".", "", 1).replace("-", "", 1).replace("+", "", 1)
    if (value.lower() in _PLAIN_WORDS or number.isdigit() or value != value.strip()
            or any(c in value for c in ",[]{}#:\"'&*!|>%@`") or value.startswith(("-", "?"))):
        return json.dumps(value, ensure_ascii=False)
    return value


def written_check(data: Any) -> str:
    """A check (a mapping, or its JSON text) as a user writes it: YAML's flow
    form, its keys in the order written.

    >>> written_check('{"possible": {"hand": "A", "at_least": 7}}')
    '{possible: {hand: A, at_least: 7}}'
    >>> written_check({"not": {"possible": {"event": "activated", "card": "X: Y", "loop": True}}})
    '{not: {possible: {event: activated, card: "X: Y", loop: true}}}'
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError:
            return str(data)
    return _flow(data)


def _flow(data: object) -> str:
    if isinstance(data, Mapping):
        return "{" + ", ".join(f"{_flow_scalar(str(k))}: {_flow(v)}" for k, v in data.items()) + "}"
    if isinstance(data, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in data) + "]"
    return _flow_scalar(data)


def check_text(check: Check) -> str:
    """A compact one-line rendering of a check (for tables).

    >>> check_text(parse_check({"not": {"possible": {"event": "activated", "card": "X"}}}))
    'not {"possible": {"card": "X", "event": "activated"}}'
    """
    if isinstance(check, QueryCheck):
        return check.data
    if isinstance(check, NotCheck):
        return "not " + check_text(check.inner)
    joiner = " and " if isinstance(check, AllChecks) else " or "
    return "(" + joiner.join(check_text(i) for i in check.items) + ")"


__all__ = [
    "AllChecks", "AnyCheck", "Check", "CheckError", "CheckResult", "NotCheck", "QueryAnswer", "QueryCheck",
    "cards_named", "check_text", "order_search", "parse_check", "predicates_of", "run_check", "scenarios_named",
    "written_check",
]
