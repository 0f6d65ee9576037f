"""A page's revisions as ruling history: what each ruling is in each revision (shown, reworded,
hidden, gone), the later answers the history suggests as replacements, and the chart — on three
revisions of a page written for these tests in the wiki's style."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from toolkit.data.page_history import proposed_supersessions, revision_states, ruling_history
from toolkit.present.page_chart import page_history_chart

FOLDER = Path(__file__).resolve().parents[1] / "notebooks" / "page_revisions"  # notebook 09 reads them too
REVISIONS = {p.stem: p for p in sorted(FOLDER.glob("*.txt"))}
ADJUST, CYCLONE_OLD, CYCLONE_NEW, EIGHT = (
    "エンドフェイズに手札が７枚ある場合、何が起こりますか？", "手札調整を行った後、《サイクロン》を発動できますか？",
    "手札調整を行った後に、《サイクロン》を発動することはできますか？", "手札が８枚の場合、捨てる２枚は１枚ずつ選びますか？")


def test_each_ruling_is_followed_through_the_revisions() -> None:
    history = ruling_history(REVISIONS)
    states = revision_states(history, REVISIONS)
    assert states.to_dict("index") == {
        ADJUST: dict(zip(states.columns, ["shown", "reworded", "shown"])),  # its question written anew in 2016
        CYCLONE_OLD: dict(zip(states.columns, ["shown", "hidden", "absent"])),
        CYCLONE_NEW: dict(zip(states.columns, ["absent", "shown", "shown"])),
        EIGHT: dict(zip(states.columns, ["absent", "absent", "shown"])),
    }
    adjust = history.set_index("question_ja").loc[ADJUST]
    assert adjust["reworded"] == ["2016-09-01"] and pd.isna(adjust["removed_since"])


def test_a_hidden_ruling_with_a_later_answer_to_the_same_question_is_proposed_as_replaced() -> None:
    proposed = proposed_supersessions(ruling_history(REVISIONS))
    assert proposed[["old", "new"]].values.tolist() == [[CYCLONE_OLD, CYCLONE_NEW]]
    assert str(proposed.loc[0, "since"].date()) == "2016-09-01" and proposed.loc[0, "similarity"] >= 0.6
    assert proposed_supersessions(ruling_history(REVISIONS), similarity=0.95).empty  # a threshold, not a rule


def test_the_chart_has_a_cell_per_ruling_and_revision_labelled_in_japanese() -> None:
    chart = page_history_chart(ruling_history(REVISIONS), REVISIONS)
    assert len(chart.data) == 4 * 3 and set(chart.data["state"]) == {"shown", "reworded", "hidden", "absent"}
    texts = chart.texts()
    assert any(t.startswith("手札調整を行った後") for t in texts) and "hidden by the editors" in texts
    assert chart.png()[:8] == b"\x89PNG\r\n\x1a\n"
