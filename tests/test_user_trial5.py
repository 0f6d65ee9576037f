"""What the second user trial found (compare's outcome lines, the deck line, the
list of known events, ``ask``'s errors, ``supersedes:`` between unrelated rulings,
once per turn by card name), each held by a test that failed before its fix.

The command line runs in the test's process as a new process would (tests/in_process.py).
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from tests import in_process
from tests.cards.conftest import _forget_loaded_cards  # noqa: F401  (the cards a test loads are its own)


def endphase(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ENDPHASE_USER_DIR": str(cwd / "user")}
    return in_process.endphase(args, cwd=cwd, env=env, timeout=600, **({"input": stdin} if stdin else {}))


ENGINE_CODES = re.compile(r"\b[AB]\.(hand|field|graveyard|banished|deck|LP)\b|\b(sent_to_gy|turn_skipped|"
                          r"control_changed|lp_gained|hand_adjusted)\b|\+\d+ unnamed|card\(s\)")


def test_compare_names_its_outcomes_in_words(tmp_path: Path) -> None:
    # before: "1. A.graveyard: ジェネティック・ワーウルフ; ...; sent_to_gy ... (A); turn_skipped B"
    done = endphase("compare", "vg_world_ohka_order", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    outcomes = [line for line in done.stdout.splitlines() if re.match(r"  \d+\. ", line)]
    assert len(outcomes) == 5
    assert "B skips a turn" in outcomes[0] and "A's graveyard: ブラッド・ヴォルス" in outcomes[0]
    assert outcomes[0].index("B skips a turn") < outcomes[0].index("A's graveyard:"), "events first, then zones"
    assert not ENGINE_CODES.search(done.stdout), done.stdout


def test_the_deck_lines_read_as_cards(tmp_path: Path) -> None:
    # before: "every outcome: ...; A's deck: 30 unnamed card(s)" and "final: ...; A.deck: +30 unnamed; A.LP: 8000"
    done = endphase("explore", "lyla_veiler_2011", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "B's deck: 30 unnamed cards" in done.stdout
    assert ("final: A's hand: ブラッド・ヴォルス, 死者蘇生; A's field: ライトロード・マジシャン ライラ; "
            "B's graveyard: エフェクト・ヴェーラー; A's deck: 27 unnamed cards; A's graveyard: 3 unnamed cards; "
            "B's deck: 30 unnamed cards; A: 8000 LP; B: 8000 LP") in done.stdout, done.stdout
    assert not ENGINE_CODES.search(done.stdout), done.stdout


def test_a_misspelt_event_is_answered_with_the_events_of_the_game_asked_about(tmp_path: Path) -> None:
    # before: both games' events in one list (cast, put_into_mana... offered for an OCG question)
    ocg = endphase("ask", "lyla_veiler_2011", "{possible: {event: activatd}}", cwd=tmp_path)
    assert ocg.returncode == 2 and "did you mean: activated?" in ocg.stderr, ocg.stderr
    assert "hand_adjusted" in ocg.stderr and not re.search(r"\b(cast|put_into_mana|broken|waiting)\b", ocg.stderr)
    dm = endphase("ask", "dm_moffle_zanjibar", "{possible: {event: destroyd}}", cwd=tmp_path)
    assert dm.returncode == 2 and "did you mean: destroyed?" in dm.stderr, dm.stderr
    assert "put_into_mana" in dm.stderr and not re.search(r"\b(hand_adjusted|sent_to_gy|milled)\b", dm.stderr)
    # an event only the other game has is refused for this one
    other = endphase("ask", "lyla_veiler_2011", "{possible: {event: put_into_mana}}", cwd=tmp_path)
    assert other.returncode == 2 and "unknown event 'put_into_mana'" in other.stderr, other.stderr
    assert len(ocg.stderr.strip().splitlines()) == 1


def test_ask_names_the_field_of_an_unknown_card_without_an_internal_prefix(tmp_path: Path) -> None:
    # before: "error: check: Unknown card 「Nonexistent」 ..." for a question the user called nothing of the sort
    done = endphase("ask", "lyla_veiler_2011", "{possible: {event: activated, card: Nonexistent}}", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("error: question.possible.card: Unknown card 「Nonexistent」 — did you mean"), done.stderr
    assert "check:" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    nested = endphase("ask", "lyla_veiler_2011",
                      "{and: [{possible: {event: activated}}, {always: {event: activated, card: Nonexistent}}]}",
                      cwd=tmp_path)
    assert nested.returncode == 2 and nested.stderr.startswith("error: question.and[1].always.card: Unknown card")


def test_a_question_that_names_another_scenario_is_refused_in_words(tmp_path: Path) -> None:
    # before: "error: check names scenario 'other.yaml', which is not among ['scenario']"
    done = endphase("ask", "lyla_veiler_2011", "{possible: {event: activated}, scenario: other.yaml}", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("error: question.scenario: a question is asked of the one scenario given"), done.stderr
    assert "['" not in done.stderr and "check" not in done.stderr


UNRELATED = """\
- ruling_id: user-240105-veiler-lyla
  date: 2024-01-05
  question_ja: 《エフェクト・ヴェーラー》の効果を受けた《ライトロード・マジシャン ライラ》はデッキを墓地へ送りますか？
  answer_ja: いいえ、送りません。
  source: https://example.org/my-notes#lyla
  supersedes: ocg-160708-hysteric-sign-adjustment
