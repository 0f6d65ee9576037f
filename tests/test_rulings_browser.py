"""The rulings browser: filters by card (Japanese, English, hiragana,
half-width), topic, status and dates; a chosen ruling shows its chain and
the engine's check of it."""

from __future__ import annotations

import datetime

import pytest

pytest.importorskip("ipywidgets")

from toolkit.data import load_rulings  # noqa: E402
from toolkit.widgets.rulings_browser import RulingsBrowser  # noqa: E402

SIGN = {"ocg-130330-catsith-hysteric-sign", "ocg-130330-hysteric-sign-adjustment",
        "ocg-160708-hysteric-sign-adjustment", "ocg-170305-catsith-hysteric-sign"}


@pytest.fixture(scope="module")
def browser() -> RulingsBrowser:
    return RulingsBrowser(load_rulings())


def _reset(b: RulingsBrowser) -> None:
    b.card.value, b.topic.value, b.status.value = "", "", ""
    b.start.value = b.end.value = None
    b.undated.value = True


@pytest.mark.parametrize("query", ["ヒステリック・サイン", "Hysteric Sign", "ひすてりっく・さいん", "ﾋｽﾃﾘｯｸ", "hysteric"])
def test_a_card_in_any_writing_finds_its_rulings(browser: RulingsBrowser, query: str) -> None:
    _reset(browser)
    browser.card.value = query
    assert set(browser.result["ruling_id"]) == SIGN
    assert browser.message.value == "4 of 53 rulings (card ヒステリック・サイン)"


def test_an_unknown_card_finds_nothing_and_suggests_the_nearest(browser: RulingsBrowser) -> None:
    _reset(browser)
    browser.card.value = "hysteric sing"
    assert browser.result.empty
    assert "did you mean ヒステリック・サイン" in browser.message.value


def test_topic_status_and_dates_filter_together(browser: RulingsBrowser) -> None:
    _reset(browser)
    rulings = load_rulings()
    browser.topic.value = "hand_size_adjustment"
    browser.status.value = "superseded"
    browser.start.value = datetime.date(2014, 1, 1)
    browser.end.value = datetime.date(2015, 12, 31)
    browser.undated.value = False
    expected = rulings[(rulings["topic"] == "hand_size_adjustment") & (rulings["status"] == "superseded")
                       & (rulings["date"] >= "2014-01-01") & (rulings["date"] <= "2015-12-31")]
    assert len(expected) > 0
    assert list(browser.result["ruling_id"]) == sorted(expected["ruling_id"])
    browser.undated.value = True
    assert set(browser.result["ruling_id"]) > set(expected["ruling_id"])
    assert browser.result["date"].isna().any()


def test_choosing_a_ruling_shows_its_chain_and_its_check(browser: RulingsBrowser) -> None:
    _reset(browser)
    browser.card.value = "Hysteric Sign"
    browser.choice.value = "ocg-130330-hysteric-sign-adjustment"
    assert list(browser.chain["ruling_id"]) == ["ocg-130330-hysteric-sign-adjustment",
                                                 "ocg-160708-hysteric-sign-adjustment"]
    assert browser.check["ruleset"] == "ocg@2013-03-30"
    assert (browser.check["expected"], browser.check["answer"], browser.check["today_answer"]) == ("yes", "yes", "no")
    assert browser.check["verified"] is True
    assert "verified: under ocg@2013-03-30 the engine answers yes" in browser.detail.value
    assert "はい、できます。" in browser.detail.value
    browser.card.value = "Effect Veiler"  # the chosen ruling is filtered out: nothing is shown
    assert browser.choice.value is None and browser.detail.value == "" and browser.chain.empty


def test_a_ruling_the_engine_does_not_model_says_why() -> None:
    rulings = load_rulings()
    browser = RulingsBrowser(rulings)
    browser.choice.value = "ocg-120928-pass-for-opponent-trap-call-judge"
    assert "Not run by the engine: How a declaration is worded" in browser.detail.value
