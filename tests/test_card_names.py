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
import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
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
    return {str(en): str(ja) for ja, en in zip(ocg["name_ja"], ocg["name_en"])} | CARDS_OF_ONES_OWN


CARDS_OF_ONES_OWN = {"Kuribandit": "クリバンデット", "Jain, Lightsworn Paladin": "ライトロード・パラディン ジェイン",
                     "Inaba White Rabbit": "因幡之白兎"}
"""Cards notebook 08 writes as data (not shipped): their English names are spelt as there."""
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


@functools.lru_cache(maxsize=1)
def _cards_by_name() -> pd.DataFrame:
    """cards.csv keyed by the Japanese name, read once (the scanner only reads it)."""
    return load_cards().set_index("name_ja")


@functools.lru_cache(maxsize=None)
def _type_claim_after(english: str) -> re.Pattern[str]:
    return re.compile(re.escape(english) + r"\s*" + TYPE_CLAIM.pattern)


def wrong_types(text: str) -> list[str]:
    """'<English name> (Continuous Spell)' where cards.csv says otherwise."""
    cards = _cards_by_name()
    found = []
    for english, ja in NAMES.items():
        if english not in text:  # the pattern starts with the name itself: no match without it
            continue
        for match in _type_claim_after(english).finditer(text):
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
    assert wrong_types("《生還の宝札》 Card of Safe Return (Continuous Trap).") == [
        "Card of Safe Return (Continuous Trap) (cards.csv: continuous spell)"
    ]
    assert wrong_types("Card of Safe Return (Continuous Spell)") == []


# --------------------------------------------------------------------------
# Names as people type them: every place a card is named folds the same way
# --------------------------------------------------------------------------

SIGN, SIGN_EN = "ヒステリック・サイン", "Hysteric Sign"
HORUS6 = "ホルスの黒炎竜 LV６"
VEILER = "エフェクト・ヴェーラー"

FOLDING_RULES = [
    pytest.param("ひすてりっく・さいん", SIGN, id="hiragana-for-katakana"),
    pytest.param("ﾋｽﾃﾘｯｸ･ｻｲﾝ", SIGN, id="half-width-katakana"),
    pytest.param("ＨＹＳＴＥＲＩＣ　ＳＩＧＮ", SIGN, id="full-width-latin"),
    pytest.param("ホルスの黒炎竜 LV6", HORUS6, id="ascii-digit-for-full-width"),
    pytest.param("hYsTeRiC sIgN", SIGN, id="english-any-case"),
    pytest.param("《ヒステリック サイン》", SIGN, id="brackets-and-spaces"),
    pytest.param("えふぇくとゔぇーらー", VEILER, id="hiragana-vu-no-dot"),
]


def _scenario_with(name: str) -> Any:
    from toolkit.ocg.scenario import scenario_from_dict

    return scenario_from_dict({"title": "t", "turn_player": "A", "players": {"B": {"hand": [name]}}})


@pytest.mark.parametrize(("typed", "key"), FOLDING_RULES)
def test_a_scenario_file_reads_the_name_as_its_card(typed: str, key: str) -> None:
    assert typed != key
    assert _scenario_with(typed).players["B"].hand == (key,)


@pytest.mark.parametrize(("typed", "key"), FOLDING_RULES)
def test_the_builders_search_and_lookup_find_the_card(typed: str, key: str) -> None:
    from toolkit.widgets.catalogue import default_catalogue

    catalogue = default_catalogue()
    assert catalogue.search(typed) == [key]
    assert catalogue.lookup(typed) == key


@pytest.mark.parametrize(("typed", "key"), FOLDING_RULES)
def test_the_card_registry_looks_the_name_up(typed: str, key: str) -> None:
    from toolkit.ocg.cards import UnknownCardError, lookup

    assert lookup(typed).name == key
    with pytest.raises(UnknownCardError):
        behaviour(typed)  # the engine's own look-up wants the key


@pytest.mark.parametrize(("typed", "key"), [p for p in FOLDING_RULES if p.values[1] == SIGN])
def test_rulings_about_finds_the_rulings_of_the_card(typed: str, key: str) -> None:
    from toolkit.data import rulings_about

    found = rulings_about(typed)
    assert len(found) >= 2
    assert all(key in names for names in found["cards"])
    assert len(found) == len(rulings_about(key))


