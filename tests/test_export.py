"""The ruling-article export: content, wiki round trip, atomic files, refusals."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pytest

from toolkit.data import QueryError, load_rulings
from toolkit.export import (
    ArticleExample,
    ExportError,
    RulingArticle,
    article_markdown,
    article_wiki,
    build_article,
    default_user_folder,
    export_article,
    safe_stem,
    write_text_atomic,
)
from toolkit.resources import dataset_root
from toolkit.wiki import parse_faq

SIGN = "ヒステリック・サイン"


def _fake_example(name: str, card: str) -> ArticleExample:
    trace = pd.DataFrame(
        {
            "step": [1, 2],
            "actor": ["A", "B"],
            "action": ["Pass()", "Pass()"],
            "rule": ["R7", "R7"],
            "reason": ["TP passes | nothing to do", "NTP passes"],
        }
    )
    return ArticleExample(
        name=name, title=f"title of {name}", rules="2013-03-30", rulings=("ocg-130330-x",),
        outcome="A.graveyard: X", card_activated=name.endswith("yes"), trace=trace,
    )


@pytest.fixture(scope="module")
def sign_article() -> RulingArticle:
    return build_article("hysteric sign", examples=["ex_yes", "ex_no"], run_example=_fake_example)


def test_article_finds_the_card_by_english_name_and_lists_every_ruling_naming_it(sign_article: RulingArticle) -> None:
    rulings = load_rulings()
    naming = {str(r) for r, cards in zip(rulings["ruling_id"], rulings["cards"]) if SIGN in cards}
    assert sign_article.card == SIGN
    assert sign_article.card_en == "Hysteric Sign"
    assert set(sign_article.rulings["ruling_id"]) == naming
    dates = sign_article.rulings["date"].dropna()
    assert list(dates) == sorted(dates), "rulings are oldest first"


def test_history_names_what_replaced_each_superseded_ruling(sign_article: RulingArticle) -> None:
    history = sign_article.history.set_index("ruling_id")
    assert history.loc["ocg-130330-hysteric-sign-adjustment", "ended_by"] == "ocg-160708-hysteric-sign-adjustment"
    assert history.loc["ocg-130330-hysteric-sign-adjustment", "ended_on"] == pd.Timestamp("2016-07-08")
    assert history.loc["ocg-130330-hysteric-sign-adjustment", "successor_verdict"] == "no"
    assert "ocg-160708-hysteric-sign-adjustment" not in history.index, "current rulings are not history"


def test_markdown_quotes_rulings_with_dates_and_shows_history_and_examples(sign_article: RulingArticle) -> None:
    text = article_markdown(sign_article)
    assert text.startswith("# ヒステリック・サイン (Hysteric Sign)\n")
    assert "### 2016-07-08 — `ocg-160708-hysteric-sign-adjustment`" in text
    assert "> Ａ：発動しません。" in text
    assert "replaced by `ocg-160708-hysteric-sign-adjustment` (2016-07-08, no)" in text
    assert "### title of ex_yes" in text and "effect is **activated**" in text
    assert "effect is **not activated**" in text
    # the trace is a Markdown table; a pipe inside a cell is escaped
    assert "| step | actor | action | rule | reason |" in text
    assert "TP passes \\| nothing to do" in text
    assert "00:00:00" not in text, "dates are shown as days"


def test_markdown_cites_each_ruling_by_the_wiki_page_url_and_page_name(sign_article: RulingArticle) -> None:
    text = article_markdown(sign_article)
    end_phase = "https://yugioh-wiki.net/index.php?%A5%A8%A5%F3%A5%C9%A5%D5%A5%A7%A5%A4%A5%BA"
    assert f"Source: [エンドフェイズ: 手札調整について]({end_phase}#faq1)" in text
    sources = [line for line in text.splitlines() if line.startswith("Source: ")]
    assert len(sources) == len(sign_article.rulings)
    assert all("](https://" in line and ".txt" not in line for line in sources)


def test_wiki_markup_parses_back_to_the_rulings_with_superseded_ones_commented_out(sign_article: RulingArticle) -> None:
    text = article_wiki(sign_article)
    assert text.startswith("***《ヒステリック・サイン》について\n")
    entries = parse_faq(text, source="export")
    faq_rows = sign_article.rulings[sign_article.rulings["question_ja"].notna()]
    assert len(entries) == len(faq_rows)
    written = sorted((e.date.isoformat(), e.question_ja, e.answer_ja, e.hidden) for e in entries if e.date)
    expected = sorted(
        (pd.Timestamp(row["date"]).date().isoformat(), row["question_ja"], row["answer_ja"], row["status"] != "current")
        for _, row in faq_rows.iterrows()
    )
    assert written == expected
    hidden = [e for e in entries if e.hidden]
    assert hidden and all(any("superseded by" in note for note in e.notes) for e in hidden)


def test_a_replaced_ruling_sits_right_below_its_successor_in_the_wiki(sign_article: RulingArticle) -> None:
    entries = parse_faq(article_wiki(sign_article))
    dates = [(e.hidden, e.date.isoformat() if e.date else None) for e in entries]
    new = dates.index((False, "2016-07-08"))
    assert dates[new + 1] == (True, "2013-03-30")


def test_export_writes_both_files_into_the_user_folder(sign_article: RulingArticle, tmp_path: Path) -> None:
    out = export_article(sign_article, tmp_path / "articles")
    assert out.markdown.read_text(encoding="utf-8") == article_markdown(sign_article)
    assert out.wiki.read_text(encoding="utf-8") == article_wiki(sign_article)
    assert out.markdown.name == "ヒステリック・サイン-hysteric-sign.md"
    assert out.wiki.name == "ヒステリック・サイン-hysteric-sign.wiki.txt"
    assert sorted(p.name for p in out.markdown.parent.iterdir()) == sorted([out.markdown.name, out.wiki.name])


def test_export_never_overwrites_unless_asked(sign_article: RulingArticle, tmp_path: Path) -> None:
    first = export_article(sign_article, tmp_path)
    first.markdown.write_text("my edits", encoding="utf-8")
    with pytest.raises(ExportError, match="file exists"):
        export_article(sign_article, tmp_path)
    assert first.markdown.read_text(encoding="utf-8") == "my edits", "nothing was lost"
    again = export_article(sign_article, tmp_path, overwrite=True)
    assert again.markdown.read_text(encoding="utf-8") == article_markdown(sign_article)


def test_export_refuses_the_packaged_datasets_folder(sign_article: RulingArticle) -> None:
    datasets = Path(str(dataset_root()))
    before = sorted(p.name for p in datasets.iterdir())
    with pytest.raises(ExportError, match="datasets"):
        export_article(sign_article, datasets / "articles")
    with pytest.raises(ExportError, match="datasets"):
        write_text_atomic(datasets / "x.md", "x")
    assert sorted(p.name for p in datasets.iterdir()) == before


def test_atomic_write_leaves_no_temporary_file_and_keeps_the_old_file_on_failure(tmp_path: Path) -> None:
    target = tmp_path / "a.md"
    write_text_atomic(target, "one\n")
    assert target.read_text(encoding="utf-8") == "one\n"

    with pytest.raises(TypeError):
        write_text_atomic(target, 42, overwrite=True)  # type: ignore[arg-type]
    assert target.read_text(encoding="utf-8") == "one\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.md"], "the temporary file is removed"


def test_missing_folder_for_a_single_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="folder does not exist"):
        write_text_atomic(tmp_path / "nope" / "a.md", "x")


def test_unknown_card_is_a_clear_error() -> None:
    with pytest.raises(QueryError, match="Unknown card 「No Such Card」 — did you mean"):
        build_article("No Such Card", examples=[], run_example=_fake_example)


def test_default_user_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(tmp_path / "mine"))
    assert default_user_folder() == tmp_path / "mine"
    monkeypatch.delenv("ENDPHASE_USER_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_user_folder() == Path(os.path.expanduser("~")) / "endphase-scenarios"


def test_safe_stem_cannot_leave_the_folder() -> None:
    assert "/" not in safe_stem("../../etc/passwd") and not safe_stem("../x").startswith(".")
    assert safe_stem("") == "article"


# --------------------------------------------------------------------------
# With the real engine
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def engine_article() -> RulingArticle:
    return build_article(SIGN)


def test_examples_are_the_shipped_scenarios_citing_the_cards_rulings_not_used_by_checks(
    engine_article: RulingArticle,
) -> None:
    from toolkit.ocg.scenario import list_seed_scenarios, seed_scenario

    ids = set(engine_article.rulings["ruling_id"])
    checked = {s for c in engine_article.checks for s in c.scenarios}
    citing = [n for n in list_seed_scenarios() if ids.intersection(seed_scenario(n).rulings) and n not in checked]
    assert [e.name for e in engine_article.examples] == citing
    assert {"hysteric_sign_adjustment_2013", "hysteric_sign_adjustment_2016"} <= set(citing)


def test_every_ruling_with_a_check_is_run_and_the_engine_agrees(engine_article: RulingArticle) -> None:
    rulings = engine_article.rulings
    with_check = rulings[rulings["check"].notna() & rulings["expected"].notna()]
    table = engine_article.checks_table()
    assert list(table["ruling_id"]) == list(with_check["ruling_id"])
    assert list(table["expected"]) == [str(v) for v in with_check["expected"]]
    assert table["agrees"].all()
    by_id = {c.ruling_id: c for c in engine_article.checks}
    old = by_id["ocg-130330-hysteric-sign-adjustment"]
    assert (old.rules, old.engine) == ("ocg@2013-03-30", "yes")
    assert by_id["ocg-160708-hysteric-sign-adjustment"].engine == "no"
    assert old.today == "no", "under today's rules the 2013 answer no longer holds"
    assert old.decided_by.startswith("H5"), old.decided_by
    # the line that shows "yes" activates Hysteric Sign's effect after the adjustment
    actions = list(old.line["action"])
    assert any("ヒステリック・サイン" in a and a.startswith("Perform") for a in actions)
    text = article_markdown(engine_article)
    assert "## Engine checks of the rulings" in text
    assert "### `ocg-160708-hysteric-sign-adjustment` — the engine agrees" in text


def test_a_disagreeing_check_is_spelled_out(engine_article: RulingArticle) -> None:
    import dataclasses

    first = engine_article.checks[0]
    flipped = dataclasses.replace(first, engine="no" if first.expected == "yes" else "yes")
    article = dataclasses.replace(engine_article, checks=(flipped,))
    assert not flipped.agrees
    assert f"### `{first.ruling_id}` — the engine DISAGREES" in article_markdown(article)


def test_the_engine_agrees_with_the_ruling_in_force_on_each_examples_date(engine_article: RulingArticle) -> None:
    by_name = {e.name: e for e in engine_article.examples}
    old, new = by_name["hysteric_sign_adjustment_2013"], by_name["hysteric_sign_adjustment_2016"]
    assert (old.card_activated, old.expected, old.expected_from) == (True, "yes", "ocg-130330-hysteric-sign-adjustment")
    assert (new.card_activated, new.expected, new.expected_from) == (False, "no", "ocg-160708-hysteric-sign-adjustment")
    checked = [e for e in engine_article.examples if e.agrees is not None]
    assert len(checked) >= 4 and all(e.agrees for e in checked)
    assert len(old.trace) > 0 and {"step", "action", "rule", "reason"} <= set(old.trace.columns)


def test_an_example_without_the_card_makes_no_activation_claim(engine_article: RulingArticle) -> None:
    worm = next(e for e in engine_article.examples if e.name == "worm_beast_grimoire_today")
    assert not worm.card_in_scenario and worm.agrees is None
    text = article_markdown(engine_article)
    section = text.split("### The Wicked Worm Beast", 1)[1].split("###", 1)[0]
    assert "effect is" not in section


def test_a_disagreement_is_spelled_out(sign_article: RulingArticle) -> None:
    import dataclasses

    wrong = dataclasses.replace(
        sign_article.examples[0], card_activated=True, expected="no", expected_from="ocg-160708-hysteric-sign-adjustment"
    )
    article = dataclasses.replace(sign_article, examples=(wrong,))
    assert wrong.agrees is False
    assert "DISAGREES with `ocg-160708-hysteric-sign-adjustment` (answer: no)" in article_markdown(article)


def test_an_article_on_a_duel_masters_card_runs_its_checks_and_examples() -> None:
    article = build_article("夢見がちモッフル")
    text = article_markdown(article)
    assert "dm-qa-zanjibar-moffle-simultaneous" in text
    assert "engine (rules `duel_masters`, scenario `duel_masters/dm_moffle_zanjibar`): **no**" in text
    assert "Scenario `dm_moffle_zanjibar`, rules of duel_masters" in text
    assert '| 2 | game | Go on (the game moves by itself) | [<abbr title="D2(6) — Durations end and the next turn starts:' in text
    assert "Proceed()" not in text and '<a id="rule-duel_masters-D2-6"></a>**D2(6)**' in text


def test_article_sentences_end_in_one_full_stop() -> None:
    """A status note that ends in a full stop is not given a second one."""
    import re

    from toolkit.export import article_markdown, build_article

    markdown = article_markdown(build_article("Hysteric Sign"))
    assert "note: Commented out right under the 17/03/05 answer to the same question." in markdown
    assert re.findall(r"[^.]\.\.(?!\.)", markdown) == []
