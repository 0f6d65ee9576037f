"""The packaged tables: their dtypes, their format, and the helpers on real data."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import toolkit
from toolkit.data import (
    CARDS_SCHEMA,
    EVENTS_SCHEMA,
    LIST_DTYPE,
    RULINGS_SCHEMA,
    QueryError,
    TableSchema,
    card_rulings_long,
    check_datasets,
    load_cards,
    load_events,
    load_rulings,
    resolve_card,
    rulings_about,
    rulings_in_force,
    rulings_per_year_topic,
    supersession_chain,
    supersessions,
    to_contract_csv,
    validate_datasets,
)

DATASETS = Path(__file__).resolve().parent.parent / "datasets"

# The dtype every column must have, written out independently of the schema
# so that a wrong schema entry is caught too.
EXPECTED_DTYPES = {
    "rulings.csv": {
        "ruling_id": "string",
        "game": "category",
        "kind": "category",
        "date": "datetime64[ns]",
        "date_precision": "category",
        "date_note": "string",
        "topic": "category",
        "cards": "object",
        "question_ja": "string",
        "answer_ja": "string",
        "summary_en": "string",
        "verdict": "category",
        "status": "category",
        "superseded_by": "string",
        "obsoleted_by_event": "string",
        "status_note": "string",
        "hidden_in_source": "bool",
        "source": "string",
        "source_file": "object",
        "scenario": "object",
        "ruleset": "string",
        "check": "string",
        "expected": "category",
        "check_en": "string",
        "not_modelled_reason": "string",
        "vacuous_reason": "string",
        "possibly_incomplete": "boolean",
        "quoted_passage": "string",
        "editors_notes": "string",
        "page_card": "string",
        "import_warnings": "string",
    },
    "cards.csv": {
        "name_ja": "string",
        "name_en": "string",
        "game": "category",
        "card_type": "category",
        "subtype": "string",
        "end_phase_effect": "category",
        "during_end_phase_trigger": "boolean",
        "sent_to_gy_trigger": "boolean",
        "duration_before_2014": "category",
        "duration_after_2014": "category",
        "notes_en": "string",
    },
    "events.csv": {
        "event_id": "string",
        "date": "datetime64[ns]",
        "date_precision": "category",
        "date_note": "string",
        "game": "category",
        "kind": "category",
        "title_en": "string",
        "description_en": "string",
        "source": "string",
    },
}

EXPECTED_CATEGORIES = {
    ("rulings.csv", "game"): ["ocg", "duel_masters"],
    ("rulings.csv", "kind"): ["faq", "example", "rulebook", "worked_example", "official_qa", "prose_ruling"],
    ("rulings.csv", "date_precision"): ["day", "month", "year", "inferred", "none"],
    ("rulings.csv", "topic"): [
        "hand_size_adjustment",
        "end_phase_order",
        "end_of_turn",
        "errata_2014",
        "phase_transition",
        "turn_end_step",
    ],
    ("rulings.csv", "verdict"): ["yes", "no", "conditional", "under_review", "explanation", "unknown"],
    ("rulings.csv", "status"): ["current", "superseded", "retracted"],
    ("cards.csv", "game"): ["ocg", "duel_masters"],
    ("cards.csv", "card_type"): ["monster", "spell", "trap", "creature", "other"],
    ("cards.csv", "end_phase_effect"): ["none", "mandatory", "optional"],
    ("cards.csv", "duration_before_2014"): ["until_end_phase", "until_end_of_turn", "this_turn", "none"],
    ("cards.csv", "duration_after_2014"): ["until_end_phase", "until_end_of_turn", "this_turn", "none"],
    ("events.csv", "date_precision"): ["day", "month", "year", "inferred", "none"],
    ("events.csv", "game"): ["ocg", "tcg", "duel_masters"],
    ("events.csv", "kind"): ["errata", "rulebook", "tournament_rule", "ruling_principle", "product_release"],
}

REQUIRED_EVENTS = {
    "errata-2014-07-10",
    "faq-2017-03-fid8021",
    "rulebook-mr3-v1.0",
    "rulebook-mr3-v1.1",
    "rulebook-v3.0",
    "tcg-time-limit-2018-06-01",
    "grimoire-release",
    "dm-comprehensive-rules-511",
    "h5-end-phase-triggers-2016-07-08",
    "h3-chained-triggers-2023-01-16",
    "h2-adjustment-triggers-2008-08-03",
    "e1-turn-end-triggers-2017-03",
}

LOADERS = {"rulings.csv": load_rulings, "cards.csv": load_cards, "events.csv": load_events}
SCHEMAS: dict[str, TableSchema] = {s.file: s for s in (RULINGS_SCHEMA, CARDS_SCHEMA, EVENTS_SCHEMA)}


@pytest.fixture(scope="module")
def rulings() -> pd.DataFrame:
    return load_rulings()


@pytest.fixture(scope="module")
def cards() -> pd.DataFrame:
    return load_cards()


@pytest.fixture(scope="module")
def events() -> pd.DataFrame:
    return load_events()


def one_id(rulings: pd.DataFrame, date: str, card: str) -> str:
    """The id of the single ruling of that date that names that card and no other."""
    rows = rulings[(rulings["date"] == pd.Timestamp(date)) & rulings["cards"].map(lambda c: c == [card])]
    assert len(rows) == 1, rows["ruling_id"].tolist()
    return str(rows["ruling_id"].iloc[0])


# ---------------------------------------------------------------- dtypes


@pytest.mark.parametrize("file", sorted(EXPECTED_DTYPES))
def test_every_column_has_its_declared_dtype(file: str) -> None:
    frame = LOADERS[file]()
    expected = EXPECTED_DTYPES[file]
    assert list(frame.columns) == list(expected)
    for column, dtype in expected.items():
        assert str(frame[column].dtype) == dtype, column
        assert frame[column].dtype == SCHEMAS[file].column(column).dtype, column


def test_string_columns_use_pd_na() -> None:
    cards = load_cards()
    assert cards["name_en"].dtype == pd.StringDtype("python")
    missing = cards.loc[cards["game"] == "duel_masters", "name_en"]
    assert missing.isna().all() and missing.iloc[0] is pd.NA


@pytest.mark.parametrize(("file", "column"), sorted(EXPECTED_CATEGORIES))
def test_categories_are_the_declared_ones(file: str, column: str) -> None:
    frame = LOADERS[file]()
    assert list(frame[column].cat.categories) == EXPECTED_CATEGORIES[(file, column)]
    assert not frame[column].cat.ordered


def test_cards_column_holds_python_lists_of_str(rulings: pd.DataFrame) -> None:
    assert all(isinstance(v, list) for v in rulings["cards"])
    assert all(isinstance(n, str) for v in rulings["cards"] for n in v)
    assert any(len(v) == 0 for v in rulings["cards"]), "rulebook rows name no card"


def test_dates_are_midnight_and_nat_only_when_undated(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    for frame in (rulings, events):
        dated = frame["date"].dropna()
        assert (dated == dated.dt.normalize()).all()
        assert (frame["date"].isna() == (frame["date_precision"] == "none")).all()


def test_loaders_return_fresh_frames(rulings: pd.DataFrame) -> None:
    again = load_rulings()
    again.loc[0, "summary_en"] = "changed"
    again["cards"].iloc[0].append("changed")
    assert load_rulings().equals(rulings)


# ---------------------------------------------------------------- packaged files


def test_packaged_datasets_validate() -> None:
    report = check_datasets()
    assert report.ok, str(report)
    validate_datasets()


@pytest.mark.parametrize("name", ["rulings", "cards", "events"])
def test_packaged_files_follow_the_csv_contract(name: str) -> None:
    raw = (DATASETS / f"{name}.csv").read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf"), "no BOM"
    assert b"\r" not in raw, "\\n line ends"
    raw.decode("utf-8")
    frame = LOADERS[f"{name}.csv"]()
    key = SCHEMAS[f"{name}.csv"].key
    assert frame[key].tolist() == sorted(frame[key]), "rows sorted by the key"
    assert to_contract_csv(frame, name) == raw.decode("utf-8"), "canonical form (quoting, booleans, dates)"


def test_written_csv_loads_back_equal(tmp_path: Path, rulings: pd.DataFrame) -> None:
    path = tmp_path / "rulings.csv"
    path.write_text(to_contract_csv(rulings, "rulings"), encoding="utf-8")
    assert load_rulings(path).equals(rulings)


def test_events_have_the_ids_other_modules_reference(events: pd.DataFrame) -> None:
    assert REQUIRED_EVENTS <= set(events["event_id"])
    by_id = events.set_index("event_id")
    assert by_id.at["errata-2014-07-10", "date"] == pd.Timestamp("2014-07-10")
    assert by_id.at["faq-2017-03-fid8021", "date_precision"] == "month"
    assert by_id.at["faq-2017-03-fid8021", "date"] == pd.Timestamp("2017-03-01")
    assert by_id.at["tcg-time-limit-2018-06-01", "game"] == "tcg"
    assert pd.isna(by_id.at["grimoire-release", "date"])
    assert pd.isna(by_id.at["dm-comprehensive-rules-511", "date"])
    assert by_id.at["dm-comprehensive-rules-511", "game"] == "duel_masters"
    for principle in ("h5-end-phase-triggers-2016-07-08", "h3-chained-triggers-2023-01-16",
                      "h2-adjustment-triggers-2008-08-03", "e1-turn-end-triggers-2017-03"):
        assert by_id.at[principle, "kind"] == "ruling_principle"


def test_inferred_dates_are_marked_and_say_how(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    """Dates the sources do not give are 'inferred', with the reasoning in date_note."""
    inferred = events[events["date_precision"] == "inferred"]
    assert set(inferred["event_id"]) == {"h2-adjustment-triggers-2008-08-03", "rulebook-mr3-v1.0"}
    for table in (rulings, events):
        rows = table[table["date_precision"] == "inferred"]
        assert rows["date"].notna().all()
        assert rows["date_note"].str.startswith("Inferred by the project").all()
    # A ruling's date is the one printed next to it: never inferred.
    assert not (rulings["date_precision"] == "inferred").any()
    assert events.set_index("event_id").at["h2-adjustment-triggers-2008-08-03", "date"] == pd.Timestamp("2008-08-03")


def test_sources_cite_pages_a_reader_can_open(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    """A ``source`` cell cites the wiki page (URL, page name, section), never the
    name of the copy the project read it from."""
    from toolkit.wiki import cited, says_why_no_url

    for table in (rulings, events):
        assert not table["source"].str.contains(r"\d{3}_[0-9a-f]{16}\.txt").any()
        for source in table["source"]:
            places = cited(source)
            assert places and all(url is not None or says_why_no_url(label) for label, url in places), source


def test_project_inferences_say_so(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    """Statements the sources do not make are gone or marked as the project's."""
    by_event = events.set_index("event_id")
    assert "unaffected" not in by_event.at["tcg-time-limit-2018-06-01", "description_en"]
    assert by_event.at["tcg-time-limit-2018-06-01", "source"].endswith("#g0391b70 (フェイズ: 関連リンク)")
    assert "earlier" not in by_event.at["rulebook-v3.0", "description_en"].lower()
    peten = rulings.set_index("ruling_id").at["ocg-130608-catsith-peten", "status_note"]
    assert "Inferred by the project" in peten
    for text in [*events["description_en"], *events["date_note"].dropna(), *rulings["status_note"].dropna()]:
        assert "seed" not in text.lower(), text


