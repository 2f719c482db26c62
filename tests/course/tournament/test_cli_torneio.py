"""``python -m damas torneio``: help in Portuguese; a bad argument is one Portuguese line on stderr
and exit status 2 (as every command of tests/test_cli.py); a refused change is one line, status 1;
a whole tournament can be run from the command line."""

from __future__ import annotations

import re

import pytest

from damas.__main__ import main

ENGLISH = re.compile(r"\b(usage|error|argument|invalid|required|unrecognized|expected|choose)\b", re.I)


def _run(argv, capsys):
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


def _bad(argv, capsys, *words, status=2):
    code, _out, err = _run(argv, capsys)
    lines = err.strip().splitlines()
    assert code == status, (argv, code, err)
    assert len(lines) == 1, (argv, err)
    assert "Traceback" not in err and not ENGLISH.search(lines[0]), lines[0]
    for word in words:
        assert word in lines[0], (lines[0], word)
    return lines[0]


@pytest.fixture
def tournament(tmp_path, capsys):
    path = tmp_path / "t.json"
    code, out, _err = _run(["torneio", "novo", str(path), "--nome", "Torneio da 7ª B", "--jogadores", "Ana",
                            "Bia", "Caio", "Duda", "Eva"], capsys)
    assert code == 0 and "5 jogadores e 4 rodadas" in out
    return path


def test_help_is_portuguese(capsys):
    code, out, _err = _run(["torneio", "--help"], capsys)
    assert code == 0 and "ações" in out and "emparelha a próxima rodada" in out and "usage" not in out
    code, out, _err = _run(["torneio", "novo", "--help"], capsys)
    assert code == 0 and "o nome do torneio" in out


def test_the_command_is_listed(capsys):
    _bad([], capsys, "torneio")


@pytest.mark.parametrize("argv, words", [
    (["torneio"], ["falta dizer o comando", "emparelhar"]),
    (["torneio", "xadrez"], ["xadrez"]),
    (["torneio", "novo", "t.json"], ["--nome"]),
    (["torneio", "novo", "nao-existe/t.json", "--nome", "X", "--jogadores", "A", "B"], ["nao-existe"]),
    (["torneio", "novo", "t.json", "--nome", "X", "--sistema", "copa"], ["--sistema", "copa"]),
    (["torneio", "novo", "t.json", "--nome", "X", "--rodadas", "0"], ["--rodadas"]),
    (["torneio", "novo", "t.json", "--nome", "X", "--lista", "nao-existe.txt"], ["nao-existe.txt"]),
    (["torneio", "novo", "t.json", "--nome", "X", "--turma", "pasta-que-nao-existe"], ["pasta-que-nao-existe"]),
    (["torneio", "emparelhar", "nao-existe.json"], ["arquivo não encontrado"]),
    (["torneio", "resultado", "nao-existe.json", "1", "1", "2-0"], ["arquivo não encontrado"]),
    (["torneio", "resultado", "t.json", "um", "1", "2-0"], ["RODADA"]),
    (["torneio", "desistir", "t.json"], ["NUMERO"]),
])
def test_bad_arguments(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    _bad(argv, capsys, *words)


def test_bad_arguments_about_the_tournament(tournament, capsys):
    t = str(tournament)
    _bad(["torneio", "resultado", t, "1", "1", "2-0"], capsys, "ainda não foi emparelhada")
    assert _run(["torneio", "emparelhar", t], capsys)[0] == 0
    _bad(["torneio", "resultado", t, "1", "1", "3-0"], capsys, "Resultado inválido", "2-0, 1-1, 0-2")
    _bad(["torneio", "resultado", t, "1", "9", "2-0"], capsys, "não tem mesa 9")
    _bad(["torneio", "emparelhar", t], capsys, "Faltam resultados da rodada 1", status=1)
    _bad(["torneio", "inscrever", t, "Ana"], capsys, "já está na lista", status=1)
    _bad(["torneio", "imprimir", t, t], capsys, "não é uma pasta")
    _bad(["torneio", "csv", t, str(tournament.parent / "nao-existe" / "x.csv")], capsys, "não existe")


def test_a_tournament_from_start_to_end(tournament, capsys, tmp_path):
    t = str(tournament)
    for r in range(1, 5):
        code, out, _err = _run(["torneio", "emparelhar", t], capsys)
        assert code == 0 and f"Rodada {r}" in out and "Folga:" in out
        for board in (1, 2):
            assert _run(["torneio", "resultado", t, str(r), str(board), "1-1"], capsys)[0] == 0
    _bad(["torneio", "emparelhar", t], capsys, "O torneio terminou", status=1)
    code, out, _err = _run(["torneio", "desfazer", t, "4", "2"], capsys)
    assert code == 0 and "sem resultado" in out
    code, out, _err = _run(["torneio", "classificacao", t], capsys)
    assert code == 0 and "Lugar" in out and "Sonneborn-Berger" in out
    code, out, _err = _run(["torneio", "tabela", t], capsys)
    assert code == 0 and "folga" in out
    code, out, _err = _run(["torneio", "csv", t, str(tmp_path / "t.csv")], capsys)
    assert code == 0 and (tmp_path / "t.csv").exists()


def test_names_from_a_list_and_escape_codes_printed_literally(tmp_path, capsys):
    names = tmp_path / "nomes.txt"
    names.write_text("\ufeffAna\nBia\x1b[2J\n\nCaio\n", encoding="utf-8")
    path = tmp_path / "t.json"
    assert _run(["torneio", "novo", str(path), "--nome", "X", "--lista", str(names)], capsys)[0] == 0
    code, out, _err = _run(["torneio", "jogadores", str(path)], capsys)
    assert "Bia\\x1b[2J" in out and "\x1b" not in out
