"""The trainer's results (on_result) and its line above the task (describe)."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from damas.problems.puzzles import Puzzle  # noqa: E402
from damas.widget.trainer import PuzzleTrainer  # noqa: E402

TURCO = Puzzle("W:W6,14,15,17,27:BK2", goal="win", max_plies=3, title="Golpe turco",
               solution="27-23 2x10 14x7")


def trainer():
    t = PuzzleTrainer([TURCO, TURCO, TURCO])
    results = []
    t.on_result(lambda r: results.append((r.index, r.outcome)))
    return t, results


def solve(t):
    t.play("27-23")
    t.play("14x7")
    assert t.verdict.status == "correct"


def test_first_try():
    t, results = trainer()
    solve(t)
    t.restart()
    solve(t)                       # solving it again in the same showing reports nothing
    assert results == [(0, "first_try")]


def test_after_a_mistake():
    t, results = trainer()
    t.play("f2-g3")
    assert t.verdict.status == "wrong" and results == []
    solve(t)
    assert results == [(0, "after_mistake")]


def test_with_a_hint():
    t, results = trainer()
    t.hint()
    t.play("f2-g3")
    solve(t)
    assert results == [(0, "hint")]


def test_solution_shown_is_given_up():
    t, results = trainer()
    t.show_solution()
    t.restart()
    solve(t)
    assert results == [(0, "gave_up")]


def test_leaving_after_trying_is_given_up_and_untouched_is_nothing():
    t, results = trainer()
    t.next()                       # not touched: nothing
    t.play("f2-g3")
    t.next()                       # tried, left unsolved
    t.previous()
    solve(t)                       # a new showing of problem 1
    assert results == [(1, "gave_up"), (1, "first_try")]


def test_describe_line_above_the_task():
    t, _ = trainer()
    t.describe = lambda i: f"Coleção: teste <{i}>"
    t.box()
    assert t._note.value == "Coleção: teste &lt;0&gt;"
    t.next()
    assert t._note.value == "Coleção: teste &lt;1&gt;"


def test_on_attempt_is_told_each_attempt_with_its_count():
    t = PuzzleTrainer([TURCO, TURCO])
    told = []
    t.on_attempt(lambda collection, index, n: told.append((collection, index, n)))
    t.play("f2-g3")                # wrong: an attempt, ended
    t.play("27-23")                # a second attempt starts
    t.play("14x7")                 # the same attempt goes on: nothing told
    assert told == [("", 0, 1), ("", 0, 2)] and t.attempts == {0: 2}


def test_restore_attempts_gives_back_the_counts_and_keeps_the_higher():
    t = PuzzleTrainer([TURCO, TURCO])
    t.play("f2-g3")
    t.restore_attempts("", {0: 0, 1: 4, 7: 9})        # 0 is lower than the trainer's own; 7 is not there
    assert t.attempts == {0: 1, 1: 4}
    t.load(1)
    assert "Tentativas neste problema: 4." in t.progress_text()
    told = []
    t.on_attempt(lambda collection, index, n: told.append(n))
    t.play("27-23")
    assert told == [5]


@pytest.mark.parametrize("counts", [None, [1], {0: -1}, {"0": 1}, {0: 1.5}, {True: 1}, {0: True}])
def test_restore_attempts_refuses_bad_counts_and_changes_nothing(counts):
    from damas.errors import ArgumentError
    t = PuzzleTrainer([TURCO])
    t.play("f2-g3")
    with pytest.raises(ArgumentError):
        t.restore_attempts("", counts)
    assert t.attempts == {0: 1}


def test_on_attempt_refuses_what_is_not_a_function():
    from damas.errors import ArgumentError
    t = PuzzleTrainer([TURCO])
    with pytest.raises(ArgumentError):
        t.on_attempt(None)
    t.play("f2-g3")                # nothing broken by the refused callback
    assert t.attempts == {0: 1}
