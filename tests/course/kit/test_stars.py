"""One star rule for every place a student earns stars (issue 32, item 8): a board task, a quiz,
a one-question exercise and the set-up exercise count mistakes the same way, and a board that
is shown again shows the stars already earned."""

from __future__ import annotations

import pytest

from damas import Board
from damas.course.kit.progress import Progress

pytest.importorskip("anywidget")


def test_the_rule_three_with_no_mistake_two_with_one_one_with_more():
    from damas.course.kit.stars import stars_for
    assert [stars_for(m) for m in range(5)] == [3, 2, 1, 1, 1]
    for bad in (-1, 1.5, True, "1"):
        with pytest.raises(ValueError):
            stars_for(bad)


def test_the_rule_is_written_in_the_teachers_guide():
    from damas.course.kit.stars import RULE
    from repo_paths import NOTEBOOKS
    assert RULE in (NOTEBOOKS / "GUIA_DO_PROFESSOR.md").read_text(encoding="utf-8")


def _one_wrong_then_right(quiz, q=0):
    question = quiz.questions[q]
    wrong = next(o for o in range(len(question.options)) if not question.is_right(o))
    quiz.answer(q, wrong)
    quiz.answer(q, question.answer)


def test_one_mistake_gives_two_stars_everywhere(store):
    from damas.course.kit.chapter_texts import QUIZZES, TASKS
    from damas.course.kit.quiz import Quiz
    from damas.course.kit.tasks import SetupTask
    # a quiz of five questions, the first answered wrong once
    quiz = Quiz(QUIZZES["tomada"].key, QUIZZES["tomada"].questions)
    _one_wrong_then_right(quiz)
    for q in range(1, len(quiz.questions)):
        quiz.answer(q, quiz.questions[q].answer)
    assert quiz.stars() == 2
    # an exercise of one question, answered wrong once
    exercise = chapter_exercise("02", 1)
    assert len(exercise.questions) == 1
    _one_wrong_then_right(exercise)
    assert exercise.stars() == 2
    # the set-up exercise, checked wrong once
    setup = chapter_exercise("02", 3)
    assert isinstance(setup, SetupTask)
    from damas.course.kit.exercises import SETUP_EXAMPLES
    good, bad = SETUP_EXAMPLES[setup.key]
    setup.widget_board().set_fen(bad)
    assert setup.check()[0] is False
    setup.widget.set_fen(good)
    assert setup.check()[0] is True and setup.stars == 2
    # a board task done in one move more than needed
    task = TASKS["movimento"][0]
    assert task.stars(task.par + 1) == 2
    # a capture exercise on the board after one move the rules refused
    capture = chapter_exercise("03", 2)
    board = capture.board()
    run = capture.play()
    legal = board.legal_moves()[0]
    refused = next((m for m in _free_captures(board) if m not in board.legal_moves()), None)
    assert refused is not None, "the exercise has a capture the rules refuse"
    run.widget.click(refused.start)
    if run.widget.selected:
        run.widget.click(refused.end)
    assert run.widget.message_kind == "error" and run.moves == 0
    if run.widget.selected != legal.start:       # the refused move's piece may stay selected
        run.widget.click(legal.start)
    run.widget.click(legal.end)
    assert run.refused == 1 and run.verdict is not None
    assert run.verdict.done and run.verdict.stars == 2
    p = Progress("teste", folder=store)
    assert [p.stars(k) for k in (quiz.key, exercise.key, setup.key, capture.key)] == [2, 2, 2, 2]


def chapter_exercise(chapter, n):
    """A fresh exercise (chapter_exercise keeps one per kernel, answered by earlier tests)."""
    from damas.course.kit.chapter_texts import _slug
    from damas.course.kit.exercises import EXERCISES
    return EXERCISES[_slug(chapter)]()[n - 1]


def _free_captures(board):
    from damas.problems.compose import free_captures
    return free_captures(board)


def test_reading_the_other_answers_after_the_right_one_costs_nothing(store):
    exercise = chapter_exercise("02", 1)
    question = exercise.questions[0]
    exercise.answer(0, question.answer)
    for o in range(len(question.options)):
        exercise.answer(0, o)                 # the student reads why the others are wrong
    assert exercise.stars() == 3


def test_a_reopened_quiz_shows_the_stars_earned(store):
    from damas.course.kit.quiz import Question, Quiz
    questions = [Question(f"P{i}", ["a", "b"], 0, ["porque sim (regra 4.1)", "porque não (regra 4.1)"])
                 for i in range(5)]
    quiz = Quiz("tomada/quiz-teste", questions)
    right = [q.answer for q in quiz.questions]
    quiz.answer(0, 1 - right[0])
    for q in range(5):
        quiz.answer(q, right[q])
    assert "★★☆" in quiz.score_text()
    again = Quiz("tomada/quiz-teste", questions)          # the cell run again, or a new kernel
    text = again.score_text()
    assert "0 de 0" not in text and "★★☆" in text, text
    box = again.box()
    assert "★★☆" in box.children[-1].value
    # a better run says the new stars; a worse one keeps the record in sight
    for q in range(5):
        again.answer(q, right[q])
    assert again.stars() == 3 and "★★★" in again.score_text()
    worse = Quiz("tomada/quiz-teste", questions)
    for q in range(5):
        worse.answer(q, 1 - right[q])
        worse.answer(q, right[q])
    assert worse.stars() == 1 and "★★★" in worse.score_text()
    assert Progress("teste", folder=store).stars("tomada/quiz-teste") == 3


def test_a_setup_task_shows_the_stars_earned(store):
    from damas.course.kit.exercises import SETUP_EXAMPLES
    setup = chapter_exercise("02", 3)
    good, _ = SETUP_EXAMPLES[setup.key]
    Progress("teste", folder=store).record_stars(setup.key, 2)
    from damas.course.kit.store import _reset_progress_cache
    _reset_progress_cache()
    setup.box()
    assert setup._status.value == "Seu recorde nesta tarefa: ★★☆."
    setup.widget.set_fen(good)
    setup.check()
    assert setup._status.value == "Seu recorde nesta tarefa: ★★★."


def test_a_task_never_done_says_so_instead_of_an_empty_record(store):
    from damas.course.kit.store import _reset_progress_cache
    from damas.course.kit.tasks import record_text
    _reset_progress_cache()
    setup = chapter_exercise("02", 3)
    setup.box()
    assert "☆☆☆" not in setup._status.value
    assert setup._status.value == "Tarefa ainda sem estrelas: cumpra-a para ganhar até ★★★."
    assert record_text(0) == setup._status.value and record_text(1) == "Seu recorde nesta tarefa: ★☆☆."
