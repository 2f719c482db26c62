"""The mini-games: their goals judged by the package, their starts proven, the computer playing
for the goal, level 1 beaten by sensible play, the live board and the stars saved."""

from __future__ import annotations

import pytest

from damas import Board
from damas.course.kit import minigames as mg
from damas.course.kit.goal_search import goal_scores, is_win, solve_goal
from damas.course.kit.progress import Progress
from damas.errors import ArgumentError, DamasError
from damas.rules.colors import BLACK, WHITE


def rotated(board: Board) -> str:
    """The position turned half round with the colours swapped (the other side's view)."""
    n = board.variant.squares
    swapped = {n + 1 - sq: piece for sq, piece in board.pieces().items()}
    white = sorted(sq for sq, p in swapped.items() if p.color == BLACK)
    black = sorted(sq for sq, p in swapped.items() if p.color == WHITE)
    return f"{board.turn}:W{','.join(map(str, white))}:B{','.join(map(str, black))}"


def test_three_minigames_at_least():
    assert {"so-pedras", "tres-contra-tres", "tome-todas"} <= set(mg.MINIGAMES)


@pytest.mark.parametrize("index", range(3))
def test_so_pedras_starts_are_the_same_for_both_sides(index):
    start = mg.MINIGAMES["so-pedras"].start(index)
    assert not start.kings(WHITE) and not start.kings(BLACK)
    assert Board(rotated(start)).fen() == start.fen()
    # a false case: one man moved breaks the symmetry
    start.push(start.legal_moves()[0])
    start.turn = WHITE
    assert Board(rotated(start)).fen() != start.fen()


@pytest.mark.parametrize("key", ["tres-contra-tres", "tome-todas"])
@pytest.mark.parametrize("index", range(3))
def test_each_start_can_be_won_by_white(key, index):
    """The claim the course makes of these starts: with best play, White (the student) wins."""
    game = mg.MINIGAMES[key]
    start = game.start(index)
    winner, positions = solve_goal(start, lambda b: game.winner(b, start))
    assert winner == WHITE
    assert positions > 100


@pytest.mark.slow
def test_first_so_pedras_start_is_won_by_the_first_to_move():
    game = mg.MINIGAMES["so-pedras"]
    start = game.start(0)
    assert solve_goal(start, lambda b: game.winner(b, start), limit=3_000_000)[0] == WHITE


def test_solve_goal_finds_a_lost_start():
    """The proof can fail: a start where Black wins is found so."""
    game = mg.MINIGAMES["tres-contra-tres"]
    start = Board("W:Wc3,e3,g3:Ba5,b6,d6")
    assert solve_goal(start, lambda b: game.winner(b, start))[0] == BLACK


def test_goals_are_judged():
    crown = mg.MINIGAMES["so-pedras"]
    start = crown.start(0)
    assert crown.winner(Board("B:WKb8,c3:Bd6,f6"), start) == WHITE
    assert crown.winner(Board("W:Wc3,e3:BKa1,f6"), start) == BLACK
    assert crown.winner(Board("W:Wc3:Bf6"), start) is None
    first = mg.MINIGAMES["tres-contra-tres"]
    start = first.start(0)
    assert first.winner(Board("B:Wa3,c3,e3:Bd6,f6"), start) == WHITE       # a black man taken
    assert first.winner(Board("W:Wa3,c3:Bd6,f6,h6"), start) == BLACK
    assert first.winner(start, start) is None
    hunt = mg.MINIGAMES["tome-todas"]
    start = hunt.start(0)
    assert hunt.winner(Board("B:Wa3,e3:B"), start) == WHITE
    assert hunt.winner(Board("W:Wa3,e3:BKe1"), start) == BLACK
    assert hunt.winner(Board("W:WKa7:Bh6"), start) is None                   # a white king goes on
    # regra 7.2: no move loses
    assert crown.winner(Board("W:Wa7:Bb8,c7"), crown.start(0)) == BLACK


def test_goal_game_ends_at_the_goal_with_its_reason():
    game = mg.GoalGame(mg.MINIGAMES["so-pedras"], Board("W:Wb6:Bh6"))
    assert game.result().score is None
    game.push("b6-a7"); game.push("h6-g5"); game.push("a7-b8")
    result = game.result()
    assert (result.score, result.winner) == ("2-0", WHITE)
    assert result.reason == "As brancas fizeram dama primeiro."


def test_the_computer_plays_for_the_goal():
    """Black to move: its man on c3 crowns in two moves; taking on f4 wins material.  The
    capture is not compulsory here (no white piece can be taken), so it is the race that
    decides: every level runs, and the search scores the race's win as a win."""
    board = Board("B:Wa1,g1,h2:Bc3")
    game = mg.MINIGAMES["so-pedras"]
    scores = goal_scores(board, 3, lambda b: game.judge(b, board), game.score)
    assert any(is_win(s) and s > 0 for _, s in scores)
    for level in mg.LEVELS:
        move = mg.computer_move("so-pedras", board, level)
        after = board.copy(stack=False)
        after.push(move)
        assert mg.MINIGAMES["so-pedras"].score(after, BLACK) > game.score(board, BLACK) - 100


