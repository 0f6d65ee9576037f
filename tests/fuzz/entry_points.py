"""Hostile input through the entry points beyond a scenario argument: standard
input, the tables ``validate`` reads, card files (``cards --check`` and the
user's card folder), the options of ``compare``, ``rulings``, ``cards`` and
``export``. Each attack is a :class:`hostile.Case` run by the same runner and
classified the same way; ``says`` is a piece of the one-line message the run
must print (a message that names nothing useful is a failure too).

``python tests/fuzz/entry_points.py`` runs every attack and prints the tally.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import hostile
from hostile import Case, Prepared

SHIPPED_OCG = "lyla_veiler_2011"
VEILER = "エフェクト・ヴェーラー"


@dataclass(frozen=True)
class Attack:
    case: Case
    says: str = ""
    fast: bool = False
    """Run under the default (ci) profile too; the rest only under ``thorough``."""
    report: bool = False
    """The command reports on standard output (``validate``): its first line is the message."""
    status: int = 2
    """The exit status of the refusal: 2 (bad input), or 3 for a search that reached its limit."""


def _card(name: str, english: str | None = None, shadows: bool = False) -> str:
    lines = [f"name: {name}"] + ([f"english: {english}"] if english else []) + ["type: monster", "subtype: effect"]
    return "\n".join(lines + (["shadows: true"] if shadows else [])) + "\n"


# --------------------------------------------------------------------------
# Standard input
# --------------------------------------------------------------------------


def _stdin_case(name: str, argv: list[str], feed: str | bytes, expect: str = "error",
                env: dict[str, str] | None = None) -> Case:
    """``argv`` with standard input read from ``feed`` (a path such as
    /dev/zero as str, or bytes written to a file first)."""

    def make(folder: Path) -> Prepared:
        if isinstance(feed, bytes):
            path = folder / "stdin.bin"
            path.write_bytes(feed)
            return Prepared(argv, dict(env or {}), stdin=str(path))
        return Prepared(argv, dict(env or {}), stdin=feed)

    return Case("standard input", name, make, expect, isolate=True)


def standard_input() -> Iterator[Attack]:
    zero = "/dev/zero"
    over = hostile.OCG_TEXT.encode("utf-8") + b"#" * (2 << 20)
    yield Attack(_stdin_case("resolve - < /dev/zero", ["resolve", "-"], zero), "limit", fast=True)
    yield Attack(_stdin_case("validate - < /dev/zero", ["validate", "-"], zero), "limit")
    yield Attack(_stdin_case("verify --rulings - < /dev/zero", ["verify", "--rulings", "-", "--only-mine"], zero),
                 "limit")
    yield Attack(_stdin_case("rulings --rulings - < /dev/zero", ["rulings", "--rulings", "-"], zero), "limit")
    yield Attack(_stdin_case("resolve - < 2 MB scenario", ["resolve", "-"], over), "<stdin>")
    yield Attack(_stdin_case("resolve - < the shipped scenario (valid)", ["resolve", "-"],
                             hostile.OCG_TEXT.encode("utf-8"), expect="ok"))
    yield Attack(_stdin_case("resolve - < a 2 MB scenario, limit raised (valid)", ["resolve", "-"], over,
                             expect="ok", env={"ENDPHASE_MAX_FILE_BYTES": "3000000"}))


# --------------------------------------------------------------------------
# The tables validate reads
# --------------------------------------------------------------------------


def _path_case(cls: str, name: str, argv_of: Callable[[Path], list[str]], *, expect: str = "error", isolate: bool = False,
               env: dict[str, str] | None = None) -> Case:
    return Case(cls, name, lambda folder: Prepared(argv_of(folder), dict(env or {})), expect, isolate)


def _fifo(folder: Path, name: str) -> str:
    os.mkfifo(folder / name)
    return str(folder / name)


def _link(folder: Path, name: str, target: str) -> str:
    os.symlink(target, folder / name)
    return str(folder / name)


def tables() -> Iterator[Attack]:
    yield Attack(_path_case("tables", "validate a pipe named x.csv",
                            lambda f: ["validate", _fifo(f, "x.csv")], isolate=True), "named pipe", fast=True, report=True)
    yield Attack(_path_case("tables", "validate x.csv -> /dev/zero",
                            lambda f: ["validate", _link(f, "z.csv", "/dev/zero")], isolate=True), "device", report=True)
    yield Attack(_path_case("tables", "validate a 2 MB .csv of one line",
                            lambda f: ["validate", _write(f, "big.csv", b"ruling_id" + b"x" * (2 << 20))],
                            isolate=True), "too big", report=True)


def _write(folder: Path, name: str, data: bytes | str) -> str:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return str(path)


# --------------------------------------------------------------------------
# Card files: cards --check, and the user's card folder
# --------------------------------------------------------------------------


def card_files() -> Iterator[Attack]:
    cls = "card files"
    yield Attack(_path_case(cls, "cards --check an empty folder", lambda f: ["cards", "--check", str(f)]),
                 "no card file", fast=True)
    yield Attack(_path_case(cls, "cards --check a file holding []",
                            lambda f: ["cards", "--check", _write(f, "c.yaml", "[]\n")]), "no card")
    yield Attack(_path_case(cls, "cards --check a folder with a pipe x.yaml",
                            lambda f: ["cards", "--check", str(Path(_fifo(f, "x.yaml")).parent)]), "named pipe")
    yield Attack(_path_case(cls, "cards --check a folder with a link loop x.yaml",
                            lambda f: ["cards", "--check", str(Path(_link(f, "x.yaml", "x.yaml")).parent)]), "loop")
    for label, text, says in (
        ("the shipped name, no shadows", _card(VEILER), "shadows: true"),
        ("the shipped name in half-width kana", _card("ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ"), VEILER),
        ("the shipped name with a full-width space", _card(VEILER + "　"), VEILER),
        ("the shipped card's English name as its name", _card("effect veiler"), VEILER),
        ("the shipped card's English name", _card("クリバンデット", "Effect Veiler"), "English name"),
        ("half-width kana, even with shadows", _card("ｴﾌｪｸﾄ･ｳﾞｪｰﾗｰ", shadows=True), VEILER),
    ):
        yield Attack(_path_case(cls, f"cards --check: {label}",
                                lambda f, t=text: ["cards", "--check", _write(f, "mine.yaml", t)]), says,
                     fast=label.startswith("the shipped name in"))
        yield Attack(_path_case(cls, f"user card folder: {label}",
                                lambda f, t=text: _user_folder(f, {"mine.yaml": t}),
                                isolate=True), says)
    yield Attack(_path_case(cls, "cards --check: a card of one's own (valid)",
                            lambda f: ["cards", "--check", _write(f, "mine.yaml", _card("クリバンデット", "Kuribandit"))],
                            expect="ok"))
    yield Attack(_path_case(cls, "cards --check: the shipped card folder (valid)",
                            lambda f: ["cards", "--check", str(hostile.ROOT / "datasets" / "cards")], expect="ok"))
    yield Attack(_path_case(cls, "user card folder: shadows the exact name (valid)",
                            lambda f: _user_folder(f, {"mine.yaml": _card(VEILER, "Effect Veiler", shadows=True)},
                                                   argv=("cards", "--show", "effect veiler")),
                            isolate=True, expect="ok"))
    yield Attack(_path_case(cls, "user card folder: a pipe x.yaml", lambda f: _user_folder(f, {}, fifo="x.yaml"),
                            isolate=True), "named pipe")
    yield Attack(_path_case(cls, "user card folder: a link loop x.yaml",
                            lambda f: _user_folder(f, {}, loop="x.yaml"), isolate=True), "loop")


def _user_folder(folder: Path, files: dict[str, str], *, fifo: str | None = None, loop: str | None = None,
                 argv: tuple[str, ...] = ("resolve", SHIPPED_OCG)) -> list[str]:
    """``resolve`` of a shipped scenario with ``$ENDPHASE_USER_DIR/cards`` holding ``files``
    (the environment variable is passed through the arguments' case: see :func:`_env_case`)."""
    cards = folder / "user" / "cards"
    cards.mkdir(parents=True)
    for name, text in files.items():
        (cards / name).write_text(text, encoding="utf-8")
    if fifo:
        os.mkfifo(cards / fifo)
    if loop:
        os.symlink(loop, cards / loop)
    return list(argv)


def _with_user_dir(case: Case) -> Case:
    """A user-card-folder case: its run sees ``ENDPHASE_USER_DIR`` set to the case's folder."""
    if not case.name.startswith("user card folder"):
        return case

    def make(folder: Path) -> Prepared:
        prepared = case.make(folder)
        return Prepared(prepared.argv, {"ENDPHASE_USER_DIR": str(folder / "user")})

    return Case(case.cls, case.name, make, case.expect, case.isolate)


# --------------------------------------------------------------------------
# Options of the other commands
# --------------------------------------------------------------------------


def options() -> Iterator[Attack]:
    cls = "options"

    def args(name: str, argv: list[str], says: str = "", expect: str = "error", fast: bool = False) -> Attack:
        return Attack(hostile.args_case(cls, name, argv, expect), says, fast)

    yield args("compare --rulesets 0001-01-01 9999-12-31", ["compare", SHIPPED_OCG, "--rulesets", "0001-01-01",
                                                             "9999-12-31"], "outside the dates", fast=True)
    yield args("compare --rulesets 2014-02-30 ocg", ["compare", SHIPPED_OCG, "--rulesets", "2014-02-30", "ocg"],
               "calendar")
    yield args("compare --rulesets 2013-03-30 ocg (valid)", ["compare", SHIPPED_OCG, "--rulesets", "2013-03-30",
                                                              "ocg"], expect="ok")
    yield args("resolve --date in full-width digits (valid)", ["resolve", SHIPPED_OCG, "--date", "２０１３-０３-３０"],
               expect="ok", fast=True)
    yield args("compare --rulesets a full-width day (valid)", ["compare", SHIPPED_OCG, "--rulesets", "２０１３-０３-３０",
                                                                "ocg"], expect="ok")
    yield Attack(_path_case(cls, "a scenario dated in full-width digits (valid)",
                            lambda f: ["resolve", _write(f, "s.yaml", hostile.OCG_TEXT.replace(
                                "ruleset: ocg-2011", "date: ２０１１-０９-０１"))], expect="ok"))
    yield args("rulings --card ''", ["rulings", "--card", ""], "--card", fast=True)
    yield args("rulings --card full-width space", ["rulings", "--card", "\u3000"], "--card")
    yield args("cards --show ''", ["cards", "--show", ""], "--show")
    yield args("verify --ruling ''", ["verify", "--ruling", ""], "no ruling ''")
    yield Attack(_path_case(cls, "export --out a file", lambda f: ["export", "ヒステリック・サイン", "--out",
                                                                   _write(f, "plain.txt", "x")]), "not a folder")
    yield Attack(_path_case(cls, "export --out /dev/null", lambda f: ["export", "ヒステリック・サイン", "--out",
                                                                      "/dev/null"]), "not a folder")


# --------------------------------------------------------------------------
# Searches that explode
# --------------------------------------------------------------------------


def exploding_scenario(n: int = 12) -> str:
    """``n`` Lyla each negated by its own Effect Veiler until the End Phase: the
    order of the 2n mandatory processes makes the search explode."""
    lines = ["title: many lingering negations", "date: 2012-01-01", "turn_player: A", "players:", "  A:", "    field:"]
    lines += [f"      - ライトロード・マジシャン ライラ#{i}" for i in range(n)]
    lines += ["  B:", "    graveyard: [" + ", ".join(f"{VEILER}#{i}" for i in range(n)) + "]", "lingering:"]
    lines += [f"  - {{source: {VEILER}#{i}, controller: B, target: ライトロード・マジシャン ライラ#{i}, effect: negate}}"
              for i in range(n)]
    return "\n".join(lines) + "\n"


def searches() -> Iterator[Attack]:
    cls = "searches"
    boom = exploding_scenario()
    yield Attack(_path_case(cls, "explore --max-states 100", lambda f: ["explore", _write(f, "boom.yaml", boom),
                                                                         "--max-states", "100"]),
                 "followed; raise --max-states to search further", fast=True, status=3)
    yield Attack(_path_case(cls, "can-force --max-states 100", lambda f: ["can-force", _write(f, "boom.yaml", boom),
                                                                           "TP", "{loop: true}", "--max-states", "100"]),
                 "followed; raise --max-states to search further", status=3)
    # changes sweeps the same search over every rule change: the same options, the same messages
    yield Attack(_path_case(cls, "changes --max-states 100", lambda f: ["changes", _write(f, "boom.yaml", boom),
                                                                         "--max-states", "100"]),
                 "followed; raise --max-states to search further", fast=True, status=3)
    yield Attack(_path_case(cls, "changes --time-limit 1.5", lambda f: ["changes", _write(f, "boom.yaml", boom),
                                                                         "--time-limit", "1.5"]),
                 "raise --time-limit to search further", fast=True, status=3)
    yield Attack(_path_case(cls, "explore --time-limit 1.5, stderr a file",
                            lambda f: ["explore", _write(f, "boom.yaml", boom), "--time-limit", "1.5"], isolate=True),
                 "raise --time-limit to search further", status=3)


CLASSES = (standard_input, tables, card_files, options, searches)


def all_attacks() -> list[Attack]:
    return [Attack(_with_user_dir(a.case), a.says, a.fast, a.report, a.status) for make in CLASSES for a in make()]


def run_attack(attack: Attack, folder: Path) -> hostile.Result:
    """One attack through :func:`hostile.run_case`; a ``report`` command's
    first line of standard output stands for its message."""
    if not attack.report and attack.status == 2:
        return hostile.run_case(attack.case, folder)
    prepared = attack.case.make(folder)
    peak: float | None = None
    if attack.case.isolate:
        status, out, err, timed_out, peak = hostile.run_isolated(prepared.argv, prepared.env,
                                                                 stdin_path=prepared.stdin)
        escaped = False
    else:
        status, out, err, escaped, timed_out = hostile.run_in_process(prepared.argv, prepared.env)
    if attack.report:
        first = out.strip().splitlines()[0] if out.strip() else ""
        err = err if err.strip() or status in (0, None) else f"error: {first}\n"
    # the classifier knows exit 2 as a refusal: the expected status stands for it
    seen = 2 if status == attack.status else (99 if status == 2 else status)
    outcome = hostile.classify(attack.case.expect, seen, err, escaped, timed_out)
    return hostile.Result(attack.case, outcome, status, err.strip(), 0.0, peak)


def passed(attack: Attack, result: hostile.Result) -> bool:
    """The outcome is good, an error is a clear one, and its message says what the attack expects."""
    if result.outcome not in hostile.GOOD:
        return False
    if attack.case.expect == "error" and result.outcome != "clear":
        return False
    return attack.says in result.message


def main() -> int:
    import tempfile

    attacks = all_attacks()
    results = []
    bad = 0
    for attack in attacks:
        with tempfile.TemporaryDirectory(prefix="endphase-fuzz-") as work:
            r = run_attack(attack, Path(work))
        results.append(r)
        ok = passed(attack, r)
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {r.outcome:<9} [{r.case.cls}] {r.case.name}: {r.message[:160]}")
    print(hostile.tally_text(results))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.path.insert(0, str(hostile.ROOT))
    sys.exit(main())
