"""Chapter 10 for a child (issue 46): what its cells show comes from the game and the rules, in
Portuguese (damas/course/chapters/ch10_anotacao_e_relogio.py)."""

from __future__ import annotations

import json

import pytest

from damas.course.chapters import ch10_anotacao_e_relogio as cap
from damas.errors import DamasError
from damas.rules.pdn import read_games
from repo_paths import NOTEBOOKS, REPO

GAME = REPO / "notebooks" / "data" / "partida_anotada.pdn"


def test_the_clock_table_counts_down_and_says_when_time_runs_out():
    rows = cap.clock_rows(5, [20, 45, 30, 90, 60, 120, 15, 50])
    assert rows[0] == (1, "brancas", "4:40", "5:00") and rows[5] == (6, "pretas", "3:10", "0:45")
    assert rows[-1] == (8, "pretas", "2:55", "o tempo acabou!") and len(rows) == 8
    assert cap.clock_rows(1, [10, 10])[-1] == (2, "pretas", "0:50", "0:50")      # nobody ran out
    assert "o tempo acabou!" in repr(cap.clock_table())


def test_the_final_sentence_counts_the_games_last_position():
    game = read_games(GAME)[0]
    board = game.board_at_end()
    white, black = (len(board.men(c)) + len(board.kings(c)) for c in "WB")
    assert (white, black) == (2, 5)
    assert cap.final_sentence(GAME) == (f"No fim, as brancas têm {white} peças e as pretas, {black}. "
                                        f"As brancas abandonam: o resultado é {game.result}.")


def test_the_short_game_in_both_notations():
    table = cap.short_game_table()
    assert table.rows[0] == ["brancas", "c3-d4", "22-18"] and table.rows[3] == ["pretas", "g7xe5", "8x15"]
    assert cap.short_game_sheet().splitlines() == ["Com os nomes: 1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 e7-f6",
                                                   "Com os números: 1. 22-18 11-15 2. 18x11 8x15 3. 25-22 7-11"]


def test_the_labels_have_portuguese_names_and_the_written_file_reads_back():
    rows = cap.tags_table(GAME).rows
    assert ["White", "brancas", "Ana Souza"] in rows and rows[-1][-1] == 50
    assert cap.written_pdn().endswith("Lido de volta: os mesmos 6 lances.")


def test_exercises_and_the_teachers_check(monkeypatch):
    monkeypatch.chdir(REPO / "notebooks")
    assert cap.teacher_check() == "8 respostas conferidas pelas regras."
    with pytest.raises(DamasError, match="não há o exercício 4"):
        cap.exercise(4)


def test_the_chapter_says_once_what_a_lance_is():
    """Issue 46, item 5 («lance»): one player's move, with its rule, and the score sheet's number joins a
    lance of each side."""
    cells = json.loads((NOTEBOOKS / "10_Anotacao_e_relogio.ipynb").read_text(encoding="utf-8"))["cells"]
    prose = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert "Um **lance** é o movimento de um jogador (regra 3.2)" in prose
    assert "cada número junta um lance das brancas e, depois, um das pretas" in prose


def test_the_quiz_names_no_file_format():
    texts = json.loads((REPO / "damas" / "course" / "texts" / "anotacao.json").read_text(encoding="utf-8"))
    assert "pdn" not in json.dumps(texts, ensure_ascii=False).lower()
