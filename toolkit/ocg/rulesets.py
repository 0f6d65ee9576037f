"""Rulesets: the End Phase rules as they stood on a date.

A :class:`Ruleset` is a frozen value of named flags.  Each flag is one rule
that changed (or is doubtful); its field metadata says which rule of the spec
it reverses, when it changed and which rulings and rule events date it.  Card
texts are NOT flags: the 2014-07-10 errata is expressed as dated card-text
versions (``CardBehaviour.text_at``); a ruleset only carries the date
(``as_of``) whose texts apply.

>>> r = ruleset_at("2013-03-30")
>>> r.end_phase_triggers_after_adjustment, r.adjustment_triggers_activate
(True, True)
>>> ruleset_at("2016-07-08").end_phase_triggers_after_adjustment
False
>>> RULESETS["ocg"].post_adjustment_chained_triggers
False
>>> RULESETS["ocg-2011"].adjustment_triggers_activate
True
>>> RULESETS["video_game"].phase_continues_after_response, RULESETS["ocg"].process_order is None
(False, True)
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from toolkit.core.rulesets import UnknownRulesetError as UnknownRulesetError
from toolkit.core.rulesets import as_date as _as_date
from toolkit.core.rulesets import registered
from toolkit.ocg.video_game import ProcessOrder, video_game_process_order

PriorityRule = Literal["performer", "turn_player", "opponent"]


@dataclass(frozen=True)
class RulingRef:
    """A ruling that dates a flag: its date and the card it concerns, and its
    id in datasets/rulings.csv (``ocg-YYMMDD-<slug>``)."""

    date: datetime.date
    card: str
    answer: str
    id: str


@dataclass(frozen=True)
class FlagHistory:
    """How one flag changed: ``before`` until ``changed`` (exclusive), ``after`` from it."""

    flag: str
    rule: str
    before: Any
    after: Any
    changed: datetime.date | None
    precision: str
    rulings: tuple[RulingRef, ...]
    events: tuple[str, ...]
    doubts: str = ""
    undated: tuple[str, ...] = ()
    """Undated ruling ids that bear on this flag (datasets/rulings.csv)."""
    before_means: str = ""
    """What the rules said, in words, while the flag had its ``before`` value."""
    after_means: str = ""
    """What the rules say, in words, once the flag has its ``after`` value."""

    def value_at(self, when: datetime.date | None) -> Any:
        if self.changed is None or when is None or when >= self.changed:
            return self.after
        return self.before


def _d(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


FLAG_HISTORY: tuple[FlagHistory, ...] = (
    FlagHistory(
        flag="adjustment_triggers_activate",
        rule="H2",
        before=False,
        after=True,
        changed=_d("2008-08-03"),
        precision="day (true date unknown: on or before the first ruling that presupposes it)",
        rulings=(
            RulingRef(_d("2008-08-03"), "生還の宝札", "the hand grows after the adjustment (a monster Special Summoned from the GY by a post-adjustment trigger): adjust again", "ocg-080803-readjust-after-hand-grows"),
            RulingRef(_d("2012-08-08"), "暗黒界の書物", "cards may be chained to Grimoire / Dandelion triggered by the adjustment", "ocg-120808-chain-to-adjustment-trigger"),
            RulingRef(_d("2013-03-27"), "闇・道化師のペーテン", "discarded by the adjustment: may activate", "ocg-130327-peten-adjustment"),
        ),
        undated=("ocg-undated-adjustment-triggers-once-barred",),
        events=("h2-adjustment-triggers-2008-08-03", "grimoire-release"),
        doubts=(
            "Seed 000 says triggers met by the adjustment once could not be activated and "
            "became activatable after 《暗黒界の書物》 was released, without a date. The earliest "
            "dated ruling that presupposes the change is 08/08/03: the hand is adjusted again "
            "when 《生還の宝札》 makes it grow after the adjustment — which needs a monster "
            "Special Summoned from the GY after the adjustment, i.e. Grimoire's trigger. The flag "
            "is dated there; the true date (Grimoire's release) may be earlier. 12/08/08 and "
            "13/03/27 confirm it."
        ),
        before_means="a trigger whose condition the hand-size adjustment met cannot be activated",
        after_means="a trigger whose condition the hand-size adjustment met may be activated",
    ),
    FlagHistory(
        flag="end_phase_triggers_after_adjustment",
        rule="H5",
        before=True,
        after=False,
        changed=_d("2016-07-08"),
        precision="day",
        rulings=(
            RulingRef(_d("2013-03-30"), "ヒステリック・サイン", "discarded by the adjustment: activates (hidden answer)", "ocg-130330-hysteric-sign-adjustment"),
            RulingRef(_d("2016-07-08"), "ヒステリック・サイン", "discarded by the adjustment: does not activate", "ocg-160708-hysteric-sign-adjustment"),
            RulingRef(_d("2013-03-30"), "魔轟神獣キャシー", "Catsith destroying Sign after the adjustment: Sign activates (hidden answer)", "ocg-130330-catsith-hysteric-sign"),
            RulingRef(_d("2017-03-05"), "魔轟神獣キャシー", "Catsith destroying Sign after the adjustment: Sign does not activate", "ocg-170305-catsith-hysteric-sign"),
            RulingRef(_d("2013-03-30"), "暗黒のマンティコア", "optional, discarded by the adjustment: cannot be activated", "ocg-130330-manticore-adjustment"),
            RulingRef(_d("2015-01-17"), "ＴＧ ストライカー", "optional, destroyed by a Catsith the adjustment discarded: cannot be activated", "ocg-150117-catsith-tg-striker"),
        ),
        undated=("ocg-undated-wicked-worm-beast-grimoire-loop",),
        events=("h5-end-phase-triggers-2016-07-08",),
        doubts=(
            "The sources rule on two optional 「エンドフェイズ時」 triggers after the adjustment, "
            "both no (Manticore of Darkness 13/03/30, T.G. Striker 15/01/17), and on a mandatory "
            "one, Hysteric Sign: yes on 13/03/30, no on 16/07/08. The engine reads this as: "
            "mandatory ones activated until 2016-07-08, optional ones on no date. The old "
            "behaviour made 《邪悪なるワーム・ビースト》 + 《暗黒界の書物》 an infinite loop."
        ),
        before_means="a mandatory 「エンドフェイズ時」 trigger still activates after the hand-size adjustment",
        after_means="no 「エンドフェイズ時」 trigger activates after the hand-size adjustment",
    ),
    FlagHistory(
        flag="post_adjustment_chained_triggers",
        rule="H3",
        before=True,
        after=False,
        changed=_d("2023-01-16"),
        precision="day",
        rulings=(
            RulingRef(_d("2013-06-08"), "魔轟神獣キャシー", "Catsith destroying Peten after the adjustment: Peten activates (hidden)", "ocg-130608-catsith-peten"),
            RulingRef(_d("2014-06-01"), "暗黒界の書物", "Torrential only by chaining to the summoned monster's effect (assumes it activates; hidden)", "ocg-140601-grimoire-summon-torrential-tribute"),
            RulingRef(_d("2023-01-16"), "イピリア", "summoned by Grimoire after the adjustment: does not activate", "ocg-230116-ipiria-grimoire-no-activation"),
            RulingRef(_d("2023-01-16"), "ティアラメンツ・メイルゥ", "sent by Kelbek's post-adjustment effect: cannot activate", "ocg-230116-kelbek-tearlaments-merrli"),
        ),
        events=("h3-chained-triggers-2023-01-16",),
        before_means="an effect triggered by resolving a post-adjustment trigger may be activated",
        after_means="an effect triggered by resolving a post-adjustment trigger cannot be activated",
    ),
    FlagHistory(
        flag="turn_end_triggers_activate",
        rule="E1",
        before=True,
        after=False,
        changed=_d("2017-03-01"),
        precision="month (the editors cite 'the March 2017 ruling', Konami FAQ fid=8021)",
        rulings=(
            RulingRef(_d("2015-10-23"), "彼岸の悪鬼 グラバースニッチ", "destroyed as the turn ends: may activate, the Draw Phase waits (hidden)", "ocg-151023-graff-breakthrough-skill"),
            RulingRef(_d("2017-10-26"), "彼岸の悪鬼 ファーファレル", "destroyed as the turn ends: (3) cannot be activated", "ocg-171026-farfa-macro-cosmos"),
            RulingRef(_d("2017-10-26"), "死霊の誘い", "no chain link: the damage still happens", "ocg-171026-farfa-skull-invitation"),
            RulingRef(_d("2017-10-26"), "デス・ウォンバット", "Des Wombat prevents it, Pikeru's Circle does not", "ocg-171026-farfa-damage-pikeru-des-wombat"),
        ),
        undated=("ocg-151026-ua-perfect-ace-at-turn-end",),
        events=("e1-turn-end-triggers-2017-03", "faq-2017-03-fid8021"),
        doubts="The FAQ fid=8021 text is not quoted on the wiki page 「エンドフェイズ」; the replacing entries it shows are dated 17/10/26.",
        before_means="a card destroyed as the turn ends may activate its trigger",
        after_means="a card destroyed as the turn ends cannot activate its trigger",
    ),
    FlagHistory(
        flag="priority_after_forced_process",
        rule="R7",
        before="performer",
        after="performer",
        changed=None,
        precision="not dated: no source changes it",
        after_means="after a mandatory process done once both had passed, its performer holds priority",
        rulings=(
            RulingRef(_d("2012-09-21"), "光神機−桜火", "after each forced Ohka the turn player has priority (hidden)", "ocg-120921-arcana-world-ohka-veiler"),
            RulingRef(_d("2019-10-26"), "", "both passed in succession: the turn player must process first", "ocg-191026-both-pass-turn-player-processes-first"),
        ),
        events=("rulebook-mr3-v1.0",),
        undated=("ocg-undated-rulebook-mr3-end-phase-processing-order", "ocg-undated-2011-lyla-veiler",
                 "ocg-undated-2011-horus-lv6-veiler"),
        doubts=(
            "Seed 000's walk-through: after TP's forced process TP has priority; after NTP's, "
            "NTP has it — followed by a hidden editor's note doubting it (「原則とずれるような気が"
            "するが本当か？」), and the walk-through then ends with three passes NTP→TP→NTP. "
            "A second hidden note: who has priority after NTP ends Veiler's application is "
            "「調査中」. The 12/09/21 answer keeps TP's priority after each Ohka. Seed 003 STEP2 "
            "(「処理を終え」) most likely means 'finished all its processing'; STEP3/4 let a "
            "player with several forced processes do another or pass after one. "
            "'performer' keeps priority is the default reading; 'turn_player' and 'opponent' "
            "are the alternatives. The 12/09/21 answer's pass sequence differs from the engine's "
            "default line in one place: after the second Ohka both pass, then 「自分は優先権を放棄します。"
            "相手は強制処理である《エフェクト・ヴェーラー》の効果の適用を終了させます」 — A passes once more "
            "before B ends Veiler, where the engine has B perform it as soon as both passed; and after "
            "B's forced end the answer has A act next. Neither changes what happens: in that position "
            "A's only other process is negated and B's only process is the expiry, so no priority "
            "rule can change an event there (the reversal 'R7 priority to the other player after a "
            "forced process' flips no ruling's check)."
        ),
    ),
    FlagHistory(
        flag="priority_after_voluntary_process",
        rule="R7",
        before="performer",
        after="performer",
        changed=None,
        precision="not dated: no source covers it",
        after_means="after a process done at will, its performer holds priority",
        rulings=(),
        events=("rulebook-mr3-v1.0",),
        doubts=(
            "The rulebook quote lets TP do its processes one after another; no source says who "
            "has priority after a process NTP did voluntarily. Default: the performer."
        ),
    ),
)

_HISTORY = {h.flag: h for h in FLAG_HISTORY}


def _meta(flag: str) -> dict[str, Any]:
    return {"history": _HISTORY[flag]}


@dataclass(frozen=True)
class Ruleset:
    """The End Phase rules in force at ``as_of`` (None: today).

    Flags (their ``dataclasses.fields(...)[i].metadata["history"]`` is the
    :class:`FlagHistory` with rulings, events and doubts):

    * ``adjustment_triggers_activate`` (H2) — triggers whose condition the
      hand-size adjustment met may be activated.  False before 2008-08-03.
    * ``end_phase_triggers_after_adjustment`` (H5 reversed) — MANDATORY
      「エンドフェイズ時」 triggers still activate after the adjustment.  True
      before 2016-07-08 (Hysteric Sign: yes on 13/03/30, no on 16/07/08).
      Optional ones are not offered on any date: the two the sources ask
      about (Manticore 13/03/30, T.G. Striker 15/01/17) were answered no.
    * ``post_adjustment_chained_triggers`` (H3 reversed) — effects triggered by
      the resolution of post-adjustment triggers may be activated.  True before
      2023-01-16.
    * ``turn_end_triggers_activate`` (E1 reversed) — a card destroyed as the
      turn ends may activate its trigger.  True before 2017-03-01.
    * ``priority_after_forced_process`` / ``priority_after_voluntary_process``
      (R7) — who holds priority after a process: "performer" (default),
      "turn_player" or "opponent"; see the doubts in FLAG_HISTORY.
    * ``hand_limit`` (R1) — 6.
    * ``process_order`` (X4 / V1) — None: the players order their own
      processes (the OCG, 12/05/05, 13/03/24); a function ``(state,
      processes) -> ordered processes``: the system orders them and deals with
      the first one before any open game state (the video games; the ONE
      replaceable ordering function, see :mod:`toolkit.ocg.video_game`).
    * ``phase_continues_after_response`` (P1 / V2) — True: after a quick
      effect answering the turn player's declaration to move on, priority
      returns to the turn player and the phase goes on (the OCG, seed 002);
      False: the game moves on as if both had passed (the video games).

    Rules no source changes, each a flag only so that a ruling's check can be
    run with the rule reversed (:mod:`toolkit.ocg.reversals` names the
    variants; the default is the rule as the sources state it):

    * ``quick_effects_after_adjustment`` (H1) — False: no quick effect after
      the adjustment (12/08/08); True: both players get priority once more.
    * ``pass_with_mandatory_pending`` (R7) — True: a player holding a
      mandatory process may pass (19/10/26); False: it must process first
      (as ygopro-core plays it).
    * ``turn_player_forced_first`` (R7) — True: when both pass, the turn
      player's mandatory processes come first; False: the opponent's.
    * ``optional_end_phase_triggers_after_adjustment`` (H5) — False: optional
      「エンドフェイズ時」 triggers never follow the adjustment (13/03/30).
    * ``readjust_after_hand_grows`` (H4) — True: a hand grown after the
      adjustment is adjusted again (08/08/03).
    * ``phase_ends_on_both_passing`` (P2) — True: a phase other than the End
      Phase ends when both pass (11/12/22, 12/10/04); False: the turn
      player's first pass of a phase in which it did nothing is a pass
      "for the moment" and the phase goes on once more.
    * ``next_phase_chosen_after_passes`` (P3) — True: after Main Phase 1 the
      turn player picks the Battle or End Phase once both passed (08/07/14,
      12/08/01); False: its declaration to leave Main Phase 1 names the phase
      (a plain pass goes to the End Phase; the Battle Phase must be named).
    * ``turn_end_effects_end_with_turn`` (R4) — True: effects lasting 「ターン
      終了時まで」 / 「このターン」 end with the turn (rulebook v1.1 p.75);
      False: each ends by a process in the End Phase, like 「エンドフェイズ時まで」.
    """

    name: str
    as_of: datetime.date | None
    adjustment_triggers_activate: bool = field(default=True, metadata=_meta("adjustment_triggers_activate"))
    end_phase_triggers_after_adjustment: bool = field(
        default=False, metadata=_meta("end_phase_triggers_after_adjustment")
    )
    post_adjustment_chained_triggers: bool = field(
        default=False, metadata=_meta("post_adjustment_chained_triggers")
    )
    turn_end_triggers_activate: bool = field(default=False, metadata=_meta("turn_end_triggers_activate"))
    priority_after_forced_process: PriorityRule = field(
        default="performer", metadata=_meta("priority_after_forced_process")
    )
    priority_after_voluntary_process: PriorityRule = field(
        default="performer", metadata=_meta("priority_after_voluntary_process")
    )
    hand_limit: int = 6
    process_order: ProcessOrder | None = field(default=None, repr=False)
    phase_continues_after_response: bool = True
    # Rules that never changed, as one-change counterfactuals (toolkit.ocg.reversals):
    # the default is the rule as the sources give it, so no default line moves.
    quick_effects_after_adjustment: bool = False
    pass_with_mandatory_pending: bool = True
    turn_player_forced_first: bool = True
    optional_end_phase_triggers_after_adjustment: bool = False
    readjust_after_hand_grows: bool = True
    phase_ends_on_both_passing: bool = True
    next_phase_chosen_after_passes: bool = True
    turn_end_effects_end_with_turn: bool = True

    def flags(self) -> dict[str, Any]:
        """The dated flags and their values."""
        return {h.flag: getattr(self, h.flag) for h in FLAG_HISTORY}

    def with_flags(self, **changes: Any) -> Ruleset:
        """A variant (e.g. to ask "what if priority passed to the opponent?")."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise UnknownRulesetError(f"unknown ruleset flag(s): {', '.join(sorted(unknown))}")
        name = changes.pop("name", None) or self.name + "+" + ",".join(
            f"{k}={getattr(v, '__name__', v)}" for k, v in sorted(changes.items()))
        return dataclasses.replace(self, name=name, **changes)


