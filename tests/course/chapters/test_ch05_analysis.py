"""A game looked at move by move (damas/course/chapters/ch05_jogar_e_analisar.py, chapter 05)."""

from __future__ import annotations
from repo_paths import REPO

import re

import pytest

from damas import Board, Game
from damas.course.chapters.ch05_jogar_e_analisar import (analyse_game, computer_vs_computer, signed_moves, board_before, move_number, annotated_pdn,
                                   mistake_sign, mistakes_text)
from damas.errors import DamasError
from damas.rules.pdn import read_games

GIVEAWAY = ["c3-d4", "f6-g5", "b2-c3", "g7-f6", "d4-e5"]      # 3. d4-e5? gives a man away


@pytest.fixture(scope="module")
def game():
    g = Game()
    for text in GIVEAWAY:
        g.push(g.board.parse_move(text))
    return g


@pytest.fixture(scope="module")
def rows(game):
    return analyse_game(game, depth=4)


def test_signs_and_numbers():
    assert [mistake_sign(x) for x in (0.5, 1, 1.99, 2, 3.5)] == ["", "?", "?", "??", "??"]
    assert [move_number(i) for i in (0, 1, 4, 5)] == ["1.", "1...", "3.", "3..."]


def test_a_game_between_levels_is_the_same_every_time():
    first = computer_vs_computer(3, 1, limit=6)
    assert len(first.moves) == 6 and first.moves == computer_vs_computer(3, 1, limit=6).moves


def test_the_giveaway_is_the_marked_mistake(rows):
    assert [r[0] for r in rows] == list(range(5))
    marked = signed_moves(rows)
    assert [r[1] for r in marked] == ["d4-e5"] and marked[0][3] >= 1
    assert mistakes_text(rows).split()[:2] == ["3.", "d4-e5" + mistake_sign(marked[0][3])]


def test_momento_is_the_board_before_the_move(game):
    board = Board()
    for text in GIVEAWAY[:2]:
        board.push_text(text)
    assert board_before(game, 2).fen() == board.fen() and board_before(game, 0).fen() == Board().fen()
    with pytest.raises(DamasError, match="5 lances"):
        board_before(game, 6)


def test_the_commented_pdn_reads_back_with_its_signs(game, rows):
    text = annotated_pdn(game, signed_moves(rows), white="A", black="B", event="Teste")
    back = read_games(text)[0]
    assert back.mainline == game.moves and back.tags["Event"] == "Teste"
    node = back.line.nodes[4]
    assert node.marks in ("?", "??") and any(c.startswith("melhor: ") for c in node.comments)


@pytest.mark.slow
def test_a_real_game_is_analysed_like_one_played_here():
    # Chapter 12: Kukuiev x Lissenko (1924); the analysis marks the move the annotator marked.
    from pathlib import Path
    from damas.course.chapters.ch05_jogar_e_analisar import game_of
    pdn = read_games(REPO / "notebooks" / "data" / "partidas.pdn")[0]
    game = game_of(pdn)
    assert game.moves == pdn.mainline and game.start.fen() == pdn.initial_board().fen()
    mistakes = signed_moves(analyse_game(game))
    assert [(move_number(i), played, suggested) for i, played, suggested, _ in mistakes] == [("20...", "c5-b4", "c5-d4")]
    assert pdn.line.nodes[mistakes[0][0]].marks == "?"
    text = annotated_pdn(game, mistakes, white="K", black="L", event="URSS", result=pdn.tags["Result"])
    assert '[Result "2-0"]' in text and text.endswith(" 2-0") and read_games(text)[0].mainline == game.moves


def test_the_annotated_game_view_has_a_caption_and_a_picture():
    from pathlib import Path
    from damas.course.kit.games import annotated_game
    games = read_games(REPO / "notebooks" / "data" / "partidas.pdn")
    view = annotated_game(games, 0)
    assert view.caption().startswith("Н. Кукуев (N. Kukuiev) – В. Лисенко (V. Lissenko)")
    assert "Primeiro campeonato da URSS" in view.caption() and repr(view).startswith("GameReplay(")
    assert "<svg" in str(view.replay.svg())


def test_chapter_05s_game_starts_from_the_start():
    """«Jogue contra o computador»: the student's board starts with no move; the demonstration of
    click() plays on a board of its own (it used to play c3-d4 on the student's)."""
    import nbformat
    from repo_paths import NOTEBOOKS
    cells = [c for c in nbformat.read(NOTEBOOKS / "05_Jogar_e_analisar.ipynb", as_version=4).cells
             if c.cell_type == "code"]
    game = next(c.source for c in cells if "computer_game(" in c.source)
    name = re.search(r"^(\w+) = computer_game\(", game, re.M).group(1)
    assert not [c.source for c in cells if re.search(rf"\b{name}\b.*\.click\(", c.source)]
    assert any("click_demo()" in c.source for c in cells)      # the demonstration is still there
    from damas.course.chapters.ch05_jogar_e_analisar import click_demo
    assert click_demo().endswith("1. c3-d4 d6-e5")
