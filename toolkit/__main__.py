"""``python -m toolkit``: the command line (:mod:`toolkit.cli`; ``endphase`` is the same program)."""

import sys

from toolkit.cli import _parser, build_parser, main

__all__ = ["_parser", "build_parser", "main"]

if __name__ == "__main__":
    sys.exit(main())
