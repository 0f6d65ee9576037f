"""Hostile user card files, rulings files (CSV and YAML), FAQ text and exports
(issue 31, item 8), each case run in a sandbox (sandbox.py) whose sentinels
outside the user's folder must stay unread and unchanged.

What "handled" means per surface:

* card files (``cards --check`` through the Python API the command uses): the
  file's cards, one OK line each (as many as the file holds), or one error
  naming the file;
* rulings files (``load_rulings(extra=FILE)``): every row of the file in the
  table under its id, or one error naming the file;
* FAQ text (``import_page``): the rows are exactly the entries the report says
  were imported, or one error naming the source;
* exports (``export_article`` into a folder of links, files and temporaries):
  both files written as regular files inside the folder with the article's
  text (the user's other files untouched), or one error naming the folder.

``make test`` runs a few dozen cases per surface (the ``ci`` profile);
``make fuzz`` thousands (``thorough``). The tally per surface is printed at the end.
"""

from __future__ import annotations

import csv
import io
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sandbox import Sandbox, one_line_naming, run_case, sandbox
from test_fuzz import TOKENS, mutate

BAD_OUTCOMES = ("traceback", "hang", "silent", "unclear", "outside")
FAST = settings(max_examples=8) if os.environ.get("HYPOTHESIS_PROFILE", "ci") == "ci" else settings()
"""``make test`` (the ci profile): a handful of cases per test; ``make fuzz``: the thorough profile's thousands."""
COUNT_ONLY = os.environ.get("FUZZ_COUNT_ONLY") == "1"
"""Tally without stopping at the first bad case (to measure code that has bad cases)."""


def _expect_handled(outcome: str, *about: Any) -> None:
    if not COUNT_ONLY:
        assert outcome not in BAD_OUTCOMES, (outcome, *about)

# --------------------------------------------------------------------------
# Values a user file may hold
# --------------------------------------------------------------------------

PATHS = ["sign.yaml", "link.yaml", "dangling.yaml", "loop.yaml", "../outside/secret.yaml", "{outside}/secret.yaml",
         "~/secret.yaml", "~", "sub/../../outside/secret.yaml", "x" * 300, "hysteric_sign_adjustment_2016",
         "../cards/catsith", "cards/../sign.yaml", "/dev/zero", "{outside}", ".", "", "a\x00b", "q" * 5000]
