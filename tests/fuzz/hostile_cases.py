"""The hostile cases of tests/fuzz/hostile.py: malformed files of every class.

Each case is a file (or a file-system oddity) and the arguments of one
``python -m toolkit`` run, with the outcome it must have; hostile.py runs them
and tallies the outcomes (its docstring lists them).
"""

from __future__ import annotations

import contextlib
import copy
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "datasets" / "scenarios"
OCG_BASE = "lyla_veiler_2011.yaml"
DM_BASE = "duel_masters/dm_moffle_zanjibar.yaml"
TIMEOUT = 20.0
MEMORY_CAP = 1 << 30
GOOD = ("clear", "ok")
BAD = ("traceback", "hang", "memory", "silent", "refused", "unclear")
OUTCOMES = GOOD + BAD

Make = Callable[[Path], "Prepared"]


@dataclass
class Prepared:
    """What a case needs at run time: the arguments, extra environment, and a
    context (e.g. a thread feeding a pipe) kept open during the run."""

    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    during: Callable[[], contextlib.AbstractContextManager[Any]] | None = None
    stdin: str | None = None  # a file fed as standard input (isolated runs only)


@dataclass(frozen=True)
class Case:
    cls: str
    name: str
    make: Make
    expect: str = "error"  # "error", "ok" or "any"
    isolate: bool = False


@dataclass(frozen=True)
class Result:
    case: Case
    outcome: str
    status: int | None
    message: str
    seconds: float
    peak_mb: float | None = None


# --------------------------------------------------------------------------
# Building files
# --------------------------------------------------------------------------

HOLE = "HOSTILEVALUEHERE"


def base(name: str = OCG_BASE) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((SCENARIOS / name).read_text(encoding="utf-8"))
    return data


def dump(data: Any) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=200)


def put(data: Any, path: str, value: Any) -> Any:
    """A copy of ``data`` with ``value`` at ``path`` (``players.A.field[0]``)."""
    out = copy.deepcopy(data)
    node = out
    parts = path.replace("[", ".[").split(".")
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        key: Any = int(part[1:-1]) if part.startswith("[") else part
        if last:
            node[key] = value
        else:
            if isinstance(key, str) and key not in node:
                node[key] = {}
            node = node[key]
    return out


def with_raw(data: Any, path: str, raw: str) -> str:
    """The YAML of ``data`` with the raw YAML text ``raw`` written at ``path``."""
    return dump(put(data, path, HOLE)).replace(HOLE, raw, 1)


def file_case(cls: str, name: str, text: str | bytes | Callable[[], str | bytes], *, expect: str = "error", isolate: bool = False,
              command: str = "resolve", extra: Sequence[str] = (), env: dict[str, str] | None = None,
              file_name: str = "case.yaml") -> Case:
    def make(folder: Path) -> Prepared:
        path = folder / file_name
        content = text() if callable(text) else text  # big or costly texts are built when the case runs
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return Prepared([command, str(path), *extra], dict(env or {}))

    return Case(cls, name, make, expect, isolate)


def fs_case(cls: str, name: str, make_path: Callable[[Path], str], *, expect: str = "error",
            isolate: bool = True, during: Callable[[Path], Callable[[], contextlib.AbstractContextManager[Any]]]
            | None = None) -> Case:
    def make(folder: Path) -> Prepared:
        return Prepared(["resolve", make_path(folder)], {}, during(folder) if during else None)

    return Case(cls, name, make, expect, isolate)


def args_case(cls: str, name: str, argv: Sequence[str], expect: str = "error") -> Case:
    return Case(cls, name, lambda folder: Prepared(list(argv)), expect)


# --------------------------------------------------------------------------
# The classes
# --------------------------------------------------------------------------

OCG_TEXT = (SCENARIOS / OCG_BASE).read_text(encoding="utf-8")
DM_TEXT = (SCENARIOS / DM_BASE).read_text(encoding="utf-8")


