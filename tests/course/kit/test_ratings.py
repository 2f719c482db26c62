"""The rating model (Glicko-2), the problems' starting ratings, and a simulated class."""

from __future__ import annotations

import pytest

from damas.course.kit.ratings import (OUTCOMES, SCORES, Rating, RatingBook, expected_score, glicko2_update,
                                  play, puzzle_moves, starting_rating)
from damas.problems.puzzles import load_collection
from damas.problems.solver import solve
from repo_paths import PUZZLES

from class_simulation import figures, simulate, spearman


def test_glickman_worked_example():
    # "Example of the Glicko-2 system" (Glickman, 2012): a player of 1500, RD 200, plays
    # 1400/30 (wins), 1550/100 (loses), 1700/300 (loses); tau 0.5.
    after = glicko2_update(Rating(1500, 200, 0.06),
                           [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)], tau=0.5)
    assert after.r == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=1e-5)


def test_an_attempt_moves_both_sides_by_its_outcome():
    student, problem = Rating(), starting_rating(3, 2)
    changes = {}
    for outcome in OUTCOMES:
        s, p = play(student, problem, outcome)
        changes[outcome] = s.r - student.r
        assert (s.r - student.r) * (p.r - problem.r) <= 0       # one gains what the other loses
        assert s.rd < student.rd and p.rd < problem.rd            # both are surer after it
    # better outcomes, higher ratings: first try > after a mistake > hint > given up
    assert changes["primeira"] > changes["depois-de-erro"] > changes["com-dica"] > changes["desistiu"]
    assert changes["primeira"] > 0 > changes["desistiu"]
    assert SCORES == {"primeira": 1.0, "depois-de-erro": 0.5, "com-dica": 0.25, "desistiu": 0.0}


def test_expected_score_is_even_between_equals_and_grows_with_the_gap():
    assert expected_score(Rating(1500), Rating(1500)) == pytest.approx(0.5)
    assert expected_score(Rating(1700), Rating(1500)) > expected_score(Rating(1600), Rating(1500)) > 0.5


def test_starting_ratings_follow_difficulty_then_depth():
    assert starting_rating(1, 1).r == 1250 and starting_rating(5, 4).r == 2000
    assert starting_rating(None, 2) == starting_rating(3, 2)
    assert starting_rating(3, 2).rd == 200
    for d in range(1, 5):
        assert starting_rating(d + 1, 1).r > starting_rating(d, 1).r
        # one step of difficulty weighs more than one more move
        assert starting_rating(d + 1, 1).r - starting_rating(d, 1).r > starting_rating(d, 2).r - starting_rating(d, 1).r
    for m in range(1, 6):
        assert starting_rating(3, m + 1).r > starting_rating(3, m).r
    assert starting_rating(9, 40) == starting_rating(5, 6)   # clamped to the scale


def test_rating_book_replays_a_log():
    book = RatingBook({"a/0": starting_rating(1, 1), "a/1": starting_rating(5, 4)})
    log = [{"aluno": "ana", "problema": "a/0", "resultado": "primeira"},
           {"aluno": "ana", "problema": "a/1", "resultado": "desistiu"},
           {"aluno": "rui", "problema": "a/1", "resultado": "primeira"}]
    book.replay(log)
    assert book.students["rui"].r > 1500 and book.problems["a/1"].r < 2000
    again = RatingBook(book.start).replay(log)
    assert again.students == book.students and again.problems == book.problems


@pytest.mark.slow
@pytest.mark.parametrize("name", ["classicos", "golpes-de-partidas", "golpes-do-curso", "armadilhas",
                                  "tomadas", "internacional"])
def test_puzzle_moves_is_the_solver_depth(name):
    for p in load_collection(PUZZLES / f"{name}.pdn"):
        proof = solve(p, all_moves=False)
        assert puzzle_moves(p) == (proof.plies + 1) // 2, p.title


def test_simulated_class_orders_students_and_problems():
    f = figures(seed=31)
    assert f["students"] >= 0.9 and f["students_own"] >= 0.9
    means = f["means_by_difficulty"]
    assert means == sorted(means) and len(set(means)) == 5
    assert f["problems_hardness"] >= 0.9


def test_the_attempts_teach_the_model_the_problems():
    # Every problem starting at 1500: the attempts alone order them by difficulty.
    f = figures(seed=31, informed=False)
    assert f["students"] >= 0.9 and f["students_own"] >= 0.9
    means = f["means_by_difficulty"]
    assert means == sorted(means) and len(set(means)) == 5
    assert f["problems_hardness"] >= 0.7


def test_simulation_is_deterministic():
    assert simulate(seed=5, days=2) == simulate(seed=5, days=2)
    assert simulate(seed=5, days=2) != simulate(seed=6, days=2)


def test_spearman():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1)
    assert spearman([1, 2, 3], [1, 1, 2]) == pytest.approx(0.866, abs=1e-3)
