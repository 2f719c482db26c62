"""The forçada drills and the challenge, driven without a browser: the
endgame database judges every move."""

import os

import pytest

pytest.importorskip("anywidget")

from damas import Board
from damas.engine import endgames  # noqa: E402
from damas.course.chapters.ch09_finais import DRILLS, EndgameDrill  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def quiet():
    old = os.environ.get(endgames.ENV_PROGRESS)
    os.environ[endgames.ENV_PROGRESS] = "0"
    yield
    if old is None:
        os.environ.pop(endgames.ENV_PROGRESS, None)
    else:
        os.environ[endgames.ENV_PROGRESS] = old


def test_every_drill_is_a_win_and_graded():
    groups = [g for g, _, _ in DRILLS]
    assert groups == sorted(groups, key=["A armadilha final", "O meio da forçada", "A forçada inteira"].index)
    for _, _, fen in DRILLS:
        assert endgames.probe(Board(fen))[0] == 1


def test_a_winning_move_is_accepted_and_the_defender_resists_longest():
    drill = EndgameDrill()
    board = drill.board.copy()
    # any winning move, not only the fastest one
    vals = endgames.move_values(board)
    slow = max((p, m) for m, v, p in vals if v == 1)[1]
    verdict = drill.play(slow)
    assert verdict.status == "good"
    board.push(slow)
    assert verdict.reply in endgames.best_moves(board)
    assert len(drill.board.move_stack) == 2


def test_a_move_that_throws_the_win_away_is_refused_with_the_saving_line():
    drill = EndgameDrill(index=5)
    start = drill.board.fen()
    board = drill.board.copy()
    bad = next(m for m, v, _ in endgames.move_values(board) if v != 1)
    verdict = drill.play(bad)
    assert verdict.status == "thrown"
    assert drill.board.fen() == start and not drill.board.move_stack  # taken back
    assert verdict.line and "Tente de novo" in verdict.message
    board.push(bad)
    assert verdict.line[0] in endgames.best_moves(board)  # the defender's saving move
    assert drill.widget.message == verdict.message


def test_a_drill_is_solved_by_the_database_line():
    drill = EndgameDrill(index=0)
    while drill.verdict is None or drill.verdict.status == "good":
        move = endgames.best_moves(drill.board)[0]
        drill.play(move)
    assert drill.verdict.status == "won" and 0 in drill.solved
    assert drill.widget.game.result().score == "2-0"


def test_the_challenge_is_won_within_the_20_move_rule_by_the_best_line():
    drill = EndgameDrill(challenge=True)
    assert endgames.probe(drill.board) == (1, 25)
    while drill.verdict is None or drill.verdict.status == "good":
        drill.play(endgames.best_moves(drill.board)[0])
    assert drill.verdict.status == "won"
    assert len(drill.widget.game.moves) == 25  # 13 white moves, the longest defence


def test_the_challenge_lets_a_slip_stand_and_the_game_ends_drawn():
    drill = EndgameDrill(challenge=True)
    board = drill.board
    slip = next(m for m, v, _ in endgames.move_values(board) if v == 0)
    verdict = drill.play(slip)
    assert verdict.status == "escaped" and "escapou" in verdict.message
    assert len(drill.widget.game.moves) == 2  # not taken back; the defender answered
    assert endgames.probe(drill.board)[0] == 0
    # the Game ends it by a draw rule (here the repetition comes before the 20 moves)
    for _ in range(40):
        if drill.verdict.status == "draw":
            break
        drill.play(endgames.best_moves(drill.board)[0])
    assert drill.verdict.status == "draw"
    assert drill.widget.game.result().score == "1-1"


@pytest.mark.slow
def test_the_drill_board_is_an_exercise_board():
    # No «Desfazer», «Nova partida» or set-up (no move is taken back in the challenge); a bad
    # index is the package's own error.
    for drill in (EndgameDrill(), EndgameDrill(challenge=True)):
        assert drill.widget.exercise
    with pytest.raises(endgames.EndgameError, match="Exercício inexistente"):
        EndgameDrill().load(10 ** 5000)
