"""Find opening traps that hold at depth (issue 25, item 3): positions a few moves after one of
the sourced openings of notebooks/data/aberturas.csv where the side to move (the victim) has a
natural move that loses a man by force (the solver proves the shot) and keeps losing it in a
deeper search, while another move was safe both for the solver and for the engine.

    python scripts/find_traps.py [--plies 3] [--opening "Городская партия"]

prints one line per trap found: the opening, the moves that reach it, the mistake, the safe move,
the shot, and the scores that confirm it.  The course's collection (puzzles/armadilhas.pdn) takes
its traps from here; tests/problems/test_armadilhas.py checks every one again.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

from damas import Board
from damas.engine.search import analyse
from damas.problems.puzzles import Puzzle
from damas.problems.solver import solve

ROOT = Path(__file__).resolve().parent.parent
OPENINGS = ROOT / "notebooks" / "data" / "aberturas.csv"
HOLDS = 80          # hundredths of a man the trapper keeps after the shot, at depths 10 and 14
PLAUSIBLE = 30      # a move of the line is within this of the best at depth 6
SHOT_PLIES = 5


def replay(text):
    board = Board("brazilian")
    for token in text.split():
        if not token[0].isdigit():
            board.push(board.parse_move(token))
    return board


def score_after(board, move, depth):
    """The score of ``move`` for the side that plays it (a fixed-depth search)."""
    after = board.copy(stack=False)
    after.push(move)
    return -analyse(after, depth=depth, seconds=None).score


def plausible(board):
    scored = [(score_after(board, m, 6), m) for m in board.legal_moves()]
    best = max(s for s, _ in scored)
    return [m for s, m in scored if s >= best - PLAUSIBLE]


def shot(board):
    """The solver's proof of a forced win of a man for the side to move, or None."""
    proof = solve(Puzzle(board.fen(), goal="material", n=1, max_plies=SHOT_PLIES), all_moves=False)
    return proof if proof and proof.proven and not proof.key_move.is_capture else None


def traps_from(board, line, plies, seen):
    """Walk the plausible continuations ``plies`` deep; at each position try every move of the
    side to move as the mistake."""
    key = board.fen()
    if key in seen:
        return
    seen.add(key)
    moves = board.legal_moves()
    if len(moves) > 1 and not any(m.is_capture for m in moves):
        counts = {}
        for square in range(1, 33):
            p = board.piece_at(square)
            if p is not None:
                counts[p.color] = counts.get(p.color, 0) + 1
        if counts.get("W") == counts.get("B"):
            yield from _mistakes(board, line)
    if plies:
        for m in plausible(board):
            text = board.move_text(m)
            after = board.copy(stack=False)
            after.push(m)
            yield from traps_from(after, line + [text], plies - 1, seen)


def _mistakes(board, line):
    for mistake in board.legal_moves():
        after = board.copy(stack=False)
        after.push(mistake)
        if analyse(after, depth=6, seconds=None).score < HOLDS:
            continue
        proof = shot(after)
        if proof is None:
            continue
        deep = [analyse(after, depth=d, seconds=None).score for d in (10, 14)]
        if min(deep) < HOLDS:
            continue
        # the mistake looks natural: a shallow look (depth 2) does not see the shot
        if score_after(board, mistake, 2) < -PLAUSIBLE:
            continue
        safe = []
        for other in board.legal_moves():
            if other == mistake:
                continue
            a = board.copy(stack=False)
            a.push(other)
            if shot(a) is None and min(-analyse(a, depth=d, seconds=None).score for d in (10, 14)) > -50:
                safe.append(board.move_text(other))
        if not safe:
            continue
        c = after.copy(stack=False)
        main = []
        for m in proof.main_line:
            main.append(c.move_text(m))
            c.push(m)
        yield dict(line=line, mistake=board.move_text(mistake), safe=safe, shot=main, deep=deep,
                   plies=len(proof.main_line))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, default=3, help="plausible moves walked after the opening")
    parser.add_argument("--opening", help="only this opening (its Russian name)")
    args = parser.parse_args(argv)
    with open(OPENINGS, encoding="utf-8") as f:
        openings = list(csv.DictReader(f))
    for row in openings:
        if args.opening and row["nome"] != args.opening:
            continue
        start = replay(row["lances"])
        line = [t for t in row["lances"].split() if not t[0].isdigit()]
        for trap in traps_from(start, line, args.plies, set()):
            print(row["nome"], "|", " ".join(trap["line"]), "|", trap["mistake"], "| seguro:",
                  ",".join(trap["safe"]), "| golpe:", " ".join(trap["shot"]), "|", trap["deep"], flush=True)


if __name__ == "__main__":
    main()
