"""Chapter 05 — Jogar e analisar: what ``notebooks/05_Jogar_e_analisar.ipynb`` uses.

A whole game looked at move by move: a game between two levels of the computer, the fall of the
evaluation after each move, the sign it earns (regra 9.1: ``?`` for a fall of a man or more, ``??``
for two), the board at any moment and the game as PDN with the signs. Every score comes from
:func:`damas.engine.search.analyse` at a fixed depth, so the results are the same on every run.
Then the computer's levels in words and the chapter's question on the computer's move. Pure Python.

The notebook imports it whole (``from damas.course.chapters.ch05_jogar_e_analisar import *``):
``__all__`` is what the notebook calls, its own helpers and the kit's pieces it uses; the other
public names serve the tests.
"""

from __future__ import annotations
from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import board_figure
from damas.course.kit.games import annotated_game, computer_game
from damas.course.kit.practice import trainer
from damas.course.kit.questions import choice_question
from damas.course.kit.sentences import Sentence
from damas.display.svg import Arrow
from damas.engine.search import analyse, best_move
from damas.problems.checker import check
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve
from damas.rules.notation import move_number
from damas.rules.args import LIST, checked, number_spec, text_spec, whole_spec

__all__ = ["best_move", "analyse", "Arrow", "board_figure", "trainer", "computer_move_question",
           "check_items", "computer_game", "annotated_game", "game_of", "analyse_game", "mistake_sign",
           "move_number", "signed_moves", "mistakes_text", "board_before", "annotated_pdn", "DEPTH",
           "levels_sentence", "Puzzle", "check", "solve", "chapter_quiz"]

DEPTH = 6


@checked()
def game_of(pdn_game):
    """A :class:`damas.rules.game.Game` with the main line of a PDN game, to
    analyse it like a game played here."""
    from damas.rules.game import Game
    game = Game(pdn_game.initial_board())
    for move in pdn_game.mainline:
        game.push(move)
    return game


@checked(white_level=whole_spec(1, 5), black_level=whole_spec(1, 5), limit=whole_spec(1, 1000))
def computer_vs_computer(white_level: int, black_level: int, limit: int = 100):
    """A whole game between two levels of the computer (at most ``limit``
    moves)."""
    from damas.engine.search import best_move
    from damas.rules.game import Game
    game = Game()
    while not game.is_over() and len(game.moves) < limit:
        game.push(best_move(game, level=white_level if game.turn == "W" else black_level))
    return game


@checked(depth=whole_spec(1, 64))
def analyse_game(game, depth: int = DEPTH) -> list:
    """For each move: ``(index, move played, move suggested, fall)``, the
    fall of the mover's evaluation in men, from ``depth`` before the move and
    ``depth - 1`` after it (both see as far ahead).  Stops at the move that
    ends the game."""
    from damas.engine.search import analyse
    board = game.start
    rows = []
    for i, move in enumerate(game.moves):
        before = analyse(board, depth=depth)
        played = board.move_text(move)
        suggested = board.move_text(before.best)
        board.push(move)
        if board.is_game_over():
            break
        after = analyse(board, depth=depth - 1)
        rows.append((i, played, suggested, (before.score + after.score) / 100))
    return rows


@checked(fall=number_spec())
def mistake_sign(fall: float) -> str:
    """``??`` for a fall of two men or more, ``?`` for one or more, else ''."""
    return "??" if fall >= 2 else "?" if fall >= 1 else ""


@checked()
def signed_moves(rows) -> list:
    """The rows of :func:`analyse_game` that earn a sign."""
    return [row for row in rows if mistake_sign(row[3])]


@checked()
def mistakes_text(rows) -> str:
    """One line a mistake: number, move and sign, the fall, the suggestion."""
    return "\n".join(f"{move_number(i):>6} {played}{mistake_sign(fall):<3} caiu {fall:.2f} pedra; o computador sugeria {suggested}"
                     for i, played, suggested, fall in signed_moves(rows))


@checked(i=whole_spec(0))
def board_before(game, i: int):
    """The board before the move of index ``i``."""
    from damas.errors import DamasError
    if not 0 <= i <= len(game.moves):
        raise DamasError(f"A partida tem {len(game.moves)} lances; não há o momento {i}.")
    board = game.start
    for move in game.moves[:i]:
        board.push(move)
    return board


@checked(mistakes=LIST, white=text_spec(), black=text_spec(), event=text_spec())
def annotated_pdn(game, mistakes, white: str = "Nível 3", black: str = "Nível 1",
                  event: str = "Computador x computador", result=None) -> str:
    """The game as PDN, with ``?``/``??`` on the ``mistakes`` (rows of
    :func:`analyse_game`) and the suggested move as a comment.  ``result`` is the
    game's (for a game resigned before its end); by default the rules'."""
    marked = {i: (mistake_sign(fall), suggested) for i, _, suggested, fall in mistakes}
    parts = []
    for i, text in enumerate(game.notation_list()):
        if i % 2 == 0:
            parts.append(move_number(i))
        if i in marked:
            mark, suggested = marked[i]
            parts.append(f"{text}{mark} {{melhor: {suggested}}}")
        else:
            parts.append(text)
    score = result or game.result().score or "*"      # a game still going is "*" in PDN
    header = (f'[Event "{event}"]\n[White "{white}"]\n[Black "{black}"]\n'
              f'[Result "{score}"]\n[GameType "26"]\n\n')
    return header + " ".join(parts) + f" {score}"


def computer_move_question(key, board, depth=4):
    from damas.engine.search import best_move
    best = best_move(board, depth=depth)
    moves = board.legal_moves()
    options = [board.move_text(m) for m in moves]
    why = [f"Com profundidade {depth}, o computador escolhe {board.move_text(best)}." if m == best else
           f"O computador, com profundidade {depth}, prefere outro lance." for m in moves]
    return choice_question(key, f"Na posição inicial, que lance o computador escolhe com profundidade {depth}?",
                           options, moves.index(best), why)


@checked()
def levels_text(variant: str = "brazilian") -> str:
    """One line per level of the computer: its name with its approximate rating on the board of
    ``variant`` (:func:`damas.widget.texts.level_label`) and what it does
    (:func:`damas.widget.texts.level_about`)."""
    from damas.engine.search import LEVELS
    from damas.widget.texts import level_about, level_label
    return "\n".join(f"{level_label(n, variant)}: {level_about(n, variant)}" for n in sorted(LEVELS))


@checked()
def levels_sentence(variant: str = "brazilian") -> Sentence:
    """The computer's five levels, one line each, in words, with their measured ratings
    (:func:`levels_text`)."""
    return Sentence(levels_text(variant))

