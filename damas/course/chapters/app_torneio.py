"""The class tournament app (``notebooks/app_torneio.ipynb``, for Voilà): the teacher's screen of
:mod:`damas.course.tournament` (pairings, results by clicks, standings, the printed sheets). The
notebook imports it whole (``from damas.course.chapters.app_torneio import *``).
"""

from __future__ import annotations

__all__ = ["TournamentApp"]


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "TournamentApp":
        from damas.course.tournament import app
        return app.TournamentApp
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
