"""A sandbox for the fuzz surfaces of user files (issue 31, item 8): a temporary
tree with the folder the user names (``inside``) and, beside it, sentinel files
(``outside``) that links and paths in the user's files point at.

Reads and writes are watched by an audit hook (``sys.addaudithook``, on
``open``, renames, removals and links): any of them that reaches ``outside``
is recorded, and the sentinels' bytes and modification times are compared
after each case. Each case ends in one outcome, tallied per surface:

``handled``    the right result (compared with what the file holds) or one line
               naming the file (exit 2 / a toolkit error)
``traceback``  any other exception
``hang``       still running after the time limit
``silent``     a result that leaves out or changes what the file holds
``unclear``    an error that is not one line naming the file
``outside``    a read or write outside the named folder (even if handled)
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SURFACE_TALLY: dict[str, Counter[str]] = {}
"""Outcomes per surface recorded by this session's fuzz tests."""
COLUMNS = ("cases", "handled", "traceback", "hang", "silent", "unclear", "outside")

_WATCHED: list[str] = []
_SEEN: list[tuple[str, str]] = []
_EVENTS = {"open": (0,), "os.rename": (0, 1), "os.replace": (0, 1), "os.remove": (0,), "os.unlink": (0,),
           "os.link": (0, 1), "os.symlink": (1,), "os.truncate": (0,), "os.chmod": (0,), "os.utime": (0,),
           "os.mkdir": (0,), "os.rmdir": (0,), "shutil.rmtree": (0,)}


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if not _WATCHED or event not in _EVENTS:
        return
    # open follows a link at the end of the path (unless O_NOFOLLOW); a rename, removal or link acts on the
    # link itself: only the folders leading to it are followed
    follows = event == "open" and not (len(args) > 2 and isinstance(args[2], int) and args[2] & os.O_NOFOLLOW)
    for i in _EVENTS[event]:
        if i >= len(args) or isinstance(args[i], int) or args[i] is None:
            continue
        try:
            written = os.path.abspath(os.fsdecode(args[i]))
            real = os.path.realpath(written) if follows else os.path.join(
                os.path.realpath(os.path.dirname(written)), os.path.basename(written))
        except (TypeError, ValueError, OSError):
            continue
        if any(real == w or real.startswith(w + os.sep) for w in _WATCHED):
            _SEEN.append((event, real))


sys.addaudithook(_hook)


class Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


@dataclass
class Sandbox:
    root: Path
    inside: Path
    outside: Path
    sentinels: dict[Path, tuple[bytes, int]] = field(default_factory=dict)

    def env(self) -> dict[str, str]:
        return {"ENDPHASE_USER_DIR": str(self.inside), "HOME": str(self.outside)}


SCENARIO = """\
title: a sentinel outside the user's folder
turn_player: A
players:
  A:
    hand: [ヒステリック・サイン]
"""


@contextlib.contextmanager
def sandbox() -> Iterator[Sandbox]:
    """``root/inside`` (the user's folder: cards/, its files, links out) and ``root/outside``
    (sentinels: a valid scenario, a text file, a card file), watched while the case runs."""
    with tempfile.TemporaryDirectory(prefix="endphase-fuzz-sandbox-") as folder:
        root = Path(os.path.realpath(folder))
        inside, outside = root / "inside", root / "outside"
        (inside / "cards").mkdir(parents=True)
        outside.mkdir()
        (outside / "secret.yaml").write_text(SCENARIO, encoding="utf-8")
        (outside / "secret.txt").write_text("do not read\n", encoding="utf-8")
        (outside / "secret_card.yaml").write_text("name: 外のカード\ntype: monster\n", encoding="utf-8")
        (inside / "sign.yaml").write_text(SCENARIO.replace("a sentinel outside", "inside"), encoding="utf-8")
        (inside / "link.yaml").symlink_to(outside / "secret.yaml")
        (inside / "dangling.yaml").symlink_to(outside / "nothing.yaml")
        (inside / "loop.yaml").symlink_to(inside / "loop2.yaml")
        (inside / "loop2.yaml").symlink_to(inside / "loop.yaml")
        box = Sandbox(root, inside, outside)
        box.sentinels = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in outside.iterdir()}
        yield box


def run_case(box: Sandbox, surface: str, action: Any, judge: Any, timeout: float = 30.0) -> str:
    """Run ``action()`` watched and time-limited; ``judge(result, error)`` says handled, silent or
    unclear; record and return the outcome."""
    saved = {k: os.environ.get(k) for k in box.env()}
    os.environ.update(box.env())
    _SEEN.clear()
    _WATCHED[:] = [str(box.outside)]
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    result: Any = None
    error: BaseException | None = None
    outcome = ""
    try:
        try:
            result = action()
        except Hang:
            outcome = "hang"
        except Exception as exc:  # noqa: BLE001 - the judge says whether it is the toolkit's one line
            error = exc
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _WATCHED.clear()
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    if not outcome:
        outcome = judge(result, error)
    touched = bool(_SEEN) or any((p.read_bytes(), p.stat().st_mtime_ns) != before
                                 for p, before in box.sentinels.items())
    counts = SURFACE_TALLY.setdefault(surface, Counter())
    counts["cases"] += 1
    counts[outcome] += 1
    if touched:
        counts["outside"] += 1
        return "outside"
    return outcome


def one_line_naming(error: BaseException | None, name: str) -> str:
    """``handled`` when ``error`` is a toolkit error whose first line names ``name``; else the
    outcome it is (``traceback`` for a Python error, ``unclear`` for a toolkit error that does not)."""
    from toolkit.errors import ToolkitError

    if not isinstance(error, ToolkitError):
        return "traceback"
    first = str(error).splitlines()[0] if str(error) else ""
    return "handled" if name in first and len(first) < 2000 else "unclear"


def surface_table() -> str:
    lines = [f"{'surface':<16}" + "".join(f"{c:>10}" for c in COLUMNS)]
    for surface, counts in SURFACE_TALLY.items():
        lines.append(f"{surface:<16}" + "".join(f"{counts[c]:>10}" for c in COLUMNS))
    return "\n".join(lines)