- ruling_id: user-240106-sign-dm
  date: 2024-01-06
  question_ja: 《ヒステリック・サイン》の効果は発動しますか？
  answer_ja: いいえ。
  source: https://example.org/my-notes#sign
  supersedes: dm-qa-ga-ryuzak-kentnark-mana
- ruling_id: user-240107-sign-again
  date: 2024-01-07
  question_ja: 《ヒステリック・サイン》を手札調整で捨てた場合、効果は発動しますか？
  answer_ja: いいえ。
  source: https://example.org/my-notes#sign-again
  supersedes: ocg-160708-hysteric-sign-adjustment
"""


def test_a_ruling_that_supersedes_an_unrelated_one_is_warned_about_not_refused(tmp_path: Path) -> None:
    # before: nothing said that a user ruling about Lyla replaced a Hysteric Sign ruling, or an OCG one a DM one
    (tmp_path / "mine.yaml").write_text(UNRELATED.split("- ruling_id: user-240107")[0], encoding="utf-8")
    done = endphase("rulings", "--rulings", "mine.yaml", "--only-mine", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    warned = done.stderr.strip().splitlines()
    assert warned == [
        "warning: mine.yaml row 1, supersedes: user-240105-veiler-lyla (about 《エフェクト・ヴェーラー》、"
        "《ライトロード・マジシャン ライラ》) replaces ocg-160708-hysteric-sign-adjustment, which is about "
        "《ヒステリック・サイン》: no card in common; check the id",
        "warning: mine.yaml row 2, supersedes: user-240106-sign-dm replaces dm-qa-ga-ryuzak-kentnark-mana, "
        "a Duel Masters ruling, but is a Yu-Gi-Oh! OCG ruling: check the id",
    ], done.stderr
    as_json = endphase("rulings", "--rulings", "mine.yaml", "--only-mine", "--json", cwd=tmp_path)
    assert as_json.returncode == 0 and as_json.stderr.startswith('{"warning": "mine.yaml row 1, supersedes: ')
    # a ruling about the same card supersedes it quietly; an id that does not exist stays an error
    (tmp_path / "same.yaml").write_text("- ruling_id: user-240107" + UNRELATED.split("- ruling_id: user-240107")[1],
                                        encoding="utf-8")
    quiet = endphase("rulings", "--rulings", "same.yaml", "--only-mine", cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
    (tmp_path / "gone.yaml").write_text(UNRELATED.split("- ruling_id: user-240106")[0].replace(
        "supersedes: ocg-160708-hysteric-sign-adjustment", "supersedes: ocg-160708-no-such-ruling"), encoding="utf-8")
    gone = endphase("rulings", "--rulings", "gone.yaml", cwd=tmp_path)
    assert gone.returncode == 2 and "'ocg-160708-no-such-ruling' is not a ruling_id" in gone.stderr, gone.stderr


def test_the_warning_reaches_a_notebook_as_a_ruling_warning(tmp_path: Path) -> None:
    import warnings

    import toolkit
    from toolkit.errors import RulingWarning

    path = tmp_path / "mine.yaml"
    path.write_text(UNRELATED.split("- ruling_id: user-240106")[0], encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = toolkit.load_rulings(extra=str(path))
    assert [w.category for w in caught] == [RulingWarning], [str(w.message) for w in caught]
    assert "user-240105-veiler-lyla" in str(caught[0].message) and "ocg-160708-hysteric-sign-adjustment" in str(caught[0].message)
    replaced = table[table["ruling_id"] == "ocg-160708-hysteric-sign-adjustment"]
    assert replaced["superseded_by"].tolist() == ["user-240105-veiler-lyla"], "still applied: a warning, not an error"


def test_a_ruling_warning_reads_as_one_line_where_python_shows_it(tmp_path: Path) -> None:
    """In a notebook or a script the warning showed the toolkit's file, line and source line
    ("…/user_rulings.py:485: RulingWarning: … warnings.warn(…)"); it reads as the command line's.
    (Python's own ``showwarning``, which IPython uses, prints what ``warnings.formatwarning`` makes.)"""
    import warnings

    import toolkit

    path = tmp_path / "mine.yaml"
    path.write_text(UNRELATED.split("- ruling_id: user-240106")[0], encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        toolkit.load_rulings(extra=str(path))
        warnings.warn("plain", UserWarning)
    ruling, plain = (warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line) for w in caught)
    assert ruling.startswith("warning: ") and ruling.count("\n") == 1, ruling
    assert "user-240105-veiler-lyla" in ruling and ".py:" not in ruling and "warnings.warn" not in ruling
    assert ".py:" in plain and "UserWarning: plain" in plain  # any other warning as Python shows it


TWINS = """\
title: Two Twin Star Guardians in A's End Phase
turn_player: A
players:
  A:
    field: [{name: 星守の双子#1, tags: TAGS}, 星守の双子#2]
cards:
  - name: 星守の双子
    english: Twin Star Guardian
    type: monster
    subtype: effect
    texts:
      - end_phase:
          - key: draw 1
            mandatory: false
            chain_link: true
            when: [face_up_on_field, your_end_phase, LIMIT]
            do: {draw: 1}
"""


def twins(folder: Path, name: str, *, limit: str = "once_per_turn_by_name", tags: str = "[]") -> str:
    (folder / name).write_text(TWINS.replace("LIMIT", limit).replace("TAGS", tags), encoding="utf-8")
    return name


def test_once_per_turn_by_name_lets_only_one_of_two_copies_use_its_effect(tmp_path: Path) -> None:
    # before: the card format had no word for 「このカード名の効果は1ターンに1度しか使用できない」
    hard = twins(tmp_path, "hard.yaml")
    soft = twins(tmp_path, "soft.yaml", limit="face_up_on_field")
    two = "{possible: {hand: A, at_least: 2}}"
    one = "{possible: {hand: A, at_least: 1}}"
    assert endphase("ask", soft, two, "--no-why", cwd=tmp_path).returncode == 0, "without the limit both copies draw"
    done = endphase("ask", hard, two, "--no-why", cwd=tmp_path)
    assert done.returncode == 1 and "Answer: no" in done.stdout, done.stdout + done.stderr
    done = endphase("ask", hard, one, "--no-why", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "R6: 星守の双子#2: draw 1: no longer pending" in done.stdout, done.stdout
    # a copy that already used its effect this turn (the scenario says so) leaves none to the other
    used = twins(tmp_path, "used.yaml", tags="[effect_used_this_turn]")
    assert endphase("ask", used, one, "--no-why", cwd=tmp_path).returncode == 1
    # the same answers from the notebook API, with every line searched
    import toolkit

    found = toolkit.explore(toolkit.load_scenario(str(tmp_path / hard)))
    hands = sorted(o.outcome.summary.count("A", "hand") for o in found.outcomes)
    assert hands == [0, 1], hands


def test_once_per_turn_by_name_is_in_the_card_schema() -> None:
    import json

    from toolkit.ocg.cards.data import card_schema

    assert "once_per_turn_by_name" in json.dumps(card_schema()["$defs"]["condition"], ensure_ascii=False)


# Part B: a card with an End Phase effect that returns a banished card, and a dated ruling about it

RETURNER_CARD = """\
name: 次元の帰還者
english: Dimensional Returner
type: monster
subtype: effect
level: 4
race: spellcaster
texts:
  - end_phase:
      - key: return a banished card
        mandatory: false
        chain_link: true
        when: [face_up_on_field, your_end_phase]
        choose: {target: {zones: banished, side: you}}
        do: {add_to_hand: {card: target, if_in: banished}}
"""

RETURNER_SCENARIO = """\
title: Dimensional Returner with a banished Monster Reborn
turn_player: A
date: 2024-04-01
players:
  A:
    field: [次元の帰還者]
    banished: [死者蘇生]
"""

RETURNER_RULING = """\
- ruling_id: user-240401-returner-may-decline
  date: 2024-04-01
  question_ja: 《次元の帰還者》のエンドフェイズの効果は発動しないこともできますか？
  answer_ja: はい、できます。
  source: https://example.org/my-notes#returner
  scenario: returner.yaml
  check: {not: {always: {event: added_to_hand, card: 死者蘇生}}}
  expected: yes
"""


def returner(folder: Path) -> None:
    (folder / "user" / "cards").mkdir(parents=True)
    (folder / "user" / "cards" / "returner.yaml").write_text(RETURNER_CARD, encoding="utf-8")
    (folder / "returner.yaml").write_text(RETURNER_SCENARIO, encoding="utf-8")
    (folder / "my_rulings.yaml").write_text(RETURNER_RULING, encoding="utf-8")


def test_a_yaml_ruling_may_write_its_expected_answer_as_a_bare_yes(tmp_path: Path) -> None:
    # before: "column 'expected': unknown value 'true' (allowed: yes, no)" — YAML reads a bare yes as true
    returner(tmp_path)
    done = endphase("verify", "--rulings", "my_rulings.yaml", "--only-mine", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok   user-240401-returner-may-decline  2024-04-01" in done.stdout and "expected yes, engine yes" in done.stdout
    (tmp_path / "no.yaml").write_text(RETURNER_RULING.replace("expected: yes", "expected: no")
                                      .replace("may-decline", "must-return"), encoding="utf-8")
    done = endphase("verify", "--rulings", "no.yaml", "--only-mine", cwd=tmp_path)
    assert done.returncode == 1 and "expected no, engine yes" in done.stdout, done.stdout + done.stderr


def test_explore_and_resolve_name_an_outcomes_events_in_the_games_words(tmp_path: Path) -> None:
    # before: "events: activated: 次元の帰還者 (A), return a banished card; added to hand: 死者蘇生 (A); ..."
    returner(tmp_path)
    for command in ("explore", "resolve"):
        done = endphase(command, "returner.yaml", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        events = [line for line in done.stdout.splitlines() if line.lstrip().startswith("events:")]
        assert events and any("A adds 死者蘇生 to the hand" in line for line in events), done.stdout
        assert not any(re.search(r"\b(activated|added to hand|hand adjusted):", line) for line in events), events
    # before: "R1: hand-size adjustment: A holds 1 cards, nothing to discard"
    assert "R1: hand-size adjustment: A holds 1 card, nothing to discard" in done.stdout, done.stdout


def test_the_notebook_api_takes_a_question_as_the_command_line_writes_it(tmp_path: Path) -> None:
    # before: toolkit.ask(s, "{possible: ...}") raised json's "Expecting property name enclosed in double quotes"
    import pytest

    import toolkit
    from toolkit.history.checks import CheckError

    returner(tmp_path)
    mine = toolkit.load_card_definitions(str(tmp_path / "user" / "cards" / "returner.yaml"))
    position = toolkit.load_scenario(str(tmp_path / "returner.yaml"), cards=mine)
    answer = toolkit.ask(position, "{force:B: {not: {event: added_to_hand, card: 死者蘇生}}}", why=False)
    assert answer.result.value is False
    assert toolkit.ask(position, '{"possible": {"event": "added_to_hand", "card": "Monster Reborn"}}',
                       why=False).result.value is True
    with pytest.raises(CheckError, match=r"^question: cannot read .* as a question: not valid YAML"):
        toolkit.ask(position, "{possible: {event: added_to_hand}", why=False)


def test_a_question_with_a_list_where_one_name_goes_is_refused_in_one_line(tmp_path: Path) -> None:
    # before: {event: [activated]} ended in "TypeError: unhashable type: 'list'"; card: [a, b] answered "no"
    event = endphase("ask", "lyla_veiler_2011", "{possible: {event: [activated]}}", cwd=tmp_path)
    assert event.returncode == 2, event.stderr
    assert event.stderr == "error: question.possible.event: an event is one kind, such as activated, not ['activated']\n"
    card = endphase("ask", "lyla_veiler_2011", "{possible: {event: activated, card: [死者蘇生, ブラッド・ヴォルス]}}",
                    cwd=tmp_path)
    assert card.returncode == 2 and card.stderr.startswith("error: question.possible.card: a card is one name"), card.stderr


def test_a_question_error_in_json_names_its_field(tmp_path: Path) -> None:
    # before: {"error": "question.possible.card: Unknown card ...", "file": null, "field": null}
    import json

    done = endphase("ask", "lyla_veiler_2011", "{possible: {event: activated, card: Nonexistent}}", "--json",
                    cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    error = json.loads(done.stdout or done.stderr)
    assert error["field"] == "question.possible.card", error
    nested = endphase("ask", "lyla_veiler_2011",
                      "{and: [{possible: {event: activated}}, {always: {event: activated, card: Nonexistent}}]}",
                      "--json", cwd=tmp_path)
    assert nested.returncode == 2
    assert json.loads(nested.stdout or nested.stderr)["field"] == "question.and[1].always.card"
