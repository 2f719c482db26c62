"""What the clicks of play mode need besides the widget: the move event, a route matched against
the clicks, the rule's reason for a refused click.

The clicks themselves are methods of :class:`damas.widget.board.BoardWidget`; every rule is asked
of the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from damas.rules.board import Board
from damas.rules.move import Move
from damas.rules.refusals import Explanation

class MoveEvent(NamedTuple):
    """What a program receives from :meth:`BoardWidget.on_move`: the move, its
    text in the variant's notation, the FEN after it, and who played it
    ("click" for a person on the board, "play" for a program, "computer" for
    the widget's own computer opponent)."""

    move: Move
    text: str
    fen: str
    by: str


def _explain(board: Board, attempt: object) -> Explanation:
    """damas.rules.explain, with squares named in the variant's usual notation."""
    from damas.rules.explain import explain
    return explain(board, attempt, notation=board.variant.notation)


def _follows(path: Sequence[int], route: Sequence[int]) -> bool:
    """True when the clicked ``route`` (start first) is the start of ``path``
    followed by some of its later squares, in order."""
    if not route or path[0] != route[0]:
        return False
    i = 1
    for square in route[1:]:
        while i < len(path) and path[i] != square:
            i += 1
        if i == len(path):
            return False
        i += 1
    return True


def _next_square(path: Sequence[int], route: Sequence[int]) -> int | None:
    """The square of ``path`` after the last square matched by ``route``."""
    i = 0
    for square in route[1:]:
        i += 1
        while path[i] != square:
            i += 1
    return path[i + 1] if i + 1 < len(path) else None
