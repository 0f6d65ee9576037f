"""Families of End Phase positions of growing size, for measuring the search.

Each function returns the :class:`~toolkit.ocg.scenario.Scenario` with ``n``
pending End Phase processes, split between the players (the turn player A
gets the odd one):

* :func:`mixed_processes` — the benchmark's first family: chain links that
  mill or send a card away, spirits returning, optional level-ups (copies of
  a card are marked ``#1``, ``#2`` ...);
* :func:`other_cards` — other cards: self-destructs with damage, a
  self-destruct that is not a chain link, spirits, Lyla's mill;
* :func:`all_distinct` — every card different: control taken until the End
  Phase (lingering effects whose return is a process that is not a chain
  link), spirits, self-destructs, a copied name;
* :func:`mandatory_processes` — only mandatory processes (copies of spirits
  and Majestic Mech - Ohka).

>>> from toolkit.ocg.setup import initial_state
>>> [len(initial_state(family(6)).pending) for family in (mixed_processes, other_cards, all_distinct, mandatory_processes)]
[6, 6, 6, 6]
"""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.ocg.scenario import CardSpec, LingeringSpec, PlayerSetup, Scenario

__all__ = ["FAMILIES", "all_distinct", "mandatory_processes", "mixed_processes", "other_cards"]

OHKA, LYLA, HORUS6, HORUS8 = "光神機−桜火", "ライトロード・マジシャン ライラ", "ホルスの黒炎竜 LV６", "ホルスの黒炎竜 LV８"
MIST, ZERATO, PHANTOM = "ミストデーモン", "堕天使ゼラート", "ファントム・オブ・カオス"
SPIRITS = ("月読命", "阿修羅", "八俣大蛇", "火之迦具土")
SUMMONED = frozenset({"summoned_this_turn"})
TRIBUTE_LESS = frozenset({"tribute_less_summoned"})

_MIXED_TP = [
    CardSpec(f"{OHKA}#1", tags=TRIBUTE_LESS),
    CardSpec(LYLA),
    CardSpec("月読命", tags=SUMMONED),
    CardSpec(f"{HORUS6}#1", tags=frozenset({"destroyed_monster_by_battle"})),
    CardSpec(f"{OHKA}#2", tags=TRIBUTE_LESS),
    CardSpec("阿修羅", tags=frozenset({"flipped_this_turn"})),
]
_MIXED_NTP = [
    CardSpec(f"{OHKA}#1", tags=TRIBUTE_LESS),
    CardSpec("八俣大蛇", position="face_up_defense", tags=frozenset({"flipped_this_turn"})),
    CardSpec(f"{HORUS6}#1", tags=frozenset({"destroyed_monster_by_battle"})),
    CardSpec(f"{OHKA}#2", tags=TRIBUTE_LESS),
    CardSpec("火之迦具土", position="face_up_defense", tags=frozenset({"flipped_this_turn"})),
    CardSpec(f"{OHKA}#3", tags=TRIBUTE_LESS),
]


