"""The command line, ``endphase`` (or ``python -m toolkit``): one subcommand per job.

========================  ===================================================
``resolve``               one line of a scenario (``--policy``), every step with its rule
``explore``               every distinct outcome, with the lines reaching it
``can-force``             can a player guarantee something (exit 1: no)
``ask``                   any question: the answer, its line, the deciding rule (exit 1: no)
``changes``               when a scenario's answer changed, and why
``compare``               one scenario under several rule sets
``compare-games``         the same questions asked of each game
``verify``                re-derive the rulings with the engine (exit 1: one disagrees)
``rulings``               list the rulings
``export``                one card's ruling article, Markdown or wiki markup
``validate``              check scenario files and rulings CSV files
``scenarios``, ``cards``  list the shipped examples, the cards table
========================  ===================================================

One module per group: :mod:`~toolkit.cli.play`, :mod:`~toolkit.cli.ask`, :mod:`~toolkit.cli.contrast`,
:mod:`~toolkit.cli.rulings`, :mod:`~toolkit.cli.listing`; what they share in
:mod:`~toolkit.cli.options` (reading arguments and files),
:mod:`~toolkit.cli.output` (JSON, CSV, text) and :mod:`~toolkit.cli.errors`;
the parser and the exit statuses in :mod:`~toolkit.cli.app`. The command
line sits above the seam: it asks :mod:`toolkit.games` and the ``Game``,
never a game package.
"""

from __future__ import annotations

from toolkit.cli.app import (
    EXIT_BAD_INPUT,
    EXIT_CANNOT_WRITE,
    EXIT_NO,
    EXIT_OK,
    EXIT_SEARCH_LIMIT,
    _parser,
    build_parser,
    main,
    program_name,
    run_with_streams,
)

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_CANNOT_WRITE",
    "EXIT_NO",
    "EXIT_OK",
    "EXIT_SEARCH_LIMIT",
    "_parser",
    "build_parser",
    "main",
    "program_name",
    "run_with_streams",
]