def encodings() -> Iterator[Case]:
    yield file_case("encodings", "shift_jis", OCG_TEXT.encode("shift_jis", "replace"))
    yield file_case("encodings", "utf-16", OCG_TEXT.encode("utf-16"))
    yield file_case("encodings", "latin-1 byte in a name", OCG_TEXT.encode("utf-8").replace(b"A\n", b"A\xe9\n", 1))
    yield file_case("encodings", "utf-8 bom", b"\xef\xbb\xbf" + OCG_TEXT.encode("utf-8"), expect="ok")
    yield file_case("encodings", "crlf line ends", OCG_TEXT.replace("\n", "\r\n"), expect="ok")
    yield file_case("encodings", "nul byte", OCG_TEXT.replace("turn_player: A", "turn_player: A\x00", 1))
    yield file_case("encodings", "escape sequence", OCG_TEXT.replace("turn_player: A", "turn_player: \x1b[31mA", 1))
    yield file_case("encodings", "lone surrogate bytes", OCG_TEXT.encode("utf-8") + b"\xed\xa0\x80\n")
    yield file_case("encodings", "bidi override in a name",
                    OCG_TEXT.replace("[ライトロード・マジシャン ライラ]", "[\u202eライラ]", 1))
    yield file_case("encodings", "random bytes", bytes(range(256)) * 4)
    yield file_case("encodings", "dm shift_jis", DM_TEXT.encode("shift_jis", "replace"))


def shapes() -> Iterator[Case]:
    for name, text in (
        ("empty", ""), ("blank lines", "\n\n\n"), ("only a comment", "# nothing\n"), ("a list", "- a\n- b\n"),
        ("a number", "42\n"), ("null", "null\n"), ("a string", "just words\n"),
        ("players is a list", OCG_TEXT.replace("players:\n", "players:\n- x\n", 1)),
        ("two documents", OCG_TEXT + "---\n" + OCG_TEXT),
        ("tab indentation", OCG_TEXT.replace("  A:", "\tA:", 1)),
        ("unclosed flow list", OCG_TEXT.replace("[ブラッド・ヴォルス, 死者蘇生]", "[ブラッド・ヴォルス, 死者蘇生", 1)),
        ("python tag", "title: !!python/object/apply:os.system ['true']\nturn_player: A\nplayers: {}\n"),
        ("binary tag title", with_raw(base(), "title", "!!binary aGVsbG8=")),
        ("set tag", "!!set {a, b}\n"),
        ("omap players", with_raw(base(), "players", "!!omap [{A: {}}, {B: {}}]")),
        ("merge key", with_raw(base(), "players.A", "{<<: {hand: []}, field: [ライトロード・マジシャン ライラ]}")),
        ("dm a list", "- game: duel_masters\n"),
        ("dm players list", DM_TEXT.replace("players:\n", "players:\n- x\n", 1)),
    ):
        expect = "any" if name == "merge key" else "error"
        yield file_case("shapes", name, text, expect=expect)


FIELD_PATHS_OCG = (
    "game", "title", "description", "date", "ruleset", "turn_player", "phase", "rulings", "rulings[0]",
    "players", "players.A", "players.A.hand", "players.A.hand[0]", "players.A.field", "players.A.field[0]",
    "players.A.life", "players.A.deck_filler", "players.B.graveyard[0]", "lingering", "lingering[0]",
    "lingering[0].source", "lingering[0].controller", "lingering[0].target", "lingering[0].effect",
)
FIELD_PATHS_DM = (
    "title", "description", "ruleset", "turn_player", "start", "extra_turn", "rulings", "rulings[0]", "players",
    "players.A.battle_zone", "players.A.battle_zone[0]", "players.A.battle_zone[0].tags",
    "players.B.battle_zone[0].power", "players.B.battle_zone[0].tapped", "lingering[0].duration",
    "lingering[0].source", "lingering[0].target", "lingering[0].controller",
)
HOSTILE_VALUES = {
    "int": "7", "negative": "-1", "zero": "0", "huge": "10000000000", "long int": "9" * 5000, "float": "3.5",
    "inf": ".inf", "bool": "true", "null": "null", "empty text": "''", "blank text": "'   '",
    "list": "[1, [2, [3]]]", "mapping": "{a: 1}", "bad date": "2014-02-30", "date": "2013-03-30",
    "time": "2013-03-30 12:00:00", "long text": "x" * 200_000, "unknown card": "存在しないカード",
    "nul escape": '"a\\0b"', "undefined alias": "*nowhere",
}


