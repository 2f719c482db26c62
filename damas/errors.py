"""Errors raised by the rules package.  Every message is in Portuguese,
since students and teachers read them.

Every error is a :class:`DamasError` (itself a ``ValueError``, as bad input
is); some are also the built-in type a caller would catch without knowing the
package: :class:`HistoryError` is an ``IndexError`` (nothing to take back),
:class:`PuzzleNotFoundError` an ``IndexError`` too (a problem number the
collection does not have), :class:`ArgumentError` a ``TypeError`` (a value of the wrong kind given to a
function, such as ``perft(board, None)``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["DamasError", "FenError", "IllegalMoveError", "NotationError", "AmbiguousMoveError",
           "SquareError", "VariantError", "HistoryError", "ArgumentError", "PositionError", "PuzzleNotFoundError",
           "PDNError"]


class DamasError(ValueError):
    """Base class of every error of the package."""


class FenError(DamasError):
    """A position given as FEN text could not be read."""


class NotationError(DamasError):
    """A move written as text could not be read.

    ``code`` names the problem for programs ('not_text', 'unreadable',
    'unreadable_square', 'off_board', 'light_square', 'no_algebraic', or
    None) and ``article`` the article of the rules broken, if any ('2.2' for
    a light square)."""

    def __init__(self, message: str, code: str | None = None, article: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.article = article


class IllegalMoveError(DamasError):
    """A move that is not legal in the current position."""


class AmbiguousMoveError(NotationError):
    """A move text that fits several legal moves; ``candidates`` lists them."""

    def __init__(self, message: str, candidates: Iterable[object] = ()) -> None:
        super().__init__(message, code="ambiguous")
        self.candidates: list[Any] = list(candidates)


class SquareError(DamasError):
    """A value that is not a square of the board (``piece_at(0)``,
    ``piece_at(True)``: a truth value is not a square)."""


class VariantError(DamasError):
    """An unknown variant name."""


class PositionError(DamasError):
    """A position the rules do not allow (a man on its crowning row)."""


class HistoryError(DamasError, IndexError):
    """Nothing to take back (or to play again): ``pop()``, ``undo()`` or
    ``redo()`` with an empty history."""


class PuzzleNotFoundError(DamasError, IndexError):
    """A problem number that the collection does not have
    (``trainer.load(99)`` in a collection of 12)."""


class ArgumentError(DamasError, TypeError):
    """An argument of the wrong type or value: ``perft(board, None)``, a
    colour other than 'W' and 'B'."""


class PDNError(DamasError):
    """A PDN text that cannot be read (or a game that cannot be written), or a fact tag
    (:mod:`damas.rules.pdn_facts`) that is malformed or unknown.

    The message (Portuguese) says where and why.  The attributes give the same
    facts to a program: ``game_number`` (1 for the first game of a file),
    ``move_number`` and ``color`` ('W'/'B') of the move at fault, ``text``
    (the piece of PDN at fault), ``line`` (line of the file) and ``reason``.
    """

    def __init__(self, message: str, *, game_number: int | None = None, move_number: int | None = None,
                 color: str | None = None, text: str | None = None, line: int | None = None,
                 reason: str | None = None) -> None:
        super().__init__(message)
        self.game_number = game_number
        self.move_number = move_number
        self.color = color
        self.text = text
        self.line = line
        self.reason = reason
