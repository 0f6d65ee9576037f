"""Why an action is open (:func:`explain`), what the rules withhold now
(:func:`withheld`): the notes the traces show; and why a card can never act
itself from a position (:func:`never_acts`)."""

from __future__ import annotations

from toolkit.core.actions import Action, Activate, Attack, Pass, Perform, Proceed, Respond
from toolkit.core.game import Note
from toolkit.core.memo import Memo
from toolkit.core.values import other
from toolkit.core.words import action_words, names
from toolkit.ocg import independence
from toolkit.ocg.actions import ChangePosition, Discard, EnterPhase
from toolkit.ocg.cards.base import ContinuousKind
from toolkit.ocg.fields_read import differing as fields_differing
from toolkit.ocg.procedure._shared import phase_named
from toolkit.ocg.procedure.adjustment import hand_limit
from toolkit.ocg.procedure.legal import (
    answers_declaration,
    legal_actions,
    process_choices,
    r5b_must_activate,
    r8_negated,
)
from toolkit.ocg.procedure.transitions import transition
from toolkit.ocg.renamed_positions import RenamedKeys
from toolkit.ocg.renaming import Classes, name_classes
from toolkit.ocg.rules import CONTINUOUS, GAME_ACTION
from toolkit.ocg.state import Cause, Phase, State, Step
from toolkit.ocg.video_game import system_head


def explain(state: State, action: Action) -> Note:
    """The rule under which ``action`` is taken in ``state``, and why (with what the
    player chose of an effect's alternatives or picks, and what was offered; for a
    process the search performs in one order for others, why their order cannot matter)."""
    note = _explain(state, action)
    if isinstance(action, (Perform, Activate, Respond)) and (action.option or action.picks):
        note = Note(note.rule, note.text + _chosen(state, action))
    if isinstance(action, Perform):
        note = Note(note.rule, note.text + _stands_for_others(state, action))
    renamed = _renamed_for_others(state, action)
    if renamed:
        note = Note(note.rule, note.text + renamed)
    return note


def _cards_of(action: Action) -> tuple[int, ...]:
    """The cards an action names by id: its own card, and what it chooses (targets, costs, picks)."""
    ref = getattr(action, "ref", None)
    uids = ref if isinstance(ref, tuple) and all(isinstance(u, int) for u in ref) else \
        (ref[0],) if isinstance(ref, tuple) and ref and isinstance(ref[0], int) else (ref,) if isinstance(ref, int) else ()
    choice = getattr(action, "choice", None)
    if choice is not None:
        uids = (*uids, *choice.targets, *choice.cost, *choice.picks)
    return tuple(u for u in uids if u >= 0)


class _AfterRenamed:
    """What :func:`_renamed_for_others` asks of one position: its legal actions and, found once per action,
    the key up to renaming (the search's from here) of the position after it."""

    __slots__ = ("tables", "actions", "keys", "renamed_key", "notes", "named")

    def __init__(self, state: State, classes: Classes) -> None:
        self.tables = state.tables
        """The position's tables (its cards' texts): a position equal to it under other tables is found again."""
        self.actions = legal_actions(state)
        self.keys: dict[Action, object] = {}
        self.renamed_key = RenamedKeys(state, classes)  # (the key the search takes from here)
        self.notes: dict[Action, str] = {}
        """The note said of each action described here (the lines of one search take a step many times)."""
        self.named: dict[Action, frozenset[str]] = {}
        """The names of the cards each action names (every note here compares them)."""

    def names_of(self, state: State, action: Action) -> frozenset[str]:
        """The names of the cards ``action`` names (:func:`_cards_of`)."""
        found = self.named.get(action)
        if found is None:
            found = self.named[action] = frozenset(state.cards[u].name for u in _cards_of(action))
        return found

    def key_after(self, state: State, action: Action) -> object:
        """The key up to renaming of the position after ``action`` (None: none)."""
        if action in self.keys:
            return self.keys[action]
        found = self.renamed_key(transition(state, action, check=False).state)
        key = self.keys[action] = None if found is None else found[0]
        return key


