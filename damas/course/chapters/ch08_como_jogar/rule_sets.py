"""Which moves of a game were forced under one set of rules and not under another (issue 25,
item 6): the games of 1924 were played under Russian rules, the course reads them under Brazilian
rules, and a move is «forced only under Brazilian rules» when the Brazilian rules leave a single
legal move in the position and the Russian rules leave more.  Pure Python."""

from __future__ import annotations

from damas.rules.args import VARIANT, checked
from damas.rules.board import Board
from damas.rules.notation import move_number

__all__ = ["forced_only_under", "forced_only_text"]


@checked(other=VARIANT)
def forced_only_under(pdn_game, variant: str = "brazilian", other: str = "russian") -> list:
    """The moves of ``pdn_game``'s main line (``(number, text)``, e.g. ``("9...", "c7xg3")``) that
    were the only legal move under ``variant`` and not under ``other``."""
    board = pdn_game.initial_board()
    out = []
    for ply, move in enumerate(pdn_game.mainline):
        here = Board(board.fen(), variant=variant).legal_moves()
        there = Board(board.fen(), variant=other).legal_moves()
        if len(here) == 1 and len(there) > 1:
            out.append((move_number(ply), board.move_text(move)))
        board.push(move)
    return out


@checked()
def forced_only_text(pdn_game) -> str:
    """The header sentence (Portuguese) that lists :func:`forced_only_under`'s moves."""
    moves = forced_only_under(pdn_game)
    if not moves:
        return ("Regras: nenhum lance desta partida foi obrigatório só pelas regras brasileiras "
                "(onde havia um único lance nas regras brasileiras, também havia um só nas russas).")
    listed = ", ".join(f"{n} {t}" for n, t in moves)
    return ("Regras: lances que eram os únicos possíveis pelas regras brasileiras, mas não pelas russas "
            f"(em que a partida foi jogada): {listed}.")
