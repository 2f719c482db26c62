"""Every starred board task of the course, counted and proven by the package (issue 42, item 1).

- the counts: at least 60 tasks, at least 6 in each of chapters 01, 02, 03, 04, 07 and 09;
- each par is the true minimum: the goal is reached in ``par`` moves of the student (against the
  best defence when the other side moves: every reply is searched) and not in one move fewer;
- one idea each: a one-sentence instruction of at most 20 words, in a child's words, and the
  position does what its goal says (the only capture is the only legal move, a capture task is about
  the majority law, a defence task has a real threat, a square to reach is empty);
- small enough for two minutes: a par of at most 6 moves, at most 14 pieces;
- the search agrees with the problems' solver (:mod:`damas.problems.solver`) where their goals
  meet, and the defence the live board plays is the same every time.
"""

from __future__ import annotations

import importlib.util
import re
import sys

import pytest

from damas.course.kit.chapter_texts import TASKS
from damas.course.kit.chapter_list import number_of
from damas.course.kit.task_search import TaskGoal
from damas.course.kit.tasks import BoardTask
from damas.problems.compose import free_captures
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve
from repo_paths import REPO

ALL = [t for tasks in TASKS.values() for t in tasks]
IDS = [t.key for t in ALL]
MINIMUM_TOTAL = 60
MINIMUM_PER_CHAPTER = {"01": 6, "02": 6, "03": 6, "04": 6, "07": 6, "09": 6}


