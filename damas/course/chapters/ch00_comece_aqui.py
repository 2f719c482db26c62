"""Chapter 00 — Comece aqui: what ``notebooks/00_Comece_aqui.ipynb`` uses.

The first chapter shows a cell, a board and a sentence, the student's progress panel and the first
quiz; it has nothing of its own. The notebook imports it whole (``from
damas.course.chapters.ch00_comece_aqui import *``): ``__all__`` is what the notebook calls, its own
helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.panel import progress_panel
from damas.course.kit.sentences import moves_sentence

__all__ = ["moves_sentence", "progress_panel", "chapter_quiz"]
