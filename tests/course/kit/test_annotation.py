"""Reading an annotated game (damas/course/kit/annotation.py, chapter 10) and the clock
demonstration (damas/demos.relogio)."""

from __future__ import annotations

import pytest

from damas import Board
from damas.course.kit.annotation import board_after, marked_moves, picture_after, marked_moves_text
from damas.errors import DamasError
from damas.rules.pdn import read_games

PDN = ('[White "A"]\n[Black "B"]\n[Result "*"]\n[GameType "26"]\n\n'
       '1. c3-d4 f6-e5? {Entrega a pedra.} 2. d4xf6! g7xe5 *')


@pytest.fixture
def game():
    return read_games(PDN)[0]


def test_marked_moves_carry_number_colour_sign_and_comments(game):
    assert marked_moves(game) == [(1, "B", "f6-e5", "?", ["Entrega a pedra."]), (2, "W", "d4xf6", "!", [])]
    assert marked_moves_text(game) == "1... f6-e5? Entrega a pedra.\n2. d4xf6!"


def test_board_after_n_moves(game):
    assert board_after(game, 0).fen() == Board().fen()
    expected = Board()
    for text in ("c3-d4", "f6-e5"):
        expected.push_text(text)
    assert board_after(game, 2).fen() == expected.fen()
    with pytest.raises(DamasError, match="4 lances"):
        board_after(game, 5)


def test_picture_is_titled_with_the_last_move_and_its_sign(game):
    assert "Depois de 1... f6-e5?" in str(picture_after(game, 2))
    assert "Posição inicial" in str(picture_after(game, 0))


