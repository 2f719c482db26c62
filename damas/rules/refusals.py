"""Why a move is refused: the one question the board and the notation ask of
:mod:`damas.rules.explain`, answered without importing it.

:func:`damas.rules.explain.explain` needs the Board, and the Board needs the
explanation when it refuses a move.  So the explanation is registered here:
:mod:`damas.rules.explain` calls :func:`set_explainer` when it is imported
(``damas.rules`` imports it, so it is there before any Board is made), and
:meth:`damas.rules.board.Board.push` and :func:`damas.rules.notation.parse_move`
ask :func:`refusal`.  This module imports nothing of the rules.
"""

from __future__ import annotations

from damas.errors import ArgumentError

__all__ = ["set_explainer", "refusal"]

_EXPLAINER = None


def set_explainer(function) -> None:
    """Register ``function(board, attempted, notation=None)``, returning an
    object with a Portuguese ``message``, as the explanation of refused moves."""
    global _EXPLAINER
    if not callable(function):
        raise ArgumentError("A explicação dos lances recusados deve ser uma função; "
                            "o valor dado não é uma função, e nada foi mudado.")
    _EXPLAINER = function


def refusal(board, attempted, notation=None) -> str:
    """The Portuguese reason why ``attempted`` (a Move or a text) is not a legal
    move of ``board``: the registered explanation's message, or, before any
    explanation is registered, a plain sentence."""
    if _EXPLAINER is None:
        return "Não é um lance legal nesta posição."
    return _EXPLAINER(board, attempted, notation=notation).message
