"""``python -m toolkit``: the command line (:mod:`toolkit.cli`; ``endphase`` is the same program).

Ctrl-C while the command line is still starting (importing its modules)
ends the run as a later Ctrl-C does: ``interrupted`` alone on standard error
and exit status 130, not a ``KeyboardInterrupt`` traceback from inside an
import. The handler is installed before the command line's imports, only
when this module starts the program, and :func:`toolkit.cli.main` puts
Python's own back once it can catch the interrupt itself.
"""

import os
import signal
import sys
from types import FrameType


def _interrupted_while_starting(signum: int, frame: FrameType | None) -> None:
    """Nothing has been read or written yet: say the one word and stop at once."""
    os.write(2, b"interrupted\n")
    os._exit(130)


_interrupted_while_starting.endphase_starting = True  # type: ignore[attr-defined]  # how main() knows it


def _starting_the_program() -> bool:
    """Whether this import starts the command line (``python -m toolkit``, or the
    ``endphase`` script) rather than a program importing it (a test, the docs)."""
    return __name__ == "__main__" or os.path.basename(sys.argv[0] if sys.argv else "").startswith("endphase")


if _starting_the_program() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _interrupted_while_starting)

from toolkit.cli import _parser, build_parser, main  # noqa: E402  (after the handler: these are the slow imports)

__all__ = ["_parser", "build_parser", "main"]

if __name__ == "__main__":
    sys.exit(main())