def ruleset_at(when: datetime.date | str | None, name: str | None = None) -> Ruleset:
    """The rules in force on ``when`` (None: today's rules, today's card texts)."""
    day = _as_date(when)
    values = {h.flag: h.value_at(day) for h in FLAG_HISTORY}
    label = name or ("ocg" if day is None else f"ocg@{day.isoformat()}")
    return Ruleset(name=label, as_of=day, **values)


_NAMED_DATES: dict[str, str | None] = {
    "ocg": None,
    "ocg-2008": "2008-01-01",
    "ocg-2011": "2011-09-01",
    "ocg-2012": "2012-09-21",
    "ocg-2013": "2013-06-08",
    "ocg-2015": "2015-10-23",
    "ocg-2016": "2016-07-08",
    "ocg-2017": "2017-10-26",
    "ocg-2023": "2023-01-16",
}
"""Named rulesets: today's ``ocg`` and one per era between rule changes.
``ocg-2008`` is before 08/08/03, when triggers met by the hand-size
adjustment could not yet be activated (H2 off); ``ocg-2011`` is seed 003's
"2011 rules" (before the 2014-07-10 errata)."""

RULESETS: dict[str, Ruleset] = {name: ruleset_at(day, name) for name, day in _NAMED_DATES.items()}
"""Every named rule set by its name: ``ocg`` (today's rules), one per era between rule changes
(``ocg-2008``, ``ocg-2011``, ...) and ``video_game`` (:data:`VIDEO_GAME`); a ruling's ``ruleset``
column and the command line's ``--ruleset`` take these names.

>>> RULESETS["ocg-2011"].name, "video_game" in RULESETS
('ocg-2011', True)
"""

