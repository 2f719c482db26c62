"""The two values the rules hand out, and the colours (issue 48, item 2).

A Move is a frozen dataclass: no length, no iteration (its squares are ``path``, its captures
``captured``), the same repr, equality and hash as before; a Piece is a named pair whose length
and iteration mean what they say.  The colours are the FEN's letters, with their Portuguese names
and the other side in one module.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import subprocess
import sys

import pytest

from damas import BLACK, WHITE, Board, Move, Piece
from damas.errors import ArgumentError
from damas.rules import colors
from repo_paths import REPO


def test_a_move_is_a_frozen_dataclass_with_its_four_fields():
    move = Board("W:W27:B23").legal_moves()[0]
    assert dataclasses.is_dataclass(move) and type(move) is Move
    assert [f.name for f in dataclasses.fields(move) if f.repr] == ["start", "end", "captured", "path"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.start = 1
    with pytest.raises(TypeError):
        len(move)
    with pytest.raises(TypeError):
        iter(move)
    assert (move.start, move.end, move.captured, move.path) == (27, 18, (23,), (27, 18))


def test_a_move_keeps_its_repr_equality_and_hash():
    moves = Board("W:W25,29:B8,15,22").legal_moves()
    assert [repr(m) for m in moves] == ["Move(25, 4, captured=(22, 15, 8), path=(25, 18, 11, 4))"]
    assert [eval(repr(m)) for m in moves] == moves                                     # noqa: S307
    made = Move(25, 4, captured=(22, 15, 8))
    assert made in moves and hash(made) == hash(moves[0]) and made.path == (25, 4)
    assert Move(25, 4, captured=(8, 15, 22)) == made                  # the order of the captures does not count
    moves = Board().legal_moves()
    assert repr(Move(22, 17)) == "Move(22, 17)" and str(Move(28, 19, captured=(23,))) == "28x19"
    assert repr(Move(25, 4, captured=(22, 15, 8), path=(25, 18, 11, 4))) == \
        "Move(25, 4, captured=(22, 15, 8), path=(25, 18, 11, 4))"
    assert sorted(moves) == sorted(moves, key=lambda m: (m.start, m.end, m.captured))


def test_a_move_pickles_and_copies_as_itself():
    board = Board()
    move = board.legal_moves()[0]
    again = pickle.loads(pickle.dumps(move))
    assert again == move and type(again) is Move and copy.deepcopy(move) is move
    assert board.push(again) == move       # looked up again in the position: a pickled move is not trusted


def test_a_generated_move_plays_without_a_second_look_and_a_made_one_is_looked_up():
    board = Board()
    generated = board.legal_moves()[1]
    assert board.push(generated) is generated
    board.pop()
    made = Move(22, 17)
    played = board.push(made)
    assert played == made and played is not made and played.path == (22, 17)


def test_a_piece_is_a_named_pair():
    piece = Piece("B", king=True)
    color, king = piece
    assert (color, king, len(piece)) == ("B", True, 2) and piece.name == "dama preta"
    assert repr(piece) == "Piece('B', king=True)" and Piece(*piece) == piece
    with pytest.raises(ArgumentError, match="'W' \\(brancas\\) ou 'B' \\(pretas\\)"):
        Piece("X")


def test_the_colours_their_names_and_the_other_side():
    assert (WHITE, BLACK) == ("W", "B") == colors.COLORS
    assert colors.opponent(WHITE) == BLACK and colors.opponent(BLACK) == WHITE
    assert colors.OPPONENT == {"W": "B", "B": "W"}
    assert colors.NAMES == {"W": "brancas", "B": "pretas"}
    assert [colors.side_name(c, capital=True) for c in colors.COLORS] == ["Brancas", "Pretas"]
    assert [colors.piece_color_name(c) for c in colors.COLORS] == ["branca", "preta"]
    assert colors.COLOR_OF_WORD["Brancas".lower()] == WHITE and colors.COLOR_OF_WORD["preta"] == BLACK
    for bad in ("w", "", None, 1, ("W",)):
        with pytest.raises(ArgumentError):
            colors.check_color(bad)
    assert str(Board()).endswith("Brancas jogam.") and str(Board("B:W21:B12")).endswith("Pretas jogam.")


def test_the_colour_names_are_written_once_in_the_typed_layers():
    # «brancas»/«pretas» as a dictionary of the sides lives in damas/rules/colors.py only (the
    # claims readers, being replaced, and the course are not counted here).
    found = subprocess.run(
        ["grep", "-rlE", r"""\{(WHITE|"W"|'W'): *["']brancas["']""", "damas/rules", "damas/engine",
         "damas/display", "damas/problems", "damas/widget"],
        cwd=REPO, capture_output=True, text=True).stdout.split()
    assert [f for f in found if "claim" not in f] == ["damas/rules/colors.py"]


def test_a_pickled_move_of_an_older_release_still_loads():
    # 0.2 pickled a Move as Move(start, end, captured, path): the same call builds one now.
    code = ("import pickle, sys; from damas import Move; "
            "print(pickle.loads(pickle.dumps(Move(28, 19, (23,), (28, 19)))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "28x19"
