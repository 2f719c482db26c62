"""The players of damas.engine.players: the capture-or-random-safe player and the levels' choice."""

import os
import random
import subprocess
import sys

import pytest

from damas import Board
from damas.engine.players import is_careless, level_move, random_safe_move, safe_moves
from damas.engine.search import LEVELS, best_move


def _opponent_can_capture(board, move):
    child = board.copy(stack=False)
    child.push(move)
    replies = child.legal_moves()
    return bool(replies) and replies[0].is_capture


def _positions(variant, games=6, plies=60, seed=0):
    """Positions of games where both sides play uniformly random legal moves."""
    rng = random.Random(f"{variant}-{seed}")
    out = []
    for _ in range(games):
        board = Board(variant)
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves:
                break
            out.append(board.copy(stack=False))
            board.push(moves[rng.randrange(len(moves))])
    return out


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_random_safe_player_captures_and_never_leaves_a_piece_en_prise_when_it_can_avoid_it(variant):
    rng = random.Random(7)
    checked = safe_and_unsafe = captures = 0
    for board in _positions(variant):
        moves = board.legal_moves()
        move = random_safe_move(board, rng)
        assert move in moves
        if moves[0].is_capture:                 # it must capture (regra 4.1): it does
            captures += 1
            assert move.is_capture
        safe = [m for m in moves if not _opponent_can_capture(board, m)]
        if safe:
            checked += 1
            safe_and_unsafe += len(safe) < len(moves)
            assert not _opponent_can_capture(board, move), (board.fen(), str(move))
    # the positions hold both kinds of choice, so the checks above could fail
    assert captures > 5 and safe_and_unsafe > 20 and checked > safe_and_unsafe


def test_safe_moves_lists_the_moves_after_which_nothing_can_be_taken():
    for board in _positions("brazilian", games=2):
        assert safe_moves(board) == [m for m in board.legal_moves() if not _opponent_can_capture(board, m)]


def test_random_safe_player_without_a_safe_move_plays_a_legal_one():
    boards = [b for b in _positions("brazilian") if not safe_moves(b)]
    assert boards
    rng = random.Random(1)
    for board in boards:
        assert random_safe_move(board, rng) in board.legal_moves()


def test_random_safe_player_follows_its_generator():
    board = Board("brazilian")
    a = [str(random_safe_move(board, random.Random(s))) for s in range(10)]
    b = [str(random_safe_move(board, random.Random(s))) for s in range(10)]
    assert a == b and len(set(a)) > 1


def test_level_1_is_careless_in_some_positions_and_then_may_leave_a_piece_en_prise():
    # the blunder rule of level 1: in its careless positions it does not look at
    # the replies, and in some of them it leaves a piece to be taken although a
    # safe move exists; the strongest level never does in these positions
    boards = _positions("brazilian", games=4, plies=40)
    careless = [b for b in boards if is_careless(b, 1)]
    assert 0 < len(careless) < len(boards)
    blunders = [b for b in careless if safe_moves(b) and _opponent_can_capture(b, level_move(b, 1))]
    assert blunders
    assert not any(is_careless(b, max(LEVELS)) for b in boards)


def test_best_move_with_a_level_is_the_levels_move():
    for board in _positions("brazilian", games=1, plies=20):
        for level in (1, 2):
            assert best_move(board, level=level) == level_move(board, level)


@pytest.mark.parametrize("variant", ["brazilian", "international"])
def test_levels_play_the_same_move_in_the_same_position(variant):
    boards = _positions(variant, games=2, plies=30, seed=3)[::3]
    for level in (1, 2, 3):
        first = [level_move(b, level) for b in boards]
        again = [level_move(Board(b.fen(), variant=variant), level) for b in boards]
        assert first == again


_SCRIPT = """
import random, sys
sys.path.insert(0, {root!r})
from damas import Board
from damas.engine.players import level_move
rng = random.Random(5)
board = Board("brazilian")
out = []
for _ in range(24):
    moves = board.legal_moves()
    if not moves:
        break
    out.append(" ".join(str(level_move(board, lv)) for lv in (1, 2, 3)))
    board.push(moves[rng.randrange(len(moves))])
print("|".join(out))
"""


@pytest.mark.slow
def test_levels_are_the_same_in_another_process_with_another_hash_seed():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    runs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        runs.append(subprocess.run([sys.executable, "-c", _SCRIPT.format(root=root)], env=env,
                                   capture_output=True, text=True, check=True).stdout)
    assert runs[0] == runs[1] and runs[0].count("|") > 10
