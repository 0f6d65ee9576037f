"""toolkit.files: the guarded reader and the atomic writer."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from toolkit import files
from toolkit.errors import FileError
from toolkit.files import (
    MAX_BYTES_ENV,
    YamlLimits,
    parse_yaml,
    read_bytes,
    read_text,
    recover_folder,
    write_text,
    write_texts,
)

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "datasets" / "scenarios").rglob("*.yaml"))


@pytest.fixture(autouse=True)
def _no_alarm() -> Iterator[None]:
    """A reader that blocks fails the test instead of hanging the suite."""
    previous = signal.signal(signal.SIGALRM, lambda *_: pytest.fail("blocked: the read did not return"))
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


# --------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------


def test_reads_a_regular_file_and_drops_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"\xef\xbb\xbftitle: t\n")
    assert read_text(path) == "title: t\n"


def test_refuses_what_is_not_a_regular_file_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "named pipe"), (tmp_path, "folder"), (Path("/dev/zero"), "character device")):
        with pytest.raises(FileError, match=kind) as info:
            read_bytes(path, what="scenario file")
        assert info.value.file == str(path) and "\n" not in str(info.value)


def test_symlink_loops_and_long_names_are_errors_not_crashes(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "b.yaml").symlink_to("a.yaml")
    with pytest.raises(FileError, match="loop of symbolic links"):
        read_bytes(tmp_path / "a.yaml")
    with pytest.raises(FileError, match="too long"):
        read_bytes(tmp_path / ("n" * 300 + ".yaml"))
    with pytest.raises(FileError, match="no such scenario file"):
        read_bytes(tmp_path / "none.yaml", what="scenario file")


def test_size_limit_before_and_while_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * 5000)
    with pytest.raises(FileError, match=r"too big \(5,000 bytes; the limit is 4,000 bytes\)"):
        read_bytes(path, max_bytes=4000)
    monkeypatch.setenv(MAX_BYTES_ENV, "4999")
    with pytest.raises(FileError, match="limit is 4,999 bytes"):
        read_bytes(path)
    monkeypatch.setenv(MAX_BYTES_ENV, "5000")
    assert len(read_bytes(path)) == 5000
    monkeypatch.setenv(MAX_BYTES_ENV, "five thousand")
    with pytest.raises(FileError, match=f"{MAX_BYTES_ENV} must be a positive number"):
        read_bytes(path)
    monkeypatch.delenv(MAX_BYTES_ENV)

    real_fstat = os.fstat

    def small_fstat(fd: int) -> os.stat_result:  # a file that grows after fstat (or a /proc file of size 0)
        info = real_fstat(fd)
        return os.stat_result((info.st_mode, *info[1:6], 10, *info[7:]))

    monkeypatch.setattr(files.os, "fstat", small_fstat)
    with pytest.raises(FileError, match="grew while being read"):
        read_bytes(path, max_bytes=4000)


def test_bad_utf8_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "sjis.yaml"
    path.write_bytes("title: t\nturn_player: ヴェーラー\n".encode("shift_jis"))
    with pytest.raises(FileError, match=r"\(line 2, column 14\): not UTF-8 text"):
        read_text(path)


# --------------------------------------------------------------------------
# YAML
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fragment", "field"),
    [
        ("players:\n  A:\n    field: [x]\n    field: [y]\n", "duplicate key 'field' (first at line 3)", "players.A.field"),
        ("date: 2014-02-30\n", "'2014-02-30' is not a day on the calendar", "date"),
        ("life: " + "9" * 5000 + "\n", "a number of 5,000 digits", "life"),
        ("a:\n" + "- " * 100 + "x\n", "nested deeper than 64 levels", None),
        ("a: &a [*a]\n", "inside the very list or mapping it names", None),
        ("x: &x 1\ny: [" + ", ".join(["*x"] * 1001) + "]\n", "more than 1,000 aliases", None),
        ("a:\n" + "- 1\n" * 5_001, "more than 5,000 values", None),
        ("a: 1\n---\nb: 2\n", "remove the second '---'", None),
        ("a: b\x00\n", "control character (U+0000)", None),
    ],
)
@pytest.mark.parametrize("pure_python", [False, True], ids=["libyaml", "python"])
def test_yaml_limits(text: str, fragment: str, field: str | None, pure_python: bool) -> None:
    with pytest.raises(FileError) as info:
        parse_yaml(text, "x.yaml", pure_python=pure_python, limits=YamlLimits(nodes=5_000))
    assert fragment in info.value.message
    assert info.value.field == field and info.value.line is not None
    assert str(info.value).startswith("x.yaml") and "\n" not in str(info.value)


def test_alias_bomb_is_refused_quickly() -> None:
    bomb = "a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n" + "".join(
        f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi")) + "title: *i\n"
    start = time.monotonic()
    with pytest.raises(FileError, match="alias bomb"):
        parse_yaml(bomb)
    assert time.monotonic() - start < 2


def test_limits_can_be_raised_and_merge_keys_are_not_duplicates() -> None:
    deep = "a:\n" + "- " * 100 + "x\n"
    assert parse_yaml(deep, limits=YamlLimits(depth=200)).data["a"][0][0][0]
    assert parse_yaml("b: &b {x: 1}\nm: {<<: *b, y: 2}\n").data["m"] == {"x": 1, "y": 2}


def test_positions_of_fields() -> None:
    doc = parse_yaml("title: t\nplayers:\n  A:\n    hand: [a, b]\n    life: 3\n")
    assert doc.position("players.A.life") == (5, 5)
    assert doc.position("players.A.hand[1]") == (4, 15)
    assert doc.position("players.B.life") == (2, 1), "the nearest written ancestor"
    assert doc.position(None) is None


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_both_loaders_read_every_shipped_scenario_as_safe_load_does(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert parse_yaml(text).data == parse_yaml(text, pure_python=True).data == yaml.safe_load(text)


@given(st.text(alphabet=st.sampled_from(list(":-[]{},&*!|>'\"#\n ?abAB01\t\x00é")), max_size=120))
def test_both_loaders_give_data_or_a_file_error(text: str) -> None:
    """Any text: the data, or a FileError (never another exception); when
    both parsers accept it they read the same data (they may differ on what
    they accept: libyaml allows a tab after a plain scalar, PyYAML does not)."""
    read = []
    for pure in (False, True):
        try:
            read.append(parse_yaml(text, pure_python=pure).data)
        except FileError as exc:
            assert "\n" not in str(exc)
    if len(read) == 2:
        assert read[0] == read[1]


# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".endphase-" in p.name)


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o077])
def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        path = write_text(tmp_path / "new.yaml", "x\n")
    finally:
        os.umask(old)
    assert _mode(path) == 0o666 & ~umask
    assert _leftovers(tmp_path) == []


def test_an_overwritten_file_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "kept.yaml"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o644)
    write_text(path, "new\n", overwrite=True)
    assert path.read_text(encoding="utf-8") == "new\n" and _mode(path) == 0o644
    path.chmod(0o604)
    write_text(path, "newer\n", overwrite=True)
    assert _mode(path) == 0o604


def test_no_clobber_when_the_file_appears_between_check_and_rename(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "race.yaml"
    real = files.writing._write_temp

    def write_then_someone_saves(goal: Path, data: bytes, mode: int | None) -> Path:
        temp = real(goal, data, mode)
        target.write_text("theirs\n", encoding="utf-8")  # another program, after our existence check
        return temp

    monkeypatch.setattr(files.writing, "_write_temp", write_then_someone_saves)
    with pytest.raises(FileError, match="file exists"):
        write_text(target, "ours\n")
    assert target.read_text(encoding="utf-8") == "theirs\n"
    assert _leftovers(tmp_path) == []


def test_a_group_is_undone_when_its_second_file_appears(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a.md", tmp_path / "a.wiki.txt"
    real = files.writing._commit

    def someone_writes_the_second(temps: list[Path], targets: list[Path], overwrite: bool) -> None:
        second.write_text("theirs\n", encoding="utf-8")
        real(temps, targets, overwrite)

    monkeypatch.setattr(files.writing, "_commit", someone_writes_the_second)
    with pytest.raises(FileError, match="file exists"):
        write_texts([(first, "md\n"), (second, "wiki\n")])
    assert not first.exists() and second.read_text(encoding="utf-8") == "theirs\n"
    assert _leftovers(tmp_path) == []


KILLED_SAVE = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from toolkit import files

    folder, stage = Path(sys.argv[1]), sys.argv[2]
    real_replace, calls = os.replace, []

    def replace(src, dst):
        calls.append(dst)
        if stage == "rename" and str(dst).endswith(".md"):
            real_replace(src, dst)
            os.kill(os.getpid(), signal.SIGKILL)  # killed between the two renames
        real_replace(src, dst)

    real_write, written = files.writing._write_temp, []

    def write_and_die(target, data, mode):
        temp = real_write(target, data, mode)
        written.append(temp)
        if stage == "single" or (stage == "temp" and len(written) == 2):
            os.kill(os.getpid(), signal.SIGKILL)  # killed with temporary files on disk, before any rename
        return temp

    files.os.replace = replace
    files.writing._write_temp = write_and_die
    if stage == "single":
        files.write_text(folder / "s.yaml", "new\\n", overwrite=True)
    files.write_texts([(folder / "p.md", "new\\n"), (folder / "p.wiki.txt", "new\\n")], overwrite=True)
    """
)


