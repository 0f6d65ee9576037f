"""Running and searching End Phases.

* :func:`resolve` plays one line with a policy and returns the trace
  (:mod:`toolkit.core.resolving`, kept importable from here);
* :func:`explore` finds every distinct outcome, one example line each, and
  the NUMBER of lines reaching it — counted by memoised DP over the graph of
  positions (transpositions merge: a GameState carries no history), never by
  enumerating paths;
* :func:`can_force` decides by minimax over the same graph whether a player
  can guarantee a predicate whatever the other does, with a witness line
  (:mod:`toolkit.core.forcing`); :meth:`Exploration.forcing` answers "who can
  force it" for every outcome in one search;
* :func:`evaluate` answers a quantified query (``possible``, ``always``, ``default``, ``force:TP`` ...).

A position that repeats on a line is a loop: the line ends there and its
outcome carries the cycle and a ``loop`` event — never a hang.  Limits
(``max_steps``; ``max_states``, ``time_limit`` and the longest line, see :mod:`toolkit.core.limits`)
raise :class:`SearchBudgetExceeded` with a message naming the limit hit.

An outcome's events are a SET: a line's outcome is its final position plus
the set of events that happened on it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toolkit.core.actions import Action
from toolkit.core.forcing import ForceResult as ForceResult
from toolkit.core.forcing import can_force as can_force
from toolkit.core.forcing import forcing_players
from toolkit.core.game import Game, GameState, RulesArg, as_state, game_of
from toolkit.core.graph import (
    INF,
    Graph,
    Replayed,
    event_masker,
    line_actions,
    reduction_wanted,
    replay_actions,
    search_mode,
)
from toolkit.core.graph import default_policy as default_policy
from toolkit.core.limits import DEFAULT_MAX_STATES, MAX_LINE_STEPS, Limits, ProgressCallback, source_of
from toolkit.core.policies import PASS_LINE
from toolkit.core.policies import scripted as scripted
from toolkit.core.renaming import CannotRename, Renamer, example_actions
from toolkit.core.resolving import LOOP_EVENT, Position
from toolkit.core.resolving import Policy as Policy
from toolkit.core.resolving import Resolution as Resolution
from toolkit.core.resolving import play as play
from toolkit.core.resolving import resolve as resolve
from toolkit.core.resolving import resolve_in as resolve_in
from toolkit.core.trace import LineStep
from toolkit.core.values import Event, EventTexts, Outcome, PositionSummary, sorted_events

if TYPE_CHECKING:
    import pandas as pd

    from toolkit.core.predicates import Query
    from toolkit.core.renaming import Replays


# --------------------------------------------------------------------------
# explore
# --------------------------------------------------------------------------

OutcomeKey = tuple[PositionSummary, int, tuple[str, ...] | None]
"""An outcome while a search runs: the final position, the events as a bit mask (a bit per event
the search met: an int of a few bytes where a frozenset of 40 events takes 2 KB), and the loop."""

Entry = tuple[Any, ...]
"""What a search keeps per outcome of a position: ``(lines, edge index, entry, outcome key)`` —
the number of lines reaching the outcome, its example line as a linked list (the first edge's
index and the entry of the outcome at that edge's position; an index of -1 ends the line, so does
None), and the outcome.  A searched position's table is one tuple: the nodes of its tree of
lines, then its entries; while its lines are counted, an entry is a list."""


@dataclass(frozen=True)
class OutcomeLines:
    """One distinct outcome, how many lines reach it, and one example line.

    ``example_actions`` are found by the search; ``example`` (the steps with
    their rules and notes) is described the first time it is read: a question
    that looks at one outcome's line (``evaluate``) does not describe the others.
    """

    outcome: Outcome
    lines: int
    example_actions: tuple[Action, ...]
    start: GameState | None = field(default=None, repr=False, compare=False)
    """The position the line starts from."""
    replayed: Replayed | None = field(default=None, repr=False, compare=False)
    """The steps already described in the search's example lines (shared prefixes are described once)."""
    game: Game | None = field(default=None, repr=False, compare=False)
    """The game of ``start`` (found once by the search; None: looked up when the line is described)."""

    @functools.cached_property
    def example(self) -> tuple[LineStep, ...]:
        """The example line, step by step (see :func:`toolkit.core.graph.replay_actions`)."""
        if self.start is None:
            return ()
        return replay_actions(self.start, self.example_actions, self.replayed, self.game)


