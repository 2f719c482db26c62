"""How long each chapter of the course is, and whether it fits a 50-minute lesson.

    python scripts/chapter_length.py            # a table: words, cells, exercises, minutes
    python scripts/chapter_length.py --markdown # the same table in Markdown
    python scripts/chapter_length.py --guide    # write the figures into the teacher's guide's table

The estimate is a rule of thumb for a class of 12-year-olds, stated so that it can be checked:

* reading: the words of the Markdown cells at 100 words a minute (read together, aloud, with
  questions; a 12-year-old reads silently about twice as fast);
* each code cell that shows something (its code, or an output: a picture, a board, a line of
  text): 1 minute (run it, look at the result); a hidden cell with no output, and the teacher's
  hidden check (tag ``verificador``), cost nothing;
* but a cell that poses an exercise (``ex1 = ...``, ``chapter_exercise(...)``) costs 3 minutes, and each
  board task of the chapter's stage (``chapter_stage``) 1,5 minutes (one idea, one sentence, a
  few moves: lidraughts' learning tasks take 30 to 90 seconds, and issue 42 asks for tasks solved in
  under two minutes);
* the 5-question quiz: 5 minutes;
* what is under a collapsed heading («Para saber mais», «Para o professor») is outside the lesson:
  a class opens it on purpose.

``tests/notebooks/test_notebooks.py`` uses :func:`measure` to keep every chapter within one lesson.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LESSON_MINUTES = 50
WORDS_PER_MINUTE = 100
CODE_CELL_MINUTES = 1
EXERCISE_MINUTES = 3
TASK_MINUTES = 1.5
QUIZ_MINUTES = 5
EXERCISE = re.compile(r"^ex\d+ = |chapter_exercise\(|\bexercise\(\d", re.M)   # exercise(n): chapter 01


def _source(cell) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def _hidden(cell) -> bool:
    return bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"))


def _stage_tasks(cells) -> int:
    sys.path.insert(0, str(ROOT))
    from damas.course.kit.chapter_texts import TASKS, _slug
    n = 0
    for cell in cells:
        for chapter in re.findall(r"chapter_stage\('([\w-]+)'\)", _source(cell)):
            n += len(TASKS[_slug(chapter)])
    return n


HEADING = re.compile(r"\s*(#{1,6})\s")


def lesson_cells(cells) -> list:
    """The cells of the lesson: all but those under a collapsed heading («Para saber mais», «Para o
    professor»: JupyterLab hides the cells under it, up to the next heading of the same level or
    higher, and shows the heading's own cell), which a class opens on purpose, outside the 50
    minutes."""
    lesson, folded_at = [], None
    for cell in cells:
        m = HEADING.match(_source(cell)) if cell["cell_type"] == "markdown" else None
        if m and folded_at is not None and len(m.group(1)) <= folded_at:
            folded_at = None
        if folded_at is None:
            lesson.append(cell)
            if m and cell.get("metadata", {}).get("jp-MarkdownHeadingCollapsed"):
                folded_at = len(m.group(1))
    return lesson


def measure(path: Path) -> dict:
    """Words, cells, exercises and the estimated minutes of one notebook (``cells`` counts them
    all; the rest counts the lesson's cells, :func:`lesson_cells`)."""
    every = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    cells = lesson_cells(every)
    words = sum(len(_source(c).split()) for c in cells if c["cell_type"] == "markdown")
    code = [c for c in cells if c["cell_type"] == "code"]
    shown = [c for c in code if (not _hidden(c) or c.get("outputs"))
             and "verificador" not in c.get("metadata", {}).get("tags", [])]   # the teacher's check: not the lesson
    quizzes = [c for c in shown if re.search(r"chapter_quiz\('[\w-]+'\)\s*$", _source(c))]
    exercises = [c for c in shown if c not in quizzes and EXERCISE.search(_source(c))]
    tasks = _stage_tasks(code)
    visible = len(shown)
    minutes = (words / WORDS_PER_MINUTE + (visible - len(quizzes) - len(exercises)) * CODE_CELL_MINUTES
               + len(exercises) * EXERCISE_MINUTES + tasks * TASK_MINUTES + (QUIZ_MINUTES if quizzes else 0))
    exercises = len(exercises)
    quiz = bool(quizzes)
    return {"name": Path(path).name, "words": words, "cells": len(every), "code": len(code),
            "shown": visible, "exercises": exercises, "tasks": tasks, "quiz": quiz,
            "minutes": round(minutes)}


def chapters() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + [NOTEBOOKS / "Historia.ipynb"]


GUIDE = NOTEBOOKS / "GUIA_DO_PROFESSOR.md"
#: A row of the guide's table "A ordem do curso": | [name](notebook) | lesson | words | cells | minutes |
GUIDE_ROW = re.compile(r"^(\| \[[^\]]+\]\(([^)]+\.ipynb)\)[^|]* \| [^|]+ \| )(\d+) \| (\d+) \| (\d+) \|$", re.M)


def guide_figures(text: str) -> dict:
    """{notebook: (words, cells, minutes)} as the guide's table states them."""
    return {m.group(2): tuple(int(m.group(i)) for i in (3, 4, 5)) for m in GUIDE_ROW.finditer(text)}


def update_guide(path: Path = GUIDE) -> bool:
    """Write today's figures into the guide's table; True if it changed."""
    text = path.read_text(encoding="utf-8")

    def row(m):
        f = measure(NOTEBOOKS / m.group(2))
        return f"{m.group(1)}{f['words']} | {f['cells']} | {f['minutes']} |"
    new = GUIDE_ROW.sub(row, text)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--guide", action="store_true")
    args = parser.parse_args(argv)
    if args.guide:
        print("guia atualizado" if update_guide() else "o guia já tinha os números de hoje")
        return 0
    rows = [measure(p) for p in chapters()]
    if args.markdown:
        print("| caderno | palavras | células (de código; que mostram algo) | exercícios + tarefas | minutos |")
        print("|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['name']} | {r['words']} | {r['cells']} ({r['code']}; {r['shown']}) "
                  f"| {r['exercises']} + {r['tasks']} | {r['minutes']} |")
    else:
        print(f"{'caderno':32} {'palavras':>8} {'células':>7} {'código':>6} {'mostram':>7} {'exerc.':>6} "
              f"{'tarefas':>7} {'minutos':>7}")
        for r in rows:
            flag = "" if r["minutes"] <= LESSON_MINUTES else "  > 50"
            print(f"{r['name']:32} {r['words']:8} {r['cells']:7} {r['code']:6} {r['shown']:7} "
                  f"{r['exercises']:6} {r['tasks']:7} {r['minutes']:7}{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
