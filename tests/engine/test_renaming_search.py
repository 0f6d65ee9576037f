"""The search up to renaming (``toolkit.core.renaming``) against the full search, with the renaming
given by the test: the cards of a position's ``names`` taken as differing only by their names.

The game's own renaming (which cards differ only by name) is tested with the OCG's positions in
``test_renaming.py``; here the search's side: positions equal up to renaming searched once, the
outcomes renamed, line counts, first actions and tree size those of the full search, every example
line a real line that replays to its outcome — and a class given wrong (a card that does differ)
makes the search differ, which the comparison sees.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest
from engine_positions import controls_and_a_way_out

from toolkit.core import renaming as core_renaming
from toolkit.core import search
from toolkit.core.game import game_of
from toolkit.core.search import Exploration, explore
from toolkit.ocg.state import State

TAKEN = ("ジェネティック・ワーウルフ", "ハーピィ・クィーン", "ハーピィ・レディ", "ハーピィ・レディ三姉妹",
         "フレムベル・ヘルドッグ", "ブラッド・ヴォルス", "ＴＧ ラッシュ・ライノ", "魔導法士 ジュノン")


class GivenNames:
    """A renaming whose renamed cards are those named ``names`` (the test says they differ only by
    name): the key is the position with each such card written as what it is and where it is
    pointed at, sorted, never by id or name."""

    ordered_zones = frozenset({"deck"})

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def key(self, state: State) -> core_renaming.Canonical | None:
        members = [c.uid for c in state.cards if c.name in self.names]
        if len(members) < 2 or state.moment or state.attacker != -1:
            return None
        refs: dict[int, list[str]] = {u: [] for u in members}

        def note(uid: int, where: tuple[object, ...]) -> None:
            if uid in refs:
                refs[uid].append(repr(where))

        for p in state.pending:
            note(p.source, ("pending", p.key, p.controller, int(p.kind), p.mandatory, p.chain_link, p.lingering))
        for uid, key in state.done:
            note(uid, ("done", key))
        for item in state.lingering:
            note(item.target, ("lingering", item.source, item.controller, item.effect, item.duration))
        for i, link in enumerate(state.chain):
            for role, uids in (("source", (link.source,)), ("subject", link.subjects), ("target", link.choice.targets),
                               ("cost", link.choice.cost), ("pick", link.choice.picks)):
                for j, uid in enumerate(uids):
                    note(uid, ("link", i, role, j))
        for i, trigger in enumerate(state.waiting):
            for j, uid in enumerate((trigger.source, *trigger.subjects)):
                note(uid, ("waiting", i, j))
        for d, deck in enumerate(state.decks):
            for j, uid in enumerate(deck):
                note(uid, ("deck", d, j))

        def what(uid: int) -> tuple[object, ...]:
            return self.what(state.cards[uid], refs[uid])

        order = sorted(members, key=what)
        slot = {uid: ("renamed", i) for i, uid in enumerate(order)}

        def of(uid: int) -> object:
            return slot.get(uid, uid)

        key: Hashable = (
            state.turn_player, state.life, state.step, state.priority, state.passes, state.forced, state.adjusted,
            state.after_chain, state.skipped, state.phase, state.declared, state.anonymous,
            tuple(tuple(map(of, deck)) for deck in state.decks),
            tuple(c for c in state.cards if c.uid not in slot), tuple(what(uid) for uid in order),
            tuple(sorted(repr((of(p.source), p.key, p.controller, int(p.kind), p.mandatory, p.chain_link,
                               p.lingering)) for p in state.pending)),
            frozenset((of(uid), key) for uid, key in state.done),
            tuple(sorted(repr((i.source, i.controller, i.effect, of(i.target), i.duration)) for i in state.lingering)),
            tuple((of(link.source), link.key, link.controller, link.cause, tuple(map(of, link.subjects)),
                   tuple(map(of, link.choice.targets)), link.negated) for link in state.chain),
            tuple((of(w.source), w.key, w.controller, w.mandatory, w.cause, tuple(map(of, w.subjects)))
                  for w in state.waiting))
        return key, tuple(order), tuple(state.cards[uid].name for uid in order)

    def what(self, card: Any, pointed: list[str]) -> tuple[object, ...]:
        """What a renamed card is and where it is pointed at: what the key keeps of it."""
        return (card.owner, card.controller, card.zone.value, card.position.value, tuple(sorted(card.tags)),
                tuple(sorted(pointed)))


class Forgetful(GivenNames):
    """A key that forgets whose a renamed monster is: its owner and controller, the lingering
    control effect on it and its return of control, pending or done."""

    def key(self, state: State) -> core_renaming.Canonical | None:
        renamed = {c.uid for c in state.cards if c.name in self.names}
        return super().key(state.evolve(pending=tuple(p for p in state.pending if p.source not in renamed),
                                        lingering=tuple(i for i in state.lingering if i.target not in renamed),
                                        done=frozenset(d for d in state.done if d[0] not in renamed)))

    def what(self, card: Any, pointed: list[str]) -> tuple[object, ...]:
        return (card.zone.value, card.position.value, tuple(sorted(card.tags)))


@pytest.fixture
def rename(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Make the OCG rename the cards of the names given (for the rest of the test)."""
    def given(*names: str, key: type[GivenNames] = GivenNames) -> None:
        renamer = key(frozenset(names))
        monkeypatch.setattr(type(game_of(controls_and_a_way_out(1))), "renaming", lambda self, start: renamer)
    return given