@dataclass(frozen=True)
class Exploration:
    """Every distinct outcome of a position with its number of lines.

    ``states``: distinct positions; ``transitions``: successors computed (one
    per edge of the graph, each once); ``cache_hits``: edges whose position
    had been searched already (answered from the transposition table, no
    successor computed); ``tree_nodes``: the nodes a walk of every line
    without the table would visit.
    """

    start: GameState
    outcomes: tuple[OutcomeLines, ...]
    total_lines: int
    states: int
    transitions: int
    tree_nodes: int
    first_actions: tuple[tuple[str, int], ...] = field(default=())
    cache_hits: int = 0
    source: str | None = field(default=None, compare=False)
    """The scenario's file, when known (named by a limit's message)."""

    @property
    def loops(self) -> tuple[OutcomeLines, ...]:
        return tuple(o for o in self.outcomes if o.outcome.is_loop)

    def forcing(self, *, max_states: int = DEFAULT_MAX_STATES, time_limit: float | None = None,
                progress: ProgressCallback | None = None, reduce: bool | None = None) -> tuple[frozenset[str], ...]:
        """For each outcome (in order), the players who can force exactly it
        whatever the other does — one minimax search for all of them, the same
        answers as ``can_force(start, player, <that outcome>)`` for each."""
        return forcing_players(self.start, tuple(o.outcome for o in self.outcomes), max_states=max_states,
                               time_limit=time_limit, progress=progress, source=self.source, reduce=reduce)

    def table(self) -> pd.DataFrame:
        """One row per outcome: lines, loop, events, final position, example line."""
        import pandas as pd

        rows = [
            {
                "lines": o.lines,
                "loop": " -> ".join(o.outcome.loop) if o.outcome.loop else "",
                "events": ", ".join(repr(e) for e in sorted_events(o.outcome.events)),
                "final": o.outcome.summary.text(),
                "example": " ; ".join(repr(s.action) for s in o.example),
            }
            for o in self.outcomes
        ]
        return pd.DataFrame(rows, columns=["lines", "loop", "events", "final", "example"])

    def _repr_html_(self) -> str:
        from html import escape as esc
        rows = "".join(
            f"<tr><td>{o.lines}</td><td>{esc(' → '.join(o.outcome.loop)) if o.outcome.loop else ''}</td>"
            f"<td>{esc(', '.join(repr(e) for e in sorted_events(o.outcome.events)))}</td>"
            f"<td>{esc(o.outcome.summary.text())}</td></tr>"
            for o in self.outcomes
        )
        return (
            f"<div><b>Exploration</b> under <code>{esc(self.start.ruleset.name)}</code>: "
            f"{len(self.outcomes)} outcomes, {self.total_lines} lines, {self.states} positions"
            f"<table><thead><tr><th>lines</th><th>loop</th><th>events</th><th>final</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></div>"
        )


ENTRY = 5
"""The fields of one outcome's entry in a position's table: ``count, edge, table, at, outcome`` — its
lines, the edge its example line takes (-1: the position is an end), and where the example goes on:
the entry at index ``at`` of the child's ``table`` (None: the line ends after that edge).  A table is
``(nodes, *entry, *entry, ...)``, flat: a tuple per entry would cost 72 bytes more each."""


def _joined(outcome: OutcomeKey, mask: int, merges: dict[int, OutcomeKey],
            one_key: Callable[[OutcomeKey, OutcomeKey], OutcomeKey]) -> OutcomeKey:
    """``outcome`` with the events of ``mask`` joined (one object per outcome: ``one_key``), kept in
    ``merges`` (the outcomes joined with ``mask``, by id: each held by the search's ``keys``)."""
    union = outcome[1] | mask
    if union == outcome[1]:
        joined = outcome
    else:
        key = (outcome[0], union, outcome[2])
        joined = one_key(key, key)
    merges[id(outcome)] = joined
    return joined


