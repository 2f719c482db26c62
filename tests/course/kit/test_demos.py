"""The demonstrations shared by chapters 11 and 13 (damas/course/kit/demos.py) and the multi-board
figures (damas/course/kit/figures.py).  (A chapter's own demonstrations: tests/course/chapters/.)"""

from __future__ import annotations

import pytest

from damas import Board, Game
from damas.course.kit.demos import kings_in_rings


def test_em_roda_ends_by_repetition_and_counts_king_moves():
    game = Game(Board("W:WKh2:BKa7"))
    counts = kings_in_rings(game, ["h2", "g1"], ["a7", "b8"])
    assert game.is_over() and game.result().article == "6.1"
    assert counts == list(range(1, len(game.moves) + 1))


def test_em_roda_stops_at_the_limit():
    game = Game(Board("W:Wg3,Kc3:Ba7,Kf8"))
    counts = kings_in_rings(game, ["c3", "a1", "b2"], ["f8", "e7", "g5", "h6"], until=6)
    assert len(game.moves) == 6 and len(counts) == 6 and not game.is_over()


def test_em_roda_international_fmjd2015_counts_32_moves():
    # 07, exercise 4: the FMJD 2015 rules give 16 moves each for rule 6.3.
    game = Game(Board("W:WK34,K40,K45:BK2", variant="international"), rules="fmjd2015")
    assert len(kings_in_rings(game, [34, 43, 39], [2, 13, 19, 8])) == 32 and game.result().article == "6.3"


def test_quadros_draws_a_frame_per_move_with_score_sheet_captions():
    # An SVG picture (no matplotlib): chapter 11 shows it in the browser too.
    import xml.etree.ElementTree as ET
    from damas.display.svg import SVG
    from damas.course.kit.figures import frames
    board = Board()
    game = Game()
    for text in ("c3-d4", "f6-e5", "d4xf6"):
        game.push(text)
    figure = frames(Board(), game.moves, first_move=1, per_row=2)
    assert isinstance(figure, SVG)
    root = ET.fromstring(figure)
    ns = "{http://www.w3.org/2000/svg}"
    titles = [g.find(f"{ns}text").text for g in root.findall(f"{ns}g")]
    assert titles == ["A posição", "1. c3-d4", "1... f6-e5", "2. d4xf6"]
    boards = [g.find(f"{ns}svg") for g in root.findall(f"{ns}g")]
    assert len({b.get("y") for b in boards}) == 2          # two a row
    assert boards[-1].find(f"{ns}title").text == game.board.fen()
    assert Board().fen() == board.fen()
    # the numbers go on from first_move, a black move first as on the score sheet
    after = Board()
    after.push_text("c3-d4")
    assert "6... f6-e5" in frames(after, ["f6-e5"], first_move=6)
