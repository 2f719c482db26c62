"""Huge logs (issue 44, item 7): a student with 20,000 attempts, a class of such students, a file far
too large to be a progress file.

Everything works (the saves keep every record, «Treino do dia» starts, ``turma`` shows the class);
how long it takes is measured by ``scripts/fault_sweep.py`` (``--long``), never here.  A file over
:data:`damas.course.kit.progress.MAX_FILE_BYTES` is refused before it is read, in Portuguese."""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone

import pytest

import faults

pytestmark = pytest.mark.slow

RECORDS = int(os.environ.get("DAMAS_FAULT_RECORDS", "20000"))
BRASILIA = timezone(timedelta(hours=-3))
START = datetime(2026, 3, 2, 8, 0, tzinfo=BRASILIA)


def huge_log(keys, n=RECORDS, seed=0):
    rng = faults.seeded(seed)
    outcomes = ("primeira", "depois-de-erro", "com-dica", "desistiu")
    return [{"id": f"r{seed}-{i:06d}", "problema": rng.choice(keys), "resultado": rng.choice(outcomes),
             "quando": (START + timedelta(minutes=7 * i)).isoformat()} for i in range(n)]


def write(folder, name, log):
    data = {"formato": "damas-progresso", "versao": 3, "versao_minima": 3, "aluno": name,
            "estrelas": {"tomada/a": 1}, "problemas": {}, "treino": {"tentativas": log}}
    (folder / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")


@pytest.fixture(scope="module")
def catalog():
    from damas.course.classroom.daily import load_catalog
    from repo_paths import PUZZLES
    return load_catalog(PUZZLES)


def test_a_log_of_twenty_thousand_attempts_saves_trains_and_is_shown(tmp_path, catalog, capsys, monkeypatch):
    pytest.importorskip("anywidget")
    from damas.course.classroom.daily import DailyTraining
    from damas.course.classroom.turma import run_turma
    from damas.course.kit.progress import Progress
    from repo_paths import PUZZLES
    import time
    keys = sorted(catalog.puzzles)
    write(tmp_path, "ana", huge_log(keys))
    start = time.process_time()
    p = Progress("ana", folder=tmp_path)
    read = time.process_time() - start
    assert len(p.attempts) == RECORDS
    start = time.process_time()
    p.record_attempt(keys[0], "primeira", START + timedelta(days=400))
    save = time.process_time() - start
    assert len(Progress("ana", folder=tmp_path).attempts) == RECORDS + 1
    start = time.process_time()
    d = DailyTraining(catalog, n=8, progress=Progress("ana", folder=tmp_path),
                      clock=lambda: START + timedelta(days=401))
    daily = time.process_time() - start
    faults.report("huge_log", records=RECORDS, bytes=(tmp_path / "ana.json").stat().st_size,
                  read_s=round(read, 2), save_s=round(save, 2), daily_s=round(daily, 2))
    assert d.finished or d.keys
    write(tmp_path, "bia", huge_log(keys, seed=1))
    monkeypatch.setattr("damas.course.classroom.turma.class_plot", lambda header, rows, path: None)
    monkeypatch.setattr("damas.course.classroom.class_training.training_plot", lambda rows, path: None)
    assert run_turma(str(tmp_path), csv=str(tmp_path / "turma.csv"), problemas=str(PUZZLES)) == 0
    out, _ = capsys.readouterr()
    assert "ana" in out and "bia" in out and str(RECORDS + 1) in out


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path, monkeypatch):
    from damas.course.kit import progress
    from damas.course.kit.progress import Progress, ProgressError, read_class
    monkeypatch.setattr(progress, "MAX_FILE_BYTES", 1024 * 1024)     # the same rule, a smaller disk
    with open(tmp_path / "ana.json", "wb") as out:
        out.truncate(2 * 1024 * 1024)                               # sparse: nothing is written
    with pytest.raises(ProgressError) as caught:
        Progress("ana", folder=tmp_path)
    assert "grande demais" in str(caught.value) and "ana.json.bak" in str(caught.value)
    students, problems = read_class(tmp_path)
    assert students == [] and "grande demais" in problems[0]
