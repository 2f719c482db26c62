"""Chapter 13 — Arbitragem: what ``notebooks/13_Arbitragem.ipynb`` uses.

The arbiter's part of articles 5 and 6: the turned board and the starting position, the piece on a
light square, the taking of one piece too many, the removal of the captured pieces, and the draw
limits of each game and federation. Each step is one call here that returns what the student sees
(a board and its sentence, a table); the facts are checked in
``tests/course/chapters/test_ch13_arbitragem.py``. The limits come from the rules
(:data:`damas.rules.game.DRAW_RULES` and each game's ``draw_rules``); the Russian rules'
numbers, which the package does not apply, are facts of the course's reference material, kept
apart in :data:`RUSSIAN_LIMITS`. The notebook imports it whole: ``__all__`` is what the notebook
calls;

Every limit is counted in each side's moves («lances de cada lado»), the glossary's «lance».
"""

from __future__ import annotations

from damas.course.kit.chapter_texts import chapter_quiz
from damas.course.kit.classmate import classmate_section
from damas.course.kit.demos import kings_in_rings
from damas.course.kit.exercises import check_items
from damas.course.kit.figures import board_figure
from damas.course.kit.oneliners import square_names
from damas.course.kit.panels import Panel
from damas.course.kit.questions import count_question, removed_pieces_question
from damas.course.kit.sentences import Sentence, listed
from damas.rules.board import Board

__all__ = ["starting_position", "light_square", "one_too_many", "removal", "draw_limits",
           "federations", "exercise_1", "exercise_2", "teacher_check", "chapter_quiz", "classmate_section"]

#: A starting position set up with one white man missing (g1).
SET_UP = "W:W21-31:B1-12"
#: The golpe turco of chapter 04: the black king must take four and stop on d6.
TURCO = ("B:W6,14,15,17,23:BK2", "d8xa5xd2xf4xd6xa3")
#: A chain capture of three men (c3, e5, c7, a5).
REMOVAL = "W:Wc3,e1,h2:Bd4,d6,b6,g7,h8"
#: The Russian 64-square draw limits a well-known online platform applies to its Brazilian game
#: (moves of each side; reference material of the course, rules.md). The package does not apply them.
RUSSIAN_LIMITS = {"king_moves": 15, "three_kings": 15, "three_kings_long_diagonal": 5}
#: Three kings against one on 100 squares, walked in rings (the FMJD 2015 count of exercise 2).
RING_100 = ("W:WK34,K40,K45:BK2", [34, 43, 39], [2, 13, 19, 8])


def turned_board_count() -> tuple[int, int]:
    """(dark squares that fall on light ones, dark squares) when the board turns a quarter: the
    square at row r and column c goes to row c and column 7 − r."""
    v = Board("W:W:B").variant
    turned = [v.rc_to_square(c, 7 - r) for r, c in map(v.square_to_rc, v.square_range)]
    return turned.count(None), len(turned)


def starting_position() -> Panel:
    """A starting position set up wrong: the squares that differ from the right one."""
    right, set_up = Board(), Board(SET_UP)
    wrong = [s for s in right.variant.square_range if set_up.piece_at(s) != right.piece_at(s)]
    names = square_names(right, wrong)
    light, total = turned_board_count()
    return Panel(board_figure(set_up, highlight=names, title="Quem montou esqueceu uma pedra"),
                 text=f"Comparando casa por casa com a posição inicial, o computador acha a diferença: "
                      f"falta a pedra de {listed(names)}.\n\nE o tabuleiro virado de lado? Das {total} casas "
                      f"escuras, {light} caem em casas claras do tabuleiro bem colocado.")


def light_square() -> Panel:
    """The computer refuses a man moving to a light square (rule 2.2)."""
    from damas.rules.explain import explain
    verdict = explain(Board(), "c3-c4")
    return Panel(text=f"**c3-c4**: {verdict.message}")


def one_too_many() -> Panel:
    """The golpe turco: taking a fifth piece would pass a piece already taken (rule 4.11)."""
    from damas.rules.explain import explain
    fen, attempt = TURCO
    board = Board(fen)
    return Panel(board_figure(board, arrows=board.legal_moves(), title="As pretas jogam: o golpe turco"),
                 text=f"**{attempt}**: {explain(board, attempt).message}")


def removal() -> Panel:
    """A capture of three: before it, and after it; only the three taken men left the board."""
    before = Board(REMOVAL)
    move = before.legal_moves()[0]
    after = before.copy(stack=False)
    after.push(move)
    left = set(before.pieces()) - set(after.pieces()) - {move.start}
    white_left = before.count("W") - after.count("W")
    which = ("essas pedras, nem uma a mais, nem uma a menos" if left == set(move.captured)
             else listed(square_names(before, sorted(left))))
    return Panel(board_figure(before, arrows=[move], title="Antes: três pedras serão tomadas"),
                 board_figure(after, lastmove=move, title="Depois: saíram só as três"),
                 text=f"O lance {before.move_text(move)} saltou {listed(square_names(before, move.captured))}. "
                      f"Saíram do tabuleiro {which}, todas no fim do lance. "
                      + ("Nenhuma peça branca saiu." if white_left == 0 else f"Saíram {white_left} peças brancas."))


