"""The chapters' demonstrations (damas/course/kit/demos.py) and multi-board figures
(damas/course/kit/figures.py), moved out of the notebooks' hidden cells."""

from __future__ import annotations

import pytest

from damas import Board, Game
from damas.course.kit.demos import kings_in_rings
from damas.course.chapters.ch11_empate_e_resultado import defend_on_diagonal
from damas.course.chapters.ch12_irregularidades import irregularity_number, hand_move, try_move
from damas.rules.explain import explain


def test_irregularidade_reads_the_number_in_the_verdict():
    # 06: moving the opponent's piece is irregularity 5.4.05.
    verdict = explain(Board(), "b6-a5")
    assert not verdict.legal and irregularity_number(verdict) == "5.4.05"
    assert irregularity_number(explain(Board(), "c3-d4")) is None


def test_tenta_plays_or_refuses_without_change(capsys):
    board = Board()
    try_move(board, "c3-d4")
    assert "c3-d4: jogado." in capsys.readouterr().out and board.turn == "B"
    before = board.fen()
    try_move(board, "d4-e5")           # White again: refused
    out = capsys.readouterr().out
    assert out.startswith("d4-e5: RECUSADO.") and board.fen() == before


def test_mao_moves_a_piece_without_rules_and_leaves_the_board():
    # 06: White must capture with c3 but the hand plays g3-h4 (5.4.06).
    board = Board("W:Wc3,g3:Bd4")
    assert not explain(board, "g3-h4").legal
    after = hand_move(board, "g3", "h4")
    square = board.variant.parse_square
    assert after.piece_at(square("h4")) is not None and after.piece_at(square("g3")) is None
    assert after.turn == "B"
    assert board.piece_at(square("g3")) is not None and board.turn == "W"


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


def test_defende_na_diagonal_draws_by_rule_6_3():
    diagonal = [Board().variant.parse_square(s) for s in ("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8")]
    game, refused = defend_on_diagonal(Board("W:WKb8,Kh4,Kg1:BKg7"), diagonal)
    assert game.result().code == "endgame" and game.result().article == "6.3" and len(game.moves) == 40
    replay = game.start
    for move in game.moves:
        replay.push(move)
        assert replay.kings("B")[0] in diagonal and len(replay.kings("W")) == 3
    assert all(isinstance(n, int) and isinstance(t, str) for n, t in refused)


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