def test_every_card_a_ruling_names_is_in_cards_csv(rulings: pd.DataFrame, cards: pd.DataFrame) -> None:
    named = {n for names in rulings["cards"] for n in names}
    assert named <= set(cards["name_ja"])


def test_card_names_keep_full_width_characters(cards: pd.DataFrame) -> None:
    names = set(cards["name_ja"])
    assert "ＴＧ ストライカー" in names and "TG ストライカー" not in names
    assert "アルカナフォースＸＸＩ−ＴＨＥ ＷＯＲＬＤ" in names
    assert all("《" not in n and "》" not in n for n in names)
    # no two keys differ only by width/case: such a pair would be a typo
    folded = [unicodedata.normalize("NFKC", n).casefold() for n in names]
    assert len(folded) == len(set(folded))


def test_duel_masters_cards_are_creature_or_other(cards: pd.DataFrame) -> None:
    dm = cards[cards["game"] == "duel_masters"]
    assert len(dm) > 0
    assert set(dm["card_type"]) <= {"creature", "other"}
    assert set(cards.loc[cards["game"] == "ocg", "card_type"]) <= {"monster", "spell", "trap"}


# ---------------------------------------------------------------- helpers on the real data


def test_supersession_chain_of_the_hysteric_sign_ruling(rulings: pd.DataFrame) -> None:
    old = one_id(rulings, "2013-03-30", "ヒステリック・サイン")
    new = one_id(rulings, "2016-07-08", "ヒステリック・サイン")
    chain = supersession_chain(old, rulings)
    assert chain["ruling_id"].tolist() == [old, new]
    assert list(chain.columns) == list(rulings.columns)
    # from the successor, every ruling it replaced comes before it
    back = supersession_chain(new, rulings)["ruling_id"].tolist()
    assert back[-1] == new and old in back
    replaced = set(rulings.loc[rulings["superseded_by"] == new, "ruling_id"])
    assert set(back) == replaced | {new}


