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
from damas.course.kit.chapter_texts import chapter_quiz, chapter_stage
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
from damas.rules.notation import line_texts, move_number
from damas.display.numbers import decimal_text, signed_text
from damas.rules.args import LIST, checked, number_spec, refuse, text_spec, whole_spec

__all__ = ["chapter_stage", "computer_game", "computer_view", "famous_game_replay", "famous_game_end", "mistake_sentence",
           "mistake_figure", "exercise_1", "exercise_2", "game_review", "levels_sentence", "computer_view_text",
           "deeper_look", "signed_pdn", "click_demo", "teacher_check", "chapter_quiz"]

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
    """A question (one click): which move the computer chooses on ``board`` looking ``depth`` moves
    ahead (both sides counted), in a child's words."""
    from damas.engine.search import best_move
    best = best_move(board, depth=depth)
    moves = board.legal_moves()
    options = [board.move_text(m) for m in moves]
    ahead = _ahead(depth)
    why = [f"Certo: olhando {ahead}, o computador escolhe {board.move_text(best)}." if m == best else
           f"Olhando {ahead}, o computador prefere outro lance." for m in moves]
    return choice_question(key, f"Na posição inicial, que lance o computador escolhe olhando {ahead}?",
                           options, moves.index(best), why)


def _ahead(plies: int) -> str:
    """«4 lances à frente (2 de cada lado)»: how far the computer looks, in lances of both sides."""
    if plies % 2 == 0:
        return f"{plies} lances à frente ({plies // 2} de cada lado)"
    return f"{plies} lances à frente (contando os dois lados)"


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



# -- what the notebook shows (one call a cell) -------------------------------------------------------------
#: The position of the chapter's first figure: the whites give a man and take three (a golpe).
GOLPE = "W:W22,25,29:B8,13,15"
#: How far the computer looks in the chapter's first figure (plies).
GOLPE_DEPTH = 4
#: The chapter's game (the first of the file): Kukuiev x Lissenko, Moscou 1924.
GAMES = "data/partidas.pdn"


def computer_view():
    """The chapter's first figure: the golpe of :data:`GOLPE` with the computer's line as arrows."""
    from damas.rules.board import Board
    board = Board(GOLPE)
    line = analyse(board, depth=GOLPE_DEPTH).pv
    return board_figure(board, arrows=line[:3], title="O que o computador vê: " + " ".join(_texts(board, line[:3])))


def _texts(board, moves) -> list:
    """The moves of ``moves`` played from ``board``, as written on a score sheet."""
    return line_texts(board, moves)


@checked(depth=whole_spec(1, 64))
def computer_view_text(depth: int = GOLPE_DEPTH) -> Sentence:
    """What the computer sees in the first figure, with the words «Para saber mais» explains: how far
    it looked and its line; a win counted in lances of both sides."""
    from damas.engine.search import WIN, is_win_score
    from damas.rules.board import Board
    board = Board(GOLPE)
    found = analyse(board, depth=depth)
    line = " ".join(_texts(board, found.pv))
    if is_win_score(found.score):
        plies = WIN - abs(found.score)
        what = f"acha uma vitória em {(plies + 1) // 2} lances das brancas"
    else:
        what = f"dá à posição a nota {signed_text(found.score / 100)} pedra"
    return Sentence(f"Olhando {_ahead(depth)}, o computador {what}. A linha que ele espera: {line}. "
                    f"Como achou a vitória, parou antes: olhou só {_ahead(found.depth)}.")


def famous_game(path=GAMES):
    """The chapter's game (a PDN game): Kukuiev x Lissenko, 1924."""
    from damas.rules.pdn import read_games
    return read_games(path)[0]


def famous_game_replay(path=GAMES):
    """The chapter's game to replay move by move, with its comments."""
    return annotated_game([famous_game(path)])


def famous_game_end(path=GAMES):
    """The last position of the chapter's game, with its last move."""
    pdn = famous_game(path)
    game = game_of(pdn)
    return board_figure(game.board, lastmove=game.moves[-1],
                        title=f"Fim: as pretas abandonaram ({pdn.tags['Result']})")


_MISTAKES: dict = {}


def first_mistake(path=GAMES) -> tuple:
    """``(index, played, suggested, fall)`` of the first signed move of the chapter's game (the
    analysis at :data:`DEPTH`; computed once per file)."""
    key = str(path)
    if key not in _MISTAKES:
        _MISTAKES[key] = signed_moves(analyse_game(game_of(famous_game(path))))
    return _MISTAKES[key][0]


def _whose(i: int) -> str:
    return "as brancas" if i % 2 == 0 else "as pretas"


def mistake_sentence(path=GAMES) -> Sentence:
    """The first mistake of the chapter's game in a child's words, the fall in Brazilian form."""
    i, played, suggested, fall = first_mistake(path)
    return Sentence(f"**{move_number(i)} {played}{mistake_sign(fall)}** Com esse lance, {_whose(i)} perderam "
                    f"{decimal_text(fall)} pedra na conta do computador. Ele sugeria {suggested}.")


