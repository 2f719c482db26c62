"""The computer's players for students: the levels, and a capture-or-random-safe player.

A *level* (:data:`damas.engine.search.LEVELS`, 1 to 5) is a
:class:`~damas.engine.search.Level`: a search depth, a margin and a share
of careless positions.

* In a *careless* position the level looks only at the position right after
  each of its moves (the classic evaluation, no reply seen): it may leave a
  piece to be taken.  Which positions are careless is decided by the
  position itself (a CRC of its FEN and the level), so a level plays the
  same move in the same position on every run.
* Otherwise it searches every move to its depth (full width, captures
  beyond the horizon: :meth:`damas.engine.search._Search.root_scores`).

The levels are chosen by the search itself (:func:`damas.engine.search.level_move`, which
:func:`damas.engine.search.best_move` calls for ``level=``); this module gives them to the
players' side under the same names (:func:`level_move`, :func:`level_settings`,
:func:`is_careless`, :data:`VARIANT_LEVELS`), with the ladder's ratings (:data:`LEVEL_RATINGS`).
* Among the moves whose score is within ``margin`` (hundredths of a man) of
  the best it chooses one at random, seeded by ``seed`` (by default the
  position and the level).  A forced win is never traded for a near-best
  move, and a level with margin 0 that is never careless plays the
  principal variation of the fixed-depth search.

:func:`random_safe_move` is the yardstick of the ladder
(``benchmarks/levels.py``): a player that captures when it must (regra 4.1:
it must whenever it can), preferring a capture after which nothing of its
own can be taken, and otherwise plays a random move after which the
opponent has nothing to capture, or any random move when there is none.
"""

from __future__ import annotations

import random

from damas.engine.search import VARIANT_LEVELS, _child, is_careless, level_move, level_settings  # noqa: F401
from damas.errors import IllegalMoveError
from damas.rules.args import RNG, checked
from damas.rules.board import Board, Move

__all__ = ["level_move", "random_safe_move", "safe_moves", "is_careless", "level_settings", "VARIANT_LEVELS",
           "LEVEL_RATINGS"]

#: The approximate rating of each level on each board, rounded to 50: the ladder measured
#: by ``benchmarks/levels.py`` (Bradley-Terry/Elo, the capture-or-random-safe player
#: anchored at 1000; the table with its intervals is in benchmarks/README.md).
LEVEL_RATINGS = {
    "brazilian": {1: 900, 2: 1000, 3: 1250, 4: 1400, 5: 1650},
    "international": {1: 850, 2: 1100, 3: 1350, 4: 1600, 5: 1800},
}


def _leaves_nothing_en_prise(board: Board, move: Move) -> bool:
    """True when, after ``move``, the opponent has no capture."""
    replies = _child(board, move).legal_moves()
    return not replies or not replies[0].is_capture


@checked()
def safe_moves(board: Board) -> list[Move]:
    """The legal moves of ``board`` after which the opponent cannot capture
    (in the order of ``legal_moves()``)."""
    return [m for m in board.legal_moves() if _leaves_nothing_en_prise(board, m)]


@checked(rng=RNG)
def random_safe_move(board: Board, rng: random.Random) -> Move:
    """A move of the capture-or-random-safe player: a random move among the
    safe ones (:func:`safe_moves`) when there is any, else a random legal
    move.  When it must capture, every legal move is a capture, so it
    captures (the safe captures first).  ``rng`` draws the move."""
    moves = board.legal_moves()
    if not moves:
        raise IllegalMoveError("Não há lance possível: o lado que joga perdeu (regra 7.2).")
    pool = safe_moves(board) or moves
    return pool[rng.randrange(len(pool))]


