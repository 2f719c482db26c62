"""The chapters' figures: a board of the chapter's size, figures side by side, and a
line of play in numbered frames, as on a score sheet.  Every figure is SVG with a
safe twin (damas/display/output.py), so it reads in a notebook never run or
trusted, and in the browser (JupyterLite); no matplotlib.
"""

from __future__ import annotations

from damas.display.output import Row
from damas.display.sequence import sequence_svg
from damas.display.svg import board_svg
from damas.rules.args import checked

__all__ = ["board_figure", "side_by_side", "frames", "FIGURE_SIZE"]

#: The width of a chapter's figures, in pixels.
FIGURE_SIZE = 320


# -- figures ---------------------------------------------------------------------------
def board_figure(board, **options):
    """``board`` as a figure of the chapter's size: the options of
    :func:`damas.display.svg.board_svg` (``highlight``, ``arrows``, ``lastmove``,
    ``marked``, ``title``, ``coordinates``, ``flipped``, ``size``)."""
    options.setdefault("size", FIGURE_SIZE)
    return board_svg(board, **options)


def side_by_side(*figures):
    """Several figures in one row (they read without running, too)."""
    return Row(*figures)


@checked()
def frames(board, moves, first_move: int = 1, caption: str = "A posição", per_row: int = 4):
    """The position and then each move of ``moves``, in frames captioned as on
    the score sheet (``6. f4-c1``, ``6... h6-f8``), ``per_row`` frames a row:
    one SVG picture (:func:`damas.display.sequence.sequence_svg`) that reads
    untrusted and in the browser.  ``board`` is not changed."""
    return sequence_svg(board.copy(stack=False), moves, first_number=first_move, start_caption=caption,
                        per_row=per_row)
