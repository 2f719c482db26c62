"""Glossário: what ``notebooks/Glossario.ipynb`` uses: the figure of a glossary word (the long
diagonal, the bi-diagonal, the tri-diagonal, the desvio), asked of the board's geometry. The
notebook imports it whole (``from damas.course.chapters.glossario import *``): ``__all__`` is what
the glossary calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.figures import board_figure, side_by_side
from damas.errors import DamasError
from damas.rules.args import NAME, checked
from damas.rules.board import Board

__all__ = ["side_by_side", "glossary_figure"]


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


@checked(term=NAME)
def glossary_figure(term: str):
    """A figure for a glossary word: 'grande diagonal', 'bi-diagonal', 'tri-diagonal', 'desvio'."""
    empty = Board("W:W:B")
    lines = _GLOSSARY_LINES.get(term)
    if lines is None:
        raise DamasError(f"Palavra do glossário sem figura: {term!r}; as que têm figura são: "
                         + ", ".join(_GLOSSARY_LINES) + ".")
    squares = sorted({s for a, b in lines for s in diagonal(empty, a, b)})
    return board_figure(empty, highlight=squares, title=term.capitalize())
