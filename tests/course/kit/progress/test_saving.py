"""Every board that judges a student saves what was solved through one path (the course's
progress file): the Voilà app, the chapter 06 trainer, chapter 08's traps, chapter 09's
drills and challenge.

Each test runs the notebook's own cells (as stored, the install cell left out) in a fresh
Python, with the notebooks' folder as the working folder, solves a problem by clicks on the
widget's model, and reads the progress file back; a second fresh Python makes the board again
and sees the problem counted; ``python -m damas turma`` counts it.
"""

from __future__ import annotations

import json
import re
import os
import subprocess
import sys

import pytest

from repo_paths import NOTEBOOKS, REPO
from damas.course.kit.progress import Progress

pytestmark = pytest.mark.slow

# Runs cells of a notebook, keeps the value of the last cell's last expression (or the
# variable named), solves the problem it shows by clicks, and prints what it knows as JSON.
DRIVER = r"""
import ast, json, sys
notebook, name, solve = sys.argv[1], sys.argv[2], sys.argv[3] == "solve"
cells = [int(i) for i in sys.argv[4:]]
source = json.load(open(notebook, encoding="utf-8"))["cells"]
ns, value = {}, None
for i in cells:
    tree = ast.parse("".join(source[i]["source"]))
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, notebook, "exec"), ns)
    if last is not None:
        value = eval(compile(ast.Expression(last.value), notebook, "eval"), ns)
board = ns[name] if name != "-" else value

def click(widget, move):
    widget.click(move.start)
    widget.click(move.end)
    if widget.choices:
        paths = [tuple(c["path"]) for c in widget.choices]
        widget.choose(paths.index(tuple(move.path)))

if hasattr(board, "puzzles"):                    # a puzzle trainer
    if solve:
        line = board.puzzle.solution_moves()
        for move in line[::2]:                   # the student's moves; the trainer replies
            click(board.widget, move)
        assert board.verdict.status == "correct", board.verdict
    print(json.dumps({"solved": sorted(board.solved), "text": board.progress_text()}))
else:                                            # an endgame drill: the database's fastest win
    from damas.engine import endgames
    if solve:
        while board.verdict is None or board.verdict.status == "good":
            click(board.widget, endgames.best_moves(board.board)[0])
        assert board.verdict.status == "won", board.verdict
    print(json.dumps({"solved": sorted(board.solved), "text": board.progress_text()}))
"""

# (notebook, the variable holding the board or "-" for the last expression, cells to run)
BOARDS = {
    "app": ("app_treino.ipynb", "treino", [1]),
    "golpes": ("06_Golpes_classicos.ipynb", "-", [2, 37]),
    "armadilhas": ("08_Como_jogar.ipynb", "-", [2, 35]),
    "finais": ("09_Finais.ipynb", "-", [51, 52]),
    "desafio": ("09_Finais.ipynb", "-", [51, 54]),
}


def _cells_of(notebook, cells):
    """The cells run: their sources must be the calls this test is about (the test follows the
    notebook if a cell moves)."""
    source = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    return ["".join(source[i]["source"]) for i in cells]


def _run(board, folder, solve):
    notebook, name, cells = BOARDS[board]
    env = dict(os.environ, PYTHONPATH=str(REPO), DAMAS_PROGRESSO=str(folder), DAMAS_ALUNO="ana")
    run = subprocess.run([sys.executable, "-c", DRIVER, notebook, name, "solve" if solve else "look",
                          *map(str, cells)], cwd=NOTEBOOKS, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_cells_are_the_boards_of_the_chapters():
    assert "PuzzleTrainer(" in _cells_of("06_Golpes_classicos.ipynb", [37])[0]
    assert "PuzzleTrainer(armadilhas)" in _cells_of("08_Como_jogar.ipynb", [35])[0]
    assert _cells_of("09_Finais.ipynb", [52, 54]) == ["EndgameDrill()", "EndgameDrill(challenge=True)"]
    assert "treino =" in _cells_of("app_treino.ipynb", [1])[0]


@pytest.mark.parametrize("board", list(BOARDS))
def test_a_problem_solved_is_saved_and_counted_again(board, tmp_path):
    first = _run(board, tmp_path, solve=True)
    assert first["solved"] == [0]
    saved = Progress("ana", folder=tmp_path).all_solved
    assert sum(len(v) for v in saved.values()) == 1, saved
    # a new kernel: the board made again counts the problem solved
    again = _run(board, tmp_path, solve=False)
    assert again["solved"] == [0]
    assert again["text"].startswith("Resolvidos: 1 de "), again["text"]
    if board not in ("finais", "desafio"):         # a trainer keeps its count of attempts too
        assert "Tentativas neste problema: 1." in again["text"], again["text"]
    # the teacher's table counts it
    table = subprocess.run([sys.executable, "-m", "damas", "turma", str(tmp_path), "--grafico",
                            str(tmp_path / "turma.png")], env=dict(os.environ, PYTHONPATH=str(REPO)),
                           capture_output=True, text=True)
    assert table.returncode == 0, table.stderr
    row = next(line for line in table.stdout.splitlines() if line.startswith("ana"))
    assert re.search(r"\b(\d+) de \d+\s*$", row).group(1) == "1", table.stdout   # problemas: 1 de N


def test_a_trainer_whose_progress_file_is_refused_still_trains_and_says_so(monkeypatch, tmp_path):
    pytest.importorskip("anywidget")
    from damas.course.kit import practice
    from damas.course.kit.store import _reset_progress_cache
    from damas.problems.puzzles import load_collection
    from repo_paths import PUZZLES
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path))
    monkeypatch.setenv("DAMAS_ALUNO", "ana")
    (tmp_path / "ana.json").write_text("{não é json", encoding="utf-8")
    _reset_progress_cache()
    t = practice.PuzzleTrainer(load_collection(PUZZLES / "classicos.pdn")[:2])
    for move in t.puzzle.solution_moves()[::2]:
        t.play(move)
    assert t.solved == {0} and t.verdict.status == "correct"
    assert "não estão sendo gravados" in t.progress_text() and "ana.json" in t.progress_text()
    assert (tmp_path / "ana.json").read_text(encoding="utf-8") == "{não é json"   # left as it was


def test_the_same_collection_counts_once_in_the_app_and_in_a_chapter(tmp_path, monkeypatch):
    pytest.importorskip("anywidget")
    from damas.course.kit import practice
    from damas.problems.puzzles import load_collection
    from repo_paths import PUZZLES
    classicos = load_collection(PUZZLES / "classicos.pdn")
    app = practice.PuzzleTrainer({"Golpes clássicos (8x8)": classicos})
    assert practice.collection_key(app, "Golpes clássicos (8x8)") is None   # kept by position
    named = practice.trainer(classicos, "golpes/treino")
    assert practice.collection_key(named, "") == "golpes/treino"
    # a problem solved in the app is solved in the chapter, and in a collection that grew
    for move in app.puzzle.solution_moves()[::2]:
        app.play(move)
    assert app.solved == {0}
    assert practice.PuzzleTrainer({"Clássicos": classicos}).solved == {0}
    grown = practice.PuzzleTrainer({"Mais": classicos[3:5] + classicos[:2]})
    assert grown.solved == {2}
    assert practice.PuzzleTrainer({"Outros": classicos[1:]}).solved == set()
