"""Reading an annotated game (a :class:`damas.rules.pdn.PDNGame`): the marked
moves, the board after ``n`` moves, a picture of it.  Chapter 08 calls them
in one line.  Pure Python (the picture is an SVG with its safe twin).
"""

from __future__ import annotations
from damas.rules.args import PDN_GAME, LIST, whole_spec, checked
from damas.rules.notation import numbered_line
from damas.rules.pdn_facts import strip_facts

__all__ = ["marked_moves", "marked_moves_text", "board_after", "picture_after", "annotate"]


@checked(game=PDN_GAME)
def marked_moves(game) -> list:
    """``(number, colour, move text, sign, comments)`` of each move of the
    main line that carries a sign (``!``, ``?``, ``??``...)."""
    turn = game.initial_board().turn
    marked = []
    for i, node in enumerate(game.line.nodes):
        if node.marks:
            number, colour = game.move_number(i, turn)
            marked.append((number, colour, node.text, node.marks, [strip_facts(c) for c in node.comments]))
    return marked


@checked(game=PDN_GAME)
def marked_moves_text(game) -> str:
    """The marked moves, one a line, as on a score sheet: ``12. c3-d4!`` or
    ``12... f6-g5?`` followed by the comments."""
    lines = []
    for number, colour, text, sign, comments in marked_moves(game):
        dots = "." if colour == "W" else "..."
        lines.append(" ".join([f"{number}{dots} {text}{sign}", *comments]))
    return "\n".join(lines)


@checked(game=PDN_GAME, n=whole_spec(0))
def board_after(game, n: int):
    """The board after the first ``n`` moves of the main line (0 = the
    starting position)."""
    from damas.errors import DamasError
    if not 0 <= n <= len(game.mainline):
        raise DamasError(f"A partida tem {len(game.mainline)} lances; não há posição depois de {n}.")
    board = game.initial_board()
    for move in game.mainline[:n]:
        board.push(move)
    return board


@checked(game=PDN_GAME, n=whole_spec(0))
def picture_after(game, n: int):
    """A picture of the board after ``n`` moves, titled with the last move and
    its sign (``Depois de 4... f6-g5?``)."""
    from damas.course.kit.figures import board_figure
    board = board_after(game, n)
    if n == 0:
        return board_figure(board, title="Posição inicial")
    number, colour = game.move_number(n - 1, game.initial_board().turn)
    dots = "." if colour == "W" else "..."
    node = game.line.nodes[n - 1]
    return board_figure(board, lastmove=game.mainline[n - 1], title=f"Depois de {number}{dots} {node.text}{node.marks}")


@checked(moves=LIST)
def annotate(moves, board=None) -> str:
    """Play ``moves`` (texts) from ``board`` (the starting position if
    None) and return them numbered as on a score sheet
    (:func:`damas.rules.notation.numbered_line`): ``1. c3-d4 f6-e5 2. d4xf6 g7xe5``.  ``board``
    is not changed."""
    from damas.rules.board import Board
    start = board.copy(stack=False) if board is not None else Board()
    work, played = start.copy(stack=False), []
    for text in moves:
        played.append(work.parse_move(text))
        work.push(played[-1])
    return numbered_line(start, played)
