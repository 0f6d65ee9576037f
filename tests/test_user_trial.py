"""What a user trial of "bring what we did not foresee" found, each held by a test.

A judge, an analyst and a writer used only the README, the notebooks and the
command line's help on a fresh clone, with cards, rulings and questions the
toolkit does not ship. Every test here failed before its fix.

The command line runs in the test's process as a new process would
(tests/in_process.py); the first test runs it as a real subprocess.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests import in_process
from tests.cards.conftest import _forget_loaded_cards  # noqa: F401  (the cards a test loads are its own)

RABBIT = "因幡之白兎"

CARD_FILE = f"""\
name: {RABBIT}
english: Inaba White Rabbit
type: monster
subtype: spirit
texts:
  - end_phase:
      - key: return to the hand
        mandatory: true
        chain_link: true
        when: [face_up_on_field, summoned_this_turn]
        do: {{return_to_hand: {{card: itself, if_in: field}}}}
"""

SCENARIO = f"""\
title: Inaba White Rabbit, Normal Summoned this turn, in A's End Phase
turn_player: A
players:
  A:
    field: [{{name: {RABBIT}, tags: [summoned_this_turn]}}]
cards:
"""
SCENARIO += textwrap.indent(CARD_FILE, "    ").replace("    name:", "  - name:", 1)


def ruling(card: str, *, ruling_id: str = "user-240105-rabbit-returns") -> str:
    return f"""\
- ruling_id: {ruling_id}
  date: 2024-01-05
  cards: [{RABBIT}]
  question_ja: エンドフェイズに《{RABBIT}》は手札に戻りますか？
  answer_ja: はい、戻ります。
  source: https://example.org/my-notes#rabbit
  scenario: rabbit.yaml
  check: {{possible: {{event: returned_to_hand, card: {card}}}}}
  expected: "yes"
  check_en: the Rabbit returns to the hand
"""


def endphase(*args: str, cwd: Path, process: bool = False) -> subprocess.CompletedProcess[str]:
    """``python -m toolkit ARGS`` with the user folder ``cwd/user``: run in this process as a
    new one would (tests/in_process.py), or in a real subprocess (``process=True``)."""
    env = {**os.environ, "ENDPHASE_USER_DIR": str(cwd / "user")}
    if not process:
        return in_process.endphase(args, cwd=cwd, env=env, timeout=600)
    return subprocess.run([sys.executable, "-m", "toolkit", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def write(folder: Path, rulings: str) -> Path:
    (folder / "rabbit.yaml").write_text(SCENARIO, encoding="utf-8")
    path = folder / "my_rulings.yaml"
    path.write_text(rulings, encoding="utf-8")
    return path


def test_a_check_naming_no_card_is_refused_with_the_nearest_cards_not_verified(tmp_path: Path) -> None:
    # before: the misspelt name matched no event, the check answered "no" and a "no" ruling was "verified"
    rulings = write(tmp_path, ruling("Inaba Whte Rabbit").replace('expected: "yes"', 'expected: "no"'))
    done = endphase("verify", "--rulings", str(rulings), "--only-mine", cwd=tmp_path, process=True)  # the real exit 2
    assert done.returncode == 2, done.stdout + done.stderr
    assert "verified" not in done.stdout
    line = done.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert "my_rulings.yaml, row 1, column 'check'" in line and "Unknown card 「Inaba Whte Rabbit」" in line
    assert f"did you mean 「{RABBIT}」 (Inaba White Rabbit)" in line


def test_a_check_may_name_a_scenarios_own_card_by_its_english_name(tmp_path: Path) -> None:
    # before: the English name was read before the scenario's cards: registered the card, so it never matched
    rulings = write(tmp_path, ruling("Inaba White Rabbit"))
    done = endphase("verify", "--rulings", str(rulings), "--only-mine", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "expected yes, engine yes" in done.stdout, done.stdout


DARKSOUL = "ＸＸ−セイバー ダークソウル"

DARKSOUL_SCENARIO = f"""\
title: XX-Saber Darksoul, sent from the field to the GY this turn, in A's End Phase
turn_player: A
players:
  A:
    graveyard: [{{name: {DARKSOUL}, tags: [sent_to_gy_this_turn, sent_to_gy_from_field]}}]
    deck: [Ｘ−セイバー エアベルン]
