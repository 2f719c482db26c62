"""The 40 games of the 8x8 match against the previous release (benchmarks/results/previous-8x8/):
every game replays legally under the referee, ends as its PDN says, and the README's row of the
full run is counted from the games themselves."""

import re
from pathlib import Path

import pytest

from damas import Game
from damas.rules.pdn import read_game

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted((REPO / "benchmarks" / "results" / "previous-8x8").glob("game*.pdn"))
README = (REPO / "benchmarks" / "README.md").read_text(encoding="utf-8")
MAX_PLIES = 160


def replay(path):
    pdn = read_game(path.read_text(encoding="utf-8"))
    game = Game("brazilian")
    for move in pdn.mainline:
        game.push(game.board.move_text(move))
    return pdn, game


def test_there_are_forty_games_one_per_round():
    rounds = sorted(int(read_game(p.read_text(encoding="utf-8")).tags["Round"]) for p in GAMES)
    assert rounds == list(range(1, 41))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_each_game_ends_as_its_pdn_says(path):
    pdn, game = replay(path)
    result = game.result()
    if result.is_over:
        assert result.score == pdn.result
    else:      # stopped at the ply limit and scored as a draw
        assert len(game.moves) == MAX_PLIES and pdn.result == "1-1"


def _this_tree_tally(paths):
    """(wins, draws, losses, unfinished) of this tree, White in odd rounds."""
    w = d = l_ = unfinished = 0
    for path in paths:
        pdn, game = replay(path)
        mine_white = int(pdn.tags["Round"]) % 2 == 1
        white_points = {"2-0": 1.0, "0-2": 0.0, "1-1": 0.5}[pdn.result]
        points = white_points if mine_white else 1.0 - white_points
        w, d, l_ = w + (points == 1.0), d + (points == 0.5), l_ + (points == 0.0)
        unfinished += not game.result().is_over
    return w, d, l_, unfinished


def _readme_row(label):
    row = next(line for line in README.splitlines() if line.startswith(f"| {label}"))
    cells = [c.strip().strip("*") for c in row.strip("|").split("|")]
    return int(cells[1]), int(cells[2]), int(cells[3]), int(cells[4]), cells[5], cells[7]


@pytest.mark.parametrize("label, first, last", [
    ("damas 0.1.0 (bc96f84), games 1–20", 1, 20),
    ("damas 0.1.0 (bc96f84), games 21–40", 21, 40),
    ("**damas 0.1.0 (bc96f84), all 40", 1, 40),
])
def test_the_readme_rows_are_counted_from_the_games(label, first, last):
    paths = [p for p in GAMES if first <= int(read_game(p.read_text(encoding="utf-8")).tags["Round"]) <= last]
    games, w, d, l_, score, unfinished = _readme_row(label)
    assert (games, w, d, l_, int(unfinished)) == (len(paths), *_this_tree_tally(paths))
    assert score == f"{100 * (w + d / 2) / games:.1f}%"