def test_supersession_chain_orders_predecessors_first(rulings: pd.DataFrame) -> None:
    for rid in rulings["ruling_id"]:
        chain = supersession_chain(rid, rulings)
        position = {r: i for i, r in enumerate(chain["ruling_id"])}
        assert rid in position
        for r, succ in zip(chain["ruling_id"], chain["superseded_by"]):
            if isinstance(succ, str):
                assert position[r] < position[succ]


def test_supersession_chain_of_a_ruling_alone(rulings: pd.DataFrame) -> None:
    manticore = one_id(rulings, "2013-03-30", "暗黒のマンティコア")
    assert supersession_chain(manticore, rulings)["ruling_id"].tolist() == [manticore]


def test_supersession_chain_unknown_id(rulings: pd.DataFrame) -> None:
    with pytest.raises(QueryError, match="ocg-000000-nothing"):
        supersession_chain("ocg-000000-nothing", rulings)


def test_rulings_about_by_japanese_and_english_name(rulings: pd.DataFrame) -> None:
    ja = rulings_about("ヒステリック・サイン", rulings)
    en = rulings_about("Hysteric Sign", rulings)
    assert ja.equals(en)
    assert len(ja) >= 4  # 13/03/30 and 16/07/08 alone, 13/03/30 and 17/03/05 with Catsith
    assert all("ヒステリック・サイン" in c for c in ja["cards"])
    assert ja["date"].dropna().is_monotonic_increasing
    expected = int(rulings["cards"].map(lambda c: "ヒステリック・サイン" in c).sum())
    assert len(ja) == expected


