r"""The toolkit's own error classes.

Every error a user can provoke with bad input is one of these, and its message
names the file, row, field or card at fault.

>>> raise DataError("rulings.csv", row=3, column="date", message="cannot parse '13/99/01'")
Traceback (most recent call last):
...
toolkit.errors.DataError: rulings.csv, row 3, column 'date': cannot parse '13/99/01'

A message stays one short line whatever the input: a bad value is shown by
:func:`describe` (its type, its size and at most ~60 characters of it), and
control characters in a file name are escaped by :func:`printable`.

>>> describe("x" * 5000)
"text 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxx' (5,000 characters)"
>>> describe([1, 2, 3])
'a list of 3 items [1, 2, 3]'
>>> print(ScenarioError("unknown phase 'main3'", file="a\nb.yaml", line=4, column=8, field="phase"))
a\nb.yaml, field 'phase' (line 4, column 8): unknown phase 'main3'
"""

from __future__ import annotations

import datetime
import reprlib
import unicodedata
import warnings
from collections.abc import Callable

QUOTE_LIMIT = 60
"""How many characters of a bad value an error message shows at most."""

FILE_NAME_LIMIT = 160
"""Longer file names are shown with their middle cut out."""


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as it is when it has at most ``limit`` characters, else its first
    and last characters with the count: the one way a long value is echoed.

    >>> shorten("short"), shorten("x" * 40 + "y" * 100_000, 30)
    ('short', 'xxxxxxxxxxxxxxxxxxx…yyyyyyyyyy (100,040 characters)')
    """
    if len(text) <= limit:
        return text
    head = max(1, (limit - 1) * 2 // 3)
    tail = max(1, limit - 1 - head)
    return f"{text[:head]}…{text[-tail:]} ({len(text):,} characters)"


def printable(text: str, limit: int | None = None) -> str:
    r"""``text`` on one line: control and format characters (newline, NUL,
    escape, bidi overrides) escaped; past ``limit`` characters, shortened
    (:func:`shorten`: first and last characters and the count).

    >>> printable("a\tb\x00c")
    'a\\tb\\x00c'
    """
    out = []
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            out.append(ch.encode("unicode_escape", "backslashreplace").decode("ascii")
                       if ch.isascii() else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    shown = "".join(out)
    if limit is not None and len(shown) > limit:
        shown = shorten(shown, limit)
    return shown


class _ShortRepr(reprlib.Repr):
    """reprlib bounded in work as well as in length (a list of a million items
    costs no more than its first few)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = QUOTE_LIMIT + 2
        self.maxother = QUOTE_LIMIT
        self.maxlong = 40
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdeque = 8
        self.maxdict = 6

    # what YAML reads beside texts, numbers, lists and mappings, as the file wrote it (not as Python would)
    def repr_date(self, value: object, level: int) -> str:
        return _written(value) or reprlib.Repr.repr_instance(self, value, level)

    repr_datetime = repr_bytes = repr_date


def _written(value: object) -> str | None:
    """A date, a date and time or binary data (``!!binary``) as the YAML file wrote it; None for any
    other value."""
    if isinstance(value, datetime.datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, bytes):
        return f"binary data ({len(value):,} bytes)"
    return None


def _in_words(value: object) -> str | None:
    """:func:`_written`, saying what the value is: ``a date (2019-01-01)``."""
    if isinstance(value, datetime.date):
        kind = "a date and time" if isinstance(value, datetime.datetime) else "a date"
        return f"{kind} ({_written(value)})"
    return _written(value)


