"""A rule flag and a rule set one change away, in words: what a flag's value
means, a counterfactual's label ("H5 end_phase_triggers_after_adjustment=True
(changed 2016-07-08)") as the sentence of the value it turns the flag to, a
``changes`` row's rule changes as their sentences.  Game-agnostic: each reads
the flags of the :class:`~toolkit.core.game.Game` it is given (the command
line, ``ask``'s answers in a notebook and the articles all speak this way)."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["counterfactual_words", "flag_words", "rule_changes_words"]


def flag_words(flag: Any, value: Any) -> str:
    """What a rule flag's value means, in words: the flag's own sentence for its
    value of today or of before its change, else its name and value in words.

    >>> from toolkit.core.game import Flag
    >>> flag = Flag("adjustment_triggers_activate", "H2", meaning="they may be activated",
    ...             alternative="they cannot be activated", before=False, after=True)
    >>> flag_words(flag, True), flag_words(flag, False)
    ('they may be activated', 'they cannot be activated')
    >>> flag_words(Flag("priority_after_forced_process", "R7", before="performer", after="performer"), "opponent")
    'priority after forced process: opponent'
    """
    if value == flag.after and flag.meaning:
        return str(flag.meaning)
    if value == flag.before and flag.before != flag.after and flag.alternative:
        return str(flag.alternative)
    shown = str(value).replace("_", " ") if isinstance(value, str) else ("yes" if value is True else
                                                                           "no" if value is False else str(value))
    return f"{flag.name.replace('_', ' ')}: {shown}"


def _other_way_words(label: str, game: Any) -> str:
    """``RULE flag=True (...)`` of an undated flag as "RULE the other way: <the other value's sentence>"."""
    found = _FLAG_OTHER.match(label)
    flag = _flag_named(game, found["flag"]) if found else None
    if found is None or flag is None:
        return label
    other = found["value"] != "True"
    sentence = flag.meaning if other == flag.after else flag.alternative
    return f"{found['rule']} the other way: {sentence}" if sentence else label


_FLAG_OTHER = re.compile(r"^(?P<rule>\S+) (?P<flag>\w+)=(?P<value>True|False) \(.*\)$")
_FLAG_FLIP = re.compile(r"^(?P<rule>\S+) (?P<flag>\w+)=(?P<value>.+) \(changed (?P<day>\d{4}-\d{2}-\d{2})\)$")
_FLAG_CHANGE = re.compile(r"^(?P<rule>\S+) (?P<flag>\w+): (?P<before>.+) -> (?P<after>.+)$")


def _flag_named(game: Any, name: str) -> Any:
    return next((f for f in game.flags() if f.name == name), None)


def counterfactual_words(label: str, game: Any) -> str:
    """A rule set one change away, as ``ask`` lists those that flip an answer:
    a dated flag set to its other value reads as that value's sentence and the
    side of its date it comes from; any other label (a reversal, card texts)
    is already in words.

    >>> from toolkit.games import game_named
    >>> counterfactual_words("H5 end_phase_triggers_after_adjustment=True (changed 2016-07-08)", game_named("ocg"))
    'H5 as from 2016-07-08: no 「エンドフェイズ時」 trigger activates after the hand-size adjustment'
    >>> counterfactual_words("R1 reversed: the hand limit is 7, not 6", game_named("ocg"))
    'R1 reversed: the hand limit is 7, not 6'

    An undated flag (a Turn End Step flag) turned the other way reads as the
    sentence of the value it is turned to:

    >>> counterfactual_words("D3 leaving_cancels_waiting=True (a waiting ability resolves only if ...)",
    ...                      game_named("duel_masters"))
    'D3 the other way: a waiting ability resolves from wherever its card is'
    """
    found = _FLAG_FLIP.match(label)
    flag = _flag_named(game, found["flag"]) if found else None
    if found is None or flag is None:
        return _other_way_words(label, game)
    now_after = found["value"] == str(flag.after)
    other = flag.before if now_after else flag.after
    side = "before" if now_after else "as from"
    return f"{found['rule']} {side} {found['day']}: {flag_words(flag, other)}"


def rule_changes_words(text: str, game: Any) -> str:
    """A ``changes`` row's rule changes ("H5 end_phase_triggers_after_adjustment:
    True -> False; ...") with each flag's values as their sentences.

    >>> from toolkit.games import game_named
    >>> rule_changes_words("H5 end_phase_triggers_after_adjustment: True -> False", game_named("ocg"))
    'H5: a mandatory 「エンドフェイズ時」 trigger still activates after the hand-size adjustment -> no 「エンドフェイズ時」 trigger activates after the hand-size adjustment'
    """
    said = []
    for part in text.split("; "):
        found = _FLAG_CHANGE.match(part)
        flag = _flag_named(game, found["flag"]) if found else None
        if found is None or flag is None:
            said.append(part)
            continue
        values = {str(flag.before): flag.before, str(flag.after): flag.after}
        if found["before"] not in values or found["after"] not in values:
            said.append(part)
            continue
        said.append(f"{found['rule']}: {flag_words(flag, values[found['before']])} -> "
                    f"{flag_words(flag, values[found['after']])}")
    return "; ".join(said)
