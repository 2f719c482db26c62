"""Chapter 04 — Lei da maioria: what ``notebooks/04_Lei_da_maioria.ipynb`` uses.

The majority law: the capture sizes, the forbidden smaller capture drawn as an arrow, the golpe
turco proven by the solver and trained on the board; nothing of its own. The notebook imports it
whole (``from damas.course.chapters.ch04_lei_da_maioria import *``): ``__all__`` is what the
notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
from damas.course.kit.exercises import chapter_exercise, check_chapter
from damas.course.kit.figures import board_figure
from damas.course.kit.games import computer_game
from damas.course.kit.oneliners import capture_sizes, judge_attempt, move_texts
from damas.course.kit.practice import trainer
from damas.course.kit.sentences import captures_sentence, path_sentence
from damas.display.sequence import sequence_svg
from damas.display.svg import Arrow
from damas.problems.checker import check
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve

__all__ = ["Arrow", "board_figure", "trainer", "chapter_stage", "chapter_exercise", "check_chapter",
           "move_texts", "judge_attempt", "capture_sizes", "captures_sentence", "path_sentence",
           "sequence_svg", "Puzzle", "solve", "computer_game", "chapter_quiz", "check"]
