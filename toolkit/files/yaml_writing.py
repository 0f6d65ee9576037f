"""Writing YAML that reads back as written.

PyYAML's emitter writes NEXT LINE (U+0085), LINE SEPARATOR (U+2028) and
PARAGRAPH SEPARATOR (U+2029) raw inside a plain, single-quoted or block
scalar, where YAML reads them as line breaks and folds them: ``"a\\x85b"``
came back as ``"a b"``. A string holding one is written double-quoted, where
the emitter escapes it (``\\N``, ``\\L``, ``\\P``).

>>> import yaml
>>> class Dumper(yaml.SafeDumper): pass
>>> keep_line_separators(Dumper)
>>> text = yaml.dump(["a\\x85b", "c"], Dumper=Dumper, allow_unicode=True)
>>> text
'- "a\\\\Nb"\\n- c\\n'
>>> yaml.safe_load(text) == ["a\\x85b", "c"]
True
"""

from __future__ import annotations

from typing import Any

YAML_LINE_SEPARATORS = ("\x85", "\u2028", "\u2029")
"""Characters YAML reads as line breaks besides ``\\n`` and ``\\r``."""


def needs_double_quotes(text: str) -> bool:
    """Whether ``text`` holds a character only a double-quoted scalar keeps."""
    return any(mark in text for mark in YAML_LINE_SEPARATORS)


def keep_line_separators(dumper: type[Any]) -> None:
    """Make ``dumper`` (a ``yaml.SafeDumper`` subclass) write a string holding a
    YAML line separator double-quoted; every other string as before."""

    def represent(dumper_: Any, text: str) -> Any:
        return dumper_.represent_scalar("tag:yaml.org,2002:str", text,
                                        style='"' if needs_double_quotes(text) else None)

    dumper.add_representer(str, represent)