VIDEO_GAME = "video_game"
"""The name of the video-game ruleset (V1, V2): today's OCG flags and card
texts, the system's process order (ASSUMED, :func:`video_game_process_order`)
and no return of priority after a response to a move-on declaration."""

RULESETS[VIDEO_GAME] = dataclasses.replace(
    RULESETS["ocg"], name=VIDEO_GAME, process_order=video_game_process_order,
    phase_continues_after_response=False,
)


def ruleset_names() -> tuple[str, ...]:
    """The names of the registered rulesets ("ocg" first)."""
    return tuple(RULESETS)


def get_ruleset(name: str) -> Ruleset:
    """A registered ruleset by name."""
    return registered(RULESETS, name)


@dataclass(frozen=True)
class RuleChange:
    """A date where ``ruleset_at`` or a card's text changes, and why."""

    date: datetime.date
    kind: str  # "flag" or "card_text"
    what: str  # flag name or card name
    rule: str
    before: Any
    after: Any
    rulings: tuple[str, ...]
    events: tuple[str, ...]
    precision: str = "day"
    text: str = ""
    """The change in words (what the rules say from ``date``)."""


def rule_change_dates() -> tuple[RuleChange, ...]:
    """Every date where a flag or a card-text version changes, sorted: the shipped cards' and the user's
    card folder's (:func:`rule_changes_of` the default catalogue).

    >>> [(c.date.isoformat(), c.what) for c in rule_change_dates() if c.kind == "flag"]
    [('2008-08-03', 'adjustment_triggers_activate'), ('2016-07-08', 'end_phase_triggers_after_adjustment'), ('2017-03-01', 'turn_end_triggers_activate'), ('2023-01-16', 'post_adjustment_chained_triggers')]
    """
    from toolkit.ocg.cards import default_catalogue

    return rule_changes_of(default_catalogue())


