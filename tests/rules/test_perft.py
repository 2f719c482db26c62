"""Perft from the starting positions equals the published counts (rules.md)."""

import subprocess
import sys

import pytest

from damas import PUBLISHED, Board, perft, perft_divide


@pytest.mark.parametrize("variant, depth", [("brazilian", 7), ("international", 6)])
def test_perft_matches_the_published_counts(variant, depth):
    board = Board(variant)
    for d in range(1, depth + 1):
        assert perft(board, d) == PUBLISHED[variant][d - 1], (variant, d)
    assert board.fen() == Board(variant).fen() and board.move_stack == []


def test_perft_divide_sums_to_perft():
    board = Board("brazilian")
    divide = perft_divide(board, 4)
    assert list(divide) == ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]
    assert sum(divide.values()) == PUBLISHED["brazilian"][3]


def test_command_line_perft():
    out = subprocess.run([sys.executable, "-m", "damas", "perft", "--variant", "brazilian", "--depth", "4"],
                         capture_output=True, text=True, check=True).stdout
    assert "1469" in out
    out = subprocess.run([sys.executable, "-m", "damas", "perft", "--variant", "international", "--depth", "2",
                          "--divide"], capture_output=True, text=True, check=True).stdout
    assert "32-27" in out and "81" in out


@pytest.mark.parametrize("depth", [None, -1, 1.5, "2", True])
def test_a_bad_depth_is_the_package_argument_error(depth):
    from damas import ArgumentError
    b = Board()
    with pytest.raises(ArgumentError, match="profundidade") as err:
        perft(b, depth)
    assert isinstance(err.value, (TypeError, ValueError))
    with pytest.raises(ArgumentError):
        perft_divide(b, depth)
    assert b == Board() and b.move_stack == []


def test_perft_of_something_else_than_a_board():
    from damas import ArgumentError
    with pytest.raises(ArgumentError, match="tabuleiro"):
        perft("W:W21-32:B1-12", 1)
