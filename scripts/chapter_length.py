"""How long each chapter of the course is, and whether it fits a 50-minute lesson.

    python scripts/chapter_length.py            # a table: words, cells, exercises, minutes
    python scripts/chapter_length.py --markdown # the same table in Markdown
    python scripts/chapter_length.py --guide    # write the figures into the teacher's guide (table, plans)

The estimate is a rule of thumb for a class of 12-year-olds, stated so that it can be checked:

* reading: the words of the Markdown cells at 100 words a minute (read together, aloud, with
  questions; a 12-year-old reads silently about twice as fast);
* each code cell that shows something (its code, or an output: a picture, a board, a line of
  text): 1 minute (run it, look at the result); a hidden cell with no output, and the teacher's
  hidden check (tag ``verificador``), cost nothing;
* but a cell that poses an exercise (``ex1 = ...``, ``chapter_exercise(...)``, or a cell whose label,
  its first line, says ``# exercício N`` or ``# tarefa N``) costs 3 minutes, and each board task of the
  chapter's stage (``chapter_stage``) 1,5 minutes (one idea, one sentence, a few moves: lidraughts'
  learning tasks take 30 to 90 seconds, and issue 42 asks for tasks solved in under two minutes);
* the 5-question quiz: 5 minutes;
* what is under a collapsed heading («Para saber mais», «Para o professor», a stage test's «Prova da
  etapa») is outside the lesson: a class opens it on purpose;
* the section «Jogue com um colega» (its block, and the mini-game against the computer for who has
  no classmate near) is the plan's play at the wooden boards, not the notebook's part.

The teacher's guide plans each lesson in four parts that add up to 50 minutes (issue 46, item 7): a
line ``* **Aula de 50 minutos**: aquecimento 5 min · caderno 31 min · jogo no tabuleiro de madeira 9
min · fechamento 5 min.`` in each chapter's section. The teacher chooses the warm-up and the closing;
``--guide`` writes the notebook's part as this estimate and gives the rest of the 50 minutes to play
at the wooden boards; ``tests/notebooks/test_lesson_plans.py`` checks the sums and the agreement.

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
EXERCISE = re.compile(r"^ex\d+ = |chapter_exercise\(|^#\s*(?:exerc[ií]cio|tarefa)\b", re.M | re.I)


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
#: The heading of the section played at the wooden boards (issue 42, item 5).
PLAY_HEADING = re.compile(r"\s*#{1,6}\s+Jogue com um colega\b")


def play_cells(cells) -> list:
    """The cells of the section «Jogue com um colega»: from its heading to the next heading of the
    same level or higher."""
    play, level = [], None
    for cell in cells:
        m = HEADING.match(_source(cell)) if cell["cell_type"] == "markdown" else None
        if m and level is not None and len(m.group(1)) <= level:
            level = None
        if m and PLAY_HEADING.match(_source(cell)):
            level = len(m.group(1))
        if level is not None:
            play.append(cell)
    return play


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
    play = play_cells(cells)
    cells = [c for c in cells if not any(c is p for p in play)]
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
            "play_cells": len(play), "minutes": round(minutes)}


def chapters() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + [NOTEBOOKS / "Historia.ipynb"]


GUIDE = NOTEBOOKS / "GUIA_DO_PROFESSOR.md"
#: A row of the guide's table "A ordem do curso": | [name](notebook) | lesson | words | cells | minutes |
GUIDE_ROW = re.compile(r"^(\| \[[^\]]+\]\(([^)]+\.ipynb)\)[^|]* \| [^|]+ \| )(\d+) \| (\d+) \| (\d+) \|$", re.M)


def guide_figures(text: str) -> dict:
    """{notebook: (words, cells, minutes)} as the guide's table states them."""
    return {m.group(2): tuple(int(m.group(i)) for i in (3, 4, 5)) for m in GUIDE_ROW.finditer(text)}


#: A lesson plan of the guide: warm-up, notebook, play at the wooden boards, closing (minutes).
PLAN = re.compile(r"^(\* \*\*Aula de 50 minutos\*\*: )aquecimento (\d+) min · caderno (\d+) min · jogo no tabuleiro "
                  r"de madeira (-?\d+) min · fechamento (\d+) min\.$", re.M)
#: The heading of a chapter's section in the guide's «Plano das aulas», with its notebook.
PLAN_SECTION = re.compile(r"^### .*\(\[notebook\]\(([^)]+\.ipynb)\)\)$", re.M)


def guide_plans(text: str) -> dict:
    """{notebook: (warm-up, notebook, play, closing)} of each chapter's lesson plan in the guide."""
    plans = {}
    heads = list(PLAN_SECTION.finditer(text))
    for head, after in zip(heads, heads[1:] + [None]):
        section = text[head.end():after.start() if after else len(text)].split("\n## ", 1)[0]
        m = PLAN.search(section)
        if m:
            plans[head.group(1)] = tuple(int(m.group(i)) for i in (2, 3, 4, 5))
    return plans


def _plans_of_today(text: str) -> str:
    """The guide's text with each plan's notebook part set to today's estimate and play the rest."""
    heads = list(PLAN_SECTION.finditer(text))
    out, last = [], 0
    for head, after in zip(heads, heads[1:] + [None]):
        end = after.start() if after else len(text)
        minutes = measure(NOTEBOOKS / head.group(1))["minutes"]

        def plan(m, minutes=minutes):
            warm, closing = int(m.group(2)), int(m.group(5))
            play = max(0, LESSON_MINUTES - warm - closing - minutes)   # a chapter too long has no play left
            return (f"{m.group(1)}aquecimento {warm} min · caderno {minutes} min · jogo no tabuleiro de madeira "
                    f"{play} min · fechamento {closing} min.")
        out.append(text[last:head.end()])
        out.append(PLAN.sub(plan, text[head.end():end], count=1))
        last = end
    out.append(text[last:])
    return "".join(out)


#: The guide's sentence that names the chapters with board tasks («Os capítulos 02, 03 e 04 têm tarefas…»).
TASKS_SENTENCE = re.compile(r"Os capítulos ([\d, e]+) têm tarefas no tabuleiro")


def chapters_with_tasks() -> list[str]:
    """The numbers of the chapters that show board tasks: their texts have tasks and their notebook
    shows the stage (``chapter_stage``)."""
    sys.path.insert(0, str(ROOT))
    from damas.course.kit.chapter_list import CHAPTERS
    from damas.course.kit.chapter_texts import TASKS
    found = []
    for slug, number, _title, name in CHAPTERS:
        cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
        if TASKS.get(slug) and _stage_tasks([c for c in cells if c["cell_type"] == "code"]):
            found.append(number)
    return found


def _listed(numbers: list[str]) -> str:
    return numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + " e " + numbers[-1]


def update_guide(path: Path = GUIDE) -> bool:
    """Write today's figures into the guide's table, its lesson plans and its sentence naming the
    chapters with board tasks; True if it changed."""
    text = path.read_text(encoding="utf-8")
    tasks = TASKS_SENTENCE.sub(lambda m: f"Os capítulos {_listed(chapters_with_tasks())} têm tarefas no tabuleiro",
                               text)

    def row(m):
        f = measure(NOTEBOOKS / m.group(2))
        return f"{m.group(1)}{f['words']} | {f['cells']} | {f['minutes']} |"
    new = _plans_of_today(GUIDE_ROW.sub(row, tasks))
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
