"""Chapter 13 — Arbitragem: what ``notebooks/13_Arbitragem.ipynb`` uses.

The arbiter's part: the pieces a capture removes, the judge's verdicts, the draw counts of the
game's rules and the kings walking in rings; nothing of its own. The notebook imports it whole
(``from damas.course.chapters.ch13_arbitragem import *``): ``__all__`` is what the notebook calls,
its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.demos import kings_in_rings
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import board_figure
from damas.course.kit.oneliners import judge_attempt, square_names
from damas.course.kit.questions import count_question, removed_pieces_question
from damas.rules.game import DRAW_RULES

__all__ = ["DRAW_RULES", "board_figure", "removed_pieces_question", "count_question", "check_items",
           "square_names", "judge_attempt", "kings_in_rings", "chapter_quiz"]