def test_the_command_line_shows_the_japanese_key_of_a_typed_name(capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli.app import main

    assert main(["rulings", "--card", "ひすてりっく・さいん"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"rulings naming {SIGN}"
    assert "ocg-" in out


def test_folding_keeps_different_cards_apart() -> None:
    from toolkit.fields import fold

    assert fold("ホルスの黒炎竜 LV６") != fold("ホルスの黒炎竜 LV８")
    assert fold("カ") != fold("ガ") and fold("ハ") != fold("パ")
    assert _scenario_with("ホルスの黒炎竜 LV8").players["B"].hand == ("ホルスの黒炎竜 LV８",)


NEAR_MISSES = [
    pytest.param("efect veiler", VEILER, id="english-typo"),
    pytest.param("ヒステリック・サイソ", SIGN, id="katakana-look-alike"),
    pytest.param("ひすてりっく", SIGN, id="part-of-the-name"),
    pytest.param("Hysteric Sing", SIGN, id="english-transposed"),
]


@pytest.mark.parametrize(("typed", "nearest"), NEAR_MISSES)
def test_a_near_miss_is_refused_with_the_card_it_nearly_names_first(typed: str, nearest: str) -> None:
    from toolkit.data import QueryError, rulings_about
    from toolkit.errors import ScenarioError
    from toolkit.ocg.cards import UnknownCardError, card_names, lookup
    from toolkit.widgets.catalogue import default_catalogue

    assert card_names().nearest(typed)[0] == nearest
    assert len(card_names().nearest(typed)) == 3
    with pytest.raises(ScenarioError) as in_file:
        _scenario_with(typed)
    with pytest.raises(UnknownCardError) as looked_up:
        lookup(typed)
    messages = [str(in_file.value), str(looked_up.value), default_catalogue().unknown(typed)]
    if nearest == SIGN:
        with pytest.raises(QueryError) as about:
            rulings_about(typed)
        messages.append(str(about.value))
    for message in messages:
        assert f"did you mean 「{nearest}」" in message, message


def test_an_unknown_card_says_where_it_is_the_three_nearest_names_and_what_to_do() -> None:
    from toolkit.errors import ScenarioError

    with pytest.raises(ScenarioError) as info:
        _scenario_with("灰流うらら")
    message = str(info.value)
    assert "Unknown card 「灰流うらら」 in player B's hand — did you mean " in message
    suggested = message.split("did you mean ", 1)[1].split("?", 1)[0]
    assert suggested.count("「") == 3, suggested
    assert message.endswith("To add your own card, see `python -m toolkit cards --help`")
    assert info.value.field == "players.B.hand[0]"


def test_a_card_put_in_the_user_folder_later_is_found_everywhere(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    from toolkit.widgets.catalogue import default_catalogue

    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path))
    catalogue = default_catalogue()  # made before the card exists
    name = "クリバンデット"
    assert catalogue.search("くりばんでっと") == []
    registered_names()  # the shipped cards are loaded first
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "kuribandit.yaml").write_text(
        f"name: {name}\nenglish: Kuribandit\ntype: monster\n", encoding="utf-8")
    assert catalogue.search("くりばんでっと") == [name]
    assert catalogue.lookup("KURIBANDIT") == name
    assert _scenario_with("ｸﾘﾊﾞﾝﾃﾞｯﾄ").players["B"].hand == (name,)


@pytest.mark.parametrize(("typed", "key"), [p for p in FOLDING_RULES if p.values[1] == SIGN])
def test_a_question_names_the_card_as_typed(typed: str, key: str) -> None:
    from toolkit.core.predicates import parse_query

    query = parse_query({"possible": {"event": "activated", "card": typed}})
    assert query == parse_query({"possible": {"event": "activated", "card": key}})


def test_a_question_about_a_card_no_game_has_is_refused_with_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli.app import main

    question = "{event: activated, card: ひすてりっく・さいそ}"
    assert main(["can-force", "q_hysteric_sign_adjustment", "TP", question, "--date", "2013-03-30"]) == 2
    error = capsys.readouterr().err
    assert "PREDICATE.card: Unknown card 「ひすてりっく・さいそ」 — did you mean 「ヒステリック・サイン」" in error
