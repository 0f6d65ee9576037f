"""A user's files, read and written safely: one guarded reader, one atomic writer.

Every file a user hands the toolkit (a scenario of either game, a rulings
CSV, a file saved by the builder) is read by :func:`read_bytes` /
:func:`read_text` / :func:`read_yaml`, and every file it writes for a user
goes through :func:`write_text` / :func:`write_texts`. Whatever the file
holds, the outcome is the data or one :class:`~toolkit.errors.FileError`
naming the file (and the line, column and field where YAML gives them),
saying what is wrong and what to write instead — never a traceback, a hang
or unbounded memory.

Reading:

* regular files only: a named pipe, a device (``/dev/zero``) or a folder is
  refused. The file is opened with ``O_NONBLOCK`` and checked with ``fstat``
  before anything is read, so a pipe with no writer cannot block. Symbolic
  links are followed; a loop of links is an error, not a crash.
* a size limit, :data:`DEFAULT_MAX_BYTES` (1 MB) unless the caller or the
  environment variable ``ENDPHASE_MAX_FILE_BYTES`` says otherwise, checked
  before reading and enforced while reading (a file that grows is cut off).
* UTF-8, with or without a byte-order mark.
* YAML through libyaml's C parser when it is installed (the pure-Python one
  otherwise), with a composer that refuses duplicate keys, nesting deeper
  than :attr:`YamlLimits.depth`, more aliases than :attr:`YamlLimits.aliases`,
  a document that aliases expand past :attr:`YamlLimits.nodes` nodes (the
  "billion laughs"), a number longer than :attr:`YamlLimits.digits` digits and
  a date that is not on the calendar (``2014-02-30``).

Writing: a temporary file in the target's folder, flushed to disk, then
renamed over the target (``os.replace``), so a reader never sees half a file.
A new file gets the mode the umask gives; a replaced file keeps its mode.
Without ``overwrite`` the target is created with ``os.link`` in one step, so
a file that appears between a check and the rename is never clobbered.
Temporary files of the toolkit's own pattern (``.NAME.endphase-XXXXXXXXXXXX.tmp``)
older than a minute, left by a save that was killed, are removed by the next
save into that folder. :func:`write_texts` writes several files as one: see
its docstring for the order and for what happens after a crash.

This module imports nothing of the toolkit but :mod:`toolkit.errors`.

>>> doc = parse_yaml("title: t\\nplayers:\\n  A: {life: 8000}\\n", "x.yaml")
>>> doc.data["players"]["A"]["life"], doc.position("players.A.life")
(8000, (3, 7))
>>> parse_yaml("a: 1\\na: 2\\n", "x.yaml")
Traceback (most recent call last):
...
toolkit.errors.FileError: x.yaml, field 'a' (line 2, column 1): duplicate key 'a' (first at line 1); write each key once
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import stat
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import AliasEvent, MappingStartEvent, ScalarEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from toolkit.errors import FileError, quoted

__all__ = [
    "DEFAULT_MAX_BYTES",
    "MAX_BYTES_ENV",
    "STALE_SECONDS",
    "YamlDocument",
    "YamlLimits",
    "max_file_bytes",
    "parse_yaml",
    "read_bytes",
    "read_text",
    "read_yaml",
    "recover_folder",
    "write_text",
    "write_texts",
]

DEFAULT_MAX_BYTES = 1 << 20
"""1 MB: far more than any scenario (the largest shipped one is under 2 KB)."""

MAX_BYTES_ENV = "ENDPHASE_MAX_FILE_BYTES"
"""Environment variable that raises or lowers the size limit (in bytes)."""

STALE_SECONDS = 60.0
"""A temporary file of ours older than this belongs to a save that died."""

_CHUNK = 1 << 16


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
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
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


# --------------------------------------------------------------------------
# YAML
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class YamlLimits:
    """What a YAML document may hold. The defaults are far above any scenario
    (which is a few levels deep and a few hundred nodes)."""

    depth: int = 64
    """Nesting levels of lists and mappings."""
    aliases: int = 1_000
    """``*name`` references in one document."""
    nodes: int = 100_000
    """Scalars, lists and mappings in the document, counting what every alias
    expands to (a scenario holds a few hundred)."""
    digits: int = 20
    """Digits in one number."""


class _Refused(yaml.MarkedYAMLError):
    """A limit of ours, with the node it is about (for the field name)."""

    def __init__(self, problem: str, mark: Any, node: Node | None = None) -> None:
        super().__init__(None, None, problem, mark)
        self.node = node


class _Guard(Composer):
    """The composer with the limits of :class:`YamlLimits` (mixed in before
    the C or pure-Python parser, whose composer it replaces)."""

    limits = YamlLimits()

    def _start_guard(self) -> None:
        self.anchors: dict[Any, Node] = {}
        self._depth = 0
        self._aliases = 0
        self._sizes: dict[int, int] = {}
        self._total = 0
        self._root: Node | None = None

    def get_single_node(self) -> Node | None:
        self._root = super().get_single_node()
        return self._root

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()  # type: ignore[attr-defined]  # the parser's, mixed in after us
        if isinstance(event, AliasEvent):
            self._aliases += 1
            if self._aliases > self.limits.aliases:
                raise _Refused(f"more than {self.limits.aliases:,} aliases (*name); write the values out, "
                               "a scenario needs no aliases", event.start_mark)
            target = self.anchors.get(event.anchor)
            if target is not None and id(target) not in self._sizes:
                raise _Refused(f"alias *{quoted(event.anchor)[1:-1]} is inside the very list or mapping it names "
                               "(a loop); write the values out instead", event.start_mark)
        elif isinstance(event, (MappingStartEvent, SequenceStartEvent)):
            self._depth += 1
            if self._depth > self.limits.depth:
                raise _Refused(f"nested deeper than {self.limits.depth} levels; a scenario needs only a few levels "
                               "of lists and mappings", event.start_mark)
        self._count(1, event)
        node = super().compose_node(parent, index)
        if node is None or isinstance(event, AliasEvent):
            if node is not None:
                self._count(self._sizes[id(node)] - 1, event)  # an alias: what it expands to
            return node
        if isinstance(node, SequenceNode):
            size = 1 + sum(self._sizes[id(child)] for child in node.value)
        elif isinstance(node, MappingNode):
            size = 1 + sum(self._sizes[id(k)] + self._sizes[id(v)] for k, v in node.value)
        else:
            size = 1
        if not isinstance(event, ScalarEvent):
            self._depth -= 1
        self._sizes[id(node)] = size
        return node

    def _count(self, nodes: int, event: Any) -> None:
        self._total += nodes
        if self._total > self.limits.nodes:
            if self._aliases:
                problem = (f"aliases (*name) expand the document past {self.limits.nodes:,} values (an alias "
                           "bomb?); write the values out instead")
            else:
                problem = (f"too much in one document: more than {self.limits.nodes:,} values (a scenario holds "
                           "a few hundred); check it is the right file")
            raise _Refused(problem, event.start_mark)


def _construct_int(loader: SafeConstructor, node: Node) -> Any:
    text = str(loader.construct_scalar(node))  # type: ignore[arg-type]
    digits = sum(ch.isalnum() for ch in text)
    limit = loader.limits.digits if isinstance(loader, _Guard) else YamlLimits.digits
    if digits > limit:
        raise _Refused(f"a number of {digits:,} digits; numbers here have at most {limit} digits "
                       "(quote it if it is meant as text)", node.start_mark, node)
    return SafeConstructor.construct_yaml_int(loader, node)  # type: ignore[arg-type]


def _construct_timestamp(loader: SafeConstructor, node: Node) -> Any:
    try:
        return SafeConstructor.construct_yaml_timestamp(loader, node)  # type: ignore[arg-type]
    except (ValueError, OverflowError) as exc:
        value = quoted(str(loader.construct_scalar(node)))  # type: ignore[arg-type]
        raise _Refused(f"{value} is not a day on the calendar ({exc}); write a real date as YYYY-MM-DD",
                       node.start_mark, node) from None


def _construct_mapping(loader: SafeConstructor, node: Node, deep: bool = False) -> dict[Any, Any]:
    if isinstance(node, MappingNode):
        seen: dict[Any, Any] = {}
        for key_node, _ in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = loader.construct_object(key_node)
            try:
                first = seen.setdefault(key, key_node)
            except TypeError:
                continue
            if first is not key_node:
                raise _Refused(f"duplicate key {quoted(key)} (first at line {first.start_mark.line + 1}); "
                               "write each key once", key_node.start_mark, key_node)
    return SafeConstructor.construct_mapping(loader, node, deep=deep)  # type: ignore[arg-type]


def _loader_class(base: type[Any]) -> type[Any]:
    class GuardedLoader(_Guard, base):  # type: ignore[misc]
        def __init__(self, stream: str) -> None:
            base.__init__(self, stream)
            self._start_guard()

        construct_mapping = _construct_mapping

        def construct_object(self, node: Node, deep: bool = False) -> Any:
            try:
                return super().construct_object(node, deep)
            except (yaml.YAMLError, RecursionError):
                raise
            except (ValueError, KeyError, IndexError, AttributeError, TypeError, OverflowError):
                # a tag on a value it cannot read (!!int '', !!bool maybe, !!timestamp soon)
                tag = str(node.tag).rsplit(":", 1)[-1]
                shown = quoted(node.value) if isinstance(node, ScalarNode) else "this value"
                raise _Refused(f"{shown} cannot be read as !!{tag}; remove the tag or fix the value",
                               node.start_mark, node) from None

    GuardedLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)
    GuardedLoader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)
    return GuardedLoader


_LOADER: type[Any] = _loader_class(getattr(yaml, "CSafeLoader", yaml.SafeLoader))
_PY_LOADER: type[Any] = _loader_class(yaml.SafeLoader)


@dataclass(frozen=True)
class YamlDocument:
    """A parsed YAML file: its plain data, and where each field is written."""

    data: Any
    source: str | None
    root: Node | None

    def position(self, field: str | None) -> tuple[int, int] | None:
        """(line, column), 1-based, of a field such as ``players.A.field[0]``
        (of its nearest written ancestor when the field itself is absent)."""
        if field is None or self.root is None:
            return None
        return _position(self.root, field)


_YAML_HINTS = (
    ("nesting depth", "a scenario needs only a few levels of lists and mappings"),
    ("undefined alias", "define the anchor (&name) before its first *name, or write the value out"),
    ("another document", "a file holds one document: remove the second '---'"),
    ("constructor for the tag", "only plain values are read (no !!python/... or other special tags)"),
    ("unhashable key", "a key is a plain name, not a list or a mapping"),
    ("duplicate anchor", "give each &anchor its own name"),
    ("", "check the indentation (spaces, not tabs), the colons and the quotes there"),
)

_PART = re.compile(r"\[(\d+)\]|([^.\[\]]+)")


def _position(root: Node, field: str) -> tuple[int, int] | None:
    node: Node = root
    found: tuple[int, int] | None = None
    for match in _PART.finditer(field):
        index, key = match.groups()
        child: Node | None = None
        if key is not None and isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                if isinstance(key_node, ScalarNode) and key_node.value == key:
                    found = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                    child = value_node
                    break
        elif index is not None and isinstance(node, SequenceNode) and int(index) < len(node.value):
            child = node.value[int(index)]
            found = (child.start_mark.line + 1, child.start_mark.column + 1)
        if child is None:
            break
        node = child
    return found


def _path_to(root: Node | None, target: Node) -> str | None:
    """The field (``players.A.field``) whose key or value is ``target``."""
    if root is None:
        return None
    stack: list[tuple[Node, str]] = [(root, "")]
    seen: set[int] = set()
    while stack:
        node, path = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                name = str(key_node.value) if isinstance(key_node, ScalarNode) else "?"
                child = f"{path}.{name}" if path else name
                if key_node is target or value_node is target:
                    return child
                stack.append((value_node, child))
        elif isinstance(node, SequenceNode):
            for i, item in enumerate(node.value):
                if item is target:
                    return f"{path}[{i}]"
                stack.append((item, f"{path}[{i}]"))
    return None


def parse_yaml(
    text: str, source: str | None = None, *, limits: YamlLimits | None = None, pure_python: bool = False
) -> YamlDocument:
    """Parse YAML text under ``limits``; any problem is one :class:`FileError`.

    ``pure_python`` uses PyYAML's own parser even when libyaml is installed
    (the two must agree; the tests check they do)."""
    loader: Any = None
    try:
        loader = (_PY_LOADER if pure_python else _LOADER)(text)
        if limits is not None:
            loader.limits = limits
        data = loader.get_single_data()
    except _Refused as exc:
        mark = exc.problem_mark
        field = _path_to(loader._root, exc.node) if exc.node is not None and loader is not None else None
        raise FileError(str(exc.problem), file=source, line=None if mark is None else mark.line + 1,
                        column=None if mark is None else mark.column + 1, field=field) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise FileError(f"the file holds a control character (U+{exc.character:04X}) that YAML does not allow; "
                        "remove it", file=source, line=line, column=column) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = " ".join(str(exc.problem or "").split())
        if exc.context and exc.problem:
            problem += f" ({' '.join(str(exc.context).split())})"
        hint = next((h for key, h in _YAML_HINTS if key in problem), _YAML_HINTS[-1][1])
        raise FileError(f"not valid YAML: {problem or exc.context}; {hint}",
                        file=source, line=None if mark is None else mark.line + 1,
                        column=None if mark is None else mark.column + 1) from None
    except (yaml.YAMLError, ValueError, TypeError, RecursionError, UnicodeError, OverflowError) as exc:
        raise FileError(f"not valid YAML: {' '.join(str(exc).split())[:200]}", file=source) from None
    except Exception as exc:  # noqa: BLE001 - whatever a parser raises on hostile text is the file's fault
        raise FileError(f"not valid YAML ({type(exc).__name__}); check the file is a scenario", file=source) from None
    finally:
        if loader is not None:
            loader.dispose()
    return YamlDocument(data, source, loader._root)


def read_yaml(path: str | os.PathLike[str], *, what: str = "file", max_bytes: int | None = None) -> YamlDocument:
    """:func:`read_text` then :func:`parse_yaml`."""
    file = os.fspath(path)
    return parse_yaml(read_text(file, what=what, max_bytes=max_bytes), file)


# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------

_TMP = re.compile(r"\.(?P<name>.+)\.endphase-[0-9a-f]{12}\.tmp")
_OLD_TMP = re.compile(r"\.(?P<name>.+\.(?:yaml|yml|md|wiki\.txt))\.[a-z0-9_]{8}\.tmp")
"""What earlier versions of the toolkit named their temporary files
(``tempfile.mkstemp(prefix=".NAME.", suffix=".tmp")``, NAME a scenario or an
article): cleaned up the same way."""
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
        ours = _TMP.fullmatch(entry.name) or _OLD_TMP.fullmatch(entry.name)
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
        steps = json.loads(journal.read_bytes()[:_CHUNK].decode("utf-8"))["steps"]
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
    """The absolute path a write goes to; a symbolic link is followed (its
    file is replaced, the link stays)."""
    try:
        return Path(os.path.realpath(Path(path).expanduser()))
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
    targets = [_target(path) for path, _ in files]
    for (_, text), target in zip(files, targets):
        if not isinstance(text, str):
            raise TypeError(f"{target.name}: expected text to write, got {type(text).__name__}")
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
        for (_, text), target in zip(files, targets):
            temps.append(_write_temp(target, text.encode("utf-8"), _kept_mode(target) if overwrite else None))
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
