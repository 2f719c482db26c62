"""The teacher's answer key (damas/course/classroom/teacher_key.py, issue 46 item 6): the answer and the
reason of every quiz question, of every exercise a chapter's teacher's cell checks and of every board
task, by chapter; the kept notebooks/fichas/gabarito-do-professor.pdf says what the course says today."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest

from damas.course.classroom import teacher_key as tk
from damas.course.kit.chapter_list import CHAPTERS, EXTRAS
from damas.course.kit.chapter_texts import QUIZZES, TASKS
from repo_paths import NOTEBOOKS

KEPT = NOTEBOOKS / "fichas" / tk.KEY_FILE
PDFTOTEXT = shutil.which("pdftotext")
#: Chapters whose teacher's cell still uses names made in earlier cells (not one call into the module):
#: their notebook exercises cannot be read yet.  None left (strict: a chapter that regresses fails).
NOT_ONE_CALL: set = set()


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    os.environ.setdefault("DAMAS_PROGRESSO", str(tmp_path_factory.mktemp("progresso")))
    return tk.chapter_keys()


@pytest.fixture(scope="module")
def text(keys):
    return _joined(line for line, _style in tk.key_lines(keys))


def _joined(lines) -> str:
    return " ".join(" ".join(lines).split())


def _key_of(keys, number):
    return next(k for k in keys if k.heading.startswith(number + " "))


def test_every_chapter_and_reading_has_its_heading_in_order(keys):
    headings = [k.heading for k in keys]
    assert headings == [f"{n} — {t}" for _s, n, t, _f in CHAPTERS] + [f"{t} (leitura fora da sequência)"
                                                                          for _s, t, _f in EXTRAS]


def test_every_quiz_question_is_in_the_key_with_its_answer_and_reason(keys):
    """The key is made from the quizzes' data: a question changed in the texts changes the key."""
    assert sum(len(q.questions) for q in QUIZZES.values()) >= 85
    by_slug = {slug: number for slug, number, _t, _f in CHAPTERS} | {slug: slug for slug, _t, _f in EXTRAS}
    for slug, quiz in QUIZZES.items():
        key = next(k for k in keys if k.heading.startswith(by_slug[slug]) or slug == "historia" and "História" in k.heading)
        entries = [e for e in key.entries if e.label.startswith("Questionário")]
        assert len(entries) == len(quiz.questions), slug
        for entry, question in zip(entries, quiz.questions):
            assert entry.question == " ".join(question.text.split())
            assert entry.answer.split(" ou ")[0] == str(question.options[question.answer])
            assert entry.reason == " ".join(question.why[question.answer].split())


def test_a_changed_question_changes_the_key(monkeypatch):
    quiz = QUIZZES["empate"]
    question = quiz.questions[0]
    monkeypatch.setattr(question, "text", "Pergunta nova, escrita só para este teste?")
    key = tk._chapter_key("empate", "11 — Empate e resultado", NOTEBOOKS / "11_Empate_e_resultado.ipynb")
    assert any(e.question == "Pergunta nova, escrita só para este teste?" for e in key.entries)


def test_every_board_task_is_in_the_key_with_its_shortest_line(keys):
    for slug, number, _t, _f in CHAPTERS:
        entries = [e for e in _key_of(keys, number).entries if e.label.startswith("Tarefa")]
        assert len(entries) == len(TASKS.get(slug, [])), number
        for entry, task in zip(entries, TASKS.get(slug, [])):
            assert entry.answer and task.title in entry.label
            line = task.shortest()
            if getattr(task, "versus", False):
                assert len(task.student_moves(line)) == task.par and entry.answer.startswith("1.")
            elif task.goal not in ("capture", "only_capture"):
                assert len(entry.answer.split(", ")) == task.par == len(line), (task.key, entry.answer)


@pytest.mark.parametrize("number, exercises", [("11", 3), ("12", 2), ("13", 2), ("14", 2), ("15", 2), ("02", 3),
                                                ("03", 3)])
def test_the_exercises_are_those_the_chapter_checks(keys, number, exercises):
    entries = [e for e in _key_of(keys, number).entries if e.label.startswith("Exercício")]
    numbers = {int(re.match(r"Exercício (\d+)", e.label).group(1)) for e in entries}
    assert numbers == set(range(1, exercises + 1)), [e.label for e in entries]
    assert all(e.answer and e.reason for e in entries)


def test_chapter_11s_exercises_have_the_rules_answers(keys):
    entries = {e.label: e for e in _key_of(keys, "11").entries}
    assert entries["Exercício 1"].answer == "7.2.2"
    assert entries["Exercício 2"].answer == "g3-f4 ou g3-h4"
    assert entries["Exercício 3"].answer.startswith("1. g3-c7")
    assert "g3-c7 resolve" in entries["Exercício 3"].reason


def test_the_classics_of_chapter_06_carry_their_source_lines(keys):
    from damas.problems.book import book_order, source_line
    from damas.problems.puzzles import load_collection
    classics = book_order(load_collection(NOTEBOOKS.parent / "puzzles" / "classicos.pdn"))
    entries = [e for e in _key_of(keys, "06").entries if e.label.startswith("Golpe clássico")]
    assert len(entries) == len(classics)
    for entry, puzzle in zip(entries, classics):
        assert entry.source == " ".join(source_line(puzzle).split()) and entry.source
        assert puzzle.title in entry.label


