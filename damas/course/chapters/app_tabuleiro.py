"""The board app (``notebooks/app_tabuleiro.ipynb``, for Voilà): the interactive board, which the app
puts beside its choice of game and of colours. The notebook imports it whole (``from
damas.course.chapters.app_tabuleiro import *``): ``__all__`` is what the app calls, its own helpers
and the kit's pieces it uses.
"""

from __future__ import annotations

__all__ = ["BoardWidget"]


def __getattr__(name):
    # The widgets are imported when the notebook asks for them: importing this module stays pure Python.
    if name == "BoardWidget":
        from damas.widget.board import BoardWidget
        return BoardWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
