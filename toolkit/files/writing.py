"""Writing files atomically: modes kept, no clobbering, stale temporary files cleaned, pairs journalled."""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import stat
import time
from collections.abc import Sequence
from pathlib import Path

from toolkit.errors import FileError
from toolkit.files.limits import CHUNK, STALE_SECONDS

# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------

_TMP = re.compile(r"\.(?P<name>.+)\.endphase-[0-9a-f]{12}\.tmp")
"""Only files of exactly this form are ever removed as temporaries: the names earlier versions gave
theirs (``.NAME.xxxxxxxx.tmp``) are also names a user may give a file of their own
(``.notes.md.draft001.tmp``), so they are left alone."""
_JOURNAL = re.compile(r"\.endphase-[0-9a-f]{12}\.journal")


def _temp_name(target: Path) -> Path:
    return target.parent / f".{target.name}.endphase-{secrets.token_hex(6)}.tmp"


def _umask_mode() -> int:
    return 0o666  # os.open applies the umask, as for any new file


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temp(target: Path, data: bytes, mode: int | None) -> Path:
    temp = _temp_name(target)
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), _umask_mode())
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        temp.unlink(missing_ok=True)
        raise
    os.close(fd)
    return temp


def _kept_mode(target: Path) -> int | None:
    try:
        info = target.stat()
    except FileNotFoundError:
        return None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def recover_folder(folder: str | os.PathLike[str], *, older_than: float = STALE_SECONDS) -> list[str]:
    """Finish or undo what a killed :func:`write_texts` left in ``folder``;
    returns the names of the files removed or completed.

    A journal (written once every temporary file of a group was on disk)
    means the group is complete: its remaining renames are done. A temporary
    file of ours with no journal, older than ``older_than`` seconds, is
    removed. Files younger than that may belong to a save still running.
    """
    base = Path(folder)
    now = time.time()
    touched: list[str] = []
    try:
        entries = sorted(os.scandir(base), key=lambda e: e.name)
    except OSError:
        return touched
    for entry in entries:
        if _JOURNAL.fullmatch(entry.name) and _age(entry, now) >= older_than:
            try:
                touched += _replay(base, Path(entry.path))
            except OSError:
                continue  # best effort: the save that called us reports its own problems
    for entry in entries:
        ours = _TMP.fullmatch(entry.name)
        if ours and _age(entry, now) >= older_than and os.path.lexists(entry.path):
            try:
                Path(entry.path).unlink(missing_ok=True)
            except OSError:
                continue
            touched.append(entry.name)
    return touched


def _age(entry: os.DirEntry[str], now: float) -> float:
    try:
        return now - entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return 0.0


def _replay(folder: Path, journal: Path) -> list[str]:
    done: list[str] = []
    try:
        steps = json.loads(journal.read_bytes()[:CHUNK].decode("utf-8"))["steps"]
    except (OSError, ValueError, KeyError, TypeError):
        steps = []  # torn journal: written before the group was complete, so nothing was renamed yet
    for step in steps if isinstance(steps, list) else []:
        try:
            temp, target, how = (folder / Path(str(step["temp"])).name, folder / Path(str(step["target"])).name,
                                 str(step["how"]))
        except (KeyError, TypeError):
            continue
        if not _TMP.fullmatch(temp.name) or not temp.exists():
            continue
        if how != "link":
            os.replace(temp, target)
        elif os.path.lexists(target):
            temp.unlink(missing_ok=True)  # linked before the crash (or someone wrote that name since: theirs wins)
            continue
        else:
            _link_new(temp, target)
        done.append(target.name)
    _fsync_folder(folder)
    journal.unlink(missing_ok=True)
    return done


def _write_problem(exc: OSError, target: Path) -> FileError:
    if exc.errno == errno.ENAMETOOLONG:
        return FileError("the file name is too long for the system; give a shorter name", file=str(target))
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return FileError("permission denied: cannot write into this folder", file=str(target))
    if exc.errno == errno.ENOSPC:
        return FileError("the disk is full; nothing was written", file=str(target))
    return FileError(f"cannot write the file ({exc.strerror or exc}); nothing was changed", file=str(target))


def _target(path: str | os.PathLike[str]) -> Path:
    """The absolute path a write goes to: in the folder named (a link to a folder is that folder),
    under the name given — a symbolic link of that name is never followed: without ``overwrite``
    it is a file that exists; with it, the link itself is replaced by the new file, never its target
    (which may lie outside the folder)."""
    if not Path(os.fspath(path)).name.strip():  # "" is the working folder; "  " a file no one meant to name
        raise FileError("the file name is empty (or only spaces); name the file to write",
                        file=os.fspath(path) if os.fspath(path).strip() else None)
    try:
        given = Path(path).expanduser()
        return Path(os.path.realpath(given.parent)) / given.name
    except (OSError, ValueError):
        raise FileError("not a usable path (a NUL character or a broken folder)", file=os.fspath(path)) from None


