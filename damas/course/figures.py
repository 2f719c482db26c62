"""The chapters' figures: a board of the chapter's size, figures side by side, and a
line of play in numbered frames, as on a score sheet.  The board figures are SVG
with a safe twin (damas/display/output.py), so they read in a notebook never run
or trusted.  matplotlib is imported only inside
the functions, so ``import damas.course.figures`` stays pure Python.
"""

from __future__ import annotations

from damas.display.output import Row
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
    the score sheet (``6. f4-c1``, ``6... h6-f8``), ``per_row`` frames a row.
    Returns a closed matplotlib figure; ``board`` is not changed."""
    import matplotlib.pyplot as plt
    from damas.display.plot import draw_board
    board = board.copy(stack=False)
    captions, positions, played = [caption], [board.copy()], [None]
    number = first_move
    for move in moves:
        text = board.move_text(move)
        white = board.turn == "W"
        played.append(board.push(move))
        positions.append(board.copy())
        captions.append(f"{number}. {text}" if white else f"{number}... {text}")
        if not white:
            number += 1
    rows = -(-len(positions) // per_row)
    figure, _ = plt.subplots(rows, per_row, figsize=(2.4 * per_row, 2.5 * rows))
    for i, axis in enumerate(figure.axes):
        axis.set_axis_off()
        if i < len(positions):
            extra = {} if played[i] is None else {"lastmove": played[i], "arrows": [played[i]]}
            draw_board(positions[i], axis, **extra)
            axis.set_title(captions[i], fontsize=10)
    plt.close(figure)
    return figure
