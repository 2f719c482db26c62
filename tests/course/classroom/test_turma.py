"""The teacher's table (``python -m damas turma``, issue 32 item 10): every count says of how
many («3 de 24»), the chapters nobody started are listed, and nothing tells the teacher to ask
the teacher; the catalogue behind the «de quantos» matches the notebooks and the puzzle files."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys

import pytest

from repo_paths import NOTEBOOKS, PUZZLES, REPO
from damas.course.kit.chapter_list import CHAPTERS, EXTRAS, label
from damas.course.kit.keys import position_key
from damas.course.kit.progress import Progress, read_class
from damas.course.classroom.stars_table import class_report, class_table
from damas.course.classroom.turma import run_turma

ROOT = REPO
#: A progress file nested too deep to read (issue 27, item 2).
DEEP = [b"[" * 100_000 + b"]" * 100_000]

SLUGS = {c[0] for c in CHAPTERS} | {e[0] for e in EXTRAS}


def _keys_in_notebooks():
    """(keys of the exercises made in the notebooks' cells, keys given to trainers)."""
    stars, trainers = set(), set()
    sources = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code" or "instalar-damas" in cell["metadata"].get("tags", []):
                continue
            sources.append("".join(line for line in cell["source"] if not line.lstrip().startswith(("%", "!"))))
    # A chapter's cell is one call into its module, where the keys are written now.
    sources += [p.read_text(encoding="utf-8") for p in sorted((REPO / "damas" / "course" / "chapters").rglob("*.py"))]
    for code in sources:
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple) and any(
                    isinstance(t, ast.Name) and t.id.endswith("_KEYS") for t in node.targets):
                stars |= {("keys", e.value) for e in node.value.elts if isinstance(e, ast.Constant)}
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            for arg in node.args[:2]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                        and "/" in arg.value and arg.value.split("/")[0] in SLUGS:
                    (trainers if name == "trainer" else stars).add((name, arg.value))
    return stars, trainers


def test_the_catalogue_knows_every_exercise_and_trainer_of_the_notebooks():
    from damas.course.kit import catalogue
    stars, trainers = _keys_in_notebooks()
    # Chapter 07's practice is a stage of tasks made in its module (one call a cell): its keys are
    # the catalogue's, one per exercise of tomadas.pdn (the 64-square ones and the 100-square ones).
    from damas.course.chapters.ch07_exercicios_de_tomada import hundred_practice, practice
    prefix, count = catalogue.CAPTURE_PRACTICE
    made = [task.key for stage in (practice(PUZZLES / "tomadas.pdn"), hundred_practice(PUZZLES / "tomadas.pdn"))
            for task in stage.tasks]
    assert sorted(made) == sorted(f"{prefix}/{n}" for n in range(1, count + 1))
    assert {key for name, key in stars if name != "capture_practice"} == set(catalogue.NOTEBOOK_STAR_KEYS)
    from damas.rules.pdn import read_games
    assert len(read_games(PUZZLES / "tomadas.pdn")) == catalogue.CAPTURE_PRACTICE[1]
    for _, key in trainers:
        assert key in catalogue.KEYED_PROBLEMS or any(
            k.startswith(key + "/") for k in catalogue.KEYED_PROBLEMS), key


def test_the_catalogue_sizes_the_problem_collections_from_the_files():
    from damas.course.kit import catalogue
    from damas.course.chapters.ch09_finais import DRILLS
    from damas.problems.puzzles import load_collection
    every = set()
    for path in sorted(PUZZLES.glob("*.pdn")):
        assert path.name in catalogue.TRAINER_FILES, f"{path.name}: add it to TRAINER_FILES"
        puzzles = load_collection(path)
        keys = [position_key(p) for p in puzzles]
        assert catalogue.file_positions(path.name) == keys
        assert all(catalogue.positions()[k] in SLUGS for k in keys)
        every |= set(keys)
    assert len(catalogue.positions()) == len(every)           # each position once
    assert catalogue.KEYED_PROBLEMS["finais/forcada"] == len(DRILLS)
    assert catalogue.problem_total() == len(every) + sum(catalogue.KEYED_PROBLEMS.values())