def mistake_figure(path=GAMES):
    """The board before the first mistake: the move played (red arrow) and the one suggested (green)."""
    i, played, suggested, fall = first_mistake(path)
    before = board_before(game_of(famous_game(path)), i)
    arrows = [Arrow(before.parse_move(played), "#d62728"), Arrow(before.parse_move(suggested), "#2ca02c")]
    return board_figure(before, arrows=arrows,
                        title=f"{move_number(i)} {played}{mistake_sign(fall)} (melhor: {suggested})")


def deeper_look(path=GAMES) -> Sentence:
    """After the mistake, what the computer sees one move deeper (for «Para saber mais»)."""
    i, played, suggested, fall = first_mistake(path)
    after = board_before(game_of(famous_game(path)), i + 1)
    found = analyse(after, depth=DEPTH - 1)
    return Sentence(f"Depois de {move_number(i)} {played}, olhando {_ahead(DEPTH - 1)}, a conta das brancas é "
                    f"{signed_text(found.score / 100)} pedra. A linha que o computador espera: "
                    f"{' '.join(_texts(after, found.pv))}.")


def exercise_1_puzzle(path=GAMES):
    """Exercise 1: the position after the mistake; the whites win a man (one move does)."""
    board = board_before(game_of(famous_game(path)), 40)
    return Puzzle(board.fen(), goal="material", n=1, max_plies=5, title="As brancas ganham uma pedra")


def exercise_1(path=GAMES):
    """Exercise 1 on a board that judges the move (saved as ``jogar/ex1``)."""
    return trainer([exercise_1_puzzle(path)], "jogar/ex1")


def exercise_2():
    """Exercise 2: which move the computer chooses at the start, looking 4 lances ahead."""
    from damas.rules.board import Board
    return computer_move_question("jogar/ex2", Board(), depth=4)


def _played(value, name):
    """A game played in the notebook: a :class:`ComputerGame`, a board widget or a game."""
    from damas.rules.game import Game
    if not isinstance(getattr(getattr(value, "widget", value), "game", value), Game):
        raise refuse(name, "uma partida jogada no caderno (o tabuleiro do capítulo)", value)
    return value


@checked(game=_played)
def game_review(game) -> Sentence:
    """The review of a game played in the notebook (a :class:`ComputerGame`, a board widget or a
    game): the moves whose fall earns a sign, in a child's words."""
    game = getattr(getattr(game, "widget", game), "game", game)
    if not game.moves:
        return Sentence("Ainda não há lances para rever: jogue a partida no tabuleiro acima e "
                        "depois execute esta célula de novo.")
    rows = signed_moves(analyse_game(game))
    lines = [f"A partida tem {len(game.moves)} lances."]
    if not rows:
        lines.append("Nenhum lance perdeu uma pedra ou mais na conta do computador.")
    for i, played, suggested, fall in rows:
        lines.append(f"**{move_number(i)} {played}{mistake_sign(fall)}** {_whose(i)[0].upper()}{_whose(i)[1:]} "
                     f"perderam {decimal_text(fall)} pedra na conta do computador; ele sugeria {suggested}.")
    return Sentence("\n".join(lines))


def signed_pdn(path=GAMES) -> Sentence:
    """The chapter's game written as a file of the course (chapter 10), with the sign of the
    analysis and the suggestion as a comment; it reads back with the same moves."""
    from damas.rules.pdn import read_games
    pdn = famous_game(path)
    game = game_of(pdn)
    text = annotated_pdn(game, [first_mistake(path)], white=pdn.tags["White"], black=pdn.tags["Black"],
                         event="1º campeonato da URSS, 1924", result=pdn.tags["Result"])
    assert read_games(text)[0].mainline == game.moves
    return Sentence("```\n" + text + "\n```")


def click_demo() -> Sentence:
    """A board of its own, clicked from code (c3, then d4), and the score sheet after the
    computer's answer."""
    from damas.widget.board import BoardWidget  # noqa: F401  (the widget layer, lazily)
    board = computer_game(nivel=2).widget
    board.click(22)
    board.click(18)
    return Sentence("A folha de anotação depois dos dois cliques: " + board.game.score_sheet())


def teacher_check(path=GAMES) -> Sentence:
    """The answers of the chapter checked by the rules: exercise 1 proven with the game's own move,
    the analysis agreeing with the annotator, exercise 2 and the quiz."""
    pdn = famous_game(path)
    i, played, suggested, fall = first_mistake(path)
    assert (move_number(i), played, suggested) == ("20...", "c5-b4", "c5-d4")
    assert pdn.line.nodes[i].marks == mistake_sign(fall) == "?"
    assert "c5-d4" in pdn.line.nodes[i].comments[0]
    puzzle = exercise_1_puzzle(path)
    board = board_before(game_of(pdn), 40)
    assert solve(puzzle).proven
    assert [board.move_text(m) for m in solve(puzzle).winning_moves] == [pdn.line.nodes[40].text]
    assert check(puzzle, ["b2-c3"]).status == "wrong"
    return check_items(exercise_1(path), exercise_2(), chapter_quiz("05"))
