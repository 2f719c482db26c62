"""What checking a caller's arguments costs: typical calls, checked and unchecked.

    python benchmarks/checked_calls.py            # best of 5 rounds
    python benchmarks/checked_calls.py --quick    # best of 2, fewer calls

A public function of the package refuses a bad argument with a Portuguese ``ArgumentError``
(issue 27).  Here each typical call is timed twice, in microseconds per call:

* *checked*: the call as a student, a teacher or a notebook makes it, through the public
  function (its checks included);
* *unchecked*: the same work without the checks at the door: the function under a ``@checked``
  decorator (``__wrapped__``), or the private function the public one hands its work to
  (``perft._perft``, the explainer's class); a function that checks inline and has no private
  twin (``notation.parse_move``, ``line_texts``) is timed twice the same way, and its ratio is
  then the noise of the measure.

and the ratio checked/unchecked is printed (issue 48 asks for 1.2 or less on the rules' calls).
``push + pop``, ``legal moves`` and ``Move`` equality have no check at the door: their figures
are the cost of the call itself (the Move's and the board's own cost, before and after a change
of those types).  The last rows time an empty function under ``@checked()`` beside the same
function bare: what the decorator alone adds.

CPU time of this process (``time.process_time``), best of the rounds, so that another program on
the machine slows it less; figures move by a few per cent from run to run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(ROOT)      # after PYTHONPATH: another tree's package may be timed with this script

from damas import Board, explain  # noqa: E402
from damas.rules import notation, perft as perft_module  # noqa: E402
from damas.rules.args import checked  # noqa: E402

MIDDLE = "W:W17,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,13"   # a few moves in


def _unwrapped(function):
    return getattr(function, "__wrapped__", function)


def _explainer():
    """The explanation without the door's check of the board: the private class explain() runs."""
    from damas.rules import explain as explain_module
    run = getattr(explain_module, "_Explainer", None)
    if run is None:                                     # after issue 48: the explainer's own module
        from damas.rules import refusals
        run = refusals._Explainer
    return lambda board, attempted: run(board, None).run(attempted)


def cases():
    """(name, checked call, unchecked call or None) for each measured call."""
    board = Board()
    middle = Board(MIDDLE)
    moves = board.legal_moves()
    move = moves[0]
    other = Board().legal_moves()[0]
    line, walk = [], Board()
    for _ in range(3):                                  # three plies: the first legal move each time
        line.append(walk.push(walk.legal_moves()[0]))
    perft, perft_bare = perft_module.perft, perft_module._perft
    explainer = _explainer()

    def push_pop():
        board.push(move)
        board.pop()

    @checked()
    def empty_checked(board, depth: int = 1):
        return depth

    def empty(board, depth: int = 1):
        return depth

    from damas.display.svg import board_svg
    from damas.engine.players import safe_moves
    yield "rules: perft(board, 1)", lambda: perft(board, 1), lambda: perft_bare(board, 1)
    yield "rules: perft(board, 2)", lambda: perft(board, 2), lambda: perft_bare(board, 2)
    yield "rules: explain(board, '22-17')", lambda: explain(board, "22-17"), lambda: explainer(board, "22-17")
    yield "rules: explain(board, '21-13') refused", lambda: explain(board, "21-13"), \
        lambda: explainer(board, "21-13")
    yield "rules: notation.parse_move(board, '22-17')", lambda: notation.parse_move(board, "22-17"), \
        lambda: _unwrapped(notation.parse_move)(board, "22-17")
    yield "rules: notation.line_texts(board, 3 moves)", lambda: notation.line_texts(board, line), \
        lambda: _unwrapped(notation.line_texts)(board, line)
    yield "rules: board.legal_moves() (start)", board.legal_moves, None
    yield "rules: board.legal_moves() (middle game)", middle.legal_moves, None
    yield "rules: board.push(move); board.pop()", push_pop, None
    yield "rules: move == other move", lambda: move == other, None
    yield "engine: safe_moves(board)", lambda: safe_moves(board), lambda: _unwrapped(safe_moves)(board)
    yield "display: board_svg(board)", lambda: board_svg(board), lambda: _unwrapped(board_svg)(board)
    yield "decorator: empty function(board, 2)", lambda: empty_checked(board, 2), lambda: empty(board, 2)


def per_call(function, rounds: int, budget: float) -> float:
    """Microseconds per call: the best of ``rounds`` rounds of about ``budget`` seconds each."""
    function()
    n, start = 1, time.process_time()
    while time.process_time() - start < budget / 10:     # how many calls fill a tenth of the budget
        function()
        n += 1
    calls = max(1, n * 10)
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(calls):
            function()
        best = min(best, time.process_time() - start)
    return best / calls * 1e6


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds, shorter rounds")
    args = parser.parse_args(argv)
    rounds, budget = (2, 0.1) if args.quick else (5, 0.4)
    print(f"microseconds per call, CPU time, best of {rounds} rounds (Python {sys.version.split()[0]})")
    print(f"{'call':46} {'checked':>9} {'unchecked':>10} {'ratio':>6}")
    worst = 0.0
    for name, with_checks, without in cases():
        a = per_call(with_checks, rounds, budget)
        if without is None:
            print(f"{name:46} {a:9.2f} {'-':>10} {'-':>6}")
            continue
        b = per_call(without, rounds, budget)
        ratio = a / b
        if name.startswith("rules:"):
            worst = max(worst, ratio)
        print(f"{name:46} {a:9.2f} {b:10.2f} {ratio:6.2f}")
    print(f"worst ratio of the rules' calls: {worst:.2f} (target: 1.20 or less)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
