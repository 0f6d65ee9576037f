"""The explorations a check's run made, kept a little while for the explanation of its answer.

A ruling's run answers a ``possible`` / ``always`` query with lines by exploring the position
(:func:`~toolkit.core.search.explore_in`); the explanation of that answer
(:func:`~toolkit.history.deciding.what_decides`) reads the example lines of the same exploration
again when the answer is no. The same position under the same rules (by value) and limits gives the
same exploration, so it is searched once: :func:`explored` keeps the last few, keyed by the position
with the cards it may use (the user's card folder as it is now, a scenario's own cards), the rules'
values, the budget, the time limit and whether the search is reduced (bounded; nothing is written by
reading a file). A run noting the rules it reads (:func:`toolkit.core.reads.recording`)
takes no exploration made under another rule set, however equal (its own search notes every read: what
its rules decide is known only then), only one made under its own noting copy; what it explores is kept
for the calls after it.

>>> from toolkit.games import shipped_scenario
>>> from toolkit.core.game import game_of
>>> position = shipped_scenario("grimoire_ipiria_2014")
>>> game = game_of(position)
>>> rules = game.rules_for(None, None)
>>> first = explored(game, position, rules)
>>> explored(game, position, game.rules_for(None, None)) is first  # equal rules: the same exploration
True
>>> explored(game, position, rules, CHECK_MAX_STATES - 1) is first  # another budget: searched again
False
"""

from __future__ import annotations

import dataclasses
from typing import Any

from toolkit.core.game import Game, GameState, Position, RulesArg
from toolkit.core.graph import reduction_wanted
from toolkit.core.memo import Memo
from toolkit.core.reads import is_noting, unnoted_values
from toolkit.core.search import Exploration, explore_in

__all__ = ["CHECK_MAX_STATES", "explored"]

CHECK_MAX_STATES = 500_000
"""The positions a check's search may visit (``run_check``'s default), and the explanation's of it."""

_EXPLORED: Memo[tuple[Any, ...], tuple[Exploration, Any]] = Memo(8)
"""Explorations by position, rules, budget, time limit and reduction, each with the rule set it was made
under (a ruling's explanation reads the one its run made just before: a few are enough)."""


def explored(game: Game, position: Position, ruleset: RulesArg, max_states: int = CHECK_MAX_STATES,
             time_limit: float | None = None, *, start: GameState | None = None,
             source: str | None = None) -> Exploration:
    """:func:`~toolkit.core.search.explore_in` from ``position`` (of ``game``) under ``ruleset`` (``start``:
    that state, when the caller has it), made once for equal positions, rules, budget and time limit while
    it is among the last few asked (``source``: the file a refusal names)."""
    kind = type(ruleset)  # (by name: the noting copy's class is one of its own, named as the rule set's)
    rules = (kind.__module__, kind.__qualname__, unnoted_values(ruleset)) if dataclasses.is_dataclass(ruleset) \
        else ruleset
    # (the cards the position may use, as positions_key holds them: a scenario equal to another may read
    # another text of a card of the user's folder, and a state's equality leaves its catalogue out)
    cards = getattr(position if start is None else start, "catalogue", None)
    key = (position, cards, rules, max_states, time_limit, reduction_wanted(None))
    try:
        hash(key)
    except TypeError:  # (a position or rule set of one's own that cannot be a key: searched, not kept)
        return explore_in(game, game.state_of(position, ruleset) if start is None else start,
                          max_states=max_states, time_limit=time_limit, source=source)
    kept = _EXPLORED.get(key)
    if kept is None or (is_noting(ruleset) and kept[1] is not ruleset):
        begun = game.state_of(position, ruleset) if start is None else start
        kept = _EXPLORED.put(key, (explore_in(game, begun, max_states=max_states, time_limit=time_limit,
                                              source=source), ruleset))
    return kept[0]
