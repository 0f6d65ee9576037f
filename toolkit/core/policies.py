"""The named policies: who does what when a choice is open on a single line.

One list for every place that plays one line — :func:`toolkit.core.search.resolve`,
the command line's ``--policy`` and the builder's "Players" dropdown — and one
default, :data:`DEFAULT_POLICY`: both players use their effects when they can,
as a player at the table would.  ``pass`` is the line the rulings call "both
players choose not to act" (お互いに処理を行わないことを選択した場合); the
ruling checks' ``default`` quantifier asks about that line, whatever the
default policy is (:data:`PASS_LINE`).

A policy is a callable ``(state, actions) -> action``; a name is the one a user
types (``use-effects``).  Game-neutral: a state only needs ``acting_player``
and ``turn_player``.

>>> names()
('use-effects', 'pass', 'turn-player-acts', 'opponent-acts')
>>> policy_for("pass") is pass_policy
True
>>> policy_for("use-effect")
Traceback (most recent call last):
...
toolkit.core.policies.UnknownPolicy: unknown policy 'use-effect' (did you mean 'use-effects'?); known: use-effects, pass, turn-player-acts, opponent-acts
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.core.actions import Action, Pass
from toolkit.core.errors import IllegalActionError
from toolkit.core.finding import find_action
from toolkit.core.graph import default_policy as pass_policy
from toolkit.core.values import PLAYERS, other
from toolkit.errors import ToolkitError

Policy = Callable[[Any, tuple[Action, ...]], Action]

__all__ = [
    "DEFAULT_POLICY", "PASS_LINE", "POLICIES", "NamedPolicy", "UnknownPolicy", "acting_policy", "choices", "label",
    "name_of", "named", "names", "policy_for",
]


class UnknownPolicy(ToolkitError, ValueError):
    """A policy name that is not one of :data:`POLICIES` (the message lists them)."""



def acting_policy(actors: str) -> Policy:
    """A policy: players in ``actors`` ("A", "B", "TP", "NTP" or "both") take
    the first listed action that is not a pass; the others pass whenever
    allowed.  When passing is not allowed (a forced choice), the first listed
    action is taken, as by the pass policy.
    """

    def choose(state: Any, actions: tuple[Action, ...]) -> Action:
        player = state.acting_player
        tp = state.turn_player
        active = {"both": set(PLAYERS), "TP": {tp}, "NTP": {other(tp)}}.get(actors, {actors})
        if player in active:
            for action in actions:
                if not isinstance(action, Pass):
                    return action
        return pass_policy(state, actions)

    choose.__name__ = f"acting_policy_{actors}"
    return choose


@dataclass(frozen=True)
class NamedPolicy:
    """A policy with the name a user types and the words that describe it."""

    name: str
    label: str
    policy: Policy


_USE_EFFECTS = acting_policy("both")

POLICIES: tuple[NamedPolicy, ...] = (
    NamedPolicy("use-effects", "both use their effects when they can, in listed order", _USE_EFFECTS),
    NamedPolicy("pass", "both pass whenever the rules let them, other choices in listed order", pass_policy),
    NamedPolicy("turn-player-acts", "the turn player uses its effects; the opponent passes", acting_policy("TP")),
    NamedPolicy("opponent-acts", "the opponent uses its effects; the turn player passes", acting_policy("NTP")),
)
"""Every named policy, the default first."""

DEFAULT_POLICY = "use-effects"
"""The policy a single line is played with unless one is named."""

PASS_LINE = "pass"
"""The policy of the rulings' "both players choose not to act" line (the checks' ``default``)."""

_BY_NAME = {p.name: p for p in POLICIES}


def names() -> tuple[str, ...]:
    """The policy names, the default first."""
    return tuple(p.name for p in POLICIES)


def named(name: str) -> NamedPolicy:
    key = name.strip().lower().replace("_", "-")
    found = _BY_NAME.get(key)
    if found is None:
        import difflib

        near = difflib.get_close_matches(key, list(_BY_NAME), n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise UnknownPolicy(f"unknown policy {name!r}{hint}; known: {', '.join(_BY_NAME)}")
    return found


def policy_for(name: str | None = None) -> Policy:
    """The policy callable named ``name`` (None: :data:`DEFAULT_POLICY`);
    ``use_effects`` is read as ``use-effects``."""
    return named(DEFAULT_POLICY if name is None else name).policy


def label(name: str | None = None) -> str:
    """The words for a policy name: ``both use their effects when they can, in listed order``."""
    return named(DEFAULT_POLICY if name is None else name).label


def name_of(policy: Policy | None) -> str | None:
    """The name of a named policy's callable (None: the default's; an unnamed callable: None)."""
    if policy is None:
        return DEFAULT_POLICY
    return next((p.name for p in POLICIES if p.policy is policy), None)


def choices(given: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """(label, name) pairs for a dropdown, the default first."""
    wanted = names() if given is None else tuple(named(n).name for n in given)
    return [(_BY_NAME[n].label, n) for n in wanted]


def scripted(choices: Sequence[str], then: Policy = pass_policy) -> Policy:
    """A policy that plays the actions whose repr is listed, in order, then ``then``.

    >>> p = scripted(["Pass()"])
    """
    remaining = list(choices)

    def policy(state: Any, actions: tuple[Action, ...]) -> Action:
        if remaining:
            want = remaining[0]
            if want not in [repr(a) for a in actions]:
                raise IllegalActionError(want, state, actions)
            remaining.pop(0)
            return find_action(state, want)
        return then(state, actions)

    return policy
