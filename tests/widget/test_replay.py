"""The replay viewer (damas.widget.replay) through its Python API, and its widget box built
without a browser."""

from repo_paths import REPO
import sys
from pathlib import Path

import pytest

from damas import Board
from damas.rules.pdn import read_games
from damas.widget.replay import GameReplay, ReplayError

PDN = REPO / "notebooks" / "data" / "partidas.pdn"


@pytest.fixture
def games():
    return read_games(PDN)


@pytest.mark.slow
def test_import_damas_does_not_import_widgets():
    import subprocess
    code = "import damas.widget.replay, sys; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_steps_through_a_game(games):
    r = GameReplay(games)
    game = games[0]
    assert r.ply == 0 and r.at_start and not r.at_end
    assert r.board == game.initial_board()
    assert r.comment == game.line.prose() and "[%" not in r.comment     # the fact tags are not shown
    assert r.move_label == ""
    r.next()
    assert r.ply == 1 and r.move_label == "1. c3-b4"
    r.next()
    assert r.move_label == "1... b6-a5"
    r.next()
    assert r.move_label == "2. b4-c5" and r.comment.startswith("Entrega")
    board = game.initial_board()
    for move in game.mainline[:3]:
        board.push(move)
    assert r.board == board
    r.previous()
    assert r.ply == 2
    r.last()
    assert r.at_end and r.ply == len(game.mainline)
    assert r.board == game.board_at_end()
    assert "Resultado: 2-0" in r.status()
    r.next()  # nothing beyond the end
    assert r.ply == len(game.mainline)
    r.first()
    r.previous()  # nothing before the start
    assert r.ply == 0


def test_marks_are_shown_in_the_label(games):
    r = GameReplay(games)
    r.goto(15)  # 8. g3-f4! of Kukuev - Lissenko
    assert r.move_label == "8. g3-f4!"


def test_every_comment_is_reached_by_next(games):
    r = GameReplay(games)
    for index, game in enumerate(games):
        r.choose(index)
        seen = [r.comment]
        while not r.at_end:
            r.next()
            seen.append(r.comment)
        expected = [game.line.prose()] + [n.prose() for n in game.line.nodes]
        assert seen == expected


def test_bad_positions_are_refused_in_portuguese(games):
    r = GameReplay(games)
    with pytest.raises(ReplayError, match="fora da partida"):
        r.goto(10_000)
    with pytest.raises(ReplayError, match="não existe"):
        r.choose(99)
    assert r.ply == 0 and r.index == 0
    with pytest.raises(ReplayError, match="Não há partida"):
        GameReplay([])


def test_svg_colours_the_last_move(games):
    r = GameReplay(games)
    start = str(r.svg())
    r.next()
    assert "<svg" in start and str(r.svg()) != start


def test_title_uses_the_tags(games):
    r = GameReplay(games, index=len(games) - 1)
    assert r.title() == "Weitsman,V. – Tsjizjow,A. (WK 2003, Zwartewaterland, Netherlands, 2003.05.23)"
    assert r.board.variant.name == "international"


def test_widget_box_follows_the_buttons(games):
    pytest.importorskip("ipywidgets")
    r = GameReplay(games)
    box = r.box()
    w = r._widgets
    assert w["button_previous"].disabled and not w["button_next"].disabled
    w["button_next"].click()
    w["button_next"].click()
    assert r.ply == 2 and "1... b6-a5" in w["notes"].value
    w["button_end"].click()
    assert r.at_end and w["button_next"].disabled
    w["chooser"].value = 1
    assert r.index == 1 and r.ply == 0 and "Тютин" in w["header"].value
    assert box.children


def test_module_examples():
    import doctest
    import damas.widget.replay
    assert doctest.testmod(damas.widget.replay).failed == 0
