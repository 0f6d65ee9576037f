"""``changes()`` sweeps every date on which something the scenario reads changes: the rules, the shipped cards'
texts, and the texts of the scenario's own cards. Before, a scenario's own card whose text changed on a date of
its own (no rule nor shipped card changing then) was seen only at the next rule change: the answer named the wrong
date and put the flip on a rule that had nothing to do with it."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from tests.own_cards import DESTROYS_ITSELF, on_the_field_of_a

HOURGLASS = "たそがれの砂時計"

TEXTS = """\
    texts:
      - note: first text, destroys itself in the End Phase
""" + DESTROYS_ITSELF + """\
      - since: SINCE
        evidence: [errata-SINCE]
        note: errata, nothing in the End Phase
"""

SCENARIO = on_the_field_of_a("an hourglass on the field in A's End Phase", HOURGLASS) + f"""\
  - name: {HOURGLASS}
    english: Twilight Hourglass
    type: monster
    subtype: effect
    level: 2
    attribute: EARTH
"""

CHECK = {"possible": {"event": "destroyed", "card": HOURGLASS}}


def _scenario(tmp_path: Path, since: str | None) -> Path:
    """The hourglass scenario; ``since``: the date of its card's errata (None: one text, no errata)."""
    texts = TEXTS.replace("SINCE", since) if since else TEXTS.split("      - since:")[0]
    path = tmp_path / f"hourglass_{since or 'one_text'}.yaml"
    path.write_text(SCENARIO + texts, encoding="utf-8")
    return path


def _sweep(path: Path) -> pd.DataFrame:
    from toolkit.history import changes

    return changes(str(path), check=CHECK, all_dates=True)


def test_the_cards_own_errata_is_the_date_and_the_cause(tmp_path: Path) -> None:
    """The hourglass is destroyed until its own errata of 2019-04-01 (no rule nor shipped card changes then):
    the one change is on that day, named by the card's text change in card words; every other date swept is a
    date of the sweep without the errata, answering and citing as there."""
    from toolkit.history import changes

    found = changes(str(_scenario(tmp_path, "2019-04-01")), check=CHECK)
    assert found["date"].dt.date.map(str).tolist() == ["2019-04-01"], found.to_dict("records")
    row = found.iloc[0]
    assert (row["before"], row["after"]) == ("yes", "no")
    assert row["rule_changes"] == (f"X1 {HOURGLASS}: first text, destroys itself in the End Phase -> errata, "
                                   "nothing in the End Phase")

    swept = _sweep(_scenario(tmp_path, "2019-04-01"))
    plain = _sweep(_scenario(tmp_path, None))
    assert not plain["changed"].any(), "without its errata the hourglass is always destroyed: the test shows nothing"
    assert sorted(set(swept["date"]) - set(plain["date"])) == [pd.Timestamp("2019-04-01")]
    assert set(plain["date"]) <= set(swept["date"])
    others = swept[swept["date"] != pd.Timestamp("2019-04-01")].reset_index(drop=True)
    before = others["date"] < pd.Timestamp("2019-04-01")
    assert others.loc[before, "after"].eq("yes").all() and others.loc[~before, "after"].eq("no").all()
    columns = ["date", "rule_changes", "rulings", "events"]
    assert others[columns].to_dict("records") == plain[columns].to_dict("records")


def test_an_errata_on_a_shipped_errata_date_names_the_card_too(tmp_path: Path) -> None:
    """The hourglass's errata on 2014-07-10, the day of the shipped errata: the change is that day's, and its
    causes name the hourglass beside the shipped cards (before, the shipped cards alone)."""
    from toolkit.history import changes

    found = changes(str(_scenario(tmp_path, "2014-07-10")), check=CHECK)
    assert found["date"].dt.date.map(str).tolist() == ["2014-07-10"], found.to_dict("records")
    said = str(found.iloc[0]["rule_changes"])
    assert f"X1 {HOURGLASS}: first text, destroys itself in the End Phase -> errata" in said, said
    assert "errata-2014-07-10" in list(found.iloc[0]["events"])  # the shipped errata is still cited


