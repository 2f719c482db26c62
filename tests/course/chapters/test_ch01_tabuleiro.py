"""The parts of the board named in chapter 01 (damas/course/chapters/ch01_tabuleiro_e_notacao.py), checked
against the square names and the rule book's numbers (regras 2.5, 2.6)."""

from __future__ import annotations

from damas import BRAZILIAN, INTERNATIONAL, Board
from damas.course.kit.annotation import annotate
from damas.course.chapters.ch01_tabuleiro_e_notacao import (PART_COLORS, white_left_corner, black_left_corner, column_squares, part_highlights,
                                   diagonal_lengths, long_diagonal, board_parts, row_squares)


def names(variant, squares):
    return sorted(variant.square_name(s) for s in squares)


def test_diagonals_of_both_boards():
    assert diagonal_lengths(BRAZILIAN) == [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]
    assert len(diagonal_lengths(INTERNATIONAL)) == 17 and max(diagonal_lengths(INTERNATIONAL)) == 10


def test_grande_diagonal_runs_from_a1_to_h8_between_the_left_corners():
    diagonal = long_diagonal(BRAZILIAN)
    assert names(BRAZILIAN, diagonal) == ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    assert BRAZILIAN.square_name(white_left_corner(BRAZILIAN)) == "a1"
    assert BRAZILIAN.square_name(black_left_corner(BRAZILIAN)) == "h8"
    assert len(long_diagonal(INTERNATIONAL)) == 10 and {46, 5} <= set(long_diagonal(INTERNATIONAL))


def test_rows_columns_and_parts_of_the_100_square_board():
    assert column_squares(INTERNATIONAL, 0) == [6, 16, 26, 36, 46]          # regra 2.6.2
    assert column_squares(INTERNATIONAL, 9) == [5, 15, 25, 35, 45]
    assert all(len(row_squares(INTERNATIONAL, r)) == 5 for r in range(10))
    assert row_squares(INTERNATIONAL, 0) == [1, 2, 3, 4, 5]
    p = board_parts(INTERNATIONAL)
    assert sorted(p["ângulos"]) == [5, 46] and len(p["bases"]) == 10 and len(p["tabelas"]) == 10
    colours = part_highlights(INTERNATIONAL)
    assert colours[46] == colours[5] == PART_COLORS["ângulos"] and colours[1] == PART_COLORS["bases"]
    assert colours[16] == PART_COLORS["tabelas"] and 28 not in colours


def test_anota_numbers_the_moves_and_leaves_the_board():
    assert annotate(["c3-d4", "f6-e5", "d4xf6", "g7xe5"]) == "1. c3-d4 f6-e5 2. d4xf6 g7xe5"
    board = Board()
    assert annotate(["c3-d4"], board) == "1. c3-d4" and board.fen() == Board().fen()


# -- the child's path of chapter 01 (issue 46): what its prose and quiz say, proven ----------------
import json

import pytest

from damas.course.chapters import ch01_tabuleiro_e_notacao as ch
from damas.course.kit.chapter_texts import TEXTS_DIR
from damas.errors import DamasError


def test_the_64_square_board_has_32_dark_squares_and_12_men_a_side_white_first():
    assert BRAZILIAN.size ** 2 == 64 and BRAZILIAN.squares == 32
    start = Board(ch.POSITIONS["start"])
    assert start.fen() == Board().fen() and start.turn == "W"
    rows = lambda color: {BRAZILIAN.square_name(s)[1] for s in start.men(color)}
    assert len(start.men("W")) == len(start.men("B")) == 12
    assert rows("W") == {"1", "2", "3"} and rows("B") == {"6", "7", "8"}     # «as três travessas mais perto»


def test_the_dark_corners_are_a1_and_h8_and_the_names_read_from_whites_side():
    assert BRAZILIAN.parse_square("a1") is not None and BRAZILIAN.parse_square("h8") is not None
    assert BRAZILIAN.parse_square("h1") is None and BRAZILIAN.parse_square("a8") is None     # light
    assert BRAZILIAN.square_name(white_left_corner(BRAZILIAN)) == "a1"
    assert "A casa c3: coluna c, travessa 3" in repr(ch.name_figure("c3"))
    with pytest.raises(DamasError):
        ch.name_figure("c4")                                                # a light square


def test_a_move_is_written_with_a_hyphen_and_a_capture_with_an_x():
    start, capture = Board(ch.POSITIONS["start"]), Board(ch.POSITIONS["capture"])
    assert start.move_text(start.parse_move(ch.FIRST_MOVE)) == "c3-d4"
    assert [capture.move_text(m) for m in capture.legal_moves()] == ["c3xe5"]
    assert ch.numeric_sentence() == "c3-d4 = 22-18; c3xe5 = 22x15."
    assert ch.game_line() == "1. c3-d4 f6-e5 2. d4xf6 g7xe5"


def test_the_name_exercise_offers_the_usual_slips_and_judges_by_the_name():
    quiz = ch.exercise(1)
    (question,) = quiz.questions
    assert sorted(question.options) == ["d4", "e5", "e6"]                 # d4: e5 read from Black's side
    assert question.options[question.answer] == "e5"
    for i, option in enumerate(question.options):
        assert quiz.judge(0, i)[0] == (option == "e5")
    with pytest.raises(DamasError):
        ch.exercise(6)


def test_the_quiz_says_what_the_rules_say():
    quiz = json.loads((TEXTS_DIR / "tabuleiro.json").read_text(encoding="utf-8"))["quiz"]["questions"]
    right = {q["text"]: q["options"][q["answer"]] for q in quiz}
    assert right["Quantas casas escuras tem o tabuleiro de 64 casas?"] == str(BRAZILIAN.squares)
    assert right["Qual é a grande diagonal do tabuleiro de 64 casas?"] == "a1–h8"
    assert names(BRAZILIAN, long_diagonal(BRAZILIAN))[0] == "a1" and names(BRAZILIAN, long_diagonal(BRAZILIAN))[-1] == "h8"
    assert right["Qual é a casa do canto escuro, à esquerda das brancas?"] == BRAZILIAN.square_name(white_left_corner(BRAZILIAN))
    assert right["Quantas pedras cada jogador tem no começo da partida?"] == str(len(Board().men("W")))
    assert right["Como se escreve uma tomada na notação?"] == "Com x entre as casas"


def test_para_saber_mais_sentences_are_counted_from_the_geometry():
    assert ch.diagonals_sentence() == ("Contando: o de 100 casas tem 17 diagonais, e a maior, a grande diagonal, "
                                       "tem 10 casas; o de 64 casas tem 13 diagonais, e a maior, a grande "
                                       "diagonal, tem 8 casas.")
    assert "as bases são as casas 1 a 5 e 46 a 50" in ch.parts_sentence()
    assert "a tabela da esquerda tem as casas 6, 16, 26, 36 e 46" in ch.parts_sentence()
    assert ch.names_and_numbers() == "1 = b8, 4 = h8, 22 = c3, 29 = a1, 32 = g1."
    assert ch.fen_sentence() == ("Damas brasileiras: `W:W21-32:B1-12`; damas internacionais: "
                                 "`W:W31-50:B1-20`.")
    assert ch.teacher_check() == "10 respostas conferidas pelas regras."
