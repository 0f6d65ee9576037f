"""English card names: one spelling, the one in cards.csv.

Every OCG card in cards.csv has its official English name or says it has none;
the engine's card registry uses the same names; and a small scanner reads the
scenario files, the toolkit's docstrings and the notebooks' markdown for an
English card name written differently (a word that belongs to no spelling of
the card inside a run of capitalised words that names it), or for a card
described with the wrong card type.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolkit.data import load_cards
from toolkit.ocg.cards import behaviour, registered_names

ROOT = Path(__file__).resolve().parent.parent
NO_ENGLISH_NAME = "no official English name"

# Rule vocabulary that may stand next to a card name in a run of capitalised
# words ("Hysteric Sign End Phase effect") without being part of it.
VOCABULARY = {
    "A", "B", "I", "OCG", "TCG", "GY", "LP", "ATK", "DEF", "Q", "FAQ",
    "End", "Phase", "Main", "Battle", "Standby", "Draw", "Damage", "Step", "Turn",
    "Spell", "Spells", "Trap", "Traps", "Card", "Cards", "Monster", "Monsters", "Effect", "Effects",
    "Quick", "Quick-Play", "Normal", "Continuous", "Counter", "Field", "Equip", "Tuner", "Spirit",
    "Special", "Summon", "Summons", "Summoned", "Tribute", "Chain", "Link", "Graveyard", "Deck",
    "Hand", "The", "Master", "Rule", "Duel", "Sign", "Beast", "Winged", "Warrior", "Dragon", "Spellcaster",
}
PLAYERS = re.compile(r"^(?:A|B)(?:'s)?$")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9.'#\-]*")
SENTENCE_START = re.compile(r"(?:^|[.!?:;(\"“「#*|>-]\s*|\n\s*|\d+\.\s+)$")


def _bare(token: str) -> str:
    """A token without a possessive or trailing punctuation: "Veiler's" -> "Veiler"."""
    token = re.sub(r"(?:'s|’s)$", "", token)
    return token.rstrip(".,'")


def _capitalised(token: str) -> bool:
    """Every hyphen part starts with a capital ("Pitch-Black", not "Veiler-negated")."""
    return all(part[:1].isupper() for part in token.split("-") if part)


def _names() -> dict[str, str]:
    cards = load_cards()
    ocg = cards[(cards["game"] == "ocg") & cards["name_en"].notna()]
    return {str(en): str(ja) for ja, en in zip(ocg["name_ja"], ocg["name_en"])}


NAMES = _names()
NAME_TOKENS = {en: [_bare(t) for t in WORD.findall(en)] for en in NAMES}
TRIGGERS: dict[str, list[str]] = {}
for _english, _tokens in NAME_TOKENS.items():
    for _token in _tokens:
        if len(_token) >= 3 and _capitalised(_token) and _token not in VOCABULARY:
            TRIGGERS.setdefault(_token, []).append(_english)


def _is_subsequence(words: list[str], name: list[str]) -> bool:
    it = iter(name)
    return all(any(w == n for n in it) for w in words)


def _runs(text: str) -> Iterator[tuple[list[str], list[bool]]]:
    """Maximal runs of capitalised words joined by single spaces, with, for each
    word, whether it starts a sentence (so an ordinary capitalised word there
    can be told from part of a name)."""
    run: list[str] = []
    starts: list[bool] = []
    last_end = 0
    for match in WORD.finditer(text):
        token = match.group(0)
        gap = text[last_end:match.start()]
        last_end = match.end()
        if not _capitalised(token):
            if run:
                yield run, starts
            run, starts = [], []
            continue
        if run and gap == " " and not run[-1].endswith(("'s", "’s", ",", ".")):
            run.append(token)
            starts.append(False)
            continue
        if run:
            yield run, starts
        run, starts = [token], [bool(SENTENCE_START.search(text[max(0, match.start() - 6):match.start()]))]
    if run:
        yield run, starts


def misspelt_names(text: str) -> list[str]:
    """Runs of capitalised words that contain a word of a card's English name
    but are no spelling of it (an ordered selection of its words)."""
    found = []
    for run, starts in _runs(text):
        words = [_bare(t) for t in run]
        hits = [w for w in words if w in TRIGGERS]
        if not hits or len(words) < 2:
            continue
        candidates = {en for w in hits for en in TRIGGERS[w]}
        in_any = {w for en in candidates for w in NAME_TOKENS[en]}
        # trim rule vocabulary, player names and sentence-initial ordinary words at the edges
        lo, hi = 0, len(words)
        while lo < hi and words[lo] not in in_any and (
            words[lo] in VOCABULARY or PLAYERS.match(run[lo]) or starts[lo]
        ):
            lo += 1
        while hi > lo and words[hi - 1] not in in_any and (words[hi - 1] in VOCABULARY or PLAYERS.match(run[hi - 1])):
            hi -= 1
        core = words[lo:hi]
        if len(core) < 2:
            continue
        if not any(_is_subsequence(core, NAME_TOKENS[en]) for en in candidates):
            found.append(" ".join(run[lo:hi]))
    return found


TYPE_CLAIM = re.compile(r"\((?:(Normal|Continuous|Quick-Play|Counter|Field|Equip|Ritual) )?(Spell|Trap)(?: Card)?\)")


def wrong_types(text: str) -> list[str]:
    """'<English name> (Continuous Spell)' where cards.csv says otherwise."""
    cards = load_cards().set_index("name_ja")
    found = []
    for english, ja in NAMES.items():
        for match in re.finditer(re.escape(english) + r"\s*" + TYPE_CLAIM.pattern, text):
            subtype, kind = match.group(1), match.group(2).lower()
            if cards.at[ja, "card_type"] != kind or (subtype and str(cards.at[ja, "subtype"]) != subtype.lower()):
                found.append(f"{match.group(0)} (cards.csv: {cards.at[ja, 'subtype']} {cards.at[ja, 'card_type']})")
    return found


def _docstrings() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "toolkit").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node)
                if doc:
                    yield f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 1)}", doc


def _scenario_texts() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "datasets" / "scenarios").rglob("*.yaml")):
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


def _notebook_markdown() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] == "markdown":
                yield f"{path.relative_to(ROOT)} cell {i}", "".join(cell["source"])


def _table_prose() -> Iterator[tuple[str, str]]:
    """The English the tables themselves say (check_en belongs to the checks and is left out)."""
    from toolkit.data import load_events, load_rulings

    for table, key, columns in (
        (load_rulings(), "ruling_id", ("summary_en", "status_note", "date_note")),
        (load_cards(), "name_ja", ("notes_en",)),
        (load_events(), "event_id", ("title_en", "description_en", "date_note")),
    ):
        for _, row in table.iterrows():
            for column in columns:
                if isinstance(row[column], str):
                    yield f"{row[key]} {column}", row[column]


TEXTS = {
    "scenario files": _scenario_texts,
    "docstrings": _docstrings,
    "notebook markdown": _notebook_markdown,
    "dataset prose": _table_prose,
}


# --------------------------------------------------------------------------


def test_every_ocg_card_has_an_english_name_or_says_it_has_none() -> None:
    cards = load_cards()
    ocg = cards[cards["game"] == "ocg"]
    unnamed = ocg[ocg["name_en"].isna() & ~ocg["notes_en"].fillna("").str.contains(NO_ENGLISH_NAME, case=False)]
    assert unnamed.empty, f"OCG cards without an English name or a {NO_ENGLISH_NAME!r} note: {list(unnamed['name_ja'])}"
    assert not ocg["name_en"].duplicated(keep=False).loc[ocg["name_en"].notna()].any()


def test_the_engine_calls_each_card_by_its_cards_csv_name() -> None:
    cards = load_cards().set_index("name_ja")
    differ = {
        name: (behaviour(name).english, cards.at[name, "name_en"])
        for name in registered_names()
        if name in cards.index and isinstance(cards.at[name, "name_en"], str)
        and behaviour(name).english != cards.at[name, "name_en"]
    }
    assert not differ, f"engine vs cards.csv English names: {differ}"


@pytest.mark.parametrize("where", sorted(TEXTS))
def test_english_card_names_are_spelt_as_in_cards_csv(where: str) -> None:
    problems = [f"{label}: {name!r}" for label, text in TEXTS[where]() for name in misspelt_names(text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("where", sorted(TEXTS))
def test_card_types_written_next_to_a_name_agree_with_cards_csv(where: str) -> None:
    problems = [f"{label}: {claim}" for label, text in TEXTS[where]() for claim in wrong_types(text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("## 2. Lightsworn Magician Lyla under Effect Veiler", ["Lightsworn Magician Lyla"]),
        ("B chains Compulsory Escape Device and returns it", ["Compulsory Escape Device"]),
        ("return A's Genetic Warwolf to the hand", ["Genetic Warwolf"]),
        ("## 2. Lyla, Lightsworn Sorceress under Effect Veiler", []),
        ("Under Effect Veiler, Horus LV6's level-up and A's Lyla mill; Hysteric Sign End Phase effect.", []),
        ("Graff, Malebranche of the Burning Abyss destroys itself. Pitch-Black Warwolf attacks.", []),
    ],
)
def test_the_scanner_flags_what_it_should_and_nothing_else(text: str, flagged: list[str]) -> None:
    assert misspelt_names(text) == flagged


def test_the_type_scanner_reads_a_claim() -> None:
    assert wrong_types("《生還の宝札》 Card of Safe Return (Continuous Spell).") == [
        "Card of Safe Return (Continuous Spell) (cards.csv: continuous trap)"
    ]
    assert wrong_types("Card of Safe Return (Continuous Trap)") == []
