"""The teacher's view of «Treino do dia» (damas.course.classroom.class_training) and ``python -m damas turma``."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone

import pytest

from damas.course.classroom.class_training import (PROBLEM_HEADER, STUDENT_HEADER, format_training, run_training_view,
                                         training_tables, write_csv)
from damas.course.classroom.daily import load_catalog
from damas.course.kit.progress import Progress, read_class
from damas.course.kit.training import ATTEMPTS, SECTION, STUDENT, new_attempt
from repo_paths import PUZZLES, REPO

BRASILIA = timezone(timedelta(hours=-3))
DAY0 = datetime(2026, 3, 2, 15, 0, tzinfo=BRASILIA)


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(PUZZLES)


def a_class(folder, catalog):
    """ana solves three golpes at the first try; bruno misses two (one theme twice) and solves
    one; carla has stars but never trained."""
    keys = sorted(catalog.puzzles)
    passagem = [k for k in keys if catalog.theme(k) == "passagem à dama"][:2]
    other = next(k for k in keys if catalog.theme(k) != "passagem à dama")
    ana = Progress("ana", folder=folder)
    for i, key in enumerate([passagem[0], passagem[1], other]):
        ana.record_attempt(key, "primeira", DAY0 + timedelta(minutes=i))
    bruno = Progress("bruno", folder=folder)
    bruno.record_attempt(passagem[0], "desistiu", DAY0 + timedelta(minutes=5))
    bruno.record_attempt(passagem[1], "com-dica", DAY0 + timedelta(minutes=6))
    bruno.record_attempt(other, "primeira", DAY0 + timedelta(minutes=7))
    bruno.record_attempt(passagem[0], "primeira", DAY0 + timedelta(minutes=8))   # same day: not the review
    Progress("carla", folder=folder).record_stars("tomada/todas-1", 2)
    return passagem, other


def test_per_student_and_per_problem(tmp_path, catalog):
    passagem, other = a_class(tmp_path, catalog)
    students, _ = read_class(tmp_path)
    rows, problems = training_tables(students, catalog, DAY0 + timedelta(days=1))
    by_name = {r[0]: dict(zip(STUDENT_HEADER, r)) for r in rows}
    assert set(by_name) == {"ana", "bruno"}                 # carla never trained
    ana, bruno = by_name["ana"], by_name["bruno"]
    # the level the student sees in their notebook
    assert ana["nota (rating)"] == round(catalog.book(Progress("ana", folder=tmp_path).attempts).student(STUDENT).r)
    assert ana["nota (rating)"] > bruno["nota (rating)"] and ana["nota (rating)"] > 1500
    assert (ana["tentativas"], ana["de primeira"], bruno["tentativas"], bruno["de primeira"]) == (3, 3, 4, 2)
    assert bruno["temas mais errados"] == "passagem à dama (2)" and ana["temas mais errados"] == ""
    assert (bruno["revisões para hoje"], bruno["em revisão"]) == (2, 2)
    later, _ = training_tables(students, catalog, DAY0)      # not yet their day
    assert dict(zip(STUDENT_HEADER, later[1]))["revisões para hoje"] == 0
    # per problem: shown by collection and number («golpes-do-curso/6»), kept by position
    per_problem = {r[0]: dict(zip(PROBLEM_HEADER, r)) for r in problems}
    assert set(per_problem) == {catalog.labels[k] for k in (passagem[0], passagem[1], other)}
    per_problem = {k: per_problem[catalog.labels[k]] for k in (passagem[0], passagem[1], other)}
    assert per_problem[passagem[0]]["alunos que tentaram"] == 2
    assert per_problem[passagem[0]]["resolveram de primeira"] == 1   # bruno's second try does not count
    assert per_problem[other]["resolveram de primeira"] == 2
    assert per_problem[other]["título"] == catalog.puzzles[other].title
    text = format_training(rows, problems)
    assert "nota (rating)" in text and "resolveram de primeira" in text and "bruno" in text


def test_csv_export(tmp_path, catalog):
    a_class(tmp_path, catalog)
    students, _ = read_class(tmp_path)
    rows, problems = training_tables(students, catalog, DAY0)
    first, second = write_csv(rows, problems, tmp_path / "turma.csv")
    assert second.name == "turma-problemas.csv"
    read = list(csv.reader(io.StringIO(first.read_text(encoding="utf-8-sig"))))
    assert read[0] == STUDENT_HEADER and read[1:] == [[str(x) for x in r] for r in rows]
    read = list(csv.reader(io.StringIO(second.read_text(encoding="utf-8-sig"))))
    assert read[0] == PROBLEM_HEADER and len(read) == len(problems) + 1


def test_a_hand_edited_problem_key_is_listed_not_a_crash(catalog):
    # A key from a hand-edited progress file that is no problem of the catalog is listed as it is;
    # one ending in «/²» (a digit for str.isdigit, not for int) or in 5,000 digits (more than int
    # reads) stopped the class's view with a ValueError.
    odd = ["golpes/²", "golpes/" + "9" * 5000, "golpes/12", "golpes/3", "sem-barra"]
    students = [{"aluno": "dani", SECTION: {ATTEMPTS: [new_attempt(key, "primeira", DAY0 + timedelta(minutes=i))
                                                       for i, key in enumerate(odd)]}}]
    _rows, problems = training_tables(students, catalog, DAY0)
    assert [r[0] for r in problems] == ["golpes/3", "golpes/12", "golpes/" + "9" * 5000, "golpes/²", "sem-barra"]


def test_nobody_trained(tmp_path, catalog):
    Progress("carla", folder=tmp_path).record_stars("tomada/todas-1", 2)
    students, _ = read_class(tmp_path)
    out = io.StringIO()
    assert run_training_view(students, tmp_path, puzzles=PUZZLES, out=out) == 0
    assert "nenhum aluno fez o treino ainda" in out.getvalue()
    assert not (tmp_path / "turma-treino.png").exists()


def test_plot_and_csv_from_the_view(tmp_path, catalog, close_figures):
    a_class(tmp_path, catalog)
    students, _ = read_class(tmp_path)
    out = io.StringIO()
    assert run_training_view(students, tmp_path, csv_path=tmp_path / "t.csv", puzzles=PUZZLES,
                             now=DAY0, out=out) == 0
    assert (tmp_path / "turma-treino.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "t.csv").exists() and (tmp_path / "t-problemas.csv").exists()
    assert "Gráfico do treino" in out.getvalue()


@pytest.mark.slow
def test_turma_command_shows_the_training(tmp_path, catalog):
    a_class(tmp_path, catalog)
    run = subprocess.run([sys.executable, "-m", "damas", "turma", str(tmp_path), "--csv", str(tmp_path / "x.csv")],
                         capture_output=True, text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stderr
    assert "estrelas" in run.stdout and "Treino do dia" in run.stdout and "passagem à dama (2)" in run.stdout
    assert (tmp_path / "x.csv").exists() and (tmp_path / "x-problemas.csv").exists()
