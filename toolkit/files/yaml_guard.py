"""Parsing a user's YAML under limits (duplicate keys, depth, aliases, size, digits, dates)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent, MappingStartEvent, ScalarEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from toolkit.errors import FileError, quoted
from toolkit.files.reading import read_text

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

    def __init__(self, problem: str, mark: Any, node: Node | None = None, field: str | None = None) -> None:
        super().__init__(None, None, problem, mark)
        self.node = node
        self.field = field


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
        self._path: list[str] = []  # the field being composed (``[0].check.and[2]``), for a refusal

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
                raise _Refused(f"nested deeper than {self.limits.depth} levels (the limit); a file like this needs "
                               "only a few levels of lists and mappings", event.start_mark,
                               field="".join(self._path).lstrip(".") or None)
        self._count(1, event)
        if isinstance(index, int):
            self._path.append(f"[{index}]")
        elif isinstance(index, ScalarNode):
            self._path.append(f".{index.value}")
        else:
            self._path.append("")
        try:
            node = super().compose_node(parent, index)
        finally:
            self._path.pop()
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
    ("nesting depth", "a file like this needs only a few levels of lists and mappings"),
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
        field = _path_to(loader._root, exc.node) if exc.node is not None and loader is not None else exc.field
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