def test_no_full_stop_is_left_alone_where_a_tag_was(keys):
    """The reasons read the problems' comments without their fact tags: the space before a tag
    goes with it («das pretas [%only a5xc3].» reads «das pretas.», not «das pretas .»)."""
    assert tk._clean("a única jogada das pretas [%gives c3-b4] [%only a5xc3]. Uma pedra") == \
        "a única jogada das pretas. Uma pedra"
    alone = [(k.heading, e.label) for k in keys for e in k.entries
             if re.search(r"\w [.,;:]( |$)", f"{e.answer} {e.reason}")]
    assert not alone, alone


@pytest.mark.parametrize("number", [pytest.param(n, marks=pytest.mark.xfail(
    strict=True, reason="a célula do professor ainda usa nomes de outras células")) if n in NOT_ONE_CALL else n
    for _s, n, _t, _f in CHAPTERS])
def test_each_chapters_teacher_cell_is_read_whole(keys, number):
    """A chapter whose teacher's cell is one call into its module gives the key all its exercises; the
    others are listed (strict: a chapter that becomes one call leaves the list)."""
    assert _key_of(keys, number).missing == ""


def test_the_key_says_what_it_could_not_read(keys):
    for number in NOT_ONE_CALL:
        key = _key_of(keys, number)
        if key.missing:
            assert "«" in key.missing and "Faltam neste gabarito" in key.missing


def test_a_notebook_whose_teacher_cell_needs_other_cells_is_read_as_far_as_it_can(tmp_path):
    notebook = tmp_path / "99_Teste.ipynb"
    cells = [{"cell_type": "code", "metadata": {}, "source": "from damas.course.kit.chapter_texts import chapter_quiz\n"
                                                           "from damas.course.kit.exercises import check_items"},
             {"cell_type": "code", "metadata": {"tags": ["verificador"]},
              "source": "check_items(chapter_quiz('11'))\ncheck_items(ex1)"}]
    notebook.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    items, unknown = tk.checked_items(notebook)
    assert [getattr(i, "key", None) for i in items] == ["empate/quiz"] and unknown == ["ex1"]


@pytest.mark.parametrize("cell", [{"cell_type": "code", "source": 5},
                                  {"cell_type": "code", "source": ["import os\n", None]},
                                  {"cell_type": "code", "source": "import os", "metadata": ["verificador"]},
                                  {"cell_type": "code", "source": "import os", "metadata": {"tags": 7}}])
def test_a_cell_out_of_the_notebook_format_is_refused_in_portuguese(tmp_path, cell):
    # A code cell whose source is not a text (or a list of texts), or whose metadata or tags are
    # not what the format says, let a TypeError or an AttributeError out.
    from damas.errors import DamasError
    notebook = tmp_path / "99_Teste.ipynb"
    teacher = {"cell_type": "code", "metadata": {"tags": ["verificador"]}, "source": "x = 1"}
    notebook.write_text(json.dumps({"cells": [cell, teacher]}), encoding="utf-8")
    with pytest.raises(DamasError, match="não é um caderno do curso"):
        tk.checked_items(notebook)


def test_the_key_without_the_notebooks_folder_says_so(tmp_path):
    from damas.errors import DamasError
    with pytest.raises(DamasError, match="Não encontrei a pasta dos cadernos"):
        tk.chapter_keys(tmp_path / "nada")


@pytest.mark.slow
def test_the_kept_key_is_todays(text):
    """notebooks/fichas/gabarito-do-professor.pdf is what the course says now: its text (pdftotext) is
    the key made from today's quizzes, tasks and chapters (python -m damas fichas --todas notebooks/fichas
    makes it again)."""
    assert KEPT.exists(), "gere o gabarito: python -m damas fichas --todas notebooks/fichas"
    if not PDFTOTEXT:
        if os.environ.get("DAMAS_REQUIRE_POPPLER"):
            pytest.fail("pdftotext (poppler-utils) não está instalado")
        pytest.skip("pdftotext (poppler-utils) não está instalado")
    out = subprocess.run([PDFTOTEXT, str(KEPT), "-"], capture_output=True, text=True, check=True).stdout
    kept = " ".join(line for line in out.splitlines()
                    if line.strip() and not re.fullmatch(r"Página \d+ de \d+", line.strip())
                    and line.strip() not in (tk.KEY_TEXTS["title"], tk.KEY_TEXTS["hint"]))
    assert " ".join(kept.split()) == text


def test_bad_input_is_refused_in_portuguese_and_writes_nothing(tmp_path):
    from damas.errors import DamasError
    with pytest.raises(DamasError, match="termine em .pdf"):
        tk.teacher_key(tmp_path / "gabarito.txt")
    assert not (tmp_path / "gabarito.txt").exists()
    broken = tmp_path / "x.ipynb"
    broken.write_text("{ isto não é um caderno", encoding="utf-8")
    with pytest.raises(DamasError, match="não é um caderno do curso"):
        tk.checked_items(broken)
    with pytest.raises(DamasError):
        tk.key_lines(["um texto"])
