"""A line of play as one SVG picture: frames captioned as on the score sheet.

:func:`sequence_frames` lists the frames of a line: the starting position
(captioned "Posição inicial", "Posição do problema", "Antes do lance N" or a
caption of the caller's), then the position after each move, captioned with
that move numbered as on a score sheet (chapter 10, art. 8): ``1. c3-d4``
after a white move, ``1... f6-e5`` after a black one.

:func:`sequence_svg` draws them as ONE picture: the boards of
:func:`damas.display.svg.board_svg` (the move's squares coloured, its arrow
drawn, the pieces it takes crossed out) with the caption above each board,
``per_row`` boards a row.  It returns an :class:`~damas.display.svg.SVG`, so a
notebook stores it as a safe ``<img>`` (damas/display/output.py) that reads in
an untrusted notebook, in JupyterLite and on GitHub alike.  The picture is
deterministic (no ids, no dates, fixed number formatting).

Pure Python: no matplotlib (:mod:`damas.display.plot` draws the same frames
with it, for the printed sheets).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any, NamedTuple

from damas.display.svg import SVG, board_svg, diagram, text_width
from damas.errors import DamasError
from damas.rules.args import MOVE, checked, refuse
from damas.rules.board import Board
from damas.rules.move import Move
from damas.rules.notation import _ply_number, next_move_number, number_prefix

__all__ = ["Frame", "sequence_frames", "sequence_svg", "TEXTS"]

# Every word a reader sees lives here.
TEXTS = {
    "start": "Posição inicial",
    "problem": "Posição do problema",
    "before": "Antes do lance {number}",
    "bad_per_row": "per_row deve ser um número inteiro maior que zero, não {value!r}.",
    "bad_size": "Tamanho inválido: {value!r}. Use um número de pixels maior que zero.",
}

GAP = 0.08             # space between frames, in frame widths
CAPTION = 0.11         # font size of a caption, in frame widths
CAPTION_BAND = 0.17    # height kept above each board for its caption, in frame widths
BACKGROUND = "#ffffff"
INK = "#222222"
BOLD = 1.1             # bold letters are about this much wider than text_width's regular ones


class Frame(NamedTuple):
    """One frame of a line: the position, the move that led to it (None for
    the starting position) and its caption."""
    board: Board
    move: Move | None
    caption: str


def _is_initial(board: Board) -> bool:
    return not board.move_stack and board.fen() == type(board)(board.variant.name).fen()


def _moves(value: Any, name: str) -> Any:
    """Moves: a list (or another collection, not a text) of ``Move`` objects or move texts."""
    words = "uma lista de lances (textos como 'c3-d4' ou objetos Move)"
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise refuse(name, words, value)
    if isinstance(value, (list, tuple)):
        for item in value:
            if not isinstance(item, str):
                MOVE(item, f"{name} (um dos lances)")
    return value


@checked(moves=_moves)
def sequence_frames(board: Board, moves: Iterable[Move | str], *, start: bool = True,
                    first_number: int | None = None, start_caption: str | None = None) -> list[Frame]:
    """The frames of ``moves`` (``Move`` objects or move texts, read by the
    board) played from ``board`` (not changed): the starting position if
    ``start``, then the position after each move.  The numbers continue the
    board's own move stack (``first_number`` overrides them).  An illegal
    move raises the board's own error."""
    work = board.copy()
    number = next_move_number(board) if first_number is None else first_number
    frames: list[Frame] = []
    if start:
        if start_caption is None:
            if _is_initial(board):
                start_caption = TEXTS["start"]
            elif board.move_stack:
                start_caption = TEXTS["before"].format(number=number)
            else:
                start_caption = TEXTS["problem"]
        frames.append(Frame(work.copy(), None, start_caption))
    for ply, item in enumerate(moves):
        move = work.parse_move(item) if isinstance(item, str) else item
        text = work.move_text(move)
        move_no, color = _ply_number(ply, board.turn, number)
        caption = number_prefix(move_no, color, opens=True) + text
        move = work.push(move)
        frames.append(Frame(work.copy(), move, caption))
    return frames


def _n(value: float) -> str:
    """Fixed formatting: at most one decimal, no trailing zeros, no '-0'."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _nested(svg: str, x: float, y: float) -> str:
    """A board's SVG placed at (x, y) inside the picture (an <svg> in an <svg>)."""
    head = '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
    assert svg.startswith(head)
    return f'<svg x="{_n(x)}" y="{_n(y)}" ' + svg[len(head):]


@checked(moves=_moves)
def sequence_svg(board: Board, moves: Iterable[Move | str], *, start: bool = True, first_number: int | None = None,
                 start_caption: str | None = None, per_row: int = 4, size: int = 220,
                 arrows: bool = True, **options: Any) -> SVG:
    """The frames of :func:`sequence_frames` as one SVG picture, each board
    ``size`` pixels wide with its caption above it, ``per_row`` boards a row.
    A move's squares are coloured and, if ``arrows``, its arrow is drawn (a
    capture crosses out the pieces it takes).  ``options`` go to
    :func:`damas.display.svg.board_svg` (``coordinates``, ``flipped``,
    ``colors``).  The picture's ``<title>`` lists the captions."""
    if isinstance(per_row, bool) or not isinstance(per_row, int) or per_row < 1:
        raise DamasError(TEXTS["bad_per_row"].format(value=per_row))
    if isinstance(size, bool) or not isinstance(size, (int, float)) or size <= 0:
        raise DamasError(TEXTS["bad_size"].format(value=size))
    options.pop("title", None)
    frames = sequence_frames(board, moves, start=start, first_number=first_number,
                             start_caption=start_caption)
    probe = diagram(board, **{k: v for k, v in options.items() if k in ("coordinates", "colors", "flipped")})
    board_height = size * probe.height / probe.width
    gap, band = size * GAP, size * CAPTION_BAND
    columns = max(1, min(per_row, len(frames)))
    rows = max(1, -(-len(frames) // per_row))
    width = columns * size + (columns - 1) * gap
    height = rows * (band + board_height) + (rows - 1) * gap
    captions = " · ".join(f.caption for f in frames)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="damas-sequence" '
           f'width="{_n(width)}" height="{_n(height)}" viewBox="0 0 {_n(width)} {_n(height)}" '
           f'font-family="DejaVu Sans, Verdana, Arial, sans-serif">',
           f"<title>{escape(captions, quote=False)}</title>",
           f'<rect x="0" y="0" width="{_n(width)}" height="{_n(height)}" fill="{BACKGROUND}"/>']
    for i, frame in enumerate(frames):
        row, column = divmod(i, per_row)
        x = column * (size + gap)
        y = row * (band + board_height + gap)
        # A long caption is made smaller to fit its frame, never wider than the board.
        font = min(size * CAPTION, 0.9 * size / (BOLD * max(text_width(frame.caption, 1.0), 1e-9)))
        extra = dict(options)
        if frame.move is not None:
            extra["lastmove"] = frame.move
            if arrows:
                extra["arrows"] = [frame.move]
        picture = board_svg(frame.board, size=size, **extra)
        out.append(f'<g class="frame" data-index="{i}">'
                   f'<text class="caption" x="{_n(x + size / 2)}" y="{_n(y + band * 0.72)}" '
                   f'font-size="{_n(font)}" font-weight="bold" text-anchor="middle" fill="{INK}">'
                   f'{escape(frame.caption, quote=False)}</text>'
                   f'{_nested(picture, x, y + band)}</g>')
    out.append("</svg>")
    return SVG("".join(out))