def test_level_three_plays_the_goal_where_the_engine_plays_material():
    """Três contra três after 1. e3-f4 (found by a search over seeded games): Black wins with
    best play.  The engine's move (its material evaluation, four plies) loses the mini-game;
    level 3 (the goal, four plies) keeps it won.  Both verdicts by the exhaustive search."""
    from damas.engine.search import best_move
    game = mg.MINIGAMES["tres-contra-tres"]
    start = game.start(0)
    board = Board("B:W19,21,22:B10-12")
    judge = lambda b: game.winner(b, start)  # noqa: E731
    assert solve_goal(board, judge)[0] == BLACK

    def after(move):
        child = board.copy(stack=False)
        child.push(move)
        return solve_goal(child, judge)[0]
    engine = best_move(board, depth=4)
    assert board.move_text(engine) == "d6-c5" and after(engine) == WHITE
    ours = mg.computer_move("tres-contra-tres", board, 3, start=start)
    assert board.move_text(ours) == "f6-e5" and after(ours) == BLACK


def test_computer_is_deterministic():
    board = mg.MINIGAMES["so-pedras"].start(1)
    board.push(board.legal_moves()[2])
    for level in mg.LEVELS:
        moves = {str(mg.computer_move("so-pedras", board, level)) for _ in range(3)}
        assert len(moves) == 1


@pytest.mark.parametrize("key", sorted(mg.MINIGAMES))
def test_level_one_loses_most_games_to_sensible_play(key):
    """Seeded games (the benchmark plays more: benchmarks/minigames.py)."""
    game = mg.MINIGAMES[key]
    wins = games = 0
    for start in range(len(game.starts)):
        for seed in range(4):
            winner, moves = mg.play_out(
                key, start, lambda b, f, s=seed: mg.sensible_move(key, b, seed=s, start=f),
                lambda b, f: mg.computer_move(key, b, 1, start=f))
            assert winner is not None and moves
            wins += winner == WHITE
            games += 1
    assert wins > games / 2


def test_bad_input_is_refused_in_portuguese():
    with pytest.raises(DamasError, match="Minijogo desconhecido"):
        mg.minigame("xadrez")
    with pytest.raises(ArgumentError):
        mg.minigame("so-pedras", level=9)
    with pytest.raises(ArgumentError):
        mg.minigame("so-pedras", level=True)


# -- the live board ----------------------------------------------------------------------------
def click_move(widget, move):
    for square in (move.start, move.end):
        widget.click(square)


def play_to_the_end(run, seed=0):
    for _ in range(200):
        if run.widget.result:
            return
        move = mg.sensible_move(run.key, run.widget.board, seed=seed, start=run.game.start(run.index))
        click_move(run.widget, move)
    raise AssertionError("the game did not end")


def test_a_win_by_clicks_saves_its_stars(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path))
    from damas.course.kit.store import _reset_progress_cache
    _reset_progress_cache()
    run = mg.minigame("tres-contra-tres")
    run.widget.click(12)          # an empty square: not a move the rules refused
    run.widget.click(10)          # a black man: the other side's piece
    assert run.refused == 0
    run.widget.click(21)          # a3 ...
    run.widget.click(13)          # ... to a5: refused (a man moves one square)
    assert run.refused == 1
    run.widget.cancel()
    play_to_the_end(run)
    assert run.widget.result == "2-0" and run.winner == WHITE
    assert run.stars == 2
    assert "Você venceu" in run.widget.message
    assert Progress(folder=tmp_path).minigame_stars("tres-contra-tres", 1) == 2
    assert run.widget.actions == ["retry"]
    run.widget.retry()             # «Tentar de novo»: the next start
    assert run.index == 1 and run.widget.fen == mg.MINIGAMES["tres-contra-tres"].start(1).fen()
    assert not run.widget.result and run.refused == 0


def test_level_chooser_starts_a_new_game():
    run = mg.minigame("so-pedras")
    click_move(run.widget, run.widget.board.legal_moves()[0])
    assert len(run.widget.moves) == 2          # the student's move and the computer's answer
    run.set_level(3)
    assert run.level == 3 and run.widget.moves == []
    with pytest.raises(ArgumentError):
        run.set_level(0)
    assert run.level == 3


def test_black_pieces_cannot_be_moved_by_clicks():
    run = mg.minigame("tome-todas")
    widget = run.widget
    fen = widget.fen
    widget.click(9)
    widget.click(13)
    assert widget.fen == fen