def _killed_save(folder: Path, stage: str) -> None:
    result = subprocess.run([sys.executable, "-c", KILLED_SAVE, str(folder), stage], cwd=ROOT, timeout=60)
    assert result.returncode == -signal.SIGKILL


def _age(folder: Path, seconds: float = 120) -> None:
    then = time.time() - seconds
    for path in folder.iterdir():
        os.utime(path, (then, then), follow_symlinks=False)


def test_no_temporary_file_is_left_after_a_kill_and_a_retry(tmp_path: Path) -> None:
    (tmp_path / "s.yaml").write_text("old\n", encoding="utf-8")
    _killed_save(tmp_path, "single")
    assert (tmp_path / "s.yaml").read_text(encoding="utf-8") == "old\n", "the old file is whole"
    assert len(_leftovers(tmp_path)) == 1, "the killed save left its temporary file"
    write_text(tmp_path / "s.yaml", "retry\n", overwrite=True)
    assert len(_leftovers(tmp_path)) == 1, "a young temporary file may belong to a running save: kept"
    _age(tmp_path)
    write_text(tmp_path / "s.yaml", "again\n", overwrite=True)
    assert _leftovers(tmp_path) == [] and (tmp_path / "s.yaml").read_text(encoding="utf-8") == "again\n"


@pytest.mark.parametrize(("stage", "expected"), [("temp", "old\n"), ("rename", "new\n")])
def test_the_article_pair_is_consistent_after_a_kill(tmp_path: Path, stage: str, expected: str) -> None:
    for name in ("p.md", "p.wiki.txt"):
        (tmp_path / name).write_text("old\n", encoding="utf-8")
    _killed_save(tmp_path, stage)
    if stage == "rename":
        texts = {(tmp_path / n).read_text(encoding="utf-8") for n in ("p.md", "p.wiki.txt")}
        assert texts == {"old\n", "new\n"}, "the kill fell between the two renames"
    _age(tmp_path)
    recover_folder(tmp_path)
    assert [(tmp_path / n).read_text(encoding="utf-8") for n in ("p.md", "p.wiki.txt")] == [expected, expected]
    assert _leftovers(tmp_path) == []


