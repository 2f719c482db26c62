"""The parts of the board named in chapter 01 (damas/course/chapters/ch01_tabuleiro_e_notacao.py), checked
against the square names and the rule book's numbers (regras 2.5, 2.6)."""

from __future__ import annotations

from damas import BRAZILIAN, INTERNATIONAL, Board
from damas.course.kit.annotation import annotate
from damas.course.chapters.ch01_tabuleiro_e_notacao import (PART_COLORS, white_left_corner, black_left_corner, column_squares, part_highlights,
                                   diagonal_lengths, long_diagonal, board_parts, row_squares)


def names(variant, squares):
    return sorted(variant.square_name(s) for s in squares)


def test_diagonals_of_both_boards():
    assert diagonal_lengths(BRAZILIAN) == [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]
    assert len(diagonal_lengths(INTERNATIONAL)) == 17 and max(diagonal_lengths(INTERNATIONAL)) == 10


def test_grande_diagonal_runs_from_a1_to_h8_between_the_left_corners():
    diagonal = long_diagonal(BRAZILIAN)
    assert names(BRAZILIAN, diagonal) == ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    assert BRAZILIAN.square_name(white_left_corner(BRAZILIAN)) == "a1"
    assert BRAZILIAN.square_name(black_left_corner(BRAZILIAN)) == "h8"
    assert len(long_diagonal(INTERNATIONAL)) == 10 and {46, 5} <= set(long_diagonal(INTERNATIONAL))


def test_rows_columns_and_parts_of_the_100_square_board():
    assert column_squares(INTERNATIONAL, 0) == [6, 16, 26, 36, 46]          # regra 2.6.2
    assert column_squares(INTERNATIONAL, 9) == [5, 15, 25, 35, 45]
    assert all(len(row_squares(INTERNATIONAL, r)) == 5 for r in range(10))
    assert row_squares(INTERNATIONAL, 0) == [1, 2, 3, 4, 5]
    p = board_parts(INTERNATIONAL)
    assert sorted(p["ângulos"]) == [5, 46] and len(p["bases"]) == 10 and len(p["tabelas"]) == 10
    colours = part_highlights(INTERNATIONAL)
    assert colours[46] == colours[5] == PART_COLORS["ângulos"] and colours[1] == PART_COLORS["bases"]
    assert colours[16] == PART_COLORS["tabelas"] and 28 not in colours


def test_anota_numbers_the_moves_and_leaves_the_board():
    assert annotate(["c3-d4", "f6-e5", "d4xf6", "g7xe5"]) == "1. c3-d4 f6-e5 2. d4xf6 g7xe5"
    board = Board()
    assert annotate(["c3-d4"], board) == "1. c3-d4" and board.fen() == Board().fen()
