"""Chapter 09's own pieces (damas/course/chapters/ch09_finais.py): the forçada drills and the
challenge, driven without a browser (the endgame database judges every move), and the
database's verdict in words."""

import os

import pytest

pytest.importorskip("anywidget")

from damas import Board  # noqa: E402
from damas.engine import endgames  # noqa: E402
from damas.course.chapters.ch09_finais import DRILLS, EndgameDrill, endgame_sentence  # noqa: E402
from damas.engine.endgames import probe  # noqa: E402


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


def test_endgame_distances_count_the_winners_lances():
    """«lance» is one player's move (regra 3.2): a distance is the winner's lances on the best line,
    never the moves of both sides counted together."""
    import re
    from damas.engine.endgames import best_line
    from damas.course.kit.words import COLOR
    for fen in ("W:WKa1,Kc1:BKh8", "B:WKa1,Kc1:BKh8", "B:Wg5:Bh8"):
        board = Board(fen)
        value, _ = probe(board)
        line = best_line(board)
        winner = board.turn if value > 0 else ("B" if board.turn == "W" else "W")
        mover, winners_moves = board.turn, 0
        for _ in line:
            winners_moves += mover == winner
            mover = "B" if mover == "W" else "W"
        text = str(endgame_sentence(board))
        said = re.search(rf"as {COLOR[winner]} (?:jogam e )?vencem em (\d+) lances?", text, re.I)
        assert said and int(said.group(1)) == winners_moves, (fen, text, winners_moves)
        assert "dois lados" not in text
    assert endgame_sentence(Board("B:WKa1,Kc1:BKh8")) == "As pretas jogam e perdem: as brancas vencem em 1 lance."



def test_endgame_drill_counts_in_good_portuguese():
    from damas.course.chapters.ch09_finais import TEXTS
    from damas.course.kit.sentences import plural
    assert "{left} lances" not in TEXTS["good"]
    assert plural(1, "lance", "lances") == "1 lance"


def test_the_endgame_sentence_says_what_the_database_says():
    board = Board("W:WKa1:BKc3")
    assert probe(board) == (1, 1)
    assert endgame_sentence(board) == "As brancas jogam e vencem em 1 lance."
