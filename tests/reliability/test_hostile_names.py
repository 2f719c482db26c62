"""Hostile names (issue 44, items 4 and 7): a student's name, a file's name, a player's name.

Every name of :data:`faults.HOSTILE_NAMES` (escape codes, line breaks, direction marks, lone
surrogates, combining accents, paths, reserved names, formulas, emoji, 4,096 letters...) is
either refused with the package's Portuguese message, or saved in a file of the progress folder
(never outside it), read back as the same student and shown literally by ``turma``, in its
table, its plot and its CSV.  The same names as file names in the class's folder, and as players
of a tournament."""

from __future__ import annotations

import csv
import io
import json
import os
import unicodedata

import pytest

import faults

pytestmark = pytest.mark.slow

CONTROL = ("\x1b", "\x07", "\x00", "\x7f", "\u202e", "\u2066", "\u2069", "\ud800", "\udcff", "\r", "\u2028", "\x85")


def _inside(folder, root):
    return os.path.realpath(folder).startswith(os.path.realpath(root) + os.sep)


def test_every_hostile_student_name_is_refused_or_saved_inside_the_folder(tmp_path, capsys, monkeypatch):
    from damas.course.classroom.turma import run_turma
    from damas.course.kit.progress import Progress, ProgressError, read_class
    from damas.errors import DamasError
    monkeypatch.setattr("damas.course.classroom.turma.class_plot", lambda header, rows, path: None)
    folder = tmp_path / "turma"
    folder.mkdir()
    saved, refused = [], []
    for name in faults.hostile_names():
        try:
            p = Progress(name, folder=folder)
            p.record_stars("tomada/a", 2)
        except ProgressError as error:
            assert isinstance(error, DamasError)
            message = str(error)
            assert "Nome de aluno inválido" in message, (name, message)
            assert not any(ch in message for ch in CONTROL), repr(message)
            refused.append(name)
            continue
        assert _inside(p.path, folder), (name, p.path)
        assert Progress(name, folder=folder).stars("tomada/a") == 2, name
        same = unicodedata.normalize("NFC", name).strip()
        assert Progress(same, folder=folder).stars("tomada/a") == 2, name
        saved.append(name)
    assert saved and refused
    faults.report("names", kind="alunos", names=len(saved) + len(refused), saved=len(saved), refused=len(refused))
    assert all(p.parent == folder for p in tmp_path.rglob("*.json")), "a file written outside the folder"
    students, problems = read_class(folder)
    assert problems == []
    assert {s["aluno"] for s in students} == {unicodedata.normalize("NFC", n).strip() for n in saved}
    assert run_turma(str(folder)) == 0
    out, err = capsys.readouterr()
    assert not any(ch in out + err for ch in CONTROL)
    (out + err).encode("utf-8")


def test_hostile_names_in_the_files_are_shown_literally_everywhere(tmp_path, capsys, close_figures):
    """Names written by hand into the files (the folder's names and the students' names), through
    turma's table, its two plots and its CSV."""
    from damas.course.classroom.turma import run_turma
    from repo_paths import PUZZLES
    folder = tmp_path / "turma"
    folder.mkdir()
    for i, name in enumerate(faults.hostile_names()):
        data = {"formato": "damas-progresso", "versao": 2, "aluno": name, "estrelas": {f"tomada/{i}": 1},
                "problemas": {}, "treino": {"tentativas": [
                    {"id": f"r{i}", "problema": name or "x", "resultado": "desistiu",
                     "quando": "2026-12-05T10:00:00-03:00"}]}}
        (folder / f"aluno{i:03d}.json").write_text(json.dumps(data), encoding="utf-8")
    # file names that are hostile too (bytes that are not UTF-8 included)
    raw = os.fsencode(str(folder)) + b"/\xff\xfe-\x1b[2J.json"
    with open(raw, "wb") as out:
        out.write(b"{")
    (folder / "ana\nbia.json").write_text("[]", encoding="utf-8")
    status = run_turma(str(folder), grafico=str(tmp_path / "turma.png"), csv=str(tmp_path / "turma.csv"),
                       problemas=str(PUZZLES))
    out, err = capsys.readouterr()
    assert status == 0, err
    assert not any(ch in out + err for ch in CONTROL), [ch for ch in CONTROL if ch in out + err]
    (out + err).encode("utf-8")
    blank = sum(1 for n in faults.hostile_names() if not n.strip())         # «falta o nome do aluno»
    assert err.count("Arquivo ignorado") == 2 + blank, err
    assert "Warning" not in err                  # no English from matplotlib either
    for name in ("turma.csv", "turma-problemas.csv"):
        text = (tmp_path / name).read_bytes().decode("utf-8-sig")
        for row in csv.reader(io.StringIO(text, newline="")):
            for cell in row:
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    assert (tmp_path / "turma.png").read_bytes()[:4] == b"\x89PNG"
    assert (folder / "turma-treino.png").read_bytes()[:4] == b"\x89PNG"


def test_hostile_player_names_in_a_tournament(tmp_path):
    from damas.course.tournament.export import write_csv
    from damas.course.tournament.model import TournamentError
    from damas.course.tournament.storage import TournamentFile
    names, refused, seen = [], 0, set()
    for name in faults.hostile_names():
        if unicodedata.normalize("NFC", name).strip() in seen:
            continue
        try:
            TournamentFile.create(tmp_path / f"t{len(names)}.json", "T", [name, "Outro"])
            names.append(name)
            seen.add(unicodedata.normalize("NFC", name).strip())
        except TournamentError:
            refused += 1
    faults.report("names", kind="jogadores", names=len(names) + refused, refused=refused)
    t = TournamentFile.create(tmp_path / "turma.json", "Torneio", names[:40])
    t.pair_next()
    write_csv(t.read(), tmp_path / "t.csv")
    text = (tmp_path / "t.csv").read_bytes().decode("utf-8-sig")
    for row in csv.reader(io.StringIO(text, newline=""), delimiter=";"):
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
