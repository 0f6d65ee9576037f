"""The command line, run as a user runs it: ``python -m toolkit ...``.

The runs are made in the test's process as a new process would make them
(tests/in_process.py: the same exit status and text, no state shared with the
other tests); a run whose point is the process itself — exit 2, one line on
standard error, nothing on standard output — is a real subprocess
(:func:`run_process`; tests/test_cli_streams.py holds the streams' own).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.in_process import endphase
from toolkit.duel_masters import list_seed_scenarios as dm_seed_scenarios
from toolkit.ocg.scenario import list_seed_scenarios
from toolkit.resources import dataset_path


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return endphase(args, cwd=cwd, timeout=300)


def run_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolkit", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        timeout=300,
    )


def bad(result: subprocess.CompletedProcess[str]) -> str:
    """A bad-input run: exit 2, a message on stderr, no traceback, nothing on stdout."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stderr.strip()
    assert result.stdout == ""
    return result.stderr


# --------------------------------------------------------------------------
# resolve
# --------------------------------------------------------------------------


def test_resolve_text_says_why(tmp_path: Path) -> None:
    result = run("resolve", "lyla_veiler_2011", "--policy", "pass", cwd=tmp_path)  # both pass: the mill first
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Rules: ocg-2011" in out and "ocg-undated-2011-lyla-veiler" in out
    assert "[R7] both passed: A must perform a mandatory process" in out
    assert "R8:" in out and "negated" in out
    assert out.index("Perform: ライトロード・マジシャン ライラ: mill 3") < out.index("エフェクト・ヴェーラー: end")
    assert "Perform('" not in out and "Pass()" not in out, "the printed line speaks in words, not code"