cards:
  - {{name: Ｘ−セイバー エアベルン, english: X-Saber Airbellum, type: monster, archetypes: [Ｘ−セイバー]}}
  - name: {DARKSOUL}
    english: XX-Saber Darksoul
    type: monster
    texts:
      - end_phase:
          - key: search an X-Saber
            mandatory: false
            chain_link: true
            when: [{{sent_to_gy_this_turn: {{not_from: [hand, deck, gy, banished]}}}}]
            do: {{add_to_hand: {{first: {{zones: [deck], archetype: Ｘ−セイバー}}}}}}
"""

DARKSOUL_RULING = f"""\
- ruling_id: user-130330-darksoul-after-adjustment
  date: 2013-03-30
  question_ja: 手札調整の後に《{DARKSOUL}》の効果を発動できますか？
  answer_ja: いいえ、できません。
  source: https://example.org/my-notes#darksoul
  scenario: darksoul.yaml
  check: {{possible_order: [{{event: hand_adjusted}}, {{event: activated, card: {DARKSOUL}}}]}}
  expected: "no"
  check_en: Darksoul's search can come after the hand-size adjustment
"""


def test_an_optional_process_lost_at_the_adjustment_is_explained_by_r3_about_the_card(tmp_path: Path) -> None:
    # before: "decided by H1: no quick effect may be activated after the hand-size adjustment", a rule
    # about quick effects, which the check does not ask about
    (tmp_path / "darksoul.yaml").write_text(DARKSOUL_SCENARIO, encoding="utf-8")
    rulings = tmp_path / "my_rulings.yaml"
    rulings.write_text(DARKSOUL_RULING, encoding="utf-8")
    done = endphase("verify", "--rulings", str(rulings), "--only-mine", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    decided = next(line for line in done.stdout.splitlines() if "decided by" in line)
    assert decided.strip().startswith(f"decided by R3: {DARKSOUL}: search an X-Saber"), decided
    assert "optional process not performed before the adjustment" in decided


def test_changes_asks_the_check_of_ones_own_ruling_on_the_scenario_file(tmp_path: Path) -> None:
    # before: the user's ruling names the file by its path, which never equalled the name changes()
    # looked for, so the outcome sets were compared instead ("1 outcome(s) [hash]")
    rulings = write(tmp_path, ruling(RABBIT))
    done = endphase("changes", "rabbit.yaml", "--from", "2013-01-01", "--to", "2015-01-01",
                    "--rulings", str(rulings), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "answer on 2013-01-01: yes" in done.stdout, done.stdout
    assert "outcome(s)" not in done.stdout


def test_a_ruling_id_not_of_the_form_is_told_the_form_in_words(tmp_path: Path) -> None:
    # before: "... is not a valid id (expected the form (?:(?:ocg|user)-(?:\\d{6}|undated)|dm-(?:qa|example))-...)"
    rulings = write(tmp_path, ruling(RABBIT, ruling_id="user-rabbit-returns"))
    done = endphase("verify", "--rulings", str(rulings), "--only-mine", cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    line = done.stderr.strip()
    assert "my_rulings.yaml, row 1, column 'ruling_id'" in line and "'user-rabbit-returns'" in line, line
    assert "user-YYMMDD-words" in line and "user-undated-words" in line
    assert "(?:" not in line and "\\d" not in line




def test_validate_reads_yaml_files_of_ones_own_rulings_and_cards(tmp_path: Path) -> None:
    # before: both were read as scenarios: "this is not a scenario: the file holds a list instead of keys ..."
    rulings = write(tmp_path, ruling(RABBIT))
    (tmp_path / "rabbit_card.yaml").write_text(CARD_FILE, encoding="utf-8")
    (tmp_path / "bad_card.yaml").write_text(CARD_FILE.replace("summoned_this_turn]", "summoned_this_trun]"),
                                           encoding="utf-8")
    done = endphase("validate", rulings.name, "rabbit_card.yaml", "rabbit.yaml", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "my_rulings.yaml: OK (a file of 1 ruling of your own)" in done.stdout, done.stdout
    assert "rabbit_card.yaml: OK (a card file, 1 card)" in done.stdout
    assert "rabbit.yaml: OK (a Yu-Gi-Oh! OCG scenario" in done.stdout
    done = endphase("validate", "bad_card.yaml", cwd=tmp_path)
    assert done.returncode == 2
    assert "bad_card.yaml, field 'texts[0].end_phase[0].when'" in done.stdout, done.stdout
    assert "unknown condition 'summoned_this_trun'" in done.stdout and "Traceback" not in done.stdout + done.stderr


def test_a_card_acting_on_a_target_it_never_chooses_is_refused_at_the_field(tmp_path: Path) -> None:
    # before: `cards --check` said OK and the effect resolved on no card, silently
    card = CARD_FILE.replace("do: {return_to_hand: {card: itself, if_in: field}}", "do: {add_to_hand: target}")
    (tmp_path / "card.yaml").write_text(card, encoding="utf-8")
    done = endphase("cards", "--check", "card.yaml", cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    line = done.stderr.strip()
    assert "card.yaml, field 'texts[0].end_phase[0].do' (line 11" in line, line
    assert f"card {RABBIT}: 'target' is the card the player picks" in line and "choose: {target: ...}" in line
    chosen = card.replace("do: {add_to_hand: target}",
                          "choose: {target: {zones: [deck]}}\n        do: {add_to_hand: target}")
    (tmp_path / "card.yaml").write_text(chosen, encoding="utf-8")
    done = endphase("cards", "--check", "card.yaml", cwd=tmp_path)
    assert done.returncode == 0, done.stderr


def test_the_cards_listing_shows_ones_own_cards_and_its_help_says_where_they_go(tmp_path: Path) -> None:
    # before: `cards --show` found a card of the user folder but `cards` did not list it, and the
    # "Unknown card" message's pointer, `cards --help`, did not say where a card of one's own goes
    (tmp_path / "user" / "cards").mkdir(parents=True)
    (tmp_path / "user" / "cards" / "rabbit.yaml").write_text(CARD_FILE, encoding="utf-8")
    done = endphase("cards", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    mine = [line for line in done.stdout.splitlines() if "(your card)" in line]
    assert mine == [f"{RABBIT} / Inaba White Rabbit  [ocg] monster/spirit; end-of-turn effect: mandatory (your card)"]
    done = endphase("cards", "--game", "duel_masters", cwd=tmp_path)
    assert RABBIT not in done.stdout
    helped = "".join(endphase("cards", "--help", cwd=tmp_path).stdout.split())  # wrapped anywhere
    assert "$ENDPHASE_USER_DIR/cards/(default~/endphase-scenarios/cards/)" in helped
    assert "scenariofile'scards:list" in helped


def test_a_predicate_with_a_wrong_key_is_told_in_words_not_as_a_python_dict(tmp_path: Path) -> None:
    # before: "check.possible: cannot read {'evnt': 'activated'} (expected event, ...)"
    done = endphase("changes", "q_hysteric_sign_adjustment", "--from", "2013-03-30", "--to", "2013-03-30",
                    "--check", "{possible: {evnt: activated}}", cwd=tmp_path)
    assert done.returncode == 2
    assert "check.possible: a predicate starts with event, zone, hand, life, loop, not, all or any, not 'evnt'" \
        in done.stderr, done.stderr
    done = endphase("can-force", "q_hysteric_sign_adjustment", "TP", "{event: activated, cards: X}", cwd=tmp_path)
    assert done.returncode == 2
    assert "an event predicate has no key 'cards' (its keys: event, card, player, amount, detail, by)" in done.stderr
    assert "{'" not in done.stderr and "['" not in done.stderr


def test_the_question_language_has_a_page_whose_examples_run_and_whose_event_kinds_are_the_engines(
        project_root: Path) -> None:
    # before: the language was described only in two module docstrings the documentation site leaves out
    import re

    import yaml

    from toolkit.games import game_named
    from toolkit.history.checks import parse_check

    page = (project_root / "docs" / "questions.md").read_text(encoding="utf-8")
    assert "questions" in (project_root / "docs" / "index.md").read_text(encoding="utf-8").split("api/index")[0]
    assert "docs/questions.md" in (project_root / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", page, re.S)
    assert len(blocks) >= 4
    for block in blocks:
        parse_check(yaml.safe_load(block))
    listed = re.search(r"End Phase, as traces and outcomes name\nthem: (.*?)\. `performed`", page, re.S)
    assert listed is not None
    kinds = {k.strip() for k in listed.group(1).replace("\n", " ").split(",")}
    assert kinds == set(game_named("ocg").event_kinds)


def test_export_writes_an_article_about_a_card_of_ones_own_folder_with_ones_own_rulings(tmp_path: Path) -> None:
    # before: "Unknown card" for a card of the user folder, and export had no --rulings
    (tmp_path / "user" / "cards").mkdir(parents=True)
    (tmp_path / "user" / "cards" / "rabbit.yaml").write_text(CARD_FILE, encoding="utf-8")
    (tmp_path / "rabbit.yaml").write_text(SCENARIO.split("cards:\n")[0], encoding="utf-8")
    rulings = tmp_path / "my_rulings.yaml"
    rulings.write_text(ruling(RABBIT), encoding="utf-8")
    done = endphase("export", "Inaba White Rabbit", "--format", "md", "--out", "-", "--rulings", str(rulings),
                    cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"# {RABBIT} (Inaba White Rabbit)"), done.stdout[:200]
    assert "| user-240105-rabbit-returns | ocg@2024-01-05 | the Rabbit returns to the hand | yes | yes | True |" \
        in done.stdout, done.stdout


def test_a_ruling_of_one_game_on_a_scenario_of_the_other_is_refused_in_one_line(tmp_path: Path) -> None:
    """make fuzz found it: a Duel Masters ruling naming an OCG scenario crashed
    with an AttributeError deep in the engine (the rules of one game read as
    the other's)."""
    rows = tmp_path / "mixed.yaml"
    rows.write_text(
        "- ruling_id: user-240105-sign-mixed\n  date: '2024-01-05'\n  game: duel_masters\n"
        "  question_ja: 手札調整で《ヒステリック・サイン》を捨てた場合、効果は発動しますか？\n"
        "  answer_ja: いいえ。\n  source: https://example.org/my-notes\n"
        "  scenario: [q_hysteric_sign_adjustment.yaml]\n"
        "  check: {possible: {event: activated, card: ヒステリック・サイン}}\n  expected: 'no'\n",
        encoding="utf-8")
    done = in_process.endphase(["verify", "--rulings", str(rows), "--only-mine"], timeout=120)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert (f"{rows}, row 1, column 'scenario': a ruling of the game duel_masters (its game column), but its "
            "scenario 'q_hysteric_sign_adjustment.yaml' is a scenario of the game ocg") in done.stderr


def test_verifying_ones_own_ruling_asks_only_the_rule_sets_that_name_its_deciding_rule(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # before: 20 searches, 18 of them (one per rule set one change away) only to name the deciding rule
    # (~5 s for notebook 08's Kuribandit ruling); what `verify` prints needs the few whose rule has a note
    import toolkit.history.checks as checks
    import toolkit.history.runs as runs
    from toolkit.__main__ import main

    (tmp_path / "darksoul.yaml").write_text(DARKSOUL_SCENARIO, encoding="utf-8")
    rulings = tmp_path / "my_rulings.yaml"
    rulings.write_text(DARKSOUL_RULING, encoding="utf-8")
    asked: list[object] = []
    real = checks.run_check
    monkeypatch.setattr(checks, "run_check", lambda *a, **k: asked.append(a[2]) or real(*a, **k))
    for output, most in (((), 4), (("--json",), 2 + 18)):
        monkeypatch.setattr(runs, "_RUNS", runs.Memo(4096))
        monkeypatch.setattr(runs, "_VALUES", runs.Memo(4096))
        asked.clear()
        assert main(["verify", "--rulings", str(rulings), "--only-mine", *output]) == 0
        printed = capsys.readouterr().out
        assert "optional process not performed before the adjustment" in printed
        assert len(asked) <= most, (output, len(asked))
    assert len(asked) > 4  # --json prints every rule set that flips it: all are asked


def test_changes_without_a_check_tells_the_outcomes_by_their_cards_not_a_hash(tmp_path: Path) -> None:
    # before: "answer on 2008-01-01: 1 outcome(s) [704079f8]"
    import re

    write(tmp_path, ruling(RABBIT))
    done = endphase("changes", "rabbit.yaml", "--from", "2008-01-01", "--to", "2024-01-01", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"answer on 2008-01-01: 1 outcome: A activates {RABBIT} (return to the hand);" in done.stdout, done.stdout
    assert f"{RABBIT} returns to A's hand" in done.stdout and "no change" in done.stdout
    assert not re.search(r"\[[0-9a-f]{8}\]", done.stdout), done.stdout
    (tmp_path / "darksoul.yaml").write_text(DARKSOUL_SCENARIO, encoding="utf-8")
    done = endphase("changes", "darksoul.yaml", "--from", "2013-01-01", "--to", "2013-12-31", cwd=tmp_path)
    assert ("answer on 2013-01-01: 2 outcomes differing in activations (A): none; or "
            f"{DARKSOUL} search an X-Saber") in done.stdout, done.stdout


def test_compare_says_what_differs_first_then_the_detail(tmp_path: Path) -> None:
    # before: the outcome table came first; a reader scrolled through 91 outcomes to learn what differs
    done = endphase("compare", "q_hysteric_sign_adjustment", "--rulesets", "2013-03-30", "2016-07-08", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[3] == "In short: the rule sets differ in 85 of the 91 outcomes."
    assert lines[4].startswith("  ocg@2013-03-30: 90 outcomes, 84 of them under it alone; only its lines: "
                               "A activates ヒステリック・サイン (add up to 3 Harpie cards), A adds ハーピィ・クィーン to the hand"), lines[4]
    assert lines[5] == "  ocg@2016-07-08: 7 outcomes, 1 of them under it alone"
    assert lines.index("91 outcomes; lines reaching each under each rule set (- unreachable):") == 7
    done = endphase("compare", "lyla_veiler_2011", "--rulesets", "ocg-2011", "ocg-2013", cwd=tmp_path)
    assert "In short: every rule set reaches the same 2 outcomes, by different numbers of lines." in done.stdout


def test_the_tags_a_scenario_may_set_are_listed_from_the_games_own_lists(project_root: Path, tmp_path: Path) -> None:
    # before: a user learnt the tags only from a misspelt one's "did you mean"
    import re

    import yaml

    from toolkit.games import game_named, load_any_scenario

    sys.path.insert(0, str(project_root / "scripts"))
    try:
        import tag_docs
    finally:
        sys.path.remove(str(project_root / "scripts"))
    assert tag_docs.main(["--check"]) == 0
    readme = (project_root / "README.md").read_text(encoding="utf-8")
    block = readme[readme.index(tag_docs.BEGIN):readme.index(tag_docs.END)]
    for game in ("ocg", "duel_masters"):
        listed = game_named(game).scenario_tags
        assert listed, game
        title = game_named(game).title
        assert re.findall(rf"^\| {re.escape(title)} \| `(\w+)` \|", block, re.M) == list(listed)
    stale = tmp_path / "README.md"
    stale.write_text(readme.replace("| `coin_tails` |", "| `coin_heads` |"), encoding="utf-8")
    assert tag_docs.main(["--check", "--readme", str(stale)]) == 1
    # the list is the one the scenario reader holds a tag to
    for tag in game_named("ocg").scenario_tags or {}:
        data = yaml.safe_load(SCENARIO)
        data["players"]["A"]["field"][0]["tags"] = [tag]
        path = tmp_path / f"{tag}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        load_any_scenario(path)
    done = endphase("cards", "--tags", "--game", "duel_masters", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1:] == ["Duel Masters:",
                                            "  destroyed_this_turn  destroyed earlier this turn (in the graveyard)",
                                            "  summoned_this_turn   summoned this turn (cannot attack yet)"]
    helped = " ".join(endphase("cards", "--help", cwd=tmp_path).stdout.split())
    assert "--tags lists them" in helped and "destroyed_this_turn" in helped


def test_a_ruling_without_cards_takes_the_cards_its_question_names_in_brackets(tmp_path: Path) -> None:
    # before: `cards` stayed empty, so `rulings --card` and the articles never found the ruling
    import json

    (tmp_path / "user" / "cards").mkdir(parents=True)
    (tmp_path / "user" / "cards" / "rabbit.yaml").write_text(CARD_FILE, encoding="utf-8")
    (tmp_path / "rabbit.yaml").write_text(SCENARIO.split("cards:\n")[0], encoding="utf-8")
    rows = ruling(RABBIT).replace(f"  cards: [{RABBIT}]\n", "").replace(
        "エンドフェイズに《", "《えふぇくと・ヴぇーらー》の後、エンドフェイズに《")
    (tmp_path / "mine.yaml").write_text(rows, encoding="utf-8")
    (tmp_path / "darksoul.yaml").write_text(DARKSOUL_SCENARIO, encoding="utf-8")  # its card: the scenario's own
    (tmp_path / "darksoul_rulings.yaml").write_text(DARKSOUL_RULING, encoding="utf-8")
    done = endphase("rulings", "--rulings", "mine.yaml", "darksoul_rulings.yaml", "--only-mine", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    cards = {r["ruling_id"]: r["cards"] for r in json.loads(done.stdout)}
    assert cards == {"user-240105-rabbit-returns": ["エフェクト・ヴェーラー", RABBIT],
                     "user-130330-darksoul-after-adjustment": [DARKSOUL]}
    done = endphase("rulings", "--rulings", "mine.yaml", "--card", "Inaba White Rabbit", cwd=tmp_path)
    assert done.returncode == 0 and "user-240105-rabbit-returns" in done.stdout, done.stdout + done.stderr
    # the same in Python
    import toolkit

    os.environ["ENDPHASE_USER_DIR"] = str(tmp_path / "user")
    try:
        table = toolkit.load_rulings(extra=str(tmp_path / "mine.yaml"))
    finally:
        del os.environ["ENDPHASE_USER_DIR"]
    assert list(table.iloc[-1]["cards"]) == ["エフェクト・ヴェーラー", RABBIT]
    # a name no card has is told with the nearest cards, in one line naming file, row and column
    (tmp_path / "typo.yaml").write_text(rows.replace(f"《{RABBIT}》", "《Inaba Whte Rabbit》"), encoding="utf-8")
    done = endphase("verify", "--rulings", "typo.yaml", "--only-mine", cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    line = done.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert "typo.yaml, row 1, column 'question_ja': Unknown card 「Inaba Whte Rabbit」" in line, line
    assert f"did you mean 「{RABBIT}」 (Inaba White Rabbit)" in line and "cards column" in line
    # a cards column written is read instead of the question
    (tmp_path / "typo.yaml").write_text(rows.replace(f"《{RABBIT}》", "《Inaba Whte Rabbit》").replace(
        "  date: 2024-01-05\n", f"  date: 2024-01-05\n  cards: [{RABBIT}]\n"), encoding="utf-8")
    assert endphase("verify", "--rulings", "typo.yaml", "--only-mine", cwd=tmp_path).returncode == 0
