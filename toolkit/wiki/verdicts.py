"""The verdict of an answer, read by written rules, with the words that decided it.

An imported ruling's ``verdict`` is one of the rulings table's categories
(``yes``, ``no``, ``conditional``, ``under_review``, ``explanation``) or
``unknown`` when no rule reads it. The rules, tried in this order on the
answer's first sentence (up to the first 。 or line break; the question is
read for rules 4 and 5):

1. it opens with はい, その通り or そうです: ``yes``; with いいえ: ``no``;
2. it says 調整中 (the office is still deciding): ``under_review``;
3. it says the answer depends (場合によ…, によります, 次第, 場合があります,
   に限り, ならば, or 「…ませんが、」 — no for one thing, yes for another):
   ``conditional``;
4. the question's last sentence is not a yes/no question — it asks which,
   what, how, when, who (どちら, それとも, 何 (not 何も), どう (not どうですか), どの, いつ,
   誰, どこ, いくつ, なぜ): ``explanation``;
5. its predicate is the question's (the up to three characters before
   「ますか」), negated or not — 「発動できますか」 answered 「…発動できません」:
   ``no``; 「…発動できます」: ``yes``;
6. it ends negated (…ません, …ない, …できず) — the answer of a yes/no
   question: ``no``, except where the negation means yes (構いません,
   かまいません, 問題ありません) or must (…なければなりません): ``yes``;
7. otherwise ``unknown``.

>>> read_verdict("二度目の発動はしません。", "この場合、もう一度発動しますか？")
Verdict(verdict='no', words='しません')
>>> read_verdict("はい、できます。").verdict, read_verdict("調整中。").words
('yes', '調整中')
>>> read_verdict("相手の能力を使った後で宣言します。", "使う前ですか？それとも後ですか？")
Verdict(verdict='explanation', words='それとも')
>>> read_verdict("相手のターンに処理します。", "そのカードは破壊されますか？")
Verdict(verdict='unknown', words='')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, TypeAlias

VerdictName: TypeAlias = Literal["yes", "no", "conditional", "under_review", "explanation", "unknown"]

VERDICTS: tuple[VerdictName, ...] = ("yes", "no", "conditional", "under_review", "explanation", "unknown")

_OPENINGS: tuple[tuple[str, VerdictName], ...] = (
    ("はい", "yes"), ("その通り", "yes"), ("そうです", "yes"), ("いいえ", "no"), ("調整中", "under_review"))
_DEPENDS = re.compile(r"場合によ[りっる]|によります|次第|場合があります|に限り|ならば|ませんが、")
_OPEN_QUESTION = re.compile(r"どちら|それとも|何(?!も)|どう(?!です|でしょう)|どの|いつ|誰|どこ|いくつ|なぜ")
_YES_NEGATIONS = re.compile(r"(?:構いません|かまいません|問題ありません|なければなりません|なければならない|ざるを得ません)$")
_NEGATED_END = re.compile(r"(?:[^、，,\sをはがにともの]{0,2}(?:ません|ない|できず|られず))$")
_QUESTION_PREDICATE = re.compile(r"(\S{1,3})ますか")
_SENTENCE_END = re.compile(r"[。．\n]")


@dataclass(frozen=True)
class Verdict:
    """A verdict and the words of the answer (or the question) that decided it."""

    verdict: VerdictName
    words: str


def _first_sentence(text: str) -> str:
    text = text.strip(" \u3000")
    match = _SENTENCE_END.search(text)
    sentence = text[: match.start()] if match else text
    return sentence.rstrip("!！?？ \u3000")


def _last_sentence(text: str) -> str:
    """The question's last sentence: what it asks (an earlier one sets the scene)."""
    parts = [p.strip(" \u3000") for p in re.split(r"[。．\n]", text) if p.strip(" \u3000")]
    return parts[-1] if parts else ""


def read_verdict(answer: str, question: str | None = None) -> Verdict:
    """The verdict of ``answer`` (to ``question`` when known) by the module's rules."""
    first = _first_sentence(answer or "")
    for opening, verdict in _OPENINGS:
        if first.startswith(opening):
            return Verdict(verdict, opening)
    if "調整中" in first:
        return Verdict("under_review", "調整中")
    depends = _DEPENDS.search(first)
    if depends:
        return Verdict("conditional", depends.group(0))
    asked = _last_sentence(question or "")
    open_question = _OPEN_QUESTION.search(asked)
    if open_question:
        return Verdict("explanation", open_question.group(0))
    predicate = _QUESTION_PREDICATE.search(asked)
    if predicate:
        stem = predicate.group(1)
        for size in range(len(stem), 0, -1):
            for ending, verdict in (("ません", "no"), ("ます", "yes")):
                if stem[-size:] + ending in first:
                    return Verdict(verdict, stem[-size:] + ending)
    yes_negation = _YES_NEGATIONS.search(first)
    if yes_negation:
        return Verdict("yes", yes_negation.group(0))
    negated = _NEGATED_END.search(first)
    if negated and asked.rstrip("?？ \u3000").endswith("か"):
        return Verdict("no", negated.group(0))
    if negated and not asked:
        return Verdict("no", negated.group(0))
    return Verdict("unknown", "")
