"""Which rule decides an answer: the counterfactuals that flip it, and the trace note that says why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.core.game import Game, Position
from toolkit.core.rulesets import Rules as Ruleset
from toolkit.history.runs import answer_once, positions_key, same_answer, same_answer_at_other_texts

if TYPE_CHECKING:  # pragma: no cover
    pass

    from toolkit.core.trace import LineStep
    from toolkit.history.checks import Check, CheckResult



# --------------------------------------------------------------------------
# Which rule decides an answer
# --------------------------------------------------------------------------


def today_rules(rules: Ruleset) -> Ruleset:
    """Today's rules of the ruling's game."""
    from toolkit.games import game_of

    today: Ruleset = game_of(rules).today()
    return today


class Flips:
    """The game's one-change counterfactuals of ``rules`` (a dated flag, a
    card-text era or a named reversal of the OCG; a Turn End Step flag) and,
    asked only when wanted, whether each flips the answer ``value``: naming
    the deciding rule needs the few whose rule has a note on the lines, and
    stops at the first of those that flips."""

    def __init__(self, text: str, check: Check, names: tuple[str, ...], scenarios: Mapping[str, Position],
                 rules: Ruleset, value: bool, game: Game | None = None, *,
                 positions: tuple[Any, ...] | None = None) -> None:
        """``positions``: :func:`~toolkit.history.runs.positions_key` of the scenarios, when the caller
        found it for this one run (None: found again at each question, as a Flips kept for later needs)."""
        from toolkit.games import game_of

        self.game = game_of(rules) if game is None else game  # the positions' game (found once by a question)
        # the changes of the rules, and of the texts of the cards these positions may use (their own too)
        self.variants = self.game.counterfactuals_on(rules, tuple(scenarios[name] for name in names))
        self._asked = (text, check, names, scenarios)
        self._rules = rules
        self._value = value
        self._known: dict[int, bool] = {}
        self._positions = positions

    @property
    def tried(self) -> tuple[str, ...]:
        """The labels of every counterfactual."""
        return tuple(c.label for c in self.variants)

    def rule(self, index: int) -> str:
        """The rule id a counterfactual varies (the first word of its label)."""
        return self.variants[index].label.split(" ", 1)[0]

    def flips(self, index: int) -> bool:
        """Whether the answer under counterfactual ``index`` differs (asked once)."""
        known = self._known.get(index)
        if known is None:
            text, check, names, scenarios = self._asked
            variant = self.variants[index].rules
            # a rule the run never read cannot flip it, nor a date whose texts its cards all read alike: its
            # searches would be the same step by step
            at = self._positions or positions_key(names, scenarios)  # the same for both questions
            known = self._known[index] = (not same_answer(text, names, scenarios, self._rules, variant, positions=at)
                                          and not same_answer_at_other_texts(text, names, scenarios, self._rules,
                                                                             variant, self.game, positions=at)
                                          and answer_once(text, check, names, scenarios, variant,
                                                          self.game, positions=at) != self._value)
        return known

    def labels(self) -> tuple[str, ...]:
        """The labels of the counterfactuals that flip the answer (asks every one)."""
        return tuple(c.label for i, c in enumerate(self.variants) if self.flips(i))

    def first(self) -> str:
        """The label of the first counterfactual that flips the answer ("" when none does)."""
        return next((c.label for i, c in enumerate(self.variants) if self.flips(i)), "")


def _deciding_changes(text: str, check: Check, names: tuple[str, ...], scenarios: Mapping[str, Position],
                      rules: Ruleset, value: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The game's one-change counterfactuals: the labels of all of them, and
    of those whose rules flip the answer."""
    flips = Flips(text, check, names, scenarios, rules, value)
    return flips.tried, flips.labels()


class _Known:
    """:class:`Flips` whose answers are given (the labels that flip, in order)."""

    def __init__(self, deciding: Sequence[str]) -> None:
        self.deciding = tuple(deciding)

    def rule(self, index: int) -> str:
        return self.deciding[index].split(" ", 1)[0]

    def flips(self, index: int) -> bool:
        return True

    @property
    def tried(self) -> tuple[str, ...]:
        return self.deciding

    def first(self) -> str:
        return self.deciding[0] if self.deciding else ""


