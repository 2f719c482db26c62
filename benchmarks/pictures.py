"""Time to draw a board picture (target: under 5 ms for one SVG board).

    python3 benchmarks/pictures.py            # SVG and matplotlib
    python3 benchmarks/pictures.py --svg-only # without matplotlib

For each variant it draws the initial position and a busy position (kings,
every legal move as an arrow, a last move, highlights, square numbers) and
prints the median time of one ``board_svg`` call, then the time of one
matplotlib ``draw_board`` plus PNG export.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import damas  # noqa: E402
from damas.display.svg import board_svg  # noqa: E402

BUSY = {
    "brazilian": "W:W18,21,22,23,25,K27,28,30,31:B1,2,3,5,6,9,10,12,K14",
    "international": "W:W28,31,32,33,34,35,36,37,38,39,40,K45:B10,12,13,14,15,16,17,18,19,20,K24",
}

CAPTURE = {
    "brazilian": "W:W22,K32:B18,10,K1,5",
    "international": "W:W33,K46:B28,18,K5,37",
}


def median_ms(func, repeat: int) -> float:
    func()  # warm up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cases():
    for variant in ("brazilian", "international"):
        initial = damas.Board(variant)
        busy = damas.Board(BUSY[variant], variant=variant)
        last = busy.legal_moves()[0]
        yield variant, "inicial", initial, {}
        yield variant, "cheia", busy, dict(arrows=busy.legal_moves(), lastmove=last,
                                           highlight=[last.start], coordinates="numbers")
        capture = damas.Board(CAPTURE[variant], variant=variant)
        yield variant, "tomadas", capture, dict(arrows=capture.legal_moves(), title="Brancas jogam")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svg-only", action="store_true", help="do not time matplotlib")
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()

    print("SVG (board_svg), median of", args.repeat, "calls; target < 5 ms")
    for variant, label, board, options in cases():
        ms = median_ms(lambda: board_svg(board, **options), args.repeat)
        size = len(board_svg(board, **options).encode())
        verdict = "ok" if ms < 5 else "LENTO"
        print(f"  {variant:<13} {label:<8} {ms:7.3f} ms  {size / 1024:6.1f} KiB  {verdict}")

    if args.svg_only:
        return
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from damas.display.plot import draw_board, save_png

    repeat = max(3, args.repeat // 40)
    print(f"matplotlib (draw_board + PNG at 100 dpi), median of {repeat} calls")
    for variant, label, board, options in cases():
        def draw():
            ax = draw_board(board, **options)
            save_png(ax.figure, io.BytesIO())
            plt.close(ax.figure)
        print(f"  {variant:<13} {label:<8} {median_ms(draw, repeat):7.1f} ms")


if __name__ == "__main__":
    main()