_AFTER: Memo[State, _AfterRenamed] = Memo(1024)
""":class:`_AfterRenamed` by position (bounded): the example lines of one search describe many steps of
one position (the lines of a hand-size adjustment discard from the same hands), and each step's note
compares the positions after every other action there."""


def _after_renamed(state: State, classes: Classes) -> _AfterRenamed:
    found = _AFTER.get(state)
    if found is None or found.tables is not state.tables:
        found = _AFTER.put(state, _AfterRenamed(state, classes))
    return found


def _renamed_for_others(state: State, action: Action) -> str:
    """``; the positions after this and after ... are the same but for ...`` when the search meets the
    position after ``action`` once for other actions whose positions differ from it only by the names
    of cards no rule and no card here tells apart (``toolkit.ocg.renaming``), else nothing."""
    mine = _cards_of(action)
    if not mine:
        return ""  # (an action naming no card: a pass, a phase chosen)
    classes = name_classes(state)
    renamed = {name for names in classes for name in names}
    if not renamed or not any(state.cards[u].name in renamed for u in mine):
        return ""
    here = _after_renamed(state, classes)
    note = here.notes.get(action)
    if note is None:
        note = here.notes[action] = _renamed_note(state, action, here, classes, renamed)
    return note


def _renamed_note(state: State, action: Action, here: _AfterRenamed, classes: Classes, renamed: set[str]) -> str:
    """:func:`_renamed_for_others` for an action naming a card of a class (``renamed``) in ``state``."""
    actions = here.actions
    if action not in actions:
        return ""
    key = here.key_after(state, action)
    if key is None:
        return ""
    own = here.names_of(state, action)
    others = [a for a in actions if a != action and type(a) is type(action)
              and here.names_of(state, a) != own and here.key_after(state, a) == key]
    if not others:
        return ""
    named = [here.names_of(state, a) for a in (action, *others)]
    everywhere = named[0].intersection(*named[1:])
    differing = sorted((named[0].union(*named[1:]) - everywhere) & renamed)
    said = [action_words(a) for a in others]  # (in words: "Discard …", "Perform: …")
    printed = tuple(dict.fromkeys(word for class_names in classes for word in fields_differing(
        state.tables.behaviour(name) for name in differing if name in class_names)))  # (within a class)
    unread = f", nor their {_and(printed)}" if printed else ""  # (toolkit.ocg.fields_read: no text here reads them)
    return (f"; the positions after this and after {_or(said)} are the same but for the names of "
            f"{names(tuple(differing))} (cards with no effect of their own whose names nothing here reads{unread}): "
            f"the search searches one of them and renames its outcomes")


def _stands_for_others(state: State, action: Perform) -> str:
    """``; in any order with ...`` when the search's reduction counts this process for others
    (``toolkit.ocg.independence``), else nothing."""
    if not independence.may_group(state):
        return ""
    actions = legal_actions(state)
    if action not in actions:
        return ""
    results = tuple(transition(state, a, check=False) for a in actions)
    at = actions.index(action)
    group = next((g for g in independence.interchangeable(state, actions, results, mills=True) if at in g), ())
    others = [a.process for i in group if i != at and isinstance(a := actions[i], Perform)]
    if not others:
        return ""
    listed = [f'"{label}"' for label in others]
    named = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
    idle = "".join(f"; {why}" for why in independence.idle_here(state))  # a card that could act elsewhere
    alone = (set(group) == set(g) for g in independence.interchangeable(state, actions, results) if at in g)
    what = ("each moves only its own card" if any(alone) else
            "each moves only its own card or sends cards from the top of a deck that holds more than every mill "
            "here sends together")
    return (f"; this process and {named} end alike in any order ({what}, and nothing "
            f"can respond to, trigger on or read them): the search follows one order and counts every order{idle}")