@pytest.mark.parametrize(
    ("card", "about"),
    [
        # 15/10/23 names Graff; 15/10/26 asks about "the effect above" (Graff's).
        ("彼岸の悪鬼 グラバースニッチ", {"ocg-151023-graff-breakthrough-skill", "ocg-151026-ua-perfect-ace-at-turn-end"}),
        # The three 17/10/26 entries; the third asks about "the case above" (Farfa under Chalice, Skull Invitation).
        ("彼岸の悪鬼 ファーファレル", {"ocg-171026-farfa-macro-cosmos", "ocg-171026-farfa-skull-invitation",
                                      "ocg-171026-farfa-damage-pikeru-des-wombat"}),
        # The second dragheart example is set "with Harridelberg in play".
        ("Dの地獄 ハリデルベルグ", {"dm-example-hellfuez-harridelberg-no-flip"}),
        # Both dragheart examples have Desgoros destroy the opponent's creature.
        ("極・魔壊王 デスゴロス", {"dm-example-hellfuez-flips", "dm-example-hellfuez-harridelberg-no-flip"}),
    ],
)
def test_rulings_about_finds_every_ruling_that_concerns_the_card(rulings: pd.DataFrame, card: str, about: set[str]) -> None:
    assert set(rulings_about(card, rulings)["ruling_id"]) == about


