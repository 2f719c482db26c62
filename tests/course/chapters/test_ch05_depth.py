"""Issue 25, item 3: chapter 05's analysis marks 20... c5-b4? (depth 6, «o computador sugeria
c5-d4»); the chapter says what holds deeper: c5-d4 also loses a man by force, and the same analysis
at depth 10 marks no move."""

import json

import pytest

from damas.course.chapters.ch05_jogar_e_analisar import analyse_game, board_before, game_of, signed_moves
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve
from damas.rules.pdn import read_games
from repo_paths import REPO

GAME = game_of(read_games(REPO / "notebooks" / "data" / "partidas.pdn")[0])


def _prose():
    cells = json.loads((REPO / "notebooks" / "05_Jogar_e_analisar.ipynb").read_text(encoding="utf-8"))["cells"]
    return "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_the_chapter_says_the_verdict_is_the_shallow_ones():
    assert "**c5-d4 também perde uma pedra à força**" in _prose()
    assert "com profundidade 10\nnão marca nenhum lance da partida" in _prose()


def test_c5_d4_also_loses_a_man_by_force():
    before = board_before(GAME, 39)
    for move in ("c5-b4", "c5-d4"):
        after = before.copy()
        after.push(after.parse_move(move))
        assert solve(Puzzle(after.fen(), goal="material", n=1, max_plies=5), all_moves=False).proven, move


@pytest.mark.slow
def test_the_analysis_at_depth_10_marks_no_move():
    assert [(i, p) for i, p, _, _ in signed_moves(analyse_game(GAME, depth=10))] == []
