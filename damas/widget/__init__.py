"""The widget layer: the interactive board (anywidget), the trainer, the game replay, the board of
the coordinates trainer (:mod:`.coordinates`) and a picture whose parts are buttons (:mod:`.picture`).

The names of :mod:`damas.widget.board` are re-exported here, where the flat
module ``damas.widget`` of release 0.1 kept them.  They are imported on first
use, so that ``import damas.widget.replay`` does not import ipywidgets.
"""

from typing import Any

_BOARD_NAMES = ("PLAY", "SETUP", "MODES", "MoveEvent", "COLOR", "TEXTS", "LABELS", "LEVEL_NAMES",
                "PIECE_WORDS", "PALETTES", "PALETTE_NAMES", "BoardWidget")

__all__ = list(_BOARD_NAMES)


def __getattr__(name: str) -> Any:  # a lazy re-export: any of board's names
    if name in _BOARD_NAMES:
        from damas.widget import board
        return getattr(board, name)
    raise AttributeError(f"module 'damas.widget' has no attribute {name!r}")
