"""What every game shares: the :class:`~toolkit.core.game.Game` contract, the
search (:mod:`~toolkit.core.search`), traces, predicates, actions, durations,
values and errors.  Nothing here names a game: a game package builds a
``Game`` and :mod:`toolkit.games` registers it.
"""
