"""Chapter 02 — Movimento: what ``notebooks/02_Movimento.ipynb`` uses.

The moves of a man and a king, the chapter's board tasks and exercises, and a first game against
the computer (before capture is taught: its refusals in a beginner's words); nothing of its own.
The notebook imports it whole (``from damas.course.chapters.ch02_movimento import *``): ``__all__``
is what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.exercises import chapter_exercise, check_chapter
from damas.course.kit.figures import board_figure
from damas.course.kit.games import computer_game
from damas.course.kit.oneliners import explain_attempt, move_texts, moves_figure
from damas.course.kit.sentences import moves_sentence, path_sentence

__all__ = ["board_figure", "chapter_stage", "chapter_exercise", "check_chapter", "moves_figure",
           "move_texts", "explain_attempt", "moves_sentence", "path_sentence", "computer_game",
           "chapter_quiz"]