def _machine_words():
    module = sys.modules.get("student_path")
    if module is None:
        spec = importlib.util.spec_from_file_location("student_path", REPO / "scripts" / "student_path.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["student_path"] = module         # its dataclasses look their module up
        spec.loader.exec_module(module)
    return module.MACHINE_WORDS, module.ENGLISH_WORDS


def per_chapter() -> dict:
    return {number_of(slug): len(tasks) for slug, tasks in TASKS.items()}


def test_the_course_has_the_tasks_the_issue_asks_for():
    counts = per_chapter()
    assert sum(counts.values()) >= MINIMUM_TOTAL, counts
    for chapter, minimum in MINIMUM_PER_CHAPTER.items():
        assert counts.get(chapter, 0) >= minimum, (chapter, counts)


def test_the_count_sees_a_missing_chapter():
    # the counting itself can fail: a chapter without tasks is missed
    counts = dict(per_chapter())
    counts.pop("09")
    assert counts.get("09", 0) < MINIMUM_PER_CHAPTER["09"]


@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_the_par_is_the_fewest_moves_against_the_best_defence(task):
    line = task.shortest(task.par + 2)
    assert line is not None, f"{task.key}: not done within {task.par + 2} moves"
    moves = task.student_moves(line)
    assert len(moves) == task.par, f"{task.key}: par {task.par}, but {len(moves)} moves do it"
    if task.versus:
        # the proof: within par moves the goal is forced against every reply, not within one fewer
        fresh = TaskGoal(task.board(), task.goal, target=task.target, gain=task.gain)
        assert fresh.forced(task.board(), task.par)
        assert task.par == 1 or not fresh.forced(task.board(), task.par - 1)
    verdict = task.judge(moves)
    assert verdict.done and verdict.stars == 3, (task.key, verdict.message)
    if task.par > 1 and not task.versus:
        assert not task.judge(moves[:-1]).done


@pytest.mark.parametrize("task", [t for t in ALL if t.goal in ("win", "material")],
                         ids=[t.key for t in ALL if t.goal in ("win", "material")])
def test_the_problems_solver_agrees(task):
    # an independent search (damas.problems.solver): the same fewest moves, counted in plies
    # (the goal may be met after the student's last move or after the reply to it)
    puzzle = Puzzle(task.fen, goal=task.goal, n=task.gain, max_plies=2 * task.par,
                    variant=task.board0.variant.name)
    proof = solve(puzzle, all_moves=False)
    assert proof.proven and proof.plies in (2 * task.par - 1, 2 * task.par), (task.key, proof.plies)


@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_one_idea_in_a_childs_words(task):
    machine, english = _machine_words()
    text = task.text
    words = [w.strip(".,:;!?«»()").lower() for w in text.split()]
    assert 3 <= len(words) <= 20, text
    assert text[-1] in ".!" and ". " not in text[:-1], text            # one sentence
    assert not set(words) & machine and not set(words) & english, text
    assert "regra" not in words, text
    assert len(task.title.split()) <= 6, task.title
    assert task.par <= 6, f"{task.key}: par {task.par} is more than a child does in two minutes"
    assert len(task.board0.pieces()) <= 14


@pytest.mark.parametrize("task", ALL, ids=IDS)
def test_the_position_does_what_the_goal_says(task):
    board = task.board()
    legal = board.legal_moves()
    side, other = task.side, task.other
    if task.goal == "reach":
        assert board.piece_at(task.target) is None
    elif task.goal == "only_capture":
        assert len(legal) == 1 and legal[0].is_capture
        # a search among many: without the capture, several pieces of the student could move
        assert len(board.men(side)) + len(board.kings(side)) >= 4
    elif task.goal == "capture":
        assert legal and all(m.captured for m in legal)
        counts = {len(m.captured) for m in free_captures(board)}
        assert len(counts) >= 2 or task.key.endswith("maximo-3"), "the majority law chooses nothing here"
    elif task.goal == "stop":
        assert not board.kings(other)
        # a real threat: left alone, the other side's men would make a king
        alone = board.copy(stack=False)
        for square in board.men(side) + board.kings(side):
            alone.remove_piece(square)
        alone.turn = other
        threat = BoardTask("x/y", alone.fen(), "promote", 1, "x", "x.", variant=alone.variant.name)
        assert threat.shortest(8) is not None
    elif task.goal == "capture_all":
        assert board.count(other) >= 1


def test_a_false_par_is_caught():
    # the proof can fail: a task whose par is one move short, or one move long
    task = TASKS["tomada"][1]
    short = BoardTask(task.key, task.fen, task.goal, task.par - 1, task.title, task.text)
    assert len(short.student_moves(short.shortest(short.par + 2))) != short.par
    versus = next(t for t in ALL if t.versus and t.par > 1)
    fresh = TaskGoal(versus.board(), versus.goal, target=versus.target, gain=versus.gain)
    assert not fresh.forced(versus.board(), versus.par - 1)


@pytest.mark.parametrize("task", [t for t in ALL if t.versus], ids=[t.key for t in ALL if t.versus])
def test_the_defence_is_the_same_every_time(task):
    first = task.shortest(task.par)
    again = BoardTask(task.key, task.fen, task.goal, task.par, task.title, task.text,
                      variant=task.board0.variant.name, gain=task.gain).shortest(task.par)
    assert [m.path for m in first] == [m.path for m in again]


NUMBERS = {"uma": 1, "duas": 2, "três": 3, "quatro": 4}
GIVE_TAKE = [t for t in ALL if t.goal == "material" and "Dê " in t.text and " tome " in t.text]


@pytest.mark.parametrize("task", GIVE_TAKE, ids=[t.key for t in GIVE_TAKE])
def test_give_and_take_say_what_the_line_does(task):
    # «Dê uma pedra e tome duas»: on the proven line the student gives that many and takes that many,
    # and the gain the search proves against every reply is the difference
    given_words = re.search(r"Dê (a|uma|duas) pedra", task.text).group(1)
    give = 1 if given_words == "a" else NUMBERS[given_words]
    take = NUMBERS[re.search(r" tome (duas|três|quatro)", task.text).group(1)]
    line = task.shortest(task.par)
    taken = sum(len(m.captured) for m in line[0::2])
    given = sum(len(m.captured) for m in line[1::2])
    assert (given, taken) == (give, take), (task.key, given, taken)
    assert task.gain == take - give
