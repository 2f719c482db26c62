"""damas: the rules of Brazilian (8x8) and International (10x10) draughts.

>>> from damas import Board
>>> board = Board("brazilian")
>>> board
Board('W:W21-32:B1-12')
>>> len(board.legal_moves())
7

The package is plain Python; the pictures, the widget and the notebooks ask it
for every rule.  Its six layers, each importing only those below it
(course > widget > problems > engine | display > rules; CONTRIBUTING.md):

- ``damas.rules``: the position and its moves (``Board``, ``Move``, ``Piece``), the
  games' parameters (``variants``), move text (``notation``), why a move is refused
  (``explain``), history and draws (``game``), PDN (``pdn``), move-tree counts (``perft``);
- ``damas.engine``: search, evaluation, learned patterns, the endgame database;
- ``damas.problems``: puzzles, their solver and checker, golpe themes, the composer;
- ``damas.display``: SVG and matplotlib pictures, outputs that render untrusted;
- ``damas.widget``: the interactive board, the puzzle trainer, the game replay;
- ``damas.course``: the course, one module per notebook (``chapters``), the pieces they share
  (``kit``: tasks, quizzes, stars, progress, sheets...) and the teacher's tools (``classroom``);
- ``damas.errors``: the package's errors, all :class:`DamasError` (Portuguese messages).
"""

from typing import TYPE_CHECKING, Any

from damas.rules.board import BLACK, WHITE, Board, Move, Piece
from damas.errors import (AmbiguousMoveError, ArgumentError, DamasError, FenError, HistoryError,
                     IllegalMoveError, NotationError, PositionError, PuzzleNotFoundError, SquareError,
                     VariantError)
from damas.rules.explain import Explanation, explain, explain_piece
from damas.rules.perft import PUBLISHED, perft, perft_divide
from damas.rules.variants import BRAZILIAN, INTERNATIONAL, VARIANTS, Variant, get_variant

__all__ = [
    "Board", "Move", "Piece", "WHITE", "BLACK",
    "BRAZILIAN", "INTERNATIONAL", "VARIANTS", "Variant", "get_variant",
    "DamasError", "FenError", "IllegalMoveError", "NotationError", "AmbiguousMoveError",
    "SquareError", "VariantError", "HistoryError", "ArgumentError", "PositionError",
    "PuzzleNotFoundError",
    "perft", "perft_divide", "PUBLISHED", "explain", "explain_piece", "Explanation", "Game", "Result",
    "read_games", "write_games", "PDNGame", "PDNError",
]

__version__ = "0.2.0"


if TYPE_CHECKING:   # imported on first use (below); a type checker sees them at once
    from damas.rules.game import Game, Result
    from damas.rules.pdn import PDNError, PDNGame, read_games, write_games


def __getattr__(name: str) -> Any:
    # game and pdn are imported on first use, keeping `import damas` light.
    if name in ("read_games", "write_games", "PDNGame", "PDNError"):
        from damas.rules import pdn as _pdn
        return getattr(_pdn, name)
    if name in ("Game", "Result"):
        from damas.rules import game as _game
        return getattr(_game, name)
    raise AttributeError(f"module 'damas' has no attribute {name!r}")