def test_rulings_about_ignores_width_and_brackets(rulings: pd.DataFrame) -> None:
    assert rulings_about("《TG ストライカー》", rulings)["ruling_id"].tolist() == (
        rulings_about("ＴＧ ストライカー", rulings)["ruling_id"].tolist()
    )
    assert resolve_card("t.g. striker") == "ＴＧ ストライカー"


def test_rulings_about_an_unknown_card_suggests_names(rulings: pd.DataFrame) -> None:
    with pytest.raises(QueryError, match="Hysteric Sign"):
        rulings_about("Hysteric Sigh", rulings)


def test_card_rulings_long_has_one_row_per_ruling_and_card(rulings: pd.DataFrame) -> None:
    long = card_rulings_long(rulings)
    assert len(long) == sum(len(c) for c in rulings["cards"])
    assert "cards" not in long.columns
    assert str(long["card"].dtype) == "string" and str(long["card_position"].dtype) == "Int64"
    assert not long.duplicated(["ruling_id", "card"]).any()
    first = long[long["card_position"] == 1].set_index("ruling_id")["card"]
    for rid, names in zip(rulings["ruling_id"], rulings["cards"]):
        if names:
            assert first[rid] == names[0]
    assert long["topic"].dtype == rulings["topic"].dtype


def test_rulings_in_force_switches_on_the_successor_date(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    old = one_id(rulings, "2013-03-30", "ヒステリック・サイン")
    new = one_id(rulings, "2016-07-08", "ヒステリック・サイン")
    before = set(rulings_in_force("2016-07-07", rulings, events)["ruling_id"])
    after = set(rulings_in_force("2016-07-08", rulings, events)["ruling_id"])
    assert old in before and new not in before
    assert new in after and old not in after
    assert old not in set(rulings_in_force("2013-03-29", rulings, events)["ruling_id"])


def test_rulings_in_force_honours_the_errata_event(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    obsoleted = rulings.loc[rulings["obsoleted_by_event"] == "errata-2014-07-10"]
    dated = obsoleted[obsoleted["date"].notna() & obsoleted["superseded_by"].isna()]
    assert len(dated) > 0
    on_eve = set(rulings_in_force("2014-07-09", rulings, events)["ruling_id"])
    on_day = set(rulings_in_force("2014-07-10", rulings, events)["ruling_id"])
    assert set(dated["ruling_id"]) <= on_eve
    assert not set(dated["ruling_id"]) & on_day


def test_rulings_in_force_explains_itself(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    table = rulings_in_force("2015-01-01", rulings, events)
    assert list(table.columns) == list(rulings.columns) + ["in_force_until", "end_known"]
    assert (table["date"] <= pd.Timestamp("2015-01-01")).all()
    ends = table["in_force_until"].dropna()
    assert (ends > pd.Timestamp("2015-01-01")).all()
    assert table["date"].is_monotonic_increasing
    assert table["end_known"].dtype == "boolean"


def test_rulings_in_force_today_are_the_current_dated_ones(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    today = rulings_in_force("2100-01-01", rulings, events)
    expected = rulings[rulings["date"].notna() & (rulings["status"] == "current")]
    unknown_end = today[~today["end_known"].astype(bool)]
    assert set(today["ruling_id"]) - set(unknown_end["ruling_id"]) == set(expected["ruling_id"])


def test_rulings_in_force_undated_on_request(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    plain = rulings_in_force("2024-01-01", rulings, events)
    wide = rulings_in_force("2024-01-01", rulings, events, include_undated=True)
    assert plain["date"].notna().all()
    assert len(wide) > len(plain)
    assert set(wide.loc[wide["date"].isna(), "status"]) <= {"current"}


@pytest.mark.parametrize("bad", ["2016-13-01", "yesterday", None])
def test_rulings_in_force_rejects_a_bad_date(bad: object, rulings: pd.DataFrame) -> None:
    with pytest.raises(QueryError):
        rulings_in_force(bad, rulings)


def test_supersessions_lists_every_non_current_ruling(rulings: pd.DataFrame, events: pd.DataFrame) -> None:
    table = supersessions(rulings, events)
    assert set(table["ruling_id"]) == set(rulings.loc[rulings["status"] != "current", "ruling_id"])
    old = one_id(rulings, "2013-03-30", "ヒステリック・サイン")
    row = table.set_index("ruling_id").loc[old]
    assert row["ended_by_kind"] == "ruling"
    assert row["ended_on"] == pd.Timestamp("2016-07-08")
    assert isinstance(row["successor_summary_en"], str)
    errata = table[table["ended_by"] == "errata-2014-07-10"]
    assert (errata["ended_by_kind"] == "event").all()
    assert (errata["ended_on"] == pd.Timestamp("2014-07-10")).all()


def test_rulings_per_year_topic_counts_every_dated_ocg_ruling(rulings: pd.DataFrame) -> None:
    table = rulings_per_year_topic(rulings)
    dated = rulings[(rulings["game"] == "ocg") & rulings["date"].notna()]
    assert table["total"].sum() == len(dated)
    assert list(table.columns) == list(RULINGS_SCHEMA.column("topic").categories) + ["total"]
    assert list(table.index) == list(range(dated["date"].dt.year.min(), dated["date"].dt.year.max() + 1))
    assert int(table.loc[2016, "hand_size_adjustment"]) == int(
        ((dated["date"].dt.year == 2016) & (dated["topic"] == "hand_size_adjustment")).sum()
    )
    assert (table.drop(columns="total").sum(axis=1) == table["total"]).all()


def test_helpers_are_exported_from_toolkit() -> None:
    for name in ("load_rulings", "load_cards", "load_events", "validate_datasets", "rulings_about",
                 "card_rulings_long", "supersession_chain", "rulings_in_force"):
        assert name in toolkit.__all__
        assert getattr(toolkit, name) is not None


def test_helpers_accept_a_csv_path(tmp_path: Path, rulings: pd.DataFrame) -> None:
    path = tmp_path / "mine.csv"
    path.write_text(to_contract_csv(rulings.head(5), "rulings"), encoding="utf-8")
    assert card_rulings_long(path)["ruling_id"].nunique() <= 5
    assert np.array_equal(card_rulings_long(str(path))["card"], card_rulings_long(rulings.head(5))["card"])


def test_supersession_chain_follows_lineage_not_siblings() -> None:
    demo = pd.DataFrame(
        {
            "ruling_id": ["ocg-100101-a", "ocg-110101-b", "ocg-120101-c", "ocg-105050-sibling"],
            "date": pd.to_datetime(["2010-01-01", "2011-01-01", "2012-01-01", "2010-05-05"]),
            "superseded_by": pd.array(["ocg-110101-b", "ocg-120101-c", None, "ocg-120101-c"], dtype="string"),
        }
    )
    assert supersession_chain("ocg-110101-b", demo)["ruling_id"].tolist() == [
        "ocg-100101-a",
        "ocg-110101-b",
        "ocg-120101-c",
    ]
    assert supersession_chain("ocg-120101-c", demo)["ruling_id"].tolist() == [
        "ocg-100101-a",
        "ocg-105050-sibling",
        "ocg-110101-b",
        "ocg-120101-c",
    ]


@pytest.mark.seeds
def test_every_event_cites_a_real_page_and_section(seeds_dir: Path, events: pd.DataFrame) -> None:
    """Each place an event's ``source`` cites is a page the project has a copy
    of, and its anchor a heading of that copy with that title
    ('URL#anchor (page: heading[, more])'); a place without a URL is a copy
    that names no page."""
    import yaml

    from toolkit.wiki import cited, page_lines, page_url, says_why_no_url

    root = Path(__file__).resolve().parent.parent
    notes = yaml.safe_load((root / "scripts" / "ruling_annotations.yaml").read_text(encoding="utf-8"))
    headings: dict[str, dict[str, str | None]] = {}  # page URL -> anchor -> heading, over the copies of the page
    names: dict[str, str] = {}
    for code, spec in notes["pages"].items():
        if "page" not in spec:
            continue
        url = page_url(spec["wiki"], spec["page"])
        names[url] = spec["page"]
        lines = page_lines((seeds_dir / notes["seeds"][code]).read_text(encoding="utf-8"))
        headings.setdefault(url, {}).update({str(ln.anchor): ln.section for ln in lines if ln.anchor})
    for source in events["source"]:
        for label, url in cited(str(source)):
            if url is None:
                assert says_why_no_url(label), source
                continue
            page, _, anchor = url.partition("#")
            assert page in headings, f"{url}: no copy of this page"
            page_name, _, place = label.partition(": ")
            assert page_name == names[page], label
            if anchor:
                assert anchor in headings[page], f"{label}: no heading #{anchor}"
                assert place.split(", ")[0] == headings[page][anchor], label
            else:
                assert not headings[page], f"{label}: name the section's anchor"


@pytest.mark.seeds
def test_every_ruling_cites_a_section_of_the_page_its_source_file_copies(seeds_dir: Path, rulings: pd.DataFrame) -> None:
    """Each place ``source`` cites is a heading (URL anchor and title) of a
    page one of the row's ``source_file`` copies; a place without a URL (a
    copy that names no page) is a title found in that copy."""
    import yaml

    from toolkit.wiki import cited, page_lines, page_url

    root = Path(__file__).resolve().parent.parent
    notes = yaml.safe_load((root / "scripts" / "ruling_annotations.yaml").read_text(encoding="utf-8"))
    page_of = {notes["seeds"][code]: (page_url(spec["wiki"], spec["page"]), spec["page"]) if "page" in spec else None
               for code, spec in notes["pages"].items()}
    for row in rulings.to_dict("records"):
        files = list(row["source_file"])
        texts = {f: (seeds_dir / f).read_text(encoding="utf-8") for f in files}
        for label, url in cited(str(row["source"])):
            if url is None:
                assert any(page_of[f] is None for f in files), (row["ruling_id"], label)
                title = label.split(" (", 1)[1].rstrip(")")
                assert any(title in texts[f] for f in files if page_of[f] is None), (row["ruling_id"], label)
                continue
            base, _, anchor = url.partition("#")
            copies = [f for f in files if page_of[f] is not None and page_of[f][0] == base]
            assert copies, (row["ruling_id"], url)
            page_name = page_of[copies[0]][1]
            assert label.startswith(page_name), (row["ruling_id"], label)
            sections = {str(ln.anchor): ln.section for f in copies for ln in page_lines(texts[f]) if ln.anchor}
            if not anchor:
                assert not sections or label == page_name, (row["ruling_id"], label)
                continue
            assert anchor in sections, (row["ruling_id"], url)
            assert label == f"{page_name}: {sections[anchor]}", (row["ruling_id"], label)


def test_source_file_is_a_list_column_declared_once() -> None:
    assert RULINGS_SCHEMA.column("source_file").dtype == LIST_DTYPE
    frame = load_rulings()
    assert frame["source_file"].dtype == LIST_DTYPE
    assert all(isinstance(v, list) and v for v in frame["source_file"])