NAMES = ["試験カード", "エフェクト・ヴェーラー", "エフェクト\u200b・ヴェーラー", "名" * 3000, "A\x1bB", "ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ",
         "Effect Veiler", "サイクロン", "\u202eカード", "x" * 100_000]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.text(max_size=12),
                    st.sampled_from(TOKENS + NAMES + PATHS + ["2020-01-01", "yes", "no", "monster", "spell"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=10)
OPS = st.lists(st.tuples(st.sampled_from(["delete", "duplicate", "swap", "insert", "value", "truncate", "indent"]),
                         st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(TOKENS + NAMES + PATHS)),
               min_size=1, max_size=4)


def _filled(value: Any, box: Sandbox) -> Any:
    if isinstance(value, str):
        return value.replace("{outside}", str(box.outside))
    if isinstance(value, list):
        return [_filled(v, box) for v in value]
    if isinstance(value, dict):
        return {k: _filled(v, box) for k, v in value.items()}
    return value


def _dump(data: Any) -> str | None:
    try:
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except (ValueError, OverflowError, yaml.YAMLError):
        return None


# --------------------------------------------------------------------------
# Card files
# --------------------------------------------------------------------------

BASE_CARD = """\
name: 試験カード
english: Test Card
type: monster
texts:
  - end_phase:
      - key: draw 1
        mandatory: true
        chain_link: true
        when: face_up_on_field
        do: {draw: 1}
  - since: 2020-01-01
    end_phase: []
"""


def _cards_in(text: str) -> int | None:
    try:
        data = yaml.safe_load(text)
    except Exception:  # noqa: BLE001 - a file YAML cannot read holds no card
        return None
    return 1 if isinstance(data, dict) else len(data) if isinstance(data, list) else None


def _card_case(text: str, name: str, extra: bool) -> str:
    with sandbox() as box:
        folder = box.inside / "cards"
        path = folder / name
        path.write_text(text.replace("{outside}", str(box.outside)), encoding="utf-8")
        if extra:
            (folder / "README.txt").write_text("my cards\n", encoding="utf-8")

        def action() -> Any:
            from toolkit.ocg.cards.data.service import check_card_files

            return check_card_files([str(folder)])

        def judge(lines: Any, error: BaseException | None) -> str:
            if error is not None:
                return one_line_naming(error, str(folder))
            oks = [line for line in lines if ": OK (" in line]
            skipped = [line for line in lines if ": skipped, " in line]
            held = _cards_in(text) if name.lower().endswith((".yaml", ".yml")) else 0
            return "handled" if len(oks) == held and len(skipped) == int(extra) + (held == 0) else "silent"

        return run_case(box, "card files", action, judge)


@FAST
@given(OPS, st.sampled_from(["mine.yaml", "MINE.YAML", "mine.yml"]), st.booleans())
def test_mutated_card_files(ops: list[tuple[str, int, int, str]], name: str, extra: bool) -> None:
    text, _ = mutate(BASE_CARD, ops)
    outcome = _card_case(text, name, extra)
    _expect_handled(outcome, text[:1000])


@FAST
@given(st.one_of(st.dictionaries(st.sampled_from(["name", "type", "english", "texts", "shadows", "aliases",
                                                  "reading", "x"]), VALUES, max_size=6), VALUES))
def test_random_card_files(data: Any) -> None:
    text = _dump(data)
    assume(text is not None)
    outcome = _card_case(str(text), "mine.yaml", False)
    _expect_handled(outcome, str(text)[:1000])


# --------------------------------------------------------------------------
# Rulings files
# --------------------------------------------------------------------------

RULING_COLUMNS = ["ruling_id", "game", "kind", "date", "cards", "question_ja", "answer_ja", "source", "status",
                  "superseded_by", "supersedes", "scenario", "check", "expected", "x"]
BASE_RULING = {"ruling_id": "user-240105-sign", "kind": "example", "date": "2024-01-05", "answer_ja": "いいえ。",
               "source": "https://example.org", "scenario": ["sign.yaml"],
               "check": {"possible": {"event": "activated", "card": "ヒステリック・サイン"}}, "expected": "no"}
ROW = st.fixed_dictionaries({}, optional={c: VALUES for c in RULING_COLUMNS}).map(lambda r: {**BASE_RULING, **r})
SCENARIO_CELL = st.lists(st.sampled_from(PATHS), min_size=1, max_size=2)


def _ids_in(rows: Any) -> list[str] | None:
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        return None
    return [str(r.get("ruling_id")) for r in rows]


def _rulings_case(rows: list[Any], suffix: str) -> str:
    with sandbox() as box:
        rows = _filled(rows, box)
        path = box.inside / f"mine{suffix}"
        if suffix == ".csv":
            out = io.StringIO()
            writer = csv.writer(out)
            writer.writerow(RULING_COLUMNS[:-1])
            for row in rows:
                cells = row if isinstance(row, dict) else {}
                writer.writerow([" | ".join(map(str, v)) if isinstance(v, list) else "" if v is None else
                                 yaml.safe_dump(v, default_flow_style=True).strip() if isinstance(v, dict) else str(v)
                                 for v in (cells.get(c) for c in RULING_COLUMNS[:-1])])
            text = out.getvalue()
        else:
            text = _dump(rows) or "[]"
        try:
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
        except (UnicodeError, ValueError):
            assume(False)

        def action() -> Any:
            import warnings

            from toolkit.data import ORIGINS, load_rulings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return load_rulings(extra=path).attrs.get(ORIGINS) or {}

        def judge(origins: Any, error: BaseException | None) -> str:
            if error is not None:
                return one_line_naming(error, str(path))
            wanted = _ids_in(rows) if suffix == ".yaml" else [str(r.get("ruling_id")) for r in rows
                                                                if isinstance(r, dict)]
            return "handled" if wanted is not None and sorted(origins) == sorted(wanted) else "silent"

        return run_case(box, f"rulings {suffix[1:]}", action, judge)


@FAST
@given(st.lists(st.one_of(ROW, ROW.map(lambda r: r), VALUES), max_size=3), st.sampled_from([".yaml", ".csv"]))
def test_random_rulings_files(rows: list[Any], suffix: str) -> None:
    outcome = _rulings_case(rows, suffix)
    _expect_handled(outcome, str(rows)[:1000])


@pytest.mark.parametrize("cell", PATHS)
def test_every_path_a_ruling_may_name(cell: str) -> None:
    """Each hostile path once (make test runs them all): refused in one line, or read inside the folder."""
    _expect_handled(_rulings_case([{**BASE_RULING, "scenario": [cell]}], ".yaml"), cell)


@FAST
@given(SCENARIO_CELL, st.sampled_from([".yaml", ".csv"]))
def test_rulings_naming_paths_out(cell: list[str], suffix: str) -> None:
    outcome = _rulings_case([{**BASE_RULING, "scenario": cell}], suffix)
    _expect_handled(outcome, cell)


# --------------------------------------------------------------------------
# FAQ text
# --------------------------------------------------------------------------

BASE_PAGE = """\
*《試験カード》 [#top]
**FAQ [#faq]
Ｑ：このカードの効果はエンドフェイズに発動しますか？~
Ａ：はい、発動します。(24/01/05)
//Ｑ：隠された質問ですか？
//Ａ：いいえ。(23/12/01)
Q:このカードに《サイクロン》をチェーンできますか？
Ａ：はい、できます。(14/07/10)
"""
FAQ_TOKENS = ["Ｑ：", "Ａ：", "Q:", "A:", "(24/01/05)", "(99/99/99)", "//", "*", "**", "《", "》", "~", "\n",
              "　" * 50, " " * 200, "(" + "1" * 500 + ")", "#contents", "[#x]", "&br;", "－"]


@FAST
@given(st.lists(st.tuples(st.sampled_from(["delete", "duplicate", "swap", "insert", "value", "truncate", "indent"]),
                          st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(FAQ_TOKENS + TOKENS)),
                min_size=1, max_size=5))
def test_mutated_faq_text(ops: list[tuple[str, int, int, str]]) -> None:
    text, _ = mutate(BASE_PAGE, ops)
    source = "https://example.org/faq"
    with sandbox() as box:
        def action() -> Any:
            import warnings

            from toolkit.data.page_import import import_page

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return import_page(text, source=source)

        def judge(done: Any, error: BaseException | None) -> str:
            if error is not None:
                return one_line_naming(error, source) if "pasted" not in str(error)[:40] else "handled"
            rows, report = done
            return "handled" if list(rows["ruling_id"]) == report.imported else "silent"

        outcome = run_case(box, "FAQ text", action, judge)
    _expect_handled(outcome, text[:1000])


# --------------------------------------------------------------------------
# Exports
# --------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _article() -> Any:
    from toolkit.export import build_article

    return build_article("死者蘇生")


PLACES = ["absent", "file", "link out", "dangling out", "link in", "folder", "stale temp", "user temp"]


def _lay(box: Sandbox, out: Path, target: Path, place: str) -> None:
    if place == "file":
        target.write_text("the user's own text\n", encoding="utf-8")
    elif place == "link out":
        target.symlink_to(box.outside / "secret.txt")
    elif place == "dangling out":
        target.symlink_to(box.outside / "new.txt")
    elif place == "link in":
        (out / "mine.txt").write_text("mine\n", encoding="utf-8")
        target.symlink_to(out / "mine.txt")
    elif place == "folder":
        target.mkdir()
    elif place == "stale temp":
        stale = out / f".{target.name}.endphase-0123456789ab.tmp"
        stale.write_text("left by a killed save\n", encoding="utf-8")
        os.utime(stale, (1, 1))
    elif place == "user temp":
        mine = out / f".{target.name}.draft001.tmp"
        mine.write_text("the user's draft\n", encoding="utf-8")
        os.utime(mine, (1, 1))


@FAST
@given(st.sampled_from(PLACES), st.sampled_from(PLACES), st.booleans(), st.sampled_from(["out", "new/deep"]))
def test_exports_into_a_hostile_folder(md: str, wiki: str, overwrite: bool, folder: str) -> None:
    from toolkit.export import article_markdown, safe_stem

    article = _article()
    stem = safe_stem(article.card + (f" {article.card_en}" if article.card_en else ""))
    with sandbox() as box:
        out = box.inside / "out"
        if folder == "out":
            out.mkdir()
        else:
            out = box.inside / folder
        if out.is_dir() and not out.is_symlink():
            _lay(box, out, out / f"{stem}.md", md)
            _lay(box, out, out / f"{stem}.wiki.txt", wiki)
        before = {p: p.read_bytes() for p in out.glob("*") if p.is_file() and not p.is_symlink()} \
            if out.is_dir() and not out.is_symlink() else {}

        def action() -> Any:
            from toolkit.export import export_article

            return export_article(article, out, overwrite=overwrite)

        def judge(done: Any, error: BaseException | None) -> str:
            if error is not None:
                return one_line_naming(error, str(out))
            for path in (done.markdown, done.wiki):
                if path.is_symlink() or not path.is_file() or path.parent != out:
                    return "silent"
            if done.markdown.read_text(encoding="utf-8") != article_markdown(article):
                return "silent"
            kept = [p for p in before if p not in (done.markdown, done.wiki) and ".endphase-" not in p.name]
            return "handled" if all(p.read_bytes() == before[p] for p in kept) else "silent"

        outcome = run_case(box, "exports", action, judge)
    _expect_handled(outcome, md, wiki, overwrite, folder)
