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

import os  # noqa: F401  (tests patch toolkit.files.os.*: the os module itself)

from toolkit.files.limits import DEFAULT_MAX_BYTES, MAX_BYTES_ENV, STALE_SECONDS
from toolkit.files.reading import max_file_bytes, read_bytes, read_text
from toolkit.files.writing import recover_folder, write_files, write_text, write_texts
from toolkit.files.yaml_guard import YamlDocument, YamlLimits, parse_yaml, read_yaml

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
    "write_files",
    "write_text",
    "write_texts",
]
