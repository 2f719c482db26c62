"""Chapter 14 — Damas internacionais: what ``notebooks/14_Damas_internacionais.ipynb`` uses.

The 100-square game: studying a proven problem (a :class:`damas.problems.puzzles.Puzzle`), its
solution in the game's notation, the solving side's moves, a typical wrong first move, and the
solution drawn move by move (SVG), each in one line; the endgames and the forçada of the 10x10
board come from the kit. IPython is imported only by the functions that show.

The notebook imports it whole (``from damas.course.chapters.ch14_damas_internacionais import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses; the other
public names serve the tests.
"""

from __future__ import annotations
from damas.course.kit import forcada
from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import board_figure
from damas.course.kit.oneliners import move_texts
from damas.course.kit.practice import trainer
from damas.course.kit.questions import count_question
from damas.course.kit.sentences import moves_sentence
from damas.engine import endgames
from damas.problems.checker import check
from damas.problems.puzzles import load_collection
from damas.rules.args import checked

__all__ = ["endgames", "forcada", "load_collection", "check", "board_figure", "trainer", "PuzzleTrainer",
           "count_question", "check_items", "move_texts", "right_answer", "typical_mistake", "study",
           "moves_sentence", "chapter_quiz"]


@checked()
def solution_texts(puzzle) -> list:
    """The moves of the stored solution, in the game's notation (algebraic on
    64 squares, numeric on 100)."""
    board = puzzle.board()
    texts = []
    for move in puzzle.solution_moves():
        texts.append(board.move_text(move))
        board.push(move)
    return texts


@checked()
def right_answer(puzzle) -> list:
    """The solving side's moves of the solution, as texts."""
    return solution_texts(puzzle)[::2]


@checked()
def typical_mistake(puzzle):
    """A legal first move that does not solve the problem (the first in the
    board's order), as a one-move list; None if every move solves it."""
    from damas.problems.solver import solve
    board = puzzle.board()
    good = solve(puzzle).winning_moves
    for move in board.legal_moves():
        if move not in good:
            return [board.move_text(move)]
    return None


@checked()
def step_by_step(puzzle, per_row: int = 4, size: int = 200) -> None:
    """Show the solution in one SVG picture: the position and then each move,
    ``per_row`` frames a row, captioned as on the score sheet."""
    from damas.display.output import show_picture
    from damas.display.sequence import sequence_svg
    picture = sequence_svg(puzzle.board(), puzzle.solution_moves(), per_row=per_row, size=size)
    show_picture(picture, repr(picture))


def study(puzzle) -> None:
    """Show a problem to study: its title and comment, the solution folded
    away, and the solution move by move.  The solver proves it first; an
    unproven problem raises :class:`damas.errors.DamasError`."""
    from html import escape
    from IPython.display import HTML, display
    from damas.errors import DamasError
    from damas.course.kit.oneliners import folded_solution
    from damas.problems.solver import solve
    if not solve(puzzle).proven:
        raise DamasError(f"O problema {puzzle.title!r} não foi provado pelo solucionador.")
    display(HTML(f"<h3>{escape(puzzle.title, quote=False)}</h3><p>{escape(puzzle.prose, quote=False)}</p>"))
    display(folded_solution("Solução: " + " ".join(solution_texts(puzzle))))
    step_by_step(puzzle, per_row=4, size=220)


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "PuzzleTrainer":
        from damas.course.kit import practice
        return practice.PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
