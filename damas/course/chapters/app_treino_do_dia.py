"""The «Treino do dia» app (``notebooks/app_treino_do_dia.ipynb``, for Voilà): the session of problems
chosen for the student (:mod:`damas.course.classroom.daily`). The notebook imports it whole (``from
damas.course.chapters.app_treino_do_dia import *``): ``__all__`` is what the app calls, its own
helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.classroom.daily import daily_training

__all__ = ["daily_training"]
