"""The opening traps (puzzles/armadilhas.pdn): each position is reached from the initial
position by the moves of its Reached tag, is balanced in material, is a real trap (the
victim's last move is the mistake: another move was safe) and is proven by the solver, whose
key move is quiet (the shot starts with a sacrifice or a quiet move, not a capture)."""

from repo_paths import REPO
import csv
from pathlib import Path

import pytest

from damas import Board
from damas.problems.puzzles import load_collection, Puzzle
from damas.problems.solver import solve

ROOT = REPO
PATH = ROOT / "puzzles" / "armadilhas.pdn"
OPENINGS = ROOT / "notebooks" / "data" / "aberturas.csv"
TRAPS = load_collection(PATH)


def _reached(puzzle):
    from damas.rules.pdn import read_games
    game, = [g for g in read_games(PATH) if g.tags["Event"] == puzzle.title]
    return game.tags["Reached"], game.tags["Opening"]


def _replay(text):
    board = Board("brazilian")
    moves = []
    for token in text.split():
        if token[0].isdigit():
            continue
        move = board.parse_move(token)
        moves.append(move)
        board.push(move)
    return board, moves


def test_at_least_five_traps():
    assert len(TRAPS) >= 5


@pytest.mark.parametrize("puzzle", TRAPS, ids=lambda p: p.title)
def test_trap_is_reached_from_the_opening_and_proven(puzzle):
    reached, opening = _reached(puzzle)
    board, moves = _replay(reached)
    assert board.fen() == Board(puzzle.fen).fen()
    proof = solve(puzzle)
    assert proof.proven
    assert not proof.key_move.is_capture
    assert puzzle.goal == "material" and puzzle.n >= 1
    # The victim's last move was the mistake: some other move left no shot.
    before = Board("brazilian")
    for move in moves[:-1]:
        before.push(move)
    safe = []
    for move in before.legal_moves():
        after = before.copy()
        after.push(move)
        if not solve(Puzzle(after.fen(), goal="material", n=1, max_plies=puzzle.max_plies), all_moves=False):
            safe.append(move)
    assert safe and moves[-1] not in safe


@pytest.mark.parametrize("puzzle", TRAPS, ids=lambda p: p.title)
def test_material_is_balanced_before_the_shot(puzzle):
    board = Board(puzzle.fen)
    counts = {"W": 0, "B": 0}
    for square in range(1, board.variant.squares + 1):
        piece = board.piece_at(square)
        if piece is not None:
            counts[piece.color] += 1
    assert counts["W"] == counts["B"]


def test_traps_are_named_after_a_sourced_opening():
    with open(OPENINGS, encoding="utf-8") as f:
        openings = {row["nome"]: row for row in csv.DictReader(f)}
    for puzzle in TRAPS:
        reached, opening = _reached(puzzle)
        name = opening.split(" (")[0]
        assert name in openings, opening
        assert puzzle.title.startswith("Armadilha do curso ")
        assert openings[name]["fonte"].split(",")[0] in puzzle.source
        # the trap's line starts with the opening's moves
        assert reached.replace(" ", "").startswith(openings[name]["lances"].replace(" ", "")), reached


@pytest.mark.parametrize("puzzle", TRAPS, ids=lambda p: p.title)
def test_each_trap_explains_its_idea(puzzle):
    """Each comment says what the victim wanted (what its last move does, read on the
    board), why it fails (the shot wins a man by force) and what to play instead (a
    move after which the solver finds no shot), and the tags of the three hold."""
    from damas.problems.fact_checks import puzzle_problems
    from damas.rules.pdn_facts import facts_in
    kinds = {f.kind for f in facts_in(puzzle.comment)}
    assert {"gain", "safe", "error"} <= kinds, kinds
    assert kinds & {"attacks", "supports", "touches", "move"}, kinds
    assert puzzle_problems(puzzle) == []


def test_trap_comments_are_not_one_template():
    import re
    first = [re.split(r"(?<=[.!?])\s+(?=[A-Z])", p.comment)[0] for p in TRAPS]
    assert len(set(first)) == len(first)
    assert not any("O primeiro lance não é uma tomada" in p.comment for p in TRAPS)


def _safe_move(puzzle):
    import re
    return re.search(r"o lance \d+\.(?:\.\.)? (\S+) era seguro", puzzle.comment).group(1)


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", TRAPS, ids=lambda p: p.title)
def test_the_trap_holds_in_a_deeper_search(puzzle):
    """Issue 25, item 3: «ganham uma pedra à força» is not a man won for three plies and given
    back: after the victim's mistake the engine, at depth 10 and 14, keeps the trapper a man
    (HOLDS) up; and the move the comment calls safe loses nothing at those depths."""
    from damas.engine.search import analyse
    reached, _ = _reached(puzzle)
    board, moves = _replay(reached)
    for depth in (10, 14):
        assert analyse(board, depth=depth).score >= HOLDS, depth
    before = Board("brazilian")
    for move in moves[:-1]:
        before.push(move)
    safe = before.copy()
    safe.push(safe.parse_move(_safe_move(puzzle)))
    for depth in (10, 14):
        assert analyse(safe, depth=depth).score < 50, depth      # the trapper, to move, gains nothing


HOLDS = 80      # hundredths of a man: most of the man won is still there