_SHORT = _ShortRepr()


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, never on more than a
    bounded part of the value.

    A date (as YAML reads ``2019-01-01``) or binary data is said in words, never as Python writes it:

    >>> quoted("Effect Veiler"), quoted(list(range(10**6)))
    ("'Effect Veiler'", '[0, 1, 2, 3, 4, 5, 6, 7, ...]')
    >>> import datetime
    >>> quoted(datetime.date(2019, 1, 1)), quoted([datetime.date(2019, 1, 1)])
    ('a date (2019-01-01)', '[2019-01-01]')
    """
    words = _in_words(value)
    if words is not None:
        return words
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"<a number of about {int(value.bit_length() * 0.30103) + 1:,} digits>"
    if isinstance(value, str):
        if len(value) <= limit and len(repr(value)) <= limit + 2:
            return printable(repr(value))
        head = max(1, (limit - 2) * 2 // 3)
        tail = max(1, limit - 2 - head)
        text = repr(value[:head])[:-1] + "…" + repr(value[-tail:])[1:]
        return printable(text) + f" ({len(value):,} characters)"
    try:
        text = _SHORT.repr(value)
    except Exception:  # a user object whose repr fails: say what it is
        text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return printable(text)


def describe(value: object) -> str:
    """What a bad value is, for "expected X, got ..." messages: its type in
    words, its size when it has one, and :func:`quoted` of it.

    >>> describe(None), describe(True), describe({"a": 1})
    ('nothing (null)', 'true/false value True', "a mapping of 1 key {'a': 1}")
    """
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"true/false value {value}"
    if isinstance(value, str):
        return f"text {quoted(value)}" if len(value) > QUOTE_LIMIT else quoted(value)
    if isinstance(value, int):
        return f"number {quoted(value)}"
    if isinstance(value, float):
        return f"decimal number {quoted(value)}"
    if isinstance(value, list):
        return f"a list of {len(value):,} item{'s' * (len(value) != 1)} {quoted(value)}"
    if isinstance(value, dict):
        return f"a mapping of {len(value):,} key{'s' * (len(value) != 1)} {quoted(value)}"
    return _in_words(value) or f"{type(value).__name__} {quoted(value)}"


def kind_of(value: object) -> str:
    """What a value is, in words, for "must be X, not ..." messages of the
    Python API: ``a list``, ``an int``, ``a DataFrame``, ``None``.

    >>> kind_of(5), kind_of([1]), kind_of(None)
    ('an int', 'a list', 'None')
    """
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _where(file: str | None, line: int | None, column: int | None, field: str | None) -> str:
    """``file, field 'x' (line 3, column 5)``: the file, the field, then where it is written."""
    parts = []
    if file is not None:
        parts.append(printable(file, FILE_NAME_LIMIT))
    if field is not None:
        parts.append(f"field {quoted(field, FILE_NAME_LIMIT)}")
    prefix = ", ".join(parts)
    if line is not None:
        place = f"line {line}" + (f", column {column}" if column is not None else "")
        prefix = f"{prefix} ({place})" if prefix else place
    return prefix


class ToolkitError(Exception):
    """Base class of every error the toolkit raises on purpose."""


class RulingWarning(UserWarning):
    """A user ruling worth a second look that is still read: one line naming the
    rulings it is about (a ``supersedes:`` that names a ruling of other cards,
    or of the other game). The command line prints it as ``warning: ...``; a
    notebook or a script shows the same line (``warnings.formatwarning`` reads it
    so, instead of the toolkit's file, line and source line where it was raised).

    >>> import warnings
    >>> warnings.formatwarning(RulingWarning("mine.csv row 2, supersedes: x"), RulingWarning, "/a/b.py", 7)
    'warning: mine.csv row 2, supersedes: x\\n'
    >>> warnings.formatwarning(UserWarning("other"), UserWarning, "/a/b.py", 7, "")
    '/a/b.py:7: UserWarning: other\\n'
    """


def _format_ruling_warnings(python_format: Callable[..., str]) -> Callable[..., str]:
    """``warnings.formatwarning`` that shows a :class:`RulingWarning` as ``warning: <message>`` and
    any other warning as ``python_format`` does (installed once, when this module is imported)."""

    def formatwarning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                      line: str | None = None) -> str:
        if isinstance(category, type) and issubclass(category, RulingWarning):
            return f"warning: {message}\n"
        return python_format(message, category, filename, lineno, line)

    formatwarning.ruling_warnings = True  # type: ignore[attr-defined]
    return formatwarning


if not getattr(warnings.formatwarning, "ruling_warnings", False):
    warnings.formatwarning = _format_ruling_warnings(warnings.formatwarning)


class DataError(ToolkitError):
    """A dataset (packaged or user-supplied CSV) is malformed.

    ``row`` is the 1-based data row (the header is row 0), as a spreadsheet
    user would count it below the header.
    """

    def __init__(
        self,
        file: str,
        message: str,
        *,
        row: int | None = None,
        column: str | None = None,
    ) -> None:
        self.file = file
        self.row = row
        self.column = column
        self.message = message
        where = [printable(file, FILE_NAME_LIMIT)]
        if row is not None:
            where.append(f"row {row}")
        if column is not None:
            where.append(f"column {quoted(column)}")
        super().__init__(", ".join(where) + ": " + message)


class WikiParseError(ToolkitError):
    """Wiki FAQ markup could not be read; names the source and line."""


class ScenarioError(ToolkitError):
    """A scenario (YAML file or builder input) is invalid; names field and file
    (and the line and column in the file when they are known)."""

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.field = field
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        prefix = _where(file, line, column, field)
        text = printable(message)
        super().__init__(f"{prefix}: {text}" if prefix else text)

    def located(self, line: int | None, column: int | None) -> ScenarioError:
        """The same error (same class) with a line and column in the file."""
        if line is None or self.line is not None:
            return self
        again = type(self)(self.message, field=self.field, file=self.file, line=line, column=column)
        again.__cause__ = self.__cause__
        return again


class FileError(ToolkitError):
    """A user's file cannot be read or written (missing, not a regular file,
    too big, not UTF-8, not valid YAML, refused by a limit...). Names the file
    and, where the file gives them, the line, column and field."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
    ) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message
        prefix = _where(file, line, column, field)
        text = printable(message)
        super().__init__(f"{prefix}: {text}" if prefix else text)

    def as_scenario_error(self) -> ScenarioError:
        """The same message as the :class:`ScenarioError` scenario readers raise."""
        return ScenarioError(self.message, file=self.file, line=self.line, column=self.column, field=self.field)
