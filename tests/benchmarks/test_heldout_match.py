"""benchmarks/heldout_match.py: the held-out openings (drawn by a fixed seed, apart
from every opening the evaluation was fitted or tuned on) and the score's interval.

No game is timed here: the match itself is benchmarks/match.py's, tested in test_match.py."""

import random
import sys

import pytest

from damas import Board
from repo_paths import REPO
from script_files import load_script

held = load_script("benchmarks/heldout_match.py")
sys.path.insert(0, str(REPO / "scripts"))
import tune_evaluation  # noqa: E402

VARIANT = "international"


@pytest.fixture(scope="module")
def seen():
    return held.seen_positions(VARIANT)


@pytest.fixture(scope="module")
def drawn(seen):
    return held.heldout_openings(VARIANT, 50, seen)


@pytest.mark.slow        # the module fixtures read every opening the fits used (seconds)
def test_the_draw_repeats_and_gives_fifty_distinct_quiet_lines(seen, drawn):
    assert held.heldout_openings(VARIANT, 50, seen) == drawn
    positions = set()
    for line in drawn:
        board = Board(VARIANT)
        for text in line:
            (move,) = [m for m in board.legal_moves() if board.move_text(m) == text]
            assert not move.is_capture
            board.push(move)
        assert len(line) == 4
        assert not board.legal_moves()[0].is_capture      # nothing to take when the game starts
        positions.add(held.key(board))
    assert len(positions) == 50                            # no two lines reach the same position


@pytest.mark.slow        # the module fixtures read every opening the fits used (seconds)
def test_the_pool_is_large_and_the_draw_depends_on_the_seed(seen, drawn):
    pool = held.quiet_lines(VARIANT)
    excluded = set().union(*seen.values())
    assert len([p for p in pool if p not in excluded]) >= 500
    other = random.Random("another seed").sample(
        sorted(line for p, line in pool.items() if p not in excluded), 50)
    assert other != drawn


@pytest.mark.slow        # the module fixtures read every opening the fits used (seconds)
def test_held_out_lines_meet_no_fit_or_tuning_opening(seen, drawn):
    got = {held.line_position(VARIANT, line) for line in drawn}
    for source, positions in seen.items():
        assert positions, source
        assert not got & positions, source
    # the sets really hold what the scripts played: the 20 lines of the matches and the ladder
    match_used = {held.line_position(VARIANT, line) for _, line in held.match.openings(VARIANT, 20)}
    levels_used = {held.line_position(VARIANT, line) for line in held.levels.openings(VARIANT, 20)}
    assert match_used <= seen["benchmarks/match.py"]
    assert levels_used <= seen["benchmarks/levels.py"]


@pytest.mark.slow        # the module fixtures read every opening the fits used (seconds)
def test_the_draw_leaves_out_what_it_is_told_to(drawn):
    # the first drawn line, declared seen, is no longer drawn
    first = held.line_position(VARIANT, drawn[0])
    again = held.heldout_openings(VARIANT, 50, {"test": {first}})
    assert first not in {held.line_position(VARIANT, line) for line in again}


def test_the_fit_games_are_replayed_as_the_tuning_script_plays_them():
    # tune_evaluation.play_game records every quiet position from the end of its random
    # opening on (the engine, with the seed weights, chooses the moves from there): the
    # replay reaches the same positions up to ply 4.
    from damas.engine.evaluation import evaluator, weights_in_use
    settings = held.fit_settings(VARIANT)     # the classic/tuned fit (300 games) and the patterns one (1200)
    assert {depth for _, depth in settings} == {4} and max(games for games, _ in settings) >= 1200
    depth = 4
    evaluator(VARIANT)
    checked = 0
    with weights_in_use(VARIANT, tune_evaluation.SEED_OPENING, tune_evaluation.SEED_ENDGAME):
        for number in range(40):
            opening = random.Random(f"tune-{VARIANT}-{number}").randint(2, 7)
            if opening > 4:
                continue
            _, positions = tune_evaluation.play_game(VARIANT, number, depth, max_plies=5)
            mine = []
            for plies in range(opening, 5):
                board = held.fit_game(VARIANT, number, depth, plies).board
                if not board.legal_moves()[0].is_capture:
                    mine.append(held.key(board))
            assert mine == [(w, b, k, "W" if white else "B") for w, b, k, white in positions], number
            checked += 1
    assert checked >= 10


