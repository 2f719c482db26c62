"""damas: the rules of Brazilian (8x8) and International (10x10) draughts.

>>> from damas import Board
>>> board = Board("brazilian")
>>> board
Board('W:W21-32:B1-12')
>>> len(board.legal_moves())
7

The package is plain Python; the pictures, the widget and the notebooks ask it
for every rule.  Map of the modules:

- ``errors``: the package's errors, all :class:`DamasError` (Portuguese messages);
- ``variants``: geometry and rule parameters of each game;
- ``board``: ``Board``, ``Move``, ``Piece`` (the one move generator);
- ``notation``: moves as text, written and read; the one reader of squares and numbers;
- ``explain``: why a move is refused, with the article of the rules;
- ``game``: history, results and draws;
- ``perft``: move-tree counts;
- ``pdn``: PDN games and collections;
- ``svg`` and ``plot``: pictures; ``widget``: the interactive board;
- ``engine``, ``puzzles``: search, solver and checker.
"""

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

from damas import _moved  # noqa: E402  (the import paths of release 0.1, for one release)

_moved.install()


def __getattr__(name):
    # game and pdn are imported on first use, keeping `import damas` light.
    if name in ("read_games", "write_games", "PDNGame", "PDNError"):
        from damas.rules import pdn as _pdn
        return getattr(_pdn, name)
    if name in ("Game", "Result"):
        from damas.rules import game as _game
        return getattr(_game, name)
    raise AttributeError(f"module 'damas' has no attribute {name!r}")