def test_only_the_toolkits_own_temporary_files_are_ever_removed(tmp_path: Path) -> None:
    # names earlier versions gave their temporaries are names a user may give files too: kept
    users = [".horus.yaml.k3j_9x2a.tmp", ".sign.md.abcdefgh.tmp", ".notes.md.draft001.tmp", "horus.yaml.abcdefgh.tmp"]
    ours = [".horus.yaml.endphase-0123456789ab.tmp"]
    for name in users + ours:
        (tmp_path / name).write_text("x", encoding="utf-8")
    _age(tmp_path)
    write_text(tmp_path / "new.yaml", "x\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(users + ["new.yaml"])


def test_a_torn_journal_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "p.md").write_text("old\n", encoding="utf-8")
    (tmp_path / ".endphase-0123456789ab.journal").write_bytes(b'{"steps": [{"temp"')
    (tmp_path / ".p.md.endphase-0123456789ab.tmp").write_text("new\n", encoding="utf-8")
    _age(tmp_path)
    recover_folder(tmp_path)
    assert (tmp_path / "p.md").read_text(encoding="utf-8") == "old\n" and _leftovers(tmp_path) == []


def test_write_errors_are_one_line_file_errors(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="the folder does not exist"):
        write_text(tmp_path / "no" / "x.yaml", "x")
    with pytest.raises(FileError, match="too long"):
        write_text(tmp_path / ("n" * 300), "x")
    (tmp_path / "exists.yaml").write_text("mine\n", encoding="utf-8")
    with pytest.raises(FileError, match="file exists"):
        write_text(tmp_path / "exists.yaml", "x")
    assert (tmp_path / "exists.yaml").read_text(encoding="utf-8") == "mine\n"
