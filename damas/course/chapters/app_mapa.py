"""The map app (``notebooks/app_mapa.ipynb``, for Voilà): «Mapa do curso» (the chapters as stages,
the stars won, the next task, which a click opens) and «Treino de coordenadas», whose best score the
map shows.  The notebook imports it whole (``from damas.course.chapters.app_mapa import *``):
``__all__`` is what the app calls, the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.coordinates import coordinates_trainer
from damas.course.kit.course_map import course_map

__all__ = ["course_map", "coordinates_trainer"]