def what_decides(check: Check, scenarios: Mapping[str, Position], rules: Ruleset, result: CheckResult,
                deciding: Sequence[str] | Flips) -> tuple[str, tuple[LineStep, ...]]:
    """What in the engine's lines decides the answer, and the line it is read
    from, in this order:

    1. a note of the rule whose flag decides the answer (``deciding``), about
       a card the check names when it names any;
    2. a note of one of the game's deciding rules (``Game.deciding.about_cards``: for the OCG
       H1-H5, E1, R8, R4, X1, then R3), about a card the check names (e.g. "H5:
       ヒステリック・サイン: ... not activated");
    3. the last step where an event the check asks about happens, on a line
       that answers yes;
    4. what the rules withheld along the lines (``withheld``), then, for a
       check that names no card, the notes of the game's procedure rules
       (``Game.deciding.procedure``);
    5. the deciding flag or card-text change itself.

    ``deciding``: the labels of the counterfactuals that flip the answer, or
    a :class:`Flips` that asks only those the steps above need, in the same
    order: the counterfactuals whose rule has a note (the card-text ones,
    ``Game.deciding.card_text``, last, for its ``card_text_notes``), up to the first that flips.
    """
    from toolkit.core.game import as_state, game_of
    from toolkit.core.limits import source_of
    from toolkit.history.checks import cards_named, predicates_of
    from toolkit.history.explored import explored

    rules_of = game_of(rules).deciding  # the game's own: which notes say why
    cards = cards_named(check)
    lines: list[tuple[str, tuple[LineStep, ...]]] = [(p.scenario, p.line) for p in result.parts if p.line]
    for part in result.parts:
        if not part.value and part.query.startswith('{"possible'):
            # (the exploration the run made: the same start, under the run's limits)
            position = scenarios[part.scenario]
            found = explored(game_of(position), position, rules, source=source_of(position))
            lines.extend((part.scenario, o.example) for o in found.outcomes)
    notes = [(note, line) for _, line in lines for step in line for note in step.notes]

    def note_of(rule_ids: Sequence[str], *, about_cards: bool) -> tuple[str, tuple[LineStep, ...]] | None:
        for rule in rule_ids:
            matching = [(note, line) for note, line in notes
                        if note.rule == rule and (not about_cards or not cards or any(c in note.text for c in cards))]
            # a note that is about the card (it starts with its name) before one that only mentions it
            matching.sort(key=lambda nl: not any(nl[0].text.startswith(c) for c in cards))
            if matching:
                note, line = matching[0]
                return f"{note.rule}: {note.text}", line
        return None

    flips = deciding if isinstance(deciding, Flips) else _Known(deciding)

    def flag_note() -> tuple[str, tuple[LineStep, ...]] | None:
        """The note of the first rule, in the counterfactuals' order (the card-text rule's notes last), that has a
        note about the check's cards and whose change flips the answer."""
        texts = [i for i in range(len(flips.tried)) if flips.rule(i) == rules_of.card_text]
        for i in range(len(flips.tried)):
            if i not in texts:
                found = note_of([flips.rule(i)], about_cards=True)
                if found and flips.flips(i):
                    return found
        found = note_of(rules_of.card_text_notes, about_cards=True) if texts else None
        return found if found and any(flips.flips(i) for i in texts) else None

    found_note = flag_note() or (note_of(rules_of.about_cards, about_cards=True) if cards else None)
    if found_note:
        return found_note
    predicates = predicates_of(check)
    for part in result.parts:
        if not part.value:
            continue
        state = as_state(scenarios[part.scenario], ruleset=rules)
        hits = [s for s in part.line if any(p.relevant(e, state.turn_player) for p in predicates for e in s.events)]
        if hits:
            step = hits[-1]
            action = game_of(state).describe_action(step.action)  # in words, as the line is shown
            return f"step {step.step} ({step.rule}): {step.actor} {action} - {step.reason}", part.line
    searched = any(not p.value and p.query.startswith('{"possible') for p in result.parts)
    idle = _idle(_acting(check, cards), lines) if searched else ()
    if idle:
        return "; ".join(_idle_words(idle, scenarios, rules, result)), lines[0][1]

    def could_decide(rule: str) -> bool:
        """False when the game varies ``rule`` one change away and no such change flips the answer
        (H1 withholds quick effects, but a card whose effects never apply here is not kept back by it)."""
        varied = [i for i in range(len(flips.tried)) if flips.rule(i) == rule]
        return not varied or any(flips.flips(i) for i in varied)

    held = _withheld_note(lines, scenarios, rules, could_decide)
    if held:
        return held
    inactive = _never_activated(check, cards, rules, scenarios) if searched else ()
    if inactive:
        return " ".join(inactive), lines[0][1] if lines else ()
    if not cards:
        found_note = note_of(rules_of.procedure, about_cards=False)
        if found_note:
            return found_note
    return flips.first(), (lines[0][1] if lines else ())


