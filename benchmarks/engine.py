"""Engine benchmark: nodes per second and the depth reached in one second.

Run:  python3 benchmarks/engine.py [seconds]

For a few fixed positions of each variant it prints the nodes searched per
second (CPU time, steadier on a shared machine) at a fixed depth, and the
depth the iterative deepening completes within the time limit (1 second of
the process's CPU time by default): with the full-width search and with the
selective search of timed play (each from empty tables).  Figures depend on
the machine.

Each fixed-depth search runs once untimed first, so that the endgame tables
it meets are loaded (or built) before the clock starts; the engine's own
cache of database answers, if it has one, is emptied before the timed run.
The same script runs on an older checkout (copy it there) for a before/after
comparison: see benchmarks/README.md.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import damas.engine.search as engine  # noqa: E402
from damas import Board  # noqa: E402
from damas.engine.search import analyse  # noqa: E402

POSITIONS = [
    ("brazilian", "início", "W:W21-32:B1-12", 7),
    ("brazilian", "meio-jogo", "W:W17,21,22,24,25,27,28,29,30,31:B1,2,3,5,6,8,9,11,12,15", 7),
    ("brazilian", "final com damas", "W:WK32,22,25:BK1,6,11", 7),
    ("international", "início", "W:W31-50:B1-20", 6),
    ("international", "meio-jogo",
     "W:W27,28,31,32,33,34,36,37,38,39,40,41,43,44,45:B6,7,8,9,11,12,13,14,15,16,17,18,19,21,23", 6),
    ("international", "final", "W:WK46,28,33,38:BK5,12,17,19", 6),
]


class _CpuClock:
    """Stands for the time module inside the engine: its clock is the CPU time
    of this process, so a busy machine does not shorten the searches."""
    perf_counter = staticmethod(time.process_time)


def main(seconds=1.0):
    engine.time = _CpuClock
    selective = "selective" in analyse.__code__.co_varnames  # an older engine has one search
    print(f"{'variante':<14} {'posição':<16} {'prof.':>5} {'nós':>8} {'nós/s':>8} | "
          f"{'em ' + format(seconds, 'g') + ' s: prof.':>14} {'nós':>8}  lance"
          + (f" | {'seletiva: prof.':>15} {'nós':>8}  lance" if selective else ""))
    total_nodes = total_time = 0.0
    for variant, name, fen, depth in POSITIONS:
        board = Board(fen, variant=variant)
        analyse(board, depth=depth)  # loads the endgame tables it needs
        getattr(engine, "_ENDGAME_CACHE", {}).clear()
        t0 = time.process_time()
        fixed = analyse(board, depth=depth)
        dt = time.process_time() - t0
        total_nodes += fixed.nodes
        total_time += dt
        line = f"{variant:<14} {name:<16} {depth:>5} {fixed.nodes:>8} {fixed.nodes / dt:>8.0f} | "
        if selective:
            getattr(engine, "_KEPT_TABLES", {}).clear()
            timed = analyse(board, seconds=seconds, selective=False)
            getattr(engine, "_KEPT_TABLES", {}).clear()
            chosen = analyse(board, seconds=seconds)
            line += (f"{timed.depth:>14} {timed.nodes:>8}  {board.move_text(timed.pv[0]):<6} | "
                     f"{chosen.depth:>15} {chosen.nodes:>8}  {board.move_text(chosen.pv[0])}")
        else:
            timed = analyse(board, seconds=seconds)
            line += f"{timed.depth:>14} {timed.nodes:>8}  {board.move_text(timed.pv[0])}"
        print(line)
    print(f"média: {total_nodes / total_time:.0f} nós/s")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
