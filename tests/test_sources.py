"""Every quoted source is named: each rulings and events row cites its page's URL (or says why it
has none), and NOTICE and the docs' data page name every wiki the rows cite."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

from toolkit.data import load_events, load_rulings
from toolkit.wiki import cited, says_why_no_url

ROOT = Path(__file__).resolve().parent.parent


def places_without_a_reason(table: pd.DataFrame, key: str) -> list[str]:
    """The rows with a cited place that has no URL and does not say why."""
    return [f"{row[key]}: {label}" for _, row in table.iterrows()
            for label, url in cited(str(row["source"])) if url is None and not says_why_no_url(label)]


@pytest.mark.parametrize(("load", "key"), [(load_rulings, "ruling_id"), (load_events, "event_id")])
def test_every_row_cites_a_url_or_says_why_it_has_none(load: object, key: str) -> None:
    table = load()  # type: ignore[operator]
    assert not places_without_a_reason(table, key)
    assert all(cited(str(s)) for s in table["source"]), "a row cites no place at all"


def test_a_place_without_a_url_or_a_reason_is_caught() -> None:
    table = pd.DataFrame({"ruling_id": ["a", "b"], "source": ["https://dmwiki.net/x (x)", "page title unknown (x)"]})
    assert places_without_a_reason(table, "ruling_id") == ["b: page title unknown (x)"]


def test_notice_and_the_data_page_name_every_wiki_the_rows_cite() -> None:
    sites = {re.match(r"https?://[^/]+/", url).group(0)  # type: ignore[union-attr]
             for table in (load_rulings(), load_events()) for s in table["source"]
             for _, url in cited(str(s)) if url}
    assert {"https://yugioh-wiki.net/", "https://dmwiki.net/"} <= sites
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    page = (ROOT / "docs" / "data.md").read_text(encoding="utf-8")
    for site in sites:
        assert site in notice, f"NOTICE does not name {site}"
        assert f"]({site})" in page, f"docs/data.md does not link {site}"
    assert "terms" in notice and "terms" in page
