"""Engine verdicts that survive depth (issue 25, item 3): partidas.pdn's 14. f4-e5?? survives a
search 4 plies deeper and a 10 s timed search; the two former chapter-08 examples a deeper search
reverses (6. f4-g5 in «O centro», 7... c5-b4 in «Pedras juntas») stay pinned here as known reversals
(the chapter now shows examples registered in damas.course.verdicts.VERDICTS, tested in
test_verdicts_registry.py)."""

import pytest

from damas.course.verdicts import gaps
from damas.rules.pdn import read_games
from repo_paths import REPO

# The timed searches on the CPU clock (tests/course/conftest.py): a loaded machine gives them
# the same time.
pytestmark = pytest.mark.usefixtures("cpu_clock")

GAMES = {g.tags["White"].split(" (")[0]: g for g in read_games(REPO / "notebooks" / "data" / "partidas.pdn")}


def _position(white, ply):
    game = GAMES[white]
    board = game.initial_board()
    for move in game.mainline[:ply]:
        board.push(move)
    return board


@pytest.mark.slow
@pytest.mark.parametrize("white, ply, played, recommended", [
    ("М. Иванов", 26, "f4-e5", "g1-f2"),      # partidas.pdn: 14. f4-e5?? (the computer plays g1-f2)
])
def test_the_verdict_survives_a_deeper_and_a_timed_search(white, ply, played, recommended):
    found = gaps(_position(white, ply), played, recommended)
    assert all(gap >= 50 for gap in found.values()), found      # about a man or more, in all three


@pytest.mark.slow
@pytest.mark.parametrize("white, ply, played, recommended", [
    ("С. Тютин", 10, "f4-g5", "e3-d4"),
    ("В. Лисенко", 13, "c5-b4", "c7-d6"),
])
def test_the_reversed_examples_are_known(white, ply, played, recommended):
    found = gaps(_position(white, ply), played, recommended)
    assert found["profundidade 8"] >= 100 and found["profundidade 12"] < 50, found


@pytest.mark.slow
def test_the_first_moves_are_balanced_at_every_depth():
    # chapter 08's table: the seven first moves score near zero (within half a man)
    from damas import Board
    from damas.course.verdicts import move_value
    board = Board("brazilian")
    for move in board.legal_moves():
        for kw in ({"depth": 8}, {"depth": 12}, {"seconds": 10.0}):
            assert abs(move_value(board, move, **kw)) < 50, (board.move_text(move), kw)
