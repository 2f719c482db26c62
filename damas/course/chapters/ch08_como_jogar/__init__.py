"""Chapter 08 — Como jogar: what ``notebooks/08_Como_jogar.ipynb`` uses.

The chapter teaches how to play well from annotated games, openings and traps, with the
computer that teaches beside the board (:mod:`damas.course.kit.coach`: the review of a finished
game in a child's words, the notes on each move; the class tournament reviews its games with it
too).  Its own pieces are two: the engine's verdicts the chapter prints, kept only if they
survive a deeper and a timed search (:mod:`.verdicts`), and the moves of the games of 1924 that
only the Brazilian rules forced (:mod:`.rule_sets`, written into the games' headers in
``notebooks/data/partidas.pdn``).

The notebook imports it whole (``from damas.course.chapters.ch08_como_jogar import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.coach import CoachGame, MoveChoice, move_notes, review
from damas.course.kit.figures import side_by_side
from damas.display.svg import Arrow, board_svg
from damas.engine.search import analyse
from damas.problems.puzzles import Puzzle, load_collection
from damas.problems.solver import solve

__all__ = ["board_svg", "Arrow", "analyse", "Puzzle", "solve", "load_collection", "move_notes", "review",
           "CoachGame", "MoveChoice", "GameReplay", "PuzzleTrainer", "side_by_side", "chapter_quiz"]


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "GameReplay":
        from damas.widget.replay import GameReplay
        return GameReplay
    if name == "PuzzleTrainer":
        from damas.course.kit import practice
        return practice.PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
