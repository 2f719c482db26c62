"""The order of a collection as a book, from the easiest problem to the hardest
(chapter 06 shows ``puzzles/classicos.pdn`` this way).

The measure of a problem is read off its stored solution, so anyone can check it:

1. the number of plies of the solution (both sides counted): a shorter line is easier;
2. then the number of sacrifices in it (:func:`damas.problems.themes.is_sacrifice`):
   each one is a move a beginner has to dare;
3. then the number of pieces on the board: a crowded board hides the shot.

>>> from damas.problems.puzzles import Puzzle
>>> short = Puzzle("W:W22,25,29:B8,13,15", goal="win", max_plies=3, solution="c3-b4 a5xc3 b2xh8")
>>> measure(short)
(3, 1, 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from damas.rules.args import CONVENTIONS, checked, whole_spec

if TYPE_CHECKING:
    from damas.problems.puzzles import Puzzle

__all__ = ["measure", "book_order", "source_line", "MEASURE_TEXT"]

# What the chapter says of the order (Portuguese: a student reads it).
MEASURE_TEXT = ("do mais fácil ao mais difícil: primeiro pelo tamanho da solução (os lances de quem resolve e as "
                "respostas), depois pelo número de entregas, depois pelo número de peças no tabuleiro")


@checked()
def measure(puzzle: Puzzle) -> tuple[int, int, int]:
    """(plies of the solution, sacrifices in it, pieces on the board) of ``puzzle``."""
    from damas.problems.themes import is_sacrifice
    board = puzzle.board()
    pieces = board.count("W") + board.count("B")
    sacrifices = 0
    for move in puzzle.solution_moves():
        if not move.is_capture and is_sacrifice(board, move):
            sacrifices += 1
        board.push(move)
    return len(puzzle.solution_moves()), sacrifices, pieces


@checked()
def book_order(puzzles: Iterable[Puzzle]) -> list[Puzzle]:
    """The puzzles sorted by :func:`measure` (ties keep the collection's order)."""
    puzzles = list(puzzles)
    for puzzle in puzzles:
        CONVENTIONS["puzzle"](puzzle, "puzzles (um dos itens)")
    return sorted(puzzles, key=measure)


@checked(width=whole_spec(10, 10_000))
def source_line(puzzle: Puzzle, width: int = 120) -> str:
    """The first sentence of the puzzle's ``Source`` as one short line for a printed sheet:
    what is in parentheses with Cyrillic letters (the players' names as the source spells
    them) is left out, and a longer sentence is cut at a word with "…"."""
    import re
    text = puzzle.source.strip()
    first = re.split(r"(?<=[a-z0-9)']{2})\. (?=[A-ZÀ-Ý])", text, maxsplit=1)[0].rstrip(".")
    first = re.sub(r"\s*\([^()]*[\u0400-\u04FF][^()]*\)", "", first)
    first = " ".join(first.split())
    if len(first) <= width:
        return first
    cut = first[:width - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"
