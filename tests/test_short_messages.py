"""Messages short and located (issue 31, item 5): a long value a user wrote is
echoed shortened — its first and last characters and "(N characters)" — by one
helper (:func:`toolkit.errors.shorten` / :func:`toolkit.errors.quoted`), and
each error names the file, the row or card and the column or field."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tests import in_process
from toolkit.errors import quoted, shorten

BIG = 100_000
LINE_LIMIT = 600


def _csv(path: Path, header: list[str], *rows: list[str]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows(rows)
    return path


RULING = ["ruling_id", "kind", "date", "answer_ja", "source"]


def _case(tmp_path: Path, name: str) -> tuple[list[str], str]:
    """The command line of one hostile file, and what its message must name."""
    if name == "unknown condition":
        (tmp_path / "c.yaml").write_text(
            "name: テスト\ntype: monster\ntexts:\n  - end_phase:\n      - key: k\n        mandatory: true\n"
            "        chain_link: true\n        when: " + "c" * BIG + "\n        do: {draw: 1}\n", encoding="utf-8")
        return ["cards", "--check", str(tmp_path / "c.yaml")], "field 'texts[0].end_phase[0].when'"
    if name == "card name":
        (tmp_path / "n.yaml").write_text("name: " + "名" * 300_000 + "\ntype: monsterx\n", encoding="utf-8")
        return ["cards", "--check", str(tmp_path / "n.yaml")], "field 'type'"
    if name == "csv header":
        path = _csv(tmp_path / "h.csv", ["ruling_id", "answer_ja", "source", "h" * BIG], ["user-240105-x", "a", "s", "v"])
        return ["verify", "--rulings", str(path)], "row 0, column 'hhh"
    if name == "unknown event":
        path = _csv(tmp_path / "e.csv", [*RULING, "scenario", "check", "expected"],
                    ["user-240105-x", "example", "2024-01-05", "a", "s", "hysteric_sign_adjustment_2016",
                     json.dumps({"possible": {"event": "e" * BIG}}), "no"])
        return ["verify", "--rulings", str(path)], "row 1, column 'check'"
    if name == "duplicate id":
        rid = "user-240105-" + "x" * BIG
        path = _csv(tmp_path / "d.csv", RULING, [rid, "example", "2024-01-05", "a", "s"],
                    [rid, "example", "2024-01-05", "a", "s"])
        return ["verify", "--rulings", str(path)], "row 2, column 'ruling_id'"
    if name == "date":
        path = _csv(tmp_path / "t.csv", RULING, ["user-240105-x", "example", "2024-01-05" + "9" * BIG, "a", "s"])
        return ["verify", "--rulings", str(path)], "row 1, column 'date'"
    if name == "supersedes":
        path = _csv(tmp_path / "s.csv", [*RULING, "supersedes"], ["user-240105-x", "example", "2024-01-05", "a", "s", "o" * BIG])
        return ["verify", "--rulings", str(path)], "row 1, column 'supersedes'"
    raise AssertionError(name)


@pytest.mark.parametrize("name", ["unknown condition", "card name", "csv header", "unknown event", "duplicate id",
                                  "date", "supersedes"])
def test_a_long_value_is_echoed_short_with_its_length_and_located(tmp_path: Path, name: str) -> None:
    args, place = _case(tmp_path, name)
    done = in_process.endphase(args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < LINE_LIMIT, lines[0][:300]
    assert " characters)" in lines[0] and "…" in lines[0] and place in lines[0], lines[0]


def test_shorten_keeps_both_ends_and_the_count() -> None:
    text = "A" + "b" * 10_000 + "Z"
    assert shorten(text, 20) == "Abbbbbbbbbbb…bbbbbbZ (10,002 characters)"
    assert quoted(text).startswith("'Abbb") and quoted(text).endswith("bbZ' (10,002 characters)")
    assert quoted("short") == "'short'" and shorten("short") == "short"


def test_a_scenario_a_ruling_cannot_read_is_said_under_its_row_with_the_id_once(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("title: t\nturn_player: A\nplayers:\n  A:\n    hand: [存在しないカード]\n",
                                       encoding="utf-8")
    path = _csv(tmp_path / "r.csv", [*RULING, "scenario", "check", "expected"],
                ["user-240105-b", "example", "2024-01-05", "a", "s", "bad.yaml", '{"possible": {"loop": true}}', "no"])
    done = in_process.endphase(["verify", "--rulings", str(path), "--only-mine"], cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert f"{path}, row 1, column 'scenario': {tmp_path / 'bad.yaml'}, field 'players.A.hand[0]'" in done.stderr
    assert "user-240105-b" not in done.stderr


