"""Small demonstrations the chapters run: what a hand does on a wooden board,
what the computer does with a refused move, a king walking in a ring, a
defence of the forçada.  The chapters call them in one line; the rules come
from the package (board, game, engine, puzzles), never from here.

``import damas.course.demos`` stays pure Python.
"""

from __future__ import annotations

import re

from damas.errors import IllegalMoveError
from damas.rules.args import LIST, checked, instance_spec, number_spec

_VERDICT = instance_spec("damas.rules.explain.Explanation", "o veredito de explain(tabuleiro, lance)")

__all__ = ["irregularity_number", "try_move", "hand_move", "kings_in_rings", "defend_on_diagonal", "clocks"]


@checked(verdict=_VERDICT)
def irregularity_number(verdict):
    """The irregularity number (``5.4.xx``) quoted in a verdict's message
    (:func:`damas.rules.explain.explain`), or None."""
    found = re.search(r"5\.4\.\d\d", verdict.message)
    return found.group() if found else None


@checked()
def try_move(board, text: str) -> None:
    """Try ``text`` on ``board`` the way the computer does: either the move is
    played, or it is refused and the board does not change.  Prints the line
    shown to the student."""
    try:
        board.push_text(text)
        line = f"{text}: jogado."
    except IllegalMoveError as error:
        line = f"{text}: RECUSADO. {error}"
    print(line)


@checked()
def hand_move(board, start: str, end: str):
    """What a hand does on a wooden board: carry the piece from ``start`` to
    ``end`` with no rule checked, and pass the turn.  Returns a new board;
    ``board`` is not changed."""
    new = board.copy(stack=False)
    square = new.variant.parse_square
    new.set_piece(square(end), new.remove_piece(square(start)))
    new.turn = "B" if board.turn == "W" else "W"
    return new


@checked()
def kings_in_rings(game, white_ring, black_ring, until=None) -> list:
    """Each side walks one king round its ring of squares (``['c3', 'a1',
    'b2']``) until the game ends, or until ``until`` moves; the other pieces
    stay put.  Returns the king-move count (:meth:`Game.king_moves_count`)
    after each move."""
    counts = []
    while not game.is_over() and (until is None or len(game.moves) < until):
        ring = white_ring if game.turn == "W" else black_ring
        lap = len(game.moves) // 2
        game.push(f"{ring[lap % len(ring)]}-{ring[(lap + 1) % len(ring)]}")
        counts.append(game.king_moves_count())
    return counts


def _gives_a_piece(board, move) -> bool:
    after = board.copy(stack=False)
    after.push(move)
    return any(reply.is_capture for reply in after.legal_moves())


def _safe(board, move) -> bool:
    # After this black move, the solver finds no white win in 3 moves.
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    after = board.copy(stack=False)
    after.push(move)
    return not solve(Puzzle(after.fen(), goal="win", max_plies=3), all_moves=False).proven


def defend_on_diagonal(start, diagonal, depth: int = 4):
    """The forçada defended: from ``start`` (three white kings against one
    black king on ``diagonal``, a list of square numbers), Black keeps its
    king on a safe square of the diagonal, White plays the engine's move at
    ``depth`` unless that move gives a piece away.  Plays to the end and
    returns ``(game, refused)``, where ``refused`` lists the engine moves
    turned down as ``(move number, text)``."""
    from damas.engine.search import best_move
    from damas.rules.game import Game
    game, refused = Game(start), []
    while not game.is_over():
        board = game.board
        if game.turn == "W":
            move = best_move(game, depth=depth)
            if _gives_a_piece(board, move):
                refused.append((len(game.moves) + 1, board.move_text(move)))
                move = next(m for m in board.legal_moves() if not _gives_a_piece(board, m))
        else:
            move = next((m for m in board.legal_moves() if m.end in diagonal and _safe(board, m)),
                        board.legal_moves()[0])
        game.push(move)
    return game, refused


@checked(minutes=number_spec(0, 24 * 60), durations=LIST)
def clocks(minutes: int, durations) -> None:
    """The two clocks of a game at ``minutes`` each, after each move:
    ``durations`` are the seconds each move took, White and Black in turn.
    Prints a line a move and stops when a clock runs out."""
    left = {"brancas": minutes * 60, "pretas": minutes * 60}
    for i, spent in enumerate(durations):
        side = "brancas" if i % 2 == 0 else "pretas"
        left[side] -= spent
        if left[side] <= 0:
            print(f"lance {i + 1}: o tempo das {side} acabou!")
            return
        print(f'lance {i + 1:>2} ({side:<7}): brancas {left["brancas"] // 60:>2}:{left["brancas"] % 60:02d}'
              f'   pretas {left["pretas"] // 60:>2}:{left["pretas"] % 60:02d}')
