"""Chapter 07 for a child (issue 46): the student's path trains on the 64-square board (the 100-square
board waits for chapter 14, in «Para saber mais»), every task keeps its number in the collection as
its progress key, and the verdicts come from the rules."""

from __future__ import annotations

import json

from damas.course.chapters import ch07_exercicios_de_tomada as cap
from damas.rules.explain import explain
from repo_paths import NOTEBOOKS, REPO

COLLECTION = REPO / "puzzles" / "tomadas.pdn"


def _student_path_cells() -> list[str]:
    """The code of the cells before «Para saber mais» (what a student meets without opening anything)."""
    cells = json.loads((NOTEBOOKS / "07_Exercicios_de_tomada.ipynb").read_text(encoding="utf-8"))["cells"]
    shown = []
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## Para saber mais"):
            break
        if cell["cell_type"] == "code":
            shown.append(source)
    return shown


def test_the_students_practice_and_exercises_are_on_64_squares():
    tasks = cap.practice(COLLECTION).tasks
    assert tasks and all(t.board().variant.name == "brazilian" for t in tasks)
    assert all(e.initial_board().variant.name == "brazilian" for _, e in cap.final_exercises(COLLECTION))
    for i in (1, 2, 3):
        assert cap.final_exercise(i, COLLECTION).board().variant.name == "brazilian"
    hundred = cap.hundred_practice(COLLECTION).tasks
    assert hundred and all(t.board().variant.name == "international" for t in hundred)
    assert len(tasks) + len(hundred) == 32


def test_a_task_keeps_its_number_in_the_collection():
    keys = [t.key for t in cap.practice(COLLECTION).tasks] + [t.key for t in cap.hundred_practice(COLLECTION).tasks]
    assert sorted(keys) == sorted(f"exercicios-de-tomada/treino/{n}" for n in range(1, 33))
    assert "exercicios-de-tomada/treino/4" in [t.key for t in cap.hundred_practice(COLLECTION).tasks]


def test_the_student_path_calls_the_64_square_pieces():
    code = "\n".join(_student_path_cells())
    assert "practice()" in code and "hundred_practice()" not in code
    assert "final_exercise(1)" in code and "theme_examples()" not in code


def test_the_majority_verdict_is_the_rules():
    exercise = dict(cap.numbered(COLLECTION))[cap.MAJORITY_EXAMPLE]
    verdict = cap.majority_verdict(COLLECTION)
    assert verdict.startswith("**c7xa5?**")
    assert explain(exercise.initial_board(), "c7xa5").message in verdict and "regra 4.13" in verdict


def test_theme_examples_one_per_theme_on_64_squares():
    examples = cap.theme_examples(COLLECTION)
    themes = {cap.theme_of(e) for _, e in cap.numbered(COLLECTION) if e.initial_board().variant.name == "brazilian"}
    assert len(examples.rows) == len(themes) and repr(examples) == f"ThemeExamples({len(themes)} temas)"
    assert all(row[3].startswith("Resposta certa:") for row in examples.rows)


def test_the_answer_key_and_the_teachers_check(monkeypatch):
    monkeypatch.chdir(REPO / "notebooks")
    assert cap.answer_key_sentence() == "O gabarito de todos os 32 exercícios do arquivo confere com as regras."
    assert cap.teacher_check() == "9 respostas conferidas pelas regras."
