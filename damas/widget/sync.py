"""The rows of the board widget's score sheet.

The syncing itself (the game and the clicks copied into the synced traits the page draws) is
made of methods of :class:`damas.widget.board.BoardWidget`.
"""

from __future__ import annotations

from collections.abc import Sequence

from damas.rules.args import COLOR as _SIDE, TEXTS as _TEXT_LIST, checked, flag_spec
from damas.rules.board import BLACK
from damas.rules.colors import Color


@checked(texts=_TEXT_LIST, first_turn=_SIDE, one_side=flag_spec())
def sheet_rows(texts: Sequence[str], first_turn: Color, one_side: bool = False) -> list[list[str]]:
    """The rows of the score sheet (regra 8): ``["1.", white, black]`` (``"…"`` in White's
    place when Black began), or, when one side plays alone (a lesson's task), one move a row:
    ``["1.", move]``.

    >>> sheet_rows(["c3-d4", "f6-g5", "g3-h4"], "W")
    [['1.', 'c3-d4', 'f6-g5'], ['2.', 'g3-h4', '']]
    >>> sheet_rows(["c5-d6", "d6-e7"], "W", one_side=True)
    [['1.', 'c5-d6'], ['2.', 'd6-e7']]
    """
    if one_side:
        return [[f"{i}.", text] for i, text in enumerate(texts, 1)]
    cells = (["…"] if first_turn == BLACK else []) + list(texts)
    return [[f"{i // 2 + 1}.", cells[i], cells[i + 1] if i + 1 < len(cells) else ""]
            for i in range(0, len(cells), 2)]
