"""Chapter 11 — Empate e resultado: what ``notebooks/11_Empate_e_resultado.ipynb`` uses.

How a game ends and when it is drawn. Each step of the chapter is one call here that returns what
the student sees (a board and its sentence, frames of a line, an exercise); the facts it states
come from the rules (``damas.rules.game``) and are checked in ``tests/course/chapters/test_ch11_empate.py``.
Its own pieces: the exercises (which rule ended the game, which move resets the king-move count)
and the forçada defended on the long diagonal (:func:`defend_on_diagonal`). The notebook imports it
whole (``from damas.course.chapters.ch11_empate_e_resultado import *``): ``__all__`` is what the
notebook calls.

The counting convention (the glossary's «lance», rule 3.2): a limit of article 6 counts each
side's moves, «20 lances de cada lado», as the FMJD counts its 25 moves of rule 6.2.
"""

from __future__ import annotations

import functools

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.classmate import classmate_section
from damas.course.kit.demos import kings_in_rings
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import board_figure, frames, side_by_side
from damas.course.kit.panels import Panel
from damas.course.kit.questions import choice_question
from damas.rules.args import checked
from damas.rules.board import Board

__all__ = ["win_without_pieces", "blockade", "repetition", "kings_only", "three_kings_positions",
           "model_game", "the_trap", "diagonal_defence", "forcada_challenge", "exercise_1", "exercise_2",
           "exercise_3", "teacher_check", "chapter_quiz", "classmate_section"]

#: The squares of the long diagonal of the 64-square board (rule 2.3), a1 to h8.
LONG_DIAGONAL = ("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8")
#: Three kings against one: the black king off the long diagonal, and on it (the same white kings).
OFF_DIAGONAL = "W:WKb8,Kh4,Kg1:BKf8"
ON_DIAGONAL = "W:WKb8,Kh4,Kg1:BKg7"
#: The model forçada from OFF_DIAGONAL (prepared with the analysis of every three-kings position:
#: White the shortest win, Black the longest defence); the tests replay it.
FORCADA = ("h4-f6 f8-b4 b8-f4 b4-f8 g1-d4 f8-a3 f6-h4 a3-f8 d4-f6 f8-h6 "
           "f4-c1 h6-f8 f6-g7 f8xh6 h4-g5 h6xf4 c1xh6").split()
#: The trap begins after White's 5th and Black's 5th move (10 moves of the game).
TRAP_FROM = 10

WITHOUT_PIECES = ("W:WKa1:Bc3,f6", "a1xh8")
BLOCKADE = ("W:Wb4,c3,g3,e1:Ba5,h4", "e1-f2")
REPETITION = ("W:WKh2:BKa7", ("h2", "g1"), ("a7", "b8"))
KINGS_ONLY = ("W:Wg3,Kc3:Ba7,Kf8", ("c3", "a1", "b2"), ("f8", "e7", "g5", "h6"))


def _game(fen):
    from damas.rules.game import Game
    return Game(Board(fen))


def _squares(board, names):
    return [board.variant.parse_square(n) for n in names]


def win_without_pieces() -> Panel:
    """The white king takes both black men: Black has no piece left (rule 7.2.3)."""
    fen, move = WITHOUT_PIECES
    game = _game(fen)
    figure = board_figure(game.board, arrows=[game.board.parse_move(move)], title="Brancas jogam")
    game.push(move)
    return Panel(figure, text=f"**{move}**. {game.result()}")


def blockade() -> Panel:
    """After e1-f2 Black has two men and no move: White wins (rule 7.2.2)."""
    fen, move = BLOCKADE
    game = _game(fen)
    game.push(move)
    figure = board_figure(game.board, highlight=["a5", "h4"], lastmove=game.moves[-1],
                          title="Pretas jogam... e não podem")
    return Panel(figure, text=f"Depois de **{move}**: {game.result()}")


def repetition() -> Panel:
    """The two kings go back and forth until the position comes back a third time (rule 6.1)."""
    fen, white, black = REPETITION
    game = _game(fen)
    kings_in_rings(game, list(white), list(black))
    each = len(game.moves) // 2
    figure = board_figure(game.start, arrows=[game.start.parse_move(f"{white[0]}-{white[1]}")],
                          title="As damas vão e voltam")
    return Panel(figure, text=f"Depois de {each} lances de cada lado, a posição do desenho apareceu pela terceira "
                              f"vez. {game.result()}")


def kings_only() -> Panel:
    """Only kings move, no capture, no man moving: after 20 moves of each side, a draw."""
    fen, white, black = KINGS_ONLY
    game = _game(fen)
    kings_in_rings(game, list(white), list(black))
    limit = game.draw_rules["king_moves"]
    figure = board_figure(game.start, highlight=["g3", "a7"], title="As pedras não se mexem")
    return Panel(figure, text=f"As damas andaram em roda, {len(game.moves) // 2} lances de cada lado, e as "
                              f"pedras de g3 e a7 ficaram paradas. O limite é de {limit} lances de cada lado. "
                              f"{game.result()}")


