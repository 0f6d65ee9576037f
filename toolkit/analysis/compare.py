"""One position under several rulesets, side by side.

:func:`compare` explores a scenario under each ruleset (e.g. the OCG and the
video games, or two dates) and lines the outcomes up: how many lines reach
each outcome under each ruleset, and one example line wherever it is
reachable.  :meth:`Comparison.differences` keeps the outcomes that some
ruleset cannot reach; :func:`ordering_dependence` asks which of the OCG-only
outcomes hang on the assumed order of the video games' system (V1).

An outcome is described by its *facts* — the events of its line and the
final zones — keeping only the facts that tell it apart from the other
outcomes of the comparison.

>>> from toolkit.ocg.scenario import seed_scenario
>>> c = compare(seed_scenario("mist_archfiend_enemy_controller"), ["ocg", "video_game"])
>>> c.rulesets
('ocg', 'video_game')
>>> [len(c.only_in("ocg")), len(c.only_in("video_game"))]
[1, 0]
>>> compare(seed_scenario("mist_archfiend_enemy_controller"), ["ocg", "vidoe_game"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
toolkit.errors.ScenarioError: ...field 'rulesets[1]': unknown ruleset 'vidoe_game' (did you mean 'video_game'?); known: ...
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.core.game import Game, UnknownGameError
from toolkit.core.rulesets import UnknownRulesetError
from toolkit.core.search import Exploration, explore
from toolkit.core.summary import fact_text, facts_of
from toolkit.core.trace import LineStep
from toolkit.core.values import Outcome
from toolkit.errors import ScenarioError
from toolkit.games import DEFAULT_GAME, game_named, game_of, rules_game, shipped_scenario

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "ComparedOutcome",
    "Comparison",
    "compare",
    "default_rulesets",
    "line_text",
    "line_words",
    "ruling_answers",
]

def _facts(outcome: Outcome, game: Game) -> dict[str, bool]:
    """Each fact of an outcome in the game's words (``A activates 重力解除``,
    ``A's graveyard: 死者蘇生``, ``B: 7000 LP``), with whether it says where the
    line ends (a zone, a life total) rather than what happened on it."""
    return {fact_text(f, game.describe_event): f.kind != "event" for f in facts_of(outcome)}


def line_text(steps: Sequence[LineStep]) -> str:
    """The actions of a line as code, repeated ones folded: ``Pass() ×3 ; EnterPhase('end')``
    (what ``--json`` gives; :func:`line_words` is the same line for people)."""
    return _folded(repr(step.action) for step in steps)


def line_words(steps: Sequence[LineStep]) -> str:
    """The actions of a line in its game's words, repeated ones folded: ``Pass ×2 ; Go on``.

    >>> c = compare("rekindling_iron_wall_provisions")
    >>> line_words(c.only_in("ocg")[0].examples[0] or ())[:40]
    'Activate 非常食, paying 王宮の鉄壁 ; Pass ×2 ; P'
    """
    return _folded(game_named(step.game).describe_action(step.action) if step.game else repr(step.action)
                   for step in steps)


def _folded(texts: Any) -> str:
    out: list[str] = []
    last, count = "", 0
    for text in texts:
        if text == last:
            count += 1
            continue
        if last:
            out.append(last if count == 1 else f"{last} ×{count}")
        last, count = text, 1
    if last:
        out.append(last if count == 1 else f"{last} ×{count}")
    return " ; ".join(out)


@dataclass(frozen=True)
class ComparedOutcome:
    """One outcome across the compared rulesets."""

    outcome: Outcome
    lines: tuple[int, ...]
    """The number of lines reaching it under each ruleset (0: unreachable)."""
    examples: tuple[tuple[LineStep, ...] | None, ...]
    """One line reaching it under each ruleset where it is reachable."""
    facts: tuple[str, ...]
    """What tells it apart from the other outcomes of the comparison: what happened
    on its lines, then where the cards end."""
    final: frozenset[str] = frozenset()
    """The facts of ``facts`` that say where the line ends (a zone, a life total),
    not what happened on it."""

    def reachable(self, index: int) -> bool:
        return self.lines[index] > 0

    @property
    def description(self) -> str:
        return "; ".join(self.facts) or "(the only outcome)"


@dataclass(frozen=True)
class Comparison:
    """The outcomes of one position under several rulesets."""

    title: str
    rulesets: tuple[str, ...]
    explorations: tuple[Exploration, ...]
    outcomes: tuple[ComparedOutcome, ...]

    def index(self, ruleset: str) -> int:
        try:
            return self.rulesets.index(ruleset)
        except ValueError:
            raise ScenarioError(f"{ruleset!r} is not among the compared rulesets ({', '.join(self.rulesets)})",
                                field="ruleset") from None

    def reachable_in(self, ruleset: str) -> tuple[ComparedOutcome, ...]:
        i = self.index(ruleset)
        return tuple(o for o in self.outcomes if o.reachable(i))

    def only_in(self, ruleset: str, than: str | None = None) -> tuple[ComparedOutcome, ...]:
        """Outcomes reachable under ``ruleset`` and not under ``than`` (None:
        not under any other compared ruleset)."""
        i = self.index(ruleset)
        others = [self.index(than)] if than is not None else [j for j in range(len(self.rulesets)) if j != i]
        return tuple(o for o in self.outcomes if o.reachable(i) and not any(o.reachable(j) for j in others))

    def differences(self) -> pd.DataFrame:
        """One row per outcome that some ruleset cannot reach: its facts,
        where it is reachable and where not, and a line reaching it."""
        import pandas as pd

        rows = []
        for o in self.outcomes:
            if all(o.lines):
                continue
            first = next(i for i, n in enumerate(o.lines) if n)
            example = o.examples[first]
            rows.append({
                "outcome": o.description,
                "reachable_in": ", ".join(r for r, n in zip(self.rulesets, o.lines) if n),
                "unreachable_in": ", ".join(r for r, n in zip(self.rulesets, o.lines) if not n),
                "example_under": self.rulesets[first],
                "example": line_words(example or ()),
            })
        columns = ["outcome", "reachable_in", "unreachable_in", "example_under", "example"]
        return pd.DataFrame(rows, columns=columns).astype("string")

    def table(self) -> pd.DataFrame:
        """Every outcome side by side: its facts and its number of lines under each ruleset."""
        import pandas as pd

        rows = []
        for o in self.outcomes:
            row: dict[str, object] = {"outcome": o.description}
            row.update({f"lines[{r}]": n for r, n in zip(self.rulesets, o.lines)})
            rows.append(row)
        frame = pd.DataFrame(rows, columns=["outcome"] + [f"lines[{r}]" for r in self.rulesets])
        return frame.astype({"outcome": "string", **{f"lines[{r}]": "int64" for r in self.rulesets}})

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(r)}</th>" for r in self.rulesets)
        body = []
        for o in self.outcomes:
            cells = "".join(f"<td>{n if n else '—'}</td>" for n in o.lines)
            body.append(f"<tr><td>{esc(o.description)}</td>{cells}</tr>")
        return (f"<div><b>{esc(self.title)}</b>: {len(self.outcomes)} outcomes; lines under each ruleset "
                f"(— unreachable)<table><thead><tr><th>outcome</th>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table></div>")


AnyScenario = Any
"""A scenario of any registered game."""
AnyRules = Any
"""A rule set of any registered game."""


def _scenario(scenario: AnyScenario | str) -> AnyScenario:
    if isinstance(scenario, str):
        return shipped_scenario(scenario)
    try:
        game_of(scenario)
    except UnknownGameError:
        raise ScenarioError(f"expected a scenario or the name of a shipped scenario, got {type(scenario).__name__}",
                            field="scenario") from None
    return scenario


def _ruleset(value: str | AnyRules, where: str, file: str | None, game: Game) -> AnyRules:
    """A rule set of ``game`` by name or value (a rule set of another game is refused)."""
    if isinstance(value, game.rules_type):
        return value
    if not isinstance(value, str):
        try:
            owner = game_of(value)
        except UnknownGameError:
            raise ScenarioError(f"expected a ruleset name or a ruleset, got {value!r}", field=where,
                                file=file) from None
        raise ScenarioError(f"{value.name!r} is a ruleset of another game ({owner.title}); this scenario is "
                            f"{game.title}", field=where, file=file)
    try:
        return game.ruleset(value)
    except UnknownRulesetError as exc:
        raise ScenarioError(str(exc), field=where, file=file) from None


def default_rulesets(scenario: AnyScenario | str) -> tuple[str, ...]:
    """What :func:`compare` contrasts when no rulesets are given: the game's
    own choice (the OCG: today's rules and the video games; Duel Masters: seed
    004's rules and each registered counterfactual variant).

    >>> default_rulesets("dm_moffle_zanjibar")[:2]
    ('duel_masters', 'dm-durations-first')
    """
    return game_of(_scenario(scenario)).variants()


def compare(scenario: AnyScenario | str, rulesets: Sequence[str | AnyRules] | None = None, *,
            max_states: int = 200_000) -> Comparison:
    """Explore ``scenario`` (a scenario or a shipped scenario's name, of any
    game) under each of ``rulesets`` (names or ruleset values; None:
    :func:`default_rulesets`) and line the outcomes up.

    A ruleset name that is not registered raises the same ScenarioError as a
    bad scenario field, naming ``rulesets[i]``.

    >>> c = compare("dm_moffle_zanjibar", ["duel_masters", "dm-turn-starts-later"])
    >>> [o.description for o in c.only_in("dm-turn-starts-later")]
    ["夢見がちモッフル is destroyed (B); B's graveyard: 夢見がちモッフル"]
    """
    position = _scenario(scenario)
    file = position.source
    game = game_of(position)
    if rulesets is None:
        rulesets = default_rulesets(position)
    if isinstance(rulesets, str) or isinstance(rulesets, game.rules_type) or len(rulesets) < 2:
        raise ScenarioError("compare needs at least two rulesets, e.g. ['ocg', 'video_game']", field="rulesets",
                            file=file)
    rules = [_ruleset(r, f"rulesets[{i}]", file, game) for i, r in enumerate(rulesets)]
    names = tuple(r.name for r in rules)
    if len(set(names)) != len(names):
        raise ScenarioError(f"the same ruleset is listed twice ({', '.join(names)})", field="rulesets", file=file)
    found = tuple(explore(position, ruleset=r, max_states=max_states) for r in rules)
    merged: dict[Outcome, tuple[list[int], list[tuple[LineStep, ...] | None]]] = {}
    for i, exploration in enumerate(found):
        for item in exploration.outcomes:
            entry = merged.setdefault(item.outcome, ([0] * len(rules), [None] * len(rules)))
            entry[0][i] = item.lines
            entry[1][i] = item.example
    facts = {outcome: _facts(outcome, game) for outcome in merged}
    common = frozenset.intersection(*(frozenset(f) for f in facts.values())) if facts else frozenset()

    def own(outcome: Outcome) -> tuple[str, ...]:  # what happened, then where the cards end
        kept = facts[outcome]
        return tuple(sorted((f for f in kept if f not in common), key=lambda f: (kept[f], f)))

    outcomes = [
        ComparedOutcome(outcome, tuple(lines), tuple(examples), own(outcome),
                        frozenset(f for f in own(outcome) if facts[outcome][f]))
        for outcome, (lines, examples) in merged.items()
    ]
    outcomes.sort(key=lambda o: (-sum(1 for n in o.lines if n), tuple(-n for n in o.lines), o.description))
    return Comparison(position.title, names, found, tuple(outcomes))


def ruling_answers(rulings: pd.DataFrame, rulesets: Sequence[str | AnyRules] = ("video_game",)) -> pd.DataFrame:
    """Each ruling's check (rows of the rulings table that have one, of the
    game the rulesets belong to) answered
    under the ruling's own rules (its date, or the ruleset it names) and
    under each of ``rulesets``: one row per ruling, ``answer`` under its own
    rules and ``answer[<ruleset>]`` under each other."""
    import pandas as pd

    from toolkit.history import ruling_ruleset
    from toolkit.history.checks import parse_check, run_check

    game = rules_game(rulesets[0]) if rulesets else game_named(DEFAULT_GAME)
    others = [_ruleset(r, f"rulesets[{i}]", None, game) for i, r in enumerate(rulesets)]
    rows = []
    chosen = rulings[rulings["check"].notna() & (rulings["game"] == game.name)]
    for _, row in chosen.sort_values("ruling_id").iterrows():
        data = {str(k): v for k, v in row.to_dict().items()}
        names = [str(n) for n in data["scenario"]]
        scenarios = {n: shipped_scenario(n) for n in names}
        check = parse_check(data["check"], f"{data['ruling_id']}: check")
        own = ruling_ruleset(data)
        record: dict[str, object] = {
            "ruling_id": data["ruling_id"], "check_en": data["check_en"], "expected": data["expected"],
            "ruleset": own.name, "answer": run_check(check, scenarios, own, default=names[0]).answer,
        }
        for rules in others:
            record[f"answer[{rules.name}]"] = run_check(check, scenarios, rules, default=names[0]).answer
        rows.append(record)
    columns = ["ruling_id", "check_en", "expected", "ruleset", "answer", *[f"answer[{r.name}]" for r in others]]
    return pd.DataFrame(rows, columns=columns).astype("string")
