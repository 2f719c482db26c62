"""The cost of the static evaluations of damas.engine.search.EVALUATIONS.

    PYTHONPATH=. python benchmarks/evaluation.py           # about a minute
    PYTHONPATH=. python benchmarks/evaluation.py --quick

Prints, per board and per evaluation ("classic": the engine's first one,
:class:`damas.engine.evaluation.ClassicEvaluator`; "tuned":
:class:`damas.engine.evaluation.Evaluator`; "patterns":
:class:`damas.engine.patterns.PatternEvaluator`), the mean CPU time of one call
(microseconds) on the same positions of random games, and the nodes per CPU
second of ``analyse(board, depth=d, evaluation=...)`` (the full-width
search) from the same positions (the trees differ, so compare the rates,
not the node counts).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from damas import Board  # noqa: E402
from damas.engine import search as engine  # noqa: E402
from damas.rules.board import WHITE  # noqa: E402

CLOCK = time.process_time


def positions(variant, count, seed=1):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board(variant)
        for _ in range(rng.randint(0, 100)):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
        out.append((board.white_bits, board.black_bits, board.king_bits, board.turn))
    return out


def time_calls(fn, pos, rounds):
    best = None
    for _ in range(rounds):
        t0 = CLOCK()
        for w, b, k, turn in pos:
            fn(w, b, k, turn)
        dt = CLOCK() - t0
        best = dt if best is None else min(best, dt)
    return best / len(pos) * 1e6


def nodes_per_second_with(variant, evaluation, depth, fens):
    """Nodes per CPU second of the fixed-depth search scoring with ``evaluation``."""
    engine.analyse(Board(fens[0], variant=variant), depth=1, evaluation=evaluation)  # builds it
    nodes = 0
    t0 = CLOCK()
    for fen in fens:
        nodes += engine.analyse(Board(fen, variant=variant), depth=depth, evaluation=evaluation).nodes
    return nodes / (CLOCK() - t0), nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    count, rounds, searches = (2000, 2, 4) if args.quick else (10000, 5, 12)
    names = engine.EVALUATIONS
    print("| board | depth | " + " | ".join(f"{n} µs/call" for n in names) + " | "
          + " | ".join(f"{n} nodes/s" for n in names) + " |")
    print("|---|---|" + "---|" * (2 * len(names)))
    for variant, depth in (("brazilian", 6), ("international", 5)):
        pos = positions(variant, count)
        v = Board(variant).variant
        calls = []
        for name in names:
            ev = engine._evaluator(v, name)
            calls.append(time_calls(lambda w, b, k, t, ev=ev: ev(w, b, k, t == WHITE), pos, rounds))
        rng = random.Random(2)
        fens = []
        for w, b, k, turn in rng.sample(pos, searches):
            board = Board(variant)
            board.set_bitboards(w, b, k, turn, check=False)
            if board.legal_moves():
                fens.append(board.fen())
        rates = []
        for name in names:
            getattr(engine, "_ENDGAME_CACHE", {}).clear()
            rates.append(nodes_per_second_with(variant, name, depth, fens)[0])
        print(f"| {variant} | {depth} | " + " | ".join(f"{t:.2f}" for t in calls) + " | "
              + " | ".join(f"{r:,.0f}" for r in rates) + " |")
    print(f"({count} positions, best of {rounds} rounds; {searches} searches per board; CPU time)")


if __name__ == "__main__":
    main()
