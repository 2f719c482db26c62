"""Chapter 14 (damas/course/chapters/ch14_damas_internacionais.py): the facts the chapter states about the
100-square game, proven by the rules and by the 10x10 endgame table."""

from __future__ import annotations

import pytest

from damas import Board
from damas.course.chapters import ch14_damas_internacionais as ch14
from damas.engine import endgames


def test_the_100_square_board_its_numbers_and_diagonals():
    board = Board("international")
    v = board.variant
    assert len(v.square_range) == 50 and v.size == 10
    assert v.square_to_rc(1)[0] == 0                                     # square 1 on the top row (Black's side)
    assert ch14.long_diagonal() == [46, 41, 37, 32, 28, 23, 19, 14, 10, 5]   # from 46 to 5, ten squares
    assert v.rc_to_square(v.size - 1, 0) == 46                            # at White's left
    assert len(ch14.diagonals()) == 17
    assert sorted(board.men("W")) == list(range(31, 51)) and sorted(board.men("B")) == list(range(1, 21))
    assert not any(board.piece_at(s) for s in range(21, 31))               # the two middle rows start empty
    assert board.turn == "W"
    assert [board.move_text(m) for m in board.legal_moves()][0].count("-") == 1   # numeric notation: 31-26…
    assert "32-28" in [board.move_text(m) for m in board.legal_moves()]


def test_the_table_of_what_changes_reads_the_rules():
    table = str(ch14.what_changes())
    assert "| pedras de cada lado | 12 | 20 |" in table
    assert "| primeiros lances possíveis das brancas | 7 | 9 |" in table
    assert "| só damas se movem, sem tomada: empate depois de | 20 lances de cada lado | 25 lances de cada lado |" in table
    assert "| três damas contra uma: empate depois de | 20 lances de cada lado | 10 lances de cada lado |" in table


def test_the_king_on_28_reaches_17_squares_and_the_man_on_32_must_take_two():
    assert len(Board("W:WK28:B", variant="international").legal_moves()) == 17
    board = Board("W:W32:B27,17,28", variant="international")
    assert [board.move_text(m) for m in board.legal_moves()] == ["32x12"]
    assert len(board.legal_moves()[0].captured) == 2


def test_three_kings_against_one_on_10x10_mostly_draws_and_every_win_fits_rule_6_3():
    f = ch14.three_kings_figures()
    a = f["all"]
    assert a["positions"] == 921200 and round(100 * a["draws"] / a["positions"]) == 94
    assert a["loss_moves"] == 8 and a["loss_moves"] <= f["limit"] == 10
    assert "94 de cada 100" in str(ch14.three_kings_100()) and "921.200" in str(ch14.three_kings_100())
    assert "| na grande diagonal | 184.240 | 170.782 | 11.362 | 2.096 |" in str(ch14.three_kings_table())


@pytest.mark.slow
def test_the_kept_three_kings_figures_are_the_10x10_tables():
    """THREE_KINGS_100, which the chapter prints, is what the table says today (built here: 5 s)."""
    from damas.course.kit import forcada
    assert forcada.international_three_kings() == ch14.THREE_KINGS_100
    assert endgames.table("international", (0, 3, 0, 1)).max_plies <= 16      # White to move too


def test_the_combinations_named_in_the_chapter_are_in_the_collection():
    themes = {p.theme for p in ch14.classics()}
    for name in ("golpe Napoleão", "golpe real", "golpe da bomba", "golpe do rosário", "golpe Philippe",
                 "golpe normando", "golpe duplo-dois"):
        assert name in themes, name
    assert ch14.classic("golpe normando").variant == "international"
