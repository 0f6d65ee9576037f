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


_UTF16_MARKS = ((b"\xff\xfe", "UTF-16 (little-endian)"), (b"\xfe\xff", "UTF-16 (big-endian)"))
_JAPANESE_ENCODINGS = (("euc_jp", "EUC-JP"), ("cp932", "Shift_JIS"))
"""Tried in this order: EUC-JP text also decodes as Shift_JIS, not the other way round."""
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]")
_BINARY = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f\ue000-\uf8ff]")
"""Control characters and private-use code points: bytes that decode so are no one's text."""


def _utf16_without_mark(data: bytes) -> str | None:
    """``UTF-16 (…)`` when ``data`` reads as UTF-16 text without a byte-order mark: a NUL in a
    quarter of its first bytes' even or odd places (ASCII and many a kana have a zero byte)."""
    sample = data[:4096]
    sample = sample[:len(sample) - len(sample) % 2]
    if len(sample) < 4 or b"\x00" not in sample:
        return None
    odd, even = sample[1::2].count(0), sample[0::2].count(0)
    if max(odd, even) * 4 < len(sample) // 2:
        return None
    codec, label = ("utf-16-le", "little-endian") if odd > even else ("utf-16-be", "big-endian")
    try:
        sample.decode(codec)
    except UnicodeDecodeError:
        return None
    return f"UTF-16 ({label})"


def encoding_hint(data: bytes) -> str:
    """What ``data``, not UTF-8, looks like, as the end of a sentence ("" when no guess).

    >>> encoding_hint("手札".encode("cp932")), encoding_hint("手札".encode("euc_jp"))
    ('; it looks like Shift_JIS text', '; it looks like EUC-JP text')
    >>> encoding_hint("Q".encode("utf-16")), encoding_hint(bytes([0xFF, 0, 0x80]))
    ('; it is UTF-16 (little-endian) text (it starts with its byte-order mark)', '')
    """
    for mark, label in _UTF16_MARKS:
        if data.startswith(mark):
            return f"; it is {label} text (it starts with its byte-order mark)"
    utf16 = _utf16_without_mark(data)
    if utf16 is not None:
        return f"; it looks like {utf16} text without a byte-order mark"
    for codec, label in _JAPANESE_ENCODINGS:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        if _JAPANESE.search(text) and not _BINARY.search(text):
            return f"; it looks like {label} text"
    return ""


def decode_utf8(data: bytes, file: str | None, what: str = "file") -> str:
    """UTF-8 bytes as text (a leading byte-order mark is dropped); a bad byte
    is an error naming its line and column, and the encoding the bytes look
    like (Shift_JIS, EUC-JP, UTF-16). UTF-16 without a byte-order mark, whose
    ASCII is valid UTF-8 with a NUL after each letter, is refused too.

    >>> decode_utf8("Ｑ：a".encode("utf-16-le"), "page.txt", "page")
    Traceback (most recent call last):
    ...
    toolkit.errors.FileError: page.txt (line 1, column 1): not UTF-8 text; it looks like UTF-16 (little-endian) text without a byte-order mark; save the page as UTF-8
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _not_utf8(data, exc.start, f"byte 0x{data[exc.start]:02X}: {exc.reason}", file, what) from None
    if "\x00" in text and _utf16_without_mark(data) is not None:
        raise _not_utf8(data, data.index(b"\x00"), "a NUL byte", file, what)
    return text


def _not_utf8(data: bytes, at: int, problem: str, file: str | None, what: str) -> FileError:
    hint = encoding_hint(data)
    if "UTF-16" in hint:  # the whole file is in another encoding: its byte offsets name no line
        return FileError(f"not UTF-8 text{hint}; save the {what} as UTF-8", file=file, line=1, column=1)
    line = data.count(b"\n", 0, at) + 1
    column = at - (data.rfind(b"\n", 0, at) + 1) + 1
    return FileError(f"not UTF-8 text ({problem}){hint}; save the {what} as UTF-8", file=file, line=line, column=column)


def read_text(path: str | os.PathLike[str], *, what: str = "file", max_bytes: int | None = None) -> str:
    """A regular file's text (UTF-8, byte-order mark tolerated), size-limited."""
    return decode_utf8(read_bytes(path, what=what, max_bytes=max_bytes), os.fspath(path), what)
