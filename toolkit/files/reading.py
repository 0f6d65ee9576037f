"""Reading a user's file: regular files only, bounded in size, UTF-8."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from pathlib import Path

from toolkit.errors import FileError, quoted
from toolkit.files.limits import CHUNK, DEFAULT_MAX_BYTES, MAX_BYTES_ENV

# --------------------------------------------------------------------------
# Reading bytes
# --------------------------------------------------------------------------


def max_file_bytes(limit: int | None = None) -> int:
    """The size limit: ``limit`` if given, else ``$ENDPHASE_MAX_FILE_BYTES``,
    else :data:`DEFAULT_MAX_BYTES`.

    >>> max_file_bytes(), max_file_bytes(500)
    (1048576, 500)
    """
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0:
            raise FileError(f"the size limit must be a positive number of bytes, not {quoted(limit)}")
        return limit
    configured = os.environ.get(MAX_BYTES_ENV, "").strip()
    if not configured:
        return DEFAULT_MAX_BYTES
    if not re.fullmatch(r"[0-9][0-9_]{0,15}", configured) or int(configured) <= 0:
        raise FileError(f"environment variable {MAX_BYTES_ENV} must be a positive number of bytes "
                        f"(e.g. 5000000), not {quoted(configured)}")
    return int(configured)


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _open_problem(exc: OSError, what: str, file: str) -> str:
    code = exc.errno
    if code == errno.ENOENT:
        return f"no such {what}; check the path"
    if code == errno.ELOOP:
        return "the path is a loop of symbolic links (a link that leads back to itself); point it at a real file"
    if code == errno.ENAMETOOLONG:
        longest = max((len(part.encode("utf-8", "surrogateescape")) for part in Path(file).parts), default=0)
        return (f"the file name is too long for the system ({longest:,} bytes in one name, "
                f"{len(file):,} characters in all); give a shorter name")
    if code == errno.ENOTDIR:
        return "a part of the path is a file, not a folder; check the path"
    if code in (errno.EACCES, errno.EPERM):
        return f"permission denied: the {what} cannot be read"
    if code == errno.EISDIR:
        return f"is a folder, not a {what}"
    return f"cannot open the {what} ({exc.strerror or type(exc).__name__})"


def read_bytes(path: str | os.PathLike[str], *, what: str = "file", max_bytes: int | None = None) -> bytes:
    """The bytes of a regular file, at most :func:`max_file_bytes` of them.

    ``what`` names the file in messages ("no such scenario file").
    """
    file = os.fspath(path)
    limit = max_file_bytes(max_bytes)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(file, flags)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket (or a device with no driver): say what it is
            with contextlib.suppress(OSError):
                raise FileError(f"is {_kind(os.stat(file).st_mode)}, not a {what}; give the path of a regular file",
                                file=file) from None
        raise FileError(_open_problem(exc, what, file), file=file) from None
    except ValueError:  # an embedded NUL character
        raise FileError("the file name contains a NUL character; give a real path", file=file) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileError(f"is {_kind(info.st_mode)}, not a {what}; give the path of a regular file", file=file)
        if info.st_size > limit:
            raise FileError(_too_big(info.st_size, limit, what), file=file)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileError(_too_big(None, limit, what), file=file)
    except OSError as exc:
        raise FileError(f"cannot read the {what} ({exc.strerror or type(exc).__name__})", file=file) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _too_big(size: int | None, limit: int, what: str) -> str:
    seen = f"{size:,} bytes" if size is not None else "it grew while being read"
    return (f"the {what} is too big ({seen}; the limit is {limit:,} bytes); a scenario is a few KB — "
            f"check it is the right file, or set {MAX_BYTES_ENV} to raise the limit")


def decode_utf8(data: bytes, file: str | None, what: str = "file") -> str:
    """UTF-8 bytes as text (a leading byte-order mark is dropped); a bad byte
    is an error naming its line and column."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise FileError(f"not UTF-8 text (byte 0x{data[exc.start]:02X}: {exc.reason}); save the {what} as UTF-8",
                        file=file, line=line, column=column) from None


def read_text(path: str | os.PathLike[str], *, what: str = "file", max_bytes: int | None = None) -> str:
    """A regular file's text (UTF-8, byte-order mark tolerated), size-limited."""
    return decode_utf8(read_bytes(path, what=what, max_bytes=max_bytes), os.fspath(path), what)
