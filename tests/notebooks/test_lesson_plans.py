"""The teacher's guide plans each lesson in 50 minutes (issue 46, item 7; issue 42, item 5): warm-up, the
notebook, play at the wooden boards and closing, adding up to 50; the notebook's part is the chapter's
measured estimate (scripts/chapter_length.py, which `--guide` writes) and covers its reading time
(scripts/student_path.py); from chapter 02 on there are about ten minutes to play; the first lesson
starts with play. And the guide says of the course what the course is: which chapters have board tasks,
what Bakumenko won in 1927."""

from __future__ import annotations

import importlib.util
import json
import math
import re
import sys

import pytest

from damas.course.kit.chapter_list import CHAPTERS, EXTRAS
from damas.course.kit.chapter_texts import TASKS
from repo_paths import NOTEBOOKS, REPO


def _script(name):
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


chapter_length = _script("chapter_length")
student_path = _script("student_path")
GUIDE = (NOTEBOOKS / "GUIA_DO_PROFESSOR.md").read_text(encoding="utf-8")
PLANS = chapter_length.guide_plans(GUIDE)
NAMES = [name for _s, _n, _t, name in CHAPTERS] + [name for _s, _t, name in EXTRAS]
#: Chapters still longer than a lesson with play, as main has them when this test was written (their
#: writers are shortening them): strict, so a chapter that starts to fit must leave the list. 05, 08 and
#: 10 left it (they fit); 07 too, when two of its board exercises moved to «Mais para treinar».
STILL_TOO_LONG: set = set()
#: Chapters whose estimate, with the warm-up and the closing, passes 50 minutes on main today.
OVER_50 = set()
#: Chapters whose reading alone (scripts/student_path.py, 100 words a minute) is longer than their estimate.
READING_TOO_LONG: set = set()   # 06 left it when it was rewritten for a 12-year-old
PLAY_MINUTES = 8           # «Jogue com um colega»: about ten minutes at a wooden board


def test_every_chapter_and_the_historia_has_one_plan():
    assert sorted(PLANS) == sorted(NAMES)
    for name in NAMES:
        section = GUIDE.split(f"([notebook]({name}))", 1)[1].split("\n### ", 1)[0]
        assert section.count("**Aula de 50 minutos**") == 1, name


@pytest.mark.parametrize("name", NAMES)
def test_the_notebook_part_is_the_measure(name):
    warm, notebook, play, closing = PLANS[name]
    assert warm > 0 and closing > 0 and play >= 0
    assert notebook == chapter_length.measure(NOTEBOOKS / name)["minutes"], (
        f"{name}: rode python scripts/chapter_length.py --guide")


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="passa de 50 minutos"))
                                  if n in OVER_50 else n for n in NAMES])
def test_the_four_parts_add_up_to_50(name):
    assert sum(PLANS[name]) == chapter_length.LESSON_MINUTES == 50, PLANS[name]


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="leitura longa demais"))
                                  if n in READING_TOO_LONG else n for n in NAMES])
def test_the_notebook_part_covers_the_reading_time(name):
    reading = math.ceil(student_path.measure(NOTEBOOKS / name).minutes)
    assert PLANS[name][1] >= reading, f"{name}: {reading} minutos só de leitura"


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="capítulo ainda longo"))
                                  if n in STILL_TOO_LONG else n for n in NAMES if not n.startswith("00_")])
def test_from_chapter_01_on_there_is_time_to_play_with_a_classmate(name):
    assert PLANS[name][2] >= PLAY_MINUTES, PLANS[name]


def test_the_first_lesson_starts_with_play_before_the_computer():
    section = GUIDE.split("([notebook](00_Comece_aqui.ipynb))", 1)[1].split("\n### ", 1)[0]
    assert "dama humana" in section and "antes do computador" in section.lower()
    assert PLANS["00_Comece_aqui.ipynb"][2] >= 15


def test_a_plan_line_is_read_and_written_back():
    text = ("### 99 — Teste ([notebook](11_Empate_e_resultado.ipynb))\n\n* **Aula de 50 minutos**: aquecimento 4 min · "
            "caderno 0 min · jogo no tabuleiro de madeira 0 min · fechamento 6 min.\n")
    assert chapter_length.guide_plans(text) == {"11_Empate_e_resultado.ipynb": (4, 0, 0, 6)}
    minutes = chapter_length.measure(NOTEBOOKS / "11_Empate_e_resultado.ipynb")["minutes"]
    again = chapter_length.guide_plans(chapter_length._plans_of_today(text))
    assert again == {"11_Empate_e_resultado.ipynb": (4, minutes, max(0, 50 - 10 - minutes), 6)}


