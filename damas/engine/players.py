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
import zlib

from damas.engine.search import LEVELS, Level, _Search, _search, evaluate, is_win_score
from damas.errors import IllegalMoveError
from damas.rules.args import RNG, checked, optional, refuse, whole_spec
from damas.rules.board import Board, Move

__all__ = ["level_move", "random_safe_move", "safe_moves", "is_careless", "level_settings", "VARIANT_LEVELS",
           "LEVEL_RATINGS"]

#: The boards whose ladder needs other settings than :data:`damas.engine.search.LEVELS`
#: (calibrated on the Brazilian board; every board not named here uses it).  On the
#: International board a search of the same depth wins more often over a shallower one
#: (a longer game, more pieces to lose), so levels 3 to 5 search shallower there
#: (benchmarks/levels.py).
VARIANT_LEVELS = {
    "international": {**LEVELS, 3: Level(1, 40, 0), 4: Level(2, 30, 0), 5: Level(3, 10, 0)},
}


#: A level of the ladder, 1 (iniciante) to 5 (mais forte).
_LEVEL = whole_spec(1, max(LEVELS))


def _variant_name(value, name):
    from damas.rules.variants import get_variant
    if not isinstance(value, str):
        raise refuse(name, "o nome de uma variante, como 'brazilian'", value)
    get_variant(value)          # VariantError, with the list of variants, for an unknown name
    return value


@checked(level=_LEVEL, variant=_variant_name)
def level_settings(level: int, variant: str = "brazilian") -> Level:
    """The :class:`~damas.engine.search.Level` of ``level`` on the board of ``variant``."""
    return VARIANT_LEVELS.get(variant, LEVELS)[level]


#: The approximate rating of each level on each board, rounded to 50: the ladder measured
#: by ``benchmarks/levels.py`` (Bradley-Terry/Elo, the capture-or-random-safe player
#: anchored at 1000; the table with its intervals is in benchmarks/README.md).
LEVEL_RATINGS = {
    "brazilian": {1: 900, 2: 1000, 3: 1250, 4: 1400, 5: 1650},
    "international": {1: 850, 2: 1100, 3: 1350, 4: 1600, 5: 1800},
}


def _child(board: Board, move: Move) -> Board:
    child = board.copy(stack=False)
    child.push(move)
    return child


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


@checked(level=_LEVEL)
def is_careless(board: Board, level: int) -> bool:
    """True when ``level`` plays ``board`` without looking at the replies
    (a fixed share of positions, chosen by the position itself)."""
    share = level_settings(level, board.variant.name).careless
    return share > 0 and _careless_position(board, level, share)


def _careless_position(board: Board, level: int, share: int) -> bool:
    return zlib.crc32(f"careless|{board.variant.name}|{board.fen()}|{level}".encode()) % 100 < share


def _settings(value, name):
    if not isinstance(value, Level) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
        raise refuse(name, "os ajustes de um nível (Level(profundidade, margem, descuido))", value)
    return value


@checked(level=_LEVEL, settings=optional(_settings))
def level_move(board: Board, level: int, seed=None, settings: Level | None = None) -> Move:
    """The move of ``level`` (1 to 5) in ``board``; see the module docstring.  ``settings``
    (a :class:`~damas.engine.search.Level`) plays other settings than the level's own
    (the self-play games of the collections keep the settings they were played with)."""
    moves = board.legal_moves()
    if not moves:
        raise IllegalMoveError("Não há lance possível: o lado que joga perdeu (regra 7.2).")
    if len(moves) == 1:
        return moves[0]
    depth, margin, share = settings if settings is not None else level_settings(level, board.variant.name)
    careless = share > 0 and _careless_position(board, level, share)
    if margin == 0 and not careless:
        return _search(board, depth=depth)[1].pv[0]
    if careless:
        # the position after the move, seen from the mover: no reply looked at
        scores = []
        for m in moves:
            child = _child(board, m)
            scores.append((m, -evaluate(child) if child.legal_moves() else 10 ** 6))
    else:
        scores = _Search(board).root_scores(depth)
    top = max(sc for _, sc in scores)
    if is_win_score(top) or top >= 10 ** 6:
        near = [m for m, sc in scores if sc == top]
    else:
        near = [m for m, sc in scores if sc >= top - margin]
    if seed is None:
        seed = zlib.crc32(f"{board.variant.name}|{board.fen()}|{level}".encode())
    return near[random.Random(seed).randrange(len(near))]