def _add(result: dict[int, list[Any]], outcome: OutcomeKey, count: int, edge: int) -> None:
    entry = result.get(id(outcome))
    if entry is None:
        result[id(outcome)] = [count, edge, None, 0, outcome]
    else:
        entry[0] += count


def _add_linked(result: dict[int, list[Any]], outcome: OutcomeKey, count: int, edge: int, link: Any,
                at: int) -> None:
    """``_add``, the outcome's example line going on at the entry ``at`` of ``link`` (a table or a
    :class:`~toolkit.core.renaming.Hop`) when the entry is new."""
    entry = result.get(id(outcome))
    if entry is None:
        result[id(outcome)] = [count, edge, link, at, outcome]
    else:
        entry[0] += count


def _table(nodes: int, entries: dict[int, list[Any]], same: Callable[[int, int], int]) -> tuple[Any, ...]:
    """A position's table, from its entries (see :data:`ENTRY`); its numbers are ``same(n, n)``: one
    object per number in a search (the counts of lines are big ints, and a few hundred values repeat
    in thousands of entries).

    >>> numbers: dict[int, int] = {}
    >>> table = _table(2**70, {1: [2**70, 0, None, 0, "outcome"]}, numbers.setdefault)
    >>> table[0] is table[1], len(table)
    (True, 6)
    """
    flat: list[Any] = [same(nodes, nodes)]
    for entry in entries.values():
        count = entry[0]
        entry[0] = same(count, count)
        flat += entry
    return tuple(flat)  # from a list: a tuple of its exact size


def _example(table: Sequence[Any], at: int) -> list[int]:
    """The edge indices of the example line that the entry at index ``at`` of ``table`` starts."""
    indices: list[int] = []
    link: Sequence[Any] | None = table
    while link is not None and link[at + 1] >= 0:
        indices.append(link[at + 1])
        link, at = link[at + 2], link[at + 3]
    return indices


def explore(position: Position, *, ruleset: RulesArg = None, max_states: int = DEFAULT_MAX_STATES,
            time_limit: float | None = None, progress: ProgressCallback | None = None,
            reduce: bool | None = None) -> Exploration:
    """Every distinct outcome of ``position``, with line counts and an example each.

    The search stops (:class:`SearchBudgetExceeded`) after ``max_states``
    positions or ``time_limit`` seconds (None: none); ``progress`` is called
    with a :class:`~toolkit.core.limits.Progress` about four times a second
    (e.g. :func:`~toolkit.core.limits.notebook_progress`).  ``reduce``:
    follow one of a group of interchangeable actions and count it for all
    (:mod:`toolkit.core.graph`), and search once the positions equal up to
    renaming cards that differ only by name, renaming the outcomes
    (:mod:`toolkit.core.renaming`; default: unless ``ENDPHASE_FULL_SEARCH=1``)
    — the same outcomes and line counts; fewer positions.  Where a renaming
    cannot carry a line exactly (a loop, an event naming a renamed card inside
    a longer text), the search runs without it.
    """
    game = game_of(position)
    return explore_in(game, game.state_of(position, ruleset), max_states=max_states, time_limit=time_limit,
                      progress=progress, reduce=reduce, source=source_of(position))


def explore_in(game: Game, start: GameState, *, max_states: int = DEFAULT_MAX_STATES,
               time_limit: float | None = None, progress: ProgressCallback | None = None,
               reduce: bool | None = None, source: str | None = None) -> Exploration:
    """:func:`explore` from ``start``, a state of ``game`` (``source``: the file a refusal names)."""
    limits = Limits(max_states, time_limit, progress, source)
    reduced = reduction_wanted(reduce)
    try:
        found = _explore(game, start, limits, reduced, source, reduced)
    except CannotRename:  # an outcome or line the renaming cannot carry: searched without it
        found = _explore(game, start, limits, reduced, source, False)
    if found is None:  # a reduced search met a loop: the full search
        found = _explore(game, start, limits, False, source, False)
    assert found is not None
    limits.finish(found.states)
    return found


