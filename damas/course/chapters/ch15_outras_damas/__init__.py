"""Chapter 15 — Outras damas: what ``notebooks/15_Outras_damas.ipynb`` uses.

The same position under several rule sets (:mod:`.compare`: what the Brazilian, the Russian and the
Portuguese game allow, each expected list checked against the one move generator), and a capture
to make on the Russian and the Portuguese board. Each step of the chapter is one call here. The
notebook imports it whole (``from damas.course.chapters.ch15_outras_damas import *``): ``__all__``
is what the notebook calls;
"""

from __future__ import annotations

from damas.course.chapters.ch15_outras_damas import compare
from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.classmate import classmate_section
from damas.course.kit.exercises import check_items
from damas.course.kit.questions import capture_task

__all__ = ["same_position", "russian_task", "portuguese_task", "teacher_check", "chapter_quiz", "classmate_section"]


def same_position(example: str):
    """One position in the three games, side by side, with the moves each game allows
    (:func:`compare.comparison`): 'maioria', 'coroacao', 'para-tras' or 'qualidade'."""
    return compare.comparison(example)


def russian_task():
    """Task 1: the capture the Russian rules order in the position of «coroar no meio da tomada»."""
    return capture_task("outras-damas/russas", compare.position("coroacao", "russian").fen(),
                        "Damas russas: faça a tomada", variant="russian")


def portuguese_task():
    """Task 2: the capture the Portuguese rules order in the position of «dama ou pedra?»."""
    return capture_task("outras-damas/portuguesas", compare.position("qualidade", "portuguese").fen(),
                        "Damas portuguesas: faça a tomada", variant="portuguese")




def teacher_check():
    """The teacher's check: both tasks can be done and the quiz's answers are the rules'."""
    return check_items(russian_task(), portuguese_task(), chapter_quiz("15"))
