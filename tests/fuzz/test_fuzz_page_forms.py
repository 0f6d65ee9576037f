"""Pages drawn line by line from every form a saved page comes in (``make fuzz``; ``make test`` runs a few):
source markup, ASCII marks, hidden entries, Duel Masters ``>``-quoted Q&A with rules passages, diff lines,
prose rulings, headings and editors' notes — with characters a writer could lose (NEXT LINE, LINE
SEPARATOR, tabs, NUL, ESC) inside the text, saved with Unix, Windows or old Macintosh line ends.

* the page imports without an exception, and the same page with other line ends gives the same rows;
* the rows load back from CSV and from YAML exactly as they were;
* its revisions (the page, then the page with lines dropped) give a history without an exception.

Lines written here, in the wiki's style.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import toolkit  # noqa: E402
from toolkit.data import load_rulings  # noqa: E402
from toolkit.data.page_import import save_rulings  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:.*names cards the toolkit does not know")
"""(the page's card, a fixture, is no shipped card: loading the rows back says so)"""

ODD = ("", "", "", "\x85", "\u2028", "\u2029", "\t", "\x00", "\x1b", "\u3000", "=", "\"", ",")
LINES = (
    "*《試験竜ドラグーン》 [#top]", "**FAQ [#faq]", "Ｑ：《サイクロン》はエンドフェイズに発動できますか？{}~",
    "Ａ：はい、発動できます。{}(16/07/08)", "Ａ：いいえ、できません{}。", "Q: Does it{} activate?", "A: Yes. (16/07/08)",
    "//Ｑ：手札調整の後に{}発動できますか？~", "//Ａ：はい。(09/10/28)", ">Q.《試験竜》は{}破壊されますか？", ">A.いいえ。",
    ">", ">409.1b 《B》のテキスト{}", "-Ｑ：旧い質問{}？~", "+Ｑ：新しい質問{}？~", "-Ａ：はい。(12/08/08)",
    "+Ａ：いいえ。(13/03/30)", "-《サイクロン》は発動できる{}。(08/08/03)", "--入れ子の項目{}", "// 編集者のメモ{}", "",
    "引用元", "Ｑ：", "Ａ：はい。(16/02/30)", "Ｑ．全角{}？", "Ａ．はい。", "|表|セル{}|", "&color(red){{赤}};",
)
PAGE_LINES = st.lists(st.tuples(st.sampled_from(LINES), st.sampled_from(ODD)).map(lambda p: p[0].format(p[1])),
                      max_size=20)
ENDS = st.sampled_from(["\n", "\r\n", "\r"])
COMPARED = ("ruling_id", "question_ja", "answer_ja", "quoted_passage", "editors_notes", "hidden_in_source",
            "possibly_incomplete")


def _import(lines: list[str], end: str) -> pd.DataFrame | None:
    text = end.join(lines)
    if not text.strip():
        return None
    rows, report = toolkit.import_page(text, source="page.txt")
    assert report.lines()[0].startswith("page.txt: ")
    return rows


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(PAGE_LINES, ENDS)
def test_a_page_in_any_form_imports_alike_with_any_line_ends(lines: list[str], end: str) -> None:
    rows = _import(lines, end)
    unix = _import(lines, "\n")
    if rows is None or unix is None:
        return
    pd.testing.assert_frame_equal(rows[list(COMPARED)], unix[list(COMPARED)])


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(PAGE_LINES, ENDS, st.sampled_from([".csv", ".yaml"]))
def test_the_rows_of_any_page_load_back_exactly(lines: list[str], end: str, suffix: str) -> None:
    rows = _import(lines, end)
    if rows is None or rows.empty:
        return
    with tempfile.TemporaryDirectory() as folder:  # (one per example: removed after it)
        path = Path(folder) / f"mine{suffix}"
        save_rulings(rows, path)
        back = load_rulings(extra=path)
    back = back[back["ruling_id"].isin(rows["ruling_id"])].reset_index(drop=True)
    for column in COMPARED:
        assert back[column].tolist() == rows[column].tolist(), column
    assert [list(c) for c in back["cards"]] == [list(c) for c in rows["cards"]]


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(PAGE_LINES, st.data())
def test_revisions_of_any_page_give_a_history(lines: list[str], data: st.DataObject) -> None:
    later = [line for line in lines if data.draw(st.booleans())]
    if not "\n".join(lines).strip() and not "\n".join(later).strip():
        return
    history = toolkit.ruling_history({"2016-01-01": "\n".join(lines) or " ", "2017-01-01": "\n".join(later) or " "})
    assert set(history.columns) >= {"question_ja", "first_seen", "removed_since"}
