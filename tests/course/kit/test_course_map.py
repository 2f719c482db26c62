"""«Mapa do curso» (issue 42, item 2): the stages and their stars from the one progress file, the
next task marked and opened by a click, the coordinates record, a broken file said and left alone."""

from __future__ import annotations

import re

import pytest

from damas.course.kit.chapter_texts import QUIZZES, TASKS
from damas.course.kit.course_map import CourseMap, course_map, map_stages, next_task
from damas.course.kit.progress import Progress


def _click(widget, move):
    widget.click(move.start)
    widget.click(move.end)
    if widget.choices:
        paths = [tuple(c["path"]) for c in widget.choices]
        widget.choose(paths.index(tuple(move.path)))


def test_the_stages_are_the_chapters_with_their_stars(store):
    p = Progress("teste", folder=store)
    p.record_stars(TASKS["tabuleiro"][0].key, 3)
    p.record_stars(TASKS["tabuleiro"][1].key, 2)
    p.record_stars(QUIZZES["tabuleiro"].key, 1)
    m = course_map()
    stage = next(s for s in m.stages if s.slug == "tabuleiro")
    assert [s.number for s in m.stages] == [f"{n:02d}" for n in range(16)]
    assert stage.won == 6 and stage.done[:3] == [True, True, False] and len(stage.done) == len(TASKS["tabuleiro"])
    assert stage.total == 3 * len(stage.keys) and QUIZZES["tabuleiro"].key in stage.keys
    assert m.next_at == (1, 2)                                   # chapter 01, its third task
    svg = m.svg()
    assert "Suas estrelas: 6 de" in svg and "▶ Próxima tarefa" in svg
    assert svg.count('data-click="next"') == 1
    assert 'data-href="01_Tabuleiro_e_notacao.ipynb"' in svg
    assert re.search(r'data-label="Próxima tarefa: capítulo 01 — Tabuleiro e notação, tarefa 3 de 8', svg)
    static = m.svg(live=False)
    assert "data-click" not in static and "data-href" not in static and "▶ Próxima tarefa" in static
    assert "6 estrelas" in repr(m) and "2 de 63 tarefas" in repr(m)


def test_the_next_task_is_the_first_not_done_in_course_order():
    stars = {t.key: 3 for t in TASKS["tabuleiro"]} | {TASKS["movimento"][0].key: 1}
    stages = map_stages(stars)
    assert next_task(stages) == (2, 1)
    every = {t.key: 1 for tasks in TASKS.values() for t in tasks}
    assert next_task(map_stages(every)) is None


def test_a_task_opened_on_the_map_and_done_by_clicks_moves_the_next_step(store):
    pytest.importorskip("anywidget")
    m = course_map()
    box = m.box()
    assert m.next_at == (1, 0)
    m._picture.click("next")                                     # the click on «▶ Próxima tarefa»
    run = m.run
    assert run is not None and run.task.key == TASKS["tabuleiro"][0].key
    assert m._holder.children[1] is run.box() and box.children[1] is m._picture
    for move in run.task.student_moves(run.task.shortest()):
        _click(run.widget, move)
    assert run.verdict.done
    assert Progress("teste", folder=store).stars(run.task.key) == 3
    assert m.next_at == (1, 1)                                   # drawn again: the mark moved on
    assert "Suas estrelas: 3 de" in m._picture.svg
    m._picture.handle_message({"type": "click", "key": "next"})  # the page's message
    assert m.run.task.key == TASKS["tabuleiro"][1].key
    m._picture.handle_message({"type": "jump"})                  # anything else changes nothing
    m._picture.handle_message(None)
    assert m.run.task.key == TASKS["tabuleiro"][1].key


def test_stars_won_in_another_notebook_show_when_drawn_again(store):
    m = course_map()
    assert m.next_at == (1, 0)
    Progress("teste", folder=store).record_stars(TASKS["tabuleiro"][0].key, 2)
    m.refresh()
    assert m.next_at == (1, 1) and "Suas estrelas: 2 de" in m.svg()


def test_the_coordinates_record_is_on_the_map(store):
    assert "ainda sem recorde" in course_map().svg()
    p = Progress("teste", folder=store)
    p.record_coordinates(17, "brazilian", "W")
    p.record_coordinates(9, "brazilian", "B")
    svg = course_map().svg()
    assert "recorde: 17 com as brancas embaixo e 9 com as pretas embaixo" in svg


def test_a_broken_progress_file_is_said_and_left_alone(store):
    from damas.course.kit.store import _reset_progress_cache
    (store / "teste.json").write_text("[1, 2", encoding="utf-8")
    _reset_progress_cache()
    m = CourseMap()
    assert "não pôde ser lido" in m.error and m.next_at == (1, 0)
    assert sum(s.won for s in m.stages) == 0
    assert (store / "teste.json").read_text(encoding="utf-8") == "[1, 2"


def test_when_every_task_is_done_the_map_says_so(store):
    p = Progress("teste", folder=store)
    for tasks in TASKS.values():
        for t in tasks:
            p.record_stars(t.key, 3)
    m = course_map()
    assert m.next_at is None and m.next_board_task() is None
    assert "Você cumpriu todas as tarefas do curso!" in m.svg() and 'data-click="next"' not in m.svg()
