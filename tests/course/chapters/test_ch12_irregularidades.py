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
    assert out.startswith("d4-e5: recusado.") and board.fen() == before


def test_mao_moves_a_piece_without_rules_and_leaves_the_board():
    # 06: White must capture with c3 but the hand plays g3-h4 (5.4.06).
    board = Board("W:Wc3,g3:Bd4")
    assert not explain(board, "g3-h4").legal
    after = hand_move(board, "g3", "h4")
    square = board.variant.parse_square
    assert after.piece_at(square("h4")) is not None and after.piece_at(square("g3")) is None
    assert after.turn == "B"
    assert board.piece_at(square("g3")) is not None and board.turn == "W"


# -- the facts chapter 12 states (issue 46: each cell one call; the asserts of the cells live here) ------
from damas.course.chapters import ch12_irregularidades as ch12  # noqa: E402


def test_the_long_diagonal_starts_at_each_players_left():
    board = Board()
    squares = [board.variant.parse_square(s) for s in ch12.LONG_DIAGONAL]
    assert None not in squares                                            # all eight are dark squares
    assert board.variant.square_to_rc(squares[0]) == (7, 0)               # a1: White's bottom left
    assert board.variant.square_to_rc(squares[-1]) == (0, 7)              # h8: Black's bottom left


def test_a_second_white_move_is_refused_citing_5_4_05_and_nothing_changes():
    board = Board()
    assert ch12.attempt_line(board, "c3-d4").endswith("jogado.")
    before = board.fen()
    line = ch12.attempt_line(board, "d4-e5")
    assert "recusado" in line and "5.4.05" in line and board.fen() == before


def test_the_three_wrong_moves_break_rules_3_4_and_3_9_and_there_is_no_capture():
    fen, attempts = ch12.WRONG_MOVES
    board = Board(fen)
    assert not any(m.is_capture for m in board.legal_moves())
    assert [explain(board, a).article for a in attempts] == ["3.4", "3.4", "3.9"]


def test_the_capture_errors_and_their_irregularities():
    fen, attempts = ch12.CAPTURE_ERRORS
    board = Board(fen)
    assert [board.move_text(m) for m in board.legal_moves()] == ["c3xc7"]
    assert len(board.legal_moves()[0].captured) == 2
    for attempt, number in attempts:
        verdict = explain(board, attempt)
        assert not verdict.legal and irregularity_number(verdict) == number
    assert not explain(board, "c3xe5").legal and explain(board, "c3xe5xc7").legal   # no half correction


def test_rectify_or_keep_lead_to_different_captures():
    fen, start, end = ch12.HAND
    before = Board(fen)
    assert irregularity_number(explain(before, f"{start}-{end}")) == "5.4.06"
    after = hand_move(before, start, end)
    assert [before.move_text(m) for m in before.legal_moves()] == ["c3xe5"]
    assert [after.move_text(m) for m in after.legal_moves()] == ["d4xb2"] and after.turn == "B"


def test_on_the_practice_board_c3_then_e5_plays_the_whole_capture():
    board = ch12.practice_board()
    square = board.board.variant.parse_square
    board.click(square("c3"))
    board.click(square("e5"))
    assert board.moves == ["c3xc7"]


def test_on_the_board_a_click_only_selects_and_another_click_changes_the_choice():
    from damas.widget.board import BoardWidget
    board = BoardWidget(Board())
    square = board.board.variant.parse_square
    board.click(square("c3"))
    board.click(square("e3"))
    assert board.selected == square("e3") and board.moves == []
    board.click(square("d4"))
    board.undo()                                                          # «Desfazer»
    assert board.board == Board() and board.moves == []


def test_the_table_of_chapter_12_matches_the_irregularities_of_the_sheet():
    import json
    import re
    from damas.course.kit.sheets import IRREGULARITIES
    from repo_paths import NOTEBOOKS
    cells = json.loads((NOTEBOOKS / "12_Irregularidades.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    rows = re.findall(r"^\| (5\.4\.\d\d) \|", text, re.M)
    assert len(rows) == 8 and set(rows) <= {n for n, _ in IRREGULARITIES}
    assert "5.4.07" not in rows and len(IRREGULARITIES) - len(rows) == 6    # «as outras seis»