def test_an_exercise_cell_is_known_by_its_label(tmp_path):
    """chapter_length counts 3 minutes for an exercise: the old `ex1 = ...` and the cells whose first line
    says «# exercício N» or «# tarefa N» (one call into the chapter's module)."""
    def notebook(first_line):
        cell = {"cell_type": "code", "metadata": {"jupyter": {"source_hidden": True}},
                "source": f"{first_line}\nexercise_1()", "outputs": [{"output_type": "stream", "text": "x"}]}
        path = tmp_path / "n.ipynb"
        path.write_text(json.dumps({"cells": [cell]}), encoding="utf-8")
        return chapter_length.measure(path)
    assert notebook("# exercício 1")["exercises"] == 1 and notebook("# Tarefa 2: damas russas")["exercises"] == 1
    assert notebook("# o tabuleiro")["exercises"] == 0


def test_the_guide_names_the_chapters_that_have_board_tasks():
    """issue 46: «Cada capítulo começa as tarefas no tabuleiro…» was true of three chapters: the guide
    names the chapters that have them, as the texts have them."""
    assert "Cada capítulo começa as tarefas" not in GUIDE
    with_tasks = sorted(number for slug, number, _t, name in CHAPTERS if TASKS.get(slug)
                        and re.search(r"chapter_stage\(", (NOTEBOOKS / name).read_text(encoding="utf-8")))
    sentence = re.search(r"Os capítulos ([\d, e]+) têm tarefas no tabuleiro", GUIDE)
    assert sentence and re.findall(r"\d\d", sentence.group(1)) == with_tasks, (
        "rode python scripts/chapter_length.py --guide")
    assert chapter_length.chapters_with_tasks() == with_tasks
    written = chapter_length.TASKS_SENTENCE.sub("Os capítulos 09 têm tarefas no tabuleiro", GUIDE)
    assert re.findall(r"\d\d", chapter_length.TASKS_SENTENCE.search(written).group(1)) == ["09"]


def test_bakumenkos_1927_title_is_told_the_same_way_everywhere():
    """issue 46: the guide said the 1927 title «só aparece no texto da FPED», against chapter 15; the checked
    fact (teaching.md): V. M. Bakumenko won the 3rd USSR championship, Moscow, October 1927, after a play-off
    with S. Sokolov."""
    def markdown(name):
        cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
        return " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    guide = " ".join(GUIDE.split())
    assert "só aparece no texto da FPED" not in guide
    for text in (guide, markdown("15_Outras_damas.ipynb"), markdown("Historia.ipynb")):
        text = text.replace("**", "")
        assert "V. M. Bakumenko" in text
        # each time the play-off with Sokolov is told, the 200 characters before it say the rest
        told = [text[max(0, m.start() - 200):m.end()] for m in re.finditer(r"S\. Sokolov", text)]
        assert told and all(all(w in t for w in ("3º campeonato", "outubro de 1927", "desempate")) for t in told), told
    assert "W. Bakumenko" not in markdown("15_Outras_damas.ipynb")


def test_the_classmate_section_is_the_play_part(tmp_path):
    """«Jogue com um colega» is the plan's play at the wooden boards (issue 42, item 5): its cells (the
    block, the mini-game against the computer for who has no classmate near) are counted there, not in
    the notebook's part; the section ends at the next heading of its level."""
    def cell(kind, source, output=False):
        c = {"cell_type": kind, "metadata": {}, "source": source}
        if kind == "code":
            c.update(metadata={"jupyter": {"source_hidden": True}}, outputs=[{"output_type": "stream", "text": "x"}])
        return c
    lesson = [cell("markdown", "## Tomada\n\n" + "palavra " * 200), cell("code", "# a figura\nfigure()")]
    play = [cell("markdown", "## Jogue com um colega\n\n" + "palavra " * 100),
            cell("code", "# jogue com um colega\nclassmate_section('02')"),
            cell("code", "# minijogo: só pedras\nminigame('so-pedras')")]
    after = [cell("markdown", "## Questionário\n\n" + "palavra " * 100), cell("code", "# outra figura\nfigure()")]
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps({"cells": lesson + play + after}), encoding="utf-8")
    figures = chapter_length.measure(path)
    assert figures["minutes"] == round(304 / 100 + 2), figures     # the lesson's and the quiz's words, 2 cells
    assert figures["words"] == 304 and figures["play_cells"] == 3