def test_every_sweep_walks_the_same_dates(tmp_path: Path) -> None:
    """The builder's "Every rules date", the game's text dates and changes() walk one list of dates."""
    import datetime

    from toolkit.games import game_named, load_any_scenario
    from toolkit.widgets.runs import sweep_dates

    scenario = load_any_scenario(_scenario(tmp_path, "2019-04-01"))
    days = [day for day, _what in sweep_dates(scenario)]
    assert days == [d.date() for d in _sweep(_scenario(tmp_path, "2019-04-01"))["date"]]
    assert datetime.date(2019, 4, 1) in game_named("ocg").text_dates(scenario)
    words = dict(sweep_dates(scenario))[datetime.date(2019, 4, 1)]
    assert HOURGLASS in words, words
    assert datetime.date(2019, 4, 1) not in dict(sweep_dates())  # the shipped cards' own dates only


def test_the_command_line_names_the_cards_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli import main

    path = _scenario(tmp_path, "2019-04-01")
    assert main(["changes", str(path), "--check", f"{{possible: {{event: destroyed, card: {HOURGLASS}}}}}"]) == 0
    out = capsys.readouterr().out
    assert "2019-04-01: yes -> no" in out and f"X1 {HOURGLASS}" in out, out
    assert "2023-01-16" not in out, out


@pytest.mark.parametrize("where", ["scenario", "folder"])
@pytest.mark.parametrize("since", ["2019-04-01", "2014-07-10"])
def test_a_card_of_ones_own_is_named_by_the_counterfactual_of_its_date(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, since: str) -> None:
    """The counterfactual reading the hourglass's other text names it in card words, whether the card is the
    scenario's own or in the user's card folder, and on a date of its own or the shipped errata's (before, a
    folder card's date was "card texts after 2019-04-01" and a card changing with the shipped errata was not
    named at all); one counterfactual per date, the shipped errata's evidence kept."""
    import datetime
    import textwrap

    from toolkit.games import game_named, load_any_scenario

    card = SCENARIO.split("cards:\n")[1] + TEXTS.replace("SINCE", since)
    folder = tmp_path / "mine"
    (folder / "cards").mkdir(parents=True)
    if where == "folder":
        flat = textwrap.dedent(card.replace("  - name:", "    name:", 1))
        (folder / "cards" / "hourglass.yaml").write_text(flat, encoding="utf-8")
        text = SCENARIO.split("cards:\n")[0]
    else:
        text = SCENARIO + TEXTS.replace("SINCE", since)
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(folder))
    (tmp_path / "hourglass.yaml").write_text(text, encoding="utf-8")
    scenario = load_any_scenario(tmp_path / "hourglass.yaml")
    game = game_named("ocg")
    changed = datetime.date.fromisoformat(since)
    for day in ("2013-01-01", "2020-01-01"):
        texts = [v for v in game.counterfactuals_on(game.rules_at(day), (scenario,)) if v.key.startswith("X1 ")]
        dates = [v.rules.as_of for v in texts]
        assert len(set(dates)) == len(dates) == len({changed, datetime.date(2014, 7, 10)}), [v.label for v in texts]
        across = [v.label for v in texts if v.rules.as_of in (changed, changed - datetime.timedelta(days=1))]
        assert len(across) == 1 and f"the card texts of 《{HOURGLASS}》 changed on {since}" in across[0], across
        assert sum("errata-2014-07-10" in v.label for v in texts) == 1, [v.label for v in texts]


def _ruling(rid: str, date: str, expected: str, supersedes: str | None = None) -> str:
    return f"""\
- ruling_id: {rid}
  date: {date}
  question_ja: 《{HOURGLASS}》はエンドフェイズに破壊されますか？
  answer_ja: {"はい" if expected == "yes" else "いいえ"}。
  cards: [{HOURGLASS}]
  source: fixture (a card of the scenario's own with an errata of its own)
  scenario: [hourglass.yaml]
  check: {{possible: {{event: destroyed, card: {HOURGLASS}}}}}
  expected: "{expected}"
  check_en: the hourglass is destroyed in the End Phase
""" + (f"  supersedes: [{supersedes}]\n" if supersedes else "")