def test_a_problem_counts_once_and_a_grown_collection_keeps_its_marks(tmp_path):
    from damas.course.kit import catalogue
    from damas.problems.puzzles import load_collection
    classicos = load_collection(PUZZLES / "classicos.pdn")
    key = position_key(classicos[5])
    # the same position, named in two files or solved twice, is one problem
    saved = {key: [0], "finais/forcada": [0, 3, 3], "jogar/ex1": [0, 5]}
    assert catalogue.solved_problems(saved) == {key, "finais/forcada#0", "finais/forcada#3", "jogar/ex1#0"}
    assert catalogue.chapter_of(key) == "golpes"
    # a key depends on the position alone, not on where the problem stands in its collection
    assert position_key(classicos[5]) == position_key(list(reversed(classicos))[-6])
    assert position_key(classicos[5]) != position_key(classicos[6])


def test_an_earlier_versions_key_is_read_and_moved_to_positions(tmp_path, monkeypatch):
    from damas.course.kit import catalogue, practice
    from damas.course.kit.store import _reset_progress_cache
    internacional = catalogue.file_positions("internacional.pdn")
    old = Progress("ana", folder=tmp_path)
    old.record_solved("internacionais/treino/Damas internacionais", 2)
    old.record_solved("internacionais/treino/Damas internacionais", 7)
    data = read_class(tmp_path)[0][0]
    assert catalogue.solved_problems(data["problemas"]) == {internacional[2], internacional[7]}
    assert "2 de" in next(l for l in class_report([data]).splitlines() if l.startswith("ana"))
    practice.migrate_legacy(Progress("ana", folder=tmp_path))
    moved = Progress("ana", folder=tmp_path).all_solved
    assert moved == {internacional[2]: [0], internacional[7]: [0]}


def _class(tmp_path):
    ana = Progress("ana", folder=tmp_path)
    ana.record_stars("tomada/todas-1", 3)
    ana.record_stars("tomada/quiz", 2)
    bruno = Progress("bruno", folder=tmp_path)
    bruno.record_stars("movimento/dama-1", 2)
    from damas.course.kit.catalogue import file_positions
    bruno.record_solved(file_positions("classicos.pdn")[0], 0)
    bruno.record_solved("finais/forcada", 3)
    return read_class(tmp_path)[0]


def test_every_count_says_of_how_many(tmp_path):
    from damas.course.kit.catalogue import max_stars, problem_total
    report = class_report(_class(tmp_path))
    most = max_stars()
    lines = report.splitlines()
    ana = next(line for line in lines if line.startswith("ana"))
    bruno = next(line for line in lines if line.startswith("bruno"))
    assert f"5 de {most['tomada']}" in ana and f"0 de {most['movimento']}" in ana
    assert most["tomada"] == 36              # 8 tasks, 3 exercises and the quiz of chapter 03, 3 stars each
    total = sum(most.values())
    assert f"5 de {total}" in ana and f"0 de {problem_total()}" in ana
    assert f"2 de {most['movimento']}" in bruno and f"2 de {total}" in bruno
    assert f"2 de {problem_total()}" in bruno
    # chapter 09 was started (a drill won), though it gave no stars: it has its column
    assert "cap. 09" in lines[0]


def test_the_chapters_nobody_started_are_listed(tmp_path):
    report = class_report(_class(tmp_path))
    line = next(line for line in report.splitlines() if line.startswith("Capítulos que ninguém começou"))
    started = {"movimento", "tomada", "finais", "golpes"}   # a classic solved: chapter 06's problems
    for slug, *_ in CHAPTERS + EXTRAS:
        assert (label(slug) in line) == (slug not in started), slug


def test_the_table_never_tells_the_teacher_to_ask_the_teacher(tmp_path):
    _class(tmp_path)
    (tmp_path / "estragado.json").write_text("{", encoding="utf-8")
    (tmp_path / "outro.json").write_text("[]", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "damas", "turma", str(tmp_path), "--grafico",
                          str(tmp_path / "t.png")], capture_output=True, text=True, cwd=REPO,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stderr
    everything = run.stdout + run.stderr
    assert "professor" not in everything.lower()
    assert "estragado.json" in run.stderr and "fora da tabela" in run.stderr
    assert "ganhas de quantas há" in run.stdout and "resolvidos de quantos há" in run.stdout