def field_types() -> Iterator[Case]:
    # "any": some values are valid for some fields (a long description); the point is no traceback
    for game, paths, data in (("ocg", FIELD_PATHS_OCG, base()), ("dm", FIELD_PATHS_DM, base(DM_BASE))):
        for path in paths:
            for kind, raw in HOSTILE_VALUES.items():
                yield file_case("field types", f"{game} {path} = {kind}",
                                lambda d=data, p=path, r=raw: with_raw(d, p, r), expect="any")


def unknown_keys() -> Iterator[Case]:
    for game, data, paths in (
        ("ocg", base(), ("titel", "players.A.feild", "players.C", "lingering[0].efect")),
        ("dm", base(DM_BASE), ("titel", "players.A.battlezone", "players.B.battle_zone[0].powr", "date")),
    ):
        for path in paths:
            yield file_case("unknown keys", f"{game} {path}", dump(put(data, path, "x")))


def duplicate_keys() -> Iterator[Case]:
    yield file_case("duplicate keys", "player field twice",
                    OCG_TEXT.replace("    field: [ライトロード・マジシャン ライラ]\n",
                                     "    field: [ライトロード・マジシャン ライラ]\n    field: []\n", 1))
    yield file_case("duplicate keys", "title twice", OCG_TEXT + "title: again\n")
    yield file_case("duplicate keys", "player twice", OCG_TEXT.replace("  B:\n", "  A: {}\n  B:\n", 1))
    yield file_case("duplicate keys", "flow mapping", OCG_TEXT.replace("controller: B,", "controller: B, controller: A,"))
    yield file_case("duplicate keys", "dm player zone twice",
                    DM_TEXT.replace("  B:\n", "    battle_zone: []\n  B:\n", 1))
    yield file_case("duplicate keys", "dm title twice", DM_TEXT + "title: again\n")


def dates() -> Iterator[Case]:
    for raw in ("2014-02-30", "2014-13-45", "0000-01-01", "0001-01-01", "1900-01-01", "1998-12-31", "2100-01-01",
                "9999-12-31", "'2014-02-30'", "'13/03/30'", "2013-03-30 12:00:00", "20130330", "'2013-3-30'"):
        data = {k: v for k, v in base().items() if k != "ruleset"}
        yield file_case("dates", f"ocg date {raw}", with_raw(data, "date", raw))
        yield file_case("dates", f"dm date {raw}", with_raw(base(DM_BASE), "date", raw))
    data = {k: v for k, v in base().items() if k != "ruleset"}
    yield file_case("dates", "ocg date 1999-01-01 (first day)", with_raw(data, "date", "1999-01-01"), expect="ok")


