"""Chapter 02's game comes before capture is taught (issue 32): when a capture is compulsory,
its board says so in a beginner's words (no irregularity number, no «sopro»), names the
capture to play and points to chapter 03; from chapter 03 on, the full refusal."""

import nbformat

from damas import Board
from damas.course.kit import games
from repo_paths import NOTEBOOKS


def _must_capture_position():
    board = Board()
    board.push_text("c3-d4")
    board.push_text("f6-e5")      # now White must capture d4xf6
    return board


def _refused(game, square):
    """Click the piece on ``square`` (it may not move: a capture is compulsory elsewhere)."""
    game.widget.click(game.widget.board.variant.parse_square(square))
    assert game.widget.message_kind == "error", game.widget.message
    return game.widget.message


def test_the_beginners_game_explains_a_compulsory_capture_in_plain_words():
    game = games.ComputerGame(1, position=_must_capture_position().fen(), beginner=True)
    text = _refused(game, "g3")
    assert "5.4.06" not in text and "sopro" not in text and "irregularidade" not in text, text
    assert "d4xf6" in text and "capítulo 03" in text and text[0].isupper(), text
    assert game.widget.game.moves == []         # refused: nothing played


def test_later_games_keep_the_full_refusal():
    game = games.ComputerGame(1, position=_must_capture_position().fen())
    text = _refused(game, "g3")
    assert "5.4.06" in text and "regra 4.1" in text


def test_chapter_02_plays_the_beginners_game():
    nb = nbformat.read(NOTEBOOKS / "02_Movimento.ipynb", as_version=4)
    calls = [c.source for c in nb.cells if c.cell_type == "code" and "computer_game(" in c.source]
    assert calls and all("beginner=True" in c for c in calls), calls