# -- the class read from its files (moved from the progress tests) ------------------------------------
def test_the_class_for_the_teacher(tmp_path):
    Progress("ana", folder=tmp_path).record_stars("tomada/todas-1", 3)
    b = Progress("bruno", folder=tmp_path)
    b.record_stars("movimento/dama-1", 2)
    b.record_solved("jogar/ex1", 0)          # a problem of the course: counted
    b.record_solved("minha-colecao", 4)      # not one of the course's: no column of its own
    (tmp_path / "estragado.json").write_text("{", encoding="utf-8")
    students, problems = read_class(tmp_path)
    assert [s["aluno"] for s in students] == ["ana", "bruno"]
    assert len(problems) == 1 and "estragado.json" in problems[0]
    header, rows = class_table(students)
    assert header == ["aluno", "cap. 02", "cap. 03", "cap. 05", "estrelas", "problemas"]
    assert rows == [["ana", 0, 3, 0, 3, 0], ["bruno", 2, 0, 0, 2, 1]]   # the problem starts chapter 05


@pytest.mark.slow
def test_turma_command(tmp_path):
    Progress("ana", folder=tmp_path).record_stars("tomada/todas-1", 3)
    (tmp_path / "x.json").write_text("[]", encoding="utf-8")
    plot = tmp_path / "grafico.png"
    run = subprocess.run([sys.executable, "-m", "damas", "turma", str(tmp_path), "--grafico", str(plot)],
                         capture_output=True, text=True, cwd=ROOT,
                         env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    assert "ana" in run.stdout and "cap. 03" in run.stdout
    assert "Arquivo ignorado" in run.stderr and "x.json" in run.stderr
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    missing = subprocess.run([sys.executable, "-m", "damas", "turma", str(tmp_path / "nao-existe")],
                             capture_output=True, text=True, cwd=ROOT,
                             env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert missing.returncode == 2 and "não existe" in missing.stderr


def test_turma_reports_the_deep_file_and_goes_on_with_the_class(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("damas.course.classroom.turma.class_plot", lambda header, rows, path: None)
    Progress("ana", folder=tmp_path).record_stars("tomada/todas-1", 3)
    (tmp_path / "bruno.json").write_bytes(DEEP[0])
    assert run_turma(str(tmp_path)) == 0
    out, err = capsys.readouterr()
    assert "ana" in out and "bruno.json" in err and "Arquivo ignorado" in err
    assert "Traceback" not in err
    assert (tmp_path / "bruno.json").read_bytes() == DEEP[0]


@pytest.mark.parametrize("call", ["class_plot", "plot_path", "plot_path_grafico", "write_diplomas", "chapter_keys"])
def test_an_open_file_where_a_path_is_written_is_refused_in_portuguese(tmp_path, call):
    # The door's PATH lets an open file through (for functions that write into one); these build a
    # Path from the argument, and let a TypeError out for a file.
    import io

    from damas.course.classroom.stars_table import class_plot
    from damas.course.classroom.teacher_key import chapter_keys
    from damas.course.classroom.turma import plot_path, write_diplomas
    from damas.errors import DamasError
    buffer = io.BytesIO()
    calls = {"class_plot": lambda: class_plot(["aluno", "estrelas", "problemas"], [], buffer),
             "plot_path": lambda: plot_path(buffer),
             "plot_path_grafico": lambda: plot_path(tmp_path, buffer),
             "write_diplomas": lambda: write_diplomas([], buffer),
             "chapter_keys": lambda: chapter_keys(buffer)}
    with pytest.raises(DamasError, match="um texto ou um Path"):
        calls[call]()
    assert buffer.getvalue() == b""


@pytest.mark.parametrize("students", [
    [{}],                                                                     # no name, no stars
    [{"aluno": "ana", "estrelas": {"movimento/1": True}, "problemas": {}}],   # a star that is not a number
    [{"aluno": "ana", "estrelas": [], "problemas": {}}],
    [{"aluno": "ana", "estrelas": {}, "problemas": {"classicos": ["1"]}}],   # an index that is a text
    ["ana"],
])
def test_a_student_out_of_read_class_is_refused_in_portuguese(students):
    from damas.errors import DamasError
    with pytest.raises(DamasError, match="Valor inválido para students .o aluno 1."):
        class_table(students)


@pytest.mark.parametrize("rows", [[["x"]], [5], ["xy"], [["x", 1, 2]]])
def test_a_row_not_as_wide_as_the_header_is_refused_in_portuguese(rows):
    from damas.course.classroom.stars_table import format_table
    from damas.errors import DamasError
    with pytest.raises(DamasError, match=r"rows \(a linha 1\).*2 células, como o cabeçalho"):
        format_table(["aluno", "estrelas"], rows)
    assert format_table(["aluno", "estrelas"], [["ana", 3], ("bia", 2)]).splitlines()[2:] == ["ana           3", "bia           2"]
