"""Compile the toolkit's byte code before a cold-start benchmark, as an installed package has it.

A new process reads each module's ``__pycache__/*.pyc``; where it is missing or older than its
source, the module is compiled again, and with ``PYTHONDONTWRITEBYTECODE`` set (as on the shared
machines) nothing is written, so every new process compiles again: ~0.2 s of CPU for a cold
``verify_rulings()`` that is no cost of the toolkit's. ``pip install`` compiles a wheel's byte code;
a clone gets it here (into ``toolkit/**/__pycache__``, which git ignores).
"""

from __future__ import annotations

import compileall
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def compile_toolkit() -> None:
    """Write the byte code of every module of ``toolkit/`` that lacks a current one."""
    if not compileall.compile_dir(str(ROOT / "toolkit"), quiet=1):
        raise SystemExit("toolkit/ does not compile")
    print("(byte code of toolkit/ compiled first, as an installed package has it)")