def sizes() -> Iterator[Case]:
    data = base()
    yield file_case("sizes", "life with 5000 digits", with_raw(data, "players.A.life", "9" * 5000))
    yield file_case("sizes", "life 0", with_raw(data, "players.A.life", "0"))
    yield file_case("sizes", "life 10**7", with_raw(data, "players.A.life", "10000000"))
    yield file_case("sizes", "deck_filler 10**6", with_raw(data, "players.A.deck_filler", "1000000"))
    yield file_case("sizes", "300 cards in a hand", dump(put(data, "players.A.hand", [f"死者蘇生#{i}" for i in range(300)])))
    yield file_case("sizes", "1 MB card name", lambda: with_raw(data, "players.A.hand[0]", "x" * 1_000_000),
                    isolate=True)
    yield file_case("sizes", "1.3 million item title", lambda: with_raw(data, "title", "[" + "1," * 1_300_000 + "1]"),
                    isolate=True)
    yield file_case("sizes", "300,000 values in 1 MB", lambda: with_raw(data, "players.A.hand", "[" + "a, " * 300_000 + "a]"),
                    isolate=True)
    yield file_case("sizes", "99,000 cards in a hand", lambda: with_raw(data, "players.A.hand", "[" + "a, " * 99_000 + "a]"),
                    isolate=True)
    yield file_case("sizes", "file over the limit", lambda: OCG_TEXT + "#" * (1 << 20), isolate=True)
    yield file_case("sizes", "10 MB file",
                    lambda: OCG_TEXT.replace("title:", "title: " + "x" * 10_000_000 + "\ntitle_:", 1), isolate=True)
    yield file_case("sizes", "2 MB description, limit raised", lambda: with_raw(data, "description", "y" * 2_000_000),
                    expect="ok", isolate=True, env={"ENDPHASE_MAX_FILE_BYTES": "3000000"})
    yield file_case("sizes", "bad size limit", OCG_TEXT, env={"ENDPHASE_MAX_FILE_BYTES": "lots"}, isolate=True)
    yield file_case("sizes", "dm power with 30 digits", with_raw(base(DM_BASE), "players.B.battle_zone[0].power",
                                                                 "1" * 30))


