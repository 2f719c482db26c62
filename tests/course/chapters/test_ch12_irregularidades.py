"""Chapter 12's own demonstrations (damas/course/chapters/ch12_irregularidades.py): the irregularity a
verdict cites, what the computer does with a refused move, what a hand does on a wooden board."""

from __future__ import annotations

from damas import Board, explain
from damas.course.chapters.ch12_irregularidades import hand_move, irregularity_number, try_move


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