def test_wilson_matches_scipy_on_wins_and_losses():
    stats = pytest.importorskip("scipy.stats")
    for wins, games in ((0, 10), (7, 10), (55, 100), (100, 100), (31, 40)):
        ci = stats.binomtest(wins, games).proportion_ci(confidence_level=0.95, method="wilson")
        lo, hi = held.wilson(wins, games)
        assert lo == pytest.approx(ci.low, abs=1e-9) and hi == pytest.approx(ci.high, abs=1e-9)


def test_wilson_with_draws_and_tally():
    w, d, l_, pts = held.tally([1.0, 0.5, 0.5, 0.0, 1.0])
    assert (w, d, l_, pts) == (2, 2, 1, 3.0)
    lo, hi = held.wilson(pts, 5)
    assert 0 < lo < 0.6 < hi < 1
    # symmetric: a's interval mirrors b's
    lo2, hi2 = held.wilson(5 - pts, 5)
    assert lo2 == pytest.approx(1 - hi) and hi2 == pytest.approx(1 - lo)
    # the textbook case: 60 points of 100, about 50.2% to 69.1%
    lo, hi = held.wilson(60, 100)
    assert round(lo, 3) == 0.502 and round(hi, 3) == 0.691
    with pytest.raises(ValueError):
        held.wilson(0, 0)


def _chunk(first, scores, moves, cpu, nodes_per_s, depth, seconds=1.0):
    side = {"moves": moves, "cpu_per_move": cpu, "median_depth": depth, "nodes_per_cpu_s": nodes_per_s}
    return {"summary": {"seconds": seconds, "unfinished": 0, "forfeits": 0, "damas": side, "peer": dict(side)},
            "games": [{"number": first + i, "damas_score": s} for i, s in enumerate(scores)]}


def test_combining_chunks_counts_every_game_once_and_weights_the_speed_by_cpu_time():
    a = _chunk(1, [1.0, 0.5, 0.0], moves=100, cpu=1.0, nodes_per_s=100.0, depth=10)
    b = _chunk(4, [1.0, 1.0], moves=300, cpu=0.5, nodes_per_s=200.0, depth=12)
    text, summary = held.combine([a, b])
    assert (summary["games"], summary["wins"], summary["draws"], summary["losses"]) == (5, 3, 1, 1)
    assert summary["score"] == pytest.approx(3.5 / 5)
    assert summary["wilson95"] == list(held.wilson(3.5, 5))
    # 100 s at 100 nodes/s and 150 s at 200 nodes/s: 40,000 nodes in 250 s
    assert summary["damas"]["nodes_per_cpu_s"] == pytest.approx(160.0)
    assert summary["damas"]["cpu_per_move"] == pytest.approx(250 / 400)
    assert "| 5 | 3 | 1 | 1 | 70.0% |" in text and "games 1–5," in text
    assert "games 1–2, 4–5," in held.combine([_chunk(1, [1.0, 1.0], 10, 1.0, 1.0, 1),
                                              _chunk(4, [0.0, 0.0], 10, 1.0, 1.0, 1)])[0]


def test_combining_refuses_a_game_twice_or_mixed_time_limits():
    a = _chunk(1, [1.0, 0.5], moves=10, cpu=1.0, nodes_per_s=1.0, depth=1)
    with pytest.raises(ValueError, match="two chunks"):
        held.combine([a, _chunk(2, [0.0], moves=10, cpu=1.0, nodes_per_s=1.0, depth=1)])
    with pytest.raises(ValueError, match="time limits"):
        held.combine([a, _chunk(3, [0.0], moves=10, cpu=1.0, nodes_per_s=1.0, depth=1, seconds=0.5)])
