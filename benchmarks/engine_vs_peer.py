"""Nodes per CPU second of damas' search beside py-draughts' TurboEngine.

    python3 benchmarks/engine_vs_peer.py            # depth 6 on 10x10, 7 on 8x8
    python3 benchmarks/engine_vs_peer.py --depth 5 --repeat 1
    python3 benchmarks/engine_vs_peer.py --evaluation patterns   # damas' evaluation of timed 10x10 play

Both engines search the SAME 10x10 positions to the same fixed depth
(iterative deepening from depth 1, no time limit), and each counts its own
nodes: damas one per call of its negamax (quiescence nodes included),
TurboEngine one per call of its ``_negamax`` (its ``_qs_quiet`` leaves are not
counted).  The figure is nodes per second of CPU time of the searching
process, best of ``--repeat`` runs.  TurboEngine (GPL-3.0, 10x10 only) runs
in its own virtual environment and process (``--peer-python``, the
``DAMAS_PEER_PYTHON`` variable or /opt/peers/pydr/bin/python); it is driven
through its public class, never imported here.  damas' 8x8 figure is printed
too (TurboEngine has no 8x8 board).

The two searches are not the same tree: each engine prunes, extends and
orders in its own way, so equal depth does not mean equal work; compare the
nodes per second, and the depth each reaches in a second in a match
(benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

DEFAULT_PEER = "/opt/peers/pydr/bin/python"

INTERNATIONAL = [
    ("início", "W:W31-50:B1-20"),
    ("meio-jogo", "W:W27,28,31,32,33,34,36,37,38,39,40,41,43,44,45:B6,7,8,9,11,12,13,14,15,16,17,18,19,21,23"),
    ("meio-jogo 2", "B:W25,27,28,30,32,33,34,35,37,38,39,40,42,43,44,48:B3,6,7,8,9,11,12,13,14,15,16,17,18,19,20,23"),
    ("final", "W:WK46,28,33,38:BK5,12,17,19"),
]
BRAZILIAN = [
    ("início", "W:W21-32:B1-12"),
    ("meio-jogo", "W:W17,21,22,24,25,27,28,29,30,31:B1,2,3,5,6,8,9,11,12,15"),
    ("final com damas", "W:WK32,22,25:BK1,6,11"),
]

# Run by the peer's Python: one JSON line per position.
PEER_SCRIPT = r"""
import json, sys, time
from draughts import StandardBoard
from draughts.engines.turbo import TurboEngine
depth, repeat = int(sys.argv[1]), int(sys.argv[2])
for fen in json.loads(sys.argv[3]):
    best = None
    for _ in range(repeat):
        engine = TurboEngine(depth_limit=depth)
        board = StandardBoard.from_fen(fen)
        t0 = time.process_time()
        move = engine.get_best_move(board)
        dt = time.process_time() - t0
        if best is None or dt < best[1]:
            best = (engine.nodes, dt, str(move), engine.completed_depth)
    print(json.dumps({"fen": fen, "nodes": best[0], "seconds": best[1], "move": best[2], "depth": best[3]}))
"""


def run_damas(variant, fen, depth, repeat, evaluation="classic"):
    from damas import Board
    from damas.engine.search import analyse
    best = None
    for _ in range(repeat):
        board = Board(fen, variant=variant)
        t0 = time.process_time()
        a = analyse(board, depth=depth, evaluation=evaluation)
        dt = time.process_time() - t0
        if best is None or dt < best[1]:
            best = (a.nodes, dt, board.move_text(a.pv[0]), a.depth)
    return {"nodes": best[0], "seconds": best[1], "move": best[2], "depth": best[3]}


def run_peer(python, fens, depth, repeat):
    proc = subprocess.run([python, "-c", PEER_SCRIPT, str(depth), str(repeat), json.dumps(fens)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"TurboEngine failed:\n{proc.stderr}")
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=6, help="fixed depth on 10x10 (default 6)")
    ap.add_argument("--depth8", type=int, default=7, help="fixed depth of damas on 8x8 (default 7)")
    ap.add_argument("--repeat", type=int, default=2, help="best of N runs (default 2)")
    ap.add_argument("--peer-python", default=os.environ.get("DAMAS_PEER_PYTHON", DEFAULT_PEER))
    ap.add_argument("--evaluation", default="classic",
                    help="damas' evaluation on 10x10 (damas.engine.search.EVALUATIONS; default classic, that of "
                         "fixed-depth searches; timed 10x10 play uses patterns)")
    args = ap.parse_args()

    # Warm the endgame database's tables and the evaluation's weights (built
    # or read once, then cached) so that no build is timed.
    for variant, positions, depth in (("international", INTERNATIONAL, 1), ("brazilian", BRAZILIAN, 1)):
        for _, fen in positions:
            run_damas(variant, fen, depth, 1, args.evaluation if variant == "international" else "classic")

    fens = [fen for _, fen in INTERNATIONAL]
    peer = None
    if os.path.exists(args.peer_python):
        peer = run_peer(args.peer_python, fens, args.depth, args.repeat)
    else:
        print(f"(TurboEngine not found at {args.peer_python}: damas only)")
    print(f"10x10, depth {args.depth}, best of {args.repeat}; nodes per CPU second; damas' evaluation: {args.evaluation}")
    print(f"{'posição':<12} {'damas nós':>10} {'damas nós/s':>12} {'lance':>7} | "
          f"{'Turbo nós':>10} {'Turbo nós/s':>12} {'lance':>7} | {'razão':>6}")
    tot = {"dn": 0, "dt": 0.0, "pn": 0, "pt": 0.0}
    for i, (name, fen) in enumerate(INTERNATIONAL):
        d = run_damas("international", fen, args.depth, args.repeat, args.evaluation)
        tot["dn"] += d["nodes"]
        tot["dt"] += d["seconds"]
        line = f"{name:<12} {d['nodes']:>10} {d['nodes'] / d['seconds']:>12,.0f} {d['move']:>7} | "
        if peer:
            p = peer[i]
            tot["pn"] += p["nodes"]
            tot["pt"] += p["seconds"]
            ratio = (d["nodes"] / d["seconds"]) / (p["nodes"] / p["seconds"])
            line += f"{p['nodes']:>10} {p['nodes'] / p['seconds']:>12,.0f} {p['move']:>7} | {ratio:>6.2f}"
        print(line)
    ours = tot["dn"] / tot["dt"]
    summary = f"{'total':<12} {tot['dn']:>10} {ours:>12,.0f} {'':>7} | "
    if peer:
        theirs = tot["pn"] / tot["pt"]
        summary += f"{tot['pn']:>10} {theirs:>12,.0f} {'':>7} | {ours / theirs:>6.2f}"
    print(summary)
    print()
    print(f"8x8 (damas only), depth {args.depth8}")
    n8 = t8 = 0
    for name, fen in BRAZILIAN:
        d = run_damas("brazilian", fen, args.depth8, args.repeat)
        n8 += d["nodes"]
        t8 += d["seconds"]
        print(f"{name:<16} {d['nodes']:>10} {d['nodes'] / d['seconds']:>12,.0f} {d['move']:>7}")
    print(f"{'total':<16} {n8:>10} {n8 / t8:>12,.0f}")


if __name__ == "__main__":
    main()
