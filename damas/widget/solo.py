"""A game where one side plays alone: after each of its moves the turn comes back to it.

The board of a lesson's task (:class:`damas.course.kit.tasks.TaskBoard`): the
student moves one colour, the other colour's pieces stand still, as in
lidraughts' learning stages.  :class:`SoloGame` offers the part of
:class:`damas.rules.game.Game` the board widget uses (``board``, ``start``,
``moves``, ``push``, ``undo``, ``redo``, ``result``), so the widget keeps one
game object for the whole task: passing the turn is one board copy, not a new
game read from a FEN.  Every move is still judged by the board (compulsory
capture and the majority law apply).
"""

from __future__ import annotations

from damas.errors import HistoryError
from damas.rules.args import board as check_board, choice
from damas.rules.board import Board
from damas.rules.colors import NAMES, Color
from damas.rules.game import Result
from damas.rules.move import Move
from damas.rules.variants import Variant

__all__ = ["SoloGame"]

TEXTS = {
    "nothing_to_undo": "Não há lance para desfazer: a tarefa está no começo.",
    "nothing_to_redo": "Não há lance para refazer.",
}


class SoloGame:
    """The moves of ``side`` ('W' or 'B') from ``board``, the turn given back after each."""

    def __init__(self, board: Board, side: Color) -> None:
        check_board(board)
        choice(side, "side", NAMES)
        self.side: Color = side
        start = board.copy(stack=False)
        start.turn = side
        self._start = start
        self._boards = [start.copy(stack=False)]   # the position after each move, start first
        self._moves: list[Move] = []
        self._texts: list[str] = []
        self._redo: list[tuple[Move, str, Board]] = []  # (move, text, board) taken back, last first

    @property
    def board(self) -> Board:
        """The current position (a copy: play through :meth:`push`)."""
        return self._boards[-1].copy(stack=False)

    @property
    def start(self) -> Board:
        return self._start.copy(stack=False)

    @property
    def variant(self) -> Variant:
        return self._start.variant

    @property
    def moves(self) -> list[Move]:
        return list(self._moves)

    @property
    def texts(self) -> list[str]:
        """The moves as the variant writes them (the score sheet)."""
        return list(self._texts)

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def push(self, move: Move | str) -> Move:
        """Play ``move`` (refused by the board, with nothing changed, when illegal)
        and give the turn back to the side that plays alone."""
        board = self._boards[-1].copy(stack=False)
        if isinstance(move, str):
            move = board.parse_move(move)
        text = board.move_text(move)
        played = board.push(move)
        board.turn = self.side
        self._boards.append(board)
        self._moves.append(played)
        self._texts.append(text)
        if self._redo and self._redo[-1][0] == played:
            self._redo.pop()
        else:
            self._redo.clear()
        return played

    def undo(self) -> Move:
        if not self._moves:
            raise HistoryError(TEXTS["nothing_to_undo"])
        move = self._moves.pop()
        self._redo.append((move, self._texts.pop(), self._boards.pop()))
        return move

    def redo(self) -> Move:
        if not self._redo:
            raise HistoryError(TEXTS["nothing_to_redo"])
        move, text, board = self._redo.pop()
        self._moves.append(move)
        self._texts.append(text)
        self._boards.append(board)
        return move

    def result(self) -> Result:
        """No result: the task that uses this game judges it."""
        return Result(None, None, "", None)
