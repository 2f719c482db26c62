"""Perft of the Russian and Portuguese games through the one generator.

Prints the Russian counts against the published ones (issue 16; depth 8 is
929,899 and depth 9 4,570,586) and the Portuguese counts (no published
table is cited here), with the leaves per second of CPU time.

    python benchmarks/other_variants.py [--depth 8]
"""

import argparse
import time

from damas import Board, perft

RUSSIAN = (7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int, default=7)
    args = parser.parse_args()
    for variant in ("russian", "portuguese"):
        board = Board(variant)
        for d in range(1, args.depth + 1):
            t0 = time.process_time()
            n = perft(board, d)
            dt = time.process_time() - t0
            check = ""
            if variant == "russian" and d <= len(RUSSIAN):
                check = "ok" if n == RUSSIAN[d - 1] else f"DIFFERS (published {RUSSIAN[d - 1]})"
            rate = f"{n / dt:,.0f} leaves/s" if dt > 0.05 else ""
            print(f"{variant:10} depth {d}: {n:>10,} {check:4} {rate}")


if __name__ == "__main__":
    main()
