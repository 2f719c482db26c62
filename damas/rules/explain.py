"""Why a move is legal or not, in Portuguese, with the article of the rules: the public door.

``explain(board, attempted)`` looks at a move a student tried -- a
:class:`~damas.Move`, a text such as ``'22-17'``, ``'c3-d4'`` or
``'28x19x10'``, or a pair of square numbers ``(22, 17)`` -- and returns an
:class:`Explanation`: whether it is legal, which article of the rules it
breaks, a message in Brazilian Portuguese, the squares to highlight and one
legal move showing what to do instead.  ``explain_piece(board, square)`` says
whether the piece on a square can move, and if not, why.

The explainer itself, with every text a student reads (:data:`MESSAGES`) and the order of
its checks, is :mod:`damas.rules.refusals`, which the board asks too when it refuses a move;
this module checks the caller's board and hands the work over.
"""

from __future__ import annotations

from damas.rules.board import Board
from damas.rules.refusals import MESSAGES, Explanation, _relaxed, explanation, piece_explanation  # noqa: F401
from damas.rules.values import refuse

__all__ = ["explain", "explain_piece", "Explanation", "MESSAGES"]


def explain_piece(board: Board, square: int, notation: str | None = None) -> Explanation:
    """Can the piece on ``square`` move now, and if not, why?

    What a board shows when a student picks up a piece: its moves, or the
    rule that holds it (not its turn, a compulsory capture elsewhere (4.1),
    a capture of too few pieces (4.13), a blocked man (3.4) or king (3.9)).
    Squares are written in ``notation`` ('numeric' or 'algebraic'; by
    default the variant's usual one: algebraic on 8x8, numbers on 10x10).
    Never raises on bad input, never changes ``board``.

    >>> from damas import Board
    >>> explain_piece(Board("W:W27,21:B23"), 21).article
    '4.1'
    """
    if not isinstance(board, Board):
        raise refuse("board", "um tabuleiro (Board)", board)
    return piece_explanation(board, square, notation)


def explain(board: Board, attempted: object, notation: str | None = None) -> Explanation:
    """Is ``attempted`` legal on ``board``, and if not, why?

    ``attempted`` is a :class:`~damas.Move`, a text (``'22-17'``, ``'c3-d4'``,
    ``'28x19x10'``) or a pair of square numbers ``(22, 17)``.  Never raises
    on bad input (the explanation then says the attempt cannot be read) and
    never changes ``board``.  Squares are named as the attempt wrote them,
    unless ``notation`` ('numeric' or 'algebraic') is given.

    >>> from damas import Board
    >>> explain(Board(), "22-17").message
    'Lance legal.'
    >>> e = explain(Board("W:W27,21:B23"), "21-17")
    >>> e.article, e.highlight
    ('4.1', (27,))

    A ``board`` that is not a Board is refused (ArgumentError): the attempt is the student's,
    the board is the caller's.
    """
    if not isinstance(board, Board):
        raise refuse("board", "um tabuleiro (Board)", board)
    return explanation(board, attempted, notation)
