"""Chapter 00 — Comece aqui: what ``notebooks/00_Comece_aqui.ipynb`` uses.

The first chapter shows the board the children will play on, the student's progress panel, the
course map (the stages, the stars won, the next task) and the first quiz.  Its one picture of its own is
:func:`start_board`.  The notebook imports it whole (``from damas.course.chapters.ch00_comece_aqui
import *``): ``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.course_map import course_map
from damas.course.kit.panel import progress_panel
from damas.rules.board import Board

__all__ = ["start_board", "progress_panel", "course_map", "chapter_quiz"]


def start_board():
    """The start position of the Brazilian game, the board the course teaches: the package's own
    ``Board``, shown as its picture."""
    return Board()
