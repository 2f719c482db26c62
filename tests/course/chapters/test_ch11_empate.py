"""Chapter 11 (damas/course/chapters/ch11_empate_e_resultado.py): every fact the chapter states about a
position, proven by the rules; the forçada defended on the long diagonal until its limit draws it."""

from __future__ import annotations

import json
import re

from damas import Board, Game
from damas.course.chapters import ch11_empate_e_resultado as ch11
from damas.course.chapters.ch11_empate_e_resultado import defend_on_diagonal
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve
from repo_paths import NOTEBOOKS

DIAGONAL = [Board().variant.parse_square(s) for s in ch11.LONG_DIAGONAL]
NOTEBOOK = NOTEBOOKS / "11_Empate_e_resultado.ipynb"


def _markdown() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_the_king_on_a1_takes_both_men_and_black_has_no_piece():
    game = Game(Board(ch11.WITHOUT_PIECES[0]))
    moves = game.board.legal_moves()
    assert all(len(m.captured) == 2 for m in moves)                     # every legal move takes both
    assert ch11.WITHOUT_PIECES[1] in [game.board.move_text(m) for m in moves]
    game.push(ch11.WITHOUT_PIECES[1])
    assert game.result().article == "7.2.3" and game.result().score == "2-0"


def test_after_e1_f2_black_has_two_men_and_no_move():
    game = Game(Board(ch11.BLOCKADE[0]))
    game.push(ch11.BLOCKADE[1])
    board = game.board
    assert board.count("B") == 2 and board.legal_moves() == []
    assert game.result().article == "7.2.2"
    # «a pedra de h4 não pode tomar g3: f2 acabou de ser ocupada»
    before = Board(ch11.BLOCKADE[0])
    before.turn = "B"
    assert any(before.move_text(m) == "h4xf2" for m in before.legal_moves())


def test_the_kings_repeat_the_position_a_third_time_after_four_moves_each():
    fen, white, black = ch11.REPETITION
    game = Game(Board(fen))
    ch11.kings_in_rings(game, list(white), list(black))
    assert len(game.moves) == 8 and game.result().article == "6.1"


def test_kings_only_draw_after_20_moves_of_each_side_and_the_men_never_move():
    fen, white, black = ch11.KINGS_ONLY
    game = Game(Board(fen))
    counts = ch11.kings_in_rings(game, list(white), list(black))
    assert counts == list(range(1, 41)) and game.result().code == "king_moves"
    assert game.draw_rules["king_moves"] == 20
    assert {game.board.piece_at(Board().variant.parse_square(s)) is not None for s in ("g3", "a7")} == {True}


def test_three_kings_have_20_moves_of_each_side_by_the_brazilian_rules():
    assert ch11.three_kings_limit() == 20
    rule = [r for r in Board().variant.draw_rules["endgames"] if (3, 0) in r["stronger"]][0]
    assert rule["source"] == "regras do jogo de 64 casas"


def test_the_two_positions_differ_only_by_the_black_king_on_or_off_the_long_diagonal():
    off, on = Board(ch11.OFF_DIAGONAL), Board(ch11.ON_DIAGONAL)
    assert off.kings("W") == on.kings("W") and not any(k in DIAGONAL for k in off.kings("W"))
    assert off.kings("B")[0] not in DIAGONAL and on.kings("B")[0] in DIAGONAL


def test_the_model_game_holds_the_long_diagonal_and_wins_on_whites_9th_move():
    game = Game(Board(ch11.OFF_DIAGONAL))
    for n, move in enumerate(ch11.FORCADA, 1):
        game.push(move)
        if n < ch11.TRAP_FROM:
            assert any(k in DIAGONAL for k in game.board.kings("W")) and game.board.kings("B")[0] not in DIAGONAL
    assert ch11.FORCADA[0] == "h4-f6" and game.result().article == "7.2.3" and len(game.moves) == 17
    # «entre h6 e f8» at the start of the trap
    board = game.start
    for move in game.moves[:ch11.TRAP_FROM]:
        board.push(move)
    assert board.variant.square_name(board.kings("B")[0]) == "h6"


def test_in_the_trap_each_offered_king_must_be_taken_and_c1_reaches_the_black_king():
    board = Board(ch11.OFF_DIAGONAL)
    for move in ch11.FORCADA[:12]:
        board.push_text(move)
    board.push_text("f6-g7")                                   # 7. f6-g7: Black must take
    assert all(m.is_capture for m in board.legal_moves())
    board.push_text("f8xh6")
    board.push_text("h4-g5")                                   # 8. h4-g5: Black must take again
    assert all(m.is_capture for m in board.legal_moves())
    for reply in board.legal_moves():                          # wherever it lands, c1 takes it
        after = board.copy(stack=False)
        after.push(reply)
        assert any(m.is_capture and after.variant.square_name(m.start) == "c1" for m in after.legal_moves())


def test_the_trap_is_proven_a_win_in_4_moves_of_white_and_is_the_end_of_the_model_game():
    board = Board(ch11.OFF_DIAGONAL)
    for move in ch11.FORCADA[:ch11.TRAP_FROM]:
        board.push_text(move)
    proof = solve(Puzzle(board.fen(), goal="win", max_plies=7))
    assert proof.proven and (proof.plies + 1) // 2 == 4
    assert [board.move_text(m) for m in proof.winning_moves] == ["f4-c1", "h4-g5"]
    replay = board.copy(stack=False)
    texts = []
    for move in proof.main_line:
        texts.append(replay.move_text(move))
        replay.push(move)
    assert texts == ch11.FORCADA[ch11.TRAP_FROM:]


def test_on_the_diagonal_the_computer_finds_no_win_in_4_moves():
    assert not solve(Puzzle(ch11.ON_DIAGONAL, goal="win", max_plies=7)).proven


def test_defend_on_diagonal_draws_after_20_moves_of_each_side():
    game, refused = defend_on_diagonal(Board(ch11.ON_DIAGONAL), DIAGONAL)
    assert game.result().code == "endgame" and len(game.moves) == 40
    replay = game.start
    for move in game.moves:
        replay.push(move)
        assert replay.kings("B")[0] in DIAGONAL and len(replay.kings("W")) == 3
    assert all(isinstance(n, int) and isinstance(t, str) for n, t in refused)


def test_exercise_3_is_won_in_3_moves_by_g3_c7_only():
    puzzle = ch11._exercise_3_puzzle()
    proof = solve(puzzle)
    assert proof.proven and [puzzle.board().move_text(m) for m in proof.winning_moves] == ["g3-c7"]


def test_exercise_2_is_asked_after_15_moves_of_each_side():
    quiz = ch11.exercise_2()
    assert "15 lances de cada lado" in quiz.questions[0].text


def test_the_chapter_counts_moves_one_way():
    """issue 46: «20 lances quer dizer 20 lances das brancas e 20 das pretas, ou seja, 40 lances ao todo»
    and «regra 6.3» for the Brazilian limit: the chapter writes «de cada lado» and cites no article for it."""
    text = _markdown()
    assert "40 lances" not in text and "ao todo" not in text
    assert not re.search(r"regra\s+6\.3", text)
    assert len(re.findall(r"20 lances de cada lado", text)) >= 3
