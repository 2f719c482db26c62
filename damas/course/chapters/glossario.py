"""Glossário: what ``notebooks/Glossario.ipynb`` uses: the figures of the glossary's words (the long
diagonal, the bi-diagonal, the tri-diagonal, the desvio, the crowning row), asked of the board's
geometry, shown side by side by one call (:func:`glossary_figures`). The notebook imports it whole
(``from damas.course.chapters.glossario import *``): ``__all__`` is what the glossary calls.
"""

from __future__ import annotations

from damas.course.kit.figures import board_figure, side_by_side
from damas.errors import DamasError
from damas.rules.args import NAME, checked
from damas.rules.board import Board

__all__ = ["glossary_figures"]


@checked()
def diagonal(board, start: str, end: str) -> list:
    """The names of the squares from ``start`` to ``end`` along a diagonal
    (both included), asked of the board's geometry."""
    v = board.variant
    (r0, c0), (r1, c1) = v.square_to_rc(v.parse_square(start)), v.square_to_rc(v.parse_square(end))
    if abs(r1 - r0) != abs(c1 - c0) or r0 == r1:
        raise DamasError(f"{start} e {end} não estão na mesma diagonal.")
    dr, dc = (1 if r1 > r0 else -1), (1 if c1 > c0 else -1)
    return [v.square_name(v.rc_to_square(r0 + i * dr, c0 + i * dc)) for i in range(abs(r1 - r0) + 1)]


_GLOSSARY_LINES = {
    "grande diagonal": [("a1", "h8")],
    "bi-diagonal": [("g1", "a7"), ("h2", "b8")],
    "tri-diagonal": [("c1", "a3"), ("f8", "h6"), ("c1", "h6"), ("a3", "f8")],
    "desvio": [("e1", "h4"), ("h4", "d8"), ("d8", "a5"), ("a5", "e1")],
}


#: The rows a glossary figure marks: White's crowning row is the 8th (Black's base).
_GLOSSARY_ROWS = {"travessa de coroação": 8}


@checked(term=NAME)
def glossary_figure(term: str):
    """A figure for a glossary word: 'grande diagonal', 'bi-diagonal', 'tri-diagonal', 'desvio',
    'travessa de coroação' (White's)."""
    empty = Board("W:W:B")
    if term in _GLOSSARY_ROWS:
        row = str(_GLOSSARY_ROWS[term])
        squares = [empty.variant.square_name(s) for s in empty.variant.square_range
                   if empty.variant.square_name(s).endswith(row)]
        return board_figure(empty, highlight=squares, title="Travessa de coroação das brancas")
    lines = _GLOSSARY_LINES.get(term)
    if lines is None:
        raise DamasError(f"Palavra do glossário sem figura: {term!r}; as que têm figura são: "
                         + ", ".join(list(_GLOSSARY_LINES) + list(_GLOSSARY_ROWS)) + ".")
    squares = sorted({s for a, b in lines for s in diagonal(empty, a, b)})
    return board_figure(empty, highlight=squares, title=term.capitalize())


def glossary_figures(*terms: str):
    """The figures of ``terms``, side by side."""
    return side_by_side(*(glossary_figure(t) for t in terms))
