"""The live board of a task (issue 42 item 1, issue 46 item 5): the star rule said where the stars
are won, a finished board that keeps its verdict, the other side's defence in a versus task."""

from __future__ import annotations

import pytest

from damas import Board
from damas.course.kit.progress import Progress

pytest.importorskip("anywidget")


def _click(widget, move):
    widget.click(move.start)
    widget.click(move.end)
    if widget.choices:
        paths = [tuple(c["path"]) for c in widget.choices]
        widget.choose(paths.index(tuple(move.path)))


def _all_tasks():
    from damas.course.kit.chapter_texts import TASKS
    return [t for tasks in TASKS.values() for t in tasks]


def test_every_task_says_that_a_refused_move_costs_a_star():
    for task in _all_tasks():
        text = task.task_text()
        assert "★★★" in text and "recusado" in text and "custa uma estrela" in text, (task.key, text)


def test_a_finished_task_keeps_its_verdict_on_the_next_click(store):
    from damas.course.kit.chapter_texts import TASKS
    task = TASKS["tomada"][0]
    run = task.play()
    line = task.shortest()
    for move in line:
        _click(run.widget, move)
    assert run.verdict.done and run.widget.message.startswith("Muito bem!")
    for square in (1, line[-1].end, 32):          # anywhere: a piece, an empty square, the last move
        run.widget.handle_message({"type": "click", "square": square})
        assert run.widget.message.startswith("Muito bem!"), run.widget.message
        assert "★★★" in run.widget.message and "Aguarde" not in run.widget.message
        assert run.widget.message_kind == "success"
    assert run.widget.message.count("Recomeçar") == 1          # the note on how to go on, said once
    assert Progress("teste", folder=store).stars(task.key) == 3


def _task(key):
    return next(t for t in _all_tasks() if t.key == key)


def test_a_versus_task_by_clicks_the_other_side_answers_with_its_defence(store):
    task = _task("finais/pare-1")                  # stop: the king catches the running man
    assert task.versus and task.goal == "stop"
    run = task.play()
    line = task.shortest(task.par)
    board = task.board()
    for i in range(0, len(line), 2):
        _click(run.widget, line[i])
        board.push(line[i])
        if i + 1 < len(line):
            board.push(line[i + 1])                # the reply the live board played is the proven one
            assert run.widget.board.fen() == board.fen()
            assert "responderam" in run.widget.message and not run.over
    assert run.verdict.done and run.verdict.stars == 3 and run.moves == task.par
    assert Progress("teste", folder=store).stars(task.key) == 3
    run.widget.click(1)
    assert run.widget.message.startswith("Muito bem!") and run.widget.message_kind == "success"


def test_a_stop_task_fails_when_the_man_gets_through_and_starts_again(store):
    task = _task("finais/pare-1")
    run = task.play()
    for _ in range(task.limit):
        if run.over:
            break
        board = run.widget.board
        # a move after which the king can no longer catch the man
        move = next(m for m in board.legal_moves()
                    if not task.rules.forced(task.rules.after(board, m), task.limit))
        _click(run.widget, move)
    assert run.over and not run.verdict.done and run.verdict.failed
    assert "fizeram dama" in run.widget.message and run.widget.message_kind == "error"
    assert set(run.widget.locked) == {"W", "B"}
    assert Progress("teste", folder=store).stars(task.key) == 0
    run.restart()
    assert run.widget.board.fen() == task.fen and run.widget.locked == ["B"] and not run.over


def test_a_finished_board_of_any_kind_keeps_its_verdict():
    from damas.widget.board import BoardWidget
    widget = BoardWidget("W:Wc3:Bd4,f6")
    widget.lock("W", "B")
    widget.show_message("Problema resolvido! Passe ao próximo.", "success")
    widget.click(22)
    widget.click(9)
    assert widget.message == "Problema resolvido! Passe ao próximo. Este tabuleiro já terminou."
    assert widget.message_kind == "success" and widget.board.fen() == Board("W:Wc3:Bd4,f6").fen()


@pytest.mark.parametrize("key", ["tabuleiro/casa-6", "internacionais/casa", "internacionais/maximo"])
def test_black_side_and_100_square_tasks_by_clicks(store, key):
    task = _task(key)
    run = task.play()
    assert run.widget.flipped == (task.side == "B") and run.widget.variant == task.board0.variant.name
    for move in task.student_moves(task.shortest(task.par)):
        _click(run.widget, move)
    assert run.verdict.done and run.verdict.stars == 3
    assert Progress("teste", folder=store).stars(key) == 3
