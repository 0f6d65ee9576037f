"""The hand-size adjustment's choices (R2): one per multiset of cards, made lazily."""

from __future__ import annotations

import itertools
import random

from toolkit.engine import initial_state, legal_actions, resolve, transition
from toolkit.ocg.actions import Discard
from toolkit.ocg.procedure.adjustment import _canonical_picks
from toolkit.ocg.scenario import PlayerSetup, Scenario
from toolkit.ocg.state import Step

NAMES = ["ブラッド・ヴォルス", "ジェネティック・ワーウルフ", "死者蘇生", "強欲な壺", "落とし穴"]


def _every_combination_deduplicated(names: tuple[str, ...], k: int) -> list[tuple[int, ...]]:
    """What the adjustment offered before: every k-combination, the first of each multiset kept."""
    seen: set[tuple[str, ...]] = set()
    kept = []
    for combo in itertools.combinations(range(len(names)), k):
        key = tuple(sorted(names[i] for i in combo))
        if key not in seen:
            seen.add(key)
            kept.append(combo)
    return kept


def test_the_choices_are_the_distinct_multisets_in_the_order_of_the_combinations() -> None:
    rng = random.Random(7)
    for _ in range(400):
        names = tuple(rng.choice("abcd") for _ in range(rng.randint(0, 9)))
        k = rng.randint(0, len(names) + 1)
        assert list(_canonical_picks(names, k)) == _every_combination_deduplicated(names, k), (names, k)


def _big_hand(n: int) -> Scenario:
    hand = tuple(f"{NAMES[i % len(NAMES)]}#{i // len(NAMES) + 1}" for i in range(n))
    return Scenario(title=f"{n} cards in hand", turn_player="A",
                    players={"A": PlayerSetup(hand=hand), "B": PlayerSetup()})


def test_copies_of_a_card_are_one_choice() -> None:
    state = initial_state(_big_hand(10))
    while state.step is not Step.ADJUST:
        state = transition(state, legal_actions(state)[0], check=False).state
    choices = [a for a in legal_actions(state) if isinstance(a, Discard)]
    # two copies of each of 5 names, 4 to discard: the multisets of size 4 with at most 2 of a name
    expected = sum(1 for counts in itertools.product(range(3), repeat=5) if sum(counts) == 4)
    assert len(choices) == expected == len({tuple(sorted(c.cards)) for c in choices})


def test_a_hundred_card_hand_is_adjusted() -> None:
    res = resolve(_big_hand(100))
    discard = [s.action for s in res.steps if isinstance(s.action, Discard)]
    assert len(discard) == 1 and len(discard[0].cards) == 94
    assert res.final.hand_size("A") == 6
