"""A user ruling's ``check`` cell read as data, bounded in work whatever it holds.

The text is JSON or YAML flow text (``{possible: {event: activated}}``). Its
nesting is measured first, in one pass over the characters, so text nested
deeper than :data:`CHECK_DEPTH` levels is refused in one line before any
parser recurses into it; the scenario names inside are replaced by a walker
with its own stack, never by recursion.

>>> check_data('{"possible": {"event": "activated"}}')
({'possible': {'event': 'activated'}}, '')
>>> check_data("[" * 5000)[1]
'nested deeper than 64 levels (the limit; a check needs only a few): write a flatter check'
>>> renamed({"and": [{"scenario": "a.yaml", "possible": {}}]}, {"a.yaml": "/x/a.yaml"})
{'and': [{'scenario': '/x/a.yaml', 'possible': {}}]}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

CHECK_DEPTH = 64
"""The deepest nesting of lists and mappings a check may have (real checks use a handful)."""

_OPEN, _CLOSE = frozenset("[{"), frozenset("]}")


def too_deep(text: str, limit: int = CHECK_DEPTH) -> bool:
    """Whether JSON or YAML flow ``text`` nests lists and mappings deeper than
    ``limit`` (brackets inside quoted strings do not count); linear in the text.

    >>> too_deep('{"a": "[[[[["}', 2), too_deep("[[[1]]]", 2)
    (False, True)
    """
    depth = 0
    quote = ""
    escaped = False
    for ch in text:
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in _OPEN:
            depth += 1
            if depth > limit:
                return True
        elif ch in _CLOSE:
            depth -= 1
    return False


def check_data(text: str) -> tuple[Any, str]:
    """A check cell read as JSON or, as ``endphase ask`` and docs/questions.md
    write questions, as YAML flow text; the data, or the problem in one line."""
    from toolkit.errors import FileError
    from toolkit.files import YamlLimits, parse_yaml

    if too_deep(text):
        return None, f"nested deeper than {CHECK_DEPTH} levels (the limit; a check needs only a few): write a flatter check"
    try:
        return json.loads(text), ""
    except json.JSONDecodeError as exc:
        problem = f"neither JSON ({exc.msg} at column {exc.colno}) nor YAML flow text"
    except RecursionError:  # pragma: no cover - the depth is measured first
        return None, f"nested deeper than {CHECK_DEPTH} levels"
    try:
        return parse_yaml(text, "check", limits=YamlLimits(depth=CHECK_DEPTH)).data, ""
    except FileError as exc:
        return None, f"{problem} ({exc.message})"


def renamed(check: Any, names: Mapping[str, str]) -> Any:
    """The check with each ``scenario:`` it names replaced by the full path (a copy;
    walked with a stack of its own, so no nesting can exhaust Python's)."""
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any]] = [(check, root, 0)]
    while stack:
        item, parent, key = stack.pop()
        if isinstance(item, dict):
            copy: dict[Any, Any] = {}
            parent[key] = copy
            for k, v in item.items():
                if k == "scenario" and isinstance(v, str):
                    copy[k] = names.get(v, v)
                else:
                    copy[k] = None
                    stack.append((v, copy, k))
        elif isinstance(item, list):
            items: list[Any] = [None] * len(item)
            parent[key] = items
            stack.extend((v, items, i) for i, v in enumerate(item))
        else:
            parent[key] = item
    return root[0]
