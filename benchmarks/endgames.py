"""Endgame database benchmark: per material, the build time, the positions
solved per second and the time of one probe.

Run:  python3 benchmarks/endgames.py             # every 8x8 table, 10x10 up to 3 pieces
      python3 benchmarks/endgames.py --all       # also the 10x10 4-piece tables (minutes)
      python3 benchmarks/endgames.py --material brazilian:KKKvK

Each table is built from scratch in memory (the cache is switched off for the
run), its sub-endings first; the build time of a table does not include its
sub-endings (they are built before it is timed).  Times are wall-clock seconds
(the build is one CPU-bound process) and CPU seconds; on a shared machine the
CPU figure is the steadier one.  The probe time is the mean over 20,000 random
positions of the material, through damas.engine.endgames.probe (a Board in, a
(value, plies) pair out).  Targets (issue 11): the 8x8 3 kings v 1 table,
with its sub-endings, under 10 s; a probe under 1 ms.
"""

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DAMAS_ENDGAME_CACHE"] = "off"
os.environ["DAMAS_ENDGAME_PROGRESS"] = "0"

from damas.engine import endgames  # noqa: E402
from damas.rules.variants import get_variant  # noqa: E402


def parse_material(text):
    white, _, black = text.partition("v")
    return (white.count("M"), white.count("K"), black.count("M"), black.count("K"))


def random_boards(variant, mat, n, seed=1):
    tb = endgames.table(variant, mat)
    rng = random.Random(seed)
    boards = []
    groups = tb.layout.groups
    while len(boards) < n:
        masks = [rng.choice(g.masks) for g in groups]
        occ = 0
        for m in masks:
            occ |= m
        if bin(occ).count("1") != sum(mat):
            continue
        w = b = k = 0
        for g, m in zip(groups, masks):
            if g.color == "W":
                w |= m
            else:
                b |= m
            if g.king:
                k |= m
        boards.append(endgames._board(tb.variant, w, b, k, rng.choice("WB")))
    return boards


def measure(variant, mat, sub_total):
    v = get_variant(variant)
    # sub-endings first, untimed: every table this one's captures and crownings reach
    for other in endgames.materials(v):
        if sum(other) < sum(mat) or (sum(other) == sum(mat) and other[0] + other[2] < mat[0] + mat[2]):
            endgames.table(v, other)
    t0, c0 = time.perf_counter(), time.process_time()
    tb = endgames.table(v, mat, rebuild=True)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    boards = random_boards(v, mat, 20000)
    p0 = time.perf_counter()
    for board in boards:
        endgames.probe(board)
    probe_us = (time.perf_counter() - p0) / len(boards) * 1e6
    i = tb.info
    sub_total[(v.name, mat)] = (wall, cpu)
    print(f"{v.name:<14} {tb.name:<7} {i['positions']:>10,} {wall:>8.2f} {cpu:>8.2f} "
          f"{i['positions'] / wall:>10,.0f} {probe_us:>8.1f}   "
          f"{i['wins']:>9,} {i['draws']:>9,} {i['losses']:>9,} {i['max_plies']:>5}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="also the 10x10 tables of 4 pieces")
    ap.add_argument("--material", action="append", default=[],
                    help="variant:MATERIAL, e.g. brazilian:KKKvK (repeatable)")
    args = ap.parse_args()
    todo = []
    if args.material:
        for item in args.material:
            variant, _, name = item.partition(":")
            todo.append((variant, endgames._canonical(parse_material(name))[0]))
    else:
        todo += [("brazilian", m) for m in endgames.materials("brazilian")]
        todo += [("international", m) for m in endgames.materials("international")
                 if args.all or sum(m) <= 3]
    print(f"{'variant':<14} {'table':<7} {'positions':>10} {'wall s':>8} {'cpu s':>8} {'pos/s':>10} "
          f"{'probe µs':>8}   {'wins':>9} {'draws':>9} {'losses':>9} {'max':>5}")
    times = {}
    for variant, mat in todo:
        measure(variant, mat, times)
    key = ("brazilian", (0, 3, 0, 1))
    if key in times:
        chain = [(0, 1, 0, 1), (0, 2, 0, 1), (0, 3, 0, 1)]
        for m in chain:
            if ("brazilian", m) not in times:
                t0, c0 = time.perf_counter(), time.process_time()
                endgames.table("brazilian", m, rebuild=True)
                times[("brazilian", m)] = (time.perf_counter() - t0, time.process_time() - c0)
        wall = sum(times[("brazilian", m)][0] for m in chain)
        cpu = sum(times[("brazilian", m)][1] for m in chain)
        n = sum(endgames.table("brazilian", m).positions for m in chain)
        print(f"\n8x8 3 kings v 1 with its sub-endings (KvK, KKvK, KKKvK): {n:,} positions in "
              f"{wall:.2f} s wall, {cpu:.2f} s CPU (target: under 10 s)")


if __name__ == "__main__":
    main()
