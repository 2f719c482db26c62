"""The endgame tables of the other variants (Russian, Portuguese): built for two kings against
one and checked against a plain minimax over the package's legal moves.

(The rules of these variants: tests/rules/test_variants_other.py.)
"""

import random

import pytest

from damas import Board
from damas.rules.variants import get_variant


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["russian", "portuguese"])
def test_endgame_tables_build_for_two_kings_v_one(variant, tmp_path, monkeypatch):
    from damas.engine import endgames
    monkeypatch.setenv(endgames.ENV_CACHE, str(tmp_path))
    monkeypatch.setenv(endgames.ENV_PROGRESS, "0")
    monkeypatch.setattr(endgames, "_TABLES", {})
    v = get_variant(variant)
    assert endgames.covered(v, (0, 2, 0, 1))
    rng = random.Random(7)
    memo = {}
    decided = 0
    for _ in range(80):
        squares = rng.sample(list(v.square_range), 3)
        board = Board(f"{rng.choice('WB')}:WK{squares[0]},K{squares[1]}:BK{squares[2]}", variant=variant)
        value, plies = endgames.probe(board)
        if value:
            decided += 1
            assert _minimax(board, plies, memo) == (value, plies), board.fen()
            assert _minimax(board, plies - 1, memo) != (value, plies - 1), board.fen()
        else:
            assert _minimax(board, 6, memo) is None, board.fen()
    assert decided > 0
    assert list(tmp_path.glob(f"{variant}-*.egtb"))


def _minimax(board, plies, memo):
    """(value, plies) of the side to move when the game is decided within
    ``plies`` single moves (the winner fastest, the loser slowest), else None."""
    key = (board.fen(), plies)
    if key in memo:
        return memo[key]
    moves = board.legal_moves()
    if not moves:
        result = (-1, 0)
    elif plies == 0:
        result = None
    else:
        wins, all_lose, longest = [], True, 0
        for m in moves:
            board.push(m)
            r = _minimax(board, plies - 1, memo)
            board.pop()
            if r is not None and r[0] == -1:
                wins.append(r[1] + 1)
            if r is None or r[0] == -1:
                all_lose = False
            else:
                longest = max(longest, r[1] + 1)
        if wins:
            result = (1, min(wins))
        elif all_lose:
            result = (-1, longest)
        else:
            result = None
    memo[key] = result
    return result