def test_a_ruling_its_cards_own_errata_superseded_is_explained_by_it(tmp_path: Path) -> None:
    """supersession_explanations: the flip of a ruling that the hourglass's own errata replaced is explained by
    that errata (the card's text change cites the ruling that replaced it), as a shipped errata explains one."""
    from toolkit.data import load_rulings
    from toolkit.history import supersession_explanations

    card = (SCENARIO + TEXTS.replace("SINCE", "2019-04-01")).replace("errata-2019-04-01", "user-190401-hourglass-stays")
    (tmp_path / "hourglass.yaml").write_text(card, encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(_ruling("user-180601-hourglass-destroyed", "2018-06-01", "yes")
                                        + _ruling("user-190401-hourglass-stays", "2019-04-01", "no",
                                                  "user-180601-hourglass-destroyed"), encoding="utf-8")
    table = load_rulings(extra=tmp_path / "mine.yaml")
    mine = table[table["ruling_id"].str.startswith("user-")].reset_index(drop=True)
    explained = supersession_explanations(mine).set_index("ruling_id")
    row = explained.loc["user-180601-hourglass-destroyed"]
    assert row["flips"] == ["2019-04-01"], row.to_dict()
    assert row["explained_by"] == [f"2019-04-01 X1 {HOURGLASS}"], row.to_dict()


def test_the_change_cites_the_ruling_of_ones_own_its_card_names(tmp_path: Path) -> None:
    """changes() justifies the hourglass's errata by the ruling of one's own that its text cites (a ruling id
    of one's own is no ``ocg-`` one: it was looked for among the event rows only)."""
    from toolkit.data import load_rulings
    from toolkit.history import changes

    card = (SCENARIO + TEXTS.replace("SINCE", "2019-04-01")).replace("errata-2019-04-01", "user-190401-hourglass-stays")
    (tmp_path / "hourglass.yaml").write_text(card, encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(_ruling("user-190401-hourglass-stays", "2019-04-01", "no"), encoding="utf-8")
    table = load_rulings(extra=tmp_path / "mine.yaml")
    found = changes(str(tmp_path / "hourglass.yaml"), rulings=table)
    assert found["date"].dt.date.map(str).tolist() == ["2019-04-01"], found.to_dict("records")
    assert list(found.iloc[0]["rulings"]) == ["user-190401-hourglass-stays"], found.to_dict("records")


def test_a_check_naming_two_scenarios_of_ones_own_sweeps_both_cards_dates(tmp_path: Path) -> None:
    """A ruling of one's own whose check asks of two scenario files, each with a card of its own changing its
    text on a date of its own: changes() reads both files (the rulings table names them by full path; they were
    looked for among the shipped scenarios: "no shipped scenario '/…/a.yaml'") and sweeps both cards' dates."""
    from toolkit.data import load_rulings
    from toolkit.history import changes, supersession_explanations

    other = "砂時計の影"
    for name, card, since in (("a.yaml", HOURGLASS, "2019-04-01"), ("b.yaml", other, "2020-06-01")):
        text = (SCENARIO + TEXTS.replace("SINCE", since)).replace(HOURGLASS, card)
        (tmp_path / name).write_text(text.replace("errata-", "user-"), encoding="utf-8")
    check = (f"{{or: [{{possible: {{event: destroyed, card: {HOURGLASS}}}, scenario: a.yaml}}, "
             f"{{possible: {{event: destroyed, card: {other}}}, scenario: b.yaml}}]}}")
    rows = (_ruling("user-180601-destroyed", "2018-06-01", "yes")
            + _ruling("user-210101-stays", "2021-01-01", "no", "user-180601-destroyed"))
    (tmp_path / "mine.yaml").write_text(rows.replace("[hourglass.yaml]", "[a.yaml, b.yaml]").replace(
        f"{{possible: {{event: destroyed, card: {HOURGLASS}}}}}", check), encoding="utf-8")
    table = load_rulings(extra=tmp_path / "mine.yaml")
    mine = table[table["ruling_id"].str.startswith("user-")].reset_index(drop=True)
    first = mine.iloc[0]
    swept = changes(first["scenario"][0], check=first["check"], rulings=table, all_dates=True)
    days = [d.date().isoformat() for d in swept["date"]]
    assert {"2019-04-01", "2020-06-01"} <= set(days), days
    flips = swept[swept["changed"]]
    assert [d.date().isoformat() for d in flips["date"]] == ["2020-06-01"], flips.to_dict("records")
    assert flips.iloc[0]["rule_changes"].startswith(f"X1 {other}: first text"), flips.to_dict("records")
    explained = supersession_explanations(mine).set_index("ruling_id").loc["user-180601-destroyed"]
    assert explained["flips"] == ["2020-06-01"], explained.to_dict()


@pytest.mark.parametrize("since", ["1999-01-01", "1990-06-01"])
def test_an_errata_before_the_rules_first_day_starts_no_sweep_outside_them(tmp_path: Path, since: str) -> None:
    """The hourglass's errata dated on or before the first day the rules cover (1999-01-01): changes() and the
    builder's "Every rules date" sweep from that first day, the errata in force there (the sweep started the day
    before it: "1998-12-31 is outside the dates the rules cover", with no date of the user's in sight)."""
    from toolkit.fields import FIRST_RULES_DATE
    from toolkit.games import load_any_scenario
    from toolkit.widgets.runs import sweep_dates

    swept = _sweep(_scenario(tmp_path, since))
    assert swept.iloc[0]["date"].date() == FIRST_RULES_DATE, swept.to_dict("records")
    assert swept["after"].eq("no").all() and not swept["changed"].any(), swept.to_dict("records")
    assert sweep_dates(load_any_scenario(_scenario(tmp_path, since)))[0][0] == FIRST_RULES_DATE


def test_a_folder_cards_date_the_scenario_does_not_read_moves_no_texts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user's folder dates the hourglass's errata 2019-04-01; a scenario writing its own hourglass with one
    text reads no card changing then: no counterfactual of its moves the texts across that date (one did,
    labelled "X1 card texts after 2019-04-01", naming no card: a column of the sensitivity grid that can
    change nothing)."""
    import datetime
    import textwrap

    from toolkit.games import game_named, load_any_scenario

    folder = tmp_path / "mine"
    (folder / "cards").mkdir(parents=True)
    card = SCENARIO.split("cards:\n")[1] + TEXTS.replace("SINCE", "2019-04-01")
    (folder / "cards" / "hourglass.yaml").write_text(
        textwrap.dedent(card.replace("  - name:", "    name:", 1)), encoding="utf-8")
    monkeypatch.setenv("ENDPHASE_USER_DIR", str(folder))
    path = _scenario(tmp_path, None)  # its own hourglass, one text
    scenario = load_any_scenario(path)
    game = game_named("ocg")
    assert datetime.date(2019, 4, 1) not in game.text_dates(scenario)
    for day in ("2013-01-01", "2020-01-01"):
        texts = [v for v in game.counterfactuals_on(game.rules_at(day), (scenario,)) if v.key.startswith("X1 ")]
        assert [v.key for v in texts] == ["X1 card texts of 2014-07-10"], [v.label for v in texts]


def test_a_text_written_with_no_note_is_named_by_its_date(tmp_path: Path) -> None:
    """The hourglass's three texts, the later two with no note: the second change reads "the text from
    2019-04-01 -> the text from 2021-05-01" (it said "original text -> new text": the text before it was no
    original one)."""
    from toolkit.history import changes

    destroys = TEXTS.split("    texts:\n      - note: first text, destroys itself in the End Phase\n")[1]
    destroys = destroys.split("      - since:")[0]
    texts = ("    texts:\n      - note: first text, destroys itself in the End Phase\n" + destroys
             + "      - since: 2019-04-01\n      - since: 2021-05-01\n" + destroys)
    path = tmp_path / "three_texts.yaml"
    path.write_text(SCENARIO + texts, encoding="utf-8")
    said = changes(str(path), check=CHECK)["rule_changes"].tolist()
    assert said == [f"X1 {HOURGLASS}: first text, destroys itself in the End Phase -> the text from 2019-04-01",
                    f"X1 {HOURGLASS}: the text from 2019-04-01 -> the text from 2021-05-01"], said
