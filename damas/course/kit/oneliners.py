"""Small helpers that several chapters call, so that no chapter defines a function."""

from __future__ import annotations

from html import escape

from damas.rules.board import Board
from damas.course.kit.figures import board_figure
from damas.rules.args import checked

__all__ = ["move_texts", "square_names", "capture_sizes", "moves_figure", "judge_attempt", "explain_attempt",
           "folded_solution"]

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


@checked()
def folded_solution(text: str, label: str = "Ver a solução"):
    """A solution folded away (one click opens it), as safe HTML."""
    from damas.display.output import HTMLText
    return HTMLText(f"<details><summary><b>{escape(label)}</b> (clique para abrir)</summary>"
                    f"<p>{escape(text)}</p></details>")
