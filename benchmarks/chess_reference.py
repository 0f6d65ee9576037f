"""The reference the engine's speed is compared with: python-chess's perft, a
pure-Python move generator, walked from the start position.

A node visit is a position reached by pushing a move, plus the root; leaves
are the positions at the full depth (perft(4) = 197,281).
"""

from __future__ import annotations

from collections.abc import Callable


def perft_job(depth: int = 4) -> Callable[[], tuple[int, int]]:
    """A job that walks perft(``depth``) and returns (leaves, node visits)."""
    import chess

    board = chess.Board()

    def run() -> tuple[int, int]:
        visits = 0

        def perft(d: int) -> int:
            nonlocal visits
            visits += 1
            if d == 0:
                return 1
            total = 0
            for move in board.legal_moves:
                board.push(move)
                total += perft(d - 1)
                board.pop()
            return total

        leaves = perft(depth)
        return leaves, visits

    return run