def three_kings_positions():
    """The same three white kings; the black king off the long diagonal, then on it."""
    return side_by_side(board_figure(Board(OFF_DIAGONAL), highlight=list(LONG_DIAGONAL), title="Fora: as brancas ganham"),
                        board_figure(Board(ON_DIAGONAL), highlight=list(LONG_DIAGONAL), title="Dentro: empate"))


@functools.lru_cache(maxsize=1)
def _model_game():
    game = _game(OFF_DIAGONAL)
    for move in FORCADA:
        game.push(move)
    return game


def model_game() -> Panel:
    """The model forçada: the score sheet and who won, in how many moves of White."""
    game = _model_game()
    white = (len(game.moves) + 1) // 2
    return Panel(text=f"{game.score_sheet()}\n\nAs brancas tomaram a dama preta no seu {white}º lance. "
                      f"O limite era de {three_kings_limit()} lances de cada lado. {game.result()}")


def three_kings_limit() -> int:
    """The moves each side has in three kings against one king, by the Brazilian rules of the
    64-square game (which number no article for it)."""
    rules = Board(OFF_DIAGONAL).variant.draw_rules["endgames"]
    return next(rule["moves"] for rule in rules if (3, 0) in rule["stronger"])


def the_trap():
    """The end of the model game, move by move, from the position where the trap begins."""
    game = _model_game()
    board = game.start
    for move in game.moves[:TRAP_FROM]:
        board.push(move)
    return frames(board, game.moves[TRAP_FROM:], first_move=TRAP_FROM // 2 + 1, caption="Depois de 5... f8-h6")


@functools.lru_cache(maxsize=1)
def _diagonal_game():
    return defend_on_diagonal(Board(ON_DIAGONAL), _squares(Board(), LONG_DIAGONAL))


def diagonal_defence() -> Panel:
    """The black king stays on the long diagonal; White plays the computer's moves; after the limit,
    a draw."""
    game, _refused = _diagonal_game()
    figure = board_figure(game.board, highlight=list(LONG_DIAGONAL), lastmove=game.moves[-1],
                          title="Depois do último lance")
    return Panel(figure, text=f"A dama preta andou só pela grande diagonal, {len(game.moves) // 2} lances de cada "
                              f"lado. As brancas não conseguiram tomá-la. {game.result()}")


def forcada_challenge():
    """The student plays the forçada from OFF_DIAGONAL against the computer (level 3)."""
    from damas.course.kit.games import ComputerGame
    return ComputerGame(3, position=Board(OFF_DIAGONAL))


# -- exercises -----------------------------------------------------------------------------------------
def end_rule_question(key, fen):
    """Has the game ended, and by which rule? (Black to move.)"""
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
    """Which move of White puts the king-move count back to zero?"""
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
            why.append(f"Depois de {text} a contagem volta a zero: só contam os lances de dama sem tomada.")
        else:
            why.append(f"{text} é um lance de dama sem tomada: a contagem continua subindo.")
    each = game.king_moves_count() // 2
    return choice_question(key, f"As damas já andaram {each} lances de cada lado, sem tomada e sem pedra andando. "
                           "Que lance das brancas faz a contagem voltar a zero?", options, tuple(answers), why,
                           figure=board_figure(board, title="Brancas jogam"))


#: Exercise 3: three kings against one, White wins in 3 moves of White's (the solver proves it).
EXERCISE_3 = "W:WKe7,Kf6,Kg3:BKa5"


def exercise_1():
    """Has the game ended? By which rule?"""
    return end_rule_question("empate/ex1", "B:Wg7,f6:BKh8")


def exercise_2():
    """After 15 moves of each side with kings only: which move of White resets the count?"""
    fen, white, black = KINGS_ONLY
    game = _game(fen)
    kings_in_rings(game, list(white), list(black), until=30)
    return count_reset_question("empate/ex2", game)


def _exercise_3_puzzle():
    from damas.problems.puzzles import Puzzle
    return Puzzle(EXERCISE_3, goal="win", max_plies=5, title="Forçada: o golpe final")


def exercise_3():
    """The end of a forçada, on the board: White wins in 3 moves."""
    from damas.course.kit.practice import trainer
    return trainer([_exercise_3_puzzle()], "empate/ex3")




def teacher_check():
    """The teacher's check: every answer of the exercises and the quiz judged by the rules."""
    return check_items(exercise_1(), exercise_2(), exercise_3(), chapter_quiz("11"))


# -- the forçada defended on a diagonal ------------------------------------------------------------
def _gives_a_piece(board, move) -> bool:
    after = board.copy(stack=False)
    after.push(move)
    return any(reply.is_capture for reply in after.legal_moves())


def _safe(board, move) -> bool:
    # After this black move, the solver finds no white win in 2 moves of White.
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
