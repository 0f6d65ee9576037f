"""scripts/build_rulings.py: rulings.csv from the seeds and the annotations.

The committed CSV must be exactly what the script builds; the build must fail,
listing what is wrong, when the seeds or the annotations drift apart.
"""

from __future__ import annotations

import copy
import csv
import functools
import importlib.util
import io
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

# The seed file names, as in tests/conftest.py (importing `conftest` by name is
# ambiguous once tests/browser/conftest.py is collected too).
SEED_000 = "000_a9e0e0f7c8ec137b.txt"
SEED_001 = "001_a292a77a254a02c3.txt"
SEED_002 = "002_756b9499af651e6b.txt"
END_PHASE_PAGE = "https://yugioh-wiki.net/index.php?%A5%A8%A5%F3%A5%C9%A5%D5%A5%A7%A5%A4%A5%BA"
"""The End Phase page of the OCG wiki: its name, エンドフェイズ, percent-encoded in EUC-JP."""
PROJECT_ROOT = Path(__file__).resolve().parent.parent

SCRIPT = PROJECT_ROOT / "scripts" / "build_rulings.py"
ANNOTATIONS = PROJECT_ROOT / "scripts" / "ruling_annotations.yaml"
COMMITTED = PROJECT_ROOT / "datasets" / "rulings.csv"

pytestmark = pytest.mark.seeds


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_rulings", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_rulings"] = module
    spec.loader.exec_module(module)
    return module


build = _load_script()


@pytest.fixture(scope="module")
def built(seeds_dir: Path) -> str:
    return str(build.build_csv(seeds_dir, ANNOTATIONS))


@pytest.fixture(scope="module")
def rows(built: str) -> dict[str, dict[str, str]]:
    return {r["ruling_id"]: r for r in csv.DictReader(io.StringIO(built))}


