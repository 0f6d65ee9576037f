"""A page's revisions given badly, and pages of many entries of one date: toolkit.ruling_history refuses a
revision date it cannot read (it read "now" as this moment and 20160101 as nanoseconds after 1970) and
follows rewordings in linear work (fixture revisions written here, in the wiki's style)."""

from __future__ import annotations

import datetime as dt
import difflib
import random
from typing import Any

import pandas as pd
import pytest

import toolkit
from toolkit.data.page_history import revision_states
from toolkit.errors import WikiParseError

PAGE = "Ｑ：《サイクロン》はエンドフェイズに発動できますか？~\nＡ：はい、発動できます。(16/07/08)\n"


@pytest.mark.parametrize(("when", "said"), [
    ("now", "revision 'now': a revision's date is a day written YYYY-MM-DD"),
    ("16/07/08", "revision '16/07/08': a revision's date is a day"),
    (20160101, "revision 20160101: a revision's date is a day"),
    (None, "revision without a date: "),
    ("", "revision without a date: "),
    ("2016-02-30", "revision '2016-02-30': not a day on the calendar"),
    ("2016-08-01 24:00", "revision '2016-08-01 24:00': not a time of day"),
])
def test_a_revision_date_that_is_not_a_day_is_refused(when: Any, said: str) -> None:
    with pytest.raises(WikiParseError) as refused:
        toolkit.ruling_history({when: PAGE})
    assert said in str(refused.value)


def test_two_revisions_of_one_day_are_refused_naming_both() -> None:
    with pytest.raises(WikiParseError, match="revision 2016-08-01: the same day as revision '2016-08-01'"):
        toolkit.ruling_history({"2016-08-01": PAGE, dt.date(2016, 8, 1): PAGE.replace("はい", "いいえ")})


def test_days_written_as_dates_or_text_are_the_same_revisions() -> None:
    by_text = toolkit.ruling_history({"2016-08-01": PAGE, "2017-08-01 12:30": "//" + PAGE.replace("\n", "\n//", 1)})
    by_date = toolkit.ruling_history({dt.date(2016, 8, 1): PAGE,
                                      dt.datetime(2017, 8, 1, 12, 30): "//" + PAGE.replace("\n", "\n//", 1)})
    assert by_text.equals(by_date)


def _page(n: int, words: str) -> str:
    return "".join(f"Ｑ：{words}その{i}では《サイクロン》を発動できますか？~\nＡ：はい。(16/07/08)\n" for i in range(n))


def _comparisons(monkeypatch: pytest.MonkeyPatch, n: int) -> int:
    made = []
    real = difflib.SequenceMatcher

    def counting(*args: Any, **kwargs: Any) -> difflib.SequenceMatcher[str]:
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(difflib, "SequenceMatcher", counting)
    toolkit.ruling_history({"2016-01-01": _page(n, "手札調整の後"), "2017-01-01": _page(n, "別の場面")})
    monkeypatch.setattr(difflib, "SequenceMatcher", real)
    return len(made)


def test_following_rewordings_grows_linearly_with_the_entries_of_one_date(monkeypatch: pytest.MonkeyPatch) -> None:
    small, large = _comparisons(monkeypatch, 150), _comparisons(monkeypatch, 300)
    assert large <= 2.5 * small, (small, large)  # every new question against every gone one: 4×


def test_a_reworded_entry_among_many_of_its_date_is_still_followed() -> None:
    old = _page(200, "手札調整の後")
    new = old.replace("手札調整の後その120では", "手札調整を行った後その120では")
    history = toolkit.ruling_history({"2016-01-01": old, "2017-01-01": new})
    assert len(history) == 200
    reworded = history[history["reworded"].map(len) > 0]
    assert reworded["question_ja"].tolist() == ["手札調整を行った後その120では《サイクロン》を発動できますか？"]


@pytest.mark.parametrize("typed", ["page_2017.txt", "saved/page-2017.TXT", "old revisions/ページ.html"])
def test_a_mistyped_revision_file_is_refused_not_read_as_a_page_without_rulings(tmp_path: Any, typed: str) -> None:
    page = tmp_path / "page_2016.txt"
    page.write_text(PAGE, encoding="utf-8")
    # read as the page's text it was a revision without rulings: every ruling "removed since 2017-01-01"
    with pytest.raises(WikiParseError, match=f"revision 2017-01-01: no such page file '{typed}'"):
        toolkit.ruling_history({"2016-01-01": str(page), "2017-01-01": typed})