def _explore(game: Game, start: GameState, limits: Limits, reduce: bool, source: str | None,
             rename: bool) -> Exploration | None:
    """``explore`` with or without reduction (``rename``: and positions equal up to renaming cards
    searched once, :mod:`toolkit.core.renaming`); None when a reduced search met a loop."""
    graph = Graph(limits, game, reduce)
    memo: dict[GameState, tuple[Any, ...]] = {}
    """A searched position -> its table: ``(nodes, *entry, *entry, ...)`` (the nodes of its tree of lines
    first; :data:`ENTRY`)."""
    memo_get = memo.get
    on_stack: dict[GameState, int] = {}
    path: list[Action] = []
    first_counts: list[int] = []
    hits = [0]
    looped = [False]
    bits: dict[Event, int] = {LOOP_EVENT: 1}
    """Each event of the search -> its bit in the masks."""
    edge_masks: dict[int, int] = {}
    """id of an edge's set of events (one object per set in a search: ``Graph.event_sets``) -> its mask."""
    keys: dict[OutcomeKey, OutcomeKey] = {}
    one_key = keys.setdefault  # one object per outcome
    merged_under: dict[int, dict[int, OutcomeKey]] = {}
    """An edge's mask of events -> id of an outcome (one object per outcome, held by ``keys``) -> the
    outcome with those events joined (looked up by two ints: no key tuple built and hashed per entry)."""
    numbers: dict[int, int] = {}
    one_number = numbers.setdefault  # one object per count of lines or nodes in the tables
    summaries: dict[PositionSummary, PositionSummary] = {}
    one_summary = summaries.setdefault  # one object per final position: outcomes then compare by identity

    mask_of = event_masker(bits, edge_masks)

    def merges_under(mask: int) -> dict[int, OutcomeKey]:
        """The outcomes joined with the events of ``mask`` so far (see ``merged_under``)."""
        found = merged_under.get(mask)
        if found is None:
            found = merged_under[mask] = {}
        return found
    renaming = game.renaming(start, frozenset()) if rename else None
    renamer = None if renaming is None else Renamer(renaming, bits, one_key, one_summary)
    hop_of = None if renamer is None else renamer.hop

    def visit(state: GameState, depth: int) -> tuple[tuple[Any, ...], int]:
        """The table of ``state`` (not searched yet: the caller looks in ``memo`` first) and the lowest
        depth of a position on the stack that one of its lines loops back to (INF: none)."""
        if state.is_over:
            summary = state.summary()
            end: OutcomeKey = (one_summary(summary, summary), 0, None)
            ends = memo[state] = (1, 1, -1, None, 0, one_key(end, end))
            return ends, INF
        if depth >= MAX_LINE_STEPS:
            raise limits.too_long()
        res: dict[int, list[Any]] = {}
        on_stack[state] = depth
        nodes = 1
        low = INF
        for i, (action, child, events, weight) in enumerate(graph.edges(state)):
            before: int = sum(v[0] for v in res.values()) if depth == 0 else 0
            sub = memo_get(child)
            if sub is not None:  # searched already (two edges in three): the transposition table
                hits[0] += 1
            else:
                where = on_stack.get(child)
                if where is not None:
                    looped[0] = True
                    cycle = tuple(repr(a) for a in path[where:]) + (repr(action),)
                    key: OutcomeKey = (child.summary(), (mask_of(events) if events else 0) | 1, cycle)
                    _add(res, one_key(key, key), weight, i)
                    nodes += weight
                    if where < low:
                        low = where
                    if depth == 0:
                        first_counts.append(sum(v[0] for v in res.values()) - before)
                    continue
                hop = None if hop_of is None or child.is_over else hop_of(child, memo)
                if hop is not None:  # the child is a searched position renamed: its outcomes renamed
                    assert renamer is not None
                    sub = hop.table
                    nodes += weight * sub[0]
                    renamed = renamer.outcomes(hop)
                    mask = mask_of(events) if events else 0
                    merges = merges_under(mask) if mask else None
                    for at in range(1, len(sub), ENTRY):
                        merged = renamed[at // ENTRY]
                        if merges is not None:
                            known = merges.get(id(merged))
                            merged = _joined(merged, mask, merges, one_key) if known is None else known
                        _add_linked(res, merged, sub[at] * weight, i, hop, at)
                    if depth == 0:
                        first_counts.append(sum(v[0] for v in res.values()) - before)
                    continue
                path.append(action)
                sub, sub_low = visit(child, depth + 1)  # noqa: F821 (deleted in the finally below, once done)
                path.pop()
                if sub_low < low:
                    low = sub_low
                if renamer is not None and sub_low == INF:
                    renamer.searched_now(child)
            nodes += weight * sub[0]
            mask = mask_of(events) if events else 0
            merges = merges_under(mask) if mask else None
            for at in range(1, len(sub), ENTRY):
                merged = sub[at + 4]
                if merges is not None:  # the edge's events joined to the outcome's
                    known = merges.get(id(merged))
                    merged = _joined(merged, mask, merges, one_key) if known is None else known
                # a weight of 1 shares the child's count (a big int) rather than copying it
                count = sub[at] if weight == 1 else sub[at] * weight
                entry = res.get(id(merged))  # _add, inlined (the innermost loop of the search)
                if entry is None:
                    res[id(merged)] = [count, i, sub, at, merged]
                else:
                    entry[0] += count
            if depth == 0:
                first_counts.append(sum(v[0] for v in res.values()) - before)
        del on_stack[state]
        found = _table(nodes, res, one_number)
        if low >= depth:
            memo[state] = found
            return found, INF
        return found, low

    def outcome_of(key: OutcomeKey) -> Outcome:
        summary, mask, loop = key
        return Outcome(summary, frozenset(e for e, bit in bits.items() if mask & bit), loop)

    outcomes = []
    replayed: Replayed = {}  # filled when the outcomes' example lines are read
    replays: Replays = ({}, {}, {})  # what the example lines replay after a hop (toolkit.core.renaming)
    with search_mode():
        try:
            root, _ = visit(start, 0)
            tree_nodes: int = root[0]
            if looped[0] and (graph.reduced or (renamer is not None and renamer.used)):
                return None
            for at in range(1, len(root), ENTRY):
                example = (line_actions(start, _example(root, at), graph) if renamer is None or not renamer.used
                           else example_actions(start, root, at, graph.succ, graph.game, renamer.renaming, replays))
                outcomes.append(OutcomeLines(outcome_of(root[at + 4]), root[at], example, start, replayed,
                                             graph.game))
            states = len(graph.succ) + sum(1 for s in memo if s.is_over)
            first_actions = _first_actions(start, graph, first_counts)
        finally:
            # ``visit`` is a recursive closure: see Graph.release
            graph.release(memo, on_stack, keys, merged_under, edge_masks, bits, numbers, summaries, *replays)
            if renamer is not None:
                renamer.release()
            del visit  # (it calls itself through its cell: a cycle reference counting frees once cut)
    shown: EventTexts = {}  # the outcomes share their events: each is written once
    outcomes.sort(key=lambda o: (-o.lines, o.outcome.text(shown)))
    return Exploration(
        start=start,
        outcomes=tuple(outcomes),
        total_lines=sum(o.lines for o in outcomes),
        states=states,
        transitions=graph.transitions,
        tree_nodes=tree_nodes,
        first_actions=first_actions,
        cache_hits=hits[0],
        source=source,
    )


def _first_actions(start: GameState, graph: Graph, counts: Sequence[int]) -> tuple[tuple[str, int], ...]:
    """The lines under each legal first action, in the listed order (a merged
    edge's lines are shared equally by the actions it stands for)."""
    edges = graph.succ.get(start, ())
    listed = graph.listed.get(start)
    if listed is None:
        return tuple((repr(edge[0]), count) for edge, count in zip(edges, counts))
    per_action = [0] * len(listed)
    for i, count in enumerate(counts):
        members = graph.stands_for.get((start, i))
        if members is None:
            per_action[listed.index(edges[i][0])] = count
        else:
            for j in members:
                per_action[j] = count // len(members)
    return tuple((repr(action), count) for action, count in zip(listed, per_action))


def naive_line_count(position: Position, *, ruleset: RulesArg = None) -> int:
    """The number of lines of ``position`` by walking every path, with no
    transposition table — exponential, for checking :func:`explore`'s
    memoised count on small positions (perft tests).  A repeated position
    ends its line, as in ``explore``."""
    start = as_state(position, ruleset=ruleset)
    game = game_of(start)

    def walk(state: GameState, path: frozenset[GameState]) -> int:
        if state.is_over:
            return 1
        total = 0
        for action in game.legal_actions(state):
            child = game.transition(state, action, check=False).state
            total += 1 if child in path else walk(child, path | {state})
        return total

    with search_mode():
        return walk(start, frozenset())


# --------------------------------------------------------------------------
# evaluate a quantified query
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The answer to a query, with a line that shows it (a witness for a
    True ``possible``/``force``, a counter-example for a False ``always``)."""

    query: Query
    value: bool
    line: tuple[LineStep, ...]
    lines: int | None = None

    def __bool__(self) -> bool:
        return self.value

    @property
    def deciding_step(self) -> LineStep | None:
        """The step whose events first make the predicate's events appear (if any)."""
        tp = self.line[0].actor if self.line else "A"
        for step in self.line:
            if any(self.query.predicate.relevant(e, tp) for e in step.events):
                return step
        return None


def evaluate(position: Position, query: Query | Mapping[str, Any], *,
             ruleset: RulesArg = None, max_states: int = DEFAULT_MAX_STATES,
             time_limit: float | None = None) -> Verdict:
    """Answer ``{possible|always|default|force:X: predicate}`` for ``position``
    (the search stops after ``max_states`` positions or ``time_limit`` seconds, as :func:`explore`'s)."""
    game = game_of(position)
    start = game.state_of(position, ruleset)
    if isinstance(query, Mapping):  # a card no event of it can name is refused, never answered a silent "no"
        from toolkit.core.absent_cards import refuse_absent
        from toolkit.core.predicates import copy_labels, parse_query

        cards = game.position_card_names(position)
        query = parse_query(query, game=game, cards=cards, copies=copy_labels(start))
        refuse_absent(query.predicate, position, game, cards, f"query.{query.quantifier}")
    return evaluate_in(game, start, query, max_states=max_states, time_limit=time_limit)


def evaluate_in(game: Game, start: GameState, query: Query | Mapping[str, Any], *,
                max_states: int = DEFAULT_MAX_STATES, time_limit: float | None = None,
                found: Exploration | None = None) -> Verdict:
    """:func:`evaluate` from ``start``, a state of ``game`` (the layers that found the game pass it on;
    ``found``: the exploration of ``start`` under these limits, when the caller has it)."""
    from toolkit.core.predicates import copy_labels, parse_query  # explore reads no query: loaded when asked
    q = parse_query(query, game=game, copies=copy_labels(start)) if isinstance(query, Mapping) else query
    tp = start.turn_player
    if q.quantifier == "default":  # the rulings' "both players choose not to act" line
        res = resolve_in(game, start, PASS_LINE)
        return Verdict(q, q.predicate.holds(res.outcome, tp), res.steps)
    if q.quantifier.startswith("force:"):
        forced = can_force(start, q.quantifier.split(":", 1)[1], q.predicate, max_states=max_states,
                           time_limit=time_limit)
        return Verdict(q, forced.value, forced.line)
    if found is None:
        found = explore_in(game, start, max_states=max_states, time_limit=time_limit)
    matching = [o for o in found.outcomes if q.predicate.holds(o.outcome, tp)]
    if q.quantifier == "possible":
        line = matching[0].example if matching else ()
        return Verdict(q, bool(matching), line, sum(o.lines for o in matching))
    failing = [o for o in found.outcomes if not q.predicate.holds(o.outcome, tp)]
    line = failing[0].example if failing else (matching[0].example if matching else ())
    return Verdict(q, not failing, line, sum(o.lines for o in matching))