def _text_words(text: Any) -> str:
    """A card's text version in words: its note, else the day it is in force from (a text of one's own
    may have no note)."""
    if text.note:
        return str(text.note)
    return f"the text from {text.since.isoformat()}" if text.since is not None else "original text"


@lru_cache(maxsize=64)
def rule_changes_of(catalogue: Any) -> tuple[RuleChange, ...]:
    """Every date where a flag changes or the text of a card of ``catalogue`` (a
    :class:`~toolkit.ocg.cards.catalogue.Catalogue`: a scenario's carries its own cards) changes, sorted
    (remembered by the catalogue's content; bounded). The one list every sweep over dates reads
    (``Game.rule_changes_on``)."""
    changes: list[RuleChange] = []
    for h in FLAG_HISTORY:
        if h.changed is not None and h.before != h.after:
            changes.append(
                RuleChange(
                    date=h.changed, kind="flag", what=h.flag, rule=h.rule, before=h.before,
                    after=h.after, rulings=tuple(r.id for r in h.rulings) + h.undated, events=h.events,
                    precision=h.precision, text=h.after_means,
                )
            )
    for name in catalogue.names():
        b = catalogue.behaviour(name)
        previous = b.text_at(datetime.date.min)
        for since, evidence in b.version_dates():
            current = b.text_at(since)
            changes.append(
                RuleChange(
                    date=since, kind="card_text", what=name, rule="X1",
                    before=_text_words(previous), after=_text_words(current),
                    rulings=tuple(e for e in evidence if e.startswith("ocg-")),
                    events=tuple(e for e in evidence if not e.startswith("ocg-")),
                    text=f"the text of 《{name}》 changes" + (f": {current.note}" if current.note else ""),
                )
            )
            previous = current
    return tuple(sorted(changes, key=lambda c: (c.date, c.kind, c.what)))