def test_a_one_line_page_is_still_read_as_text() -> None:
    history = toolkit.ruling_history({"2016-01-01": "Ｑ：《サイクロン》は発動できますか？~ Ａ：はい。(16/07/08)"})
    assert history["question_ja"].tolist() == ["《サイクロン》は発動できますか？"]


@pytest.mark.parametrize("line", ["-《サイクロン》は発動できる。(08/08/03)", "// 編集者のメモ"])
def test_a_one_line_page_with_slashes_is_still_read_as_text(line: str) -> None:
    toolkit.ruling_history({"2016-01-01": line})  # (a date's or a comment's slashes are no path)



def _distinct_questions(n: int) -> list[str]:
    """Questions no two of which are alike (each its own run of kana), in the wiki's Ｑ： style."""
    kana = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわ"
    draw = random.Random(2016)
    return ["".join(draw.choice(kana) for _ in range(30)) for _ in range(n)]


def _entry(question: str) -> str:
    return f"Ｑ：{question}では《サイクロン》を発動できますか？~\nＡ：はい。(16/07/08)\n"


@pytest.mark.parametrize("change", ["many removed above it", "many added above it, many removed below"])
def test_a_reworded_entry_far_from_its_old_place_is_followed(change: str) -> None:
    # a revision that drops (or adds) a hundred entries of the reworded entry's date above it moves it a
    # hundred places: it is still the same ruling reworded, not one removed and a new one
    questions = _distinct_questions(400)
    old = "".join(_entry(q) for q in questions[:300])
    kept = [q + "の時" if i == 150 else q for i, q in enumerate(questions[:300])]
    new = "".join(_entry(q) for q in (kept[110:] if change == "many removed above it" else questions[300:] + kept[:200]))
    history = toolkit.ruling_history({"2016-01-01": old, "2017-01-01": new})
    reworded = history[history["reworded"].map(len) > 0]
    assert reworded["question_ja"].tolist() == [f"{kept[150]}では《サイクロン》を発動できますか？"]
    assert history["question_ja"].str.startswith(questions[150]).sum() == 1  # (not also a removed ruling)


@pytest.mark.parametrize(("line", "questions"), [
    ("Ｑ：《サイクロン》は発動できますか？~ Ａ：はい。(16/07/08) 詳しくは faq.html", ["《サイクロン》は発動できますか？"]),
    ("-《サイクロン》は発動できる。(08/08/03) 出典: https://example.com/faq.html", []),
])
def test_a_one_line_page_ending_in_a_file_suffix_is_still_read_as_text(line: str, questions: list[str]) -> None:
    # a page flattened to one line whose last words name a page (a source cited) is a page, not a mistyped path
    history = toolkit.ruling_history({"2016-01-01": line})
    assert history["question_ja"].tolist() == questions


@pytest.mark.parametrize("when", [(dt.datetime(2016, 8, 1, 9, 30), dt.datetime(2016, 8, 1, 18, 5)),
                                  ("2016-08-01 09:30", "2016-08-01T18:05:00")])
def test_two_edits_of_one_day_at_their_times_are_two_revisions(when: tuple[Any, Any]) -> None:
    # the wiki's history lists each edit with its time, often several a day: their order is known
    morning, evening = when
    history = toolkit.ruling_history({evening: "//" + PAGE.replace("\n", "\n//", 1), morning: PAGE})
    assert history["first_seen"].tolist() == [pd.Timestamp("2016-08-01 09:30")]
    assert history["hidden_since"].tolist() == [pd.Timestamp("2016-08-01 18:05")]
    states = revision_states(history, [morning, evening])
    assert states.iloc[0].tolist() == ["shown", "hidden"]


def test_one_moment_given_twice_is_refused() -> None:
    with pytest.raises(WikiParseError, match="revision '2016-08-01 09:30': the same moment as revision 2016-08-01 09:30; give"):
        toolkit.ruling_history({dt.datetime(2016, 8, 1, 9, 30): PAGE, "2016-08-01 09:30": PAGE})