def test_resolve_json_parses_and_follows_the_file(tmp_path: Path) -> None:
    result = run("resolve", "mist_archfiend_enemy_controller", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["ruleset"]["name"] == "ocg" and data["ruleset"]["as_of"] is None
    assert data["rulings"] == ["ocg-120505-mist-archfiend-control-return-order"]
    assert [s["step"] for s in data["steps"]] == list(range(1, len(data["steps"]) + 1))
    assert all(s["rule"] and s["reason"] for s in data["steps"])
    damage = [e for e in data["outcome"]["events"] if e["kind"] == "damage"]
    assert damage and damage[0]["amount"] == 1000
    assert data["outcome"]["final"]["life"]["A"] + data["outcome"]["final"]["life"]["B"] == 15000


def test_resolve_a_file_path_with_a_date_override(tmp_path: Path) -> None:
    path = tmp_path / "horus.yaml"
    path.write_text(
        "title: Horus and Veiler\n"
        "turn_player: A\n"
        "players:\n"
        "  A:\n"
        "    field: [{name: ホルスの黒炎竜 LV６, tags: [destroyed_monster_by_battle]}]\n"
        "    deck: [ホルスの黒炎竜 LV８]\n"
        "  B: {graveyard: [エフェクト・ヴェーラー]}\n"
        "lingering: [{source: エフェクト・ヴェーラー, controller: B, target: ホルスの黒炎竜 LV６, effect: negate}]\n",
        encoding="utf-8",
    )
    old = json.loads(run("resolve", str(path), "--date", "2012-01-01", "--json").stdout)
    new = json.loads(run("resolve", str(path), "--ruleset", "ocg", "--json").stdout)
    assert old["ruleset"]["as_of"] == "2012-01-01" and old["source"] == str(path)
    assert new["ruleset"]["name"] == "ocg"
    ended = [e for e in old["outcome"]["events"] if e["kind"] == "effect_ended"]
    assert ended, "before the errata Veiler's negation ends by a process in the End Phase"
    assert len(old["steps"]) > len(new["steps"])


# --------------------------------------------------------------------------
# explore
# --------------------------------------------------------------------------


def test_explore_json_counts_lines_per_outcome(tmp_path: Path) -> None:
    result = run("explore", "rekindling_iron_wall_provisions", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert sum(o["lines"] for o in data["outcomes"]) == data["total_lines"]
    finals = [{z["zone"]: z["cards"] for z in o["final"]["zones"] if z["player"] == "A"} for o in data["outcomes"]]
    assert any("フレムベル・ヘルドッグ" in f.get("banished", []) for f in finals)
    assert any("フレムベル・ヘルドッグ" in f.get("field", []) for f in finals)
    assert all(o["example"] for o in data["outcomes"])


def test_explore_reports_a_loop(tmp_path: Path) -> None:
    result = run("explore", "worm_beast_grimoire_loop_2013", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "LOOP (the position repeats)" in result.stdout
    assert re.search(r"\d+ distinct outcomes? over \d+ lines?;", result.stdout)
    today = run("explore", "worm_beast_grimoire_loop_2013", "--ruleset", "ocg", cwd=tmp_path)
    assert today.returncode == 0 and "LOOP" not in today.stdout


# --------------------------------------------------------------------------
# rulings and scenarios
# --------------------------------------------------------------------------


def test_rulings_for_a_card() -> None:
    result = run("rulings", "--card", "ヒステリック・サイン", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert rows and all("ヒステリック・サイン" in r["cards"] for r in rows)
    ids = {r["ruling_id"] for r in rows}
    assert "ocg-160708-hysteric-sign-adjustment" in ids
    text = run("rulings", "--card", "hysteric sign").stdout
    assert "superseded -> ocg-160708-hysteric-sign-adjustment" in text


def test_scenarios_lists_every_shipped_example() -> None:
    result = run("scenarios", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [r["name"] for r in rows] == list(list_seed_scenarios()) + list(dm_seed_scenarios())
    assert {r["game"] for r in rows} == {"ocg", "duel_masters"}


def test_resolve_a_duel_masters_scenario_by_name_and_by_file(tmp_path: Path) -> None:
    by_name = run("resolve", "dm_moffle_zanjibar", "--json")
    assert by_name.returncode == 0, by_name.stderr
    data = json.loads(by_name.stdout)
    assert data["game"] == "duel_masters" and data["ruleset"]["name"] == "duel_masters"
    assert data["steps"][-1]["rule"] == "D2(6)"
    copy = tmp_path / "moffle.yaml"
    copy.write_text(dataset_path("scenarios", "duel_masters", "dm_moffle_zanjibar.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    by_file = run("explore", str(copy), "--ruleset", "dm-turn-starts-later", "--json")
    assert by_file.returncode == 0, by_file.stderr
    assert any(e["kind"] == "destroyed" for o in json.loads(by_file.stdout)["outcomes"] for e in o["events"])


def test_duel_masters_scenarios_refuse_a_date() -> None:
    message = bad(run("resolve", "dm_moffle_zanjibar", "--date", "2020-01-01"))
    assert "Duel Masters scenarios are undated: use --ruleset" in message


# --------------------------------------------------------------------------
# Bad input: message on stderr, exit 2, no traceback
# --------------------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    assert "no such scenario file" in bad(run_process("resolve", str(tmp_path / "nope.yaml")))


def test_unknown_card_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text("title: t\nturn_player: A\nplayers:\n  A:\n    field: [ホルスの黒炎 LV6]\n", encoding="utf-8")
    message = bad(run("explore", str(path)))
    assert str(path) in message and "players.A.field[0]" in message and "Unknown card" in message


def test_invalid_yaml(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("title: [unclosed\n", encoding="utf-8")
    assert "not valid YAML" in bad(run("resolve", str(path)))


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("resolve", "lyla_veiler_2011", "--date", "13/03/30"), "YYYY-MM-DD"),
        (("resolve", "lyla_veiler_2011", "--ruleset", "ocg2011"), "unknown ruleset"),
        (("resolve", "lyla_veiler_2011", "--date", "2013-03-30", "--ruleset", "ocg"), "not allowed with"),
        (("rulings", "--card", "存在しないカード"), "Unknown card 「存在しないカード」 — did you mean"),
        (("frobnicate",), "invalid choice"),
        (("resolve",), "required"),
    ],
    ids=["bad-date", "unknown-ruleset", "date-and-ruleset", "unknown-card", "unknown-command", "no-scenario"],
)
def test_bad_arguments(args: tuple[str, ...], fragment: str) -> None:
    assert fragment in bad(run(*args))


def test_main_returns_the_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.__main__ import main

    assert main(["scenarios"]) == 0
    assert "lyla_veiler_2011" in capsys.readouterr().out
    assert main(["resolve", "no-such.yaml"]) == 2
    assert "no such scenario file" in capsys.readouterr().err