def _chosen(state: State, action: Perform | Activate | Respond) -> str:
    """``; A chooses to ... (offered: ...)`` for an effect's alternative and its cards picked without targeting."""
    who = state.acting_player or "the player"
    same = [a for a in legal_actions(state) if isinstance(a, type(action)) and a.ref == action.ref]
    text = ""
    if action.option:
        offered = list(dict.fromkeys(a.option for a in same if a.option))
        text += f"; {who} chooses to {action.option} (the effect does one of: {_or(offered)})"
    if action.picks:
        offered = list(dict.fromkeys(p for a in same for p in a.picks))
        text += f"; {who} chooses {names(action.picks)} (could choose: {_or(offered)})"
    return text


def _or(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _and(items: tuple[str, ...]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _explain(state: State, action: Action) -> Note:
    who = state.acting_player or "game"
    in_phase = state.phase not in (Phase.END, Phase.TURN_END, Phase.OVER)
    if isinstance(action, Pass):
        if state.step is Step.OPEN:
            if in_phase and who == state.turn_player and state.attacker < 0:
                return Note("P1", f"{who} declares the end of {phase_named(state.phase)} (includes its pass)")
            return Note("R7", f"{who} passes priority")
        if state.step is Step.CHAIN:
            return Note("R5", f"{who} does not respond")
        if state.step is Step.FORCED:
            return Note("V1", f"{who} declines the optional process the system reached")
        return Note("R5", f"{who} declines its optional triggers")
    if isinstance(action, EnterPhase):
        return Note("P3", f"both passed: {who} chooses {phase_named(Phase(action.phase))}")
    if isinstance(action, ChangePosition):
        return Note(GAME_ACTION, f"{who} changes {action.monster}'s battle position (Main Phase, once per turn)")
    if isinstance(action, Attack):
        return Note(GAME_ACTION, f"{who} declares a direct attack with {action.monster}")
    if isinstance(action, Proceed) and state.step is Step.DAMAGE:
        return Note("P1", "damage calculation: no player may act")
    if isinstance(action, Perform):
        if state.step is Step.FORCED and state.ruleset.process_order is not None:
            return Note("V1", f"the system reached this process: {who} performs it (no choice of order)")
        if state.step is Step.FORCED:
            rule = "H5" if state.adjusted else "R7"
            return Note(rule, f"both passed: {who} must perform a mandatory process")
        return Note("R7", f"{who} performs a process of its choice (any order, X4)")
    if isinstance(action, (Respond, Activate)) and state.step is not Step.TRIGGERS and state.tables.mandatory_quick \
            and r5b_must_activate(state, [action]):
        verb = "chains" if isinstance(action, Respond) else "activates"
        return Note("R5b", f"{who} {verb} a mandatory quick effect (it cannot be passed by)")
    if isinstance(action, Respond):
        return Note("H1" if state.adjusted else "R5", f"{who} chains a quick effect")
    if isinstance(action, Activate):
        if state.step is Step.TRIGGERS:
            w = next((x for x in state.waiting if (x.source, x.key) == action.ref), None)
            rule = {Cause.ADJUSTMENT: "H2", Cause.AFTER_ADJUSTMENT: "H3", Cause.TURN_END: "E1"}.get(
                w.cause if w else Cause.END_PHASE, "R5")
            return Note(rule, f"{who} activates a trigger effect")
        if in_phase:
            if answers_declaration(state, who):
                return Note("P1", f"{who} activates a quick effect in answer to the declaration to move on")
            return Note("R5", f"{who} activates a quick effect")
        return Note("R6", f"{who} activates a quick effect (kind 6)")
    if isinstance(action, Discard):
        return Note("H4" if state.adjusted else "R2", f"{who} discards down to {hand_limit(state, state.turn_player)}, all at once")
    return Note("E1", "the turn ends")


def withheld(state: State) -> tuple[Note, ...]:
    """What the acting player may NOT do now, and which rule says so."""
    notes: list[Note] = []
    player = state.acting_player
    if state.step in (Step.OPEN, Step.FORCED):
        for proc in state.pending:
            if proc.controller != player:
                continue
            if state.step is Step.FORCED and not proc.mandatory and state.ruleset.process_order is None:
                notes.append(Note("R7", f"{proc.label}: optional — after both passed only a mandatory process may be performed"))
            elif not proc.mandatory and r8_negated(state, proc):
                source = next((x.source for x in state.lingering if x.target == proc.source), "an effect")
                notes.append(Note("R8", f"{proc.label}: not offered — negated by {source}"))
            elif process_choices(state, proc) is None:
                notes.append(Note("R6", f"{proc.label}: its condition or cost cannot be met now"))
    if state.adjusted and state.step is not Step.OVER:
        notes.append(Note("H1", "no quick effect may be activated after the hand-size adjustment "
                                "(except chained to a trigger it caused)"))
    if state.phase is Phase.TURN_END:
        notes.append(Note("E1", "the turn has ended: no trigger may be activated"))
    if state.step is Step.DAMAGE:
        notes.append(Note("P1", "damage calculation: no quick effect and no move to the next step"))
    if state.step is Step.NEXT_PHASE:
        notes.append(Note("P2", "both players passed: Main Phase 1 has ended, nothing more is done in it"))
        notes.append(Note("P3", "the next phase is chosen now, after both passed (08/07/14, 12/08/01)"))
    if state.step is Step.FORCED and state.ruleset.process_order is not None:
        head = system_head(state)
        others = [p.label for p in state.pending if head is not None and p.pid != head.pid]
        if others:
            notes.append(Note("V1", f"the system orders the processes: not yet {', '.join(others)}"))
    if state.step in (Step.OPEN, Step.CHAIN) and state.tables.mandatory_quick and player is not None:
        legal = legal_actions(state)
        forced = [a for a in legal if isinstance(a, (Activate, Respond))]
        if forced and not any(isinstance(a, Pass) for a in legal) and r5b_must_activate(state, forced):
            notes.append(Note("R5b", f"{player} may not pass: a mandatory quick effect must be activated now"))
    if state.phase is Phase.BATTLE and player is not None and state.continuous_active(
            ContinuousKind.NO_OPPONENT_TRAPS_IN_BATTLE, other(player)):
        notes.append(Note(CONTINUOUS, f"{player} cannot activate Traps in the Battle Phase (《漆黒の戦士 ワーウルフ》)"))
    return tuple(notes)


def never_acts(state: State, name: str) -> str | None:
    """Why the card ``name`` can do nothing itself from ``state`` on, in words: its text in force
    under the position's rules has no process of a phase, no quick effect and no trigger (an effect
    used only outside these phases, like 《エフェクト・ヴェーラー》's in the opponent's Main Phase, is
    not in the toolkit's text of it; what the card left behind, a lingering effect, may still
    matter).  None when its text has one of them: whether it acts then depends on the position.

    >>> from toolkit.ocg.scenario import PlayerSetup, Scenario
    >>> from toolkit.ocg.setup import initial_state
    >>> s = initial_state(Scenario(title="t", turn_player="A", players={
    ...     "A": PlayerSetup(hand=("エフェクト・ヴェーラー",)), "B": PlayerSetup()}))
    >>> never_acts(s, "エフェクト・ヴェーラー")
    'its text (as in force today) has no End Phase (or other phase) process, no quick effect and no trigger: it cannot act itself here, and only what it did earlier in the turn (a lingering effect) can matter'
    >>> never_acts(s, "ダンディライオン") is None  # a trigger when it is sent to the GY
    True
    """
    text = state.tables.text_of(name)
    if text.end_phase or text.quick or text.triggers:
        return None
    when = f"on {state.ruleset.as_of.isoformat()}" if state.ruleset.as_of is not None else "today"
    return (f"its text (as in force {when}) has no End Phase (or other phase) process, no quick effect and no "
            "trigger: it cannot act itself here, and only what it did earlier in the turn (a lingering effect) can "
            "matter")
