"""How long the other side takes to answer in the course's board tasks where it moves (issue 42).

    python benchmarks/task_defence.py              # every versus task, 20 random games each
    python benchmarks/task_defence.py --games 5    # quicker

For each task whose other side moves (goals ``win``, ``material``, ``stop``), the student's moves
are drawn at random among the legal ones (a seeded generator: the same games each run) until the
task is done, failed or at its limit, and each reply of the defence
(:meth:`damas.course.kit.tasks.BoardTask.reply`, with a fresh search table, as on a new board)
is timed.  Then the proven line (the student's best moves) is timed the same way.  It prints, per
task, the slowest reply and the median, in milliseconds, and the slowest of all.  In JupyterLite
(Pyodide) expect a few times more.  No test checks a time; tests/course/kit/test_tasks.py checks
the moves.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from damas.course.kit.chapter_texts import TASKS  # noqa: E402
from damas.course.kit.task_search import DONE, FAILED, TaskGoal  # noqa: E402


def _fresh(task):
    task.rules = TaskGoal(task.board0, task.goal, target=task.target, gain=task.gain)


def _game(task, choose) -> list:
    """The times (seconds) of every reply in one attempt whose moves ``choose(board)`` picks."""
    _fresh(task)
    board, times = task.board(), []
    for n in range(1, task.limit + 1):
        board.push(choose(board))
        if task.rules.status(board, n) in (DONE, FAILED):
            break
        t0 = time.perf_counter()
        reply = task.reply(board, n)
        times.append(time.perf_counter() - t0)
        if reply is None:
            break
        board.push(reply)
        if task.rules.status(board, n) in (DONE, FAILED):
            break
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per task (default %(default)s)")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"{'tarefa':34} {'respostas':>9} {'mediana ms':>10} {'pior ms':>8}")
    worst_all = (0.0, "")
    for tasks in TASKS.values():
        for task in tasks:
            if not task.versus:
                continue
            times = []
            for _ in range(args.games):
                times += _game(task, lambda b: rng.choice(b.legal_moves()))
            line = task.student_moves(task.shortest(task.par))
            moves = iter(line)
            times += _game(task, lambda b: next(moves))
            if not times:
                continue
            worst = max(times)
            worst_all = max(worst_all, (worst, task.key))
            print(f"{task.key:34} {len(times):9} {statistics.median(times) * 1000:10.1f} {worst * 1000:8.1f}")
    print(f"a resposta mais lenta: {worst_all[0] * 1000:.0f} ms ({worst_all[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
