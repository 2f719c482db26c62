"""The widget layer: the interactive board (anywidget), the trainer and the game replay.

The names of :mod:`damas.widget.board` are re-exported here, where the flat
module ``damas.widget`` of release 0.1 kept them.
"""
from damas.widget.board import (  # noqa: F401
    PLAY, SETUP, MODES, MoveEvent, COLOR, TEXTS, LABELS, LEVEL_NAMES, PIECE_WORDS, PALETTES,
    PALETTE_NAMES, BoardWidget,
)
