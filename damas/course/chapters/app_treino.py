"""The training app (``notebooks/app_treino.ipynb``, for Voilà): the collections of ``puzzles/`` in
the course's trainer, which keeps what the student solves. The notebook imports it whole (``from
damas.course.chapters.app_treino import *``): ``__all__`` is what the app calls, its own helpers
and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.problems.puzzles import PuzzleError, load_collection

__all__ = ["PuzzleError", "load_collection", "PuzzleTrainer"]


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "PuzzleTrainer":
        from damas.course.kit import practice
        return practice.PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