def replays_to_its_outcome(start: Any, found: Exploration) -> None:
    """Every example line is legal from ``start`` step by step and ends in the outcome it is listed under."""
    game = game_of(start)
    for lines in found.outcomes:
        state, events = start, set()
        for action in lines.example_actions:
            assert action in game.legal_actions(state), (action, lines.outcome)
            step = game.transition(state, action)
            state, events = step.state, events | set(step.events)
        assert state.is_over and state.summary() == lines.outcome.summary and events == lines.outcome.events


def outcomes(found: Exploration) -> list[tuple[Any, int]]:
    return sorted(((o.outcome, o.lines) for o in found.outcomes), key=repr)


@pytest.mark.parametrize("n", [4, 6, 7])
def test_renamed_search_equals_the_full_search(rename: Any, n: int) -> None:
    start = controls_and_a_way_out(n)
    full = explore(start, reduce=False)
    plain = explore(start)
    rename(*TAKEN)
    renamed = explore(start)
    assert outcomes(renamed) == outcomes(full)
    assert renamed.total_lines == full.total_lines and renamed.first_actions == full.first_actions
    assert renamed.tree_nodes == full.tree_nodes
    assert renamed.states < plain.states
    replays_to_its_outcome(start, renamed)
    assert renamed.forcing() == full.forcing(reduce=False)  # (the forcing search does not rename)
    assert explore(start, reduce=False).states == full.states  # the full search renames nothing


def test_a_key_that_merges_positions_that_differ_makes_the_search_differ(rename: Any,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above can fail: a key that forgets whose a monster is renames positions into
    ones they are not (A's monster returned to the hand for B's), and the outcomes change (here the
    example lines see it first: one cannot be renamed onto a real line, and the search runs again
    without renaming)."""
    start = controls_and_a_way_out(6)
    full = explore(start, reduce=False)
    rename(*TAKEN, key=Forgetful)
    assert outcomes(explore(start)) == outcomes(full)  # caught: an example line did not rename, searched again
    monkeypatch.setattr(search, "example_actions", lambda *args: ())  # (the example lines not looked for)
    assert outcomes(explore(start)) != outcomes(full)


def test_an_event_the_renaming_cannot_carry_searches_without_it(rename: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    start = controls_and_a_way_out(5)
    plain = explore(start)
    rename(*TAKEN)

    def refuse(event: Any, names: Any) -> Any:
        raise core_renaming.CannotRename("the test's event")

    monkeypatch.setattr(core_renaming, "renamed_event", refuse)
    again = explore(start)
    assert outcomes(again) == outcomes(plain) and again.states == plain.states
