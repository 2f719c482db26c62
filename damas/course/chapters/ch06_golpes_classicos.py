"""Chapter 06 — Golpes clássicos: what ``notebooks/06_Golpes_classicos.ipynb`` uses.

The classic golpes (combinations) as collections of proven problems, in the order of the book,
their themes found in each solution (:func:`themes_sentence`, the chapter's own), and the trainer
that keeps what the student solves. The notebook imports it whole (``from
damas.course.chapters.ch06_golpes_classicos import *``): ``__all__`` is what the notebook calls,
its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.sentences import Sentence, listed
from damas.problems.book import book_order
from damas.problems.compose import replay
from damas.problems.puzzles import load_collection
from damas.problems.themes import themes_in
from damas.rules.args import checked

__all__ = ["load_collection", "book_order", "replay", "PuzzleTrainer", "themes_sentence", "chapter_quiz"]


@checked()
def themes_sentence(puzzles) -> Sentence:
    """One line per problem: its title and the themes found in its solution."""
    return Sentence("\n".join(f"{p.title}: {listed(themes_in(p)) if themes_in(p) else 'nenhum tema reconhecido'}."
                              for p in puzzles))


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "PuzzleTrainer":
        from damas.course.kit import practice
        return practice.PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
