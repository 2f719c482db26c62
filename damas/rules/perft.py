"""Perft: counting the move tree, the standard check of a move generator.

The counts from the starting positions are published (rules.md): a move
generator that gets them all right is almost certainly right, since every
rule (compulsory capture, majority law, duplicate captures) changes them.
"""

from __future__ import annotations

import sys
import time

from damas.errors import ArgumentError, DamasError
from damas.rules.board import Board
from damas.rules.variants import get_variant
from damas.rules.values import described

__all__ = ["perft", "perft_divide", "PUBLISHED", "run_perft"]

# Published node counts from the initial position, depth 1, 2, ...
PUBLISHED = {
    "brazilian": (7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022),
    "international": (9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763),
}


def _check(board: object, depth: object) -> None:
    """The door of perft and perft_divide: a Board and a depth from 0 to 64."""
    if not isinstance(board, Board):
        raise ArgumentError(f"O perft conta os lances de um tabuleiro (Board), não {described(board)}.")
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise ArgumentError(f"A profundidade do perft é um número inteiro de lances, 0 ou mais, não "
                            f"{described(depth)}.")
    if not 0 <= depth <= 64:
        raise ArgumentError("A profundidade do perft vai de 0 a 64 lances.")


def perft(board: Board, depth: int) -> int:
    """Number of move sequences of ``depth`` plies from ``board``."""
    _check(board, depth)
    return _perft(board, depth)


def _perft(board: Board, depth: int) -> int:
    if depth == 0:
        return 1
    moves = board.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    push, pop = board.push, board.pop
    for move in moves:
        push(move)
        total += _perft(board, depth - 1)
        pop()
    return total


def perft_divide(board: Board, depth: int) -> dict[str, int]:
    """{move text: perft count below it} for every legal move, sorted."""
    _check(board, depth)
    if depth == 0:
        raise ArgumentError("O perft_divide precisa de profundidade 1 ou mais.")
    out: dict[str, int] = {}
    for move in sorted(board.legal_moves()):
        text = board.move_text(move, "numeric")
        board.push(move)
        out[text] = _perft(board, depth - 1)
        board.pop()
    return out


def run_perft(variant: str = "brazilian", depth: int = 5, fen: str | None = None, divide: bool = False) -> int:
    """``python -m damas perft``: print the count (and with ``divide`` the
    count below each move) from ``fen`` or the starting position of
    ``variant``, the time and the speed on stderr; returns the exit status."""
    from damas.rules.commandline import usage_error   # argparse: imported by the command line only
    try:
        v = get_variant(variant)           # first: an unknown variant is not read as a FEN
        board = Board(fen, variant=v) if fen else Board(v)
        _check(board, depth)
        if divide and depth < 1:
            raise ArgumentError("--divide precisa de --depth 1 ou mais.")
    except DamasError as error:
        return usage_error("python -m damas perft", error)
    start = time.perf_counter()
    if divide:
        parts = perft_divide(board, depth)
        for text, n in parts.items():
            print(f"{text}: {n}")
        total = sum(parts.values())
    else:
        total = perft(board, depth)
    seconds = time.perf_counter() - start
    print(f"perft({depth}) = {total}")
    print(f"{seconds:.2f} s, {total / seconds if seconds else 0:,.0f} nós/s", file=sys.stderr)
    return 0