def write_text(path: str | os.PathLike[str], text: str, *, overwrite: bool = False) -> Path:
    """Write one UTF-8 text file atomically (see the module docstring)."""
    return write_texts([(path, text)], overwrite=overwrite)[0]


def write_texts(files: Sequence[tuple[str | os.PathLike[str], str]], *, overwrite: bool = False) -> list[Path]:
    """Write several UTF-8 text files of one folder as one change.

    Order: every temporary file is written and flushed first; then (for more
    than one file) a journal naming them is flushed; then the files are
    renamed into place in the order given, the folder is flushed and the
    journal removed. A crash before the journal leaves only temporary files
    (the old files untouched); a crash after it is finished by
    :func:`recover_folder`, which the next save into the folder runs: so the
    group is never left half old and half new once the folder is used again.

    Without ``overwrite`` an existing target is an error and nothing is
    written; a target that appears during the write is not replaced.
    """
    for path, text in files:
        if not isinstance(text, str):
            raise TypeError(f"{Path(path).name}: expected text to write, got {type(text).__name__}")
    return write_files(files, overwrite=overwrite)


def write_files(files: Sequence[tuple[str | os.PathLike[str], str | bytes]], *,
                overwrite: bool = False) -> list[Path]:
    """Write several files of one folder as one change, as :func:`write_texts` does: a text is
    written as UTF-8, bytes (a Parquet file) as they are."""
    targets = [_target(path) for path, _ in files]
    for (_, data), target in zip(files, targets):
        if not isinstance(data, (str, bytes)):
            raise TypeError(f"{target.name}: expected text or bytes to write, got {type(data).__name__}")
    if not targets:
        return []
    folder = targets[0].parent
    if any(t.parent != folder for t in targets) or len(set(targets)) != len(targets):
        raise FileError("files written together must be distinct files of one folder", file=str(folder))
    if not folder.is_dir():
        raise FileError("the folder does not exist", file=str(targets[0]))
    recover_folder(folder)
    if not overwrite:
        for target in targets:
            if os.path.lexists(target):
                raise FileError("file exists; pass overwrite=True to replace it", file=str(target))
    temps: list[Path] = []
    journal: Path | None = None
    keep = False  # True: a half-done group stays on disk for recover_folder to finish
    try:
        for (_, data), target in zip(files, targets):
            raw = data.encode("utf-8") if isinstance(data, str) else data
            temps.append(_write_temp(target, raw, _kept_mode(target) if overwrite else None))
        journal = _write_journal(folder, temps, targets, overwrite) if len(targets) > 1 else None
        try:
            _commit(temps, targets, overwrite)
        except FileExistsError:
            raise
        except OSError:
            if journal is not None:  # some renames may be done: finish the group if the disk lets us
                try:
                    _replay(folder, journal)
                except OSError:
                    keep = True
            raise
        _fsync_folder(folder)
    except FileExistsError as exc:
        raise FileError("file exists; pass overwrite=True to replace it", file=exc.filename) from None
    except OSError as exc:
        raise _write_problem(exc, targets[0]) from None
    finally:
        if not keep:  # after the renames (or a failure undone): temporaries first, the journal last
            for temp in temps:
                temp.unlink(missing_ok=True)
            if journal is not None:
                journal.unlink(missing_ok=True)
    return targets


def _write_journal(folder: Path, temps: list[Path], targets: list[Path], overwrite: bool) -> Path:
    steps = [{"temp": t.name, "target": g.name, "how": "replace" if overwrite else "link"}
             for t, g in zip(temps, targets)]
    journal = folder / f".endphase-{secrets.token_hex(6)}.journal"
    staged = _write_temp(journal, json.dumps({"steps": steps}).encode("utf-8"), None)
    os.replace(staged, journal)
    _fsync_folder(folder)
    return journal


def _commit(temps: list[Path], targets: list[Path], overwrite: bool) -> None:
    linked: list[Path] = []
    for temp, target in zip(temps, targets):
        if overwrite:
            os.replace(temp, target)
            continue
        try:
            _link_new(temp, target)
        except FileExistsError:
            for made in linked:  # undo our own new files: nothing of the group stays
                made.unlink(missing_ok=True)
            raise FileExistsError(errno.EEXIST, "file exists", str(target)) from None
        linked.append(target)


def _link_new(temp: Path, target: Path) -> None:
    """Give ``temp`` the name ``target`` only if that name is free, in one step."""
    try:
        os.link(temp, target)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        # No hard links on this file system: claim the name with O_EXCL, then replace it.
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        os.replace(temp, target)
        return
    temp.unlink()
