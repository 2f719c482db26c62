"""The training app (``notebooks/app_treino.ipynb``, for Voilà): the collections of ``puzzles/`` in
the course's trainer, which keeps what the student solves. The notebook imports it whole (``from
damas.course.chapters.app_treino import *``): ``__all__`` is what the app calls, its own helpers
and the kit's pieces it uses.

The collections are numbered as everywhere else in the course
(:func:`damas.course.kit.catalogue.trainer_collection`): the classics from the easiest to the
hardest, as chapter 06's trainer, the printed sheet and the teacher's key number them.
"""

from __future__ import annotations

from damas.course.kit.catalogue import trainer_collection
from damas.errors import DamasError

__all__ = ["app_collections", "PuzzleTrainer"]

#: The app's collections: the label a student chooses -> the file of ``puzzles/``.
APP_FILES = {
    "Golpes clássicos (8x8)": "classicos.pdn",
    "O golpe que o mestre não viu (8x8)": "golpes-nao-vistos.pdn",
    "Golpes de partidas (8x8)": "golpes-de-partidas.pdn",
    "Problemas do curso (8x8)": "golpes-do-curso.pdn",
    "Armadilhas de abertura (8x8)": "armadilhas.pdn",
    "Tomadas (qual é a tomada obrigatória?)": "tomadas.pdn",
    "Damas internacionais (10x10)": "internacional.pdn",
}


def app_collections() -> tuple:
    """``(collections, missing)``: ``{label: problems}`` of every collection of :data:`APP_FILES`
    that could be read, numbered as the course numbers them, and the labels of those missing or
    unreadable (the others still train)."""
    found, missing = {}, []
    for label, name in APP_FILES.items():
        try:
            found[label] = trainer_collection(name)
        except (OSError, DamasError):      # a missing or unreadable file (PDNError, PuzzleError)
            missing.append(label)
    return found, missing


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "PuzzleTrainer":
        from damas.course.kit import practice
        return practice.PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
