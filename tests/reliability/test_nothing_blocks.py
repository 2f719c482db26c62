"""Nothing blocks (issue 44, item 6): a pipe or a device named like a file the package reads is
refused before it is opened, everywhere.

A FIFO named like a progress file, a file of the class's folder, an endgame table or a tournament
hung ``Progress``, ``turma`` and ``endgames.probe`` forever (opening a FIFO for reading waits for a
writer).  Each case runs in a process of its own, which must end by itself; the limit of each run
only turns a hang into a failure (the runs take about a second)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import faults
from repo_paths import REPO

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs of POSIX")]

HANG = 120      # seconds: far beyond a run's second; only a process blocked on a FIFO gets there


def run(code: str, folder, **env) -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(REPO), "DAMAS_PROGRESSO": str(folder), "DAMAS_ALUNO": "ana",
            "MPLBACKEND": "Agg", **env}
    faults.report("fifo", runs=1)
    try:
        return subprocess.run([sys.executable, "-c", code], cwd=folder, env=full, capture_output=True,
                              text=True, timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.fail(f"blocked: {code!r}")


def test_a_fifo_named_like_the_progress_file(tmp_path):
    os.mkfifo(tmp_path / "ana.json")
    out = run("from damas.course.kit.progress import Progress, ProgressError\n"
              "try:\n    Progress('ana')\nexcept ProgressError as e:\n    print('recusado:', e)\n", tmp_path)
    assert out.returncode == 0 and "recusado:" in out.stdout and "não é um arquivo comum" in out.stdout, out.stderr


@pytest.mark.parametrize("name", ["ana.json.bak", "ana.json.lock", "ana_maria.json"])
def test_a_fifo_beside_the_progress_file(tmp_path, name):
    """The backup, the lock and a file of the old name are opened too (the advice, the save, the
    old file's adoption)."""
    os.mkfifo(tmp_path / name)
    (tmp_path / "ana maria.json").write_text("{", encoding="utf-8")
    out = run("from damas.course.kit.progress import Progress, ProgressError\n"
              "for who in ('ana', 'ana maria'):\n"
              "    try:\n        Progress(who).record_stars('tomada/a', 1); print('gravou', who)\n"
              "    except ProgressError as e:\n        print('recusado:', e)\n", tmp_path)
    assert out.returncode == 0, out.stderr


def test_a_fifo_in_the_class_folder(tmp_path):
    from damas.course.kit.progress import Progress
    Progress("bia", folder=tmp_path).record_stars("tomada/a", 2)
    os.mkfifo(tmp_path / "carla.json")
    out = run("import sys\nfrom damas.__main__ import main\nsys.argv = ['damas', 'turma', '.']\nmain()\n",
              tmp_path)
    assert "bia" in out.stdout and "carla.json" in out.stderr and "não é um arquivo comum" in out.stderr, out.stderr


def test_a_fifo_named_like_an_endgame_table(tmp_path):
    cache = tmp_path / "finais"
    cache.mkdir()
    code = ("from damas import Board\nfrom damas.engine import endgames\n"
            "print(endgames.probe(Board('W:WK1:BK32')))\n")
    first = run(code, tmp_path, DAMAS_ENDGAME_CACHE=str(cache), DAMAS_ENDGAME_PROGRESS="0")
    assert first.returncode == 0, first.stderr
    tables = sorted(cache.glob("*.egtb"))
    assert tables
    for table in tables:
        table.unlink()
        os.mkfifo(table)
    again = run(code, tmp_path, DAMAS_ENDGAME_CACHE=str(cache), DAMAS_ENDGAME_PROGRESS="0")
    assert again.returncode == 0 and again.stdout == first.stdout, again.stderr


def test_a_fifo_named_like_a_tournament_or_a_collection(tmp_path):
    os.mkfifo(tmp_path / "torneio.json")
    os.mkfifo(tmp_path / "classicos.pdn")
    out = run("from damas.course.tournament.storage import TournamentFile\n"
              "from damas.course.tournament.model import TournamentError\n"
              "from damas.problems.puzzles import load_collection\n"
              "from damas.errors import DamasError\n"
              "try:\n    TournamentFile('torneio.json').read()\nexcept TournamentError as e:\n    print('t:', e)\n"
              "try:\n    load_collection('classicos.pdn')\nexcept DamasError as e:\n    print('c:', e)\n"
              "from damas.course.classroom.daily import load_catalog\n"
              "print('catálogo:', load_catalog('.').unreadable)\n", tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("não é um arquivo comum") >= 3, out.stdout


def test_a_fifo_in_the_course_being_copied(tmp_path):
    from damas.course.classroom.workcopy import make_copy
    source = tmp_path / "fonte"
    (source / "notebooks").mkdir(parents=True)
    (source / "notebooks" / "00_Comece_aqui.ipynb").write_text(json.dumps({"cells": []}), encoding="utf-8")
    os.mkfifo(source / "notebooks" / "cano.ipynb")
    out = run("from damas.course.classroom.workcopy import make_copy\n"
              f"print(make_copy({str(tmp_path / 'copia')!r}, {str(source)!r}))\n", tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "copia" / "notebooks" / "00_Comece_aqui.ipynb").is_file()
    assert not (tmp_path / "copia" / "notebooks" / "cano.ipynb").exists()
