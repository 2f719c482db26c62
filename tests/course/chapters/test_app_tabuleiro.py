"""The Tabuleiro app: a clear choice «com um colega» / «contra o computador»."""

from __future__ import annotations

import pytest

from damas.course.chapters.app_tabuleiro import OPPONENTS, board_app
from damas.errors import DamasError


def click(board, text):
    move = board.board.parse_move(text)
    board.click(move.start)
    board.click(move.end)


def test_with_a_classmate_both_sides_click():
    app = board_app()
    board = app.board
    assert app.opponent == "colega" and board.two_players and board.level == 0
    click(board, "c3-d4")
    assert board.banner == "Vez das pretas" and len(board.moves) == 1     # nobody answered
    click(board, "f6-g5")
    assert board.sheet == [["1.", "c3-d4", "f6-g5"]]


def test_against_the_computer_it_answers():
    app = board_app("computador")
    board = app.board
    assert not board.two_players and board.banner == "" and board.level == 1 and board.locked == ["B"]
    click(board, "c3-d4")
    assert len(board.moves) == 2                                          # the computer's reply


def test_switching_back_and_forth_starts_new_games():
    app = board_app()
    click(app.board, "c3-d4")
    app.set_opponent("computador")
    assert app.board.moves == [] and app.board.locked == ["B"]
    app.set_opponent("colega")
    assert app.board.two_players and app.board.locked == [] and app.board.level == 0
    assert app.board.banner == "Vez das brancas"
    app.set_notation("numeric")
    click(app.board, "c3-d4")
    assert app.board.sheet == [["1.", "22-18", ""]]


def test_the_box_has_the_choice():
    app = board_app()
    box = app.box()
    toggle = box.children[0]
    assert [label for label, _ in toggle.options] == list(OPPONENTS.values())
    toggle.value = "computador"
    assert app.opponent == "computador" and app.board.level == 1


def test_bad_choices_are_refused():
    with pytest.raises(DamasError):
        board_app("ninguem")
    app = board_app()
    with pytest.raises(DamasError):
        app.set_opponent(3)
    assert app.opponent == "colega"
