"""Writing deeply nested PDN variations: CPU seconds at growing depths and the ratio between
successive depths (about 2 when writing is linear in the depth, 4 when quadratic).

    python benchmarks/pdn_writing.py [--depths 5000 10000 20000 40000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from damas.rules.pdn import read_games, write_games  # noqa: E402


def deep(levels: int) -> str:
    moves = ["c3-d4", "e3-f4"]
    return "1. c3-d4 " + "".join(f"(1. {moves[(i + 1) % 2]} " for i in range(levels)) + ")" * levels + " *"


def cpu_seconds(game, repeats: int = 3) -> float:
    """The least CPU time of ``repeats`` writings of ``game``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        write_games(game)
        best = min(best, time.process_time() - start)
    return best


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[5000, 10000, 20000, 40000])
    args = parser.parse_args(argv)
    print(f"{'profundidade':>12}  {'CPU (s)':>8}  {'razão':>6}")
    previous = None
    for depth in args.depths:
        seconds = cpu_seconds(read_games(deep(depth))[0])
        ratio = f"{seconds / previous:6.2f}" if previous else "     -"
        print(f"{depth:>12}  {seconds:8.3f}  {ratio}")
        previous = seconds


if __name__ == "__main__":
    main()