def _game(variant, rules="seed"):
    from damas.rules.game import Game
    return Game(variant, rules=rules)


def draw_limits() -> Sentence:
    """The draw limits of each game, from the rules: the table the arbiter needs."""
    from damas.rules.game import DRAW_RULES
    rows = ["| jogo | situação | regra | lances de cada lado |", "|---|---|---|---|"]
    for variant in ("brazilian", "international"):
        game = _game(variant)
        name = "64 casas" if variant == "brazilian" else "100 casas"
        rule = DRAW_RULES[variant]["king_moves"]
        where = _where(rule, variant)
        rows.append(f"| {name} | só damas se movem, sem tomada | {where} | {game.draw_rules['king_moves']} |")
        for final in DRAW_RULES[variant]["endgames"]:
            rows.append(f"| {name} | {final['what']} | {_where(final, variant)} "
                        f"| {game.draw_rules[final['article']]} |")
    return Sentence("\n".join(rows))


def _where(rule, variant) -> str:
    """The article for the 100-square game; the Brazilian rules of the 64-square game number none."""
    return rule["article"] if variant == "international" else "regras brasileiras, sem número"


def federations() -> Sentence:
    """The same limits in three sources: the course's rules, the FMJD text of 2015, and the Russian
    rules an online platform applies to its Brazilian game (reference facts, not applied)."""
    brazil, inter, fmjd = _game("brazilian"), _game("international"), _game("international", "fmjd2015")
    three = _three_kings_article()
    rows = ["| lances de cada lado, por situação | regras do curso | FMJD 2015 | plataforma (regras russas) |",
            "|---|---|---|---|",
            f"| 64 casas: só damas se movem | {brazil.draw_rules['king_moves']} | — | {RUSSIAN_LIMITS['king_moves']} |",
            f"| 64 casas: três damas contra uma | {brazil.draw_rules[three]} | — | {RUSSIAN_LIMITS['three_kings']} |",
            f"| 64 casas: idem, a dama sozinha na grande diagonal | {brazil.draw_rules[three]} | — "
            f"| {RUSSIAN_LIMITS['three_kings_long_diagonal']} |",
            f"| 100 casas: só damas se movem (6.2) | {inter.draw_rules['king_moves']} | {fmjd.draw_rules['king_moves']} | — |",
            f"| 100 casas: regra 6.3 | {inter.draw_rules['6.3']} | {fmjd.draw_rules['6.3']} | — |",
            f"| 100 casas: regra 6.4 | {inter.draw_rules['6.4']} | {fmjd.draw_rules['6.4']} | — |"]
    return Sentence("\n".join(rows))


def _three_kings_article() -> str:
    """The key under which the Brazilian game keeps its three-kings limit."""
    rules = Board().variant.draw_rules["endgames"]
    return next(rule["article"] for rule in rules if (3, 0) in rule["stronger"])


# -- exercises -----------------------------------------------------------------------------------------
def exercise_1():
    """Which pieces leave the board after g1xe3xc5xa7?"""
    return removed_pieces_question("arbitragem/ex1", "W:Wg1:Bf2,d4,b4,b6,c7,e7", "g1xe3xc5xa7")


def fmjd_three_kings_moves() -> int:
    """Moves of each side before the draw in three kings against one on 100 squares, by the FMJD
    text of 2015: the kings walk in rings until the rules declare the draw."""
    from damas.rules.game import Game
    fen, white, black = RING_100
    game = Game(Board(fen, variant="international"), rules="fmjd2015")
    kings_in_rings(game, white, black)
    return len(game.moves) // 2


def exercise_2():
    """The FMJD of 2015: how many moves of each side in three kings against one (100 squares)?"""
    moves = fmjd_three_kings_moves()
    return count_question("arbitragem/ex2", "No jogo de 100 casas, pelo texto da FMJD de 2015, o final de três damas "
                          "contra uma empata se o lado mais forte não vencer a tempo. Quantos lances de cada lado?",
                          moves, f"A FMJD de 2015 dá {moves} lances de cada lado para a regra 6.3 (as regras do "
                          f"curso dão 10).", "procure a regra 6.3 na tabela das federações, na coluna da FMJD 2015.")




def teacher_check():
    """The teacher's check: every answer of the exercises and the quiz judged by the rules."""
    return check_items(exercise_1(), exercise_2(), chapter_quiz("13"))
