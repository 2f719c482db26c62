"""A game played at the wooden board: typed (each move checked, the rules' explanation when one is
refused) or clicked; saved as PDN with its round and board, read back by this package and by
pydraughts; the coach's review opens on it."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from damas.course.tournament import TournamentError, TournamentFile
from damas.course.tournament.games import coach_review, game_path, read_score_sheet, save_game
from damas.rules.pdn import read_games

SHEET = "1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 h6-g5 4. a3-b4 e7-f6"


@pytest.fixture
def file(tmp_path):
    f = TournamentFile.create(tmp_path / "torneio.json", "Torneio da 7ª B", ["Ana", "Bia, a Tatu", "Caio", "Duda"],
                              school="E. E. Rui Barbosa", date="12/05/2026")
    f.pair_next()
    return f


def test_a_score_sheet_is_read_move_by_move():
    game = read_score_sheet(SHEET)
    assert len(game.moves) == 8
    assert len(read_score_sheet("1.c3-d4 f6-e5 2.d4xf6 g7xe5 1-1").moves) == 4      # numbers glued, a result
    assert len(read_score_sheet("22-18 11-15 18x11 7x16").moves) == 4                # numeric notation


@pytest.mark.parametrize("text, words", [
    ("1. c3-d4 f6-e5 2. a3-b4", ["Lance 2 das brancas (a3-b4)", "A tomada é obrigatória", "regra 4.1"]),
    ("1. c3-c4", ["Lance 1 das brancas (c3-c4)", "casa clara", "regra 2.2"]),
    ("1. c3-d4 zz", ["Lance 1 das pretas (zz)", "Não entendi o lance"]),
    ("", ["Nenhum lance"]),
])
def test_a_refused_move_is_explained(text, words):
    with pytest.raises(TournamentError) as error:
        read_score_sheet(text)
    for word in words:
        assert word in str(error.value)


def test_the_game_is_saved_as_pdn_with_round_and_board(file):
    t = file.read()
    g = t.game(1, 2)
    file.record(1, 2, "0-2")
    path = save_game(file.path, file.read(), 1, 2, read_score_sheet(SHEET))
    assert path == game_path(file.path, 1, 2) and path.name == "rodada-1-mesa-2.pdn"
    back = read_games(path.read_text(encoding="utf-8"))[0]
    assert back.tags["Round"] == "1" and back.tags["Board"] == "2"
    assert back.tags["White"] == t.player(g.white).name and back.tags["Black"] == t.player(g.black).name
    assert back.tags["Event"] == "Torneio da 7ª B" and back.tags["Date"] == "2026.05.12"
    assert back.tags["Result"] == "0-2" and back.result == "0-2"
    assert back.mainline == read_score_sheet(SHEET).moves


PEER = os.environ.get("DAMAS_PYDRAUGHTS_PYTHON", "/opt/peers/pydraughts/bin/python")


def test_another_program_reads_the_game(file):
    if not os.path.exists(PEER):
        if os.environ.get("DAMAS_REQUIRE_PEERS") == "1":
            pytest.fail("pydraughts is missing (see tests/rules/test_pdn_pydraughts.py)")
        pytest.skip("pydraughts is not installed in its own venv (see tests/rules/test_pdn_pydraughts.py)")
    path = save_game(file.path, file.read(), 1, 1, read_score_sheet(SHEET))
    script = ("import json, sys\nfrom draughts.PDN import PDNReader\n"
              "g = PDNReader(filename=sys.argv[1]).games[0]\n"
              "print(json.dumps({'tags': g.tags, 'moves': g.moves}))")
    out = subprocess.run([PEER, "-c", script, str(path)], capture_output=True, text=True, check=True, timeout=120)
    read = json.loads(out.stdout)
    assert read["tags"]["Round"] == "1" and read["tags"]["Board"] == "1"
    assert len(read["moves"]) == 8 and read["moves"][2] == "d4xf6"


@pytest.mark.slow
def test_the_coach_reviews_the_game():
    # 3. d4-e5 gives a man away: the coach names that moment
    game = read_score_sheet("1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. d4-e5")
    text = coach_review(game, "W")
    assert "d4-e5" in text
    assert coach_review(read_score_sheet("1. c3-d4"), "B")      # no black move: the coach says so


def test_the_entry_form_takes_clicks_and_typing(file):
    pytest.importorskip("ipywidgets")
    from damas.course.tournament.games import GameEntry
    form = GameEntry(file, 1, 1)
    form.typed.value = "1. c3-d4 f6-e5 2. a3-b4"
    assert form.check() is None and "regra 4.1" in form.message.value
    form.typed.value = SHEET
    assert len(form.check().moves) == 8
    path = form.save()
    assert path is not None and path.exists() and "rodada 1, mesa 1" in form.message.value
    other = GameEntry(file, 1, 2)
    other.board.click(22)                       # c3-d4 by clicks
    other.board.click(18)
    assert [m for m in other.game().moves] and other.save().name == "rodada-1-mesa-2.pdn"
