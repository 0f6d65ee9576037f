"""Paths a user's file names (a ruling's ``scenario``): the one rule every
surface applies.

A path written inside a file resolves inside that file's folder: no ``..``
that leads out, no absolute path, no ``~``, no symbolic link that leads out,
no loop of links, no name longer than a file system takes. The user lifts the
rule for one run with ``--allow-outside`` (``allow_outside=True`` in Python);
then the path is read wherever it leads (``~`` expanded). A refusal is a
:class:`~toolkit.errors.FileError` whose message the caller places (file, row,
column).

>>> import tempfile, pathlib
>>> home = pathlib.Path(tempfile.mkdtemp())
>>> path_named_in("a/b.yaml", home) == home.resolve() / "a" / "b.yaml"
True
>>> path_named_in("../secret.yaml", home)
Traceback (most recent call last):
...
toolkit.errors.FileError: '../secret.yaml' leads out of the file's folder (through '..'); a path in a file stays inside the file's folder: move the file there, or pass --allow-outside (allow_outside=True in Python)
"""

from __future__ import annotations

import errno
import os
import unicodedata
from pathlib import Path, PurePath

from toolkit.errors import FileError, quoted

NAME_LIMIT = 255
"""The longest name of one file or folder (in UTF-8 bytes) most file systems take."""

PATH_LIMIT = 1024
"""The longest path a file may name (in characters)."""

HOW_TO_ALLOW = ("a path in a file stays inside the file's folder: move the file there, or pass --allow-outside "
                "(allow_outside=True in Python)")


def _refuse(name: str, why: str, advice: str = HOW_TO_ALLOW) -> FileError:
    return FileError(f"{quoted(name)} {why}; {advice}")


def _shape_problem(name: str) -> str | None:
    """What is wrong with the written name itself, whatever the folder (None: nothing)."""
    if not name.strip():
        return "is empty"
    if len(name) > PATH_LIMIT:
        return f"is too long ({len(name):,} characters; a path has at most {PATH_LIMIT:,})"
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        return "holds a control character (a newline, NUL, escape ...)"
    longest = max((len(part.encode("utf-8", "surrogateescape")) for part in PurePath(name).parts), default=0)
    if longest > NAME_LIMIT:
        return f"has a name too long for a file system ({longest:,} bytes in one name; at most {NAME_LIMIT})"
    return None


def path_named_in(name: str, folder: str | os.PathLike[str], *, allow_outside: bool = False) -> Path:
    """The full path of ``name``, written in a file of ``folder``; a
    :class:`FileError` saying why when the rule refuses it (see the module).
    The path need not exist: the caller says what is missing."""
    shape = _shape_problem(name)
    if shape is not None:
        raise _refuse(name, shape, "write the path of a file next to the rulings file")
    if allow_outside:
        written = Path(name).expanduser()
        return Path(_real(written if written.is_absolute() else Path(folder) / written, name))
    if name.startswith("~"):
        raise _refuse(name, "starts with ~ (a home folder)")
    if PurePath(name).is_absolute() or os.path.isabs(name):
        raise _refuse(name, "is an absolute path")
    if os.path.normpath(name).split(os.sep)[0] == os.pardir:
        raise _refuse(name, "leads out of the file's folder (through '..')")
    home = _real(Path(folder), str(folder))
    found = _real(Path(home) / name, name)
    if os.path.commonpath([home, found]) != home:
        raise _refuse(name, f"is a symbolic link that leads out of the file's folder (to {quoted(found)})")
    return Path(found)


def _real(path: Path, name: str) -> str:
    """``path`` with every link followed; a loop of links or a name the system
    finds too long is a FileError (a missing file is not: the caller says so)."""
    try:
        return os.path.realpath(path, strict=True)
    except FileNotFoundError:
        return os.path.realpath(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _refuse(name, "is a loop of symbolic links", "point it at a real file") from None
        if exc.errno == errno.ENAMETOOLONG:
            raise _refuse(name, "is too long for the system", "give a shorter name") from None
        if exc.errno == errno.ENOTDIR:
            return os.path.realpath(path)
        raise _refuse(name, f"cannot be looked at ({exc.strerror or type(exc).__name__})", "check the path") from None
    except ValueError:
        raise _refuse(name, "holds a NUL character", "give a real path") from None
