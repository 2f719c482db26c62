"""The board of «Treino de coordenadas»: an empty board whose dark squares are clicked, with a clock.

:class:`CoordinatesBoard` shows the picture of :func:`damas.display.svg.live_board_svg` (an empty
board, turned round when ``flipped``; the letters and digits around an 8x8 board, no numbers on a
10x10 one), the square to find, the time left, the squares found and the verdicts.  The page
(``coordinates.js``) runs the round's clock itself: it counts ``seconds`` down from the moment
``round`` changes with ``running`` true, sends ``{"type": "timeout", "round": n}`` when it reaches
zero, and sends every click with the milliseconds since the round began
(``{"type": "click", "square": 14, "elapsed": 5230}``; a light square is 0).  Every message goes
to ``handler`` (the trainer of :mod:`damas.course.kit.coordinates`, which judges it and sets the
traits).  Keyboard: the dark squares form one tab stop, the arrow keys move a cursor, Enter or
Space clicks; the squares' labels do not name them (that would give the answer away), the square
to find and each verdict are read by a screen reader (``aria-live``).

This module imports anywidget; ``import damas`` does not import it.
"""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from damas.display.svg import live_board_svg
from damas.rules.args import board as check_board, refuse
from damas.rules.board import Board

__all__ = ["CoordinatesBoard"]

_HERE = pathlib.Path(__file__).parent
_NAMES = re.compile(r' data-name="[^"]*"')


class CoordinatesBoard(anywidget.AnyWidget):
    """The board of the coordinates trainer: ``CoordinatesBoard(board, handler, labels)``."""

    _esm = _HERE / "coordinates.js"
    _css = (_HERE / "board.css").read_text(encoding="utf-8") + (_HERE / "coordinates.css").read_text(encoding="utf-8")

    svg = traitlets.Unicode("").tag(sync=True)
    size = traitlets.Int(8).tag(sync=True)
    layout_squares: traitlets.List[list[int]] = traitlets.List().tag(sync=True)     # [[square, row, col], ...]
    flipped = traitlets.Bool(False).tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)        # «Clique na casa e5.»
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    score = traitlets.Int(0).tag(sync=True)
    seconds = traitlets.Int(30).tag(sync=True)
    best = traitlets.Unicode("").tag(sync=True)
    round = traitlets.Int(0).tag(sync=True)
    running = traitlets.Bool(False).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, board: Board, handler: Callable[[Any], object], labels: dict[str, str] | None = None,
                 **kwargs: Any) -> None:
        check_board(board)
        if not callable(handler):
            raise refuse("handler", "uma função que recebe as mensagens da página", handler)
        if labels is not None and not isinstance(labels, dict):
            raise refuse("labels", "os textos do tabuleiro (um dicionário)", labels)
        super().__init__(**kwargs)
        self._board = Board("W:W:B", variant=board.variant.name)
        self._handler = handler
        variant = self._board.variant
        self.size = variant.size
        self.layout_squares = [[sq, *variant.square_to_rc(sq)] for sq in variant.square_range]
        self.labels = dict(labels or {})
        self._draw()
        self.observe(lambda _change: self._draw(), names="flipped")
        self.on_msg(lambda _widget, content, _buffers: self.handle_message(content))

    def _draw(self) -> None:
        coordinates = "algebraic" if self._board.variant.size == 8 else None
        svg = live_board_svg(self._board, flipped=self.flipped, coordinates=coordinates)
        self.svg = _NAMES.sub("", svg)      # the page reads no square's name

    def handle_message(self, content: Any) -> None:  # the page's JSON, judged by the handler
        """A message of the page, handed to the trainer."""
        self._handler(content)

    def __repr__(self) -> str:
        return f"CoordinatesBoard({self._board.variant.name!r})"
