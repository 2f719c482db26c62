"""Issue 25, item 6: each game of partidas.pdn played under Russian rules says once, in its header
(the tag «Rules»), which moves were forced only under Brazilian rules, as the rules derive it."""

import pytest

from damas import Board
from damas.course.chapters.ch08_como_jogar.rule_sets import forced_only_text, forced_only_under
from damas.rules.pdn import read_games
from repo_paths import REPO

GAMES = read_games(REPO / "notebooks" / "data" / "partidas.pdn")
RUSSIAN = [g for g in GAMES if "по русским шашкам" in g.tags.get("Event", "")]


def test_there_are_russian_games():
    assert len(RUSSIAN) == 6


@pytest.mark.parametrize("game", RUSSIAN, ids=lambda g: g.tags["White"])
def test_the_header_lists_the_moves_forced_only_under_brazilian_rules(game):
    assert game.tags.get("Rules") == forced_only_text(game)


def test_a_capture_forced_only_by_the_majority_law_is_found():
    # Medkov–Vorontsov, 7. d2xh6: the only legal move under Brazilian rules, not under Russian ones
    medkov, = [g for g in RUSSIAN if g.tags["White"].startswith("В. Медков")]
    assert ("7.", "d2xh6") in forced_only_under(medkov)
    board = medkov.initial_board()
    for move in medkov.mainline[:12]:
        board.push(move)
    assert len(Board(board.fen(), variant="brazilian").legal_moves()) == 1
    assert len(Board(board.fen(), variant="russian").legal_moves()) > 1


def test_a_game_without_such_moves_says_so():
    assert forced_only_text(RUSSIAN[0]).startswith("Regras: nenhum lance")