def _split(n: int, tp: Sequence[CardSpec], ntp: Sequence[CardSpec], title: str) -> Scenario:
    if not 0 <= n <= len(tp) + len(ntp) or (n + 1) // 2 > len(tp) or n // 2 > len(ntp):
        raise ValueError(f"this family has positions of 0 to {len(tp) + len(ntp)} processes, not {n}")
    return Scenario(
        title=f"{n} pending processes ({title})",
        turn_player="A",
        players={
            "A": PlayerSetup(field=tuple(tp[: (n + 1) // 2]), deck=(HORUS8,)),
            "B": PlayerSetup(field=tuple(ntp[: n // 2]), deck=(HORUS8,)),
        },
    )


def mixed_processes(n: int) -> Scenario:
    """The first family (n = 0..12): chain links, spirits and optional level-ups."""
    return _split(n, _MIXED_TP, _MIXED_NTP, "mixed")


def other_cards(n: int) -> Scenario:
    """Other cards (n = 0..12): Mist Archfiend's self-destruct with damage,
    Darklord Zerato's self-destruct (no chain link), spirits, Lyla's mill."""
    used = frozenset({"effect_used_this_turn"})
    tp = [CardSpec(f"{MIST}#1", tags=TRIBUTE_LESS), CardSpec(f"{ZERATO}#1", tags=used), CardSpec("月読命", tags=SUMMONED),
          CardSpec(LYLA), CardSpec(f"{MIST}#2", tags=TRIBUTE_LESS), CardSpec(f"{ZERATO}#2", tags=used)]
    ntp = [CardSpec(f"{ZERATO}#1", tags=used), CardSpec(f"{MIST}#1", tags=TRIBUTE_LESS), CardSpec("阿修羅", tags=SUMMONED),
           CardSpec(f"{ZERATO}#2", tags=used), CardSpec(f"{MIST}#2", tags=TRIBUTE_LESS), CardSpec("火之迦具土", tags=SUMMONED)]
    return _split(n, tp, ntp, "other cards")


_TAKEN = ("ジェネティック・ワーウルフ", "ハーピィ・クィーン", "ハーピィ・レディ", "ハーピィ・レディ三姉妹",
          "フレムベル・ヘルドッグ", "ブラッド・ヴォルス", "ＴＧ ラッシュ・ライノ", "魔導法士 ジュノン")
"""Monsters with nothing to do in the End Phase, each once: the ones whose control was taken."""

_Maker = tuple[CardSpec | None, LingeringSpec | None]


def _distinct_makers(player: str) -> list[_Maker]:
    """What makes each of ``player``'s processes in :func:`all_distinct`, in order."""
    used = frozenset({"effect_used_this_turn"})
    source = "エネミーコントローラー" if player == "A" else "傀儡虫"
    taken = _TAKEN[:4] if player == "A" else _TAKEN[4:]
    makers: list[_Maker] = [
        (CardSpec(name, tags=frozenset({"control_taken"})), LingeringSpec(source, player, target=name, effect="control"))
        for name in taken]
    if player == "A":
        makers += [(CardSpec(ZERATO, tags=used), None), (CardSpec(SPIRITS[0], tags=SUMMONED), None),
                   (CardSpec(OHKA, tags=TRIBUTE_LESS), None),
                   (CardSpec(PHANTOM), LingeringSpec(PHANTOM, "A", target=PHANTOM, effect="copy")),
                   (CardSpec(LYLA), None)]
    else:
        makers += [(CardSpec(name, tags=SUMMONED), None) for name in SPIRITS[1:]]
        makers += [(CardSpec(MIST, tags=TRIBUTE_LESS), None)]
    return makers


def all_distinct(n: int) -> Scenario:
    """Every card different (n = 0..17): each player took control of four
    different monsters until the End Phase (each return of control is a
    process that is not a chain link), plus Darklord Zerato's self-destruct
    (not a chain link either), Phantom of Chaos's copied name, Lyla's mill,
    Majestic Mech - Ohka, Mist Archfiend and four spirits, one of each card
    (the cards registered with a process give no more)."""
    if not 0 <= n <= 17:
        raise ValueError(f"this family has positions of 0 to 17 processes, not {n}")
    field: dict[str, list[CardSpec]] = {"A": [], "B": []}
    lingering: list[LingeringSpec] = []
    for player, count in (("A", (n + 1) // 2), ("B", n // 2)):
        for card, linger in _distinct_makers(player)[:count]:
            if card is not None:
                field[player].append(card)
            if linger is not None:
                lingering.append(linger)
    return Scenario(
        title=f"{n} pending processes (every card different)",
        turn_player="A",
        players={
            "A": PlayerSetup(field=tuple(field["A"]), graveyard=(CardSpec("エネミーコントローラー"),), deck=(HORUS8,)),
            "B": PlayerSetup(field=tuple(field["B"]), graveyard=(CardSpec("傀儡虫"),), deck=(HORUS8,)),
        },
        lingering=tuple(lingering),
    )


def mandatory_processes(n: int) -> Scenario:
    """Only mandatory processes (n = 0..24): copies of the four spirits and of
    Majestic Mech - Ohka, alternating between the players."""
    names = SPIRITS + (OHKA,)
    cards = [CardSpec(f"{names[i % 5]}#{i // 5 + 1}", tags=TRIBUTE_LESS if names[i % 5] == OHKA else SUMMONED)
             for i in range(12)]
    return _split(n, cards, cards, "mandatory")


FAMILIES = {
    "mixed": mixed_processes,
    "other cards": other_cards,
    "all distinct": all_distinct,
    "mandatory": mandatory_processes,
}
"""The families by name (benchmarks/engine_speed.py measures each)."""
