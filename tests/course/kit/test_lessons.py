"""The course's figures, board tasks with stars, quizzes, the trainer's saved progress
(damas/course/figures, tasks, quiz, chapter_texts, questions, exercises, practice, panel, games)."""

from __future__ import annotations
from repo_paths import REPO

import subprocess
import sys
from pathlib import Path

import pytest

from damas import Board
from damas.problems.compose import free_captures
from damas.errors import DamasError
from damas.course.kit.progress import Progress

ROOT = REPO


def test_lessons_imports_no_widget_library():
    code = ("import sys, damas.course.kit.exercises, damas.course.kit.questions, damas.course.kit.progress, damas.display.output; "
            "print(any(m.split('.')[0] in ('ipywidgets', 'anywidget', 'IPython') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "False", out.stderr


def test_figures_carry_a_safe_twin():
    from damas.course.kit.figures import board_figure, side_by_side
    fig = board_figure(Board(), title="Início")
    bundle = fig._repr_mimebundle_()
    assert "image/svg+xml" not in bundle                  # stored once (damas/display/output.py)
    assert bundle["text/html"].startswith('<img class="damas-picture"')
    assert 'src="data:image/svg+xml;charset=utf-8,' in bundle["text/html"]
    row = side_by_side(fig, board_figure(Board("W:W:B")))
    assert row._repr_html_().count("<img") == 2 and "<svg" not in row._repr_html_()
    assert "2 figuras" in repr(row)
    board = Board()._repr_mimebundle_()
    assert board["text/plain"] == "Board('W:W21-32:B1-12')" and "text/html" in board


def test_board_widget_bundle_has_a_static_picture():
    from damas.widget.board import BoardWidget
    data, _meta = BoardWidget(Board("W:Wc3:Bd4"))._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert 'class="damas-static"' in data["text/html"] and "data:image/svg+xml;charset=utf-8," in data["text/html"]
    assert data["text/plain"].startswith("BoardWidget(")


ALL_TASKS = [t for tasks in __import__("damas.course.kit.chapter_texts", fromlist=["TASKS"]).TASKS.values() for t in tasks]


@pytest.mark.parametrize("task", ALL_TASKS, ids=[t.key for t in ALL_TASKS])
def test_every_par_is_the_fewest_moves(task):
    line = task.shortest()
    assert line is not None, f"{task.key}: impossible"
    moves = task.student_moves(line)     # a versus task's line has the defence's replies too
    assert len(moves) == task.par, f"{task.key}: par {task.par}, but {len(moves)} moves do it"
    verdict = task.judge(moves)
    assert verdict.done and verdict.stars == 3


@pytest.mark.parametrize("task", [t for t in ALL_TASKS if t.goal == "capture"],
                         ids=[t.key for t in ALL_TASKS if t.goal == "capture"])
def test_capture_tasks_are_about_the_majority_law(task):
    board = task.board()
    legal = board.legal_moves()
    assert legal and all(m.captured for m in legal)
    if "maximo-3" not in task.key:
        # Without the majority law some smaller capture would be allowed.
        assert len(free_captures(board)) > len(legal)


def test_stars_by_number_of_moves():
    # the course's one rule (damas.course.kit.stars): each move more than the par is a mistake
    from damas.course.kit.chapter_texts import TASKS
    task = TASKS["movimento"][0]              # par 3
    assert [task.stars(n) for n in (3, 4, 5, 6, 9)] == [3, 2, 1, 1, 1]
    assert task.stars(3, refused=1) == 2


def test_judge_explains_a_refused_move():
    from damas.course.kit.chapter_texts import TASKS
    task = TASKS["lei-da-maioria"][0]              # W:Wa3,c3:Bb4,d4,f6: only c3xg7 is allowed
    verdict = task.judge(["a3xc5"])
    assert not verdict.done and not verdict.legal and verdict.article
    assert task.judge(["c3xg7"]).done


def _click(widget, move):
    widget.click(move.start)
    widget.click(move.end)
    if widget.choices:
        paths = [tuple(c["path"]) for c in widget.choices]
        widget.choose(paths.index(tuple(move.path)))


def test_a_task_done_by_clicks_saves_its_stars(store):
    from damas.course.kit import chapter_texts
    task = chapter_texts.TASKS["tomada"][1]      # tome todas as pretas, par 4
    run = task.play()
    line = task.shortest()
    board = task.board()
    for move in line[:-1]:
        _click(run.widget, move)
        board = task._after(board, move)
        assert run.widget.board.fen() == board.fen()      # the turn came back to White
        assert not run.verdict.done
    _click(run.widget, line[-1])
    assert run.verdict.done and run.verdict.stars == 3
    assert "★★★" in run.widget.message
    assert Progress("teste", folder=store).stars(task.key) == 3
    # The pure-Python judge used by the teacher's cells saves nothing.
    other = chapter_texts.TASKS["tomada"][0]
    assert other.judge(other.shortest()).done
    assert Progress("teste", folder=store).stars(other.key) == 0


def test_a_refused_click_is_explained_and_changes_nothing(store):
    from damas.course.kit import chapter_texts
    task = chapter_texts.TASKS["lei-da-maioria"][0]
    run = task.play()
    names = Board().variant
    run.widget.click(names.parse_square("c3"))
    run.widget.click(names.parse_square("a5"))          # c3xa5 takes 1; the law wants 2
    assert run.widget.message_kind == "error" and "4.13" in run.widget.message + run.widget.article
    assert run.widget.board.fen() == task.fen and run.moves == 0


def test_a_stage_opens_the_next_task_only_after_one_is_done(store):
    from damas.course.kit import chapter_texts
    from damas.course.kit.store import _reset_progress_cache
    stage = chapter_texts.chapter_stage("02")
    stage.box()
    stage.go(1)
    assert stage.index == 0 and stage._next.disabled
    run = stage.run()
    for move in stage.tasks[0].shortest():
        _click(run.widget, move)
    assert not stage._next.disabled
    stage.go(1)
    assert stage.index == 1
    # A restarted kernel (a new stage, the store read again) remembers it.
    _reset_progress_cache()
    again = chapter_texts.chapter_stage("02")
    assert again.done(0) and not again.done(1)


def test_a_corrupt_progress_file_does_not_stop_the_task(store):
    from damas.course.kit import chapter_texts
    from damas.course.kit.store import _reset_progress_cache
    (store / "teste.json").write_text("{ nada", encoding="utf-8")
    _reset_progress_cache()
    task = chapter_texts.TASKS["tomada"][0]
    run = task.play()
    _click(run.widget, task.shortest()[0])
    assert run.verdict.done and "não foram gravadas" in run.widget.message
    assert (store / "teste.json").read_text(encoding="utf-8") == "{ nada"


def _quiz():
    from damas.course.kit.quiz import Question, Quiz
    return Quiz("99/quiz", [Question(f"P{i}", ["a", "b", "c"], i % 3, [f"porque {c} (regra 4.{i})" for c in "abc"])
                            for i in range(5)])


def test_quiz_explains_every_answer_and_saves_the_stars(store):
    quiz = _quiz()
    good = quiz.questions[0].answer
    right, text = quiz.answer(0, (good + 1) % len(quiz.questions[0].options))
    assert not right and text.startswith("Ainda não.") and "regra 4.0" in text
    right, text = quiz.answer(0, good)
    assert right and text.startswith("Certo!")
    for q in range(1, 5):
        quiz.answer(q, quiz.questions[q].answer)
    assert quiz.stars() == 2                          # 4 of 5 at the first try
    assert Progress("teste", folder=store).stars("99/quiz") == 2
    with pytest.raises(DamasError):
        quiz.answer(5, 0)


def test_quiz_by_clicks_and_its_static_picture(store):
    quiz = _quiz()
    box = quiz.box()
    buttons = [w for row in box.children if hasattr(row, "children") for w in row.children
               if type(w).__name__ == "Button"]
    assert len(buttons) == 15
    buttons[quiz.questions[0].answer].click()          # question 1, its right option
    assert quiz.feedback[0][0] and "Certo!" in quiz._lines[0].value
    html = quiz.static_html()
    assert "P4" in html and "Certo" not in html and "porque" not in html   # no answer given away


def test_the_right_option_is_not_always_in_the_same_place():
    from damas.course.kit.chapter_texts import QUIZZES
    places = [q.answer for quiz in QUIZZES.values() for q in quiz.questions
              if not all(o.isdigit() for o in q.options)]
    assert len(set(places)) >= 2 and max(places.count(p) for p in set(places)) < 0.7 * len(places)


def test_chapter_quizzes_are_well_formed():
    from damas.course.kit.chapter_texts import QUIZZES
    for chapter, quiz in QUIZZES.items():
        assert len(quiz.questions) == 5, chapter
        for q in quiz.questions:
            assert len(q.options) >= 2 and all(q.why), (chapter, q.text)
            assert len(set(q.options)) == len(q.options), (chapter, q.text)


def test_trainer_progress_survives_a_restart(store):
    from damas.course.kit import practice
    from damas.course.kit.store import _reset_progress_cache
    from damas.problems.puzzles import load_collection
    puzzles = load_collection(ROOT / "puzzles" / "classicos.pdn")[:2]
    t = practice.trainer(puzzles, "treino-teste")
    line = puzzles[0].solution_moves()
    for move in line[::2]:                 # the student's moves, by clicks; the trainer replies
        _click(t.widget, move)
    assert 0 in t.solved
    assert Progress("teste", folder=store).solved("treino-teste") == {0}
    _reset_progress_cache()
    again = practice.trainer(puzzles, "treino-teste")
    assert again.solved == {0} and "Resolvidos: 1 de 2" in again.progress_text()


def test_progress_panel(store):
    from damas.course.kit import panel
    Progress("teste", folder=store).record_stars("tomada/todas-1", 3)
    html = panel.progress_panel()._repr_html_()
    assert "teste" in html and "03 — Tomada" in html and "★★★" in html and str(store) in html
    (store / "teste.json").write_text("[]", encoding="utf-8")
    html = panel.progress_panel()._repr_html_()
    assert "não é um arquivo de progresso" in html


def test_a_game_against_the_computer_answers_each_click():
    from damas.course.kit import games
    game = games.computer_game(1)
    board = Board()
    move = board.parse_move("c3-d4")
    _click(game.widget, move)
    moves = game.widget.game.moves
    assert len(moves) == 2 and moves[0] == move           # the computer answered with Black
    assert game.widget.game.turn == "W" and "B" in game.widget.locked
    with pytest.raises(DamasError):
        games.computer_game(9)


def test_the_panel_shows_an_old_file_under_the_new_chapters(store):
    # A version-1 file (chapters named by the first order's numbers) after the renumbering:
    # the stars of old chapter 05 (lei da maioria) appear under today's chapter 04, in course order.
    import json
    from damas.course.kit import panel
    old = {"formato": "damas-progresso", "versao": 1, "aluno": "teste",
           "estrelas": {"05/maximo-1": 3, "12/quiz": 2, "03/dama-1": 1}, "problemas": {}}
    (store / "teste.json").write_text(json.dumps(old), encoding="utf-8")
    html = panel.progress_panel()._repr_html_()
    rows = [html.index(name) for name in ("02 — Movimento", "04 — Lei da maioria", "05 — Jogar e analisar")]
    assert rows == sorted(rows), html
    assert "12 —" not in html


def test_chapters_are_found_by_number_or_name():
    from damas.course.kit import chapter_texts
    from damas.errors import DamasError
    assert chapter_texts.chapter_quiz("04") is chapter_texts.chapter_quiz("lei-da-maioria")
    assert chapter_texts.chapter_quiz("04").key == "lei-da-maioria/quiz"
    assert chapter_texts.chapter_quiz("historia").key == "historia/quiz"
    assert chapter_texts.chapter_stage("03").tasks[0].key.startswith("tomada/")
    with pytest.raises(DamasError, match="Capítulo desconhecido"):
        chapter_texts.chapter_quiz("99")


def test_every_saved_key_names_a_chapter_of_the_course():
    # Stars are saved under a chapter's stable name; a key named by a number would break at
    # the next reorder.
    from damas.course.kit import chapter_texts, exercises
    from damas.course.kit.chapter_list import CHAPTERS, EXTRAS
    names = {c[0] for c in CHAPTERS} | {e[0] for e in EXTRAS}
    keys = [q.key for q in chapter_texts.QUIZZES.values()] + [t.key for ts in chapter_texts.TASKS.values() for t in ts]
    keys += [getattr(x, "key", None) for ch in exercises.EXERCISES for x in exercises.chapter_exercises(ch)]
    assert keys and all(k.split("/", 1)[0] in names for k in keys), keys
