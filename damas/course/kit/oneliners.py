"""Small helpers the chapters call, so that no chapter defines a function."""

from __future__ import annotations

from html import escape

from damas.rules.board import Board
from damas.errors import DamasError
from damas.course.figures import board_figure
from damas.rules.args import NAME, checked

# -- helpers the chapters call (so that no chapter defines a function) -----------------------------
@checked()
def move_texts(board) -> list:
    """The legal moves of ``board``, written as in Brazil (``c3-d4``, ``c3xe5``)."""
    return [board.move_text(m) for m in board.legal_moves()]


@checked()
def square_names(board, squares) -> list:
    """The names (``c3``, ``d4`` ...) of a list of square numbers."""
    return [board.variant.square_name(s) for s in squares]


@checked()
def capture_sizes(board) -> dict:
    """{move text: pieces it takes} for every legal move."""
    return {board.move_text(m): len(m.captured) for m in board.legal_moves()}


@checked()
def moves_figure(board, title):
    """The board with an arrow for every legal move."""
    return board_figure(board, arrows=board.legal_moves(), title=title)


def judge_attempt(board, attempt):
    """Print what the rules say of ``attempt`` (allowed or not, and why,
    with the article) and return the verdict of :func:`damas.rules.explain`."""
    from damas.rules.explain import explain
    verdict = explain(board, attempt)
    rule = f"[regra {verdict.article}] " if verdict.article else ""
    print(f"{attempt}: {rule}{verdict.message}")
    return verdict


def explain_attempt(fen, attempt):
    """Print why ``attempt`` is refused (or allowed) in the position ``fen``."""
    from damas.rules.explain import explain
    print(f"{attempt}:", explain(Board(fen), attempt).message, "\n")


# -- the glossary's figures -------------------------------------------------------------------------
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


@checked()
def folded_solution(text: str, label: str = "Ver a solução"):
    """A solution folded away (one click opens it), as safe HTML."""
    from damas.display.output import HTMLText
    return HTMLText(f"<details><summary><b>{escape(label)}</b> (clique para abrir)</summary>"
                    f"<p>{escape(text)}</p></details>")
