"""The parts of the board that chapter 01 names: diagonals, the grande
diagonal, the corners, rows (travessas), columns, bases, tabelas and
ângulos.  Each function takes a variant (``damas.BRAZILIAN``,
``damas.INTERNATIONAL``) and answers in its square numbers, from the
variant's own geometry.  Pure Python.
"""

from __future__ import annotations

from collections import Counter

__all__ = ["diagonais", "grande_diagonal", "canto_esquerdo_das_brancas", "canto_esquerdo_das_pretas",
           "travessa", "coluna", "partes", "CORES", "destaques"]


def diagonais(variant) -> list:
    """The length of every diagonal of two squares or more, sorted."""
    rcs = [variant.square_to_rc(square) for square in variant.square_range]
    sums = Counter(r + c for r, c in rcs)
    differences = Counter(r - c for r, c in rcs)
    return sorted(n for n in list(sums.values()) + list(differences.values()) if n >= 2)


def grande_diagonal(variant) -> list:
    """The squares of the diagonal from White's bottom-left corner to the top
    right, in square-number order."""
    return [square for square in variant.square_range if sum(variant.square_to_rc(square)) == variant.size - 1]


def canto_esquerdo_das_brancas(variant) -> int:
    """The square in White's left-hand corner (last row, first column)."""
    return variant.rc_to_square(variant.size - 1, 0)


def canto_esquerdo_das_pretas(variant) -> int:
    """The square in Black's left-hand corner (first row, last column, as
    White sees the board)."""
    return variant.rc_to_square(0, variant.size - 1)


def travessa(variant, row: int) -> list:
    """The squares of a row (0 = Black's back row)."""
    return [square for square in variant.square_range if variant.square_to_rc(square)[0] == row]


def coluna(variant, column: int) -> list:
    """The squares of a column (0 = the left, as White sees the board)."""
    return [square for square in variant.square_range if variant.square_to_rc(square)[1] == column]


def partes(variant) -> dict:
    """``bases`` (the two back rows), ``tabelas`` (the two side columns) and
    ``ângulos`` (the two corners of the grande diagonal)."""
    last = variant.size - 1
    diagonal = grande_diagonal(variant)
    return {
        "bases": travessa(variant, 0) + travessa(variant, last),
        "tabelas": coluna(variant, 0) + coluna(variant, last),
        "ângulos": [diagonal[0], diagonal[-1]],
    }


CORES = {"bases": "#f2d16b", "tabelas": "#7fb3e6", "ângulos": "#e0605a"}


def destaques(variant) -> dict:
    """Square -> colour of its part (:data:`CORES`); the ângulos come last
    and keep their own colour."""
    return {square: CORES[name] for name, squares in partes(variant).items() for square in squares}
