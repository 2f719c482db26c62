"""One measuring harness for every library, so the figures compare like with like.

benchmarks/rules.py imports this module to measure ``damas`` in its own
interpreter, and runs it as a script with the Python of another virtual
environment to measure a peer library there, e.g.::

    /opt/peers/pydr/bin/python benchmarks/peer_harness.py --library py-draughts \
        --task perft:brazilian:7 --task movegen:international

It prints one JSON object.  Only the public API of each library is used:
make a board (initial position or FEN), list the legal moves, push a move,
pop it.  This file must not import ``damas`` at module level: the peer's
environment does not have it.

Perft counts the leaves at depth 0: every move of the last ply is pushed and
popped too (no "bulk counting" with len(legal moves) at depth 1), the same for
every library.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

# CPU time of this process, not wall time: on a shared machine another job's
# load then stretches the figures much less (the harness is single-threaded).
CLOCK = time.process_time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(os.path.dirname(HERE), "tests", "data")


class Adapter:
    """The five public entry points of one library for one variant."""

    def __init__(self, library: str, variant: str):
        self.library, self.variant = library, variant
        if library == "damas":
            import damas

            cls = damas.Board
            self.new = lambda: cls(variant)
            self.from_fen = lambda fen: cls.from_fen(fen, variant=variant)
            self.legal = cls.legal_moves            # method
            self.version = getattr(damas, "__version__", "working tree")
        elif library == "py-draughts":
            import draughts

            cls = draughts.BrazilianBoard if variant == "brazilian" else draughts.StandardBoard
            self.new = cls
            self.from_fen = cls.from_fen
            self.legal = cls.legal_moves.fget       # property
            self.version = draughts.__version__
        else:
            raise SystemExit(f"unknown library {library!r}")
        self.push = cls.push
        self.pop = cls.pop


def perft(board, depth, legal, push, pop):
    """Leaves of the move tree, each one reached by push (no bulk counting)."""
    if depth == 0:
        return 1
    n = 0
    for move in legal(board):
        push(board, move)
        n += perft(board, depth - 1, legal, push, pop)
        pop(board)
    return n


def run_perft(ad: Adapter, depth: int, repeat: int) -> dict:
    best, leaves = None, None
    for _ in range(repeat):
        board = ad.new()
        t0 = CLOCK()
        leaves = perft(board, depth, ad.legal, ad.push, ad.pop)
        dt = CLOCK() - t0
        best = dt if best is None else min(best, dt)
    return {"leaves": leaves, "seconds": best, "leaves_per_second": leaves / best}


def load_fens(data_dir: str, variant: str, limit: int | None) -> list[str]:
    with open(os.path.join(data_dir, f"crosscheck_{variant}.json"), encoding="utf-8") as f:
        fens = [p["fen"] for p in json.load(f)["positions"]]
    return fens[:limit] if limit else fens


def run_movegen(ad: Adapter, fens: list[str], repeat: int) -> dict:
    """Microseconds for the FIRST legal-move listing of a fresh board made
    from each FEN (fresh boards each pass, so no library can answer from a
    cache); the best of ``repeat`` passes."""
    best, total_moves = None, 0
    for _ in range(repeat):
        boards = [ad.from_fen(f) for f in fens]
        legal = ad.legal
        t0 = CLOCK()
        for b in boards:
            legal(b)
        dt = CLOCK() - t0
        best = dt if best is None else min(best, dt)
    total_moves = sum(len(ad.legal(ad.from_fen(f))) for f in fens)
    return {"positions": len(fens), "moves": total_moves, "us_per_position": best / len(fens) * 1e6}


def run_tasks(library: str, tasks: list[str], repeat: int, data_dir: str, limit: int | None) -> dict:
    out = {"library": library, "python": sys.version.split()[0], "results": {}}
    for task in tasks:
        kind, variant, *rest = task.split(":")
        ad = Adapter(library, variant)
        out["version"] = ad.version
        if kind == "perft":
            out["results"][task] = run_perft(ad, int(rest[0]), repeat)
        elif kind == "movegen":
            # A pass is short (a few tens of ms): more passes for a steadier best.
            out["results"][task] = run_movegen(ad, load_fens(data_dir, variant, limit), 3 * repeat)
        else:
            raise SystemExit(f"unknown task {task!r}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description="Measure one library (see benchmarks/README.md).")
    ap.add_argument("--library", required=True, choices=["damas", "py-draughts"])
    ap.add_argument("--task", action="append", default=[],
                    help="perft:<variant>:<depth> or movegen:<variant> (repeatable)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--data-dir", default=DEFAULT_DATA)
    ap.add_argument("--limit", type=int, default=None, help="use only the first N positions for movegen")
    args = ap.parse_args()
    print(json.dumps(run_tasks(args.library, args.task, args.repeat, args.data_dir, args.limit)))


if __name__ == "__main__":
    main()
