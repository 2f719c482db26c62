"""A small search that plays for a mini-game's goal, not for material.

The engine's search (:mod:`damas.engine.search`) scores positions with its own evaluations
(material first); a mini-game of the course has another aim: crown first, make the first
capture, take every man before one crowns.  :func:`goal_scores` is a negamax with alpha-beta
pruning whose only knowledge is what the mini-game gives it:

- ``judge(board) -> winner or None``: the goal, asked after every move (the rules' own end,
  a side with no move losing, regra 7.2, is asked by the search itself);
- ``score(board, color) -> int``: how close ``color`` is to its goal, in hundredths of a row
  of the race (the mini-game says what it counts: rows to crowning, spare moves, men left
  to run).

Every move comes from the rules (:meth:`damas.Board.legal_moves`: compulsory capture and
the majority law apply), played and taken back on one board.  The search is deterministic:
the same position, depth and goal give the same scores, in the order of the legal moves.

>>> from damas import Board
>>> board = Board("W:Wb6:Bh6")                    # a white man two rows from crowning
>>> crowned = lambda b: "W" if b.kings("W") else "B" if b.kings("B") else None
>>> def race(b, color):                           # rows the white man has gone, for ``color``
...     gone = 7 - min(b.variant.square_to_rc(s)[0] for s in b.men("W"))
...     return gone * 100 if color == "W" else -gone * 100
>>> [(str(m), s) for m, s in goal_scores(board, 2, crowned, race)]
[('9-5', 600), ('9-6', 600)]
>>> [(str(m), s) for m, s in goal_scores(board, 3, crowned, race)]   # it crowns at the third ply
[('9-5', 999997), ('9-6', 999997)]
"""

from __future__ import annotations

from collections.abc import Callable

from damas.rules.args import checked, flag_spec, optional, refuse, whole_spec
from damas.rules.board import Board, Move
from damas.rules.colors import OPPONENT, Color

__all__ = ["WIN", "goal_scores", "goal_value", "is_win", "solve_goal"]

#: The score of a goal reached, less one per ply it takes (a quicker win scores higher).
WIN = 1_000_000
_INF = 10 ** 9

Judge = Callable[[Board], "Color | None"]
Score = Callable[[Board, Color], int]


def _function(value, name):
    """A function to call (the goal, the count): anything callable."""
    if not callable(value) or isinstance(value, type):
        raise refuse(name, "uma função", value)
    return value


def _counter(value, name):
    if not (isinstance(value, list) and len(value) == 1 and isinstance(value[0], int)):
        raise refuse(name, "uma lista de um número (o contador de posições), como [0]", value)
    return value


def _score(value, name):
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(name, "um número inteiro (uma nota da busca)", value)
    return value


@checked(score=_score)
def is_win(score: int) -> bool:
    """True for the score of a goal reached (by the side the score is for)."""
    return abs(score) > WIN - 1000


def _end(board: Board, judge: Judge, ply: int) -> int | None:
    """The score of a finished position for the side to move, or None while it goes on."""
    winner = judge(board)
    if winner is None and not board.legal_moves():
        winner = OPPONENT[board.turn]          # regra 7.2: no move, the game is lost
    if winner is None:
        return None
    return WIN - ply if winner == board.turn else -(WIN - ply)


def _negamax(board: Board, depth: int, alpha: int, beta: int, ply: int, judge: Judge, score: Score,
             count: list[int], follow: bool = True) -> int:
    count[0] += 1
    end = _end(board, judge, ply)
    if end is not None:
        return end
    moves = board.legal_moves()
    # A capture pending is searched on: the side to move has no choice but to take
    # (regra 4.1), so a quiet horizon is never a position with a capture waiting
    # (unless ``follow`` is off: a careless look that sees no reply at all).
    if depth <= 0 and (not follow or not moves[0].is_capture):
        return score(board, board.turn)
    best = -_INF
    for move in moves:
        board.push(move)
        value = -_negamax(board, depth - 1, -beta, -alpha, ply + 1, judge, score, count, follow)
        board.pop()
        if value > best:
            best = value
        if best > alpha:
            alpha = best
        if alpha >= beta:
            break
    return best


@checked(depth=whole_spec(1, 40), judge=_function, score=_function, nodes=optional(_counter), follow=flag_spec())
def goal_scores(board: Board, depth: int, judge: Judge, score: Score,
                nodes: list[int] | None = None, follow: bool = True) -> list[tuple[Move, int]]:
    """Each legal move of ``board`` with its score for the side to move, searched ``depth``
    plies deep (1: the position after the move is scored).  A capture the side to move must
    make at the horizon is followed, unless ``follow`` is False (a careless look: the position
    after the move is scored as it stands, a capture waiting or not; a goal reached still
    counts).  ``nodes``, a one-item list, counts the positions visited."""
    work = board.copy(stack=False)
    count = nodes if nodes is not None else [0]
    out = []
    for move in work.legal_moves():
        work.push(move)
        value = -_negamax(work, depth - 1, -_INF, _INF, 1, judge, score, count, follow)
        work.pop()
        out.append((move, value))
    return out


@checked(depth=whole_spec(0, 40), judge=_function, score=_function)
def goal_value(board: Board, depth: int, judge: Judge, score: Score) -> int:
    """The score of ``board`` for the side to move, searched ``depth`` plies deep."""
    work = board.copy(stack=False)
    return _negamax(work, depth, -_INF, _INF, 0, judge, score, [0])


@checked(judge=_function, limit=whole_spec(1, 100_000_000))
def solve_goal(board: Board, judge: Judge, limit: int = 2_000_000) -> tuple[Color, int]:
    """Who wins ``board`` with best play on both sides, and how many positions that took:
    every line is followed to its end (a mini-game of men always ends: men only go forward;
    a king made ends the games whose goal is a king).  ValueError past ``limit`` positions.
    The tests prove with it that each start of a mini-game can be won by White."""
    import sys
    memo: dict[str, Color] = {}
    work = board.copy(stack=False)

    def winner() -> Color:
        key = work.fen()
        known = memo.get(key)
        if known is not None:
            return known
        me = work.turn
        result = judge(work)
        if result is None:
            moves = work.legal_moves()
            result = OPPONENT[me]
            for move in moves:
                work.push(move)
                won = winner() == me
                work.pop()
                if won:
                    result = me
                    break
        memo[key] = result
        if len(memo) > limit:
            raise ValueError(f"mais de {limit} posições")
        return result

    depth = sys.getrecursionlimit()
    sys.setrecursionlimit(max(depth, 10_000))
    try:
        return winner(), len(memo)
    finally:
        sys.setrecursionlimit(depth)
