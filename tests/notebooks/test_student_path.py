"""The student's path of every chapter that has been rewritten for a 12-year-old meets issue 46's limits,
measured on the stored notebooks by scripts/student_path.py (its own tests are in
test_student_path_script.py): at most 900 words a student sees (chapters 00-10; 1,500 for 11-15 and
História), a board or picture before the 120th word, at most 2 sentences over 30 words, no code in
sight, no engine or software word, no English, numbers the Brazilian way.

Each chapter writer adds their chapters to COMPLIANT when they meet the limits; the list ends as every
chapter of the course."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from repo_paths import NOTEBOOKS, REPO

spec = importlib.util.spec_from_file_location("student_path", REPO / "scripts" / "student_path.py")
student_path = importlib.util.module_from_spec(spec)
sys.modules.setdefault("student_path", student_path)
spec.loader.exec_module(student_path)

#: The chapters whose student's path meets the limits (W-chA: 00-04; W-ch06: 06; W-ch09: 09; W-chC: 11-15 and
#: História; W-place: 05, 07, 08 and 10, with their «Jogue com um colega» placed).
COMPLIANT = [
    "00_Comece_aqui.ipynb", "01_Tabuleiro_e_notacao.ipynb", "02_Movimento.ipynb", "03_Tomada.ipynb",
    "04_Lei_da_maioria.ipynb", "05_Jogar_e_analisar.ipynb",
    "06_Golpes_classicos.ipynb",
    "07_Exercicios_de_tomada.ipynb", "08_Como_jogar.ipynb",
    "09_Finais.ipynb", "10_Anotacao_e_relogio.ipynb",
    "11_Empate_e_resultado.ipynb", "12_Irregularidades.ipynb", "13_Arbitragem.ipynb",
    "14_Damas_internacionais.ipynb", "15_Outras_damas.ipynb", "Historia.ipynb",
]


@pytest.mark.parametrize("name", COMPLIANT)
def test_the_students_path_meets_the_limits(name):
    figures = student_path.measure(NOTEBOOKS / name)
    assert figures.problems() == [], f"{name}: {figures.problems()}"
    assert figures.words > 0 and figures.before_picture is not None


def test_the_compliant_chapters_are_chapters_of_the_course():
    assert set(COMPLIANT) <= {p.name for p in student_path.course_notebooks()}
