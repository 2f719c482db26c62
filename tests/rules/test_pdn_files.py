"""read_games (and load_collection) given a file: what a string means, files that are refused at once
in Portuguese, encodings (issue 27, item 4)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from damas import DamasError, read_games
from damas.problems.puzzles import load_collection
from damas.rules.pdn import PDNError
from repo_paths import REPO

GAME = '[Event "Treino"]\n[White "Ana"]\n[Black "Bia"]\n\n1. c3-d4 f6-e5 {é o centro} 2. d4xf6 g7xe5 *\n'


def _moves(games):
    return [g.mainline for g in games]


@pytest.mark.parametrize("as_text", [False, True], ids=["Path", "str"])
def test_a_missing_file_is_not_found_in_portuguese(tmp_path, as_text):
    path = tmp_path / "partidas" / "jogo1.pdn"
    with pytest.raises(PDNError, match="arquivo não encontrado") as caught:
        read_games(str(path) if as_text else path)
    assert str(path) in str(caught.value)


def test_a_mistyped_path_given_as_text_is_not_read_as_pdn():
    with pytest.raises(PDNError, match="arquivo não encontrado: partidas/jogo1.PDN"):
        read_games("partidas/jogo1.PDN")
    with pytest.raises(PDNError, match="arquivo não encontrado"):
        load_collection("puzzles/nao-existe.pdn")


@pytest.mark.parametrize("as_text", [False, True], ids=["Path", "str"])
def test_a_folder_is_refused(tmp_path, as_text):
    with pytest.raises(PDNError, match="é uma pasta"):
        read_games(str(tmp_path) if as_text else tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "partidas.pdn"
    os.mkfifo(fifo)
    code = ("from pathlib import Path\nfrom damas import read_games, DamasError\n"
            f"for value in (Path({str(fifo)!r}), {str(fifo)!r}):\n"
            "    try:\n        read_games(value)\n    except DamasError as e:\n        print(e)\n")
    try:
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20,
                             env={**os.environ, "PYTHONPATH": str(REPO)})
    except subprocess.TimeoutExpired:
        pytest.fail("read_games blocked on a FIFO")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert len(lines) == 2 and all("não é um arquivo comum" in line for line in lines), run.stdout


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig", "utf-32"])
def test_a_file_with_a_byte_order_mark_is_read(tmp_path, encoding):
    path = tmp_path / "jogo.pdn"
    data = GAME.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    path.write_bytes(data)
    assert _moves(read_games(path)) == _moves(read_games(GAME))
    assert _moves(read_games(data)) == _moves(read_games(GAME))


def test_a_utf16_file_without_a_mark_gets_a_clear_message(tmp_path):
    path = tmp_path / "jogo.pdn"
    path.write_bytes(GAME.encode("utf-16-le"))
    with pytest.raises(PDNError, match="UTF-16") as caught:
        read_games(path)
    assert "UTF-8" in str(caught.value) and str(path) in str(caught.value)
    assert isinstance(caught.value, DamasError)


def test_a_binary_file_is_refused(tmp_path):
    path = tmp_path / "jogo.pdn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00")
    with pytest.raises(PDNError, match="não é um arquivo de texto"):
        read_games(path)


def test_a_text_that_names_an_existing_file_is_that_file(tmp_path, monkeypatch):
    (tmp_path / "jogo").write_text(GAME, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _moves(read_games("jogo")) == _moves(read_games(GAME))
    assert _moves(read_games(Path("jogo"))) == _moves(read_games(GAME))
