"""Chapter 11 — Empate e resultado: what ``notebooks/11_Empate_e_resultado.ipynb`` uses.

How a game ends and when it is drawn: its own exercises (which rule ended the game, which move
resets the king-move count of rule 6.2) and the forçada defended on a diagonal
(:func:`defend_on_diagonal`); the draw rules come from the game, the kings' rings from the kit. The
notebook imports it whole (``from damas.course.chapters.ch11_empate_e_resultado import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses.
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.demos import kings_in_rings
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import board_figure, frames, side_by_side
from damas.course.kit.games import ComputerGame
from damas.course.kit.practice import trainer
from damas.course.kit.questions import choice_question
from damas.problems.checker import check
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve
from damas.rules.args import checked
from damas.rules.board import Board
from damas.rules.notation import line_texts

__all__ = ["board_figure", "side_by_side", "trainer", "end_rule_question", "count_reset_question",
           "check_items", "ComputerGame", "frames", "kings_in_rings", "defend_on_diagonal", "Puzzle",
           "solve", "check", "line_texts", "chapter_quiz"]


def end_rule_question(key, fen):
    from damas.rules.game import Game
    result = Game(Board(fen)).result()
    options = ["7.2.2", "7.2.3", "6.1", "A partida não terminou"]
    right = options.index(result.article) if result.article in options else 3
    why = {"7.2.2": "7.2.2: quem tem o lance e não pode jogar perde.",
           "7.2.3": "7.2.3: perde quem já perdeu todas as peças.",
           "6.1": "6.1 é o empate pela repetição da mesma posição.",
           "A partida não terminou": "Há lance possível para quem joga: a partida continua."}
    texts = [why[o] + (f" Aqui: {result.reason}" if i == right and result.reason else "") for i, o in enumerate(options)]
    return choice_question(key, "A partida já terminou? Por qual regra?", options, right, texts,
                           figure=board_figure(Board(fen), title="As pretas jogam"))


@checked()
def count_reset_question(key, game):
    """Which move of White puts the king-move count (rule 6.2) back to zero?"""
    from damas.rules.game import Game
    board = game.board
    options, answers, why = [], [], []
    for i, move in enumerate(board.legal_moves()):
        text = board.move_text(move)
        copy = Game(board)
        copy.push(move)
        options.append(text)
        if copy.king_moves_count() == 0:
            answers.append(i)
            why.append(f"Depois de {text} a contagem volta a zero: a regra 6.2 conta só lances de dama sem tomada.")
        else:
            why.append(f"{text} é um lance de dama sem tomada: a contagem continua subindo (regra 6.2).")
    return choice_question(key, f"As damas já andaram {game.king_moves_count()} lances seguidos. Que lance das brancas "
                           "faz a contagem voltar a zero?", options, tuple(answers), why,
                           figure=board_figure(board, title="Brancas jogam"))


def _gives_a_piece(board, move) -> bool:
    after = board.copy(stack=False)
    after.push(move)
    return any(reply.is_capture for reply in after.legal_moves())


def _safe(board, move) -> bool:
    # After this black move, the solver finds no white win in 3 moves.
    from damas.problems.puzzles import Puzzle
    from damas.problems.solver import solve
    after = board.copy(stack=False)
    after.push(move)
    return not solve(Puzzle(after.fen(), goal="win", max_plies=3), all_moves=False).proven


def defend_on_diagonal(start, diagonal, depth: int = 4):
    """The forçada defended: from ``start`` (three white kings against one
    black king on ``diagonal``, a list of square numbers), Black keeps its
    king on a safe square of the diagonal, White plays the engine's move at
    ``depth`` unless that move gives a piece away.  Plays to the end and
    returns ``(game, refused)``, where ``refused`` lists the engine moves
    turned down as ``(move number, text)``."""
    from damas.engine.search import best_move
    from damas.rules.game import Game
    game, refused = Game(start), []
    while not game.is_over():
        board = game.board
        if game.turn == "W":
            move = best_move(game, depth=depth)
            if _gives_a_piece(board, move):
                refused.append((len(game.moves) + 1, board.move_text(move)))
                move = next(m for m in board.legal_moves() if not _gives_a_piece(board, m))
        else:
            move = next((m for m in board.legal_moves() if m.end in diagonal and _safe(board, m)),
                        board.legal_moves()[0])
        game.push(move)
    return game, refused
