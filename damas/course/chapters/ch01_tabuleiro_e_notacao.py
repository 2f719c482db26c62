"""The parts of the board that chapter 01 names: diagonals, the grande
diagonal, the corners, rows (travessas), columns, bases, tabelas and
ângulos.  Each function takes a variant (``damas.BRAZILIAN``,
``damas.INTERNATIONAL``) and answers in its square numbers, from the
variant's own geometry.  Pure Python.
"""

from __future__ import annotations

from collections import Counter
from damas.rules.args import checked
from damas.rules.variants import get_variant

__all__ = ["diagonal_lengths", "long_diagonal", "white_left_corner", "black_left_corner",
           "row_squares", "column_squares", "board_parts", "PART_COLORS", "part_highlights"]


@checked()
def diagonal_lengths(variant) -> list:
    """The length of every diagonal of two squares or more, sorted."""
    variant = get_variant(variant)
    rcs = [variant.square_to_rc(square) for square in variant.square_range]
    sums = Counter(r + c for r, c in rcs)
    differences = Counter(r - c for r, c in rcs)
    return sorted(n for n in list(sums.values()) + list(differences.values()) if n >= 2)


@checked()
def long_diagonal(variant) -> list:
    """The squares of the diagonal from White's bottom-left corner to the top
    right, in square-number order."""
    variant = get_variant(variant)
    return [square for square in variant.square_range if sum(variant.square_to_rc(square)) == variant.size - 1]


@checked()
def white_left_corner(variant) -> int:
    """The square in White's left-hand corner (last row, first column)."""
    variant = get_variant(variant)
    return variant.rc_to_square(variant.size - 1, 0)


@checked()
def black_left_corner(variant) -> int:
    """The square in Black's left-hand corner (first row, last column, as
    White sees the board)."""
    variant = get_variant(variant)
    return variant.rc_to_square(0, variant.size - 1)


@checked()
def row_squares(variant, row: int) -> list:
    """The squares of a row (0 = Black's back row)."""
    variant = get_variant(variant)
    return [square for square in variant.square_range if variant.square_to_rc(square)[0] == row]


@checked()
def column_squares(variant, column: int) -> list:
    """The squares of a column (0 = the left, as White sees the board)."""
    variant = get_variant(variant)
    return [square for square in variant.square_range if variant.square_to_rc(square)[1] == column]


@checked()
def board_parts(variant) -> dict:
    """``bases`` (the two back rows), ``tabelas`` (the two side columns) and
    ``ângulos`` (the two corners of the grande diagonal)."""
    variant = get_variant(variant)
    last = variant.size - 1
    diagonal = long_diagonal(variant)
    return {
        "bases": row_squares(variant, 0) + row_squares(variant, last),
        "tabelas": column_squares(variant, 0) + column_squares(variant, last),
        "ângulos": [diagonal[0], diagonal[-1]],
    }


PART_COLORS = {"bases": "#f2d16b", "tabelas": "#7fb3e6", "ângulos": "#e0605a"}


@checked()
def part_highlights(variant) -> dict:
    """Square -> colour of its part (:data:`PART_COLORS`); the ângulos come last
    and keep their own colour."""
    variant = get_variant(variant)
    return {square: PART_COLORS[name] for name, squares in board_parts(variant).items() for square in squares}