def _idle(cards: Sequence[str], lines: Sequence[tuple[str, tuple[LineStep, ...]]]) -> tuple[str, ...]:
    """The cards of ``cards`` that no step of ``lines`` (one line per outcome)
    mentions: no action, event, note or pending process of theirs. Such a card
    does nothing in any line, so no rule withholding something else (H1's "no
    quick effect after the adjustment") is why it did not act."""
    def mentioned(card: str) -> bool:
        return any(card in repr(step.action) or card in step.situation or card in step.state
                   or any(card == e.card or card in (e.detail or "") for e in step.events)
                   or any(card in n.text for n in step.notes)
                   for _, line in lines for step in line)

    return tuple(card for card in cards if not mentioned(card))


def _idle_words(idle: Sequence[str], scenarios: Mapping[str, Position], rules: Ruleset,
                result: CheckResult) -> list[str]:
    """What the answer says of each card no line mentions: why its text can never act here, when the
    game can tell (``Game.never_acts``), else that nothing of it is offered (its conditions fail)."""
    from toolkit.core.game import as_state, game_of

    state = as_state(scenarios[result.parts[0].scenario], ruleset=rules)
    game = game_of(state)
    reasons = {card: game.never_acts(state, card) for card in idle}
    offered = [card for card in idle if reasons[card] is None]
    words = [f"{card} does nothing in any line of this position: {reasons[card]}" for card in idle
             if reasons[card] is not None]
    if offered:
        words.insert(0, f"{' and '.join(offered)} {'does' if len(offered) == 1 else 'do'} nothing in any line of "
                        "this position: no process or effect of it is offered here (its conditions do not hold)")
    return words


def _acting(check: Check, cards: Sequence[str]) -> tuple[str, ...]:
    """The cards of ``cards`` the check asks to see activated or performed (not
    moved, summoned or destroyed by something else: that a card has nothing to
    do itself says nothing about why another card's effect does not reach it)."""
    from toolkit.core.predicates import HasEvent
    from toolkit.history.checks import predicate_tree, predicates_of

    asked = {p.card for pred in predicates_of(check) for p in predicate_tree(pred)  # {any: […]} too
             if isinstance(p, HasEvent) and p.kind in ("activated", "performed")}
    return tuple(card for card in cards if card in asked)


def _never_activated(check: Check, cards: Sequence[str], rules: Ruleset,
                     scenarios: Mapping[str, Position]) -> tuple[str, ...]:
    """Why each card the check asks to see activated (or performed) never is, where no rule
    change would make it: the card has no effect at all in the game's card data, or none of
    its effects' conditions hold in any line.  ``()`` when the check asks no such thing."""
    from toolkit.core.game import game_of
    from toolkit.core.predicates import HasEvent
    from toolkit.history.checks import predicates_of

    asked = [p.card for p in predicates_of(check)
             if isinstance(p, HasEvent) and p.kind in ("activated", "performed") and p.card in cards]
    format_ = game_of(rules).cards
    out: list[str] = []
    for card in dict.fromkeys(asked):
        effectless = getattr(format_, "has_no_effects", None)
        if card is not None and callable(effectless) and any(effectless(card, s) for s in scenarios.values()):
            out.append(f"{card} has no effect of its own in the card data (nothing of it can be activated or "
                       "performed in any line), so no rule of the turn's end keeps it from acting.")
        elif card is not None:
            out.append(f"{card}: none of its effects can be activated or performed in any line of this position "
                       "(their conditions do not hold here), and no single rule change flips the answer.")
    return tuple(out)


def _withheld_note(lines: Sequence[tuple[str, tuple[LineStep, ...]]], scenarios: Mapping[str, Position],
                   rules: Ruleset, could_decide: Any = None) -> tuple[str, tuple[LineStep, ...]] | None:
    """The first thing a deciding rule withheld along ``lines`` (of a rule ``could_decide`` allows)."""
    from toolkit.core.game import as_state, game_of

    for name, line in lines:
        state = as_state(scenarios[name], ruleset=rules)
        game = game_of(state)
        for step in line:
            for note in game.withheld(state):
                if note.rule in game.deciding.explain and (could_decide is None or could_decide(note.rule)):
                    return f"{note.rule}: {note.text}", line
            if step.action not in game.legal_actions(state):
                break
            state = game.transition(state, step.action, check=False).state
    return None
