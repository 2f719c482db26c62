"""The cost of the static evaluation: damas.evaluation against the engine's first one.

    PYTHONPATH=. python benchmarks/evaluation.py           # about a minute
    PYTHONPATH=. python benchmarks/evaluation.py --quick
    PYTHONPATH=. python benchmarks/evaluation.py --patterns  # only the second table

Prints, per board, the mean CPU time of one call (microseconds) of

* ``first``: the evaluation of commit 529f6a3 (material, advancement, centre,
  back row; rebuilt below by ``make_first_static`` so that it can be timed here),
* ``tapered``: :class:`damas.evaluation.Evaluator` (``engine._static`` calls it),

on positions of random games (the same positions for both), and the nodes per
CPU second of ``damas.engine.analyse`` at a fixed depth with each of them
plugged into the search (the trees differ, so compare the rates, not the node
counts).

A second table compares :class:`damas.evaluation.ClassicEvaluator` (the
default, "classic") with :class:`damas.patterns.PatternEvaluator`
("patterns") the same way: µs per call on the same positions, and nodes per
CPU second of ``analyse(board, depth=d, evaluation=...)`` (the full-width
search) on the same start positions.
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
from damas import engine  # noqa: E402
from damas.board import WHITE  # noqa: E402
from damas.evaluation import evaluator  # noqa: E402

CLOCK = time.process_time


def make_first_static(variant):
    """The evaluation of damas.engine at commit 529f6a3, for timing only: a
    function of the shape of ``engine._static`` (its masks built here)."""
    t = variant.tables
    size = variant.size
    white_rows = [(t.row_mask[r], size - 1 - r) for r in range(size)]
    black_rows = [(t.row_mask[r], r) for r in range(size)]
    white_back, black_back = t.row_mask[size - 1], t.row_mask[0]
    centre = 0
    lo, hi = size // 2 - 2, size // 2 + 1
    for sq in variant.square_range:
        r, c = t.rc[sq]
        if lo <= r <= hi and lo <= c <= hi:
            centre |= t.mask[sq]

    def first_static(data, w, b, k, turn):
        wm, bm = w & ~k, b & ~k
        wk, bk = w & k, b & k
        nwm, nbm, nwk, nbk = wm.bit_count(), bm.bit_count(), wk.bit_count(), bk.bit_count()
        score = 100 * (nwm - nbm) + 300 * (nwk - nbk)
        adv = 0
        for mask, weight in white_rows:
            adv += (wm & mask).bit_count() * weight
        for mask, weight in black_rows:
            adv -= (bm & mask).bit_count() * weight
        score += 3 * adv
        score += 6 * ((w & centre).bit_count() - (b & centre).bit_count())
        if not bk:
            score += 8 * (wm & white_back).bit_count()
        if not wk:
            score -= 8 * (bm & black_back).bit_count()
        total = nwm + nbm + 3 * (nwk + nbk)
        material = 100 * (nwm - nbm) + 300 * (nwk - nbk)
        if total:
            score += material * 8 // (total + 8)
        return score if turn == WHITE else -score

    return first_static


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
        out.append((board._w, board._b, board._k, board.turn))
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


def nodes_per_second(variant, static, depth, fens):
    saved = engine._static
    engine._static = static
    try:
        nodes = 0
        t0 = CLOCK()
        for fen in fens:
            nodes += engine.analyse(Board(fen, variant=variant), depth=depth).nodes
        return nodes / (CLOCK() - t0)
    finally:
        engine._static = saved


def nodes_per_second_with(variant, evaluation, depth, fens):
    """Nodes per CPU second of the fixed-depth search scoring with ``evaluation``."""
    engine.analyse(Board(fens[0], variant=variant), depth=1, evaluation=evaluation)  # builds it
    nodes = 0
    t0 = CLOCK()
    for fen in fens:
        nodes += engine.analyse(Board(fen, variant=variant), depth=depth, evaluation=evaluation).nodes
    return nodes / (CLOCK() - t0), nodes


def patterns_table(count, rounds, searches):
    from damas.evaluation import classic
    from damas.patterns import patterns
    print("| board | classic µs/call | patterns µs/call | ratio | depth | classic nodes/s | patterns nodes/s |")
    print("|---|---|---|---|---|---|---|")
    from damas.pattern_weights import WEIGHTS
    boards = [("brazilian", 6)] if "8x8" in WEIGHTS else []
    for variant, depth in boards + [("international", 5)]:
        pos = positions(variant, count)
        cl, pa = classic(variant), patterns(variant)
        t_cl = time_calls(lambda w, b, k, t: cl(w, b, k, t == WHITE), pos, rounds)
        t_pa = time_calls(lambda w, b, k, t: pa(w, b, k, t == WHITE), pos, rounds)
        rng = random.Random(2)
        fens = []
        for w, b, k, turn in rng.sample(pos, searches):
            board = Board(variant)
            board._w, board._b, board._k, board._turn = w, b, k, turn
            if board.legal_moves():
                fens.append(board.fen())
        getattr(engine, "_ENDGAME_CACHE", {}).clear()
        nps_cl, n_cl = nodes_per_second_with(variant, "classic", depth, fens)
        getattr(engine, "_ENDGAME_CACHE", {}).clear()
        nps_pa, n_pa = nodes_per_second_with(variant, "patterns", depth, fens)
        print(f"| {variant} | {t_cl:.2f} | {t_pa:.2f} | {t_pa / t_cl:.2f} | {depth} | "
              f"{nps_cl:,.0f} ({n_cl:,} nodes) | {nps_pa:,.0f} ({n_pa:,} nodes) |")
    print(f"({count} positions, best of {rounds} rounds; {searches} searches per board; CPU time)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--patterns", action="store_true", help="only the classic/patterns table")
    args = ap.parse_args()
    count, rounds = (2000, 2) if args.quick else (10000, 5)
    if args.patterns:
        patterns_table(count, rounds, 4 if args.quick else 12)
        return
    print("| board | first µs/call | tapered µs/call | ratio | first nodes/s | tapered nodes/s |")
    print("|---|---|---|---|---|---|")
    for variant, depth in (("brazilian", 6), ("international", 4)):
        data = engine._data(Board(variant).variant)
        ev = evaluator(variant)
        first_static = make_first_static(Board(variant).variant)
        pos = positions(variant, count)
        first = time_calls(lambda w, b, k, t: first_static(data, w, b, k, t), pos, rounds)
        new = time_calls(lambda w, b, k, t: engine._static(data, w, b, k, t), pos, rounds)
        raw = time_calls(lambda w, b, k, t: ev(w, b, k, t == WHITE), pos, rounds)
        rng = random.Random(2)
        fens = []
        for w, b, k, turn in rng.sample(pos, 4 if args.quick else 12):
            board = Board(variant)
            board._w, board._b, board._k, board._turn = w, b, k, turn
            if board.legal_moves():
                fens.append(board.fen())
        nps_first = nodes_per_second(variant, first_static, depth, fens)
        nps_new = nodes_per_second(variant, engine._static, depth, fens)
        print(f"| {variant} | {first:.2f} | {new:.2f} ({raw:.2f} without the engine's wrapper) | "
              f"{new / first:.2f} | {nps_first:,.0f} | {nps_new:,.0f} |")
    print(f"(depth 6 on 8x8, 4 on 10x10; {count} positions, best of {rounds} rounds, CPU time)")
    print()
    patterns_table(count, rounds, 4 if args.quick else 12)


if __name__ == "__main__":
    main()