@pytest.fixture
def seeds_copy(seeds_dir: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "seeds"
    shutil.copytree(seeds_dir, folder)
    for path in folder.iterdir():
        path.chmod(0o644)
    return folder


@functools.lru_cache(maxsize=1)
def _parsed_annotations() -> dict[str, Any]:
    return dict(yaml.safe_load(ANNOTATIONS.read_text(encoding="utf-8")))


def annotation_data() -> dict[str, Any]:
    """The committed annotations, parsed once; each caller gets its own copy to edit."""
    return copy.deepcopy(_parsed_annotations())


def write_annotations(data: dict[str, Any], tmp_path: Path) -> Path:
    path = tmp_path / "annotations.yaml"
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    path.write_text(yaml.dump(data, Dumper=dumper, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def edit_seed(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems_of(seeds: Path, annotations_path: Path = ANNOTATIONS) -> list[str]:
    with pytest.raises(build.BuildError) as info:
        build.build_csv(seeds, annotations_path)
    return list(info.value.problems)


def ruling(data: dict[str, Any], rid: str) -> dict[str, Any]:
    (found,) = [r for r in data["rulings"] if r["ruling_id"] == rid]
    return dict(found)


# --------------------------------------------------------------------------
# The committed file
# --------------------------------------------------------------------------


def test_build_reproduces_the_committed_csv_byte_for_byte(built: str) -> None:
    assert COMMITTED.read_bytes() == built.encode("utf-8")


def test_build_is_deterministic(seeds_dir: Path, built: str) -> None:
    assert build.build_csv(seeds_dir, ANNOTATIONS) == built


def test_csv_shape(built: str) -> None:
    assert "\r" not in built and built.endswith("\n")
    table = list(csv.reader(io.StringIO(built)))
    assert tuple(table[0]) == build.COLUMNS
    ids = [r[0] for r in table[1:]]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert len(ids) >= 45


def test_the_page_import_columns_are_the_schemas_and_blank_in_every_shipped_row(
        rows: dict[str, dict[str, str]]) -> None:
    from toolkit.data.schema import PAGE_IMPORT_COLUMNS, RULINGS_SCHEMA

    assert build.COLUMNS == tuple(RULINGS_SCHEMA.names)
    assert build.PAGE_IMPORT_COLUMNS == tuple(c.name for c in PAGE_IMPORT_COLUMNS)
    assert all(c.description for c in PAGE_IMPORT_COLUMNS)
    assert all(row[c] == "" for row in rows.values() for c in build.PAGE_IMPORT_COLUMNS)
    assert "prose_ruling" in build.KINDS and "prose_ruling" in RULINGS_SCHEMA.column("kind").categories
    filled = copy.deepcopy(list(rows.values()))
    filled[0]["editors_notes"], filled[1]["answer_ja"] = "a note", ""
    problems = build.validate(filled)
    assert f"{filled[0]['ruling_id']}: editors_notes belong to rulings imported from a page; blank in the shipped " \
        "table" in problems
    assert f"{filled[1]['ruling_id']}: answer_ja is empty" in problems


def test_check_mode(seeds_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert build.main(["--seeds", str(seeds_dir), "--check"]) == 0
    stale = tmp_path / "rulings.csv"
    stale.write_text(COMMITTED.read_text(encoding="utf-8").replace("current", "retracted", 1), encoding="utf-8")
    assert build.main(["--seeds", str(seeds_dir), "--output", str(stale), "--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    fresh = tmp_path / "fresh.csv"
    assert build.main(["--seeds", str(seeds_dir), "--output", str(fresh)]) == 0
    assert fresh.read_bytes() == COMMITTED.read_bytes()


def test_the_script_runs_as_a_command_from_any_folder(seeds_dir: Path, tmp_path: Path) -> None:
    """The pre-commit hook's call: the thin entry point finds its modules (scripts/rulings_build/) itself,
    from another folder and with nothing put on the path for it (``-P``)."""
    import subprocess

    done = subprocess.run([sys.executable, "-P", str(SCRIPT), "--seeds", str(seeds_dir), "--check"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, f"{COMMITTED} is up to date", "")


def test_counts_by_game_and_kind(rows: dict[str, dict[str, str]]) -> None:
    games = [r["game"] for r in rows.values()]
    assert games.count("duel_masters") == 9  # seed 004: seven official Q&As and the two dragheart examples
    kinds = [r["kind"] for r in rows.values()]
    assert kinds.count("official_qa") == 7 and kinds.count("worked_example") == 4
    assert kinds.count("faq") == 29  # 25 in 000, 4 in 002: every entry the reader finds


# --------------------------------------------------------------------------
# What issue 2 requires of the history
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ocg-130330-hysteric-sign-adjustment", "ocg-160708-hysteric-sign-adjustment"),
        ("ocg-130330-catsith-hysteric-sign", "ocg-170305-catsith-hysteric-sign"),
        ("ocg-130608-catsith-peten", "ocg-230116-ipiria-grimoire-no-activation"),
        ("ocg-140601-grimoire-summon-torrential-tribute", "ocg-230116-ipiria-grimoire-no-activation"),
        ("ocg-140602-grimoire-bounce-before-second-adjustment", "ocg-230116-ipiria-grimoire-no-activation"),
        ("ocg-140604-grimoire-gadget-drastic-drop-off", "ocg-230116-ipiria-grimoire-no-activation"),
        ("ocg-140608-grimoire-summon-no-torrential-without-effect", "ocg-230116-ipiria-grimoire-no-activation"),
        ("ocg-151023-graff-breakthrough-skill", "ocg-171026-farfa-macro-cosmos"),
        ("ocg-151026-ua-perfect-ace-at-turn-end", "ocg-171026-farfa-macro-cosmos"),
    ],
)
def test_history_chains(rows: dict[str, dict[str, str]], old: str, new: str) -> None:
    assert rows[old]["status"] == "superseded"
    assert rows[old]["superseded_by"] == new
    assert rows[old]["hidden_in_source"] == "true"
    assert rows[new]["status"] == "current" and rows[new]["hidden_in_source"] == "false"
    assert rows[new]["date"] >= rows[old]["date"]


def test_fid8021_rulings_name_the_event(rows: dict[str, dict[str, str]]) -> None:
    for rid in ("ocg-151023-graff-breakthrough-skill", "ocg-151026-ua-perfect-ace-at-turn-end"):
        assert rows[rid]["obsoleted_by_event"] == "faq-2017-03-fid8021"
        assert "fid=8021" in rows[rid]["status_note"]


def test_errata_obsoleted_rulings(rows: dict[str, dict[str, str]]) -> None:
    for rid in ("ocg-120916-zerato-veiler", "ocg-120921-arcana-world-ohka-veiler", "ocg-130214-systie-veiler"):
        row = rows[rid]
        assert (row["status"], row["superseded_by"], row["obsoleted_by_event"]) == (
            "superseded",
            "",
            "errata-2014-07-10",
        )
        assert row["status_note"]


def test_a_seed_date_out_of_range_stops_the_build(seeds_copy: Path, tmp_path: Path) -> None:
    """(YY/MM/DD) with YY < 90 is 20YY: (89/10/26) would be 2089, past a year after today."""
    rid = "ocg-191026-both-pass-turn-player-processes-first"
    for name in (SEED_000, SEED_001):
        edit_seed(seeds_copy, name, "(19/10/26)", "(89/10/26)")
    data = annotation_data()
    (ann,) = [r for r in data["rulings"] if r["ruling_id"] == rid]
    ann["quote"]["date"] = "89/10/26"
    ann["also_001"] = ann["also_001"].replace("(19/10/26)", "(89/10/26)")
    problems = problems_of(seeds_copy, write_annotations(data, tmp_path))
    assert any("2089-10-26 is out of range (1999-01-01 to" in p for p in problems), problems


def test_a_ruling_is_about_the_cards_of_its_premise_too(rows: dict[str, dict[str, str]]) -> None:
    """「上記の…」 questions: the row lists its own cards, then those of the entry above."""
    def cards(rid: str) -> list[str]:
        return rows[rid]["cards"].split(" | ")

    ace = cards("ocg-151026-ua-perfect-ace-at-turn-end")
    assert ace == ["Ｕ.Ａ.パーフェクトエース", *cards("ocg-151023-graff-breakthrough-skill")]
    pikeru = cards("ocg-171026-farfa-damage-pikeru-des-wombat")
    assert pikeru[:2] == ["ピケルの魔法陣", "デス・ウォンバット"]
    assert pikeru[2:] == cards("ocg-171026-farfa-skull-invitation")
    assert {"彼岸の悪鬼 ファーファレル", "死霊の誘い", "禁じられた聖杯"} <= set(pikeru)


def test_the_harridelberg_example_keeps_its_premise(rows: dict[str, dict[str, str]]) -> None:
    row = rows["dm-example-hellfuez-harridelberg-no-flip"]
    assert row["question_ja"].startswith("逆に《Dの地獄 ハリデルベルグ》がある状態で\n自分のターンの終わりまでに")
    assert row["cards"].split(" | ") == [
        "Dの地獄 ハリデルベルグ", "煉獄刃 ヘルフエズ", "極魔王殿 ウェルカム・ヘル", "極・魔壊王 デスゴロス",
    ]
    assert "極・魔壊王 デスゴロス" in rows["dm-example-hellfuez-flips"]["cards"]


def test_every_seed_date_is_a_row_date(seeds_dir: Path, rows: dict[str, dict[str, str]]) -> None:
    have = {r["date"] for r in rows.values()}
    for name in (SEED_000, SEED_002):
        for yy, mm, dd in re.findall(r"\((\d\d)/(\d\d)/(\d\d)\)", (seeds_dir / name).read_text(encoding="utf-8")):
            assert f"20{yy}-{mm}-{dd}" in have, (name, yy, mm, dd)


def test_prose_restatement_is_one_row_with_both_sources(rows: dict[str, dict[str, str]]) -> None:
    peten = rows["ocg-130327-peten-adjustment"]
    assert peten["source"] == (
        f"{END_PHASE_PAGE}#faq1 (エンドフェイズ: 手札調整について); also {END_PHASE_PAGE}#top (エンドフェイズ: エンドフェイズ/End Phase)"
    )
    assert peten["source_file"] == f"{SEED_000} | {SEED_001}"
    assert not any(r["date"] == "2013-03-27" for rid, r in rows.items() if rid != "ocg-130327-peten-adjustment")
    ipiria = [r for r in rows.values() if r["date"] == "2023-01-16" and "イピリア" in r["cards"]]
    assert len(ipiria) == 1


def test_seed_001_confirms_only_what_it_repeats(rows: dict[str, dict[str, str]]) -> None:
    also_001 = {rid for rid, r in rows.items() if SEED_001 in r["source_file"].split(" | ")[1:]}
    assert "ocg-140601-grimoire-summon-torrential-tribute" in also_001  # 001 shows it unhidden
    assert "ocg-130330-hysteric-sign-adjustment" not in also_001  # the hidden 13/03/30 answers are not in 001
    assert "ocg-230116-ipiria-grimoire-no-activation" not in also_001
    assert len(also_001) == 16 + 5  # 16 Q/A + 2 prose rulings + 3 rulebook quotes


def test_cards_are_listed_in_order_without_brackets(rows: dict[str, dict[str, str]]) -> None:
    assert rows["ocg-170305-catsith-hysteric-sign"]["cards"] == "魔轟神獣キャシー | ヒステリック・サイン"
    assert rows["ocg-150117-catsith-tg-striker"]["cards"] == "魔轟神獣キャシー | ＴＧ ストライカー"
    assert rows["ocg-undated-2011-horus-lv6-veiler"]["cards"] == "ホルスの黒炎竜 LV６ | エフェクト・ヴェーラー"
    assert all("《" not in r["cards"] for r in rows.values())


# --------------------------------------------------------------------------
# Failing loudly
# --------------------------------------------------------------------------


def test_changed_seed_date_lists_the_unmatched_annotation_and_entry(seeds_copy: Path) -> None:
    edit_seed(seeds_copy, SEED_000, "[[発動]]しません。(16/07/08)", "[[発動]]しません。(16/07/09)")
    problems = problems_of(seeds_copy)
    assert any(p.startswith("ocg-160708-hysteric-sign-adjustment: entry") and "matches 0 seed entries" in p for p in problems)
    assert any("(16/07/09)" in p and "claimed by no annotation" in p for p in problems)


def test_new_seed_entry_is_reported(seeds_copy: Path) -> None:
    edit_seed(
        seeds_copy,
        SEED_002,
        "**FAQ [#faq]\n",
        "**FAQ [#faq]\nＱ：新しい質問ですか？~\nＡ：はい。(24/01/01)\n",
    )
    problems = problems_of(seeds_copy)
    assert any("line 140" in p and "新しい質問ですか" in p and "claimed by no annotation" in p for p in problems)


def test_changed_prose_is_reported(seeds_copy: Path) -> None:
    edit_seed(seeds_copy, SEED_000, "(08/08/03)", "(08/08/04)")
    problems = problems_of(seeds_copy)
    assert any(p.startswith("ocg-080803-readjust-after-hand-grows: quote not found") for p in problems)
    assert any("(08/08/04)" in p and "is the date of no row" in p for p in problems)


def test_changed_plain_copy_is_reported(seeds_copy: Path) -> None:
    edit_seed(seeds_copy, SEED_001, "A:いいえ、できません。(15/01/17)", "A:いいえ、できません。(15/01/18)")
    problems = problems_of(seeds_copy)
    assert any(p.startswith(f"{SEED_001} line") and "matches no single 000 ruling" in p for p in problems)


def test_missing_seed_is_reported(seeds_copy: Path) -> None:
    (seeds_copy / SEED_002).unlink()
    assert any(SEED_002 in p and "not found" in p for p in problems_of(seeds_copy))


def test_dropped_annotation_lists_the_unclaimed_entry(tmp_path: Path, seeds_dir: Path) -> None:
    data = annotation_data()
    data["rulings"] = [r for r in data["rulings"] if r["ruling_id"] != "ocg-150117-catsith-tg-striker"]
    problems = problems_of(seeds_dir, write_annotations(data, tmp_path))
    assert any("(15/01/17)" in p and "claimed by no annotation" in p for p in problems)


@pytest.mark.parametrize(
    ("rid", "change", "expected"),
    [
        ("ocg-120808-no-quick-effect-after-adjustment", {"entry": {"seed": "000", "date": "12/08/08"}}, "matches 2 seed entries"),
        ("ocg-150117-catsith-tg-striker", {"verdict": "yes"}, "the answer opens as 'no' but the verdict is 'yes'"),
        ("ocg-150117-catsith-tg-striker", {"summary": "typo"}, "unknown key(s): ['summary']"),
        ("ocg-150117-catsith-tg-striker", {"topic": "tea_time"}, "topic 'tea_time' is not one of"),
        ("ocg-150117-catsith-tg-striker", {"superseded_by": "ocg-130327-peten-adjustment"}, "a current ruling has no successor"),
        ("ocg-130330-hysteric-sign-adjustment", {"superseded_by": "ocg-999999-nowhere"}, "is not a ruling_id"),
        ("ocg-160708-hysteric-sign-adjustment", {"status": "superseded", "superseded_by": "ocg-130330-hysteric-sign-adjustment"}, "supersession cycle"),
        ("ocg-170305-catsith-hysteric-sign", {"status": "superseded", "superseded_by": "ocg-130330-manticore-adjustment"}, "is older than the ruling it replaces"),
        ("ocg-120916-zerato-veiler", {"status_note": None, "obsoleted_by_event": None}, "needs a status_note"),
        ("ocg-120916-zerato-veiler", {"obsoleted_by_event": "errata-2099"}, "is not a known event"),
        ("ocg-080803-readjust-after-hand-grows", {"ruling_id": "ocg-080804-readjust"}, "id says 080804, the date is 2008-08-03"),
        ("ocg-undated-2011-lyla-veiler", {"cards": ["ライトロード・マジシャン ライラ", "オネスト"]}, "do not occur in the quoted text"),
        ("ocg-130327-peten-adjustment", {"quote": {"seed": "000", "anchor": "top", "answer": "x"}}, "give exactly one of"),
        ("ocg-151026-ua-perfect-ace-at-turn-end", {"premise": None}, "opens with '上記の' (the entry above it)"),
        ("ocg-151026-ua-perfect-ace-at-turn-end", {"premise": "ocg-999999-nowhere"}, "premise 'ocg-999999-nowhere' is not a ruling_id"),
        ("ocg-171026-farfa-skull-invitation", {"premise": "ocg-171026-farfa-damage-pikeru-des-wombat"}, "premise cycle"),
        ("ocg-151026-ua-perfect-ace-at-turn-end", {"premise": "ocg-undated-2011-lyla-veiler"}, "a premise joins two Ｑ/Ａ entries"),
        ("dm-example-hellfuez-flips", {"extra_cards": [{"card": "極・魔壊王 デスゴロス"}]}, "needs exactly ['card', 'quote', 'reason']"),
        ("dm-example-hellfuez-flips", {"extra_cards": [{"card": "極・魔壊王 デスゴロス", "reason": " ", "quote": "龍解時、《極・魔壊王 デスゴロス》の能力により"}]}, "needs a reason"),
        ("dm-example-hellfuez-flips", {"extra_cards": [{"card": "極・魔壊王 デスゴロス", "reason": "r", "quote": "《極・魔壊王 デスゴロス》が出る。"}]}, "is not in 004_"),
        ("dm-example-hellfuez-flips", {"extra_cards": [{"card": "極・魔壊王 デスゴロス", "reason": "r", "quote": "龍解時、"}]}, "does not name it"),
        ("dm-example-hellfuez-flips", {"extra_cards": [{"card": "煉獄刃 ヘルフエズ", "reason": "r", "quote": "《煉獄刃 ヘルフエズ》を装備した"}]}, "is already listed"),
    ],
)
def test_annotation_errors(tmp_path: Path, seeds_dir: Path, rid: str, change: dict[str, Any], expected: str) -> None:
    data = copy.deepcopy(annotation_data())
    for item in data["rulings"]:
        if item["ruling_id"] == rid:
            item.update(change)
            for key in [k for k, v in change.items() if v is None]:
                del item[key]
    problems = problems_of(seeds_dir, write_annotations(data, tmp_path))
    assert any(expected in p for p in problems), problems


def test_broken_yaml_and_exit_status(tmp_path: Path, seeds_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("rulings: [unclosed", encoding="utf-8")
    assert build.main(["--seeds", str(seeds_dir), "--annotations", str(bad), "--output", str(tmp_path / "x.csv")]) == 2
    err = capsys.readouterr().err
    assert "problem(s) building rulings.csv" in err and "bad.yaml" in err
    assert not (tmp_path / "x.csv").exists()


def test_every_annotation_claims_a_ruling_of_the_seeds() -> None:
    data = annotation_data()
    ids = [r["ruling_id"] for r in data["rulings"]]
    assert len(ids) == len(set(ids))
    assert all(("entry" in r) != ("quote" in r) for r in data["rulings"])
    assert ruling(data, "ocg-120921-arcana-world-ohka-veiler")["topic"] == "errata_2014"


# --------------------------------------------------------------------------
# The machine form (issue 4)
# --------------------------------------------------------------------------


def test_machine_form_columns(rows: dict[str, dict[str, str]]) -> None:
    sign = rows["ocg-160708-hysteric-sign-adjustment"]
    assert sign["scenario"] == "q_hysteric_sign_adjustment.yaml"
    assert sign["check"] == '{"possible": {"event": "activated", "card": "ヒステリック・サイン"}}'
    assert (sign["expected"], sign["ruleset"], sign["not_modelled_reason"]) == ("no", "", "")
    assert rows["ocg-130330-hysteric-sign-adjustment"]["check"] == sign["check"]  # one question, two dates
    assert rows["ocg-undated-2011-lyla-veiler"]["ruleset"] == "ocg-2011"
    for rid, row in rows.items():
        in_scope = row["game"] in ("ocg", "duel_masters")  # 002's phase rulings since issue 6, 004's since issue 7
        assert bool(row["check"] or row["not_modelled_reason"]) == in_scope, rid


@pytest.mark.parametrize(
    ("rid", "change", "expected"),
    [
        ("ocg-150117-catsith-tg-striker", {"check": {"sometimes": {"loop": True}}}, "unknown key 'sometimes'"),
        ("ocg-150117-catsith-tg-striker", {"scenario": ["nowhere.yaml"]}, "'nowhere.yaml' is not a file of datasets/scenarios/"),
        ("ocg-150117-catsith-tg-striker", {"expected": "maybe"}, "expected must be one of ('yes', 'no', 'under_review')"),
        ("ocg-150117-catsith-tg-striker", {"check_en": None}, "check_en (our English reading of the check) is empty"),
        ("ocg-150117-catsith-tg-striker", {"scenario": None}, "a check needs the `scenario` file(s)"),
        ("ocg-150117-catsith-tg-striker", {"ruleset": "ocg-2011"}, "a dated ruling runs under the rules of its date"),
        ("ocg-150117-catsith-tg-striker", {"not_modelled_reason": "too hard"}, "a not-modelled ruling has no check"),
        ("ocg-150117-catsith-tg-striker", {"check": None}, "need a `check`"),
        ("ocg-150117-catsith-tg-striker", {"check": None, "scenario": None, "expected": None, "check_en": None},
         "a ruling in scope needs a `check`"),
        ("ocg-undated-2011-lyla-veiler", {"ruleset": None}, "an undated ruling names the `ruleset` it describes"),
        ("ocg-undated-2011-lyla-veiler", {"ruleset": "ocg-1999"}, "unknown ruleset 'ocg-1999'"),
        ("dm-qa-the-clock-extra-turn", {"ruleset": "ocg"}, "unknown ruleset 'ocg' (known: duel_masters, "),
        ("dm-qa-the-clock-extra-turn", {"check": None, "scenario": None, "expected": None, "check_en": None,
                                        "ruleset": None}, "a ruling in scope needs a `check`"),
        ("ocg-171026-farfa-damage-pikeru-des-wombat", {"scenario": ["farfa_skull_invitation_pikeru_2017.yaml"]},
         "which `scenario` does not list"),
    ],
)
def test_machine_form_errors(tmp_path: Path, seeds_dir: Path, rid: str, change: dict[str, Any], expected: str) -> None:
    data = copy.deepcopy(annotation_data())
    for item in data["rulings"]:
        if item["ruling_id"] == rid:
            item.update(change)
            for key in [k for k, v in change.items() if v is None]:
                del item[key]
    problems = problems_of(seeds_dir, write_annotations(data, tmp_path))
    assert any(expected in p for p in problems), problems


def test_every_source_cites_a_wiki_page_and_keeps_its_seed_file(rows: dict[str, dict[str, str]]) -> None:
    from toolkit.wiki import cited, says_why_no_url

    pages = {"000": END_PHASE_PAGE, "001": END_PHASE_PAGE,
             "002": "https://yugioh-wiki.net/index.php?%A5%D5%A5%A7%A5%A4%A5%BA",
             "004": "https://dmwiki.net/%E3%82%BF%E3%83%BC%E3%83%B3%E7%B5%82%E4%BA%86%E3%82%B9%E3%83%86%E3%83%83%E3%83%97"}
    for rid, row in rows.items():
        files = row["source_file"].split(" | ")
        assert files and all(f.endswith(".txt") for f in files), rid
        assert ".txt" not in row["source"], rid
        first_url = cited(row["source"])[0][1]
        page = pages.get(files[0][:3])
        if page is None:  # seed 003's copy names no page
            assert first_url is None and says_why_no_url(row["source"]), rid
        else:
            assert first_url is not None and first_url.split("#")[0] == page, rid
    assert rows["ocg-120808-no-quick-effect-after-adjustment"]["source"].startswith(f"{END_PHASE_PAGE}#faq1 ")


def test_a_seed_whose_heading_is_not_its_page_name_stops_the_build(seeds_copy: Path) -> None:
    edit_seed(seeds_copy, SEED_002, "*フェイズ/Phase [#t6b32b55]", "*ターン/Turn [#t6b32b55]")
    assert any("first heading" in p and "フェイズ" in p for p in problems_of(seeds_copy))