def aliases() -> Iterator[Case]:
    bomb = "a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n" + "".join(
        f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi"))
    yield file_case("aliases", "alias bomb in title", bomb + OCG_TEXT.replace("title: ", "title: *i\nx: ", 1),
                    isolate=True)
    yield file_case("aliases", "alias bomb in a hand", bomb.replace("a: &a", "a0: &a")
                    + OCG_TEXT.replace("hand: [ブラッド・ヴォルス, 死者蘇生]", "hand: *i", 1), isolate=True)
    yield file_case("aliases", "recursive alias", OCG_TEXT.replace("players:\n", "players: &p\n  C: *p\n", 1))
    yield file_case("aliases", "2000 aliases", "x: &x 死者蘇生\n" + OCG_TEXT.replace(
        "hand: [ブラッド・ヴォルス, 死者蘇生]", "hand: [" + ", ".join(["*x"] * 2000) + "]", 1), isolate=True)
    yield file_case("aliases", "undefined alias", OCG_TEXT.replace("turn_player: A", "turn_player: *who", 1))
    yield file_case("aliases", "aliased player (valid)", OCG_TEXT.replace("  A:\n", "  A: &a\n", 1), expect="ok")
    yield file_case("aliases", "dm alias bomb", bomb + DM_TEXT.replace("title: ", "title: *i\nx: ", 1), isolate=True)


def nesting() -> Iterator[Case]:
    yield file_case("nesting", "20000 flow levels", "title: " + "[" * 20_000 + "]" * 20_000 + "\n", isolate=True)
    yield file_case("nesting", "20000 block levels", "title: x\nplayers:\n" + "- " * 20_000 + "x\n", isolate=True)
    yield file_case("nesting", "1000 mapping levels", "".join(" " * i + f"k{i}:\n" for i in range(0, 1_000)),
                    isolate=True)
    yield file_case("nesting", "100 levels in a hand", with_raw(base(), "players.A.hand", "[" * 100 + "]" * 100))


def _fifo(folder: Path) -> str:
    path = folder / "pipe.yaml"
    os.mkfifo(path)
    return str(path)


@contextlib.contextmanager
def _feed_zeros(path: Path) -> Iterator[None]:
    """A thread writing zeros into the pipe as fast as a reader takes them (a /dev/zero)."""
    stop = threading.Event()

    def pump() -> None:
        fd = -1
        while not stop.is_set() and fd < 0:
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                time.sleep(0.01)
        chunk = b"\0" * 65536
        while fd >= 0 and not stop.is_set():
            try:
                os.write(fd, chunk)
            except BlockingIOError:
                time.sleep(0.001)
            except OSError:
                break
        if fd >= 0:
            os.close(fd)

    worker = threading.Thread(target=pump, daemon=True)
    worker.start()
    try:
        yield
    finally:
        stop.set()
        worker.join(5)


def _symlink(folder: Path, name: str, target: str) -> str:
    link = folder / name
    os.symlink(target, link)
    return str(link)


def _socket(folder: Path) -> str:
    path = folder / "sock.yaml"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return str(path)


def _through_a_file(folder: Path) -> str:
    (folder / "plain.yaml").write_text(OCG_TEXT, encoding="utf-8")
    return str(folder / "plain.yaml" / "inner.yaml")


def _named(folder: Path, name: str) -> str:
    (folder / name).write_text(OCG_TEXT.replace("turn_player: A", "turn_player: Z", 1), encoding="utf-8")
    return str(folder / name)


def filesystem() -> Iterator[Case]:
    yield fs_case("filesystem", "fifo with no writer", _fifo)
    yield fs_case("filesystem", "fifo fed zeros (a /dev/zero)", _fifo,
                  during=lambda folder: lambda: _feed_zeros(folder / "pipe.yaml"))
    yield fs_case("filesystem", "/dev/zero", lambda folder: "/dev/zero")
    yield fs_case("filesystem", "/dev/null", lambda folder: "/dev/null", isolate=False)
    yield fs_case("filesystem", "a folder", lambda folder: str(folder), isolate=False)
    yield fs_case("filesystem", "symlink loop", lambda folder: (_symlink(folder, "b.yaml", "a.yaml"),
                                                                 _symlink(folder, "a.yaml", "b.yaml"))[1],
                  isolate=False)
    yield fs_case("filesystem", "symlink to itself", lambda folder: _symlink(folder, "self.yaml", "self.yaml"),
                  isolate=False)
    yield fs_case("filesystem", "broken symlink", lambda folder: _symlink(folder, "gone.yaml", "nowhere.yaml"),
                  isolate=False)
    yield fs_case("filesystem", "symlink to /etc/passwd", lambda folder: _symlink(folder, "pw.yaml", "/etc/passwd"),
                  isolate=False)
    yield fs_case("filesystem", "symlink to a folder", lambda folder: _symlink(folder, "dir.yaml", str(folder)),
                  isolate=False)
    yield fs_case("filesystem", "300-character name", lambda folder: str(folder / ("n" * 300 + ".yaml")),
                  isolate=False)
    yield fs_case("filesystem", "5000-character path", lambda folder: str(folder) + "/d" * 2500 + ".yaml",
                  isolate=False)
    yield fs_case("filesystem", "path through a file", _through_a_file, isolate=False)
    yield fs_case("filesystem", "missing file", lambda folder: str(folder / "missing.yaml"), isolate=False)
    yield fs_case("filesystem", "a socket", _socket, isolate=False)
    yield fs_case("filesystem", "newline in the name", lambda folder: _named(folder, "two\nlines.yaml"),
                  isolate=False)
    yield fs_case("filesystem", "escape sequence in the name", lambda folder: _named(folder, "\x1b[2Jx.yaml"),
                  isolate=False)
    if os.geteuid() != 0:  # root reads anything
        def unreadable(folder: Path) -> str:
            path = Path(_named(folder, "locked.yaml"))
            path.chmod(0)
            return str(path)

        yield fs_case("filesystem", "unreadable", unreadable, isolate=False)


def cli_arguments() -> Iterator[Case]:
    shipped = "lyla_veiler_2011"
    for value in ("1900-01-01", "2014-02-30", "9999-12-31", "", "yesterday", "2013-03-30T00:00", "0001-01-01"):
        yield args_case("cli arguments", f"--date {value!r}", ["resolve", shipped, "--date", value])
    yield args_case("cli arguments", "--date on a Duel Masters file", ["resolve", "dm_moffle_zanjibar", "--date",
                                                                         "2015-01-01"])
    yield args_case("cli arguments", "--ruleset unknown", ["resolve", shipped, "--ruleset", "ocg-1066"])
    yield args_case("cli arguments", "--ruleset of 5000 chars", ["resolve", shipped, "--ruleset", "r" * 5000])
    yield args_case("cli arguments", "dm --ruleset unknown", ["explore", "dm_moffle_zanjibar", "--ruleset", "x"])
    yield args_case("cli arguments", "empty FILE", ["resolve", ""])
    yield args_case("cli arguments", "FILE '-'", ["resolve", "-"])
    yield args_case("cli arguments", "shipped name typo", ["explore", "lyla_veiler_2012"])
    yield args_case("cli arguments", "--max-states 0", ["explore", shipped, "--max-states", "0"])
    yield args_case("cli arguments", "--max-states abc", ["explore", shipped, "--max-states", "abc"])
    yield args_case("cli arguments", "unknown option", ["resolve", shipped, "--colour"])
    yield args_case("cli arguments", "date in range", ["resolve", shipped, "--date", "2005-06-01"], expect="ok")


def card_names() -> Iterator[Case]:
    data = base()
    english = put(put(put(data, "players.B.graveyard[0]", "Effect Veiler"), "lingering[0].source", "effect veiler"),
                  "lingering[0].target", "Lyla, Lightsworn Sorceress")
    yield file_case("card names", "English names", dump(put(english, "players.A.field[0]",
                                                            "lyla, lightsworn sorceress")), expect="ok")
    yield file_case("card names", "hiragana for katakana", dump(put(data, "players.A.hand[0]", "ぶらっど・ゔぉるす")),
                    expect="ok")
    yield file_case("card names", "half-width katakana", dump(put(data, "players.A.hand[0]", "ﾌﾞﾗｯﾄﾞ･ｳﾞｫﾙｽ")),
                    expect="ok")
    yield file_case("card names", "misspelt English", dump(put(data, "players.B.graveyard[0]", "Efect Veiler")))
    yield file_case("card names", "dm half-width", dump(put(base(DM_BASE), "players.A.battle_zone[0].name",
                                                            "黒神龍ｻﾞﾝｼﾞﾊﾞﾙ")), expect="ok")
    yield file_case("card names", "dm misspelt", dump(put(base(DM_BASE), "players.A.battle_zone[0].name",
                                                          "黒神龍ザンジバール")))


def game_parity() -> Iterator[Case]:
    dm = base(DM_BASE)
    yield file_case("game parity", "dm unknown ruling", dump(put(dm, "rulings", ["no-such-ruling"])))
    yield file_case("game parity", "dm ruling not in the table", dump(put(dm, "rulings", ["dm-qa-no-such-answer"])))
    yield file_case("game parity", "dm empty title", dump(put(dm, "title", "")))
    yield file_case("game parity", "dm blank title", dump(put(dm, "title", "  ")))
    yield file_case("game parity", "ocg empty title", dump(put(base(), "title", "")))
    yield file_case("game parity", "ocg unknown ruling", dump(put(base(), "rulings", ["ocg-990101-nothing"])))


def controls() -> Iterator[Case]:
    """Valid files: the runner must not refuse them."""
    yield file_case("controls", "ocg shipped", OCG_TEXT, expect="ok")
    yield file_case("controls", "dm shipped", DM_TEXT, expect="ok")
    yield file_case("controls", "ocg explore", OCG_TEXT, expect="ok", command="explore")


CLASSES: tuple[Callable[[], Iterator[Case]], ...] = (
    encodings, shapes, field_types, unknown_keys, duplicate_keys, dates, sizes, aliases, nesting, filesystem,
    cli_arguments, card_names, game_parity, controls,
)


def all_cases() -> list[Case]:
    return [case for make in CLASSES for case in make()]
