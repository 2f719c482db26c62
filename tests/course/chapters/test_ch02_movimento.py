"""What chapter 02 (notebooks/02_Movimento.ipynb) says of its positions, proven by the rules.

The chapter's cells are one call each into damas/course/chapters/ch02_movimento.py; the facts its
prose states about those positions (which moves, how many, which refusal and its article) are
checked here once."""

from __future__ import annotations

from damas import Board, Piece, explain
from damas.course.chapters import ch02_movimento as ch
from damas.course.kit.oneliners import move_texts


def test_a_man_goes_one_square_forward_white_up_black_down():
    assert move_texts(Board(ch.POSITIONS["white_man"])) == ["d4-c5", "d4-e5"]
    assert move_texts(Board(ch.POSITIONS["black_man"])) == ["e5-d4", "e5-f4"]
    assert explain(Board(ch.POSITIONS["white_man"]), "d4-c3").article == "3.4"     # «para trás não anda»


def test_at_the_start_only_the_front_men_move_seven_moves():
    board = Board(ch.POSITIONS["start"])
    assert board.fen() == Board().fen()
    moves = board.legal_moves()
    assert len(moves) == 7
    assert {board.variant.square_name(m.start) for m in moves} == {"a3", "c3", "e3", "g3"}
    assert "Os 7 primeiros lances" in repr(ch.start_figure())


def test_the_man_that_ends_on_the_last_row_becomes_a_king_and_the_turn_passes():
    board = Board(ch.POSITIONS["crowning"])
    assert move_texts(board) == ["c7-b8", "c7-d8"] and all(m.promotes for m in board.legal_moves())
    board.push_text("c7-d8")
    assert board.piece_at(board.variant.parse_square("d8")) == Piece("W", king=True)
    assert board.turn == "B"


def test_the_king_goes_far_both_ways_and_its_own_man_closes_the_way():
    king = Board(ch.POSITIONS["king"])
    assert len(move_texts(king)) == 13
    assert {t.split("-")[1] for t in move_texts(king)} >= {"c3", "e5", "c5", "e3", "a1", "h8", "a7", "g1"}
    blocked = Board(ch.POSITIONS["blocked_king"])
    assert sorted(t for t in move_texts(blocked) if t.startswith("a1")) == ["a1-b2", "a1-c3", "a1-d4"]
    assert "A dama alcança 13 casas" in repr(ch.king_figures())


def test_the_refusals_shown_cite_the_article_of_each_mistake():
    articles = [explain(Board(fen), attempt).article for fen, attempt in ch.REFUSALS]
    assert articles == ["3.4", "3.4", "3.9"]
    text = ch.refusals()
    assert text.count("\n") == len(ch.REFUSALS) - 1
    assert all(f"**{attempt}**" in text for _, attempt in ch.REFUSALS)
    assert "regra 3.4" in text and "regra 3.9" in text


def test_passing_the_last_row_in_a_capture_does_not_crown():
    board = Board(ch.POSITIONS["passing"])
    (move,) = board.legal_moves()
    assert [board.variant.square_name(s) for s in move.path] == ["b6", "d8", "f6"] and not move.promotes
    board.push(move)
    assert board.piece_at(board.variant.parse_square("f6")) == Piece("W", king=False)
    assert explain(Board(ch.POSITIONS["passing"]), "b6xd8").article == "4.15"


def test_the_figures_are_pictures():
    for make in (ch.man_figures, ch.start_figure, ch.crowning_figures, ch.king_figures, ch.passing_figure):
        picture = make()
        html = picture._repr_html_() if hasattr(picture, "_repr_html_") else picture._repr_mimebundle_()["text/html"]
        assert "<img" in html
