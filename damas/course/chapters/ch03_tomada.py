"""Chapter 03 — Tomada: what ``notebooks/03_Tomada.ipynb`` uses.

Capture is compulsory: the judge's verdict on an attempt, the capture's path in words, a king's
capture on the live board and a game against the computer; nothing of its own. The notebook imports
it whole (``from damas.course.chapters.ch03_tomada import *``): ``__all__`` is what the notebook
calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.exercises import chapter_exercise, check_chapter
from damas.course.kit.figures import board_figure
from damas.course.kit.games import computer_game
from damas.course.kit.oneliners import judge_attempt, move_texts, square_names
from damas.course.kit.sentences import moves_sentence, path_sentence

__all__ = ["board_figure", "chapter_stage", "chapter_exercise", "check_chapter", "move_texts",
           "square_names", "judge_attempt", "moves_sentence", "path_sentence", "BoardWidget",
           "computer_game", "chapter_quiz"]


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "BoardWidget":
        from damas.widget.board import BoardWidget
        return BoardWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
