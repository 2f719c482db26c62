"""Every command line of the package (``python -m damas perft|fichas|turma``): bad arguments give one
line in Portuguese on stderr and exit status 2, never a traceback (issue 27, item 5)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from damas.__main__ import main
from damas.course.kit.progress import Progress
from repo_paths import REPO

COLLECTION = str(REPO / "puzzles" / "classicos.pdn")
ENGLISH = re.compile(r"\b(usage|error|argument|invalid|required|unrecognized|expected|choose)\b", re.I)


def _run(argv, capsys):
    """main(argv) as the shell runs it: the exit status, stdout and stderr."""
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


def _bad(argv, capsys, *words):
    status, out, err = _run(argv, capsys)
    lines = err.strip().splitlines()
    assert status == 2, (argv, status, err)
    assert len(lines) == 1, (argv, err)
    assert "Traceback" not in err and not ENGLISH.search(lines[0]), (argv, lines[0])
    for word in words:
        assert word in lines[0], (argv, lines[0], word)
    return lines[0]


@pytest.mark.parametrize("argv, words", [
    ([], ["perft", "fichas", "turma"]),
    (["xadrez"], ["xadrez"]),
    (["--bogus"], ["perft"]),             # argparse asks for the command first
    (["perft", "--depth", "1", "--bogus"], ["--bogus"]),
])
def test_the_command_itself(capsys, argv, words):
    _bad(argv, capsys, *words)


@pytest.mark.parametrize("argv, words", [
    (["perft", "--depth", "x"], ["--depth", "'x'"]),
    (["perft", "--depth", "-1"], ["--depth"]),
    (["perft", "--depth"], ["--depth"]),
    (["perft", "--variant", "xx"], ["Variante desconhecida", "'xx'"]),
    (["perft", "--variant", "xx", "--fen", "W:W21:B1"], ["Variante desconhecida"]),
    (["perft", "--fen", "zz", "--depth", "1"], ["FEN"]),
    (["perft", "--fen", "W:W1:B1", "--depth", "1"], []),           # a man on its crowning row
    (["perft", "--divide", "--depth", "0"], ["--divide"]),
    (["perft", "--bogus"], ["--bogus"]),
])
def test_perft_bad_arguments(capsys, argv, words):
    _bad(argv, capsys, *words)


def test_perft_variant_is_not_read_as_a_fen(capsys):
    line = _bad(["perft", "--variant", "xx"], capsys)
    assert "FEN" not in line


@pytest.mark.parametrize("argv, words", [
    (["fichas"], ["--todas"]),
    (["fichas", COLLECTION], ["-o"]),
    (["fichas", "nao-existe.pdn", "-o", "x.pdf"], ["nao-existe.pdn"]),
    (["fichas", COLLECTION, "-o", "x.pdf", "--por-pagina", "99"], ["--por-pagina", "99"]),
    (["fichas", COLLECTION, "-o", "x.pdf", "--por-pagina", "seis"], ["--por-pagina"]),
    (["fichas", COLLECTION, "-o", "pasta-que-nao-existe/x.pdf"], ["pasta-que-nao-existe"]),
    (["fichas", "a.pdn", "b.pdn"], ["b.pdn"]),
])
def test_fichas_bad_arguments(capsys, argv, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _bad(argv, capsys, *words)
    assert list(tmp_path.iterdir()) == []          # nothing written


def test_fichas_folder_given_as_the_collection(capsys, tmp_path):
    _bad(["fichas", str(tmp_path), "-o", str(tmp_path / "x.pdf")], capsys, str(tmp_path))


@pytest.mark.parametrize("argv, words", [
    (["turma"], ["PASTA"]),
    (["turma", "PASTA-QUE-NAO-EXISTE"], ["PASTA-QUE-NAO-EXISTE"]),
    (["turma", ".", "--grafico"], ["--grafico"]),
    (["turma", ".", "--grafico", "x.txt"], ["x.txt", ".png"]),
    (["turma", ".", "--grafico", "pasta-que-nao-existe/x.png"], ["pasta-que-nao-existe"]),
])
def test_turma_bad_arguments(capsys, argv, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Progress("ana", folder=tmp_path).record_stars("tomada/todas-1", 3)
    before = sorted(p.name for p in tmp_path.iterdir())
    _bad(argv, capsys, *words)
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_command_line_typed_in_a_shell_shows_no_traceback(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for argv in (["perft", "--variant", "xx"], ["fichas", "x.pdn"], ["turma", str(tmp_path / "nada")]):
        run = subprocess.run([sys.executable, "-m", "damas", *argv], capture_output=True, text=True, env=env,
                             cwd=tmp_path)
        assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, (argv, run.stderr)
        assert "Traceback" not in run.stderr


@pytest.mark.parametrize("argv, words", [
    (["--count", "x"], ["--count", "'x'"]),
    (["--count", "-3"], ["--count"]),
    (["--max-moves", "0"], ["--max-moves"]),
    (["--seconds", "x"], ["--seconds"]),
    (["--partidas", "1"], ["--partidas"]),
    (["--placement", "xx"], ["'xx'"]),
    (["--theme", "nada"], ["Tema desconhecido"]),
    (["--variant", "xx", "--count", "1"], ["Variante desconhecida"]),
    (["--goal", "xx", "--count", "1", "--tries", "10"], ["--goal", "'xx'"]),
    (["--bogus"], ["--bogus"]),
])
def test_compose_bad_arguments(capsys, argv, words):
    from damas.problems.compose import main as compose_main
    try:
        status = compose_main(argv)
    except SystemExit as exit_:
        status = exit_.code
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert status == 2 and len(lines) == 1, (argv, status, err)
    assert "Traceback" not in err and not ENGLISH.search(lines[0]), lines[0]
    for word in words:
        assert word in lines[0], (lines[0], word)
