"""Chapter 15 — Outras damas: what ``notebooks/15_Outras_damas.ipynb`` uses.

The same position under several rule sets (:mod:`.compare`, which the notebook calls by name:
``compare.comparison('maioria')``), and a capture to make on the Russian and the Portuguese
board.

The notebook imports it whole (``from damas.course.chapters.ch15_outras_damas import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.chapters.ch15_outras_damas import compare
from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.exercises import check_items
from damas.course.kit.questions import capture_task

__all__ = ["compare", "capture_task", "check_items", "chapter_quiz"]
