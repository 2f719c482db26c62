"""Every board that judges a student saves what was solved through one path (the course's
progress file): the Voilà app, the chapter 06 trainer, chapter 08's traps, chapter 09's
drills and challenge; the trainer keeps the attempts at each problem, a game against the
computer the level beaten.

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

# (notebook, the variable holding the board or "-" for the last expression, cells to run): a cell is
# given by its index, or by the call it makes (the first code cell whose source holds that text)
BOARDS = {
    "app": ("app_treino.ipynb", "treino", [1]),
    "golpes": ("06_Golpes_classicos.ipynb", "-", ["from damas.course.chapters.", "classics_trainer()"]),
    "armadilhas": ("08_Como_jogar.ipynb", "-", ["from damas.course.chapters.", "traps_trainer()"]),
    "finais": ("09_Finais.ipynb", "-", ["from damas.course.chapters.", "drill()"]),
    "desafio": ("09_Finais.ipynb", "-", ["from damas.course.chapters.", "challenge()"]),
}


def _indices(notebook, cells):
    source = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    return [i if isinstance(i, int) else next(k for k, c in enumerate(source) if c["cell_type"] == "code"
                                              and i in "".join(c["source"])) for i in cells]


def _cells_of(notebook, cells):
    """The cells run: their sources must be the calls this test is about (the test follows the
    notebook if a cell moves)."""
    source = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    return ["".join(source[i]["source"]) for i in _indices(notebook, cells)]


def _run(board, folder, solve):
    notebook, name, cells = BOARDS[board]
    env = dict(os.environ, PYTHONPATH=str(REPO), DAMAS_PROGRESSO=str(folder), DAMAS_ALUNO="ana")
    run = subprocess.run([sys.executable, "-c", DRIVER, notebook, name, "solve" if solve else "look",
                          *map(str, _indices(notebook, cells))], cwd=NOTEBOOKS, env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_cells_are_the_boards_of_the_chapters():
    assert _cells_of("06_Golpes_classicos.ipynb", ["classics_trainer()"])[0].endswith("\nclassics_trainer()")
    assert _cells_of("08_Como_jogar.ipynb", ["traps_trainer()"])[0].endswith("\ntraps_trainer()")
    assert [c.splitlines()[-1] for c in _cells_of("09_Finais.ipynb", ["drill()", "challenge()"])] == [
        "drill()", "challenge()"]
    for notebook in ("06_Golpes_classicos.ipynb", "08_Como_jogar.ipynb", "09_Finais.ipynb"):
        assert "from damas.course.chapters." in _cells_of(notebook, [2])[0]       # the chapter's import
    assert "treino =" in _cells_of("app_treino.ipynb", [1])[0]


@pytest.mark.slow
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


# -- the trainer: the attempts at each problem survive a reload -----------------------------------------
TURCO_FEN = "W:W6,14,15,17,27:BK2"


def _trainers():
    pytest.importorskip("anywidget")
    from damas.course.kit import practice
    from damas.problems.puzzles import Puzzle
    turco = Puzzle(TURCO_FEN, goal="win", max_plies=3, title="Golpe turco", solution="27-23 2x10 14x7")
    other = Puzzle("W:W22,25,29:B8,13,15", goal="win", max_plies=3, solution="22-17 13x22 25x4")
    return practice, turco, other


def test_a_trainer_made_again_shows_the_attempts_made_before():
    practice, turco, other = _trainers()
    from damas.course.kit.store import _reset_progress_cache
    t = practice.PuzzleTrainer([turco, other])
    t.play("f2-g3")                                          # a wrong move: one attempt
    t.play("27-23")                                          # the second attempt starts
    t.play("14x7")
    assert t.verdict.status == "correct" and t.attempts == {0: 2}
    _reset_progress_cache()                                  # a new kernel: the file is read again
    again = practice.PuzzleTrainer([turco, other])
    assert again.solved == {0} and again.attempts == {0: 2}
    assert "Tentativas neste problema: 2." in again.progress_text()
    # the same problem elsewhere (another collection, another place) has the same count
    elsewhere = practice.PuzzleTrainer({"Outra": [other, turco]})
    assert elsewhere.attempts == {1: 2}
    elsewhere.load(1)
    elsewhere.play("27-23")                                  # a third attempt, saved from there
    _reset_progress_cache()
    assert practice.PuzzleTrainer([turco]).attempts == {0: 3}
    from damas.course.kit.keys import position_key
    assert Progress().tries(position_key(turco)) == 3


def test_a_refused_progress_file_leaves_the_trainer_counting_and_the_file_alone(tmp_path, monkeypatch):
    practice, turco, other = _trainers()
    from damas.course.kit.store import _reset_progress_cache
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path))
    (tmp_path / "ana.json").write_text("{não é json", encoding="utf-8")
    monkeypatch.setenv("DAMAS_ALUNO", "ana")
    _reset_progress_cache()
    t = practice.PuzzleTrainer([turco])
    t.play("f2-g3")
    assert t.attempts == {0: 1} and "não estão sendo gravados" in t.progress_text()
    assert (tmp_path / "ana.json").read_text(encoding="utf-8") == "{não é json"


# -- a game against the computer: the level beaten ------------------------------------------------------
def _win(game):
    """White wins: 22-17 (the computer must take 13x22), then 25x4 takes the last three."""
    w = game.widget
    w.click(22)
    w.click(17)
    assert len(w.moves) == 2                       # the computer answered
    w.click(25)
    w.click(4)
    assert w.result == "2-0"


def test_a_game_won_against_the_computer_records_its_level():
    from damas.course.kit.games import ComputerGame
    game = ComputerGame(3, position="W:W22,25,29:B8,13,15")
    _win(game)
    assert Progress().level_beaten() == 3
    lower = ComputerGame(2, position="W:W22,25,29:B8,13,15")
    _win(lower)
    assert Progress().level_beaten() == 3


def test_the_level_beaten_is_the_lowest_the_computer_played_in_that_game():
    from damas.course.kit.games import ComputerGame
    game = ComputerGame(1, position="W:W22,25,29:B8,13,15")
    w = game.widget
    w.click(22)
    w.click(17)                                    # the computer answers at level 1
    w.set_level(5)                                 # then the student raises it before winning
    w.click(25)
    w.click(4)
    assert w.result == "2-0" and Progress().level_beaten() == 1


# -- no registry: the course's trainer keeps the progress, the widget's knows nothing of the course --------
def test_the_courses_trainer_saves_and_the_widgets_trainer_knows_nothing_of_the_course(tmp_path, monkeypatch):
    practice, turco, other = _trainers()          # the course is imported
    from damas.course.kit.keys import position_key
    from damas.course.kit.store import _reset_progress_cache
    from damas.widget.trainer import PuzzleTrainer as WidgetTrainer
    monkeypatch.setenv("DAMAS_PROGRESSO", str(tmp_path))
    monkeypatch.setenv("DAMAS_ALUNO", "ana")
    _reset_progress_cache()
    plain = WidgetTrainer([turco])
    for move in turco.solution_moves()[::2]:
        plain.play(move)
    assert plain.solved == {0} and not (tmp_path / "ana.json").exists()     # the widget saves nothing
    course = practice.PuzzleTrainer([turco])
    assert isinstance(course, WidgetTrainer) and type(course).__module__ == "damas.course.kit.practice"
    assert course.solved == set()                 # nothing was saved by the widget's trainer
    for move in turco.solution_moves()[::2]:
        course.play(move)
    assert Progress("ana", folder=tmp_path).solved(position_key(turco)) == {0}
    keyed = practice.trainer([other], "lei-da-maioria/treino")
    assert type(keyed) is type(course) and keyed.key == "lei-da-maioria/treino"
    assert repr(course).startswith("PuzzleTrainer(problema 1 de 1:")    # what the notebooks show
