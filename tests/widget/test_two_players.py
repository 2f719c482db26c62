"""Two classmates at one computer: ``BoardWidget(two_players=True)``."""

from __future__ import annotations

import pytest

from damas import Game
from damas.errors import DamasError
from damas.widget.board import BoardWidget


def play(widget, *moves):
    for text in moves:
        move = widget.board.parse_move(text)
        widget.click(move.start)
        widget.click(move.end)


def test_each_side_by_clicks_and_the_turn_in_big_letters():
    w = BoardWidget(two_players=True)
    assert w.two_players and w.banner == "Vez das brancas"
    play(w, "c3-d4")
    assert w.banner == "Vez das pretas" and w.turn == "B"
    play(w, "f6-e5")                                   # Black by clicks too: no computer answers
    assert w.banner == "Vez das brancas" and w.moves == ["c3-d4", "f6-e5"]


def test_the_score_sheet_is_filled_as_they_play():
    w = BoardWidget(two_players=True)
    play(w, "c3-d4", "f6-e5", "d4xf6", "g7xe5")
    assert w.sheet == [["1.", "c3-d4", "f6-e5"], ["2.", "d4xf6", "g7xe5"]]
    game = Game()
    for text in ("c3-d4", "f6-e5", "d4xf6", "g7xe5"):
        game.push(text)
    assert w.sheet == [[f"{i}.", *pair] for i, pair in
                       enumerate(zip(game.notation_list()[::2], game.notation_list()[1::2]), 1)]
    w.set_notation("numeric")                          # regra 8.2, as chapter 10 writes it
    numeric = game.notation_list("numeric")
    assert w.sheet == [["1.", *numeric[:2]], ["2.", *numeric[2:]]]
    assert w.sheet[0][1:] == ["22-18", "11-15"]
    w.undo()
    assert w.sheet == [["1.", *numeric[:2]], ["2.", numeric[2], ""]] and w.banner == "Vez das pretas"


def test_the_end_in_big_letters():
    w = BoardWidget("B:Wd4:Be5", two_players=True)          # Black must take and the white side is gone
    play(w, "e5xc3")
    assert w.result == "0-2" and w.banner == "Vitória das pretas!"


def test_the_other_boards_have_no_banner():
    assert BoardWidget().banner == ""
    assert BoardWidget(computer="B").banner == ""


@pytest.mark.parametrize("options", [{"computer": "B"}, {"solo": "W"}, {"exercise": True}, {"locked": ["B"]}])
def test_two_players_alone_at_the_board(options):
    with pytest.raises(DamasError, match="Dois jogadores"):
        BoardWidget(two_players=True, **options)


def test_bad_input_changes_nothing():
    w = BoardWidget(two_players=True)
    play(w, "c3-d4")
    sheet, fen = w.sheet, w.fen
    w.set_notation("romana")
    assert "Notação desconhecida" in w.message and w.sheet == sheet and w.notation == ""
    w.handle_message({"type": "set_notation", "notation": 7})
    assert w.sheet == sheet and w.fen == fen
    with pytest.raises(DamasError):
        w.set_computer("B")
    assert w.level == 0 and w.locked == []
    with pytest.raises(DamasError):
        BoardWidget(two_players="sim")
    with pytest.raises(DamasError):
        BoardWidget(two_players=True, notation="romana")


def test_a_new_game_of_100_squares_writes_numbers():
    w = BoardWidget(two_players=True, notation="algebraic")
    w.new_game("international")
    play(w, "32-28")
    assert w.sheet == [["1.", "32-28", ""]] and w.banner == "Vez das pretas"
