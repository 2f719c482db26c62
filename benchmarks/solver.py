"""Solver benchmark: the time to prove each puzzle, and the total.

Run:  python3 benchmarks/solver.py [file.pdn ...]

Without arguments it proves every puzzle of the collections in puzzles/*.pdn;
if there are none yet, the checked positions listed below (from the
project's reference notes on combinations, ../shared/reference/combinations.md;
8x8 and 10x10).  Each puzzle is
solved in full: the main line, the proof tree and every winning first move.
Times are CPU times (steadier on a shared machine); they depend on the machine.
"""

import glob
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from damas.problems.puzzles import load_collection, Puzzle  # noqa: E402
from damas.problems.solver import solve  # noqa: E402

COMBINATIONS = [
    ("Golpe turco", "brazilian", "W:W6,14,15,17,27:BK2", "win", 1, "27-23 2x10 14x7"),
    ("Tomada tripla", "brazilian", "W:W22,25,29:B8,13,15", "win", 1, "22-17 13x22 25x4"),
    ("Napoleão", "international", "W:W26,28,29,31,36:B9,16,17,18,19", "win", 1,
     "29-23 18x29 28-22 17x28 26-21 16x27 31x4"),
    ("Real", "international", "W:W27,28,32,38,39,40,45:B12,13,14,18,19,23,24", "material", 2,
     "27-22 18x27 32x21 23x34 40x7"),
    ("Philippe", "international", "W:W27,32,35,37,38,42,43,44:B11,12,16,18,23,24", "reduce", 1,
     "27-22 18x27 32x21 16x27 35-30 24x35 44-40 35x44 43-39 44x33 38x16"),
    ("Bomba", "international", "W:W26,27,28,32,38,48,49:B9,16,17,18,19,23", "win", 1,
     "27-21 16x27 32x12 23x43 12x3"),
    ("Normando", "international", "W:W30,32,35,41:B29,37", "win", 1, "32-28 37x46 30-24 46x30 35x33"),
    ("Rosário", "international", "W:W25,28,30,34,35,39:B5,8,10,14,19,20,24", "promote", 1,
     "28-23 19x28 30x19 14x23 25x14 10x19 39-33 28x30 35x2"),
    ("Duplo-dois", "international", "W:W27,28,30,33,35,39:B4,14,18,19,24", "material", 1,
     "27-22 18x27 28-23 19x28 30x10 4x15 33x31"),
]


def collections(paths):
    if not paths:
        paths = sorted(glob.glob(str(ROOT / "puzzles" / "*.pdn")))
    out = []
    for path in paths:
        for p in load_collection(path):
            out.append((Path(path).name, p))
    if not out:
        for title, variant, fen, goal, n, line in COMBINATIONS:
            out.append(("combinations.md", Puzzle(fen, variant=variant, goal=goal, n=n,
                                                   max_plies=len(line.split()), title=title, solution=line)))
    return out


def main(paths):
    puzzles = collections(paths)
    print(f"{'coleção':<22} {'problema':<32} {'objetivo':<10} {'lim.':>4} {'ms':>8} {'nós':>8}  resultado")
    total = 0.0
    failures = 0
    for source, p in puzzles:
        t0 = time.process_time()
        proof = solve(p)
        dt = time.process_time() - t0
        total += dt
        if not proof.proven:
            result = "NÃO PROVADO"
            failures += 1
        else:
            keys = ", ".join(str(m) for m in proof.winning_moves)
            result = f"{proof.plies} meios-lances; lance(s)-chave: {keys}"
            if p.solution and not proof.accepts(p.solution):
                result += "; SOLUÇÃO PUBLICADA RECUSADA"
                failures += 1
        goal = p.goal + (f" {p.n}" if p.goal in ("material", "reduce") else "")
        print(f"{source[:22]:<22} {(p.title or p.fen)[:32]:<32} {goal:<10} {p.max_plies:>4} "
              f"{dt * 1000:>8.1f} {proof.nodes:>8}  {result}")
    print(f"total: {len(puzzles)} problemas em {total:.3f} s ({total / max(len(puzzles), 1) * 1000:.1f} ms em média)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
